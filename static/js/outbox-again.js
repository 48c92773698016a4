// "Edit and send again" for a rain reading the server did not take: the
// entry goes back on its form, as that form keeps what is typed (form-kept.js), with the server's
// reason on the field it names; queued again, it is a new entry and the refused one is gone.
import * as store from './store.js';
import { rainKey, refusedFields } from './form-kept.js';
import { villageDate, villageHourMinute } from './village-time.js';

export const FORMS_AGAIN = new Set(['rain_reading']);

function localWhen(iso) {
  const at = iso ? new Date(iso) : null;
  return at && !Number.isNaN(at.getTime()) ? `${villageDate(at)}T${villageHourMinute(at)}` : '';
}

/** The form's kept copy of `entry` and where that form is. */
function onItsForm(entry, user, refused) {
  const p = entry.payload || {};
  return {
    key: rainKey(user.id),
    to: '/app/rain',
    value: {
      gauge: p.gauge_id == null ? '' : String(p.gauge_id), site: p.site_id == null ? '' : String(p.site_id),
      when: localWhen(p.observed_at), amount: p.amount_in == null ? '' : String(p.amount_in), refused,
    },
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
  const form = onItsForm(entry, user, refused);
  let answer;
  try {
    answer = await store.reopenAsKept(entry.mutation_id, form.key, { ...form.value, saved_at: new Date().toISOString() });
  } catch (error) {
    say(`It could not be put back on its form (${error.message}). It is still here, unchanged.`);
    return;
  }
  if (answer === 'sending') say('This entry is being sent right now; try again in a moment.');
  else if (answer === 'occupied') {
    say('Another reading is being typed on the rain page: queue it (or clear its amount) first, then try again. This one is still here.');
  } else location.assign(form.to);
}
