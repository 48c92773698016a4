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
    // The first point of an arrow or a circle placed by a tap or the keyboard, waiting for the second
    // (dragging is not the only way: WCAG 2.5.7, and a keyboard cannot drag).
    let pending = null;
    const cross = { x: 0.5, y: 0.5 };  // the keyboard's place on the photo, in fractions
    let dropped = false;
    const dialog = document.createElement('dialog');
    dialog.className = 'markup-dialog';
    dialog.setAttribute('aria-label', 'Mark up the photo');
    dialog.innerHTML = `
      <h2>Mark up the photo</h2>
      <p class="small muted" id="markup-help">Drag to draw an arrow (from its tail to its point) or a
        circle (from its centre out), or tap twice: the tail, then the point; the centre, then the edge.
        Tap to place a label. With a keyboard, on the photo: the arrow keys move the cross (with Shift,
        in longer steps), Enter puts a point where it is, Escape drops a first point. The photo itself
        is not changed.</p>
      <div class="row markup-top"><div class="row markup-tools" role="group" aria-label="Tool"></div>
        <label class="markup-text-label">Label (at most ${MAX_LABEL} characters)
        <input class="markup-text" maxlength="${MAX_LABEL}" autocomplete="off"></label></div>
      <div class="markup-stage" tabindex="0" role="group" aria-label="The photo to mark up"
        aria-describedby="markup-help"><img alt="" draggable="false"><span class="markup-cross"
        aria-hidden="true"></span></div>
      <p class="markup-where small" aria-live="polite"></p>
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
      b.addEventListener('click', () => { tool = name; pending = null; draw(); });
      q('.markup-tools').append(b);
    }
    const crossMark = q('.markup-cross');
    const where = q('.markup-where');
    const percent = (v) => `${Math.round(v * 100)} %`;
    function draw() {
      stage.querySelector('.marks-overlay')?.remove();
      const layer = overlay(list, width, height);
      if (pending) {  // the first point, until the second is placed
        const short = Math.min(width, height);
        layer.append(el('circle', { class: 'markup-pending', cx: pending.x * width, cy: pending.y * height,
          r: Math.max(4, short * 0.012), fill: COLOR, stroke: OUTLINE, 'stroke-width': Math.max(1, short * 0.004) }));
      }
      stage.insertBefore(layer, crossMark);
      crossMark.style.left = `${cross.x * 100}%`;
      crossMark.style.top = `${cross.y * 100}%`;
      for (const b of dialog.querySelectorAll('.markup-tool')) b.setAttribute('aria-pressed', String(b.dataset.tool === tool));
      // Kept in its place, unseen, for the other tools: the photo must not move when the tool changes.
      q('.markup-text-label').classList.toggle('is-unused', tool !== 'label');
      q('.markup-count').textContent = `${list.length} of ${MAX_MARKS} marks.`;
    }
    // The photo takes what the rest of the editor leaves of the screen, so that its buttons are never
    // below the screen's foot (the dialog could be scrolled only beside the photo: a drag on it draws).
    // Measured on opening and turning only: the lines around the photo keep their room (capture.css),
    // so the photo never moves between a first point and the second.
    function fit() {
      if (!dialog.open) return;
      const rest = dialog.scrollHeight - img.getBoundingClientRect().height;
      dialog.style.setProperty('--markup-rest', `${Math.ceil(rest)}px`);
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
    const distance = (a, b, box) => Math.hypot((b.x - a.x) * box.width, (b.y - a.y) * box.height);
    // A mark from `from` to `end` (fractions of the photo; `box` its size on screen). A point placed
    // without a drag (a tap, Enter) is an arrow's tail or a circle's centre, until the second.
    function place(from, end, box) {
      error.textContent = '';
      if (tool === 'label') {
        const words = text.value.split(/\s+/).filter(Boolean).join(' ');
        if (!words) { error.textContent = 'Type the label\'s words first, then tap where it goes.'; text.focus(); return; }
        add({ kind: 'label', at: [round(end.x), round(end.y)], text: words.slice(0, MAX_LABEL) });
        return;
      }
      if (distance(from, end, box) < 8) {
        if (!pending) {
          pending = { x: end.x, y: end.y };
          where.textContent = tool === 'arrow' ? 'Tail placed: now the arrow\'s point.' : 'Centre placed: now a point on the edge.';
          draw();
          return;
        }
        from = pending;
        if (distance(from, end, box) < 8) {
          error.textContent = tool === 'arrow' ? 'The point must be away from the tail.' : 'The edge must be away from the centre.';
          return;
        }
      }
      pending = null;
      where.textContent = '';
      if (tool === 'arrow') {
        add({ kind: 'arrow', from: [round(from.x), round(from.y)], to: [round(end.x), round(end.y)] });
      } else {
        const r = distance(from, end, box) / Math.min(box.width, box.height);
        add({ kind: 'circle', center: [round(from.x), round(from.y)], r: Math.max(0.0001, round(r)) });
      }
    }
    stage.addEventListener('pointerup', (event) => {
      if (!start) return;
      const end = at(event);
      const from = start;
      start = null;
      place(from, end, from.box);
    });
    const STEP = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    stage.addEventListener('keydown', (event) => {
      if (STEP[event.key]) {
        event.preventDefault();
        const step = event.shiftKey ? 0.1 : 0.02;
        cross.x = Math.min(1, Math.max(0, cross.x + STEP[event.key][0] * step));
        cross.y = Math.min(1, Math.max(0, cross.y + STEP[event.key][1] * step));
        where.textContent = `Cross at ${percent(cross.x)} across, ${percent(cross.y)} down.`;
        draw();
      } else if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        place({ ...cross }, { ...cross }, img.getBoundingClientRect());
      } else if (event.key === 'Escape' && pending) {
        event.preventDefault();  // the first point is dropped; the editor stays open
        dropped = true;
        pending = null;
        where.textContent = 'First point dropped.';
        draw();
      }
    });
    const close = (result) => {
      removeEventListener('resize', fit);
      dialog.close(); dialog.remove(); resolve(result);
    };
    q('.markup-undo').addEventListener('click', () => {
      if (pending) pending = null; else list.pop();
      error.textContent = '';
      draw();
    });
    q('.markup-clear').addEventListener('click', () => { list = []; pending = null; error.textContent = ''; draw(); });
    q('.markup-save').addEventListener('click', () => close(list));
    q('.markup-cancel').addEventListener('click', () => close(null));
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      if (dropped) { dropped = false; return; }  // that Escape dropped a first point
      close(null);
    });
    document.body.append(dialog);
    draw();
    dialog.showModal();
    fit();
    addEventListener('resize', fit);
  });
}
