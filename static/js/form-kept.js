// What is typed on a small field form (a rain reading, a finding's correction) is kept on the device
// until it is queued: leaving the page (My sites, Back, the tab closed, the tablet asleep) loses
// nothing. Kept in `meta` under a key naming its author, so that on a shared tablet the next person
// never sees it (docs/device-storage.md).
import * as store from './store.js';

export const rainKey = (userId) => `rain_draft:${userId}`;
export const correctionKey = (userId, findingId) => `correction_draft:${userId}:${findingId}`;

const SOON_MS = 250;

/**
 * Saves, a quarter second after the last change, what `read()` returns (null: nothing worth
 * keeping, the kept copy goes) under `key`; at once when the page is left. `onError(error)` hears a
 * save that failed.
 */
export function keeper(onError = () => {}) {
  const pending = new Map();  // key -> { timer, read }

  // Issued before the first await (a page being left gets no later turn) and kept in localStorage
  // until it commits: the page may go before it does (store.setMetaLeaving, left-writes.js).
  async function save(key, read) {
    const value = read();
    const kept = value ? { ...value, saved_at: new Date().toISOString() } : null;
    await store.setMetaLeaving(key, kept);
  }

  function soon(key, read) {
    clearTimeout(pending.get(key)?.timer);
    const timer = setTimeout(() => {
      pending.delete(key);
      save(key, read).catch(onError);
    }, SOON_MS);
    pending.set(key, { timer, read });
  }

  /** The change is kept now (a photo chosen, a button): returns when it is written. */
  function now(key, read) {
    forget(key);
    return save(key, read);
  }

  /** A change still waiting for its timer is not written (the record was queued meanwhile). */
  function forget(key) {
    clearTimeout(pending.get(key)?.timer);
    pending.delete(key);
  }

  // A page being left runs nothing that waits for IndexedDB's answer: the writes are issued at once.
  function leaving() {
    for (const [key, { timer, read }] of pending) {
      clearTimeout(timer);
      save(key, read).catch(onError);
    }
    pending.clear();
  }
  addEventListener('pagehide', leaving);
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') leaving(); });

  return { soon, now, forget, leaving };
}

/** The server's field names on a refused entry, as the form's: `payload.amount_in` is `amount_in`. */
export function refusedFields(errors) {
  const out = {};
  for (const [key, message] of Object.entries(errors || {})) {
    out[String(key).replace(/^payload\./, '')] = message;
  }
  return out;
}
