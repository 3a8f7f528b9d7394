"""The Flet server, the per-session entry and Flet fixes. Imports: every layer below."""
