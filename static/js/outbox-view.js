// /app/outbox: what is waiting on this device, in plain words, with "Sync now" and the storage used.
// Every entry that needs attention has a way out that loses nothing: edit and send again, or
// discard after a confirmation that offers a copy (the record with its photos) to download first.
import * as store from './store.js';
import { KINDS, draftFromEntry, isQuotaError } from './drafts.js';
import { keyboardPlace } from './keyboard-place.js';
import { dataUrl } from './photos.js';
import { FORMS_AGAIN, editFormAgain, unsentPhotosWords } from './outbox-again.js';
import { announce, renderStorage, syncReady } from './shell.js';
import { villageDay, villageNow, villageTime } from './village-time.js';

const $ = (id) => document.getElementById(id);

const STATES = {
  queued: ['On this device only', 'warn'],
  sending: ['Sending…', 'info'],
  photos: ['On the server, photos still uploading', 'info'],
  attention: ['Needs attention', 'bad'],
  sent: ['On the server', 'good'],
};

export function describe(entry) {
  const expected = entry.photos_expected ?? (entry.photo_ids || []).length;
  const received = entry.photos_received ?? (entry.state === 'sent' ? expected : 0);
  const [word, kind] = STATES[entry.state] || [entry.state, 'info'];
  let text = word;
  if (entry.state === 'photos') text = `On the server, ${received} of ${expected} photos`;
  if (entry.state === 'sent') {
    text = expected ? `On the server (${received} of ${expected} photos)` : 'On the server (no photos)';
  }
  return { text, kind };
}

const ENTITIES = {
  inspection: 'Inspection', rain_reading: 'Rain reading', finding: 'Correction of a finding',
  stop_work_order: 'Stop-work order', site: 'Site details',
};

function title(entry) {
  const s = entry.summary || {};
  const p = entry.payload || {};
  if (entry.entity === 'inspection') {
    const parts = [KINDS[p.kind] || 'Inspection', s.site_name || 'a site', villageDay(p.inspected_on)];
    return parts.filter(Boolean).join(' · ');
  }
  if (entry.entity === 'rain_reading') {  // two readings queued are told apart by gauge, site and time
    return [`Rain reading: ${p.amount_in} in`, gaugeNames.get(String(p.gauge_id)) || `gauge ${p.gauge_id}`,
      p.site_id != null && siteNames.get(String(p.site_id)), p.observed_at && `read ${villageTime(p.observed_at, 'moment', villageNow(clockOffset))}`]
      .filter(Boolean).join(' · ');
  }
  if (entry.entity === 'stop_work_order') {  // two orders queued are told apart by site and time
    const site = siteNames.get(String(p.site_id)) || 'a site';
    return ['Stop-work order', site, p.posted_at && `posted ${villageTime(p.posted_at, 'moment', villageNow(clockOffset))}`].filter(Boolean).join(' · ');
  }
  return ENTITIES[entry.entity] || 'A record';
}

// The sites and rain gauges of the work packet by id, for the entries whose record names only ids.
let siteNames = new Map();
let gaugeNames = new Map();
// The tablet's clock against the server's: a time refused as a year ahead is told with its year.
let clockOffset = null;

// The server names fields by their keys (kind, replaces_id, answers.SILT.corrective_action):
// say them in words.
const FIELDS = {
  kind: 'Kind of inspection', replaces_id: 'The inspection it corrects',
  inspector_name: 'Inspector',
  inspected_on: 'Date', started_at: 'Start time', ended_at: 'End time', site_id: 'Site',
  weather: 'Weather', phase: 'Construction phase', notes: 'Notes',
  finding_id: 'The finding followed up', rain_event_id: 'The rain',
  active_disturbance: 'Land disturbance active', catalog_version: 'Checklist version',
  sha256: 'Record check',
  entity_id: 'Record', mutation_id: 'Record', payload: 'Record', op: 'Record', status: 'Status',
  result: 'Answer', note: 'Note', corrective_action: 'Corrective action',
  measurements: 'Measurement',
  photos: 'Photos', answers: 'Answers',
  signature: 'Signature', signed_at: 'Time of signing', signed_by_name: 'Name of the signer',
  signature_statement_version: 'Certification statement',
  // a stop-work order, a rain reading, a finding's correction
  posted_at: 'Posting time', grounds: 'Grounds', observed_at: 'Time the gauge was read',
  amount_in: 'Rain', gauge_id: 'Rain gauge', period_hours: 'Hours the reading covers',
  corrected_note: 'What was done', corrected_at: 'Time of the correction',
  corrected_by: 'Who reported it corrected', verified_by: 'Who checked it', verified_at: 'Time it was checked',
  due_at: 'Due time',
};

