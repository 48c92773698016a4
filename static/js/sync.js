// The client side of sync: flush the outbox to /api/v1 and pull the work packet.
//
// Nothing is deleted here: entries move to `sent` only through store.markSynced() (with the storage
// full, leave through store.dropSynced()), after the server said it has the record AND every photo.
// A 401 keeps the outbox and asks the user to sign in again.
// Flushes run one at a time, across the tabs of the app too (Web Locks); they start on page load, on
// `online`, when the page becomes visible, on a timer with capped back-off while the outbox is not
// empty (or the server's first answer on this page was lost), and from the "Sync now" button.
// Background Sync is not used: this works the same where the browser lacks it (Safari).
// Over a weak signal the round trips, not the bytes, are what cost: one CSRF token serves a whole flush
// (fetched again only when the server refuses it), a photo goes out as a single PUT, a large one in
// byte ranges (the server answers 200 for bytes it already has; a HEAD first only for a photo whose
// earlier PUT got no answer, telling how much of it arrived), and a
// few photos are in flight at once so the link never waits on a round trip.
import * as store from './store.js';

const API = '/api/v1';
const BATCH = 50;                 // the server's limit per push
const BACKOFF_FIRST_MS = 5000;
const BACKOFF_MAX_MS = 5 * 60 * 1000;
const PHOTO_TRIES = 3;            // a photo the server keeps refusing needs a person
const PHOTOS_IN_FLIGHT = 3;       // enough to hide a 300 ms round trip behind the bytes of the others
const PHOTO_RANGE = 256 * 1024;  // a larger photo goes in ranges of this size: a cut resends one

export const events = new EventTarget();

let timer = null;
let backoff = BACKOFF_FIRST_MS;
let started = false;
// Whether this page has heard from the server who is signed in (its answer to /csrf, or a device
// token). Until it has, the tablet goes by the last person known on it (their sites, findings and
// outbox buttons), who may have handed it over: a flush stopped before then is tried again.
let heard = false;

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

// The tablet's clock against the server's (its Date header, to the second), kept for the capture page,
// which warns when they differ by minutes: every time the tablet stamps would be off by as much.
let clockNoted = null;

function noteServerClock(response) {
  const server = Date.parse(response.headers.get('Date') || '');
  if (!Number.isFinite(server)) return;
  const offset = server - Date.now();  // negative: the tablet is ahead
  if (clockNoted !== null && Math.abs(offset - clockNoted) < 30_000) return;
  clockNoted = offset;
  store.setMeta('clock_offset', { ms: offset, checked_at: new Date(server).toISOString() }).catch(() => {});
}

// A request never answered (a signal gone dark mid-send, a network that drops a connection without a
// word) would hold this flush, and every later one queued behind it, for ever. It is given up after a
// wait long enough for a weak signal to carry its body, and retried like a dropped one (the mutation
// ids make a resend safe).
const ANSWER_WAIT_MS = 60_000;
const WEAK_SIGNAL_BYTES_PER_MS = 2;  // about 16 kbit/s

function answerWait(body) {
  const size = body?.size ?? (typeof body === 'string' ? body.length : 0);
  return ANSWER_WAIT_MS + size / WEAK_SIGNAL_BYTES_PER_MS;
}

async function call(path, options = {}) {
  // Known offline: no request (a failed fetch is an error in the page's console, for nothing).
  if (navigator.onLine === false) {
    throw new Stop('offline', 'No connection: kept on this device, will retry.');
  }
  const giveUp = new AbortController();
  const timer = setTimeout(() => giveUp.abort(), answerWait(options.body));
  let response;
  try {
    response = await fetch(API + path, {
      credentials: 'same-origin', cache: 'no-store', ...options, signal: giveUp.signal,
    });
  } catch (err) {
    if (giveUp.signal.aborted) {
      throw new Stop('offline', 'No answer from the server in time: kept on this device, will retry.');
    }
    throw new Stop('offline', 'No connection: kept on this device, will retry.');
  } finally {
    clearTimeout(timer);
  }
  noteServerClock(response);
  if (response.status === 401) {
    emit('sync-unauthorized', { path });
    throw new Stop('unauthorized', 'Sign in again to send. Everything stays on this device.');
  }
  if (response.status >= 500) throw new Stop('server', `The server had a problem (${response.status}); will retry.`);
  return response;
}

