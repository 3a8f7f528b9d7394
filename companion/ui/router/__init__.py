"""The routes to each room's screen and the session's state. Imports: every room."""
