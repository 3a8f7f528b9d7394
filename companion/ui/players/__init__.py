"""Players and a player's page, stats texts, records. Imports: frame, below."""
