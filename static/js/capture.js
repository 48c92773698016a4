// The capture page (/app/inspect): an inspection form rendered from the work packet on the device.
// Every change is saved to the draft in IndexedDB as it happens; submitting freezes it into the outbox.
import * as store from './store.js';
import * as drafts from './drafts.js';
import { itemsForSite, parseMeasurement, parseMeasurements, measurementFails, MeasurementError } from './checklist.js';
import { announce, newerVersionSaidHere, setFormInProgress } from './shell.js';
import { clockWarning, villageHourMinute, villageTime } from './village-time.js';
import * as signature from './signature.js';
import { createFlow } from './item-flow.js';

// Loaded when first needed, not before the checklist is drawn (cold start on a slow tablet): photo
// processing (photos.js, its worker and EXIF reader) when a photo is shown or taken, marks when a
// photo is shown. docs/field-app.md.
let photosModule = null;
let markupModule = null;
const photosLib = () => (photosModule ||= import('./photos.js'));
const markupLib = () => (markupModule ||= import('./markup.js'));

const $ = (id) => document.getElementById(id);

// The tab's title names the inspection as the heading does: two inspections open in two tabs (or
// in a screen reader's list of windows) are told apart.
const TITLE_END = document.title.slice(document.title.indexOf(' · '));
function setHeading(text) {
  $('inspect-title').textContent = text;
  document.title = `${text}${TITLE_END}`;
}
const form = $('inspection-form');
const saveState = $('save-state');
const HEADER_FIELDS = {
  'f-inspector': 'inspector_name', 'f-date': 'inspected_on', 'f-start': 'start_time', 'f-end': 'end_time',
  'f-weather': 'weather', 'f-phase': 'phase', 'f-active': 'active_disturbance', 'f-notes': 'notes',
};

const state = {
  draft: null, site: null, catalog: null, user: undefined, items: [], photos: [], urls: new Map(),
  saveTimer: null,
};

function problem(text) {
  const box = $('inspect-problem');
  box.textContent = text;
  box.hidden = false;
}

const NOT_YOURS = 'This draft belongs to another person; it stays on this device until they sign in.';

// Someone else's draft on a shared tablet: say so, show none of it, and offer the way home.
function notYours() {
  problem(NOT_YOURS);
  const home = document.createElement('a');
  home.className = 'btn';
  home.href = '/app/';
  home.textContent = 'Back to My sites';
  $('inspect-problem').append(' ', home);
  document.body.dataset.ready = 'not-yours';
}

// ------------------------------------------------------------------ saving
// Someone else holds the device now (another tab signed them in): this draft is not theirs, so an
// edit typed here could never be submitted. Saving stops and the page says why; what was saved
// stays.
// An edit made before the device learned of the new person (`user_since`) was its author's: it is
// saved first, then the draft is put away (a save racing the sync that brought the change lost it).
async function stillMine(editedAt) {
  const [user, since] = await Promise.all([store.getMeta('user'), store.getMeta('user_since')]);
  if (drafts.isMine(state.draft, user)) return 'mine';
  if (editedAt && since && editedAt < since) return 'before';
  putAway(user);
  return false;
}

async function saveNow({ evenIfNotMine = false } = {}) {
  clearTimeout(state.saveTimer);
  state.saveTimer = null;
  const editedAt = state.editedAt ?? Date.now();
  let holder = 'mine';
  try {
    if (!evenIfNotMine) holder = await stillMine(editedAt);
  } catch (error) {
    return saveFailed(error);
  }
  if (!holder) return false;
  if (holder === 'before') {  // saved to its author's draft, which is then put away: not saved for this page
    await saveNow({ evenIfNotMine: true });
    putAway(await store.getMeta('user'));
    return false;
  }
  // A change typed while this save runs is the next save's: its time is its own, not cleared by
  // this save ending.
  state.editedAt = null;
  try {
    await drafts.saveDraft(state.draft);
    // A change typed meanwhile is not saved yet: the page says "Saving…" until its own save.
    if (!state.saveTimer) {
      saveState.className = 'save-state saved';
      saveState.textContent = `Saved on this device at ${villageTime(new Date(), 'time')}`;
    }
    refreshErrors();
    return true;
  } catch (error) {
    state.editedAt = Math.min(editedAt, state.editedAt ?? editedAt);  // still not saved
    if (drafts.isElsewhereError(error)) {
      await changedElsewhere({ lost: true });
      return false;
    }
    return saveFailed(error);
  }
}

function saveLeaving() {
  clearTimeout(state.saveTimer);
  state.saveTimer = null;
  const editedAt = state.editedAt;
  state.editedAt = null;
  state.draft.updated_at = new Date().toISOString();
  const written = store.putDraftAtOnce(state.draft);
  if (!written) {
    state.editedAt = editedAt;
    saveNow();
    return;
  }
  // Still here afterwards (the app switched away and back): the save line says how it went.
  written.then(() => {
    if (state.saveTimer) return;
    saveState.className = 'save-state saved';
    saveState.textContent = `Saved on this device at ${villageTime(new Date(), 'time')}`;
  }, (error) => {
    state.editedAt = Math.min(editedAt ?? Date.now(), state.editedAt ?? Infinity);
    saveFailed(error);
  });
}

function saveFailed(error) {
  if (store.isNewerVersionError(error)) {
    stopForNewerVersion(false);
    return false;
  }
  saveState.className = 'save-state failed';
  saveState.textContent = drafts.isQuotaError(error)
    ? 'This device\'s storage is full: your last change is NOT saved. The draft as saved before is intact. Send the outbox or free space, then try again.'
    : `Your last change could not be saved on this device (${error.message}). The draft as saved before is intact.`;
  // #save-state is a live region: said once, not again by the announcer.
  return false;
}

