"""The Matches screen, where the app starts. Imports: the frame, layers below."""
