"""The `companion` command: serve, export, import. The top layer: imports any."""
