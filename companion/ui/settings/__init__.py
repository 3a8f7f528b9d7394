"""Settings: sharing, import, a build's features. Imports: the frame, below."""
