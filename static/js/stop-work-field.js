// /app/stop-work: an inspector posts a stop-work order on site, with or without a signal. The order is
// queued as entity `stop_work_order` (docs/sync-protocol.md) together with the notice photo, in the device's outbox.
import * as store from './store.js';
import { withHash } from './canonical.js';
import { processFile, PhotoError } from './photos.js';
import { orderWaitingWords, ordersWaitingBySite } from './orders-waiting.js';
import { announce, sayIn } from './shell.js';
import { asSent, keptKey, keptPhoto, refusedOrder, serverMarks } from './stop-work-again.js';
import { tooLong } from './text-limits.js';
import { clockWarning, villageDate, villageHourMinute, villageNow, villageTime, villageToUtc } from './village-time.js';

const $ = (id) => document.getElementById(id);
const form = $('sw-form');
// The "when" field is on the Village's clock, whatever zone the tablet is set to.
const localNow = (d = new Date()) => `${villageDate(d)}T${villageHourMinute(d)}`;

function setError(id, message) {
  const p = $(`${id}-error`);
  p.textContent = message || '';
  const input = $(id);
  if (message) { input.setAttribute('aria-invalid', 'true'); input.setAttribute('aria-describedby', p.id); }
  else input.removeAttribute('aria-invalid');
  return !message;
}

const sitesById = new Map();

// § 256-10A(2) and (3) speak of a permit's control plan and conditions: at a site with no permit in
// force (the work packet says), only (1) can ground the order, as the server checks. A packet from
// before `in_force` was sent leaves every ground to the server's check.
function permitInForce(site) {
  if (!site) return true;
  return Boolean(site.permit) && site.permit.in_force !== false;
}

function offerGrounds() {
  const site = sitesById.get($('sw-site').value);
  const inForce = permitInForce(site);
  for (const box of form.querySelectorAll('input[name=grounds]')) {
    const allowed = inForce || box.value === 'no_permit';
    box.disabled = !allowed;
    if (!allowed) box.checked = false;
  }
  $('sw-no-permit-note').hidden = inForce;
}

// ------------------------------------------------------------------ the unfinished order
// What was typed stays on this device until the order is posted: leaving the page (another app, a
// reload, the camera app) loses nothing. One unfinished order per person: meta
// `stop_work_draft:<user id>` (docs/device-storage.md). The photo is read only when the order is
// posted, so it is chosen again.
let draftKey = null;
let draftTimer = null;
// The refused order being put right (?again=<mutation id>, stop-work-again.js), or null for a new one.
let again = null;
let againPhoto = null;  // its notice photo, kept unless another is chosen
let clockOffset = null;  // the tablet's clock against the server's (villageNow)

function typed() {
  return {
    site: $('sw-site').value,
    grounds: [...form.querySelectorAll('input[name=grounds]:checked')].map((i) => i.value),
    notes: $('sw-notes').value,
    when: $('sw-when').value,
  };
}

async function keepTyped() {
  clearTimeout(draftTimer);
  draftTimer = null;
  if (!draftKey) return;
  const now = typed();
  const started = again || now.grounds.length || now.notes.trim();
  const value = started ? { ...now, saved_at: new Date().toISOString() } : null;
  // Issued before any await, and kept in localStorage until it commits: keepTyped also runs as the
  // page is left (pagehide), which may end before the write does (left-writes.js).
  await store.setMetaLeaving(draftKey, value);
}

function keepSoon() {
  clearTimeout(draftTimer);
  draftTimer = setTimeout(() => keepTyped().catch(() => {}), 250);
}

function fill(kept) {
  if (sitesById.has(kept.site)) $('sw-site').value = kept.site;
  offerGrounds();
  for (const box of form.querySelectorAll('input[name=grounds]')) {
    box.checked = !box.disabled && kept.grounds.includes(box.value);
  }
  $('sw-notes').value = kept.notes || '';
  $('sw-when').value = kept.when || localNow();
}

const backWords = (kept) => `Your unfinished order is back as it was saved on this device at ${villageTime(kept.saved_at, 'time')}. `
  + 'A photo chosen before is not kept: choose it again.';

// ------------------------------------------------------------------ a refused order put right
// A field the server named stays marked with its words while it holds what was refused.
function fieldValue(id) {
  if (id === 'sw-grounds') {
    return [...form.querySelectorAll('input[name=grounds]:checked')].map((i) => i.value).sort().join();
  }
  return id === 'sw-photo' ? String($('sw-photo').files.length) : $(id).value;
}

