// Marks on a photo (docs/photo-marks.md): an arrow, a circle or a short label drawn over a photo on
// the device, offline. The marks are a vector layer kept in the draft (draft.marks[photo id]), in
// fractions of the photo (0..1), so they fit any size it is shown at; the photo's bytes and their
// hash never change. The server checks the same limits (inspector/marks.py) and draws the marks the
// same way on the report, the PDF and the public page.
export const MAX_MARKS = 20;
export const MAX_LABEL = 40;
const COLOR = '#facc15';
const OUTLINE = '#111111';
const SVG = 'http://www.w3.org/2000/svg';
const round = (v) => Math.round(Math.min(1, Math.max(0, v)) * 10000) / 10000;

function el(name, attrs = {}) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/** The marks drawn in an SVG whose viewBox is the photo's own size (inspector/marks.geometry). */
export function overlay(marks, width, height) {
  const svg = el('svg', {
    class: 'marks-overlay', viewBox: `0 0 ${width} ${height}`, preserveAspectRatio: 'xMidYMid slice',
    'aria-hidden': 'true', focusable: 'false', 'data-marks': (marks || []).length,
  });
  const short = Math.min(width, height);
  const stroke = Math.max(2, short * 0.008);
  for (const m of marks || []) {
    for (const [color, extra] of [[OUTLINE, stroke], [COLOR, 0]]) {
      if (m.kind === 'arrow') {
        const [x1, y1, x2, y2] = [m.from[0] * width, m.from[1] * height, m.to[0] * width, m.to[1] * height];
        const angle = Math.atan2(y2 - y1, x2 - x1);
        const size = Math.max(stroke * 3, short * 0.035);
        const head = [0, 1, -1].map((s) => (s === 0 ? [x2, y2]
          : [x2 - size * Math.cos(angle + s * Math.PI / 7), y2 - size * Math.sin(angle + s * Math.PI / 7)]));
        const g = el('g', { class: 'mark mark-arrow' });
        g.append(
          el('line', { x1, y1, x2, y2, stroke: color, 'stroke-width': stroke + extra, 'stroke-linecap': 'round' }),
          el('polygon', { points: head.map((p) => p.join(',')).join(' '), fill: color, stroke: color,
            'stroke-width': extra, 'stroke-linejoin': 'round' }),
        );
        svg.append(g);
      } else if (m.kind === 'circle') {
        svg.append(el('circle', { class: 'mark mark-circle', cx: m.center[0] * width, cy: m.center[1] * height,
          r: m.r * short, fill: 'none', stroke: color, 'stroke-width': stroke + extra }));
      }
    }
    if (m.kind === 'label') {
      const text = el('text', { class: 'mark mark-label', x: m.at[0] * width, y: m.at[1] * height,
        'font-size': Math.max(12, short * 0.05), 'font-family': 'sans-serif', 'font-weight': 'bold',
        fill: COLOR, stroke: OUTLINE, 'stroke-width': stroke, 'paint-order': 'stroke' });
      text.textContent = m.text;
      svg.append(text);
    }
  }
  return svg;
}

function words(marks) {
  const n = marks.length;
  return n ? `${n} mark${n === 1 ? '' : 's'}` : 'no marks';
}

/**
 * A thumbnail's photo with its marks over it, and its "Mark up" button. `save(marks)` keeps the new
 * layer (the caller puts it in the draft and saves it).
 */
export function attach(img, { photo, url, marks = [], save }) {
  const frame = document.createElement('span');
  frame.className = 'marked-photo';
  frame.append(img);
  if (marks.length) frame.append(overlay(marks, photo.width, photo.height));
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'btn btn-quiet small markup-open';
  button.textContent = marks.length ? `Mark up (${words(marks)})` : 'Mark up';
  button.addEventListener('click', async () => {
    const next = await openEditor({ url, width: photo.width, height: photo.height, marks });
    if (next) await save(next);
    button.focus();
  });
  return { frame, button };
}

const TOOLS = [['arrow', 'Arrow'], ['circle', 'Circle'], ['label', 'Label']];

