"""Where the benches live: the bench folder, its floors, the repository."""

from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent
REPO = BENCH.parent
FLOORS = BENCH / "floors"
"""The bare Flet apps our figures are measured against (bench/README.md)."""
RENDERER_RUN = BENCH / "harness" / "renderer_run.py"
"""Starts a server under one renderer configuration (renderer_run.py)."""