function showAgain(kept) {
  const sent = asSent(again);
  fill(sent);
  const refusedValues = new Map(['sw-site', 'sw-grounds', 'sw-notes', 'sw-when', 'sw-photo'].map((id) => [id, fieldValue(id)]));
  if (kept) fill(kept);
  const { fields, others } = serverMarks(again);
  for (const [id, message] of fields) {
    if (fieldValue(id) === refusedValues.get(id)) setError(id, message);
    const unmark = () => { if (fieldValue(id) !== refusedValues.get(id)) setError(id, ''); };
    $(id).addEventListener(id === 'sw-notes' || id === 'sw-when' ? 'input' : 'change', unmark);
  }
  const site = sitesById.get(sent.site)?.name || 'a site';
  $('sw-again-why').textContent = `The Village's server refused the order you posted at ${site} `
    + `(${villageTime(again.payload?.posted_at || again.created_at, 'moment', villageNow(clockOffset))}): ${again.reason || 'some fields need attention.'} `
    + `${fields.length ? 'What it named is marked below. ' : ''}Put it right and send it again: it takes the refused `
    + 'one\'s place in the outbox, which keeps it as it was until then.';
  $('sw-again-errors').replaceChildren(...others.map(([label, message]) => {
    const li = document.createElement('li');
    li.textContent = `${label}: ${message}`;
    return li;
  }));
  $('sw-again').hidden = false;
  // Named for what it does (a screen reader says the title and heading first): not a second order.
  const named = 'Put right a refused stop-work order';
  document.title = document.title.replace(document.querySelector('h1').textContent, named);
  document.querySelector('h1').textContent = named;
  $('sw-photo-kept').hidden = !againPhoto;
  $('sw-send').textContent = 'Send the order again';
  if (kept) sayIn($('sw-state'), `What you changed is back as it was saved on this device at ${villageTime(kept.saved_at, 'time')}.`);
}

async function openAgain(mutationId, user) {
  const found = await refusedOrder(mutationId, user);
  if (!found.entry) {
    $('sw-again-why').textContent = found.problem;
    $('sw-again').hidden = false;
    if (found.theirs) form.hidden = true;
    return;
  }
  again = found.entry;
  againPhoto = await keptPhoto(again);
  draftKey = keptKey(mutationId);
}

// Put right and queued in its place: the form is for a new order again (the person's unfinished one back).
async function leaveAgain(user) {
  again = null;
  againPhoto = null;
  draftKey = `stop_work_draft:${user.id}`;
  history.replaceState(null, '', '/app/stop-work');
  $('sw-again').hidden = true;
  $('sw-photo-kept').hidden = true;
  $('sw-send').textContent = 'Post the stop-work order';
  for (const id of ['sw-site', 'sw-grounds', 'sw-notes', 'sw-when', 'sw-photo']) setError(id, '');
  const kept = await store.getMeta(draftKey).catch(() => null);
  if (kept) fill(kept);
  return kept;
}

// An order this person posted at the chosen site that the server does not have yet: said beside the
// site, so that it is not posted a second time (two orders, two compliance clocks).
async function sayWaiting() {
  const note = $('sw-waiting-note');
  const site = $('sw-site').value;
  const user = await store.getMeta('user');
  const waiting = (site ? ordersWaitingBySite(await store.listOutbox(), user).get(site) || [] : [])
    .filter((entry) => entry.mutation_id !== again?.mutation_id);  // the one being put right here
  if (site !== $('sw-site').value) return;  // another site was chosen meanwhile
  note.textContent = waiting.map((entry) => orderWaitingWords(entry, 'it waits in the outbox to be sent: it need not be posted again.', villageNow(clockOffset))).join(' ');
  note.hidden = !waiting.length;
}

async function setUp() {
  const user = await store.getMeta('user');
  if (user && user.role === 'permittee') {
    $('sw-role-note').hidden = false;
    form.hidden = true;
  } else if (user) {
    draftKey = `stop_work_draft:${user.id}`;
  }
  clockOffset = await store.getMeta('clock_offset');
  const clock = clockWarning(clockOffset, 'the posting time it fills in, the photo\'s time');
  $('clock-warning').textContent = clock;
  $('clock-warning').hidden = !clock;
  const wanted = new URLSearchParams(location.search).get('site');
  for (const site of await store.listSites()) {
    sitesById.set(String(site.id), site);
    const option = new Option(site.name, site.id);
    if (String(site.id) === wanted) option.selected = true;
    $('sw-site').append(option);
  }
  $('sw-site').addEventListener('change', offerGrounds);
  $('sw-site').addEventListener('change', () => sayWaiting().catch(() => {}));
  // A message stays only while its mistake does: once the field is put right, it goes.
  const putRight = (id, fixed) => () => {
    if ($(id).getAttribute('aria-invalid') && fixed()) setError(id, '');
  };
  $('sw-site').addEventListener('change', putRight('sw-site', () => $('sw-site').value));
  $('sw-grounds').addEventListener('change',
    putRight('sw-grounds', () => form.querySelector('input[name=grounds]:checked')));
  $('sw-notes').addEventListener('input', putRight('sw-notes', () => !notesProblem($('sw-notes').value.trim())));
  const againId = new URLSearchParams(location.search).get('again');
  if (againId && draftKey) await openAgain(againId, user);
  offerGrounds();
  $('sw-when').value = localNow();
  const kept = draftKey ? await store.getMeta(draftKey) : null;
  if (again) showAgain(kept);
  else if (kept) {
    fill(kept);
    sayIn($('sw-state'), backWords(kept));
  }
  await sayWaiting().catch(() => {});
  form.addEventListener('input', keepSoon);
  form.addEventListener('change', keepSoon);
  const flush = () => { if (draftTimer) keepTyped().catch(() => {}); };
  addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') flush(); });
  document.body.dataset.ready = 'stop-work';
}

