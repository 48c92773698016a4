// App shell, loaded on every page: online/offline state and the outbox count in the header, the
// service worker (registration and "a new version is ready"), persistent storage, the sign-in-again
// prompt, and automatic sync through static/js/sync.js when that module is present.
import * as store from './store.js';

const netState = document.getElementById('net-state');
const announcer = document.getElementById('app-announcer');
const banner = document.getElementById('update-banner');

// Background work (worker registration and update check, the storage request, the first sync) waits until
// the page has drawn what the user came for: on a slow tablet it competes for the one main thread during an
// offline cold start of the capture page. App-shell pages draw from IndexedDB and then set
// body[data-ready]; other pages are drawn at `load`. Never more than 2 s.
const pageDrawn = new Promise((resolve) => {
  setTimeout(resolve, 2000);
  if (!document.body.classList.contains('app-shell')) {
    if (document.readyState === 'complete') resolve();
    else addEventListener('load', () => resolve(), { once: true });
    return;
  }
  if (document.body.dataset.ready) { resolve(); return; }
  new MutationObserver((_, observer) => {
    if (document.body.dataset.ready) { observer.disconnect(); resolve(); }
  }).observe(document.body, { attributes: true, attributeFilter: ['data-ready'] });
});

function afterFirstDraw(work) {
  pageDrawn.then(work).catch(() => {});
}

/** Put words in a live region (role=status) so that they are read even when they repeat the
 * last ones: emptied first and written after a tick, a change a screen reader hears. */
export function sayIn(region, text) {
  region.textContent = '';
  setTimeout(() => { region.textContent = text; }, 30);
}

/** Say something to screen-reader users (and keep it visible nowhere else). */
export function announce(text) {
  if (announcer) sayIn(announcer, text);
}

// ------------------------------------------------------------------ header: network and outbox
let outboxCount = 0;
let attentionCount = 0;
// This person's records in the outbox, counted ahead of time (on load and on every change) so that an
// office page's Sign out reads it without waiting: {waiting, refused}, null until counted.
let mine = null;
let countsAsked = 0;

// One Outbox link for the page's life, its words changed in place: a link drawn anew on every count
// would take the keyboard's focus (and a screen reader's place) away from a person standing on it.
const offlineWords = document.createTextNode('');
const outboxLink = document.createElement('a');
outboxLink.href = '/app/outbox';
outboxLink.className = 'outbox-link';
outboxLink.id = 'outbox-count';

function renderNetState() {
  if (!netState) return;
  offlineWords.data = navigator.onLine ? '' : 'Offline ';
  if (outboxLink.parentNode !== netState) netState.replaceChildren(offlineWords, outboxLink);
  // A record the server refused is not "waiting": it is not sent again until the person acts, and
  // this line (a live region) is how they hear of it on any page.
  const words = [];
  if (outboxCount) words.push(`${outboxCount} waiting`);
  if (attentionCount) words.push(`${attentionCount} ${attentionCount === 1 ? 'needs' : 'need'} attention`);
  const text = words.length ? `Outbox: ${words.join(', ')}` : 'Outbox: all sent';
  if (outboxLink.textContent !== text) outboxLink.textContent = text;
}

async function refreshOutboxCount() {
  const asked = ++countsAsked;  // an older count that answers late is not shown over a newer one
  try {
    const [outbox, user] = await Promise.all([store.listOutbox(), store.getMeta('user')]);
    if (asked !== countsAsked) return;
    attentionCount = outbox.filter((entry) => entry.state === 'attention').length;
    outboxCount = outbox.length - attentionCount;
    mine = mineIn(outbox, user);
  } catch {
    if (asked !== countsAsked) return;
    outboxCount = 0;       // no IndexedDB (private mode): nothing can be waiting on this device
    attentionCount = 0;
    mine = NONE;
  }
  renderNetState();
}

addEventListener('online', renderNetState);
addEventListener('offline', renderNetState);
store.events.addEventListener('outbox-changed', refreshOutboxCount);
// Another tab may have queued or sent records meanwhile, or another person signed in (packet-changed).
store.events.addEventListener('packet-changed', refreshOutboxCount);
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') refreshOutboxCount();
});
addEventListener('pageshow', (event) => { if (event.persisted) refreshOutboxCount(); });
refreshOutboxCount();

// ------------------------------------------------------------------ forms in progress
// The update banner never reloads a page with a half-filled form. The capture page declares itself;
// any other form becomes "dirty" on its first input and clean again when submitted.
let formInProgress = false;

