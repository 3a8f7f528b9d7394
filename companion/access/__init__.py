"""Who may see and change a shared table, and how phones reach it. Imports: engine."""
