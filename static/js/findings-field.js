// /app/findings: the findings of the device's sites, from IndexedDB, overdue first. A permittee reports a
// correction (a note and an "after" photo) with or without a signal: it is queued in the outbox as entity
// `finding` (docs/sync-protocol.md) with the photo, and the sync sends both. Inspectors read the list and verify online.
import * as store from './store.js';
import { processFile, photoUrl, PhotoError } from './photos.js';
import { keyboardPlace } from './keyboard-place.js';
import { announce, sayIn } from './shell.js';
import { tooLong } from './text-limits.js';
import { correctionKey, keeper } from './form-kept.js';
import { drawUnneeded, whyUnneeded, withPhotos } from './kept-unneeded.js';

const $ = (id) => document.getElementById(id);
const config = JSON.parse($('ff-config').textContent);
const NEEDS_REPAIR = new Set(['open', 'reopened']);
const UNRESOLVED = new Set(['open', 'reopened', 'corrected']);
const OUTBOX_WORDS = {
  queued: 'Correction on this device only — it is sent with the next sync',
  sending: 'Correction being sent…',
  photos: 'Correction on the server; the photo is still being sent',
  attention: 'Correction needs attention',
  sent: 'Correction on the server — this list catches up at the next sync',
};

const dueFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: config.timezone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit',
  timeZoneName: 'short',
});

// Photos chosen but not yet sent, by finding id: they survive a re-render of the list.
const chosen = new Map();

// ------------------------------------------------------------------ corrections not sent yet
// What is typed on a correction, and its photo, are kept on this device (meta
// `correction_draft:<user id>:<finding id>`, the photo in `photos`) until it is queued: leaving
// the page loses nothing, and the next person on a shared tablet never sees it.
const kept = keeper((error) => sayIn($('ff-state'), `What you typed could not be kept on this device: ${error.message}`));
const keptFor = new Map();  // finding id -> { note, photo_id, refused } of the person signed in
const keptRead = new Set();  // finding ids whose kept copy was read from the device
let keptUser = null;         // whose copies those are

function formOf(findingId) {
  return document.querySelector(`#ff-list [data-finding="${CSS.escape(findingId)}"] form`);
}

/** The kept copy of a finding's correction as it is now, or null when nothing is worth keeping. */
function keptCopy(findingId) {
  const form = formOf(findingId);
  const note = form ? form.querySelector('[data-id=note]').value : (keptFor.get(findingId)?.note ?? '');
  const photo = chosen.get(findingId);
  const refused = keptFor.get(findingId)?.refused || null;
  if (!note.trim() && !photo && !refused) {
    keptFor.delete(findingId);
    return null;
  }
  const value = { note, photo_id: photo ? photo.id : null, refused };
  keptFor.set(findingId, value);
  return value;
}

function keepSoon(findingId) {
  if (keptUser) kept.soon(correctionKey(keptUser, findingId), () => keptCopy(findingId));
}

function keepNow(findingId) {
  return keptUser ? kept.now(correctionKey(keptUser, findingId), () => keptCopy(findingId)) : Promise.resolve();
}

/** Read the kept copies (and their photos) of these findings, once each. */
async function readKept(user, ids) {
  await Promise.all(ids.filter((id) => !keptRead.has(id)).map(async (id) => {
    keptRead.add(id);
    const value = await store.getMeta(correctionKey(user, id));
    if (!value || user !== keptUser) return;
    keptFor.set(id, value);
    const photo = value.photo_id && !chosen.has(id) ? await store.getPhoto(value.photo_id) : null;
    if (photo?.bytes && user === keptUser) chosen.set(id, photo);
  }));
}

/** A kept correction its author discarded (kept-unneeded.js): nothing of it stays on this page. */
function forgetKept({ findingId, key }) {
  kept.forget(key);
  chosen.delete(findingId);
  keptFor.delete(findingId);
  keptRead.delete(findingId);
}

/** The person signed in changed: the last person's typing stays theirs, kept under their name. */
function adoptPerson(user) {
  const me = user ? String(user.id) : null;
  if (me === keptUser) return false;
  kept.leaving();
  chosen.clear();
  keptFor.clear();
  keptRead.clear();
  keptUser = me;
  return true;
}

// Where the server names a field, its message goes on that field; the rest is said above the form.
const REFUSED_AT = { corrected_note: 'note', photos: 'photo', photo_ids: 'photo' };