export function setFormInProgress(value) {
  formInProgress = Boolean(value);
  renderBanner();
}

function hasUnsavedInput() {
  return formInProgress || Boolean(document.querySelector('form[data-dirty]'));
}

document.addEventListener('input', (event) => {
  const f = event.target.form;
  if (f && !f.dataset.dirty) { f.dataset.dirty = '1'; renderBanner(); }
});
document.addEventListener('submit', (event) => { delete event.target.dataset.dirty; }, true);

// A form is sent once: a second press while the page waits for the server's answer (a double
// click, a slow connection) would have the server record the same thing twice. A page the
// browser brings back (Back) may be sent again, and so may a send the person stopped (Esc, the
// stop button): the browser dropped the request, and only the Navigation API says so (the
// navigation's signal aborts; no event reaches the page otherwise). Without it, sent once.
let sendingForm = null;
document.addEventListener('submit', (event) => {
  const form = event.target;
  if (event.defaultPrevented || form.method !== 'post') return;
  if (form.dataset.sending) event.preventDefault();
  else { form.dataset.sending = '1'; sendingForm = form; }
});
globalThis.navigation?.addEventListener('navigate', (event) => {
  const form = sendingForm;
  sendingForm = null;
  if (!form || !event.formData) return;
  event.signal.addEventListener('abort', () => {
    delete form.dataset.sending;
    form.dataset.dirty = '1';  // what was typed is unsent again: no update reload over it
    renderBanner();
  });
});
addEventListener('pageshow', (event) => {
  if (!event.persisted) return;
  for (const form of document.querySelectorAll('form[data-sending]')) delete form.dataset.sending;
});

// A page the server answered a form with opens where the answer is, not at the top of the page:
// on the first field to fix (a screen reader says its label and its error), else on the message
// saying what the action did or why it was refused (a status or an alert: a notice that is part of
// the record, such as a partial inspection's, is read in its place).
const landing = document.querySelector('main [aria-invalid="true"]')
  || document.querySelector('main .flash[role], main p.error[role=alert]');
if (landing && document.activeElement === document.body) {
  if (!landing.matches('input, select, textarea')) landing.tabIndex = -1;
  landing.focus();
}

// ------------------------------------------------------------------ service worker and updates
let waitingWorker = null;
let userAgreed = false;

// A newer version of the app opened the tablet's database from another tab (store.js): this page's
// code can no longer use it, and reloading is the way on, whatever the page holds.
let newerVersionOpen = false;
// A page that says it itself, with what became of its work (the capture page), takes it over: the
// banner then does not say it again (said once, in one place).
let newerVersionSaidByPage = false;

export function newerVersionSaidHere() {
  newerVersionSaidByPage = true;
  if (banner && newerVersionOpen) banner.hidden = true;
}

function renderNewerVersion() {
  if (newerVersionSaidByPage) return;
  banner.replaceChildren();
  const text = document.createElement('span');
  text.textContent = `${store.NEWER_VERSION} `;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'btn btn-primary';
  button.id = 'update-reload';
  button.textContent = 'Reload to update';
  button.addEventListener('click', () => location.reload());
  banner.append(text, button);
  if (banner.hidden) {
    banner.hidden = false;
    announce(store.NEWER_VERSION);
  }
}

store.events.addEventListener('newer-version-closed', () => {
  newerVersionOpen = true;
  if (banner) renderNewerVersion();
});

function renderBanner() {
  if (banner && newerVersionOpen) {
    renderNewerVersion();
    return;
  }
  if (!banner || !waitingWorker) return;
  banner.replaceChildren();
  const text = document.createElement('span');
  text.textContent = 'A new version of the app is ready. ';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'btn btn-primary';
  button.id = 'update-reload';
  button.textContent = 'Reload to update';
  banner.append(text, button);
  if (hasUnsavedInput()) {
    button.disabled = true;
    const wait = document.createElement('span');
    wait.className = 'small';
    wait.id = 'update-wait';
    wait.textContent = ' Finish or submit the form on this page first: it will not be interrupted.';
    banner.append(wait);
  }
  button.addEventListener('click', () => {
    if (hasUnsavedInput() || !waitingWorker) return;
    userAgreed = true;
    // Another tab may have let the new version in already: then this page only needs reloading.
    if (waitingWorker.state !== 'installed') {
      location.reload();
      return;
    }
    waitingWorker.postMessage({ type: 'SKIP_WAITING' });
  });
  if (banner.hidden) {
    banner.hidden = false;
    announce('A new version of the app is ready.');
  }
}

