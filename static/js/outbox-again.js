// "Edit and send again" for a rain reading or a finding's correction the server did not take: the
// entry goes back on its form, as that form keeps what is typed (form-kept.js), with the server's
// reason on the field it names; queued again, it is a new entry and the refused one is gone.
import * as store from './store.js';
import { correctionKey, rainKey, refusedFields } from './form-kept.js';
import { villageDate, villageHourMinute } from './village-time.js';

export const FORMS_AGAIN = new Set(['rain_reading', 'finding']);
const NEEDS_REPAIR = new Set(['open', 'reopened']);

function localWhen(iso) {
  const at = iso ? new Date(iso) : null;
  return at && !Number.isNaN(at.getTime()) ? `${villageDate(at)}T${villageHourMinute(at)}` : '';
}

/** The form's kept copy of `entry` and where that form is; or `{ problem }`. */
async function onItsForm(entry, user, refused) {
  const p = entry.payload || {};
  if (entry.entity === 'rain_reading') {
    return {
      key: rainKey(user.id),
      to: '/app/rain',
      value: {
        gauge: p.gauge_id == null ? '' : String(p.gauge_id), site: p.site_id == null ? '' : String(p.site_id),
        when: localWhen(p.observed_at), amount: p.amount_in == null ? '' : String(p.amount_in), refused,
      },
    };
  }
  const id = String(entry.entity_id);
  const finding = (await store.listFindings()).find((f) => f.id === id);
  if (!finding) {
    return { problem: 'This finding is not on this device now (sync while online, then try again). The correction is still here, unchanged.' };
  }
  if (!NEEDS_REPAIR.has(finding.status)) {
    return { problem: `This finding is now ${finding.status} on the server: there is nothing to correct again. `
      + 'Discard this entry when you no longer need it (a copy with its photo can be downloaded first).' };
  }
  return {
    key: correctionKey(user.id, id),
    to: `/app/findings#finding-${encodeURIComponent(id)}`,
    value: { note: p.corrected_note || '', photo_id: (entry.photo_ids || [])[0] || null, refused },
  };
}

/** Put `entry` back on its form and open it. `label(field)` names a field in words; `say(text)`
 * tells why it did not happen (the entry stays as it was). */
export async function editFormAgain(entry, { label, say }) {
  const user = await store.getMeta('user');
  if (!user) {
    say('Sign in to edit it. It is still here, unchanged.');
    return;
  }
  const refused = {
    reason: entry.reason || null,
    errors: Object.entries(refusedFields(entry.errors)).map(([field, message]) => [field, message, label(field)]),
  };
  const form = await onItsForm(entry, user, refused);
  if (form.problem) {
    say(form.problem);
    return;
  }
  let answer;
  try {
    answer = await store.reopenAsKept(entry.mutation_id, form.key, { ...form.value, saved_at: new Date().toISOString() });
  } catch (error) {
    say(`It could not be put back on its form (${error.message}). It is still here, unchanged.`);
    return;
  }
  if (answer === 'sending') say('This entry is being sent right now; try again in a moment.');
  else if (answer === 'occupied') {
    say(entry.entity === 'rain_reading'
      ? 'Another reading is being typed on the rain page: queue it (or clear its amount) first, then try again. This one is still here.'
      : 'Another correction of this finding is being typed: send it (or clear it) first, then try again. This one is still here.');
  } else location.assign(form.to);
}

/** What becomes of a refused correction's photo, which the server never gets (photos go only with a
 * record it took). */
export function unsentPhotosWords(entry) {
  const count = (entry.photo_ids || []).length;
  if (entry.entity !== 'finding' || entry.state !== 'attention' || entry.version != null || !count) return '';
  const photo = count === 1 ? 'The “after” photo was' : `The ${count} photos were`;
  const it = count === 1 ? 'it' : 'them';
  return `${photo} not sent: the server takes a photo only with a correction it took. `
    + `${count === 1 ? 'It stays' : 'They stay'} on this tablet with this entry. Edit and send again sends ${it} with the `
    + `correction, while the finding still needs one; Discard removes ${it} (download a copy first to keep ${it}).`;
}
