"""A match's scoreboard: standings, history, sharing. Imports: frame, below."""