// A newer version of the app opened the tablet's database from another tab: this page's code cannot
// use it. The change typed last is saved while the new version waits (store.js), then the page stops
// and says how to go on, once: in the message over the form (an alert, so not announced again), the
// save line emptied and the shell's banner left out (newerVersionSaidHere).
function stopForNewerVersion(saved) {
  if (form.hidden) return;
  clearTimeout(state.saveTimer);
  state.saveTimer = null;
  form.hidden = true;
  setFormInProgress(false);
  newerVersionSaidHere();
  saveState.className = 'save-state';
  saveState.textContent = '';
  const kept = saved
    ? 'Your draft is saved on this device, with every change made on this page.'
    : 'Your last change on this page was NOT saved; the draft as saved before is on this device.';
  problem(`A newer version of the app was opened on this tablet, and this page's version can no longer save. ${kept} `
    + 'Reload this page to go on with the draft in the new version.');
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'btn btn-primary';
  reload.textContent = 'Reload this page';
  reload.addEventListener('click', () => location.reload());
  $('inspect-problem').append(' ', reload);
  document.body.dataset.ready = 'newer-version';
}

store.events.addEventListener('newer-version', (event) => {
  if (!state.draft || form.hidden) return;
  const saved = state.saveTimer ? saveNow() : Promise.resolve(true);
  event.detail.waitUntil(saved.then((ok) => {
    if (ok) stopForNewerVersion(true);
  }));
});

function scheduleSave() {
  // The first change not saved yet: one typed before the device learned of the next person makes
  // the whole pending save its author's (stillMine), however much was typed after it.
  state.editedAt ??= Date.now();
  saveState.className = 'save-state';
  saveState.textContent = 'Saving…';
  clearTimeout(state.saveTimer);
  state.saveTimer = setTimeout(saveNow, 250);
}

// ------------------------------------------------------------------ header
function renderHeader() {
  const { draft, site, catalog } = state;
  // Only the kinds this person may record (the work packet says which); the server refuses others.
  const allowed = drafts.allowedKinds(state.user);
  for (const option of [...$('f-kind').options]) {
    if (!allowed.includes(option.value)) option.remove();
  }
  if (!allowed.includes(draft.kind)) {
    draft.kind_changed_from = draft.kind;
    draft.kind = allowed[0];
    scheduleSave();
  }
  if (draft.kind_changed_from) {
    const was = drafts.kindWords(draft.kind_changed_from);
    $('kind-note').textContent = `This was started as ${was}, `
      + `which ${state.user?.role === 'permittee' ? 'the Village records' : 'you may not record'}. `
      + 'Choose the kind of inspection this is before submitting.';
    $('kind-note').hidden = false;
  }
  if (draft.refused) sayRefused(draft.refused);
  setHeading(`${drafts.KINDS[draft.kind]}: ${site.name}`);
  $('h-site').textContent = [site.name, site.address].filter(Boolean).join(', ');
  $('h-permittee').textContent = site.permit?.company || 'No permit on record';
  $('h-catalog').textContent = `Checklist version ${draft.catalog_version || catalog.version}`;
  $('f-kind').value = draft.kind;
  for (const [id, key] of Object.entries(HEADER_FIELDS)) {
    const input = $(id);
    if (input.type === 'checkbox') input.checked = Boolean(draft.header[key]);
    else input.value = draft.header[key] ?? '';
    input.addEventListener('input', () => {
      draft.header[key] = input.type === 'checkbox' ? input.checked : input.value;
      fieldError(input, null);
      showEndDay();
      scheduleSave();
    });
  }
  showEndDay();
  $('f-kind').addEventListener('change', () => {
    draft.kind = $('f-kind').value;
    delete draft.kind_changed_from;
    $('kind-note').hidden = true;
    setHeading(`${drafts.KINDS[draft.kind]}: ${site.name}`);
    scheduleSave();
  });
  const links = [];
  if (draft.rain_event_id !== null) links.push('After a rain recorded for this site.');
  if (draft.finding_id) links.push(`Follows up ${findingWords()}.`);
  if (draft.replaces_id) {
    links.push('Corrects the inspection you sent earlier '
      + '(a new version; the one sent stays on record).');
  }
  $('h-link').textContent = links.join(' ');
}

// A record the server refused, opened again from the outbox: why, in the outbox's words.
function sayRefused({ reason, errors = [] }) {
  const said = document.createElement('p');
  said.textContent = `When this was sent, the Village's server refused it${reason ? `: ${reason}` : '.'} `
    + 'Put it right here, then submit it again.';
  const list = document.createElement('ul');
  for (const [label, message] of errors) {
    const li = document.createElement('li');
    li.textContent = `${label}: ${message}`;
    list.append(li);
  }
  $('refused-note').replaceChildren(said, ...(list.children.length ? [list] : []));
  $('refused-note').hidden = false;
  // A detail of the form's head the server named is marked at its field too, until it is changed.
  for (const [label, message] of errors) {
    const input = REFUSED_FIELDS[label] && $(REFUSED_FIELDS[label]);
    if (!input) continue;
    fieldError(input, message);
    input.addEventListener('input', () => fieldError(input, ''), { once: true });
  }
}

// The outbox's words for the head's fields (outbox-view.js FIELDS), to their inputs.
const REFUSED_FIELDS = {
  Inspector: 'f-inspector', Date: 'f-date', 'Start time': 'f-start', 'End time': 'f-end',
  Weather: 'f-weather', 'Construction phase': 'f-phase', Notes: 'f-notes',
};

