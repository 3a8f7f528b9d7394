// Card Table Companion: a snapshot's SHA-256, kept beside it and checked
// before a restore (companion/publish/snapshot.py).
/* exported sha256 */
async function sha256(bytes) {
  'use strict';
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
