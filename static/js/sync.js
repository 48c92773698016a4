// The client side of sync: flush the outbox to /api/v1 and pull the work packet.
//
// Nothing is deleted here: entries move to `sent` only through store.markSynced(), after the server said
// it has the record AND every photo. A 401 keeps the outbox and asks the user to sign in again.
// Flushes run one at a time; they start on page load, on `online`, when the page becomes visible, on a
// timer with capped back-off while the outbox is not empty, and from the "Sync now" button.
// Background Sync is not used: this works the same where the browser lacks it (Safari).
import * as store from './store.js';

const API = '/api/v1';
const BATCH = 50;                 // the server's limit per push
const BACKOFF_FIRST_MS = 5000;
const BACKOFF_MAX_MS = 5 * 60 * 1000;
const PHOTO_TRIES = 3;            // a photo the server keeps refusing needs a person

export const events = new EventTarget();

let running = null;
let timer = null;
let backoff = BACKOFF_FIRST_MS;
let started = false;

function emit(name, detail) {
  // Both on our own target and on window, so the shell can listen without importing this module.
  events.dispatchEvent(new CustomEvent(name, { detail }));
  globalThis.dispatchEvent?.(new CustomEvent(name, { detail }));
}

class Stop extends Error {
  constructor(kind, message) { super(message); this.kind = kind; }
}

async function deviceId() {
  let id = await store.getMeta('device_id');
  if (!id) {
    id = crypto.randomUUID();
    await store.setMeta('device_id', id);
  }
  return id;
}

async function authHeaders() {
  const token = await store.getMeta('device_token');
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function call(path, options = {}) {
  // Known offline: no request (a failed fetch is an error in the page's console, for nothing).
  if (navigator.onLine === false) {
    throw new Stop('offline', 'No connection: kept on this device, will retry.');
  }
  let response;
  try {
    response = await fetch(API + path, { credentials: 'same-origin', cache: 'no-store', ...options });
  } catch (err) {
    throw new Stop('offline', 'No connection: kept on this device, will retry.');
  }
  if (response.status === 401) {
    emit('sync-unauthorized', { path });
    throw new Stop('unauthorized', 'Sign in again to send. Everything stays on this device.');
  }
  if (response.status >= 500) throw new Stop('server', `The server had a problem (${response.status}); will retry.`);
  return response;
}

async function freshCsrf(headers, who = null) {
  if (headers.Authorization) return {};
  const response = await call('/csrf');
  const body = await response.json();
  if (who) who.id = body.user_id ?? null;
  return { 'X-CSRFToken': body.csrf_token };
}

function toMutation(entry) {
  return {
    mutation_id: entry.mutation_id, entity: entry.entity, entity_id: String(entry.entity_id),
    op: entry.op || 'upsert', base_version: entry.base_version ?? null, payload: entry.payload || {},
  };
}

async function pushBatch(batch, summary) {
  const auth = await authHeaders();
  const who = {};
  const headers = { 'Content-Type': 'application/json', ...auth, ...(await freshCsrf(auth, who)) };
  // The tablet may have changed hands since the flush began: only the author's work goes out under
  // the session the push will carry.
  const entries = batch.filter((e) => auth.Authorization || e.user_id == null
    || String(e.user_id) === String(who.id));
  if (!entries.length) return;
  for (const entry of entries) {
    await store.updateOutbox(entry.mutation_id, { state: 'sending', attempts: (entry.attempts || 0) + 1 });
  }
  const body = JSON.stringify({ device_id: await deviceId(), mutations: entries.map(toMutation) });
  const response = await call('/sync/push', { method: 'POST', headers, body });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) {
    // The batch as a whole was refused: the entries it names need attention, the others go back in line.
    const errors = answer.errors || {};
    for (const [i, entry] of entries.entries()) {
      const mine = Object.keys(errors).filter((k) => k.startsWith(`mutations.${i}.`));
      if (mine.length || !Object.keys(errors).length) {
        await store.updateOutbox(entry.mutation_id, {
          state: 'attention', reason: answer.reason || `Refused (${response.status})`,
          errors: Object.fromEntries(mine.map((k) => [k.replace(`mutations.${i}.`, ''), errors[k]])),
        });
        summary.rejected += 1;
      } else {
        await store.updateOutbox(entry.mutation_id, { state: 'queued' });
      }
    }
    return;
  }
  for (const result of answer.results || []) {
    const entry = entries.find((e) => e.mutation_id === result.mutation_id);
    if (!entry) continue;
    if (result.status === 'applied' || result.status === 'duplicate') {
      summary[result.status] += 1;
      const expected = (entry.photo_ids || []).length;
      if (expected && (result.photos_received ?? 0) < expected) {
        await store.updateOutbox(entry.mutation_id, {
          state: 'photos', version: result.version ?? null, reason: null,
          photos_expected: result.photos_expected ?? expected, photos_received: result.photos_received ?? 0,
        });
      } else {
        await store.markSynced(entry.mutation_id, result);
      }
    } else {
      summary[result.status === 'conflict' ? 'conflict' : 'rejected'] += 1;
      await store.updateOutbox(entry.mutation_id, {
        state: 'attention', reason: result.reason || (result.status === 'conflict'
          ? 'Changed on the server meanwhile: a supervisor will resolve it.' : 'Some fields need attention.'),
        errors: result.errors || {}, server_copy: result.server_copy || null, result_status: result.status,
      });
    }
  }
}

