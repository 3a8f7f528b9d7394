"""The Flet and Pyodide releases measured on, and the workarounds for them."""
