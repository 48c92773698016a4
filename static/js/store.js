// Device storage (docs/device-storage.md): one IndexedDB database `fairwater`, opened through `idb`.
// Nothing here deletes a record the server has not acknowledged: drafts become outbox entries in the
// same transaction, outbox entries move to `sent` only through markSynced().
import { openDB } from '/static/vendor/idb/index.js';
import { keepLeaving, settled, takeLeftWrites } from './left-writes.js';

const DB_NAME = 'fairwater';
const DB_VERSION = 1;
const STORES = {
  meta: 'key', sites: 'id', findings: 'id', drafts: 'id', outbox: 'mutation_id',
  sent: 'mutation_id', photos: 'id', records: 'key',
};

export const events = new EventTarget();

let dbPromise = null;
let opened = null;  // the connection once open, for a write that cannot wait (putDraftAtOnce)
let newerVersion = false;

// This page's code predates the database the tablet now holds (a newer version of the app upgraded
// it from another tab): it can neither read nor write it, and says so instead of failing silently.
export const NEWER_VERSION = 'A newer version of the app was opened on this tablet: this page can no '
  + 'longer read or save its data. Reload this page.';

export class NewerVersionError extends Error {
  constructor() {
    super(NEWER_VERSION);
    this.name = 'NewerVersionError';
  }
}

export function isNewerVersionError(error) {
  return error?.name === 'NewerVersionError' || error?.name === 'VersionError';
}

// A newer version asks to upgrade the database. The pages first save what they hold (a change typed
// in the last quarter second): they pass their saves to `detail.waitUntil`, and the connection
// closes once those are done (at most 3 s; the new version waits meanwhile), then every later call
// is refused with NewerVersionError.
function letNewerVersionIn(db) {
  const saves = [];
  emit('newer-version', { waitUntil: (promise) => saves.push(promise) });
  const limit = new Promise((resolve) => { setTimeout(resolve, 3000); });
  Promise.race([Promise.allSettled(saves), limit]).then(() => {
    newerVersion = true;
    dbPromise = null;
    opened = null;
    db.close();
    emit('newer-version-closed', {});
  });
}

export function getDb() {
  if (newerVersion) return Promise.reject(new NewerVersionError());
  if (!dbPromise) {
    dbPromise = openDB(DB_NAME, DB_VERSION, {
      upgrade(db) {
        for (const [name, keyPath] of Object.entries(STORES)) {
          if (db.objectStoreNames.contains(name)) continue;
          const store = db.createObjectStore(name, { keyPath });
          if (name === 'findings') store.createIndex('site_id', 'site_id');
          if (name === 'outbox' || name === 'sent') store.createIndex('created_at', 'created_at');
          if (name === 'photos') store.createIndex('inspection_id', 'inspection_id');
          if (name === 'records') store.createIndex('entity', 'entity');
        }
      },
      blocking(_current, next, event) {
        if (next !== null) {
          letNewerVersionIn(event.target);
          return;
        }
        // The database is being deleted (the site's data cleared): let go, nothing is left to save.
        event.target.close();
        dbPromise = null;
        opened = null;
      },
    });
    // What a page kept as it was left, and lost from IndexedDB with it, is moved in before any read.
    dbPromise = dbPromise.then((db) => takeLeftWrites(db).then(() => db, () => db));
    dbPromise.then((db) => { opened = db; }, () => { dbPromise = null; });
  }
  return dbPromise;
}

// Other tabs of this app hear who holds the device now (a draft open in another tab stops saving).
const channel = typeof BroadcastChannel === 'function'
  ? new BroadcastChannel('fairwater-device') : null;
if (channel) {
  channel.onmessage = (event) => {
    const { name, detail } = event.data || {};
    if (!name) return;
    events.dispatchEvent(new CustomEvent(name, { detail: { ...detail, fromOtherTab: true } }));
  };
}

function emit(name, detail, { toOtherTabs = false } = {}) {
  events.dispatchEvent(new CustomEvent(name, { detail }));
  if (toOtherTabs) channel?.postMessage({ name, detail });
}

// ------------------------------------------------------------------ meta
export async function getMeta(key) {
  const row = await (await getDb()).get('meta', key);
  return row ? row.value : undefined;
}