// The app's answer, read whole. An answer cut off part-way (the signal failed while it arrived) or a
// page that is not the app's with a 200 (something in between) tells nothing: the server may have the
// work or not, so the device keeps it as it was and the flush stops, to try again (the mutation ids make
// a resend safe).
const UNREAD = 'The server\'s answer did not arrive whole: kept on this device, will retry.';

async function answerOf(response) {
  try {
    return await response.json();
  } catch {
    throw new Stop('server', UNREAD);
  }
}

// With the tablet's storage full, even the marks a flush keeps on an entry (being sent, photos tried
// and done, sent) cannot be written, and sending, the way to make room, stopped at the first of them.
// They are the device's own notes: the flush goes on without them (the mutation ids and the server's
// answers make a resend safe), and an entry the server has whole leaves the outbox without its receipt.
const full = (error) => error?.name === 'QuotaExceededError';

async function note(mutationId, patch) {
  try {
    return await store.updateOutbox(mutationId, patch);
  } catch (error) {
    if (full(error)) return null;
    throw error;
  }
}

async function synced(mutationId, result) {
  try {
    return await store.markSynced(mutationId, result);
  } catch (error) {
    if (!full(error)) throw error;
    return store.dropSynced(mutationId);
  }
}

/** What a flush sends under: the device token, or the session's CSRF token and who is signed in
 * (read once per flush; again only when the server refuses the token). */
async function flushContext() {
  const auth = await authHeaders();
  const ctx = { auth, csrf: null, me: null, renewing: null };
  if (auth.Authorization) heard = true;  // a device token names its person
  else await renewCsrf(ctx);
  return ctx;
}

async function renewCsrf(ctx) {
  // Concurrent photo uploads refused together share one fetch.
  ctx.renewing ||= (async () => {
    const body = await answerOf(await call('/csrf'));
    heard = true;
    // Someone signed in: the device goes by them now. Nobody (a session that ended): the device keeps
    // what it has and sends nothing; only signing out clears it (shell.js).
    if (body.user) await store.adoptSignedIn(body.user);
    if (body.user_id == null) {
      emit('sync-unauthorized', { path: '/csrf' });
      throw new Stop('unauthorized', 'Sign in again to send. Everything stays on this device.');
    }
    ctx.csrf = body.csrf_token;
    ctx.me = body.user_id;
  })().finally(() => { ctx.renewing = null; });
  return ctx.renewing;
}

function writeHeaders(ctx) {
  return ctx.auth.Authorization ? { ...ctx.auth } : { 'X-CSRFToken': ctx.csrf };
}

async function refusedCsrf(response) {
  if (response.status !== 400) return false;
  const body = await response.clone().json().catch(() => ({}));
  return body.error === 'csrf';
}

/** A write with the flush's token; a refused token (the session changed or expired) is fetched
 * again and the write tried once more. */
async function write(ctx, path, options) {
  const send = () => call(path, { ...options, headers: { ...options.headers, ...writeHeaders(ctx) } });
  const response = await send();
  if (ctx.auth.Authorization || !(await refusedCsrf(response))) return response;
  await renewCsrf(ctx);
  return send();
}

/** On a shared tablet, work goes out only under the session of the person who submitted it. */
function authorsOwn(ctx, entry) {
  return ctx.me === null || entry.user_id == null || String(entry.user_id) === String(ctx.me);
}

function toMutation(entry) {
  return {
    mutation_id: entry.mutation_id, entity: entry.entity, entity_id: String(entry.entity_id),
    op: entry.op || 'upsert', base_version: entry.base_version ?? null, payload: entry.payload || {},
  };
}

const TOO_LARGE = 'Too large for the server to take in one sending (413, from the proxy in front of it): '
  + 'kept on this device, it is sent once the Village raises that limit. The rest of the outbox goes meanwhile.';

