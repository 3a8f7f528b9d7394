// Card Table Companion: Python from this build's memory snapshot if there is
// a good one (companion/publish/snapshot.py), else booted; either way with
// the app's archive unpacked before Flet's init message comes. Put into
// Flet's python-worker.js, before its initPyodide.
/* global fetchArchive, writeArchiveFiles, sha256 */
(() => {
  'use strict';
  const settings = self.companionSettings.python_start;
  const snapshots = settings.snapshot;

  // Pyodide compiles its 9.6 MB of wasm only when it instantiates it, after the
  // snapshot has been read: compiled from the worker's start, the two overlap.
  // Pyodide's own request for the file gets a stand-in, answered with the
  // module compiled here (or, should that have failed, with the file after all).
  const wasmUrl = new URL('pyodide/pyodide.asm.wasm', self.location.href).href;
  const STAND_IN_HEADER = 'X-Companion-Compiled-Early';
  const fetchFile = self.fetch.bind(self);
  const earlyWasm = WebAssembly.compileStreaming(fetchFile(wasmUrl));
  earlyWasm.catch(() => {});
  self.fetch = (resource, init) =>
    String(resource instanceof Request ? resource.url : resource) === wasmUrl
      ? Promise.resolve(new Response(null, {headers: {[STAND_IN_HEADER]: '1'}}))
      : fetchFile(resource, init);
  const instantiateStreaming = WebAssembly.instantiateStreaming.bind(WebAssembly);
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const response = await source;
    if (!response.headers.has(STAND_IN_HEADER)) {
      return instantiateStreaming(response, imports);
    }
    try {
      const module = await earlyWasm;
      return {module, instance: await WebAssembly.instantiate(module, imports)};
    } catch {
      return instantiateStreaming(fetchFile(wasmUrl), imports);
    }
  };

  const snapshotKey = snapshots === null ? null
    : new URL(snapshots.keyPath + snapshots.version, self.location.href).href;

  async function dropSnapshot() {
    try {
      const cache = await caches.open(snapshots.cache);
      await cache.delete(snapshotKey);
    } catch (error) {
      console.warn('Card Table Companion: the snapshot could not be dropped:', error);
    }
  }

  // The snapshot's bytes, null when there is none; throws when it is unusable.
  async function readSnapshot() {
    if (snapshots === null || !self.caches) {
      return null;
    }
    const cache = await caches.open(snapshots.cache);
    const response = await cache.match(snapshotKey);
    if (!response) {
      return null;
    }
    const version = response.headers.get(snapshots.versionHeader);
    if (version !== snapshots.version) {
      throw new Error('it is of another build (' + version + ')');
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (await sha256(bytes) !== response.headers.get(snapshots.digestHeader)) {
      throw new Error('it is damaged (' + bytes.length + ' bytes)');
    }
    return bytes;
  }

  // Pyodide restores a snapshot into a heap of its default size and fails on
  // a larger one (pyodide#6254: "offset is out of bounds"): the heap is grown
  // past the snapshot's size first, by one allocation of that size (the free
  // space of a fresh heap would hold a smaller one), freed at once.
  function grownForSnapshot(snapshot) {
    const header = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 4);
    const heapBytes = snapshot.byteLength - header[1];
    return async (options) => {
      const asm = new URL('pyodide/pyodide.asm.mjs', self.location.href).href;
      const module = await (await import(asm)).default(options);
      if (heapBytes > module.HEAP8.length) {
        module._free(module._malloc(heapBytes));
      }
      return module;
    };
  }

  function snapshotFailed(error) {
    console.warn('Card Table Companion: Python snapshot not used, ' +
      (error && error.message || error) + '; starting Python normally.');
  }

  self.pythonStart = async function (pyodideModule, options) {
    const archive = fetchArchive(settings.archive);
    archive.catch(() => {});
    let start = 'boot';
    let snapshot = null;
    try {
      snapshot = await readSnapshot();
    } catch (error) {
      snapshotFailed(error);
      await dropSnapshot();
      start = 'boot-after-bad-snapshot';
    }
    let pyodide = null;
    if (snapshot !== null) {
      try {
        pyodide = await pyodideModule.loadPyodide({
          ...options,
          _loadSnapshot: snapshot,
          createPyodideModule: grownForSnapshot(snapshot),
        });
        writeArchiveFiles(pyodide, await archive);
        pyodide.runPython(snapshots.afterRestore);
        start = 'snapshot';
      } catch (error) {
        snapshotFailed(error);
        await dropSnapshot();
        pyodide = null;
        start = 'boot-after-bad-snapshot';
      }
    }
    if (pyodide === null) {
      pyodide = await pyodideModule.loadPyodide(options);
      writeArchiveFiles(pyodide, await archive);
    }
    self.flet_js.appUnpacked = true;
    // A line the bench times (bench/static_app.py).
    console.log(settings.readyLine + start);
    self.postMessage({[settings.startKey]: start});
    return pyodide;
  };
})();
