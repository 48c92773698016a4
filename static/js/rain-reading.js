// /app/rain: a manual on-site gauge reading, queued as entity `rain_reading` (docs/sync-protocol.md).
import * as store from './store.js';
import { announce, confirmIn } from './shell.js';
import { clockWarning, villageDate, villageHourMinute, villageTime, villageToUtc } from './village-time.js';
import { keeper, rainKey } from './form-kept.js';

const $ = (id) => document.getElementById(id);
const form = $('rain-form');

// The "when" field is on the Village's clock, whatever zone the tablet is set to.
function localNow(d = new Date()) {
  return `${villageDate(d)}T${villageHourMinute(d)}`;
}

async function setUp() {
  const clock = clockWarning(await store.getMeta('clock_offset'), 'the reading time it fills in');
  $('clock-warning').textContent = clock;
  $('clock-warning').hidden = !clock;
  const gauges = await store.listRecords('rain_gauge');
  // After a pull the device knows every gauge this person may read: none means none, and a typed
  // number would only come back refused.
  const pulled = !gauges.length && (await store.getMeta('cursor')) !== undefined;
  const tpl = $(gauges.length ? 'gauge-select-tpl' : pulled ? 'gauge-none-tpl' : 'gauge-number-tpl');
  $('gauge-field').append(tpl.content.cloneNode(true));
  if (pulled) form.querySelector('button[type=submit]').disabled = true;
  if (gauges.length) {
    for (const g of gauges) {
      const option = document.createElement('option');
      option.value = g.id;
      option.textContent = g.name || `Gauge ${g.id}`;
      $('r-gauge').append(option);
    }
  }
  for (const site of await store.listSites()) {
    const option = document.createElement('option');
    option.value = site.id;
    option.textContent = site.name;
    $('r-site').append(option);
  }
  $('r-when').value = localNow();
  await adopt(await store.getMeta('user'));
  form.addEventListener('input', keepSoon);
  form.addEventListener('change', keepSoon);
  document.body.dataset.ready = 'rain';
}

// ------------------------------------------------------------------ the reading not yet queued
// What was typed is kept on this device (meta `rain_draft:<user id>`) until it is queued, and a
// reading the server refused comes back here with why (outbox: Edit and send again).
const kept = keeper((error) => confirmIn($('rain-state'), `What you typed could not be kept on this device: ${error.message}`));
let draftKey = null;
let refused = null;  // the server's refusal of this reading when it was sent, until it is sent again

function typed() {
  const started = $('r-amount').value.trim() !== '' || refused;
  if (!started) return null;
  return { gauge: $('r-gauge')?.value ?? '', site: $('r-site').value, when: $('r-when').value,
    amount: $('r-amount').value, refused };
}

function keepSoon() {
  if (draftKey) kept.soon(draftKey, typed);
}

// Where the server names a field, its message goes on that field; the rest is said above the form.
const FIELD_IDS = { gauge_id: 'r-gauge', site_id: 'r-site', observed_at: 'r-when', amount_in: 'r-amount' };

function showRefused() {
  const note = $('rain-refused');
  note.hidden = !refused;
  if (!refused) return;
  const others = [];
  for (const [field, message, label] of refused.errors || []) {
    const id = FIELD_IDS[field];
    if (id && $(id) && $(`${id}-error`)) setError(id, message);
    else others.push(label ? `${label}: ${message}` : message);
  }
  note.textContent = ['When this reading was sent, the Village\'s server refused it.', refused.reason, ...others,
    'Put it right, then queue it again.'].filter(Boolean).join(' ');
}

function restore(draft) {
  if (draft.gauge && $('r-gauge')) {
    const gauge = $('r-gauge');
    if (gauge.tagName !== 'SELECT' || [...gauge.options].some((o) => o.value === draft.gauge)) gauge.value = draft.gauge;
  }
  if ([...$('r-site').options].some((o) => o.value === draft.site)) $('r-site').value = draft.site;
  $('r-when').value = draft.when || localNow();
  $('r-amount').value = draft.amount ?? '';
  refused = draft.refused || null;
  showRefused();
  confirmIn($('rain-state'), `Your reading, not queued yet, is back as it was kept on this device at ${villageTime(draft.saved_at, 'time')}.`);
}

