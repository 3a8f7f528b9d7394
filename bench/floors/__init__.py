"""The bare Flet apps (no code of ours) that our figures are measured against.

Each is a script a bench starts as a server (`python bench/floors/NAME.py
--host H --port P`, through minimal_run.py); the benches import the texts and
labels they look for from it as `floors.NAME`. So a floor imports its start-up
(minimal_run) only when run as a script, never when a bench imports it.
"""