async function sendPhoto(photoId, summary) {
  const auth = await authHeaders();
  const head = await call(`/photos/${photoId}`, { method: 'HEAD', headers: auth });
  if (head.status === 200) return { ok: true };
  const photo = await store.getPhoto(photoId);
  if (!photo || !photo.bytes) return { ok: false, reason: 'This photo is no longer on this device.' };
  const headers = { ...auth, ...(await freshCsrf(auth)), 'Content-Type': photo.type || 'image/jpeg',
    'X-Content-SHA256': photo.sha256 };
  const response = await call(`/photos/${photoId}`, {
    method: 'PUT', headers, body: new Blob([photo.bytes], { type: photo.type || 'image/jpeg' }),
  });
  if (response.status === 200 || response.status === 201) {
    summary.photos += 1;
    return { ok: true };
  }
  const body = await response.json().catch(() => ({}));
  return { ok: false, status: response.status, reason: body.reason || `Photo refused (${response.status}).` };
}

async function sendPhotos(summary) {
  const waiting = (await store.listOutbox()).filter((e) => e.state === 'photos');
  const total = waiting.reduce((n, e) => n + (e.photo_ids || []).length, 0);
  let index = 0;
  for (const entry of waiting) {
    let received = 0;
    let problem = null;
    for (const photoId of entry.photo_ids || []) {
      index += 1;
      emit('sync-progress', { phase: 'photos', index, total, mutation_id: entry.mutation_id });
      const outcome = await sendPhoto(photoId, summary);
      if (outcome.ok) {
        received += 1;
        await store.updateOutbox(entry.mutation_id, { photos_received: received });
      } else {
        problem = outcome;
      }
    }
    const expected = (entry.photo_ids || []).length;
    if (received === expected) {
      await store.markSynced(entry.mutation_id, { photos_expected: expected, photos_received: received,
        version: entry.version });
    } else if (problem) {
      const tries = (entry.photo_attempts || 0) + 1;
      await store.updateOutbox(entry.mutation_id, {
        photo_attempts: tries, reason: problem.reason,
        state: tries >= PHOTO_TRIES ? 'attention' : 'photos',
      });
    }
  }
}

/** Who the server says is signed in (null with a device token or when nobody is). The device adopts
 * that person at once (store.adoptSignedIn), not only at their first pull. */
async function signedInUserId() {
  if ((await authHeaders()).Authorization) return null;
  const body = await (await call('/csrf')).json();
  // Someone signed in: the device goes by them now. Nobody (a session that ended): the device keeps
  // what it has and sends nothing; only signing out clears it (shell.js).
  if (body.user) await store.adoptSignedIn(body.user);
  if (body.user_id == null) {
    emit('sync-unauthorized', { path: '/csrf' });
    throw new Stop('unauthorized', 'Sign in again to send. Everything stays on this device.');
  }
  return body.user_id;
}

