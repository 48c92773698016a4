// /app/rain: a manual on-site gauge reading, queued as entity `rain_reading` (docs/sync-protocol.md).
import * as store from './store.js';
import { announce, confirmIn } from './shell.js';
import { villageDate, villageHourMinute, villageToUtc } from './village-time.js';

const $ = (id) => document.getElementById(id);
const form = $('rain-form');

// The "when" field is on the Village's clock, whatever zone the tablet is set to.
function localNow(d = new Date()) {
  return `${villageDate(d)}T${villageHourMinute(d)}`;
}

async function setUp() {
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
  document.body.dataset.ready = 'rain';
}

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
    setError('r-amount', amountText !== '' && Number.isFinite(amount) && amount >= 0 && amount <= Number($('r-amount').max)
      ? '' : `Enter the rain in inches, from 0 to ${$('r-amount').max}.`),
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
  saving = true;
  try {
    await store.enqueue({ mutation_id: crypto.randomUUID(), entity: 'rain_reading', entity_id: id, op: 'upsert', base_version: null, payload, photo_ids: [] });
  } catch (error) {
    confirmIn($('rain-state'), `The reading could not be saved on this device: ${error.message}`);
    return;
  } finally {
    saving = false;
  }
  form.reset();
  $('r-when').value = localNow();
  // #rain-state is a live region (role=status): said once, no second announcement, and again
  // for a second reading like the first.
  confirmIn($('rain-state'), `Reading of ${amount} in queued in the outbox.`);
});

setUp();