// An end time before the start time: say that it is read as the next day (past midnight). The
// calendar is made only then (Intl with a time zone is slow to set up: cold start).
let dayWords;
function showEndDay() {
  const h = state.draft.header;
  if (!drafts.endsNextDay(h)) {
    $('f-end-hint').textContent = '';
    return;
  }
  dayWords ||= new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
  const day = dayWords.format(new Date(`${drafts.nextDay(h.inspected_on)}T12:00:00Z`));
  $('f-end-hint').textContent = `Past midnight: ends the next day, ${day}.`;
}

function fieldError(input, message) {
  const errorId = `${input.id}-error`;
  let p = document.getElementById(errorId);
  if (!message) {
    input.removeAttribute('aria-invalid');
    if (p) p.textContent = '';
    return;
  }
  if (!p) {
    p = document.createElement('p');
    p.className = 'error';
    p.id = errorId;
    input.closest('.field').append(p);
    input.setAttribute('aria-describedby', [input.getAttribute('aria-describedby'), errorId].filter(Boolean).join(' '));
  }
  input.setAttribute('aria-invalid', 'true');
  p.textContent = message;
}

// ------------------------------------------------------------------ checklist items
function answerFor(code) {
  state.draft.answers[code] ||= { result: null, note: '', corrective_action: '', measurements: {}, calculator: null };
  return state.draft.answers[code];
}

function updateProgress() {
  const done = state.items.filter((item) => state.draft.answers[item.code]?.result).length;
  $('progress').textContent = `${done} of ${state.items.length} items answered`
    + `${done === state.items.length ? ': submit when ready.' : '.'}`;
}

// The catalog's corrective action is a suggestion the inspector inserts with one tap, on a line of
// its own: never text the inspector's words are typed onto.
function showSuggestion(node, item, answer) {
  const box = node.querySelector('.suggestion');
  const text = (item.corrective_action || '').trim();
  box.hidden = !text || (answer.corrective_action || '').includes(text);
  node.querySelector('.suggestion-text').textContent = text;
}

function useSuggestion(node, item, answer) {
  const textarea = node.querySelector('.corrective-t');
  const own = textarea.value.trimEnd();
  textarea.value = own ? `${own}\n${item.corrective_action.trim()}` : item.corrective_action.trim();
  answer.corrective_action = textarea.value;
  showSuggestion(node, item, answer);
  state.flow?.refresh(item);
  textarea.focus();
  scheduleSave();
}

function showResult(node, item, answer) {
  const corrective = node.querySelector('.corrective');
  corrective.hidden = answer.result !== 'fail';
  showSuggestion(node, item, answer);
  node.classList.toggle('is-fail', answer.result === 'fail');
  node.classList.toggle('is-pass', answer.result === 'pass');
  for (const radio of node.querySelectorAll('input[type=radio]')) radio.checked = radio.value === answer.result;
}

function evaluate(node, item, answer) {
  const verdict = node.querySelector('.measure-verdict');
  let values;
  try {
    values = parseMeasurements(item, answer.measurements);
  } catch (error) {
    if (!(error instanceof MeasurementError)) throw error;
    verdict.textContent = '';
    return;
  }
  const fails = measurementFails(item, values);
  verdict.className = 'measure-verdict';
  if (fails === true) {
    verdict.classList.add('verdict-fail');
    verdict.textContent = `Fails: ${item.fail_message || item.failure} (${item.citation})`;
    if (answer.result !== 'fail') {
      answer.result = 'fail';
      showResult(node, item, answer);
      announce(`${item.title}: the measurement is a failure; the item is marked failed.`);
    }
  } else if (fails === false) {
    verdict.classList.add('verdict-pass');
    verdict.textContent = 'Within the ordinance\'s limit.';
  } else {
    verdict.textContent = '';
  }
}

function renderMeasurements(node, item, answer) {
  const box = node.querySelector('.measurements');
  for (const spec of item.measurements || []) {
    const id = `m-${item.code}-${spec.key}`;
    const field = document.createElement('div');
    field.className = 'field';
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = spec.label;
    const row = document.createElement('div');
    row.className = 'input-row';
    const input = document.createElement('input');
    Object.assign(input, { id, type: 'text', inputMode: 'decimal', autocomplete: 'off' });
    input.value = answer.measurements[spec.key] ?? '';
    const unit = document.createElement('span');
    unit.className = 'unit';
    unit.textContent = spec.unit;
    const hint = document.createElement('p');
    hint.className = 'hint';
    hint.id = `${id}-hint`;
    hint.textContent = `From ${spec.min} to ${spec.max} ${spec.unit}.`;
    input.setAttribute('aria-describedby', hint.id);
    row.append(input, unit);
    field.append(label, row, hint);
    box.append(field);
    input.addEventListener('input', () => {
      try {
        parseMeasurement(spec, input.value);
        fieldError(input, null);
      } catch (error) {
        if (!(error instanceof MeasurementError)) throw error;
        fieldError(input, error.message);
      }
      answer.measurements[spec.key] = input.value;
      if (input.value.trim() === '') delete answer.measurements[spec.key];
      evaluate(node, item, answer);
      state.flow?.refresh(item);
      scheduleSave();
    });
    // Shown as it is typed, said once the person leaves the field with it (not at each key), in
    // the words the submit check uses (parseMeasurement's).
    input.addEventListener('change', () => {
      try {
        parseMeasurement(spec, input.value);
      } catch (error) {
        if (!(error instanceof MeasurementError)) throw error;
        announce(error.message);
      }
    });
    if (input.value) {
      try { parseMeasurement(spec, input.value); } catch (error) { fieldError(input, error.message); }
    }
  }
}

