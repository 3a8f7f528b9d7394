"""Languages, messages, game texts, rule reminders. Imports: engine, access."""