// Committed at once, not when the task ends: a page being left (a form kept as typed, flushed on
// pagehide) ends with its task, and a write not committed by then is lost.
export async function setMeta(key, value) {
  const tx = (await getDb()).transaction('meta', 'readwrite');
  const done = Promise.all([tx.store.put({ key, value }), tx.done]);
  tx.commit?.();
  await done;
  settled(key);
}

// ------------------------------------------------------------------ work packet (pull)
const PACKET_STORES = new Set(['sites', 'findings']);

function storeFor(entity) {
  const name = `${entity}s`;
  return PACKET_STORES.has(name) ? name : 'records';
}

// A site deleted from the packet (gone, or now held by another company: docs/sync-protocol.md)
// takes with it the findings and records the tablet pulled for it. Drafts, outbox and photos stay.
async function dropSiteRecords(tx, siteId) {
  const findings = tx.objectStore('findings');
  const keys = await findings.index('site_id').getAllKeys(siteId);
  await Promise.all(keys.map((key) => findings.delete(key)));
  let cursor = await tx.objectStore('records').openCursor();
  while (cursor) {
    if (cursor.value.site_id != null && String(cursor.value.site_id) === siteId) await cursor.delete();
    cursor = await cursor.continue();
  }
}

export async function applyPull(body, { fullPull = false } = {}) {
  const db = await getDb();
  const tx = db.transaction(['meta', 'sites', 'findings', 'records'], 'readwrite');
  const meta = tx.objectStore('meta');
  // Whose packet this is (the person signed in may have been learned, or signed out, since).
  const owner = (await meta.get('packet_user_id'))?.value
    ?? (await meta.get('user'))?.value?.id ?? null;
  if (body.user && owner !== null && String(owner) !== String(body.user.id)) {
    // Another person signed in on this tablet: the last person's work packet must not show, and these
    // changes are only what changed since THEIR cursor. Clear the packet and start over with a full
    // pull. Drafts, outbox and photos are never touched here (nothing unsent is deleted).
    await Promise.all(['sites', 'findings', 'records'].map((name) => tx.objectStore(name).clear()));
    await meta.delete('cursor');
    await meta.put({ key: 'user', value: body.user });
    await meta.put({ key: 'packet_user_id', value: body.user.id });
    await meta.put({ key: 'user_since', value: Date.now() });
    await tx.done;
    emit('packet-changed', { count: 0, reset: true }, { toOtherTabs: true });
    return { reset: true };
  }
  const writes = [];
  // A permittee's site that arrives in a pull from a cursor but is not on the device (its company
  // holds it again, or newly): its findings and records from before the cursor never come as
  // changes, so the cursor goes and the next page is a full pull (docs/sync-protocol.md). Not on
  // the later pages of a full pull (`fullPull`), whose sites come page by page.
  const incremental = !fullPull && (await meta.get('cursor')) !== undefined;
  let pullAgain = false;
  for (const change of body.changes || []) {
    const name = storeFor(change.entity);
    const id = String(change.id);
    const key = name === 'records' ? `${change.entity}:${id}` : id;
    if (change.op === 'delete') {
      writes.push(tx.objectStore(name).delete(key));
      if (change.entity === 'site') writes.push(dropSiteRecords(tx, id));
      continue;
    }
    if (change.entity === 'site' && incremental && body.user?.role === 'permittee'
        && (await tx.objectStore('sites').getKey(key)) === undefined) pullAgain = true;
    const data = { ...(change.data || {}), id, version: change.version ?? change.data?.version ?? null };
    if (name === 'findings' && data.site_id != null) data.site_id = String(data.site_id);
    if (name === 'records') Object.assign(data, { key, entity: change.entity });
    writes.push(tx.objectStore(name).put(data));
  }
  if (pullAgain) writes.push(meta.delete('cursor'));
  else if (body.cursor !== undefined) writes.push(meta.put({ key: 'cursor', value: body.cursor }));
  if (body.user) {
    const before = (await meta.get('user'))?.value;
    if (String(before?.id) !== String(body.user.id)) writes.push(meta.put({ key: 'user_since', value: Date.now() }));
    writes.push(meta.put({ key: 'user', value: body.user }));
    writes.push(meta.put({ key: 'packet_user_id', value: body.user.id }));
  }
  if (body.catalog) writes.push(meta.put({ key: 'catalog', value: body.catalog }));
  if (body.calculators) writes.push(meta.put({ key: 'calculators', value: body.calculators }));
  writes.push(meta.put({ key: 'last_sync_at', value: new Date().toISOString() }));
  await Promise.all([...writes, tx.done]);
  emit('packet-changed', { count: (body.changes || []).length });
  return { reset: false, pullAgain };
}