function showRefused(form, refused) {
  const p = form.querySelector('[data-id=refused]');
  p.hidden = !refused;
  if (!refused) return;
  const others = [];
  for (const [field, message, label] of refused.errors || []) {
    const at = REFUSED_AT[field.split('.')[0]];
    if (at && !form.querySelector(`[data-id=${at}-error]`).textContent) setError(form, at, message);
    else if (!at) others.push(label ? `${label}: ${message}` : message);
  }
  p.textContent = ['When this correction was sent, the Village\'s server did not take it.', refused.reason, ...others,
    'Put it right, then send it again.'].filter(Boolean).join(' ');
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === 'class') node.className = value;
    else node.setAttribute(key, value);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

/** The status macro of templates/_form.html: a word and a symbol, never colour alone. */
function status(word, kind) {
  const symbol = { bad: '✖', warn: '▲', good: '✔' }[kind] || '●';
  return el('span', { class: `status status-${kind}` }, `${symbol} ${word}`);
}

export function isOverdue(finding, now = new Date()) {
  if (!NEEDS_REPAIR.has(finding.status)) return false;
  return Boolean(finding.overdue) || (finding.due_at ? new Date(finding.due_at) < now : false);
}

function statusBadge(finding, overdue) {
  if (overdue) return status(`Overdue — ${finding.status}`, 'bad');
  if (finding.status === 'corrected') return status('Corrected — awaiting verification', 'info');
  if (finding.status === 'closed') return status('Closed', 'good');
  // Only shown while a correction sent before the withdrawal is still in the outbox.
  if (finding.status === 'withdrawn') return status('Withdrawn — recorded in error', 'info');
  return status(finding.status.charAt(0).toUpperCase() + finding.status.slice(1), 'warn');
}

function fact(term, ...value) {
  return [el('dt', {}, term), el('dd', {}, ...value)];
}

function setError(form, name, message) {
  const p = form.querySelector(`[data-id=${name}-error]`);
  const input = form.querySelector(`[data-id=${name}]`);
  p.textContent = message || '';
  if (message) { input.setAttribute('aria-invalid', 'true'); input.setAttribute('aria-describedby', p.id); }
  else input.removeAttribute('aria-invalid');
  return !message;
}

function showChosen(form, findingId) {
  const preview = form.querySelector('[data-id=preview]');
  const img = form.querySelector('[data-id=thumb]');
  const photo = chosen.get(findingId);
  if (img.src) URL.revokeObjectURL(img.src);
  preview.hidden = !photo;
  if (photo) {
    img.src = photoUrl(photo);
    img.alt = `“After” photo chosen, ${photo.width} × ${photo.height}`;
  } else {
    img.removeAttribute('src');
  }
}

/** The form now on the page for a finding: a sync may have re-drawn the list while a photo was processed. */
function liveForm(findingId, form) {
  return document.querySelector(`#ff-list [data-finding="${CSS.escape(findingId)}"] form`) || form;
}

function correctionForm(finding, saved) {
  const form = $('ff-correction').content.firstElementChild.cloneNode(true);
  const prefix = `ff-${finding.id}`;
  for (const node of form.querySelectorAll('[data-id]')) node.id = `${prefix}-${node.dataset.id}`;
  for (const label of form.querySelectorAll('label[data-for]')) label.htmlFor = `${prefix}-${label.dataset.for}`;
  form.querySelector('h4').id = `${prefix}-h`;
  form.setAttribute('aria-labelledby', `${prefix}-h`);
  const note = form.querySelector('[data-id=note]');
  const input = form.querySelector('[data-id=photo]');
  const draft = keptFor.get(finding.id);
  if (saved?.note !== null && saved?.note !== undefined) { note.value = saved.note; form.dataset.dirty = 'true'; }
  else if (draft?.note) { note.value = draft.note; form.dataset.dirty = 'true'; }
  form.querySelector('[data-id=kept]').hidden = !draft;
  showChosen(form, finding.id);
  for (const [name, message] of Object.entries(saved?.errors || {})) setError(form, name, message);
  showRefused(form, draft?.refused);
  form.addEventListener('input', () => {
    form.dataset.dirty = 'true';
    if (note.value.trim()) setError(form, 'note', '');
    keepSoon(finding.id);
  });

  input.addEventListener('change', async () => {
    const file = input.files[0];
    if (!file) return;
    try {
      const photo = await processFile(file, { inspectionId: null, itemCode: null });
      const before = chosen.get(finding.id);
      chosen.set(finding.id, photo);
      await keepPhoto(finding.id, photo, before);
      setError(liveForm(finding.id, form), 'photo', '');
      showChosen(liveForm(finding.id, form), finding.id);
      announce('Photo added.');
    } catch (error) {
      // A file that is not a picture changes nothing: the photo chosen before (if any) stays. The
      // error is not a live region: the announcer says it.
      const message = error instanceof PhotoError ? error.message : `The photo could not be read: ${error.message}`;
      setError(liveForm(finding.id, form), 'photo', message);
      announce(message);
    }
    input.value = '';
  });
  form.querySelector('[data-id=remove]').addEventListener('click', () => {
    const before = chosen.get(finding.id);
    chosen.delete(finding.id);
    keepPhoto(finding.id, null, before);
    showChosen(form, finding.id);
    announce('Photo removed.');
    input.focus();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    send(form, finding);
  });
  return form;
}

