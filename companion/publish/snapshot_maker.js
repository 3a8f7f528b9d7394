// Card Table Companion: makes this build's Python snapshot, in a worker of
// its own, and keeps it in Cache Storage (companion/publish/snapshot.py).
/* global fetchArchive, writeArchiveFiles, sha256, pyodidePrivate */
(() => {
  'use strict';
  const settings = self.companionSettings.snapshot_maker;
  const key = new URL(settings.keyPath + settings.version, self.location.href).href;

  // The memory a second Pyodide needs, asked for at once as wasm memory (its
  // heap is one) and let go: refused, no Pyodide is started, and the tab the
  // person uses keeps its memory.
  function memoryAllows() {
    try {
      new WebAssembly.Memory({initial: Math.ceil(settings.headroomBytes / 65536)});
      return true;
    } catch {
      return false;
    }
  }

  async function make() {
    if (!memoryAllows()) {
      throw new Error('no memory for a second Python');
    }
    const [pyodideModule, archive] = await Promise.all([
      import(new URL('pyodide/pyodide.mjs', self.location.href).href),
      fetchArchive(settings.archive, settings.archiveTries, settings.archiveRetryMs),
    ]);
    const pyodide = await pyodidePrivate.loadToSnapshot(pyodideModule, {
      stdout: () => {},
      stderr: (text) => console.warn(text),
    });
    writeArchiveFiles(pyodide, archive);
    pyodide.runPython(settings.prepare);
    const bytes = pyodidePrivate.makeSnapshot(pyodide);
    const digest = await sha256(bytes);
    const cache = await caches.open(settings.cache);
    // One snapshot kept: another version's goes.
    for (const request of await cache.keys()) {
      if (request.url !== key) {
        await cache.delete(request);
      }
    }
    await cache.put(key, new Response(bytes, {headers: {
      'Content-Type': 'application/octet-stream',
      [settings.versionHeader]: settings.version,
      [settings.digestHeader]: digest,
    }}));
    return bytes.length;
  }

  make().then(
    (size) => {
      console.log('Card Table Companion: Python snapshot made, ' + size + ' bytes');
      self.postMessage({made: size});
    },
    (error) => {
      console.warn('Card Table Companion: no Python snapshot made:', error);
      self.postMessage({made: 0});
    });
})();