/** On a shared tablet, work goes out only under the session of the person who submitted it. */
async function sendable(entries) {
  const me = await signedInUserId();
  const mine = [];
  for (const entry of entries) {
    if (me !== null && entry.user_id != null && entry.user_id !== me) {
      if (!entry.waiting_for_author) {
        await store.updateOutbox(entry.mutation_id, {
          waiting_for_author: true,
          reason: 'Waits for the person who submitted it to sign in on this device.',
        });
      }
      continue;
    }
    if (entry.waiting_for_author) await store.updateOutbox(entry.mutation_id, { waiting_for_author: false, reason: null });
    mine.push(entry);
  }
  return mine;
}

async function doFlush() {
  const summary = { applied: 0, duplicate: 0, conflict: 0, rejected: 0, photos: 0, stopped: null, remaining: 0 };
  try {
    const pending = await sendable((await store.listOutbox()).filter((e) => e.state === 'queued' || e.state === 'sending'));
    for (let i = 0; i < pending.length; i += BATCH) {
      const batch = pending.slice(i, i + BATCH);
      emit('sync-progress', { phase: 'records', index: Math.min(i + batch.length, pending.length), total: pending.length });
      try {
        await pushBatch(batch, summary);
      } catch (err) {
        // No answer: the server may or may not have the batch; the mutation ids make a resend safe.
        for (const entry of batch) await store.updateOutbox(entry.mutation_id, { state: 'queued' });
        throw err;
      }
    }
    await sendPhotos(summary);
  } catch (err) {
    if (!(err instanceof Stop)) throw err;
    summary.stopped = err.kind;
    summary.message = err.message;
  }
  const left = (await store.listOutbox()).filter((e) => e.state !== 'attention');
  summary.remaining = left.length;
  if (!summary.stopped) await store.setMeta('last_sync_at', new Date().toISOString());
  emit('sync-progress', { phase: 'done', index: 0, total: 0, summary });
  return summary;
}

let next = null;

function merged(first, then) {
  if (!first) return then;
  const out = { ...then };
  for (const key of ['applied', 'duplicate', 'conflict', 'rejected', 'photos']) {
    out[key] += first[key] || 0;
  }
  return out;
}

/** Send the outbox, one flush at a time: a call during a flush gets one more flush right after it
 * (the running one may have read the outbox before this call's work was queued); its summary counts
 * both. */
export function flush() {
  if (running) {
    next ||= running.catch(() => null).then((first) => {
      next = null;
      return flush().then((s) => merged(first, s));
    });
    return next;
  }
  running = doFlush().finally(() => { running = null; });
  running.then(schedule, schedule);
  return running;
}

/** Fetch everything that changed since the stored cursor into the device's work packet. */
export async function pullNow() {
  let pages = 0;
  try {
    for (;;) {
      const cursor = await store.getMeta('cursor');
      const query = cursor ? `?since=${encodeURIComponent(cursor)}` : '';
      const response = await call(`/sync/pull${query}`, { headers: await authHeaders() });
      if (!response.ok) return { ok: false, status: response.status, pages };
      const body = await response.json();
      await store.applyPull(body);
      pages += 1;
      if (!body.has_more) return { ok: true, pages };
    }
  } catch (err) {
    if (err instanceof Stop) return { ok: false, stopped: err.kind, pages };
    throw err;
  }
}

async function schedule(summary) {
  clearTimeout(timer);
  const left = (await store.listOutbox().catch(() => [])).filter((e) => e.state !== 'attention');
  if (!left.length) { backoff = BACKOFF_FIRST_MS; return; }
  // Progress resets the back-off; a flush that got nowhere doubles it, up to the cap.
  const moved = summary && (summary.applied + summary.duplicate + summary.photos) > 0;
  backoff = moved ? BACKOFF_FIRST_MS : Math.min(backoff * 2, BACKOFF_MAX_MS);
  timer = setTimeout(() => flush(), backoff);
}

/** Start automatic sync (page load, online, visible again, timer). Safe to call more than once. */
export function startAutoSync() {
  if (started) return;
  started = true;
  const kick = () => flush().then((s) => (s.stopped ? null : pullNow())).catch(() => null);
  addEventListener('online', kick);
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible') kick(); });
  store.events.addEventListener('outbox-changed', () => {
    // A newly queued record goes out right away when the network is there.
    if (!running && navigator.onLine) setTimeout(() => flush().catch(() => null), 0);
  });
  kick();
}