function offerUpdate(worker) {
  waitingWorker = worker;
  renderBanner();
}

async function registerWorker() {
  if (!('serviceWorker' in navigator)) return;
  let registration;
  try {
    registration = await navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  } catch {
    return;              // not built yet, or not a secure context: the pages still work online
  }
  if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) offerUpdate(worker);
    });
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && navigator.onLine) registration.update().catch(() => {});
  });
}

if ('serviceWorker' in navigator) {
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first install also changes the controller (clients.claim): reload only when asked to.
    if (userAgreed && !reloading) {
      reloading = true;
      location.reload();
    }
  });
}
afterFirstDraw(registerWorker);

// ------------------------------------------------------------------ storage
/** {usage, quota, persisted, low} in bytes; nulls where the browser does not say. */
export async function storageReport() {
  const s = navigator.storage;
  const estimate = s?.estimate ? await s.estimate().catch(() => ({})) : {};
  const persisted = s?.persisted ? await s.persisted().catch(() => false) : false;
  const usage = estimate.usage ?? null;
  const quota = estimate.quota ?? null;
  const left = usage !== null && quota !== null ? quota - usage : null;
  // Low: under 10 % or under 100 MB (about 200 photos) left.
  const low = left !== null && (left < 100 * 1024 * 1024 || left < quota * 0.1);
  return { usage, quota, left, persisted, low };
}

export function formatBytes(n) {
  if (n === null || n === undefined) return 'unknown';
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(1)} GB`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(n / 1024))} KB`;
}

export async function renderStorage(line, persistLine = null) {
  if (!line) return;
  const r = await storageReport();
  line.textContent = r.usage === null
    ? 'This browser does not report its storage.'
    : `Used on this device: ${formatBytes(r.usage)}; room left: ${formatBytes(r.left)}.`;
  line.classList.toggle('storage-low', r.low);
  if (r.low) line.textContent += ' Storage is running low: sync the outbox soon; nothing unsent is ever deleted.';
  if (persistLine) {
    persistLine.textContent = r.persisted
      ? 'The browser has agreed to keep this app\'s data (persistent storage).'
      : 'The browser may clear this data when the tablet runs short of space. Install the app to the home screen to keep it.';
  }
}

async function askPersistence() {
  try {
    if (navigator.storage?.persist && !(await navigator.storage.persisted())) await navigator.storage.persist();
  } catch { /* not offered by this browser */ }
}
afterFirstDraw(askPersistence);

// ------------------------------------------------------------------ sign-in state and sync
function showSignIn(show) {
  const note = document.getElementById('sync-signin');
  if (!note) return;
  // Said as it appears (a note shown is not read out): nothing is sent until the person signs in.
  if (show && note.hidden) announce(document.getElementById('sync-signin-words').textContent);
  note.hidden = !show;
}

const signOut = document.getElementById('sign-out');
const signOutNote = document.getElementById('sign-out-note');

async function renderUser() {
  const who = document.getElementById('shell-user');
  const user = await store.getMeta('user').catch(() => null);
  if (who) who.textContent = user ? `${user.name} (${user.role})` : 'Not signed in on this device';
  if (signOut) signOut.hidden = !user;
  // Online, a device that knows nobody yet asks the server first (its first sync): the note shows
  // if the server says nobody is signed in (sync-unauthorized), not before, so it does not appear
  // and vanish again on a first visit after signing in, moving the page under a thumb.
  const askServer = navigator.onLine && !signedOutPage;
  if (!user && document.body.classList.contains('app-shell') && !askServer) showSignIn(true);
}

// Signing out is the server's (POST /logout with a CSRF token): with no connection nothing is
// queued, the page says so and the person stays signed in.
const OFFLINE_SIGN_OUT = 'Signing out needs a connection: this tablet is offline. Nothing was changed; '
  + 'try again when there is a signal.';

function sayNoConnection() {
  if (signOutNote) signOutNote.textContent = OFFLINE_SIGN_OUT;
  announce(OFFLINE_SIGN_OUT);  // the note is not a live region: said once, and again on another tap
}