// The server's limit on what was found (inspector/services/enforcement.py REASON_MAX), counted as it
// counts (characters, trimmed): refused here while it can be shortened, not after it is sent.
export const NOTES_MAX = 4000;

function notesProblem(notes) {
  if (!notes) return 'Describe what you found.';
  return tooLong(notes, NOTES_MAX, 'post the order') || '';
}

// A second press while the first is still being saved (its photo made ready, which takes a
// moment) would queue a second order: one press, one order.
let saving = false;
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  if (saving) return;
  saving = true;
  try {
    await saveOrder();
  } finally {
    saving = false;
  }
});

async function saveOrder() {
  const grounds = [...form.querySelectorAll('input[name=grounds]:checked')].map((i) => i.value);
  const notes = $('sw-notes').value.trim();
  const postedAt = villageToUtc(...$('sw-when').value.split('T'));
  const when = new Date(postedAt ?? NaN);
  const ok = [
    setError('sw-site', $('sw-site').value ? '' : 'Choose the site.'),
    setError('sw-grounds', grounds.length ? '' : 'Tick at least one ground: an order must say why it is issued.'),
    setError('sw-notes', notesProblem(notes)),
    setError('sw-when', !Number.isNaN(when.getTime()) && when <= new Date(Date.now() + 5 * 60000) ? '' : 'Enter when the order was posted (not in the future).'),
  ].every(Boolean);
  if (!ok) {
    // The first field to fix takes the focus (the grounds: their first box), so a screen reader
    // says its label and its error.
    const first = form.querySelector('[aria-invalid="true"]');
    (first.matches('fieldset') ? first.querySelector('input:not(:disabled)') : first).focus();
    announce('Check the marked fields.');
    return;
  }
  // The order put right keeps its id: the server never stored it, and were it to hold one by that id
  // after all, the resend is refused as a conflict, never stored as a second order.
  const orderId = again ? again.entity_id : crypto.randomUUID();
  let photo = null;
  const file = $('sw-photo').files[0];
  if (file) {
    try {
      photo = await processFile(file, { inspectionId: null, itemCode: null });
    } catch (error) {
      setError('sw-photo', error instanceof PhotoError ? error.message : `The photo could not be read: ${error.message}`);
      // As for any field to fix: the focus on it says its label and its error.
      $('sw-photo').focus();
      announce('Check the marked fields.');
      return;
    }
  }
  const sentPhoto = photo ? { id: photo.id, item_code: null, sha256: photo.sha256, taken_at: photo.taken_at,
    taken_at_source: photo.taken_at_source || null, latitude: photo.latitude, longitude: photo.longitude }
    : againPhoto?.sent;
  const payload = await withHash({
    site_id: Number($('sw-site').value),
    grounds,
    posted_at: postedAt,
    notes,
    photo_ids: sentPhoto ? [sentPhoto.id] : [],
    photos: sentPhoto ? [sentPhoto] : [],
  });
  const mutation = { mutation_id: crypto.randomUUID(), entity: 'stop_work_order', entity_id: orderId, op: 'upsert',
    base_version: null, payload, photo_ids: sentPhoto ? [sentPhoto.id] : [] };
  const replacing = again;
  try {
    if (replacing) {
      clearTimeout(draftTimer);
      draftTimer = null;
      const photos = photo ? [{ ...photo, order_id: orderId }] : [];
      if (!(await store.replaceRefused(replacing.mutation_id, mutation, { photos, keptKey: draftKey }))) {
        sayIn($('sw-state'), 'Nothing was queued: the refused order is no longer in the outbox (sent again or '
          + 'discarded, maybe in another tab). Check the outbox before posting it again.');
        return;
      }
    } else {
      if (photo) await store.putPhoto({ ...photo, order_id: orderId });
      await store.enqueue(mutation);
    }
  } catch (error) {
    sayIn($('sw-state'), `The order could not be saved on this device: ${error.message}`);
    return;
  }
  clearTimeout(draftTimer);
  draftTimer = null;
  if (!replacing && draftKey) await store.setMeta(draftKey, null).catch(() => {});  // posted: nothing to bring back
  form.reset();
  offerGrounds();
  $('sw-when').value = localNow();
  const kept = replacing ? await leaveAgain(await store.getMeta('user')) : null;
  sayWaiting().catch(() => {});
  // #sw-state is a live region (role=status): screen readers hear it once, no second announcement,
  // and again for the next order.
  sayIn($('sw-state'), replacing
    ? `The corrected stop-work order is saved on this device in place of the refused one; it is sent with the next sync.${kept ? ` ${backWords(kept)}` : ''}`
    : 'The stop-work order is saved on this device; it is sent with the next sync.');
}

setUp();
