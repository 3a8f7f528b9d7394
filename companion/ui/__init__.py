"""The Flet screens of the app, their shared frame, state and formatting."""
