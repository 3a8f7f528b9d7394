"""Recording a round: the screen, its draft, the keypad. Imports: frame, below."""
