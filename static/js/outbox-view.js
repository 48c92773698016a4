// /app/outbox: what is waiting on this device, in plain words, with "Sync now" and the storage used.
import * as store from './store.js';
import { KINDS } from './drafts.js';
import { announce, renderStorage, syncReady } from './shell.js';

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
  if (entry.state === 'sent') text = `On the server (${received} of ${expected} photos)`;
  return { text, kind };
}

function title(entry) {
  const s = entry.summary || {};
  if (entry.entity === 'inspection') {
    return `${KINDS[entry.payload?.kind] || 'Inspection'} · ${s.site_name || `site ${entry.payload?.site_id}`} · ${entry.payload?.inspected_on || ''}`;
  }
  if (entry.entity === 'rain_reading') return `Rain reading: ${entry.payload?.amount_in} in at gauge ${entry.payload?.gauge_id}`;
  return `${entry.entity.replace('_', ' ')} ${String(entry.entity_id).slice(0, 8)}`;
}

function row(entry) {
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
  meta.textContent = `Submitted ${new Date(entry.created_at).toLocaleString()}`
    + `${entry.synced_at ? ` · confirmed ${new Date(entry.synced_at).toLocaleString()}` : ''}`
    + `${entry.attempts ? ` · ${entry.attempts} attempt(s)` : ''}`;
  li.append(h, p, meta);
  if (entry.waiting_for_author && entry.reason) {
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
    for (const [field, message] of Object.entries(entry.errors || {})) {
      const e = document.createElement('p');
      e.className = 'small';
      e.textContent = `${field}: ${message}`;
      li.append(e);
    }
  }
  if (entry.entity === 'inspection' && (entry.state === 'sent' || entry.state === 'attention')) {
    const a = document.createElement('a');
    a.className = 'btn';
    const q = new URLSearchParams({ site: entry.payload.site_id, kind: entry.payload.kind, replaces: entry.entity_id });
    a.href = `/app/inspect?${q}`;
    a.textContent = 'Correct (new version)';
    li.append(a);
  }
  return li;
}

async function render() {
  const [outbox, sent] = await Promise.all([store.listOutbox(), store.listSent()]);
  $('outbox-list').replaceChildren(...outbox.map(row));
  $('outbox-empty').hidden = outbox.length > 0;
  $('sent-list').replaceChildren(...sent.slice(0, 30).map(row));
  document.body.dataset.ready = 'outbox';
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
    button.disabled = true;
    note.textContent = 'Sending…';
    try {
      await sync.flush();
      await sync.pullNow?.();
      note.textContent = 'Sync finished.';
    } catch (error) {
      note.textContent = `Sync did not finish: ${error.message}. Nothing was lost; it will retry.`;
    } finally {
      button.disabled = false;
      announce(note.textContent);
    }
  });
}

if (new URLSearchParams(location.search).get('submitted')) {
  announce('Inspection submitted: it is in the outbox on this device.');
}
store.events.addEventListener('outbox-changed', render);
render();
setUpSync();
renderStorage($('storage-line'), $('persist-line'));
