"""The Flet screens, their frame, state and formatting. Imports: every layer below."""
