"""The Join screen a phone sees before the code. Imports: the frame, below."""