export function fieldLabel(key, catalog) {
  const [head, code, ...rest] = String(key).split('.');
  if (head === 'answers' && code) {
    const item = (catalog?.items || []).find((i) => i.code === code);
    const what = rest.length ? FIELDS[rest[0]] || 'Answer' : 'Answer';
    return `${item ? item.title : 'A checklist item'}: ${what.toLowerCase()}`;
  }
  if (head === 'photos') return 'A photo';
  return FIELDS[head] || 'A detail';
}

// An inspection the server refused (it never had it) can be edited and sent again, a fresh record.
const refused = (entry) => entry.state === 'attention' && entry.version == null;

function button(text, className, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.textContent = text;
  b.addEventListener('click', onClick);
  return b;
}

function row(entry, { me, catalog }) {
  const li = document.createElement('li');
  li.className = 'card outbox-entry';
  li.dataset.mutationId = entry.mutation_id;
  li.dataset.state = entry.state;
  const h = document.createElement('h3');
  h.textContent = title(entry);
  const { text, kind } = describe(entry);
  const badge = document.createElement('span');
  badge.className = `status status-${kind} outbox-state`;
  badge.textContent = text;
  const p = document.createElement('p');
  p.append(badge);
  const meta = document.createElement('p');
  meta.className = 'small muted';
  meta.textContent = `Submitted ${when(entry.created_at)}`
    + `${entry.synced_at ? ` · confirmed ${when(entry.synced_at)}` : ''}`
    + `${entry.attempts ? ` · ${entry.attempts} attempt(s)` : ''}`;
  li.append(h, p, meta);
  if ((entry.waiting_for_author || (entry.too_large && entry.state === 'queued')) && entry.reason) {
    const wait = document.createElement('p');
    wait.className = 'note';
    wait.textContent = entry.reason;
    li.append(wait);
  }
  if (entry.state === 'attention' && entry.reason) {
    const reason = document.createElement('p');
    reason.className = 'error';
    reason.textContent = entry.reason;
    li.append(reason);
    const list = document.createElement('ul');
    list.className = 'small entry-errors';
    for (const [field, message] of Object.entries(entry.errors || {})) {
      const e = document.createElement('li');
      e.textContent = `${fieldLabel(field, catalog)}: ${message}`;
      list.append(e);
    }
    if (list.children.length) li.append(list);
  }
  if (unsentPhotosWords(entry)) {
    const photos = document.createElement('p');
    photos.className = 'note unsent-photos';
    photos.textContent = unsentPhotosWords(entry);
    li.append(photos);
  }
  const actions = document.createElement('div');
  actions.className = 'row';
  const mine = me && (entry.user_id == null || String(entry.user_id) === String(me.id));
  // A correction replaces what is on the server, so only a sent inspection, and only its author's.
  if (entry.entity === 'inspection' && entry.state === 'sent' && mine) {
    const a = document.createElement('a');
    a.className = 'btn';
    const q = new URLSearchParams({ site: entry.payload.site_id, kind: entry.payload.kind, replaces: entry.entity_id });
    a.href = `/app/inspect?${q}`;
    a.textContent = 'Correct (new version)';
    actions.append(a);
  }
  // Another person's entry is theirs to put right: the next person on a shared tablet must not
  // discard it, nor send its photos under their own session.
  if (entry.state === 'attention' && !mine) {
    const theirs = document.createElement('p');
    theirs.className = 'note';
    theirs.textContent = 'Only the person who submitted it can put it right or discard it, signed in on this tablet.';
    li.append(theirs);
  } else if (entry.state === 'attention') {
    if (entry.entity === 'inspection' && refused(entry)) {
      actions.append(button('Edit and send again', 'btn btn-primary', () => editAgain(entry)));
    }
    // Put right on the field form, which keeps the refused entry until the corrected one is queued.
    if (entry.entity === 'stop_work_order' && refused(entry) && entry.result_status !== 'conflict') {
      actions.append(button('Edit and send again', 'btn btn-primary',
        () => location.assign(`/app/stop-work?again=${encodeURIComponent(entry.mutation_id)}`)));
    }
    if (FORMS_AGAIN.has(entry.entity) && refused(entry)) {
      actions.append(button('Edit and send again', 'btn btn-primary', () => editFormAgain(entry,
        { label: (field) => fieldLabel(field, catalog), say: (text) => entryProblem(entry, text) })));
    }
    if (!refused(entry)) {
      actions.append(button('Try the photos again', 'btn', () => retryPhotos(entry)));
    }
    actions.append(button('Discard…', 'btn btn-danger', () => askDiscard(entry)));
  }
  if (actions.children.length) li.append(actions);
  const problem = problems.get(entry.mutation_id);
  if (problem?.state === entry.state) showProblem(li, problem.text);
  return li;
}