function renderCalculator(node, item, answer) {
  if (!item.calculator) return;
  const box = node.querySelector('.calculator');
  const key = `calculator-result:${item.code}`;
  const returned = localStorage.getItem(key);
  if (returned) {
    try {
      answer.calculator = JSON.parse(returned);
      scheduleSave();
    } catch { /* a broken value is ignored */ }
    localStorage.removeItem(key);
  }
  const link = document.createElement('a');
  link.className = 'btn';
  link.id = `calc-${item.code}`;
  // The calculator sends the person back to this link (#from-calc-CODE), not to the top of the page.
  const back = `/app/inspect?draft=${state.draft.id}#from-${link.id}`;
  link.href = `/calculators/${encodeURIComponent(item.calculator)}?item=${encodeURIComponent(item.code)}&return=${encodeURIComponent(back)}`;
  link.textContent = `Check with the ${item.calculator} calculator`;
  link.addEventListener('click', () => saveNow());
  box.append(link);
  if (answer.calculator) {
    const p = document.createElement('p');
    p.className = 'small calc-result';
    const r = answer.calculator.result || {};
    const verdict = r.passes === true ? 'meets the ordinance' : r.passes === false ? 'does not meet the ordinance' : '';
    p.textContent = `Calculator (${answer.calculator.name}): ${r.summary || verdict || 'result attached'}.`;
    p.id = `calc-result-${item.code}`;
    link.setAttribute('aria-describedby', p.id);
    box.append(p);
  }
}

function renderItem(item) {
  const answer = answerFor(item.code);
  const node = document.getElementById('item-tpl').content.firstElementChild.cloneNode(true);
  node.id = `item-${item.code}`;
  node.dataset.code = item.code;
  node.querySelector('.item-name').textContent = `${item.title} (${item.code})`;
  node.querySelector('.item-toggle-name').textContent = `${item.title} (${item.code})`;
  node.querySelector('.item-question').textContent = item.question;
  node.querySelector('.item-cite').textContent = item.citation;
  for (const result of ['pass', 'fail', 'na']) {
    const radio = node.querySelector(`.seg-${result}`);
    const label = node.querySelector(`.seg-${result}-l`);
    radio.name = `result-${item.code}`;
    radio.id = `r-${item.code}-${result}`;
    label.htmlFor = radio.id;
    radio.addEventListener('change', () => {
      answer.result = result;
      showResult(node, item, answer);
      itemError(node, '');
      updateProgress();
      scheduleSave();
      state.flow.answered(item, { moveOn: !state.flow.choosing(item) });
    });
  }
  const corrective = node.querySelector('.corrective-t');
  corrective.id = `ca-${item.code}`;
  node.querySelector('.corrective-l').htmlFor = corrective.id;
  corrective.value = answer.corrective_action || '';
  const failureHint = node.querySelector('.failure-hint');
  failureHint.id = `ca-${item.code}-hint`;
  failureHint.textContent = `A failure looks like: ${item.failure}`;
  corrective.setAttribute('aria-describedby', failureHint.id);
  corrective.addEventListener('input', () => {
    answer.corrective_action = corrective.value;
    showSuggestion(node, item, answer);
    state.flow?.refresh(item);
    scheduleSave();
  });
  const use = node.querySelector('.suggestion-use');
  use.setAttribute('aria-label', `Use suggestion: corrective action for ${item.title}`);
  use.addEventListener('click', () => useSuggestion(node, item, answer));
  const note = node.querySelector('.note-t');
  note.id = `note-${item.code}`;
  node.querySelector('.note-l').htmlFor = note.id;
  note.value = answer.note || '';
  note.addEventListener('input', () => { answer.note = note.value; scheduleSave(); });
  renderMeasurements(node, item, answer);
  renderCalculator(node, item, answer);
  node.querySelector('.photo-block').dataset.item = item.code;
  showResult(node, item, answer);
  evaluate(node, item, answer);
  return node;
}

