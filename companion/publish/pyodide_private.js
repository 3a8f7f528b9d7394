// Card Table Companion: every private part of Pyodide's that the snapshot
// start relies on, here alone. Read on Pyodide 314.0.7 (PYODIDE in
// companion/upstream/versions.py); the build ships the snapshot start only
// with that Pyodide, and tests/publish/test_snapshot.py runs these on it.
/* exported pyodidePrivate */
const pyodidePrivate = {
  // A Pyodide that can make a snapshot: loadPyodide's private `_makeSnapshot`.
  loadToSnapshot(pyodideModule, options) {
    'use strict';
    return pyodideModule.loadPyodide({...options, _makeSnapshot: true});
  },

  // Its memory, as bytes: the private static `makeMemorySnapshot`.
  makeSnapshot(pyodide) {
    'use strict';
    return pyodide.makeMemorySnapshot();
  },

  // The heap the snapshot holds. Its header is 32-bit words: [0] a magic
  // number, [1] the byte offset of the heap (which runs to the end), [2] the
  // length of the JSON of JavaScript references, [4..11] the build's id.
  heapBytes(snapshot) {
    'use strict';
    const header = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 4);
    return snapshot.byteLength - header[1];
  },

  // A Pyodide restored from `snapshot`: loadPyodide's private `_loadSnapshot`.
  // Pyodide restores into a heap of its default size and fails on a larger
  // one (pyodide#6254: "offset is out of bounds"): through the private
  // `createPyodideModule`, the module is made here and its heap grown past
  // the snapshot's size first, by one allocation of that size (the free
  // space of a fresh heap would hold a smaller one) with the module's
  // `_malloc`, freed at once with its `_free`.
  restore(pyodideModule, options, snapshot) {
    'use strict';
    const heapBytes = pyodidePrivate.heapBytes(snapshot);
    const createPyodideModule = async (settings) => {
      const asm = new URL('pyodide/pyodide.asm.mjs', self.location.href).href;
      const module = await (await import(asm)).default(settings);
      if (heapBytes > module.HEAP8.length) {
        module._free(module._malloc(heapBytes));
      }
      return module;
    };
    return pyodideModule.loadPyodide(
      {...options, _loadSnapshot: snapshot, createPyodideModule});
  },
};