/**
 * Who is signed in now, as the server says (GET /api/v1/csrf): the device goes by this person
 * at once, not by its last sync's. Someone else: the last person's packet is cleared (drafts,
 * outbox and photos are never touched) and the next pull fetches this person's in full. null:
 * nobody is signed in; the packet is cleared and drafts show to nobody. Returns true when the
 * person changed.
 */
export async function adoptSignedIn(user) {
  const db = await getDb();
  const tx = db.transaction(['meta', 'sites', 'findings', 'records'], 'readwrite');
  const meta = tx.objectStore('meta');
  const [known, ownerRow] = await Promise.all([meta.get('user'), meta.get('packet_user_id')]);
  const current = known?.value;
  const owner = ownerRow?.value ?? current?.id ?? null;
  const same = user && current && String(current.id) === String(user.id);
  if (same || (user === null && current === null)) {
    await tx.done;
    return false;
  }
  if (!user || owner === null || String(owner) !== String(user.id)) {
    await Promise.all(['sites', 'findings', 'records'].map((name) => tx.objectStore(name).clear()));
    await meta.delete('cursor');
  }
  await meta.put({ key: 'user', value: user ? { company: null, ...user } : null });
  await meta.put({ key: 'packet_user_id', value: user ? user.id : null });
  // When the device learned of this person: an edit typed on an open draft before then is its
  // author's (capture.js saves it), one typed after is not.
  await meta.put({ key: 'user_since', value: Date.now() });
  await tx.done;
  const detail = { count: 0, reset: Boolean(user), signedOut: !user };
  emit('packet-changed', detail, { toOtherTabs: true });
  return true;
}

export async function listSites() {
  const sites = await (await getDb()).getAll('sites');
  return sites.sort((a, b) => String(a.name || '').localeCompare(String(b.name || '')));
}

export async function getSite(id) {
  return (await getDb()).get('sites', String(id));
}

export async function listFindings(siteId) {
  const db = await getDb();
  if (siteId === undefined || siteId === null) return db.getAll('findings');
  return db.getAllFromIndex('findings', 'site_id', String(siteId));
}

export async function listRecords(entity) {
  return (await getDb()).getAllFromIndex('records', 'entity', entity);
}

// ------------------------------------------------------------------ drafts
export async function putDraft(draft) {
  await (await getDb()).put('drafts', draft);
}

/** Abandon `tx` (nothing written) and name why the page's copy of a draft may not be written or
 * sent: `kept`, the stored draft, changed in another tab, or none (submitted or discarded there). */
async function elsewhere(tx, kept) {
  tx.abort();
  await tx.done.catch(() => {});
  const error = new Error(kept ? 'this draft was changed in another tab'
    : 'this draft was submitted or discarded in another tab');
  error.name = 'DraftElsewhereError';
  error.gone = !kept;
  return error;
}

/**
 * Save a draft open on a page only over the copy that page last saved: `rev` counts the saves. A
 * draft open in two tabs (or windows) of this device is saved by one of them; the other, holding
 * an older copy, must not write it back over those answers, nor bring back a draft submitted or
 * discarded meanwhile. Refused with a DraftElsewhereError (`gone` when it is no longer a draft);
 * nothing is written then. Other tabs hear of every save (`draft-changed`).
 */
export async function saveDraftOverOwn(draft) {
  const db = await getDb();
  const tx = db.transaction('drafts', 'readwrite');
  const kept = await tx.store.get(draft.id);
  const rev = draft.rev ?? 0;
  if (kept ? (kept.rev ?? 0) !== rev : rev > 0) throw await elsewhere(tx, kept);
  await Promise.all([tx.store.put({ ...draft, rev: rev + 1 }), tx.done]);
  draft.rev = rev + 1;
  emit('draft-changed', { id: draft.id, rev: draft.rev }, { toOtherTabs: true });
}