/** The photo chosen is kept with the correction on the device (the one it replaces goes): a
 * reload or a closed tab does not lose it. Not kept (storage full): said; it stays chosen here. */
async function keepPhoto(findingId, photo, before) {
  if (!keptUser) return;
  try {
    if (photo) await store.putPhoto({ ...photo, finding_id: findingId });
    await keepNow(findingId);
    if (before && before.id !== photo?.id) await store.deletePhoto(before.id);
  } catch (error) {
    sayIn($('ff-state'), `The photo could not be kept on this device (${error.message}): it is sent if you send the correction from this page now.`);
  }
}

// The server's limit on a correction's note (sync/handlers/finding.py CORRECTED_NOTE_MAX), counted
// as it counts (characters, trimmed): refused here while it can be shortened, not after it is sent.
export const NOTE_MAX = 4000;

function noteProblem(note) {
  if (!note) return 'Say what was done to correct it.';
  return tooLong(note, NOTE_MAX, 'send') || '';
}

// Findings whose correction is being saved: a second tap meanwhile would queue it twice (the note
// empties only once the save is done), and the second would come back a conflict.
const saving = new Set();

async function send(form, finding) {
  if (saving.has(finding.id)) return;
  const note = form.querySelector('[data-id=note]').value.trim();
  if (!setError(form, 'note', noteProblem(note))) {
    form.querySelector('[data-id=note]').focus();
    announce('Check the marked field.');
    return;
  }
  const photo = chosen.get(finding.id);
  const photos = photo ? [{ id: photo.id, item_code: null, sha256: photo.sha256, taken_at: photo.taken_at,
    taken_at_source: photo.taken_at_source || null, latitude: photo.latitude,
    longitude: photo.longitude }] : [];
  const mutation = {
    mutation_id: crypto.randomUUID(), entity: 'finding', entity_id: finding.id, op: 'upsert',
    base_version: finding.version,
    // When it was reported, not when a signal came back to send it: the finding's due time is
    // weighed against this (the server keeps it between the finding's last change and arrival).
    payload: { status: 'corrected', corrected_note: note, corrected_at: new Date().toISOString(),
      photo_ids: photos.map((p) => p.id), photos },
    photo_ids: photos.map((p) => p.id),
  };
  delete form.dataset.dirty;      // the re-render the outbox event causes must not keep this note
  saving.add(finding.id);
  const key = keptUser ? correctionKey(keptUser, finding.id) : null;
  try {
    if (key) {
      kept.forget(key);
      // Queued, and its kept copy gone, together: never both, never neither.
      await store.enqueueForgetting(mutation, key, photo ? [{ ...photo, finding_id: finding.id }] : []);
    } else {
      if (photo) await store.putPhoto({ ...photo, finding_id: finding.id });
      await store.enqueue(mutation);
    }
  } catch (error) {
    form.dataset.dirty = 'true';
    if (key) keepSoon(finding.id);
    else if (photo) await store.deletePhoto(photo.id).catch(() => {});
    sayIn($('ff-state'), `The correction could not be saved on this device: ${error.message}`);
    return;
  } finally {
    saving.delete(finding.id);
  }
  chosen.delete(finding.id);
  keptFor.delete(finding.id);
  form.querySelector('[data-id=note]').value = '';
  // A live region: said again for the next correction too.
  sayIn($('ff-state'), 'Correction saved on this device; it is sent with the next sync.');
}