async function pushBatch(ctx, batch, summary) {
  let entries = batch.filter((e) => authorsOwn(ctx, e));
  if (!entries.length) return;
  for (const entry of entries) {
    await note(entry.mutation_id, { state: 'sending', attempts: (entry.attempts || 0) + 1 });
  }
  const send = () => call('/sync/push', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...writeHeaders(ctx) },
    body: JSON.stringify({ device_id: ctx.deviceId, mutations: entries.map(toMutation) }),
  });
  let response = await send();
  if (!ctx.auth.Authorization && (await refusedCsrf(response))) {
    // The tablet may have changed hands since the flush began (signing in clears the session and its
    // token): only the author's work goes out under the session the push will carry.
    await renewCsrf(ctx);
    const others = entries.filter((e) => !authorsOwn(ctx, e));
    for (const entry of others) await note(entry.mutation_id, { state: 'queued' });
    entries = entries.filter((e) => authorsOwn(ctx, e));
    if (!entries.length) return;
    response = await send();
  }
  const answer = response.ok ? await answerOf(response) : await response.json().catch(() => ({}));
  if (!response.ok && response.status === 413 && entries.length > 1) {
    // Over a body limit (a proxy's, nginx's 1 MB by default, or the app's): the batch goes in halves.
    const half = Math.ceil(entries.length / 2);
    await pushBatch(ctx, entries.slice(0, half), summary);
    await pushBatch(ctx, entries.slice(half), summary);
    return;
  }
  if (!response.ok && response.status === 413 && !answer.error) {
    // One record alone over a proxy's limit passes only once the limit is raised: it waits on this
    // device saying why, and the records behind it (and the photos) still go.
    await note(entries[0].mutation_id, { state: 'queued', too_large: true, reason: TOO_LARGE });
    return;
  }
  if (!response.ok && !answer.error) {
    // Not the app's answer (a proxy's page: busy, restarting): nothing was refused
    // by the server, so the entries go back in line and the flush stops, to try again later.
    for (const entry of entries) await note(entry.mutation_id, { state: 'queued' });
    throw new Stop('server', `The server did not answer this sending (${response.status}); kept on this device, will retry.`);
  }
  if (!response.ok) {
    // The batch as a whole was refused: the entries it names need attention, the others go back in line.
    const errors = answer.errors || {};
    for (const [i, entry] of entries.entries()) {
      const mine = Object.keys(errors).filter((k) => k.startsWith(`mutations.${i}.`));
      if (mine.length || !Object.keys(errors).length) {
        await note(entry.mutation_id, {
          state: 'attention', reason: answer.reason || `Refused (${response.status})`,
          errors: Object.fromEntries(mine.map((k) => [k.replace(`mutations.${i}.`, ''), errors[k]])),
        });
        summary.rejected += 1;
      } else {
        await note(entry.mutation_id, { state: 'queued' });
      }
    }
    return;
  }
  for (const answered of answer.results || []) {
    const entry = entries.find((e) => e.mutation_id === answered.mutation_id);
    if (!entry) continue;
    // A replay (its first answer never arrived) is answered 'duplicate' with what the first answer
    // was: a conflict kept for a supervisor is still one, not a record stored.
    const result = answered.status === 'duplicate' && answered.original_status === 'conflict'
      ? { ...answered, status: 'conflict' } : answered;
    if (result.status === 'applied' || result.status === 'duplicate') {
      summary[result.status] += 1;
      const expected = (entry.photo_ids || []).length;
      if (expected && (result.photos_received ?? 0) < expected) {
        const patch = {
          state: 'photos', version: result.version ?? null, reason: null,
          photos_expected: result.photos_expected ?? expected, photos_received: result.photos_received ?? 0,
        };
        // Not written (storage full): its photos go in this flush all the same.
        if (!(await note(entry.mutation_id, patch))) ctx.photosNext.push({ ...entry, ...patch });
      } else {
        await synced(entry.mutation_id, result);
      }
    } else {
      summary[result.status === 'conflict' ? 'conflict' : 'rejected'] += 1;
      await note(entry.mutation_id, {
        state: 'attention', reason: result.reason || (result.status === 'conflict'
          ? 'Changed on the server meanwhile: a supervisor will resolve it.' : 'Some fields need attention.'),
        errors: result.errors || {}, server_copy: result.server_copy || null, result_status: result.status,
      });
    }
  }
}