// ------------------------------------------------------------------ photos
async function renderThumbs(block) {
  const code = block.dataset.item || null;
  const list = block.querySelector('.thumbs');
  const here = state.photos.filter((p) => (p.item_code || null) === code);
  // Says which photos are attached (the hidden file input's own "No file chosen" never shows).
  block.querySelector('.photo-attached').textContent = here.length
    ? `Attached: ${here.map((p, i) => p.name || `photo ${i + 1}`).join(', ')}.`
    : 'No photo attached yet.';
  if (!here.length) {
    list.replaceChildren();
    return;
  }
  const [{ photoUrl }, markup] = await Promise.all([photosLib(), markupLib()]);
  // Nothing awaited from here on: a later call's list replaces this one's whole.
  list.replaceChildren();
  for (const photo of here) {
    if (!state.urls.has(photo.id)) state.urls.set(photo.id, photoUrl(photo));
    const li = document.createElement('li');
    li.className = 'thumb';
    const img = document.createElement('img');
    img.src = state.urls.get(photo.id);
    img.alt = `Photo ${photo.width}×${photo.height}${photo.taken_at ? `, taken ${villageTime(photo.taken_at)}` : ''}`;
    img.dataset.photoId = photo.id;
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.className = 'btn btn-quiet small photo-remove';
    remove.textContent = 'Remove';
    remove.setAttribute('aria-label', `Remove photo taken ${photo.taken_at ? villageTime(photo.taken_at, 'clock') : ''}`);
    remove.addEventListener('click', async () => {
      // A photo is evidence that cannot be taken again once the site has changed: one tap beside
      // "Mark up" must not delete it (a draft's discard asks too).
      const which = photo.name ? ` (${photo.name})` : '';
      // eslint-disable-next-line no-alert
      if (!window.confirm(`Remove this photo${which} from the inspection? It is deleted from this device and cannot be brought back.`)) return;
      const at = [...list.children].indexOf(li);
      await store.deletePhoto(photo.id);
      state.photos = state.photos.filter((p) => p.id !== photo.id);
      URL.revokeObjectURL(state.urls.get(photo.id));
      state.urls.delete(photo.id);
      await renderThumbs(block);
      // The keyboard stays with the photos (its button is gone): the next one's Remove, else Take photo.
      const removes = list.querySelectorAll('.photo-remove');
      (removes[Math.min(at, removes.length - 1)] || block.querySelector('input[type=file]')).focus();
      announce('Photo removed.');
    });
    const meta = document.createElement('span');
    meta.className = 'small muted';
    meta.textContent = `${photo.name ? `${photo.name} · ` : ''}${Math.round(photo.size / 1024)} KB`
      + `${photo.latitude !== null ? ' · GPS' : ''}`;
    // Marks are a layer in the draft beside the photo (markup.js): its bytes and hash stay as taken.
    const { frame, button } = markup.attach(img, {
      photo, url: state.urls.get(photo.id), marks: state.draft.marks?.[photo.id] || [],
      save: async (marks) => {
        state.draft.marks = { ...state.draft.marks, [photo.id]: marks };
        const saved = await saveNow();
        await renderThumbs(block);
        // The thumbnail is drawn anew: the keyboard goes to its new "Mark up", not to nothing.
        block.querySelector(`img[data-photo-id="${photo.id}"]`)?.closest('.thumb').querySelector('.markup-open')?.focus();
        // Not saved (storage full): the save line says so, and the marks are kept for the next save.
        if (saved) announce(`Marks saved on this device: ${marks.length}.`);
      },
    });
    li.append(frame, meta, button, remove);
    list.append(li);
  }
}

function bindPhotoBlock(block, title) {
  const tpl = document.getElementById('photo-block-tpl').content.firstElementChild.cloneNode(true);
  block.append(tpl);
  // .photo-error is an alert, emptied on each choice: its words are said once, by it alone.
  const error = block.querySelector('.photo-error');
  for (const input of block.querySelectorAll('input[type=file]')) {
    input.setAttribute('aria-label', `${input.classList.contains('photo-camera') ? 'Take photo' : 'Choose photo'}: ${title}`);
    // A mobile browser may reload the page while the camera app is in front: save the draft first.
    // The photo worker starts as the camera opens, ready when the photo comes back.
    input.addEventListener('click', () => {
      saveNow();
      photosLib().then((photos) => photos.startPhotoWorker()).catch(() => {});
    });
    input.addEventListener('change', async () => {
      const files = Array.from(input.files || []);
      input.value = '';
      error.textContent = '';
      for (const file of files) {
        let photo;
        let photos = null;
        try {
          saveState.textContent = 'Processing photo…';
          photos = await photosLib();
          photo = await photos.processFile(file, { inspectionId: state.draft.id, itemCode: block.dataset.item || null });
          if (file.name) photo.name = file.name;
        } catch (err) {
          error.textContent = photos && err instanceof photos.PhotoError ? err.message : `The photo could not be read (${err.message}). Nothing was added.`;
          saveState.textContent = '';
          continue;
        }
        // The same picture chosen again here (it seemed not to have come, while it was prepared):
        // the record would show it twice.
        const same = state.photos.find((p) => p.sha256 === photo.sha256
          && (p.item_code || null) === (photo.item_code || null));
        if (same) {
          error.textContent = `This photo is already attached here${same.name ? ` (${same.name})` : ''}. Nothing was added.`;
          saveState.textContent = '';
          continue;
        }
        try {
          await store.putPhoto(photo);
        } catch (err) {
          error.textContent = drafts.isQuotaError(err)
            ? 'This device\'s storage is full: the photo was NOT saved. Your draft is intact. Send the outbox or free space.'
            : `The photo could not be saved on this device (${err.message}). Your draft is intact.`;
          saveState.textContent = '';
          continue;
        }
        state.photos.push(photo);
        renderThumbs(block);
        await saveNow();
        const size = `${Math.round(photo.size / 1024)} KB`;
        announce(`Photo attached: ${photo.name || 'from the camera'} (${size}).`);
      }
    });
  }
  renderThumbs(block);
}

// ------------------------------------------------------------------ submit
// An item's own error (no answer, or an answer that cannot stand) marks its pass / fail / not
// applicable choice and is its description: the focus lands there and a screen reader says why.
function itemError(node, message) {
  const p = node.querySelector('.item-error');
  if (!p) return;
  p.id ||= `${node.id}-error`;
  p.textContent = message;
  for (const radio of node.querySelectorAll('.segmented input')) {
    if (message) {
      radio.setAttribute('aria-invalid', 'true');
      radio.setAttribute('aria-describedby', p.id);
    } else {
      radio.removeAttribute('aria-invalid');
    }
  }
}

const headerIds = () => Object.fromEntries(Object.entries(HEADER_FIELDS).map(([id, key]) => [`header.${key}`, id]));
const toFix = (n) => `${n} thing${n === 1 ? '' : 's'} to fix before submitting.`;

// The mistakes said at the last press. Each message goes once its mistake is put right, and the
// count follows, without moving the page or the focus; a new mistake waits for the next press.
let shownErrors = {};

