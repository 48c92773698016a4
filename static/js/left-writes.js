// What a form keeps as a page is left, also kept where the page's end cannot lose it.
//
// A write to IndexedDB issued as the page is left (pagehide) is lost with the page when it has not
// committed by then: one that waits behind a transaction on the same store (a pull being stored, by
// this page's own sync or another tab's) is still waiting when the page goes. localStorage is
// written before the handler returns, so the same value is put there too (`keepLeaving`) and moved
// into `meta` the next time a page opens the database (`takeLeftWrites`), unless `meta` holds a
// copy saved after it. A write of the key that commits (the same one, a later one, the record
// queued) makes that copy needless (`settled`). docs/device-storage.md.

const PREFIX = 'fairwater-left:';

/** Keep `value` of meta `key` in localStorage at once (null: the form's kept copy goes). */
export function keepLeaving(key, value) {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify({ value, at: Date.now() }));
  } catch {
    // Storage full or refused: IndexedDB's own write is all there is, as before.
  }
}

/** Meta `key` was written and committed: its copy left in localStorage is not needed any more. */
export function settled(key) {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // Nothing to remove where there is no localStorage.
  }
}

function leftCopies() {
  const copies = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const name = localStorage.key(i);
      if (!name?.startsWith(PREFIX)) continue;
      let copy = null;
      try {
        copy = JSON.parse(localStorage.getItem(name));
      } catch {
        // Unreadable: dropped below.
      }
      copies.push({ name, key: name.slice(PREFIX.length), copy });
    }
  } catch {
    // No localStorage here: nothing was kept in it.
  }
  return copies;
}

const savedAt = (value) => Date.parse(value?.saved_at ?? '');

/** Move the copies left in localStorage into `meta` of the open database `db` (an idb connection),
 * each unless `meta` has one saved after it; then forget them. */
export async function takeLeftWrites(db) {
  const left = leftCopies();
  if (!left.length) return;
  const tx = db.transaction('meta', 'readwrite');
  for (const { key, copy } of left) {
    if (!copy || !Number.isFinite(copy.at)) continue;
    const stored = (await tx.store.get(key))?.value;
    if (savedAt(stored) > copy.at) continue;  // written again after the page was left
    await tx.store.put({ key, value: copy.value ?? null });
  }
  await tx.done;
  for (const { name } of left) {
    try { localStorage.removeItem(name); } catch { /* as above */ }
  }
}
