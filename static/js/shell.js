// App shell, loaded on every page: online/offline state and the outbox count in the header, the
// service worker (registration and "a new version is ready"), persistent storage, the sign-in-again
// prompt, Sign out (its question while work waits: static/js/sign-out-question.js), and automatic sync
// through static/js/sync.js when that module is present.
import { countMine, setUpSignOut } from './sign-out-question.js';
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
 * last ones: emptied first and written after a tick, a change a screen reader hears. With `inView`,
 * the region is then brought into view. */
export function sayIn(region, text, { inView = false } = {}) {
  region.textContent = '';
  setTimeout(() => {
    region.textContent = text;
    if (inView) region.scrollIntoView({ block: 'nearest' });
  }, 30);
}

/** Say the result of a form's button in its status line, and bring the line into view: it stands under
 * the button, below the screen's foot when the button was tapped there. */
export const confirmIn = (region, text) => sayIn(region, text, { inView: true });

/** Say something to screen-reader users (and keep it visible nowhere else). */
export function announce(text) {
  if (announcer) sayIn(announcer, text);
}

// ------------------------------------------------------------------ header: network and outbox
let outboxCount = 0;
let attentionCount = 0;
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
    countMine(outbox, user);
  } catch {
    if (asked !== countsAsked) return;
    outboxCount = 0;       // no IndexedDB (private mode): nothing can be waiting on this device
    attentionCount = 0;
    countMine(null);
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
// the record, such as a partial inspection's, is read in its place), or on what the page marks as
// the answer (data-landing: a new device's token, shown once).
const landing = document.querySelector('main [aria-invalid="true"]')
  || document.querySelector('main .flash[role], main p.error[role=alert], main [data-landing]');
// A message with an address of a part of the page (/sites/1#rain-h after choosing its gauge): the
// browser, going to that part, would take the focus off the message, so the keyboard goes to that
// part (the browser then leaves it there) and the message is said.
const part = landing?.matches('.flash') && location.hash
  ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
if (part && document.activeElement === document.body) {
  part.tabIndex = -1;
  part.focus();
  announce(landing.textContent.trim());
} else if (landing && document.activeElement === document.body) {
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
  // Reloading is the way on whatever the page holds: the button is never held back.
  const button = updateBanner(store.NEWER_VERSION, { holdBack: false });
  button.addEventListener('click', () => location.reload());
  revealBanner(store.NEWER_VERSION);
}

store.events.addEventListener('newer-version-closed', () => {
  newerVersionOpen = true;
  if (banner) renderNewerVersion();
});

// Another tab let a new version in (the person agreed there): the service worker now serves the new
// version's files while this page runs the old code, whose parts loaded later (the capture page's
// photos.js and markup.js, the photo worker) would be the new version's and may not fit it (a photo
// taken then was refused). The page saves what it holds and stops, as for a newer database
// (store.js `newer-version`; the capture page says so itself), and the banner says to reload.
let updatedElsewhere = false;
let updatedElsewhereSaid = false;

function updatedInAnotherTab() {
  if (updatedElsewhere) return;
  updatedElsewhere = true;
  const saves = [];
  store.events.dispatchEvent(new CustomEvent('newer-version', {
    detail: { waitUntil: (promise) => saves.push(promise) },
  }));
  const limit = new Promise((resolve) => { setTimeout(resolve, 3000); });
  Promise.race([Promise.allSettled(saves), limit]).then(renderBanner);
}

/** The banner's words and its "Reload to update" button (returned), held back while a form on
 * the page is half filled: a reload would interrupt it. */
function updateBanner(words, { holdBack = true } = {}) {
  banner.replaceChildren();
  const text = document.createElement('span');
  text.textContent = `${words} `;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'btn btn-primary';
  button.id = 'update-reload';
  button.textContent = 'Reload to update';
  banner.append(text, button);
  if (holdBack && hasUnsavedInput()) {
    button.disabled = true;
    const wait = document.createElement('span');
    wait.className = 'small';
    wait.id = 'update-wait';
    wait.textContent = ' Finish or submit the form on this page first: it will not be interrupted.';
    banner.append(wait);
  }
  return button;
}

/** Show the banner, and say its words, when it was hidden: said once, not on every redraw. */
function revealBanner(words) {
  if (!banner.hidden) return;
  banner.hidden = false;
  announce(words);
}

function renderUpdatedElsewhere() {
  if (newerVersionSaidByPage) {
    banner.hidden = true;
    return;
  }
  const words = 'The field app was updated in another tab: reload this page to use the new version.';
  const button = updateBanner(words);
  button.addEventListener('click', () => { if (!hasUnsavedInput()) location.reload(); });
  banner.hidden = false;
  if (!updatedElsewhereSaid) {
    updatedElsewhereSaid = true;
    announce(words);
  }
}

function renderBanner() {
  if (banner && newerVersionOpen) {
    renderNewerVersion();
    return;
  }
  if (banner && updatedElsewhere) {
    renderUpdatedElsewhere();
    return;
  }
  if (!banner || !waitingWorker) return;
  const button = updateBanner('A new version of the app is ready.');
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
  revealBanner('A new version of the app is ready.');
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
  let controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first install also changes the controller (clients.claim): reload only when asked to.
    const wasControlled = controlled;
    controlled = true;
    if (userAgreed) {
      if (!reloading) {
        reloading = true;
        location.reload();
      }
    } else if (wasControlled) {
      updatedInAnotherTab();
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

// Sign out, and the question it asks while this person's records wait (static/js/sign-out-question.js).
const letGo = setUpSignOut({ announce, syncReady: () => syncReady });

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