async function onSignOut() {
  signOutNote.textContent = '';
  let token = null;
  if (navigator.onLine) {
    try {
      const options = { credentials: 'same-origin', cache: 'no-store' };
      const response = await fetch('/api/v1/csrf', options);
      if (response.ok) token = (await response.json()).csrf_token;
    } catch { /* no connection after all */ }
  }
  if (!token) {
    sayNoConnection();
    return;
  }
  const found = await waitingMine();
  if (anyMine(found)) {
    askFirst(found, () => {
      if (offlineNow()) return false;
      submitSignOut(token);
      return true;
    }, signOut);
    return;
  }
  submitSignOut(token);
}

// This person's records still in the outbox are sent only when they sign in on this tablet again,
// which on a shared tablet may be days: signing out asks first. A record the server refused
// ('attention') is not waiting: no sending clears it, only the person (edit and send again, or
// discard, in the outbox). It stays on the tablet too, so it is asked about as well, in its own words.
const NONE = { waiting: 0, refused: 0 };

function mineIn(outbox, user) {
  const own = outbox.filter((e) => e.user_id == null || String(e.user_id) === String(user?.id));
  const refused = own.filter((e) => e.state === 'attention').length;
  return { waiting: own.length - refused, refused };
}

const anyMine = (found) => Boolean(found && (found.waiting || found.refused));

async function waitingMine() {
  try {
    const [user, outbox] = await Promise.all([store.getMeta('user'), store.listOutbox()]);
    return mineIn(outbox, user);
  } catch {
    return NONE;
  }
}

const ask = document.getElementById('sign-out-ask');
const askWords = document.getElementById('sign-out-ask-words');
const askSend = document.getElementById('sign-out-send');
const askFix = document.getElementById('sign-out-fix');
let proceed = null;      // signs out: the field app's own form, or an office page's
let askedFrom = null;    // the Sign out button, focused again on "Stay signed in"
let leaving = false;     // one sign-out sent, however often a button is pressed
let refusedAsked = 0;    // refused records the person was told of: one refused by "Send now" is told too

function waitingWords(n) {
  const one = n === 1;
  return `${n} record${one ? '' : 's'} of yours ${one ? 'is' : 'are'} waiting in the outbox. `
    + `${one ? 'It stays' : 'They stay'} on this tablet and ${one ? 'is' : 'are'} sent only when you `
    + 'sign in here again.';
}

function refusedWords(n) {
  const one = n === 1;
  return `${n} record${one ? '' : 's'} of yours ${one ? 'was' : 'were'} refused by the Village's server. `
    + `${one ? 'It stays' : 'They stay'} on this tablet and ${one ? 'is' : 'are'} not sent again until `
    + `you put ${one ? 'it' : 'them'} right in the outbox.`;
}

// What is on the tablet, each in its own words; "Send now" only when something can be sent.
function showMine(found, why = '') {
  const words = [why];
  if (found.waiting) words.push(waitingWords(found.waiting));
  if (found.refused) words.push(refusedWords(found.refused));
  if (found.waiting) words.push('Send now while there is a signal?');
  askWords.textContent = words.filter(Boolean).join(' ');
  askSend.hidden = !found.waiting;
  if (askFix) askFix.hidden = !found.refused;
}

function askFirst(found, then, from) {
  proceed = then;
  askedFrom = from;
  refusedAsked = found.refused;
  showMine(found);
  ask.hidden = false;
  askWords.focus();  // a screen reader reads the question; Tab reaches its buttons next
}

function goOn() {
  if (leaving) return;
  leaving = proceed?.() !== false;  // false: not sent (no connection), the person may try again
}

// The signal went while the question was open: it closes and the page says why nothing happened.
function offlineNow() {
  if (navigator.onLine) return false;
  stay();
  sayNoConnection();
  return true;
}

function stay() {
  ask.hidden = true;
  askedFrom?.focus();
}

ask?.querySelector('#sign-out-stay').addEventListener('click', stay);
ask?.addEventListener('keydown', (event) => { if (event.key === 'Escape') stay(); });
ask?.querySelector('#sign-out-anyway').addEventListener('click', goOn);
ask?.querySelector('#sign-out-send').addEventListener('click', async (event) => {
  const button = event.currentTarget;
  button.disabled = true;
  askWords.textContent = 'Sending…';
  let summary = null;
  try {
    const sync = await syncReady;
    summary = await sync?.flush();
  } catch { /* counted below: what is left still waits */ }
  button.disabled = false;
  const left = await waitingMine();
  // Refused records the person was told of stay, as they chose; one refused just now is said first.
  if (!left.waiting && left.refused <= refusedAsked) {
    goOn();
    return;
  }
  refusedAsked = left.refused;
  const why = summary?.stopped === 'offline' || !navigator.onLine
    ? 'There is no connection, so nothing could be sent now.'
    : 'Not everything could be sent.';
  showMine(left, why);
  announce(askWords.textContent);
  askWords.focus();
});
addEventListener('pageshow', (event) => { if (event.persisted) leaving = false; });