/**
 * Write a page's draft as the page goes away (pagehide): once it is gone nothing that waits for an
 * answer from IndexedDB runs, so saveDraftOverOwn (which reads the stored copy first) never wrote
 * the last change typed. The write is issued before this returns; without that read, it is for a page
 * that holds the latest copy (one told of another tab's save stops saving first). Returns a promise of
 * its end, or null when it could not be issued (no open database).
 */
export function putDraftAtOnce(draft) {
  if (!opened || newerVersion) return null;
  const rev = (draft.rev ?? 0) + 1;
  let tx;
  try {
    tx = opened.transaction('drafts', 'readwrite');
    tx.store.put({ ...draft, rev }).catch(() => {});
    tx.commit?.();  // now, not when this task ends: a page being left has no later task
  } catch {
    return null;
  }
  draft.rev = rev;
  emit('draft-changed', { id: draft.id, rev }, { toOtherTabs: true });
  return tx.done.catch((error) => {
    if (draft.rev === rev) draft.rev = rev - 1;  // not written: the stored copy is still the last one
    throw error;
  });
}

export async function getDraft(id) {
  return (await getDb()).get('drafts', id);
}

export async function listDrafts() {
  const drafts = await (await getDb()).getAll('drafts');
  return drafts.sort((a, b) => String(b.updated_at || '').localeCompare(String(a.updated_at || '')));
}

export async function deleteDraft(id) {
  const db = await getDb();
  const tx = db.transaction(['drafts', 'photos'], 'readwrite');
  const photos = await tx.objectStore('photos').index('inspection_id').getAllKeys(id);
  await Promise.all([tx.objectStore('drafts').delete(id), ...photos.map((k) => tx.objectStore('photos').delete(k)), tx.done]);
  emit('draft-changed', { id, rev: null }, { toOtherTabs: true });
}

// ------------------------------------------------------------------ outbox
// `user_id`: who was signed in when the work was submitted (a shared tablet may change hands).
function outboxEntry(mutation, user) {
  return {
    photo_ids: [],
    user_id: user ? user.id : null,
    ...mutation,
    state: 'queued',
    created_at: new Date().toISOString(),
    attempts: 0,
  };
}

export async function enqueue(mutation) {
  const db = await getDb();
  const tx = db.transaction(['meta', 'outbox'], 'readwrite');
  const user = (await tx.objectStore('meta').get('user'))?.value;
  await Promise.all([tx.objectStore('outbox').add(outboxEntry(mutation, user)), tx.done]);
  emit('outbox-changed', { mutation_id: mutation.mutation_id });
}

// Submitting a draft: the outbox entry and the draft's removal commit together or not at all.
// The entry goes out under the draft's author; someone else signed in on a shared tablet cannot submit
// it (checked here, inside the transaction, as well as on the capture page). A draft saved before drafts
// recorded their author goes out under whoever is signed in, as it did before.
// With `rev` (the page's last save, saveDraftOverOwn): only that copy goes out, never one changed,
// submitted or discarded in another tab meanwhile (a DraftElsewhereError, nothing queued).
export async function enqueueFromDraft(draftId, mutation, { rev } = {}) {
  const db = await getDb();
  const tx = db.transaction(['meta', 'drafts', 'outbox'], 'readwrite');
  const [userRow, draft] = await Promise.all([tx.objectStore('meta').get('user'), tx.objectStore('drafts').get(draftId)]);
  if (rev !== undefined && (!draft || (draft.rev ?? 0) !== rev)) throw await elsewhere(tx, draft);
  const user = userRow?.value;
  const author = draft?.user_id ?? null;
  if (author !== null && user && String(author) !== String(user.id)) {
    tx.abort();
    await tx.done.catch(() => {});
    const error = new Error('this draft belongs to another person; only they can submit it');
    error.name = 'NotAuthorError';
    throw error;
  }
  await Promise.all([
    tx.objectStore('outbox').add(outboxEntry(mutation, author !== null ? { id: author } : user)),
    tx.objectStore('drafts').delete(draftId),
    tx.done,
  ]);
  emit('outbox-changed', { mutation_id: mutation.mutation_id });
  emit('draft-changed', { id: draftId, rev: null }, { toOtherTabs: true });
}