// A failed item with no note was recorded with the checklist's description of a failure: said as such,
// as the server's pages say it (services/findings.py found_words), not as something someone saw.
// The server says which (no_note, from the inspection's answers: the catalog may have been reworded
// since); a finding pulled before it did is matched against this device's catalog.
function foundWords(finding, failures) {
  const text = (finding.description || '').trim();
  const noNote = typeof finding.no_note === 'boolean'
    ? finding.no_note
    : text === (failures.get(finding.item_code) || '').trim();
  if (text && noNote) return `No note written; the checklist describes this failure as: ${text}`;
  return text || '—';
}

function findingCard(finding, { site, titles, failures, pending, user, saved }) {
  const overdue = isOverdue(finding);
  const title = titles.get(finding.item_code) || finding.item_code;
  const card = el('article', {
    class: `card ff-finding${overdue ? ' is-overdue' : ''}`, 'data-finding': finding.id,
    id: `finding-${finding.id}`,
  },
    el('h3', {}, `${title} `, el('span', { class: 'small' }, `(${finding.item_code})`)),
    el('p', { class: 'ff-status' }, statusBadge(finding, overdue), ' ', el('span', { class: 'cite' }, finding.citation || '')));
  const facts = el('dl', { class: 'facts' },
    ...fact('Found', foundWords(finding, failures)),
    ...fact('Required action', finding.required_action || '—'),
    ...fact('Due', el('strong', {}, finding.due_at ? dueFormat.format(new Date(finding.due_at)) : 'No due time'),
      overdue ? ' ' : null, overdue ? status('Overdue', 'bad') : null));
  const note = pending?.payload?.corrected_note || finding.corrected_note;
  if (note) facts.append(...fact('Correction', note));
  if (finding.status === 'reopened' && finding.reopened_reason) facts.append(...fact('Why it was reopened', finding.reopened_reason));
  if (finding.status === 'withdrawn') facts.append(...fact('Withdrawn', finding.withdrawn_reason || 'Recorded in error.'));
  card.append(facts);
  if (pending) {
    const words = OUTBOX_WORDS[pending.state] || 'Correction waiting in the outbox';
    const p = el('p', { class: 'ff-pending note' }, status(words, { attention: 'bad', sent: 'good' }[pending.state] || 'info'));
    if (pending.state === 'attention' && pending.reason) p.append(' ', pending.reason);
    p.append(' ', el('a', { href: '/app/outbox' }, 'Outbox'));
    card.append(p);
  }
  if (user && user.role === 'permittee') {
    if (NEEDS_REPAIR.has(finding.status) && !pending) card.append(correctionForm(finding, saved));
  } else if (user) {
    card.append(el('p', {}, el('a', { class: 'btn', href: `/findings/${encodeURIComponent(finding.id)}` },
      `Verify online: ${title} at ${site ? site.name : 'this site'}`)));
  }
  return card;
}

let asked = 0; // draws asked for: only the latest writes the page (outbox-view.js says why)

