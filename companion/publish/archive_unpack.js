// Card Table Companion: the app archive's files, read as it arrives and
// written into Python's file system (companion/publish/archive_unpack.py).
/* exported fetchArchive, writeArchiveFiles */

// [path, bytes] pairs, relative to Python's working directory.
async function archiveFiles(gzipped) {
  'use strict';
  const stream = new Blob([gzipped]).stream()
    .pipeThrough(new DecompressionStream('gzip'));
  const tar = new Uint8Array(await new Response(stream).arrayBuffer());
  const text = new TextDecoder();
  const field = (header, start, length) => {
    const bytes = header.subarray(start, start + length);
    const end = bytes.indexOf(0);
    return text.decode(end < 0 ? bytes : bytes.subarray(0, end));
  };
  // A pax header's "path" record: "<length> path=<value>\n".
  const paxPath = (body) => {
    const found = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(text.decode(body));
    return found ? found[1] : null;
  };
  const files = [];
  let offset = 0;
  let longName = null;
  while (offset + 512 <= tar.length && tar[offset] !== 0) {
    const header = tar.subarray(offset, offset + 512);
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = header[156] === 0 ? '0' : String.fromCharCode(header[156]);
    const body = tar.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
    if (type === 'x') {
      longName = paxPath(body);
      continue;
    }
    const prefix = field(header, 345, 155);
    const name = longName ?? (prefix ? prefix + '/' : '') + field(header, 0, 100);
    longName = null;
    if (type === '5' || type === 'g') {
      continue;
    }
    if (type !== '0' || name.startsWith('/') || name.split('/').includes('..')) {
      throw new Error('the app archive holds what it should not: ' + name);
    }
    files.push([name, body]);
  }
  return files;
}

// The archive at `url` (relative to the worker), read into its files; a
// failed download (or a damaged archive) is tried again, `tries` times in
// all, the waits growing by `retryMs`, and only the last failure is thrown.
async function fetchArchive(url, tries, retryMs) {
  'use strict';
  const href = new URL(url, self.location.href).href;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = await fetch(href);
      if (!response.ok) {
        throw new Error('app archive: HTTP ' + response.status);
      }
      return await archiveFiles(new Uint8Array(await response.arrayBuffer()));
    } catch (error) {
      if (attempt >= tries) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, retryMs * attempt));
    }
  }
}

// Writes them under Python's working directory, as unpackArchive did.
function writeArchiveFiles(pyodide, files) {
  'use strict';
  const FS = pyodide.FS;
  const root = FS.cwd().replace(/\/$/, '') + '/';
  const made = new Set();
  for (const [name, bytes] of files) {
    const path = root + name;
    const folder = path.slice(0, path.lastIndexOf('/'));
    if (!made.has(folder)) {
      FS.mkdirTree(folder);
      made.add(folder);
    }
    FS.writeFile(path, bytes);
  }
}
