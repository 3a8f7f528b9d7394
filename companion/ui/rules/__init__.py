"""The Rules screen: reminders and their search. Imports: the frame, below."""