function clearError(key) {
  const m = /^answers\.([^.]+)\.(.+)$/.exec(key);
  const node = m && document.getElementById(`item-${m[1]}`);
  if (key === 'signature') $('signature-error').textContent = '';
  else if (headerIds()[key]) fieldError($(headerIds()[key]), '');
  else if (node && m[2] === 'corrective_action') fieldError(node.querySelector('.corrective-t'), '');
  else if (node && m[2].startsWith('measurements.')) fieldError(document.getElementById(`m-${m[1]}-${m[2].slice(13)}`), '');
  else if (node) itemError(node, '');
}

function refreshErrors() {
  const shown = Object.keys(shownErrors);
  if (!shown.length) return;
  const { errors } = drafts.validate(state.draft, state.catalog, state.site);
  Object.assign(errors, signature.signatureErrors(state.draft, attachSignature().requiredKinds));
  const fixed = shown.filter((key) => !(key in errors));
  if (!fixed.length) return;
  fixed.forEach(clearError);
  for (const key of fixed) delete shownErrors[key];
  const left = Object.keys(shownErrors).length;
  const count = $('submit-errors').querySelector('p');
  if (!left) $('submit-errors').replaceChildren();
  else if (count) count.textContent = toFix(left);
}

function showErrors(errors) {
  const summary = $('submit-errors');
  summary.replaceChildren();
  for (const node of document.querySelectorAll('.item')) itemError(node, '');
  shownErrors = { ...errors };
  const entries = Object.entries(errors);
  if (!entries.length) return;
  let first = null;
  // An item with something to fix is opened, whatever was folded.
  state.flow.open(entries.map(([key]) => /^answers\.([^.]+)\./.exec(key)?.[1]).filter(Boolean));
  for (const [key, message] of entries) {
    const m = /^answers\.([^.]+)\.(.+)$/.exec(key);
    if (key === 'signature') {
      $('signature-error').textContent = message;
      first ||= $('signature-block');
    } else if (headerIds()[key]) {
      fieldError($(headerIds()[key]), message);
      first ||= $(headerIds()[key]);
    } else if (m) {
      const node = document.getElementById(`item-${m[1]}`);
      if (!node) continue;
      if (m[2] === 'corrective_action') fieldError(node.querySelector('.corrective-t'), message);
      else if (m[2].startsWith('measurements.')) fieldError(document.getElementById(`m-${m[1]}-${m[2].slice(13)}`), message);
      else itemError(node, message);
      first ||= node;
    }
  }
  const p = document.createElement('p');
  p.textContent = toFix(entries.length);
  // #submit-errors is an alert: said once, not again by the announcer.
  summary.append(p);
  first?.scrollIntoView({ block: 'center' });
  (first?.querySelector?.('input') || first)?.focus?.();
}

async function onSubmit(event) {
  event.preventDefault();
  if (!(await saveNow())) return;
  // The tablet may have changed hands since the page opened: only the author submits (under their name).
  if (!drafts.isMine(state.draft, await store.getMeta('user'))) {
    $('submit-errors').textContent = `${NOT_YOURS} Only they can submit it.`;
    return;
  }
  const { errors, items } = drafts.validate(state.draft, state.catalog, state.site);
  Object.assign(errors, signature.signatureErrors(state.draft, attachSignature().requiredKinds));
  showErrors(errors);
  if (Object.keys(errors).length) return;
  // No end time typed: it ends now, as an instant (past midnight, or days after its date too).
  let endedAt;
  if (!state.draft.header.end_time) {
    const now = new Date();
    now.setSeconds(0, 0);
    endedAt = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
    state.draft.header.end_time = villageHourMinute(now);
    $('f-end').value = state.draft.header.end_time;
  }
  const photos = await store.listPhotos(state.draft.id);
  const payload = await drafts.buildPayload(state.draft, items, photos, { endedAt });
  try {
    await drafts.submit(state.draft, payload, photos);
  } catch (error) {
    if (drafts.isElsewhereError(error)) {
      await changedElsewhere({ lost: false });
      return;
    }
    $('submit-errors').textContent = drafts.isQuotaError(error)
      ? 'This device\'s storage is full: the inspection was NOT submitted. The draft is intact.'
      : `The inspection could not be submitted on this device (${error.message}). The draft is intact.`;
    return;
  }
  setFormInProgress(false);
  location.assign(`/app/outbox?submitted=${encodeURIComponent(state.draft.id)}`);
}

async function onDiscard() {
  // eslint-disable-next-line no-alert
  if (!window.confirm('Discard this draft and its photos? This cannot be undone.')) return;
  await store.deleteDraft(state.draft.id);
  setFormInProgress(false);
  location.assign('/app/');
}

// ------------------------------------------------------------------ start
// Signed at the end, saved to the draft as each stroke ends (signature.js). Once per page.
function attachSignature() {
  state.sign ||= signature.attachCapture({ draft: state.draft, user: state.user, save: () => saveNow() });
  return state.sign;
}

/**
 * Back from a design calculator (attached or not), the keyboard is put on the item's calculator
 * link, which a result attached describes, or on the item's fold button when it is folded.
 */
function backFromCalculator() {
  if (!location.hash.startsWith('#from-calc-')) return;
  const link = document.getElementById(location.hash.slice('#from-'.length));
  history.replaceState(null, '', location.pathname + location.search);
  if (!link) return;
  const target = link.closest('[hidden]') ? link.closest('.item').querySelector('.item-toggle') : link;
  target.focus();
}

