"""New match and a game of your own, with their drafts. Imports: frame, below."""