/** The editor: resolves with the new list of marks, or null when cancelled. */
export function openEditor({ url, width, height, marks = [] }) {
  return new Promise((resolve) => {
    let list = marks.map((m) => structuredClone(m));
    let tool = 'arrow';
    let start = null;
    const dialog = document.createElement('dialog');
    dialog.className = 'markup-dialog';
    dialog.setAttribute('aria-label', 'Mark up the photo');
    dialog.innerHTML = `
      <h2>Mark up the photo</h2>
      <p class="small muted">Drag to draw an arrow (from its tail to its point) or a circle (from its
        centre out); tap to place a label. The photo itself is not changed.</p>
      <div class="row markup-tools" role="group" aria-label="Tool"></div>
      <label class="markup-text-label">Label (at most ${MAX_LABEL} characters)
        <input class="markup-text" maxlength="${MAX_LABEL}" autocomplete="off"></label>
      <div class="markup-stage"><img alt="The photo to mark up" draggable="false"></div>
      <p class="markup-count small" aria-live="polite"></p>
      <p class="markup-error error" role="alert"></p>
      <div class="row">
        <button type="button" class="btn markup-undo">Undo</button>
        <button type="button" class="btn markup-clear">Clear all</button>
        <button type="button" class="btn btn-primary markup-save">Save marks</button>
        <button type="button" class="btn btn-quiet markup-cancel">Cancel</button>
      </div>`;
    const q = (s) => dialog.querySelector(s);
    const stage = q('.markup-stage');
    const img = stage.querySelector('img');
    img.src = url;
    const text = q('.markup-text');
    const error = q('.markup-error');
    for (const [name, label] of TOOLS) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'btn markup-tool';
      b.dataset.tool = name;
      b.textContent = label;
      b.addEventListener('click', () => { tool = name; draw(); });
      q('.markup-tools').append(b);
    }
    function draw() {
      stage.querySelector('.marks-overlay')?.remove();
      stage.append(overlay(list, width, height));
      for (const b of dialog.querySelectorAll('.markup-tool')) b.setAttribute('aria-pressed', String(b.dataset.tool === tool));
      q('.markup-text-label').hidden = tool !== 'label';
      q('.markup-count').textContent = `${list.length} of ${MAX_MARKS} marks.`;
    }
    function at(event) {
      const box = img.getBoundingClientRect();
      return { x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height, box };
    }
    function add(mark) {
      error.textContent = '';
      if (list.length >= MAX_MARKS) {
        error.textContent = `At most ${MAX_MARKS} marks on one photo: undo one first.`;
        return;
      }
      list.push(mark);
      draw();
    }
    stage.addEventListener('pointerdown', (event) => {
      event.preventDefault();
      start = at(event);
      stage.setPointerCapture?.(event.pointerId);
    });
    stage.addEventListener('pointerup', (event) => {
      if (!start) return;
      const end = at(event);
      const from = start;
      start = null;
      const moved = Math.hypot((end.x - from.x) * from.box.width, (end.y - from.y) * from.box.height);
      if (tool === 'label') {
        const words = text.value.split(/\s+/).filter(Boolean).join(' ');
        if (!words) { error.textContent = 'Type the label\'s words first, then tap where it goes.'; text.focus(); return; }
        add({ kind: 'label', at: [round(end.x), round(end.y)], text: words.slice(0, MAX_LABEL) });
      } else if (moved < 8) {
        error.textContent = tool === 'arrow' ? 'Drag from the arrow\'s tail to its point.' : 'Drag from the circle\'s centre outwards.';
      } else if (tool === 'arrow') {
        add({ kind: 'arrow', from: [round(from.x), round(from.y)], to: [round(end.x), round(end.y)] });
      } else {
        const r = moved / Math.min(from.box.width, from.box.height);
        add({ kind: 'circle', center: [round(from.x), round(from.y)], r: Math.max(0.0001, round(r)) });
      }
    });
    const close = (result) => { dialog.close(); dialog.remove(); resolve(result); };
    q('.markup-undo').addEventListener('click', () => { list.pop(); error.textContent = ''; draw(); });
    q('.markup-clear').addEventListener('click', () => { list = []; error.textContent = ''; draw(); });
    q('.markup-save').addEventListener('click', () => close(list));
    q('.markup-cancel').addEventListener('click', () => close(null));
    dialog.addEventListener('cancel', (event) => { event.preventDefault(); close(null); });
    document.body.append(dialog);
    draw();
    dialog.showModal();
  });
}