/** One photo: a single PUT (the server answers 200 for bytes it already has), or above PHOTO_RANGE
 * bytes one range after another, so a cut costs at most the range in flight. A HEAD first only when
 * the server may have it without this device knowing (an earlier PUT got no answer): it answers 200
 * for a stored photo, or how many bytes of it arrived in ranges (X-Photo-Received), resumed from. */
async function sendPhoto(ctx, photoId, unsure, summary) {
  let from = 0;
  if (unsure) {
    const head = await call(`/photos/${photoId}`, { method: 'HEAD', headers: ctx.auth });
    if (head.status === 200) return { ok: true };
    from = Number(head.headers.get('X-Photo-Received')) || 0;
  }
  const photo = await store.getPhoto(photoId);
  if (!photo || !photo.bytes) return { ok: false, reason: 'This photo is no longer on this device.' };
  const type = photo.type || 'image/jpeg';
  const blob = new Blob([photo.bytes], { type });
  const headers = { 'Content-Type': type, 'X-Content-SHA256': photo.sha256 };
  let response;
  if (blob.size <= PHOTO_RANGE) {
    response = await write(ctx, `/photos/${photoId}`, { method: 'PUT', headers, body: blob });
  } else {
    for (;;) {
      const end = Math.min(from + PHOTO_RANGE, blob.size);
      response = await write(ctx, `/photos/${photoId}`, {
        method: 'PUT', headers: { ...headers, 'Content-Range': `bytes ${from}-${end - 1}/${blob.size}` },
        body: blob.slice(from, end, type),
      });
      if (response.status !== 202 && response.status !== 416) break;
      // 202: this range is kept; 416: the server holds another count (a lost answer): go on from it.
      const { received } = await answerOf(response.clone());
      if (!Number.isInteger(received) || (response.status === 416 && received === from)) break;
      from = received;
    }
  }
  if (response.status === 200 || response.status === 201) {
    summary.photos += 1;
    return { ok: true };
  }
  const body = await response.json().catch(() => ({}));
  return { ok: false, status: response.status, reason: body.reason || `Photo refused (${response.status}).` };
}

/** Every photo of the entries whose records the server has, a few at a time. An entry leaves the outbox
 * only when all its photos are acknowledged; what was acknowledged (`photos_done`) and which PUTs were
 * started (`photos_tried`) are kept on the entry, so a cut resends no acknowledged byte. */
async function sendPhotos(ctx, summary) {
  const stored = (await store.listOutbox()).filter((e) => e.state === 'photos' && authorsOwn(ctx, e));
  const known = new Set(stored.map((e) => e.mutation_id));
  const waiting = [...stored, ...ctx.photosNext.filter((e) => !known.has(e.mutation_id))];
  const jobs = [];
  const entries = waiting.map((entry) => {
    const done = new Set(entry.photos_done || []);
    const tried = new Set(entry.photos_tried || []);
    // The server counts more than this device knows it sent (an earlier device or a lost answer).
    const serverAhead = (entry.photos_received || 0) > done.size;
    const state = { entry, done, tried, serverAhead, left: 0, problem: null, saving: Promise.resolve() };
    for (const photoId of entry.photo_ids || []) {
      if (done.has(photoId)) continue;
      state.left += 1;
      jobs.push({ state, photoId });
    }
    return state;
  });
  const save = (state) => {
    // One write after another per entry: each carries the whole of what is known by then.
    const patch = { photos_done: [...state.done], photos_tried: [...state.tried],
      photos_received: state.done.size };
    state.saving = state.saving.then(() => note(state.entry.mutation_id, patch));
    return state.saving;
  };
  const finish = async (state) => {
    const { entry } = state;
    const expected = (entry.photo_ids || []).length;
    await state.saving;
    if (state.done.size === expected) {
      await synced(entry.mutation_id, { photos_expected: expected, photos_received: expected,
        version: entry.version });
    } else if (state.problem) {
      const tries = (entry.photo_attempts || 0) + 1;
      await note(entry.mutation_id, {
        photo_attempts: tries, reason: state.problem.reason,
        state: tries >= PHOTO_TRIES ? 'attention' : 'photos',
      });
    }
  };
  // Entries with nothing left to send (all acknowledged before a cut) are finished first.
  for (const state of entries) if (!state.left) await finish(state);
  const total = jobs.length;
  let index = 0;
  let halt = null;
  const worker = async () => {
    while (!halt && index < jobs.length) {
      const { state, photoId } = jobs[index];
      index += 1;
      emit('sync-progress', { phase: 'photos', index, total, mutation_id: state.entry.mutation_id });
      const unsure = state.serverAhead || state.tried.has(photoId);
      if (!unsure) {
        state.tried.add(photoId);
        await save(state);
      }
      try {
        const outcome = await sendPhoto(ctx, photoId, unsure, summary);
        if (outcome.ok) {
          state.done.add(photoId);
          await save(state);
        } else {
          state.problem = outcome;
        }
      } catch (err) {
        halt ||= err;  // no answer: the others in flight finish, nothing new starts
        continue;
      }
      state.left -= 1;
      if (!state.left) await finish(state);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PHOTOS_IN_FLIGHT, jobs.length) }, worker));
  if (halt) throw halt;
}

