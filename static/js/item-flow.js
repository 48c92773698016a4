// The capture page's checklist flow: answering an item with a tap moves on to the next unanswered
// one; an answered item with nothing left to fill shrinks to one line (a button that reopens it);
// the progress line and the submit bar stay in sight, and the page never scrolls an item's buttons
// under either of them.
import { parseMeasurements, measurementFails, MeasurementError } from './checklist.js';

const WORDS = { pass: 'Passed', fail: 'Failed', na: 'Not applicable' };

/** True when the item is answered and nothing in it still needs input (so it may be folded). */
export function settled(item, answer) {
  if (!answer?.result) return false;
  let values;
  try {
    values = parseMeasurements(item, answer.measurements || {});
  } catch (error) {
    if (error instanceof MeasurementError) return false;
    throw error;
  }
  if (measurementFails(item, values) === true && answer.result !== 'fail') return false;
  if (answer.result === 'fail' && !(answer.corrective_action || '').trim()) return false;
  if (answer.result === 'pass' && answer.calculator?.result?.passes === false) return false;
  return true;
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * The flow over the rendered items. `items` are catalog items in page order, `answerFor(code)`
 * their answers, `photoCount(code)` how many photos each has.
 */
export function createFlow({ items, answerFor, photoCount, progress, submitBar }) {
  const nodeOf = (code) => document.getElementById(`item-${code}`);

  function summary(item) {
    const answer = answerFor(item.code);
    const parts = [WORDS[answer.result] || ''];
    const photos = photoCount(item.code);
    if (photos) parts.push(plural(photos, 'photo'));
    if ((answer.note || '').trim()) parts.push('note');
    return parts.join(' · ');
  }

  /** Draw the item's title line: plain text while it needs input, else the fold button. */
  function refresh(item) {
    const node = nodeOf(item.code);
    if (!node) return;
    const canFold = settled(item, answerFor(item.code));
    const toggle = node.querySelector('.item-toggle');
    node.querySelector('.item-name').hidden = canFold;
    toggle.hidden = !canFold;
    node.querySelector('.item-answer').textContent = summary(item);
    if (!canFold) setOpen(node, true);
  }

  function setOpen(node, open) {
    node.querySelector('.item-body').hidden = !open;
    node.classList.toggle('is-folded', !open);
    node.querySelector('.item-toggle').setAttribute('aria-expanded', String(open));
  }

  function fold(item) {
    const node = nodeOf(item.code);
    if (!node) return;
    refresh(item);
    if (settled(item, answerFor(item.code))) setOpen(node, false);
  }

  // The visible band between the sticky progress line and the sticky submit bar.
  function band() {
    const top = progress.getBoundingClientRect().bottom;
    const bottom = submitBar.getBoundingClientRect().top;
    return { top: Math.max(0, top), bottom: Math.min(innerHeight, bottom) };
  }

  /**
   * Brings `node`'s title and Pass/Fail/N/A buttons into the band. With `at` (a viewport y) the
   * item's top goes there when they fit: the next item takes the place of the one just answered,
   * so the Pass button stays under the thumb.
   */
  function reveal(node, at = null) {
    const seg = node.querySelector('.segmented');
    const { top, bottom } = band();
    const from = node.getBoundingClientRect().top;
    const to = seg.getBoundingClientRect().bottom;
    if (at === null && from >= top && to <= bottom) return;
    const wanted = Math.max(top, Math.min(at ?? top, bottom - (to - from)));
    window.scrollBy(0, from - wanted);
  }

  function nextUnanswered(after) {
    const start = items.findIndex((i) => i.code === after) + 1;
    const order = [...items.slice(start), ...items.slice(0, start)];
    return order.find((i) => i.code !== after && !answerFor(i.code).result) || null;
  }

  /**
   * `item` was just answered. Everything answered with nothing left to fill folds (except an
   * item the person is still choosing in with the arrow keys); then the next unanswered item is
   * brought into view with its Pass button focused, or, when none is left, the answered item's own
   * fold button keeps the focus.
   */
  function answered(item, { moveOn }) {
    const was = nodeOf(item.code).getBoundingClientRect().top;
    for (const other of items) {
      if (other.code !== item.code) fold(other);
    }
    refresh(item);
    if (!moveOn || !settled(item, answerFor(item.code))) return;
    fold(item);
    const next = nextUnanswered(item.code);
    if (!next) {
      nodeOf(item.code).querySelector('.item-toggle').focus();
      // Every item answered: the next step is the signature under the certification, when the
      // page has one (static/js/signature.js): brought just into view, above the submit bar.
      document.getElementById('signature-block')?.scrollIntoView({ block: 'nearest' });
      return;
    }
    const node = nodeOf(next.code);
    reveal(node, was);
    node.querySelector('.seg-pass').focus({ preventScroll: true });
  }

  /** Wires an item's fold button, and its radios' way of telling a tap from an arrow key. */
  function bind(item) {
    const node = nodeOf(item.code);
    const body = node.querySelector('.item-body');
    body.id = `body-${item.code}`;
    const toggle = node.querySelector('.item-toggle');
    toggle.setAttribute('aria-controls', body.id);
    toggle.addEventListener('click', () => {
      const open = body.hidden;
      setOpen(node, open);
      if (open) reveal(node);
    });
    // Arrow keys move the choice within the group as the person looks for the right one: the item
    // stays where it is (it folds when another item is answered).
    node.querySelector('.segmented').addEventListener('keydown', (event) => {
      if (event.key.startsWith('Arrow')) node.dataset.choosing = '1';
    });
    refresh(item);
    if (settled(item, answerFor(item.code))) setOpen(node, false);
  }

  /** True (once) when the last change of `item`'s answer came from an arrow key. */
  function choosing(item) {
    const node = nodeOf(item.code);
    const was = node.dataset.choosing === '1';
    delete node.dataset.choosing;
    return was;
  }

  /** Opens every item named in `codes` (they have something to fix). */
  function open(codes) {
    for (const code of codes) {
      const node = nodeOf(code);
      if (node) setOpen(node, true);
    }
  }

  // The sticky bars' heights, as scroll padding: focus and scrollIntoView stop short of them.
  function measureBars() {
    const root = document.documentElement.style;
    root.setProperty('--capture-top', `${progress.offsetHeight + 8}px`);
    root.setProperty('--capture-bottom', `${submitBar.offsetHeight + 8}px`);
  }
  measureBars();
  new ResizeObserver(measureBars).observe(submitBar);
  new ResizeObserver(measureBars).observe(progress);

  return { bind, refresh, answered, choosing, open };
}
