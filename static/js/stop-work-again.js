// A stop-work order the server refused, put right on the field form (/app/stop-work?again=<mutation id>,
// from the outbox's "Edit and send again"): the form opens with the order as it was sent and the
// fields the server named marked with its words. The refused entry stays in the outbox, as it was,
// until the corrected order is queued in its place (store.replaceRefused); what is typed meanwhile
// is kept in meta `stop_work_again:<mutation id>` (docs/device-storage.md).
import * as store from './store.js';
import { villageDate, villageHourMinute } from './village-time.js';

export const keptKey = (mutationId) => `stop_work_again:${mutationId}`;

// The order's fields the server names (sync/handlers/stop_work_order.py), and the form's for them.
const FIELDS = { site_id: 'sw-site', grounds: 'sw-grounds', notes: 'sw-notes', posted_at: 'sw-when',
  photos: 'sw-photo', photo_ids: 'sw-photo' };
// Anything else it names, in words.
const OTHERS = { sha256: 'Record check', entity_id: 'Record', mutation_id: 'Record', op: 'Record',
  payload: 'Record' };

/** The refused entry to put right, or the words why there is none. */
export async function refusedOrder(mutationId, user) {
  const entry = await store.getOutbox(mutationId);
  if (!entry || entry.entity !== 'stop_work_order') {
    await store.setMeta(keptKey(mutationId), null).catch(() => {});
    return { problem: 'This refused order is no longer in the outbox: it was sent again or discarded. '
      + 'Check the outbox before posting it again.' };
  }
  if (entry.user_id != null && String(entry.user_id) !== String(user?.id)) {
    return { problem: 'Only the person who posted this order can put it right, signed in on this tablet.',
      theirs: true };
  }
  if (entry.state !== 'attention' || entry.version != null || entry.result_status === 'conflict') {
    return { problem: 'This order was not refused: there is nothing to put right. See it in the outbox.' };
  }
  return { entry };
}

/** The form's fields as the refused order was sent. */
export function asSent(entry) {
  const p = entry.payload || {};
  const posted = p.posted_at ? new Date(p.posted_at) : null;
  const when = posted && !Number.isNaN(posted.getTime())
    ? `${villageDate(posted)}T${villageHourMinute(posted)}` : '';
  return { site: String(p.site_id ?? ''), grounds: [...(p.grounds || [])], notes: p.notes || '', when };
}

/** What the server named: [form field id, its words] for the form's fields, [label, words] for others. */
export function serverMarks(entry) {
  const fields = [];
  const others = [];
  for (const [key, message] of Object.entries(entry.errors || {})) {
    const head = String(key).replace(/^payload\./, '').split('.')[0];
    if (FIELDS[head]) fields.push([FIELDS[head], message]);
    else others.push([OTHERS[head] || 'A detail', message]);
  }
  return { fields, others };
}

/** The notice photo sent with it, if this device still holds it: its bytes, and what the record said of it. */
export async function keptPhoto(entry) {
  const id = (entry.photo_ids || [])[0];
  if (!id) return null;
  const photo = await store.getPhoto(id);
  const sent = (entry.payload?.photos || []).find((p) => p.id === id);
  return photo && sent ? { id, sent } : null;
}