async function open(draft, { isNew = false } = {}) {
  state.draft = draft;
  state.photos = isNew ? [] : await store.listPhotos(draft.id);   // a draft made just now has none
  if (draft.finding_id) {
    const findings = await store.listFindings(draft.site_id);
    const finding = findings.find((f) => f.id === draft.finding_id);
    const item = state.items.find((i) => i.code === finding?.item_code);
    state.findingTitle = item?.title || finding?.item_code || null;
  }
  renderHeader();
  // The signer's certification from the work packet is warned about at the top when missing or
  // expired. The signature box at the foot is set up just after the first draw (attachSignature).
  $('cert-warning').textContent = signature.certificationWarning(
    state.user, null, $('cert-warning').dataset.permitteeNote,
  );
  $('cert-warning').hidden = !$('cert-warning').textContent;
  const items = $('items');
  items.replaceChildren(...state.items.map(renderItem));
  state.flow = createFlow({
    items: state.items, answerFor,
    photoCount: (code) => state.photos.filter((p) => p.item_code === code).length,
    progress: $('progress'), submitBar: form.querySelector('.submit-card'),
  });
  for (const item of state.items) state.flow.bind(item);
  for (const block of document.querySelectorAll('.photo-block')) {
    const code = block.dataset.item || '';
    const item = state.items.find((i) => i.code === code);
    bindPhotoBlock(block, item ? item.title : 'whole site');
  }
  updateProgress();
  form.addEventListener('submit', onSubmit);
  $('discard-btn').addEventListener('click', onDiscard);
  form.hidden = false;
  setFormInProgress(true);
  document.body.dataset.ready = 'capture';
  backFromCalculator();  // once the page is shown: a hidden control takes no focus
  performance.mark('capture-ready');    // read by bench/bench_capture.py
  setTimeout(attachSignature, 0);       // after the checklist has been painted
  // Leaving the page (tab close, app switch) flushes a pending save at once: a page going away runs
  // nothing that waits for IndexedDB's answer, so the write is issued before the handler returns.
  const flush = () => { if (state.saveTimer && !form.hidden) saveLeaving(); };
  addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') flush(); });
}

async function start(params) {
  // Everything the first draw needs is read at once (one IndexedDB round trip instead of five in a row: a
  // cold start on a slow tablet spent most of its time waiting on them one after the other).
  const draftId = params.get('draft');
  const kind = params.get('kind') || 'weekly';
  const [catalog, user, draft, site, allDrafts, clockOffset] = await Promise.all([
    store.getMeta('catalog'), store.getMeta('user'),
    draftId ? store.getDraft(draftId) : null,
    draftId ? null : store.getSite(params.get('site')),
    draftId || params.get('replaces') ? [] : store.listDrafts(),
    store.getMeta('clock_offset'),
  ]);
  $('clock-warning').textContent = clockWarning(clockOffset);
  $('clock-warning').hidden = !$('clock-warning').textContent;
  state.catalog = catalog;
  state.user = user;
  if (user === null) {
    problem('Nobody is signed in on this device. Sign in to start or resume an inspection; '
      + 'unfinished inspections stay on this device.');
    return;
  }
  if (!state.catalog) {
    problem('The checklist catalog is not on this device yet. Open the app once while online (signed in) so it can fetch your work packet.');
    return;
  }
  if (draftId) {
    if (!draft) {
      const queued = (await store.listOutbox()).some((m) => m.entity_id === draftId);
      problem(queued ? 'This inspection was submitted: it is in the outbox.' : 'This draft is no longer on this device.');
      return;
    }
    if (!drafts.isMine(draft, user)) {
      notYours();
      return;
    }
    state.site = (await store.getSite(draft.site_id)) || { id: draft.site_id, name: draft.site_name };
    state.items = itemsForSite(state.catalog, state.site);
    await open(draft);
    saveState.textContent = `Draft resumed (last saved ${villageTime(draft.updated_at)}).`;
    return;
  }
  state.site = site;
  if (!state.site) {
    // Not in the packet: a site of another company (never sent to this person), or one added since
    // the last sync. Both are said, and the way back to the person's own sites.
    problem('This site is not among your sites on this device: it may be another company\'s site, '
      + 'which you cannot inspect, or one added since this device last synced. Open My sites while '
      + 'online to bring your list up to date.');
    const home = document.createElement('a');
    home.className = 'btn';
    home.href = '/app/';
    home.textContent = 'Back to My sites';
    $('inspect-problem').append(' ', home);
    return;
  }
  if (!params.get('replaces') && !drafts.allowedKinds(user).includes(kind)) {
    problem(`You may not record ${drafts.kindWords(kind)}: `
      + `${user?.role === 'permittee' ? 'the Village records those' : 'your role does not'}. `
      + 'Start one of the kinds offered on My sites.');
    return;
  }
  state.items = itemsForSite(state.catalog, state.site);
  const create = async () => {
    const replaces = params.get('replaces');
    const fresh = drafts.newDraft({
      site: state.site, kind, user, catalog: state.catalog,
      rainEventId: params.get('rain_event'), findingId: params.get('finding'), replacesId: replaces,
    });
    if (replaces) await copyAnswers(fresh, replaces);
    // The form is drawn while the new draft is written, not after it (cold start); a draft that
    // could not be written takes the form away again and says why.
    const saved = drafts.saveDraft(fresh).then(() => null, (error) => error);
    const asked = location.href;
    history.replaceState(null, '', `/app/inspect?draft=${fresh.id}`);
    const fromOffer = $('resume-offer').contains(document.activeElement);
    $('resume-offer').hidden = true;
    await open(fresh, { isNew: true });
    // "Start a new inspection" is hidden with the offer: the keyboard goes to the form's first field.
    if (fromOffer) $('f-kind').focus();
    const error = await saved;
    if (error) {
      history.replaceState(null, '', asked);
      form.hidden = true;
      setFormInProgress(false);
      problem(drafts.isQuotaError(error) ? 'This device\'s storage is full: a new inspection cannot be started. Send the outbox or free space.' : error.message);
      return;
    }
    saveState.textContent = 'New inspection started; it is saved on this device as you go.';
  };
  const existing = allDrafts.find((d) => drafts.isMine(d, user) && d.site_id === String(state.site.id)
    && d.kind === kind) || null;
  if (existing) {
    $('resume-text').textContent = `You have an unfinished ${drafts.kindWords(kind, false)} for ${state.site.name}, last saved ${villageTime(existing.updated_at)}.`;
    $('resume-link').href = `/app/inspect?draft=${existing.id}`;
    $('start-new').addEventListener('click', create, { once: true });
    $('resume-offer').hidden = false;
    document.body.dataset.ready = 'resume-offer';
    return;
  }
  await create();
}

