// A drawn signature (signature_pad, vendored from npm) kept as whole-number points [x, y, ms] in
// the box it was first drawn in: {width, height, strokes}. Used by the capture page (saved into the
// draft as each stroke ends) and the order page (a hidden form field). docs/device-storage.md says
// why points and not a picture: they redraw at any size after a rotation and hash the same.
// Or the signer's name typed and adopted, {typed} (typed-signature.js): a record holds one or the other.
import { attachTyped, mistyped, sameName, typedName } from './typed-signature.js';
import { TIMEZONE, villageTime } from './village-time.js';

const MAX_MS = 10 * 60 * 1000;
const PEN = {
  penColor: '#111', dotSize: 1.5, minWidth: 0.8, maxWidth: 2.6, velocityFilterWeight: 0.7,
  compositeOperation: 'source-over',
};

const isDrawn = (value) => Boolean(value && value.strokes
  && value.strokes.reduce((n, s) => n + s.length, 0) >= 2);

/** A drawing of at least two points (an empty one is no signature), or a typed name. */
export function isSigned(value) {
  return isDrawn(value) || typedName(value) !== null;
}

// signature_pad is loaded when a pad is mounted, not with the page's first modules: the capture
// page draws its checklist first (cold start), the pad at its foot comes a moment later.
let padClass = null;
const loadPad = () => (padClass ||= import('/static/vendor/signature_pad/signature_pad.js')
  .then((module) => module.default));

/**
 * Mount a pad on `canvas`. `initial`: a stored signature to draw; `onChange(value)` after each
 * stroke ends (value: the whole signature) and after clearing (value: null). It takes strokes once
 * signature_pad has loaded (`ready` resolves, canvas[data-pad=ready]).
 */
export function mount(canvas, { initial = null, onChange = () => {} } = {}) {
  let value = isDrawn(initial) ? structuredClone(initial) : null;
  let pad = null;
  let scale = 1;
  let fitted = false;

  const box = () => ({ width: Math.max(1, Math.round(canvas.offsetWidth)),
    height: Math.max(1, Math.round(canvas.offsetHeight)) });

  // signature_pad clears the canvas when its size changes: size it to the element and draw the
  // kept strokes again, scaled from the box they were drawn in.
  function fit() {
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    const { width, height } = box();
    if (canvas.width === width * ratio && canvas.height === height * ratio && fitted) return;
    canvas.width = width * ratio;
    canvas.height = height * ratio;
    canvas.getContext('2d').scale(ratio, ratio);
    fitted = true;
    pad.clear();
    if (!value) return;
    scale = Math.min(width / value.width, height / value.height);
    pad.fromData(value.strokes.map((stroke) => ({
      ...PEN,
      points: stroke.map(([x, y, t]) => ({ x: x * scale, y: y * scale, time: t, pressure: 0.5 })),
    })));
  }

  function start(SignaturePad) {
    pad = new SignaturePad(canvas, PEN);
    pad.addEventListener('endStroke', () => {
      const groups = pad.toData();
      const last = groups[groups.length - 1];
      if (!last || !last.points.length) return;
      if (!value) {
        const { width, height } = box();
        value = { width, height, strokes: [] };
        scale = 1;
      }
      const t0 = last.points[0].time;
      const clamp = (n, hi) => Math.min(hi, Math.max(0, Math.round(n)));
      value.strokes.push(last.points.map((p) => [
        clamp(p.x / scale, value.width), clamp(p.y / scale, value.height), clamp(p.time - t0, MAX_MS),
      ]));
      onChange(isDrawn(value) ? structuredClone(value) : null);
    });

    const observer = new ResizeObserver(() => fit());
    observer.observe(canvas);
    addEventListener('orientationchange', fit);
    fit();
    canvas.dataset.pad = 'ready';
  }
  const ready = loadPad().then(start);

  return {
    get value() { return value ? structuredClone(value) : null; },
    clear() {
      value = null;
      pad?.clear();
      onChange(null);
    },
    /** The box emptied without a word to `onChange` (a typed name replaced the drawing). */
    reset() {
      value = null;
      pad?.clear();
    },
    disable() { ready.then(() => pad.off()); },
    ready,
  };
}

// ------------------------------------------------------------------ the capture page
export const FIELDS = ['signature', 'signature_statement_version', 'signed_by_name', 'signed_at'];

function villageToday() {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit',
  }).format(new Date());
}

// The tablet's own date moved by `days` (YYYY-MM-DD). The Village's date is within two days of it,
// whatever zones the tablet and the Village are in.
function deviceDay(days) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

// Is `day` before the Village's today? Asked of the zone's calendar (Intl with a time zone: slow to
// set up on a slow tablet's cold start) only when it is that close to the tablet's own date.
function beforeVillageToday(day, today) {
  if (today) return day < today;
  if (day < deviceDay(-2)) return true;
  if (day > deviceDay(2)) return false;
  return day < villageToday();
}