async function render() {
  const turn = ++asked;
  const [user, catalog, sites, all, { outbox, sent }, cursor] = await Promise.all([
    store.getMeta('user'), store.getMeta('catalog'), store.listSites(), store.listFindings(),
    store.listOutboxAndSent(), store.getMeta('cursor')]);
  if (turn !== asked) return;
  const newPerson = adoptPerson(user);
  const titles = new Map((catalog?.items || []).map((item) => [item.code, item.title]));
  const failures = new Map((catalog?.items || []).map((item) => [item.code, item.failure]));
  const pending = new Map(outbox.filter((e) => e.entity === 'finding').map((e) => [String(e.entity_id), e]));
  // Sent but not pulled back yet (the pull follows the push): no second form for a correction the server has.
  const byId = new Map(all.map((f) => [f.id, f]));
  for (const entry of sent) {
    const local = byId.get(String(entry.entity_id));
    if (entry.entity === 'finding' && local && !pending.has(local.id) && entry.version > local.version) {
      pending.set(local.id, entry);
    }
  }
  const siteById = new Map(sites.map((s) => [String(s.id), s]));
  const shown = all.filter((f) => UNRESOLVED.has(f.status) || pending.has(f.id));
  // Kept corrections whose finding gets no form here: shown apart, with why, until discarded. A
  // finding missing from the tablet counts only once this person's packet has been pulled.
  let unneeded = [];
  if (keptUser && user.role === 'permittee') {
    const prefix = correctionKey(keptUser, '');
    const [, keptAll] = await Promise.all([
      readKept(keptUser, shown.filter((f) => NEEDS_REPAIR.has(f.status)).map((f) => f.id)),
      store.listKeptStarting(prefix)]);
    const formed = (f) => NEEDS_REPAIR.has(f.status) && !pending.has(f.id);
    unneeded = await withPhotos(keptAll.map(({ key, value }) => {
      const findingId = key.slice(prefix.length);
      const f = byId.get(findingId);
      const title = f ? titles.get(f.item_code) || f.item_code : 'A finding no longer on this tablet';
      const site = f ? siteById.get(String(f.site_id))?.name || 'a site no longer on this tablet' : 'Site not known here';
      return { key, value, findingId, finding: f, title, site, why: whyUnneeded(f, pending.get(findingId)) };
    }).filter(({ finding }) => (finding ? !formed(finding) : cursor !== undefined)));
    if (turn !== asked) return;
  }
  const bySite = new Map();
  for (const f of shown) {
    const key = String(f.site_id);
    if (!bySite.has(key)) bySite.set(key, []);
    bySite.get(key).push(f);
  }
  const dueTime = (f) => (f.due_at ? new Date(f.due_at).getTime() : Infinity);
  const order = (a, b) => (isOverdue(b) - isOverdue(a)) || (dueTime(a) - dueTime(b));
  const groups = [...bySite.entries()].map(([siteId, list]) => ({ siteId, list: list.sort(order) }));
  groups.sort((a, b) => order(a.list[0], b.list[0])
    || String(siteById.get(a.siteId)?.name || '').localeCompare(String(siteById.get(b.siteId)?.name || '')));

  // Keep what the user is typing and the errors they were shown: a sync finishing must not wipe either.
  // Read here, after the awaits above, so a click or keystroke made while the store was read is kept too.
  const saved = new Map();
  for (const form of newPerson ? [] : document.querySelectorAll('#ff-list form')) {
    const errors = {};
    for (const name of ['note', 'photo']) {
      const text = form.querySelector(`[data-id=${name}-error]`).textContent;
      if (text) errors[name] = text;
    }
    const note = form.dataset.dirty ? form.querySelector('[data-id=note]').value : null;
    if (note !== null || Object.keys(errors).length) {
      saved.set(form.closest('[data-finding]').dataset.finding, { note, errors });
    }
  }
  const hadFocus = document.activeElement?.id || null;
  // A control without an id (the "Send correction" just pressed, gone once the correction waits in
  // the outbox): the keyboard stays on it, else on its finding's heading.
  const place = keyboardPlace('[data-finding]', (card) => ({
    box: () => $(card.id),
    heading: () => $(card.id)?.querySelector('h3'),
  }));
  const list = $('ff-list');
  list.replaceChildren();
  for (const { siteId, list: items } of groups) {
    const site = siteById.get(siteId);
    const late = items.filter((f) => isOverdue(f)).length;
    const heading = el('h2', {}, site ? site.name : `Site ${siteId}`);
    if (late) heading.append(' ', status(`${late} overdue`, 'bad'));
    const section = el('section', { class: 'ff-site', 'aria-label': site ? site.name : `Site ${siteId}` }, heading);
    for (const f of items) {
      section.append(findingCard(f, { site, titles, failures, pending: pending.get(f.id), user, saved: saved.get(f.id) }));
    }
    list.append(section);
  }
  drawUnneeded(unneeded, { onDiscarded: forgetKept });
  $('ff-empty').hidden = groups.length > 0;
  $('ff-inspector-note').hidden = !user || user.role === 'permittee';
  // Drawn first: a page still hidden for its first draw (capture.css) takes no focus.
  document.body.dataset.ready = 'findings';
  if (hadFocus && $(hadFocus)) $(hadFocus).focus();
  else if (place) place();
  else if (!scrolledToLinked) scrollToLinked();
}

// The home page links a finding as #finding-<id>; the list is drawn after load, so scroll once it is.
let scrolledToLinked = false;
function scrollToLinked() {
  const target = window.location.hash && document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
  if (!target) return;
  scrolledToLinked = true;
  target.scrollIntoView({ block: 'start' });
  target.querySelector('[data-id=note]')?.focus({ preventScroll: true });
}

let queued = null;
function rerender() {
  // Events come in bursts (pull then outbox): one render after the burst.
  if (queued) return;
  queued = Promise.resolve().then(() => render()).finally(() => { queued = null; });
}

store.events.addEventListener('outbox-changed', rerender);
store.events.addEventListener('packet-changed', rerender);
store.events.addEventListener('kept-changed', rerender);
render();