// A correction starts from the answers of the inspection it replaces (photos stay with the original).
async function copyAnswers(draft, replacesId) {
  const { outbox, sent } = await store.listOutboxAndSent();
  const all = [...outbox, ...sent];
  const original = all.find((m) => m.entity === 'inspection' && m.entity_id === replacesId);
  if (!original) return;
  const p = original.payload;
  Object.assign(draft.header, { weather: p.weather, phase: p.phase, notes: p.notes, active_disturbance: p.active_disturbance });
  // The same visit: its date and times too (the server dates a corrected visit by its first record anyway).
  if (p.inspected_on) draft.header.inspected_on = p.inspected_on;
  if (p.started_at) draft.header.start_time = villageHourMinute(p.started_at);
  draft.header.end_time = p.ended_at ? villageHourMinute(p.ended_at) : '';
  draft.kind = p.kind;
  draft.rain_event_id = p.rain_event_id;
  draft.finding_id = p.finding_id;
  for (const a of p.answers) {
    draft.answers[a.item_code] = {
      result: a.result, note: a.note, corrective_action: a.corrective_action,
      measurements: Object.fromEntries(Object.entries(a.measurements || {}).map(([k, v]) => [k, String(v)])),
      calculator: a.calculator,
    };
  }
}

// Someone else's open draft is put away: the form goes, the page says why. Nothing saved changes.
function putAway(user) {
  if (form.hidden) return;
  clearTimeout(state.saveTimer);
  state.saveTimer = null;
  form.hidden = true;
  setFormInProgress(false);
  setHeading('Inspection');
  saveState.textContent = user
    ? `Saving stopped: ${user.name || 'another person'} is signed in on this device now.`
    : 'Saving stopped: nobody is signed in on this device now.';
  notYours();
}

// The same draft open in another tab or window of this device was saved, submitted or discarded
// there: this copy is older, so it stops saving (store.saveDraftOverOwn refuses it anyway) and the
// page says what happened and how to go on. `lost`: a change made here could not be saved.
async function changedElsewhere({ lost }) {
  if (form.hidden) return;
  clearTimeout(state.saveTimer);
  state.saveTimer = null;
  form.hidden = true;
  setFormInProgress(false);
  const kept = await store.getDraft(state.draft.id).catch(() => null);
  const queued = !kept && (await store.listOutbox().catch(() => []))
    .some((m) => m.entity_id === state.draft.id);
  const notSaved = lost ? ' Your last change on this page was NOT saved.' : '';
  saveState.className = 'save-state failed';
  saveState.textContent = 'Saving stopped on this page.';
  const box = $('inspect-problem');
  const link = document.createElement('a');
  link.className = 'btn';
  if (kept) {
    problem('This inspection was changed in another tab or window on this device. This page stopped '
      + `saving so that it does not write its older copy over those answers.${notSaved} `
      + 'Open the draft again to carry on from what was saved there.');
    link.href = `/app/inspect?draft=${encodeURIComponent(state.draft.id)}`;
    link.textContent = 'Open the saved draft';
  } else if (queued) {
    problem(`This inspection was submitted from another tab or window on this device: it is in the outbox.${notSaved}`);
    link.href = '/app/outbox';
    link.textContent = 'Open the outbox';
  } else {
    problem(`This draft was discarded in another tab or window on this device.${notSaved}`);
    link.href = '/app/';
    link.textContent = 'Back to My sites';
  }
  box.append(' ', link);  // an alert: said as it shows, not by the announcer too
  document.body.dataset.ready = 'changed-elsewhere';
}

store.events.addEventListener('draft-changed', (event) => {
  const { id, rev, fromOtherTab } = event.detail || {};
  if (!fromOtherTab || !state.draft || id !== state.draft.id || form.hidden) return;
  if (rev !== null && rev === state.draft.rev) return;
  changedElsewhere({ lost: Boolean(state.saveTimer) });
});

// This tab or another one learned that someone else holds the device: an open draft that is not
// theirs is put away (an edit typed before that was known is saved to it first; nothing is lost).
store.events.addEventListener('packet-changed', async () => {
  if (!state.draft || form.hidden) return;
  const user = await store.getMeta('user');
  if (drafts.isMine(state.draft, user)) return;
  if (state.saveTimer) await saveNow({ evenIfNotMine: true });
  putAway(user);
});

function findingWords() {
  if (!state.findingTitle) return 'a finding on this site';
  return `the finding on “${state.findingTitle}”`;
}

start(new URLSearchParams(location.search)).catch((error) => {
  problem(`The inspection could not be opened on this device: ${error.message}`);
});
