// The sign-out question, on the field app's Sign out and on an office page's: signing out while this
// person's records wait in the outbox (or were refused by the server) asks first, with "Send now",
// "Sign out, keep them here" and "Stay signed in" (Escape). With no connection nothing is sent and
// the words under Sign out say so. Set up once by shell.js (setUpSignOut), which counts the outbox.
import * as store from './store.js';

const signOut = document.getElementById('sign-out');
const signOutNote = document.getElementById('sign-out-note');
let announce = () => {};
let syncReady = () => Promise.resolve(null);

// Signing out is the server's (POST /logout with a CSRF token): with no connection nothing is
// queued, the page says so and the person stays signed in.
// Online by the tablet's account but no answer (Wi-Fi with no internet, the server down): the words
// do not send the person looking for a signal the tablet has.
const NO_CONNECTION = {
  offline: 'this tablet is offline',
  silent: "the Village's server could not be reached",
};

function sayNoConnection(why = 'offline') {
  const words = `Signing out needs a connection: ${NO_CONNECTION[why]}. Nothing was changed; `
    + 'try again when there is a signal.';
  if (signOutNote) signOutNote.textContent = words;
  announce(words);  // the note is not a live region: said once, and again on another tap
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
    sayNoConnection(navigator.onLine ? 'silent' : 'offline');
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

// This person's records in the outbox, counted ahead of time (on load and on every change) so that an
// office page's Sign out reads it without waiting: {waiting, refused}, null until counted.
let mine = null;

/** Count this person's records in the outbox (shell.js, with its header count); no outbox (no
 * IndexedDB, private mode): nothing can be waiting on this device. */
export function countMine(outbox, user) {
  mine = outbox ? mineIn(outbox, user) : NONE;
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

async function sendNow(event) {
  const button = event.currentTarget;
  button.disabled = true;
  askWords.textContent = 'Sending…';
  let summary = null;
  try {
    const sync = await syncReady();
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
}

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

function onOfficeSignOut(event) {
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
}

/** Listen to the page's Sign out (the field app's button, an office page's form) and the question's
 * buttons. `announce(text)` says words to a screen reader; `syncReady()` gives the promise of the sync
 * module ("Send now" flushes through it). Returns a promise settled once a sign-out sent from the
 * last page has let its person go (the device then holds nobody). */
export function setUpSignOut(deps) {
  announce = deps.announce;
  syncReady = deps.syncReady;
  ask?.querySelector('#sign-out-stay').addEventListener('click', stay);
  ask?.addEventListener('keydown', (event) => { if (event.key === 'Escape') stay(); });
  ask?.querySelector('#sign-out-anyway').addEventListener('click', goOn);
  ask?.querySelector('#sign-out-send').addEventListener('click', sendNow);
  addEventListener('pageshow', (event) => { if (event.persisted) leaving = false; });
  signOut?.addEventListener('click', onSignOut);
  document.addEventListener('submit', onOfficeSignOut, true);
  // The sign-out never reached the server (the service worker's page): the person is still signed in,
  // and the tablet keeps going by them.
  if (document.body.hasAttribute('data-sign-out-failed')) localStorage.removeItem(SIGNED_OUT_KEY);
  return localStorage.getItem(SIGNED_OUT_KEY)
    ? store.adoptSignedIn(null).then(() => localStorage.removeItem(SIGNED_OUT_KEY)).catch(() => {})
    : Promise.resolve();
}