function dayWords(day) {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' })
    .format(new Date(`${day}T00:00:00Z`));
}

/** A warning about the signer's certification from the work packet's user, or '' when in force.
 * Chapter 256 asks none of a permittee's inspector (`permitteeNote`, the rulebook's
 * certification.permittee_note, which the account page shows too): a permittee is told only of one
 * on file that has expired, which its reports would show, and that none is needed. */
export function certificationWarning(user, today = null, permitteeNote = '') {
  const cert = user?.certification;
  if (!user || !cert) return '';
  if (!cert.type || !cert.expires_on) {
    if (user.role === 'permittee') return '';
    return 'No inspector certification is on file for you (type, number and expiry). Your reports '
      + 'will show it as missing: ask the Village\'s supervisor to record it.';
  }
  if (beforeVillageToday(cert.expires_on, today)) {
    const lapsed = `Your ${cert.type} certification${cert.number ? ` (${cert.number})` : ''} expired on `
      + `${dayWords(cert.expires_on)}. Reports you sign now show it as expired`;
    if (user.role === 'permittee') return `${lapsed}. ${permitteeNote}`.trim();
    return `${lapsed}: renew it and ask the supervisor to record the new expiry.`;
  }
  return '';
}

/** {signature: message} when this draft's kind must be signed and is not (a typed name must be
 * the signer's: the server refuses any other). */
export function signatureErrors(draft, requiredKinds) {
  const typed = typedName(draft.signature);
  if (typed !== null && !sameName(typed, draft.signed_by_name)) {
    return { signature: `${mistyped(draft.signed_by_name)}. Everything you entered is kept.` };
  }
  if (!requiredKinds.includes(draft.kind) || isSigned(draft.signature)) return {};
  return { signature: 'Sign the inspection: draw your signature in the box under the certification '
    + 'statement, or type your name under it. Everything you entered is kept.' };
}

/**
 * The certification block at the end of the capture page: the statement this person signs, the
 * pad, and the draft's signature fields, saved (`save()`) as soon as a stroke ends.
 */
export function attachCapture({ draft, user, save }) {
  const block = document.getElementById('signature-block');
  const canvas = document.getElementById('signature-pad');
  const status = document.getElementById('signature-state');
  const who = user?.role === 'permittee' ? 'permittee' : 'inspector';
  document.getElementById('cert-statement').textContent = block.dataset[who];
  const version = block.dataset.version;
  const signer = () => user?.name || draft.user_name || draft.header.inspector_name;
  const show = (saved = true) => {
    const how = typedName(draft.signature) === null ? 'Signed by' : 'Signed by typing the name';
    status.textContent = isSigned(draft.signature)
      ? `${how} ${draft.signed_by_name}, ${villageTime(draft.signed_at)}. `
        + `${saved ? 'Saved' : 'NOT saved'} on this device.`
      : 'Not signed yet: sign in the box with a finger or stylus, or type your name below it.';
  };
  let saving = 0;
  // A draft signed under other words than this page shows is signed again (the words are the record).
  if (draft.signature && draft.signature_statement_version !== version) {
    for (const key of FIELDS) draft[key] = null;
    status.dataset.changed = 'yes';
  }
  // A drawing, a typed name or none (null), kept in the draft and saved at once.
  const keep = async (value) => {
    if (value) {
      Object.assign(draft, {
        signature: value, signature_statement_version: version, signed_by_name: signer(),
        signed_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      });
    } else {
      for (const key of FIELDS) draft[key] = null;
    }
    document.getElementById('signature-error').textContent = '';
    // Said saved once the draft with the last stroke is saved, not before (busy meanwhile).
    saving += 1;
    status.setAttribute('aria-busy', 'true');
    const saved = await save();
    saving -= 1;
    if (saving) return;
    show(saved);
    status.setAttribute('aria-busy', 'false');
  };
  let typed = null;
  const pad = mount(canvas, {
    initial: draft.signature,
    onChange: (value) => {
      if (value) typed?.clear();  // drawing replaces a typed name
      return keep(value);
    },
  });
  typed = attachTyped({
    input: document.getElementById('signature-typed'),
    button: document.getElementById('signature-typed-adopt'),
    error: document.getElementById('signature-typed-error'),
    hint: document.getElementById('signature-typed-hint'),
    expected: signer,
    onAdopt: (value) => {
      pad.reset();  // a typed name replaces a drawing
      return keep(value);
    },
  });
  document.getElementById('signature-clear').addEventListener('click', () => {
    typed.clear();
    pad.clear();
  });
  show();
  if (status.dataset.changed) status.textContent = 'The certification statement has changed since you signed: sign again.';
  return { requiredKinds: JSON.parse(block.dataset.requiredKinds || '[]') };
}