const when = (iso) => villageTime(iso, 'moment', villageNow(clockOffset));

// ------------------------------------------------------------------ ways out
// Shown on the entry's card, where the button was tapped, and said by the announcer alone (it
// says the same words again when the tap is repeated; a live region here would say them twice).
// Kept by entry, so the card drawn anew (a sync, another tab) still says it while the entry is as
// it was then.
const problems = new Map();  // mutation id -> { text, state } of the last tap on its card

function showProblem(card, text) {
  let p = card.querySelector('.entry-problem');
  if (!p) {
    p = document.createElement('p');
    p.className = 'error entry-problem';
    card.append(p);
  }
  p.textContent = text;
}

function entryProblem(entry, text) {
  problems.set(entry.mutation_id, { text, state: entry.state });
  const card = document.querySelector(`.outbox-entry[data-mutation-id="${CSS.escape(entry.mutation_id)}"]`);
  if (card) showProblem(card, text);
  announce(text);
}

async function editAgain(entry) {
  const [user, catalog, sent] = await Promise.all([store.getMeta('user'), store.getMeta('catalog'),
    store.listSent()]);
  const sentIds = new Set(sent.filter((e) => e.entity === 'inspection').map((e) => e.entity_id));
  const draft = draftFromEntry(entry, { user, catalog, sentIds });
  // Why the server refused it goes with the draft: the capture page says it until it is sent again.
  draft.refused = {
    reason: entry.reason || null,
    errors: Object.entries(entry.errors || {}).map(([field, message]) => [fieldLabel(field, catalog), message]),
  };
  let reopened;
  try {
    reopened = await store.reopenAsDraft(entry.mutation_id, draft);
  } catch (error) {
    entryProblem(entry, isQuotaError(error)
      ? 'This device\'s storage is full: the record was not put back as a draft. It is still here, '
        + 'unchanged. Free some space (send or discard other records), then try again.'
      : `The record could not be put back as a draft (${error.message}). It is still here, unchanged.`);
    return;
  }
  if (!reopened) {
    announce('This entry is being sent right now; try again in a moment.');
    return;
  }
  location.assign(`/app/inspect?draft=${encodeURIComponent(draft.id)}`);
}

async function retryPhotos(entry) {
  await store.updateOutbox(entry.mutation_id, { state: 'photos', photo_attempts: 0, reason: null });
  (await syncReady)?.flush?.().catch(() => null);
}

