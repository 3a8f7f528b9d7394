"""The app's archive written into Python's file system by JavaScript.

Pyodide's `unpackArchive` runs Python's `tarfile` in the interpreter: 0.23-0.51 s
for the app's 500 files on this machine, on the critical path of every start
(after a restore it is most of what is left, bench/README.md). The browser
gunzips natively, and the archive (site.app_archive) holds only regular files
in ustar or pax entries, so a few lines of JavaScript read it (SCRIPT, for
the worker that restores or boots Python and for the snapshot's maker). The
gunzip and the reading start as the archive arrives, while Python is
restored or booted; only the writes wait for Pyodide's file system.
"""

from __future__ import annotations

from companion.webclient.page_script import PageScript

SCRIPT = PageScript.beside(__file__, "archive_unpack.js")
"""`fetchArchive(url)`, `archiveFiles(gzipped)`, `writeArchiveFiles(pyodide,
files)`: put before the scripts that start Python (snapshot.py)."""