/** Entries of other people wait for them (a shared tablet). */
async function sendable(ctx, entries) {
  const mine = [];
  for (const entry of entries) {
    if (!authorsOwn(ctx, entry)) {
      // Not sent now (a flush cut off by the sign-out may have left it 'sending'): it waits, queued.
      if (!entry.waiting_for_author || entry.state !== 'queued') {
        await note(entry.mutation_id, {
          state: 'queued',
          waiting_for_author: true,
          reason: 'Waits for the person who submitted it to sign in on this device.',
        });
      }
      continue;
    }
    if (entry.waiting_for_author) await note(entry.mutation_id, { waiting_for_author: false, reason: null });
    mine.push(entry);
  }
  return mine;
}

async function doFlush() {
  const summary = { applied: 0, duplicate: 0, conflict: 0, rejected: 0, photos: 0, stopped: null, remaining: 0 };
  // An entry still marked as being sent when no flush runs (this one holds the lock) was cut off
  // mid-push (the tablet went dark): it waits on the device, and says so even with no signal.
  for (const entry of await store.listOutbox()) {
    if (entry.state === 'sending') await note(entry.mutation_id, { state: 'queued' });
  }
  try {
    const ctx = await flushContext();
    ctx.deviceId = await deviceId();
    ctx.photosNext = [];
    const pending = await sendable(ctx, (await store.listOutbox()).filter((e) => e.state === 'queued' || e.state === 'sending'));
    for (let i = 0; i < pending.length; i += BATCH) {
      const batch = pending.slice(i, i + BATCH);
      emit('sync-progress', { phase: 'records', index: Math.min(i + batch.length, pending.length), total: pending.length });
      try {
        await pushBatch(ctx, batch, summary);
      } catch (err) {
        // No answer: the server may or may not have the batch; the mutation ids make a resend safe.
        for (const entry of batch) await note(entry.mutation_id, { state: 'queued' });
        throw err;
      }
    }
    await sendPhotos(ctx, summary);
  } catch (err) {
    if (!(err instanceof Stop)) throw err;
    summary.stopped = err.kind;
    summary.message = err.message;
  }
  const left = (await store.listOutbox()).filter((e) => e.state !== 'attention');
  summary.remaining = left.length;
  if (!summary.stopped) await store.setMeta('last_sync_at', new Date().toISOString()).catch(() => {});
  emit('sync-progress', { phase: 'done', index: 0, total: 0, summary });
  return summary;
}

function merged(first, then) {
  if (!first) return then;
  const out = { ...then };
  for (const key of ['applied', 'duplicate', 'conflict', 'rejected', 'photos']) {
    out[key] += first[key] || 0;
  }
  return out;
}

/** `run`, one call at a time: a call while it runs gets one more run right after it (one for all
 * such calls: the running one may have read its input before their reason came), and
 * `combine(first, then)` gives their answer. */
function oneAtATime(run, combine = (first, then) => then) {
  let current = null;
  let again = null;
  const call = () => {
    if (current) {
      again ||= current.catch(() => null).then((first) => {
        again = null;
        return call().then((then) => combine(first, then));
      });
      return again;
    }
    current = run().finally(() => { current = null; });
    return current;
  };
  call.busy = () => current !== null;
  return call;
}