/** The form goes by `user`: their kept reading, never another person's. */
async function adopt(user) {
  const key = user ? rainKey(user.id) : null;
  if (key === draftKey) return;
  if (draftKey) {
    kept.leaving();  // what the last person typed stays theirs
    form.reset();
    $('r-when').value = localNow();
    for (const id of Object.values(FIELD_IDS)) if ($(id) && $(`${id}-error`)) setError(id, '');
    refused = null;
    showRefused();
  }
  draftKey = key;
  const draft = key ? await store.getMeta(key) : null;
  if (draft && key === draftKey) restore(draft);
}

store.events.addEventListener('packet-changed', (event) => {
  if (event.detail?.reset || event.detail?.signedOut) store.getMeta('user').then(adopt).catch(() => {});
});

function setError(id, message) {
  const input = $(id);
  const p = $(`${id}-error`);
  p.textContent = message || '';
  if (message) {
    input.setAttribute('aria-invalid', 'true');
    // Said after the field's hint, which stays part of its description.
    const ids = (input.getAttribute('aria-describedby') || '').split(' ').filter(Boolean);
    if (!ids.includes(p.id)) input.setAttribute('aria-describedby', [...ids, p.id].join(' '));
  } else {
    input.removeAttribute('aria-invalid');
  }
  return !message;
}

// The rulebook's limit (rain.max_daily_in), in its own words: refused here, while the gauge is in
// front of the person, not by the server once a signal comes back.
function amountProblem(text, amount) {
  const input = $('r-amount');
  if (text === '' || !Number.isFinite(amount) || amount < 0) return `Enter the rain in inches, from 0 to ${input.max}.`;
  return amount > Number(input.max) ? input.dataset.over : '';
}

// A second tap while the first reading is being saved would queue it twice (the form empties only
// once the save is done).
let saving = false;

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  if (!$('r-gauge') || saving) return;  // no gauge this person may read, or this reading on its way
  const gauge = Number($('r-gauge').value);
  const amountText = $('r-amount').value.trim();
  const amount = Number(amountText);
  const observedAt = villageToUtc(...$('r-when').value.split('T'));
  const when = new Date(observedAt ?? NaN);
  const ok = [
    setError('r-gauge', Number.isInteger(gauge) && gauge > 0 ? '' : 'Choose or enter the gauge number.'),
    setError('r-amount', amountProblem(amountText, amount)),
    setError('r-when', !Number.isNaN(when.getTime()) && when <= new Date(Date.now() + 5 * 60000) ? '' : 'Enter when the gauge was read (not in the future).'),
  ].every(Boolean);
  if (!ok) {
    // The first field to fix takes the focus: a screen reader says its label and its error.
    form.querySelector('[aria-invalid="true"]').focus();
    announce('Check the marked fields.');
    return;
  }
  const siteId = $('r-site').value;
  const payload = {
    gauge_id: gauge,
    site_id: siteId ? Number(siteId) : null,
    observed_at: observedAt,
    amount_in: amount,
    period_hours: 24,
  };
  const id = crypto.randomUUID();
  const mutation = { mutation_id: crypto.randomUUID(), entity: 'rain_reading', entity_id: id, op: 'upsert', base_version: null, payload, photo_ids: [] };
  saving = true;
  try {
    if (draftKey) {
      kept.forget(draftKey);
      await store.enqueueForgetting(mutation, draftKey);
    } else {
      await store.enqueue(mutation);
    }
  } catch (error) {
    keepSoon();
    confirmIn($('rain-state'), `The reading could not be saved on this device: ${error.message}`);
    return;
  } finally {
    saving = false;
  }
  form.reset();
  $('r-when').value = localNow();
  refused = null;
  showRefused();
  // #rain-state is a live region (role=status): said once, no second announcement, and again
  // for a second reading like the first.
  confirmIn($('rain-state'), `Reading of ${amount} in queued in the outbox.`);
});

setUp();
