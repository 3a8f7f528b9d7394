// Card Table Companion: Python from this build's memory snapshot if there is
// a good one (companion/publish/snapshot.py), else booted; either way with
// the app's archive unpacked before Flet's init message comes. Put into
// Flet's python-worker.js, before its initPyodide.
/* global fetchArchive, writeArchiveFiles, sha256, pyodidePrivate */
(() => {
  'use strict';
  const settings = self.companionSettings.python_start;
  // Null where the build's Pyodide is not the one the snapshot start was
  // made for (companion/upstream/versions.py): every start boots.
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

  // A snapshot that cannot be used is said so and dropped: the next start
  // that boots makes a new one.
  async function dropSnapshot(error) {
    console.warn('Card Table Companion: Python snapshot not used, ' +
      (error && error.message || error) + '; starting Python normally.');
    try {
      const cache = await caches.open(snapshots.cache);
      await cache.delete(snapshotKey);
    } catch (dropError) {
      console.warn('Card Table Companion: the snapshot could not be dropped:',
        dropError);
    }
  }

  // The app's files, or, when they did not come even after the retries, the
  // page told (it says so, translated) and the start stopped: not the
  // snapshot's doing, which is kept.
  async function appFiles(archive) {
    try {
      return await archive;
    } catch (error) {
      console.error("Card Table Companion: the app's files did not come:", error);
      self.postMessage({[settings.archiveFailedKey]: String(error)});
      throw error;
    }
  }

  // The app's start that needs no Flutter client begins now, while the client
  // comes up (site.early_start, told which `start` Python made); failing here,
  // it is tried again at the hello.
  function beginEarly(pyodide, start) {
    if (!settings.early) {
      return;
    }
    try {
      const names = pyodide.toPy({python_start: start});
      pyodide.runPython(settings.early, {globals: names});
      names.destroy();
    } catch (error) {
      console.warn('Card Table Companion: the start before the client failed:',
        error);
    }
  }

  self.pythonStart = async function (pyodideModule, options) {
    const archive = fetchArchive(
      settings.archive, settings.archiveTries, settings.archiveRetryMs);
    archive.catch(() => {});
    let start = 'boot';
    let pyodide = null;
    try {
      const snapshot = await readSnapshot();
      if (snapshot !== null) {
        pyodide = await pyodidePrivate.restore(pyodideModule, options, snapshot);
      }
    } catch (error) {
      await dropSnapshot(error);
      start = 'boot-after-bad-snapshot';
    }
    const files = await appFiles(archive);
    if (pyodide !== null) {
      try {
        // What the snapshot's memory does not carry (snapshot.AFTER_RESTORE).
        writeArchiveFiles(pyodide, files);
        pyodide.runPython(snapshots.afterRestore);
        start = 'snapshot';
      } catch (error) {
        await dropSnapshot(error);
        pyodide = null;
        start = 'boot-after-bad-snapshot';
      }
    }
    if (pyodide === null) {
      pyodide = await pyodideModule.loadPyodide(options);
      writeArchiveFiles(pyodide, files);
    }
    self.flet_js.appUnpacked = true;
    // A line the bench times (bench/static_app.py).
    console.log(settings.readyLine + start);
    self.postMessage({[settings.startKey]: start});
    beginEarly(pyodide, start);
    return pyodide;
  };
})();