/** The entry and its photos (embedded as data: URLs) in one JSON file, saved by the browser. */
export async function downloadCopy(entry) {
  const photos = [];
  for (const id of entry.photo_ids || []) {
    const photo = await store.getPhoto(id);
    if (!photo?.bytes) continue;
    const { bytes, ...info } = photo;
    photos.push({ ...info, data_url: await dataUrl(photo) });
  }
  const copy = {
    what: title(entry), saved_at: new Date().toISOString(), state: entry.state,
    reason: entry.reason || null,
    errors: entry.errors || {}, entity: entry.entity, record: entry.payload, photos,
  };
  const slug = title(entry).replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase();
  const name = `${slug || 'record'}.json`;
  const blob = new Blob([JSON.stringify(copy, null, 1)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { name, photos: photos.length };
}

function askDiscard(entry) {
  const dialog = $('discard-dialog');
  const count = (entry.photo_ids || []).length;
  const photos = `${count} photo${count === 1 ? '' : 's'}`;
  $('discard-what').textContent = `${title(entry)}${count ? ` and its ${photos}` : ''}`;
  $('discard-saved').textContent = '';
  const download = $('discard-download');
  download.textContent = count ? `Download a copy with the ${photos}` : 'Download a copy';
  download.onclick = async () => {
    const { name } = await downloadCopy(entry);
    $('discard-saved').textContent = `Saved as ${name} in the browser's downloads.`;
  };
  $('discard-confirm').onclick = async () => {
    dialog.close();
    const gone = await store.discardOutbox(entry.mutation_id);
    announce(gone ? 'Discarded from this device.' : 'Not discarded: it is being sent right now.');
  };
  $('discard-cancel').onclick = () => dialog.close();
  dialog.showModal();
}

// Draws asked for so far. Draws overlap (the sign-in check's and a sync's), and the one asked for last
// has read the newest storage: an earlier one that finishes after it must not write the page, or the
// last person on a shared tablet gets their buttons back in front of the next.
let asked = 0;

async function render() {
  const turn = ++asked;
  const [{ outbox, sent }, me, catalog, sites, gauges, offset] = await Promise.all([store.listOutboxAndSent(),
    store.getMeta('user'), store.getMeta('catalog'), store.listSites(), store.listRecords('rain_gauge'),
    store.getMeta('clock_offset')]);
  if (turn !== asked) return;
  clockOffset = offset;
  siteNames = new Map(sites.map((site) => [String(site.id), site.name]));
  gaugeNames = new Map(gauges.map((gauge) => [String(gauge.id), gauge.name]));
  const context = { me, catalog };
  // Drawn anew whenever the outbox changes: the keyboard stays on the same entry's control or,
  // once that entry has gone, on its list's heading.
  const place = keyboardPlace('.outbox-entry', (card) => {
    const { mutationId } = card.dataset;
    const heading = card.closest('#sent-list') ? 'sent-h' : 'waiting-h';
    return {
      box: () => document.querySelector(`.outbox-entry[data-mutation-id="${CSS.escape(mutationId)}"]`),
      heading: () => $(heading),
    };
  });
  $('outbox-list').replaceChildren(...outbox.map((e) => row(e, context)));
  $('outbox-empty').hidden = outbox.length > 0;
  $('sent-list').replaceChildren(...sent.slice(0, 30).map((e) => row(e, context)));
  $('sent-empty').hidden = sent.length > 0;
  if (place) place();
  document.body.dataset.ready = 'outbox';
}

const records = (n) => `${n} record${n === 1 ? '' : 's'}`;

/** What a sync that ran to its end did, in words a person can act on: it says "finished" only
 * when nothing is left on this device, never when the server refused a record or some still wait.
 * `outbox`: the entries left after it; `pulled`: what fetching the work packet answered. */
export function syncWords(summary, outbox, pulled) {
  const attention = outbox.filter((e) => e.state === 'attention').length;
  const waiting = outbox.length - attention;
  const sent = (summary.applied || 0) + (summary.duplicate || 0);
  const photos = summary.photos || 0;
  const done = [sent && `${records(sent)} sent`, photos && `${photos} photo${photos === 1 ? '' : 's'} sent`]
    .filter(Boolean).join(', ');
  const words = [];
  if (!attention && !waiting) {
    words.push(`Sync finished${done ? ` (${done})` : ''}: everything submitted on this device is on the server.`);
  } else {
    words.push(`Not everything was sent${done ? ` (${done})` : ''}.`);
    if (attention) {
      words.push(`${records(attention)} the server did not take ${attention === 1 ? 'needs' : 'need'} `
        + 'your attention below: edit and send again, or discard; nothing is lost meanwhile.');
    }
    if (waiting) {
      words.push(`${records(waiting)} still ${waiting === 1 ? 'waits' : 'wait'} on this device `
        + 'to be sent: see below.');
    }
  }
  if (pulled && pulled.ok === false) {
    words.push('Your sites and what is due could not be updated just now; those on this device stay.');
  }
  return words.join(' ');
}

async function setUpSync() {
  const button = $('sync-now');
  const note = $('sync-note');
  const sync = await syncReady;
  if (!sync || typeof sync.flush !== 'function') {
    button.disabled = true;
    note.textContent = 'Sending is not available in this version of the app yet; your work stays safely on this device.';
    return;
  }
  button.addEventListener('click', async () => {
    // Marked unavailable, not disabled: a disabled button loses the keyboard's focus, which then
    // stays on nothing once the sync is done.
    if (button.getAttribute('aria-disabled') === 'true') return;
    button.setAttribute('aria-disabled', 'true');
    note.textContent = 'Sending…';
    try {
      const summary = await sync.flush();
      if (summary.stopped) {
        note.textContent = summary.message || 'Not sent now; everything stays on this device.';
      } else {
        const pulled = await sync.pullNow?.();
        note.textContent = syncWords(summary, await store.listOutbox(), pulled);
      }
    } catch (error) {
      note.textContent = `Sync did not finish: ${error.message}. Nothing was lost; it will retry.`;
    } finally {
      // #sync-note is a live region (role=status): said once, no second announcement.
      button.removeAttribute('aria-disabled');
    }
  });
}

if (new URLSearchParams(location.search).get('submitted')) {
  announce('Inspection submitted: it is in the outbox on this device.');
}
store.events.addEventListener('outbox-changed', render);
store.events.addEventListener('packet-changed', render);
render();
setUpSync();
renderStorage($('storage-line'), $('persist-line'));
