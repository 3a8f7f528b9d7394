"""`companion publish`: the app as a static site that runs in the browser (Pyodide)."""