export async function listOutbox() {
  return (await getDb()).getAllFromIndex('outbox', 'created_at');
}

export async function getOutbox(mutationId) {
  return (await getDb()).get('outbox', mutationId);
}

export async function updateOutbox(mutationId, patch) {
  const db = await getDb();
  const tx = db.transaction('outbox', 'readwrite');
  const entry = await tx.store.get(mutationId);
  if (!entry) { await tx.done; return null; }
  const next = { ...entry, ...patch, mutation_id: mutationId };
  await Promise.all([tx.store.put(next), tx.done]);
  emit('outbox-changed', { mutation_id: mutationId });
  return next;
}

// ------------------------------------------------------------------ ways out of "needs attention"
// Neither runs on an entry being sent. Both are one transaction: nothing half-moved, nothing lost.

/** Put back an entry as a draft to edit and send again: a fresh record (new ids, photos too). */
export async function reopenAsDraft(mutationId, draft) {
  const db = await getDb();
  const tx = db.transaction(['outbox', 'drafts', 'photos'], 'readwrite');
  const entry = await tx.objectStore('outbox').get(mutationId);
  if (!entry || entry.state === 'sending') {
    tx.abort();
    await tx.done.catch(() => {});
    return null;
  }
  const photos = tx.objectStore('photos');
  const marks = {};  // the marks drawn on a photo follow it to its new id (docs/photo-marks.md)
  try {
    for (const id of entry.photo_ids || []) {
      const photo = await photos.get(id);
      if (!photo) continue;
      const fresh = crypto.randomUUID();
      await photos.put({ ...photo, id: fresh, inspection_id: draft.id });
      await photos.delete(id);
      if (draft.marks?.[id]) marks[fresh] = draft.marks[id];
    }
    if (draft.marks) draft.marks = marks;
    await tx.objectStore('drafts').put(draft);
    await tx.objectStore('outbox').delete(mutationId);
  } catch (error) {
    // A write refused half-way (storage full): none of it stays, the entry keeps every photo.
    try { tx.abort(); } catch { /* already ended */ }
    await tx.done.catch(() => {});
    throw error;
  }
  await tx.done;
  emit('outbox-changed', { mutation_id: mutationId });
  return draft;
}

/**
 * Put a refused entry right in place: `mutation` (a fresh mutation id) is queued and the refused
 * entry leaves, with the photos `mutation` no longer names, in one transaction; `photos` (new ones)
 * and the removal of the meta `keptKey` (what was typed meanwhile) go with it. Null, nothing
 * written, when the entry no longer needs attention (sent again or discarded meanwhile, in another
 * tab too), so one refused record is never put right twice; a NotAuthorError when it is another
 * person's.
 */
export async function replaceRefused(mutationId, mutation, { photos = [], keptKey = null } = {}) {
  const db = await getDb();
  const tx = db.transaction(['meta', 'outbox', 'photos'], 'readwrite');
  const [userRow, entry] = await Promise.all([tx.objectStore('meta').get('user'), tx.objectStore('outbox').get(mutationId)]);
  const user = userRow?.value;
  const theirs = entry?.user_id != null && String(entry.user_id) !== String(user?.id);
  if (!entry || entry.state !== 'attention' || theirs) {
    tx.abort();
    await tx.done.catch(() => {});
    if (!theirs) return null;
    const error = new Error('this record belongs to another person; only they can put it right');
    error.name = 'NotAuthorError';
    throw error;
  }
  const kept = new Set(mutation.photo_ids || []);
  try {
    for (const photo of photos) await tx.objectStore('photos').put(photo);
    for (const id of entry.photo_ids || []) if (!kept.has(id)) await tx.objectStore('photos').delete(id);
    await tx.objectStore('outbox').add(outboxEntry(mutation, entry.user_id != null ? { id: entry.user_id } : user));
    await tx.objectStore('outbox').delete(mutationId);
    if (keptKey) await tx.objectStore('meta').delete(keptKey);
  } catch (error) {
    // A write refused half-way (storage full): none of it stays, the refused entry is as it was.
    try { tx.abort(); } catch { /* already ended */ }
    await tx.done.catch(() => {});
    throw error;
  }
  await tx.done;
  if (keptKey) settled(keptKey);
  emit('outbox-changed', { mutation_id: mutation.mutation_id });
  return mutation;
}