/** `run` while no other tab of this app on the device runs the same work (Web Locks): two tabs
 * flushing together each pushed every record and sent every photo once more over the same weak
 * signal. A lock held too long (a tab stuck mid-flush) is waited for so long only; then `run` goes
 * on anyway (the mutation ids and the server's checks make a second send safe). */
const LOCK_WAIT_MS = 2 * 60 * 1000;

async function acrossTabs(name, run) {
  const locks = globalThis.navigator?.locks;
  if (!locks?.request || typeof AbortSignal?.timeout !== 'function') return run();
  let entered = false;
  try {
    return await locks.request(name, { signal: AbortSignal.timeout(LOCK_WAIT_MS) }, () => {
      entered = true;
      return run();
    });
  } catch (err) {
    if (entered) throw err;
    return run();
  }
}

const flushOnce = oneAtATime(() => {
  const done = acrossTabs('fairwater-flush', doFlush);
  done.then(schedule, schedule);
  return done;
}, merged);

/** Send the outbox, one flush at a time (a call during a flush gets one more right after it, its
 * summary counting both). */
export function flush() {
  return flushOnce();
}

/** Fetch everything that changed since the stored cursor into the device's work packet, one pull at
 * a time: a reset of the packet during a pull clears the cursor it already read, so a call meanwhile
 * gets one more pull after it, and the whole packet never travels twice at once. */
export const pullNow = oneAtATime(() => acrossTabs('fairwater-pull', pullPages));

async function pullPages() {
  let pages = 0;
  let fullPull = false;  // this run started from no cursor (or restarted so): all of it comes
  try {
    for (;;) {
      const cursor = await store.getMeta('cursor');
      if (!cursor) fullPull = true;
      const query = cursor ? `?since=${encodeURIComponent(cursor)}` : '';
      const response = await call(`/sync/pull${query}`, { headers: await authHeaders() });
      if (!response.ok) return { ok: false, status: response.status, pages };
      const body = await answerOf(response);
      const applied = await store.applyPull(body, { fullPull });
      pages += 1;
      if (!body.has_more && !applied.pullAgain) return { ok: true, pages };
    }
  } catch (err) {
    if (err instanceof Stop) return { ok: false, stopped: err.kind, pages };
    if (full(err)) return { ok: false, full: true, pages };  // the packet on the device stays as it was
    throw err;
  }
}

async function schedule(summary) {
  clearTimeout(timer);
  const left = (await store.listOutbox().catch(() => [])).filter((e) => e.state !== 'attention');
  // The server's first answer on this page was lost (a fault, a dropped connection, the signal
  // still there): asked again with nothing to send, and the packet pulled once it answers, as the
  // page's load would have. Offline, the 'online' event asks instead.
  const stopped = summary?.stopped;
  const unheard = !heard && (stopped === 'server' || (stopped === 'offline' && navigator.onLine));
  if (!left.length && !unheard) { backoff = BACKOFF_FIRST_MS; return; }
  // Progress resets the back-off; a flush that got nowhere doubles it, up to the cap.
  const moved = summary && (summary.applied + summary.duplicate + summary.photos) > 0;
  backoff = moved ? BACKOFF_FIRST_MS : Math.min(backoff * 2, BACKOFF_MAX_MS);
  const then = (next) => (unheard && !next.stopped ? pullNow() : pullAfter(next));
  timer = setTimeout(() => flush().then(then).catch(() => null), backoff);
}

// Records the server answered are read back as it has them (a finding's correction: now
// 'corrected'; a correction refused because the finding was withdrawn: why). A flush on 'online' or
// on load pulls anyway; one by the retry timer or for a new entry does too once the server answered
// a record: with a signal that came back unannounced (navigator.onLine true all along, as on Wi-Fi
// with no internet behind it) the device would otherwise show the finding open again, its
// correction gone from the outbox, until the next pull.
function pullAfter(summary) {
  const answered = summary && !summary.stopped
    && (summary.applied + summary.duplicate + summary.rejected + summary.conflict) > 0;
  return answered ? pullNow() : null;
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
    if (!flushOnce.busy() && navigator.onLine) setTimeout(() => flush().then(pullAfter).catch(() => null), 0);
  });
  kick();
}
