// Inspection drafts: the shape kept in IndexedDB while the form is filled in, the checks done before
// submitting, and the frozen payload (docs/sync-protocol.md) that goes to the outbox.
import * as store from './store.js';
import { withHash } from './canonical.js';
import { itemsForSite, parseMeasurements, measurementFails, MeasurementError } from './checklist.js';
import { villageDate, villageHourMinute, villageToUtc } from './village-time.js';
import { tooLong } from './text-limits.js';

export const KINDS = {
  weekly: 'Weekly inspection',
  post_rain: 'Inspection after rain',
  village: 'Village inspection',
  follow_up: 'Follow-up of a finding',
  complaint: 'Complaint inspection',
};

/** A kind's name inside a sentence: "a weekly inspection", "an inspection after rain", "a Village
 * inspection" (the Village's name keeps its capital); without the article with `article` false. */
export function kindWords(kind, article = true) {
  const name = KINDS[kind] || 'Inspection';
  const words = name.startsWith('Village ') ? name : name[0].toLowerCase() + name.slice(1);
  if (!article) return words;
  return `${/^[aeiou]/i.test(words) ? 'an' : 'a'} ${words}`;
}

// A draft's date and times are on the Village's clock (village-time.js), whatever zone the tablet is
// set to: the server refuses a visit whose date is not the Village's date of its start. The old names
// stay for the code that uses them (bench/bench_field_sync.py).
export { villageDate as localDate, villageHourMinute as localTime, villageToUtc as toUtc };