/** Remove an entry and its photos from the device (the page asks first and offers a download). */
export async function discardOutbox(mutationId) {
  const db = await getDb();
  const tx = db.transaction(['outbox', 'photos'], 'readwrite');
  const entry = await tx.objectStore('outbox').get(mutationId);
  if (!entry || entry.state === 'sending') {
    tx.abort();
    await tx.done.catch(() => {});
    return false;
  }
  await Promise.all((entry.photo_ids || []).map((id) => tx.objectStore('photos').delete(id)));
  await tx.objectStore('outbox').delete(mutationId);
  await tx.done;
  emit('outbox-changed', { mutation_id: mutationId });
  return true;
}

// The server has the record and all its photos: move it to `sent`, keep photo metadata, drop bytes.
export async function markSynced(mutationId, result = {}) {
  const db = await getDb();
  const tx = db.transaction(['outbox', 'sent', 'photos'], 'readwrite');
  const entry = await tx.objectStore('outbox').get(mutationId);
  if (!entry) { await tx.done; return null; }
  const photoIds = entry.photo_ids || [];
  const photos = tx.objectStore('photos');
  const kept = [];
  for (const id of photoIds) {
    const photo = await photos.get(id);
    if (!photo) continue;
    const { bytes, ...meta } = photo;
    kept.push(meta);
    await photos.delete(id);
  }
  const sent = {
    ...entry,
    state: 'sent',
    synced_at: new Date().toISOString(),
    photos_expected: result.photos_expected ?? photoIds.length,
    photos_received: result.photos_received ?? photoIds.length,
    version: result.version ?? entry.version ?? null,
    photos_meta: kept,
  };
  await tx.objectStore('sent').put(sent);
  await tx.objectStore('outbox').delete(mutationId);
  await tx.done;
  emit('outbox-changed', { mutation_id: mutationId });
  return sent;
}

/** With the storage full (markSynced cannot write the receipt), an entry the server has whole, record and
 * every photo, leaves the outbox without a receipt in `sent`: deleting it and its photos' bytes frees the
 * room that writing would take. */
export async function dropSynced(mutationId) {
  const db = await getDb();
  const tx = db.transaction(['outbox', 'photos'], 'readwrite');
  const entry = await tx.objectStore('outbox').get(mutationId);
  if (!entry) { await tx.done; return null; }
  await Promise.all([...(entry.photo_ids || []).map((id) => tx.objectStore('photos').delete(id)),
    tx.objectStore('outbox').delete(mutationId), tx.done]);
  emit('outbox-changed', { mutation_id: mutationId });
  return entry;
}

export async function listSent() {
  const rows = await (await getDb()).getAllFromIndex('sent', 'created_at');
  return rows.reverse();
}

/** The outbox and the sent list read together (one transaction): an entry moved to `sent` meanwhile
 * is in exactly one of them. */
export async function listOutboxAndSent() {
  const tx = (await getDb()).transaction(['outbox', 'sent']);
  const [outbox, sent] = await Promise.all([
    tx.objectStore('outbox').index('created_at').getAll(),
    tx.objectStore('sent').index('created_at').getAll(),
  ]);
  return { outbox, sent: sent.reverse() };
}

// ------------------------------------------------------------------ photos
export async function putPhoto(photo) {
  await (await getDb()).put('photos', photo);
}

export async function getPhoto(id) {
  return (await getDb()).get('photos', id);
}

export async function deletePhoto(id) {
  await (await getDb()).delete('photos', id);
}

export async function listPhotos(inspectionId) {
  return (await getDb()).getAllFromIndex('photos', 'inspection_id', inspectionId);
}

// ------------------------------------------------------------------ forms kept as typed
// A small form (a rain reading, a finding's correction) keeps what was typed in `meta`, under a key
// naming its author (docs/device-storage.md), until it is queued.

