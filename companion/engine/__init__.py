"""The scoring engine: games as data, rounds, matches. Imports nothing of ours."""