function submitSignOut(token) {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = '/logout';
  const input = Object.assign(document.createElement('input'),
    { type: 'hidden', name: 'csrf_token', value: token });
  form.append(input);
  document.body.append(form);
  localStorage.setItem(SIGNED_OUT_KEY, '1');
  form.submit();
}
signOut?.addEventListener('click', onSignOut);

// Signing out (here or from an office page's form): the next page the device shows holds nobody
// (the last person's packet is cleared and their drafts stop showing). The mark is written
// synchronously so the sign-out's own navigation is never held up.
// An office page's Sign out is a plain form and is sent at once, with nothing awaited before it: held
// up even for the tablet's storage, it could reach the server after the next person's sign-in. It
// asks first only when this person's records are already counted as waiting (or refused); not
// counted yet, or no storage at all (private mode), it goes as it is. With no connection it is not
// sent (the browser would show its offline page): the page says so, as the field app does. Listened
// to in the capture phase: a sign-out asked about and not sent is not marked as sent (a second press
// would do nothing).
const SIGNED_OUT_KEY = 'fairwater-signed-out';

function sendOfficeSignOut(form) {
  if (offlineNow()) return false;
  localStorage.setItem(SIGNED_OUT_KEY, '1');
  form.submit();  // fires no submit event: not asked twice
  return true;
}

document.addEventListener('submit', (event) => {
  const form = event.target;
  const path = new URL(form.action, location.href).pathname;
  if (path !== '/logout') return;
  if (signOutNote) signOutNote.textContent = '';
  if (!navigator.onLine) {
    event.preventDefault();
    sayNoConnection();
    return;
  }
  if (ask && anyMine(mine)) {
    event.preventDefault();
    askFirst(mine, () => sendOfficeSignOut(form), event.submitter);
    return;
  }
  localStorage.setItem(SIGNED_OUT_KEY, '1');
}, true);
// The sign-out never reached the server (the service worker's page): the person is still signed in,
// and the tablet keeps going by them.
if (document.body.hasAttribute('data-sign-out-failed')) localStorage.removeItem(SIGNED_OUT_KEY);
const letGo = localStorage.getItem(SIGNED_OUT_KEY)
  ? store.adoptSignedIn(null).then(() => localStorage.removeItem(SIGNED_OUT_KEY)).catch(() => {})
  : Promise.resolve();

// A page rendered for nobody (the sign-in page) syncs nothing: every request would be refused.
const signedOutPage = document.body.hasAttribute('data-signed-out');
renderUser();
store.events.addEventListener('packet-changed', (event) => {
  if (!event.detail?.signedOut) showSignIn(false);
  renderUser();
  // A different person signed in: the packet was cleared, fetch theirs in full.
  if (event.detail?.reset && !event.detail.fromOtherTab) {
    syncReady.then((sync) => sync?.pullNow?.()).catch(() => {});
  }
});
// sync.js dispatches this when the server answers 401: keep working from the device, offer sign-in.
addEventListener('sync-unauthorized', () => showSignIn(true));
// The first sync could not reach the server, and nobody is known on this device: say how to sync.
addEventListener('sync-progress', async (event) => {
  if (event.detail?.phase !== 'done' || event.detail.summary?.stopped !== 'offline') return;
  if (!(await store.getMeta('user').catch(() => null))) showSignIn(document.body.classList.contains('app-shell'));
});
addEventListener('offline', () => renderUser());

for (const a of document.querySelectorAll('.app-shell .nav a[href]')) {
  if (a.getAttribute('href') === location.pathname) a.setAttribute('aria-current', 'page');
}

/** The sync module (static/js/sync.js), or null while it does not exist or on a signed-out page. */
async function startSync() {
  // Imported once the page has drawn: not one more module to load before it (cold start).
  await Promise.all([pageDrawn, letGo]);
  const sync = await import('./sync.js');
  sync.startAutoSync?.();
  return sync;
}
export const syncReady = signedOutPage ? Promise.resolve(null) : startSync().catch(() => null);