export function newDraft({ site, kind, user, catalog, rainEventId = null, findingId = null, replacesId = null }) {
  const now = new Date();
  return {
    id: crypto.randomUUID(),
    // The author: a shared tablet shows, opens and submits a draft only for them (see isMine).
    user_id: user ? user.id : null,
    user_name: user?.name || '',
    site_id: String(site.id),
    site_name: site.name || `Site ${site.id}`,
    kind: KINDS[kind] ? kind : 'weekly',
    rain_event_id: rainEventId === null || rainEventId === '' ? null : Number(rainEventId),
    finding_id: findingId || null,
    replaces_id: replacesId,
    catalog_version: catalog?.version || null,
    header: {
      inspector_name: user?.name || '',
      inspected_on: villageDate(now),
      start_time: villageHourMinute(now),
      end_time: '',
      weather: '',
      phase: '',
      active_disturbance: true,
      notes: '',
    },
    answers: {},
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
}

export function isQuotaError(error) {
  return error && (error.name === 'QuotaExceededError' || error.inner?.name === 'QuotaExceededError'
    || /quota/i.test(String(error.message || '')));
}

// One save after another on a page: each is checked against the copy the one before it wrote
// (store.saveDraftOverOwn refuses a draft changed in another tab meanwhile).
let saving = Promise.resolve();

export function saveDraft(draft) {
  const save = saving.then(() => {
    draft.updated_at = new Date().toISOString();
    return store.saveDraftOverOwn(draft);
  });
  saving = save.catch(() => {});
  return save;
}

/** A save or submit refused because another tab of this device changed, submitted or discarded the
 * draft meanwhile. */
export function isElsewhereError(error) {
  return error?.name === 'DraftElsewhereError';
}

/**
 * May `user` (the device's signed-in user, the `user` meta entry) see and submit this draft?
 * Nobody signed in on the device yet (offline first use): yes, as before authors were recorded.
 * A draft saved before drafts recorded their author (no user_id): yes, for whoever is signed in, since
 * nothing can prove whose it is and hiding it could lose an inspector's work.
 */
export function isMine(draft, user) {
  const unowned = draft.user_id === null || draft.user_id === undefined;
  if (user === undefined || unowned) return true;
  if (user === null) return false;     // signed out: nobody's drafts show
  return String(draft.user_id) === String(user.id);
}

// The permittee's own inspections (§ 256-8D(3)(g)): the only kinds that answer its weekly and
// post-rain due items (the server's schedule.COUNTED_KINDS, its PERMITTEE_KINDS).
export const PERMITTEE_KINDS = ['weekly', 'post_rain'];

/** The inspection kinds this person may record, from the work packet (the server refuses others) */
export function allowedKinds(user) {
  const kinds = user?.may?.inspection_kinds;
  if (Array.isArray(kinds) && kinds.length) return kinds.filter((k) => KINDS[k]);
  return user?.role === 'permittee' ? [...PERMITTEE_KINDS] : Object.keys(KINDS);
}

/** The signed-in user's drafts and how many belong to someone else (kept, never deleted). */
export async function draftsFor(user) {
  const all = await store.listDrafts();
  const mine = all.filter((d) => isMine(d, user));
  return { mine, others: all.length - mine.length };
}

// An end time before the start time is read as past midnight, on the next Village day, when that
// makes the visit last this long at most (a longer one is a mistyped time, refused). The page says
// which day the end is read on (capture.js).
const PAST_MIDNIGHT_MS = 12 * 60 * 60 * 1000;

/** The day after a "YYYY-MM-DD" date. */
export function nextDay(date) {
  const [y, m, d] = String(date).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** Does the visit end on the day after its date (it went on past midnight)? */
export function endsNextDay(header) {
  const h = header;
  if (!h.inspected_on || !h.start_time || !h.end_time || h.end_time >= h.start_time) return false;
  const start = villageToUtc(h.inspected_on, h.start_time);
  const end = villageToUtc(nextDay(h.inspected_on), h.end_time);
  return Boolean(start && end) && Date.parse(end) - Date.parse(start) <= PAST_MIDNIGHT_MS;
}

// The server's limits on the texts of an inspection (inspector/services/inspections.py TEXT_LIMITS,
// ANSWER_TEXT_LIMITS), counted as it counts them (characters, after trimming): a longer text is
// refused here, while it can still be shortened, not by the server once it is sent.
export const TEXT_LIMITS = { inspector_name: 200, weather: 200, phase: 200, notes: 5000 };
export const ANSWER_TEXT_LIMITS = { note: 2000, corrective_action: 2000 };

/** Check a draft against the catalog; returns {errors: {field: message}, items}. */
export function validate(draft, catalog, site) {
  const errors = {};
  const items = itemsForSite(catalog, site);
  const h = draft.header;
  if (!h.inspector_name.trim()) errors['header.inspector_name'] = 'Enter the inspector\'s name.';
  if (!h.inspected_on) errors['header.inspected_on'] = 'Enter the date of the inspection.';
  if (!h.start_time) errors['header.start_time'] = 'Enter the start time.';
  if (h.end_time && h.start_time && h.end_time < h.start_time && !endsNextDay(h)) {
    errors['header.end_time'] = 'The end time is before the start time.';
  }
  for (const [key, limit] of Object.entries(TEXT_LIMITS)) {
    const message = tooLong(h[key], limit);
    if (message) errors[`header.${key}`] = message;
  }
  for (const item of items) {
    const answer = draft.answers[item.code] || {};
    const key = `answers.${item.code}`;
    let values = {};
    try {
      values = parseMeasurements(item, answer.measurements || {});
    } catch (error) {
      if (!(error instanceof MeasurementError)) throw error;
      errors[`${key}.measurements.${error.key}`] = error.message;
    }
    if (!answer.result) errors[`${key}.result`] = 'Answer pass, fail or not applicable.';
    else if (measurementFails(item, values) === true && answer.result !== 'fail') {
      errors[`${key}.result`] = `The measurements show a failure: ${item.fail_message || item.failure}`;
    }
    if (answer.result === 'fail' && !(answer.corrective_action || '').trim()) {
      errors[`${key}.corrective_action`] = 'A failed item needs the corrective action.';
    }
    const noteTooLong = tooLong(answer.note, ANSWER_TEXT_LIMITS.note);
    if (noteTooLong) errors[`${key}.note`] = `The note is ${noteTooLong[0].toLowerCase()}${noteTooLong.slice(1)}`;
    const actionTooLong = answer.result === 'fail'
      && tooLong(answer.corrective_action, ANSWER_TEXT_LIMITS.corrective_action);
    if (actionTooLong) errors[`${key}.corrective_action`] = actionTooLong;
    // A calculation that fails refuses pass, as a failing measurement does (the server checks it again).
    const calc = answer.calculator;
    if (answer.result === 'pass' && calc?.result?.passes === false) {
      errors[`${key}.calculator`] = `The attached ${calc.name} calculation does not meet the ordinance`
        + `${calc.result.summary ? ` (${calc.result.summary})` : ''}; an item cannot pass with it: answer fail, `
        + 'or calculate again.';
    }
  }
  return { errors, items };
}

/** The frozen inspection payload (docs/sync-protocol.md) with its canonical sha256. `endedAt`: the
 * end as an instant (an end filled in on submitting is now, whatever the visit's date). */
export async function buildPayload(draft, items, photos, { endTime, endedAt } = {}) {
  const h = draft.header;
  const end = { ...h, end_time: endTime || h.end_time };
  const byItem = (code) => photos.filter((p) => (p.item_code || null) === code).map((p) => p.id);
  const answers = items.map((item) => {
    const a = draft.answers[item.code] || {};
    return {
      item_code: item.code,
      result: a.result,
      note: (a.note || '').trim(),
      corrective_action: a.result === 'fail' ? (a.corrective_action || '').trim() : '',
      measurements: parseMeasurements(item, a.measurements || {}),
      calculator: a.calculator || null,
      photo_ids: byItem(item.code),
    };
  });
  return withHash({
    site_id: Number(draft.site_id),
    kind: draft.kind,
    inspector_name: h.inspector_name.trim(),
    inspected_on: h.inspected_on,
    started_at: villageToUtc(h.inspected_on, h.start_time),
    ended_at: endedAt
      || villageToUtc(endsNextDay(end) ? nextDay(h.inspected_on) : h.inspected_on, end.end_time),
    weather: h.weather.trim(),
    phase: h.phase.trim(),
    notes: h.notes.trim(),
    active_disturbance: Boolean(h.active_disturbance),
    rain_event_id: draft.rain_event_id,
    finding_id: draft.finding_id,
    catalog_version: draft.catalog_version,
    replaces_id: draft.replaces_id || null,
    // Signed under the rulebook's statement (signature.js): part of the record and of its hash.
    signature: draft.signature || null,
    signature_statement_version: draft.signature ? draft.signature_statement_version : null,
    signed_by_name: draft.signature ? draft.signed_by_name : null,
    signed_at: draft.signature ? draft.signed_at : null,
    answers,
    photos: photos.map((p) => ({
      id: p.id, item_code: p.item_code || null, sha256: p.sha256, taken_at: p.taken_at,
      taken_at_source: p.taken_at_source || null, latitude: p.latitude, longitude: p.longitude,
      // The marks drawn on it (markup.js), only when there are some: a photo without marks is sent
      // as it always was.
      ...(draft.marks?.[p.id]?.length ? { marks: draft.marks[p.id] } : {}),
    })),
  });
}

/** Freeze the draft: outbox entry in, draft out, in one IndexedDB transaction. */
export async function submit(draft, payload, photos) {
  const mutation = {
    mutation_id: crypto.randomUUID(),
    entity: 'inspection',
    entity_id: draft.id,
    op: 'upsert',
    base_version: null,
    payload,
    photo_ids: photos.map((p) => p.id),
    summary: { site_name: draft.site_name, kind: draft.kind, inspected_on: payload.inspected_on },
  };
  await store.enqueueFromDraft(draft.id, mutation, { rev: draft.rev ?? 0 });
  return mutation;
}

/**
 * A refused inspection from the outbox as a fresh draft of the signed-in person: all it said,
 * under a new id (the server never had it). A kind this person may not record becomes their first
 * kind, and `kind_changed_from` says so on the capture page. A correction keeps what it replaces
 * only when that inspection is on the server.
 */
export function draftFromEntry(entry, { user, catalog, sentIds = new Set() }) {
  const p = entry.payload || {};
  const allowed = allowedKinds(user);
  const kind = allowed.includes(p.kind) ? p.kind : allowed[0];
  const draft = newDraft({
    site: { id: p.site_id, name: entry.summary?.site_name }, kind, user, catalog,
    // A rain the server did not take (another site's, or one a later reading merged away) is left
    // out, or the record would be refused again for it.
    rainEventId: entry.errors?.rain_event_id ? null : p.rain_event_id ?? null,
    findingId: kind === 'follow_up' ? p.finding_id : null,
    replacesId: p.replaces_id && sentIds.has(p.replaces_id) ? p.replaces_id : null,
  });
  if (kind !== p.kind) draft.kind_changed_from = p.kind;
  draft.catalog_version = p.catalog_version || draft.catalog_version;
  Object.assign(draft.header, {
    inspector_name: p.inspector_name || draft.header.inspector_name, weather: p.weather || '',
    phase: p.phase || '', notes: p.notes || '', active_disturbance: p.active_disturbance !== false,
  });
  if (p.inspected_on) draft.header.inspected_on = p.inspected_on;
  if (p.started_at) draft.header.start_time = villageHourMinute(p.started_at);
  draft.header.end_time = p.ended_at ? villageHourMinute(p.ended_at) : '';
  for (const a of p.answers || []) {
    draft.answers[a.item_code] = {
      result: a.result, note: a.note || '', corrective_action: a.corrective_action || '',
      measurements: Object.fromEntries(
        Object.entries(a.measurements || {}).map(([k, v]) => [k, String(v)])),
      calculator: a.calculator || null,
    };
  }
  // Marks by the photo ids the entry had; store.reopenAsDraft moves them to the photos' new ids.
  const marked = (p.photos || []).filter((photo) => photo.marks?.length);
  if (marked.length) draft.marks = Object.fromEntries(marked.map((photo) => [photo.id, photo.marks]));
  draft.reopened_from = entry.mutation_id;
  return draft;
}