/** setMeta for a page being left (pagehide): issued before this returns, with no await before it
 * (see putDraftAtOnce). A promise of its end, or null when it could not be issued. */
function setMetaAtOnce(key, value) {
  if (!opened || newerVersion) return null;
  let tx;
  try {
    tx = opened.transaction('meta', 'readwrite');
    tx.store.put({ key, value }).catch(() => {});
    tx.commit?.();
  } catch {
    return null;
  }
  return tx.done.then(() => settled(key));
}

/** setMeta for a form's kept copy, which may be written as its page is left: issued before this
 * returns (setMetaAtOnce) and kept in localStorage too (left-writes.js), since a write still
 * waiting behind another transaction when the page goes is lost with it. Not issuable at once (the
 * database not open yet, or a newer version holding it): the ordinary write, which says why. */
export function setMetaLeaving(key, value) {
  keepLeaving(key, value);
  return setMetaAtOnce(key, value) ?? setMeta(key, value);
}

/** Queue a record typed on a form, with its photos, and forget the form's kept copy (meta `key`):
 * one transaction, so the record is never both queued and still offered as unsent, nor neither. */
export async function enqueueForgetting(mutation, key, photos = []) {
  const db = await getDb();
  const tx = db.transaction(['meta', 'outbox', 'photos'], 'readwrite');
  const meta = tx.objectStore('meta');
  const user = (await meta.get('user'))?.value;
  await Promise.all([
    ...photos.map((photo) => tx.objectStore('photos').put(photo)),
    tx.objectStore('outbox').add(outboxEntry(mutation, user)),
    meta.delete(key),
    tx.done,
  ]);
  settled(key);
  emit('outbox-changed', { mutation_id: mutation.mutation_id });
}

/** Put a refused entry back on its form as the kept copy (meta `key` := `value`), in one transaction;
 * its photos stay where they are. 'sending' (not now), 'occupied' (something else is being typed on
 * that form: not written over) or 'reopened'. */
export async function reopenAsKept(mutationId, key, value) {
  const db = await getDb();
  const tx = db.transaction(['meta', 'outbox'], 'readwrite');
  const [entry, kept] = await Promise.all([tx.objectStore('outbox').get(mutationId), tx.objectStore('meta').get(key)]);
  const answer = !entry || entry.state === 'sending' ? 'sending' : kept?.value ? 'occupied' : null;
  if (answer) {
    tx.abort();
    await tx.done.catch(() => {});
    return answer;
  }
  await Promise.all([tx.objectStore('meta').put({ key, value }), tx.objectStore('outbox').delete(mutationId), tx.done]);
  settled(key);
  emit('outbox-changed', { mutation_id: mutationId });
  return 'reopened';
}

/** The kept copies of forms whose key starts with `prefix` (one form's, one person's), as
 * [{key, value}]; a key kept with nothing in it is left out. */
export async function listKeptStarting(prefix) {
  const rows = await (await getDb()).getAll('meta', IDBKeyRange.bound(prefix, `${prefix}\uffff`));
  return rows.filter((row) => row.value);
}

/** Discard a form's kept copy (meta `key`) with its photo's bytes, at its author's word, in one
 * transaction. 'changed' (written again since it was shown as `savedAt`: nothing removed), 'gone'
 * or 'discarded'. A photo an outbox entry holds is that entry's and stays. */
export async function discardKept(key, savedAt) {
  const db = await getDb();
  const tx = db.transaction(['meta', 'outbox', 'photos'], 'readwrite');
  const [row, outbox] = await Promise.all([tx.objectStore('meta').get(key), tx.objectStore('outbox').getAll()]);
  const answer = !row?.value ? 'gone' : row.value.saved_at !== savedAt ? 'changed' : null;
  if (answer) {
    tx.abort();
    await tx.done.catch(() => {});
    return answer;
  }
  const held = new Set(outbox.flatMap((entry) => entry.photo_ids || []));
  const photoId = row.value.photo_id;
  await Promise.all([
    photoId && !held.has(photoId) ? tx.objectStore('photos').delete(photoId) : null,
    tx.objectStore('meta').delete(key),
    tx.done,
  ]);
  settled(key);
  emit('kept-changed', { key }, { toOtherTabs: true });
  return 'discarded';
}
