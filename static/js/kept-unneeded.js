// A finding's correction kept on this tablet (form-kept.js) whose finding takes none here any more:
// closed, withdrawn or corrected meanwhile (learned at a pull), another correction already in the
// outbox, or the finding gone from the tablet. Its note and photo would otherwise stay on the tablet
// unseen: the findings page lists them under their own heading, with why, until their author
// discards them (confirmed; nothing goes without that tap). Only the signed-in person's are read.
import * as store from './store.js';
import { dataUrl, photoUrl } from './photos.js';
import { announce } from './shell.js';

const $ = (id) => document.getElementById(id);
let urls = [];  // the thumbnails' object URLs, revoked at the next draw

/** Why a kept correction is not needed: `finding` as on this tablet (undefined: not on it), `pending`
 * an outbox entry correcting it. */
export function whyUnneeded(finding, pending) {
  if (!finding) {
    return 'This finding is no longer on this tablet: its site may no longer be among yours, or the '
      + 'tablet has not caught up since you signed in (sync while online to check).';
  }
  if (finding.status === 'closed') return 'This finding is now closed: it needs no correction.';
  if (finding.status === 'withdrawn') {
    const why = finding.withdrawn_reason ? ` (${finding.withdrawn_reason})` : '';
    return `This finding was withdrawn as recorded in error${why}: it needs no correction.`;
  }
  if (finding.status === 'corrected') {
    return 'This finding was already reported corrected (from the office or another device) and '
      + 'waits for the Village to check it: this correction is not needed.';
  }
  if (pending) return 'Another correction of this finding is already in the outbox.';
  return `This finding is now ${finding.status}: it takes no correction here.`;
}

/** Each kept copy's photo, read from the device (null: none, or its bytes are gone). */
export async function withPhotos(items) {
  return Promise.all(items.map(async (item) => {
    const photo = item.value.photo_id ? await store.getPhoto(item.value.photo_id) : null;
    return { ...item, photo: photo?.bytes ? photo : null };
  }));
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

/** The note and its photo (embedded as a data: URL) in one JSON file, saved by the browser. */
async function downloadCopy(item) {
  const { bytes, ...info } = item.photo || {};
  const copy = {
    what: `Correction of ${item.title}, ${item.site}`, saved_at: new Date().toISOString(),
    finding_id: item.findingId, note: item.value.note || '', kept_since: item.value.saved_at || null,
    photos: item.photo ? [{ ...info, data_url: await dataUrl(item.photo) }] : [],
  };
  const name = `correction-${item.title}`.replace(/[^A-Za-z0-9]+/g, '-').replace(/-$/, '').toLowerCase();
  const url = URL.createObjectURL(new Blob([JSON.stringify(copy, null, 1)], { type: 'application/json' }));
  const a = el('a', { href: url, download: `${name}.json` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return `${name}.json`;
}

function askDiscard(item, onDiscarded) {
  const dialog = $('discard-dialog');
  $('discard-what').textContent = `${item.title} (${item.site})${item.photo ? ' and its photo' : ''}`;
  $('discard-saved').textContent = '';
  const download = $('discard-download');
  download.textContent = item.photo ? 'Download a copy with the photo' : 'Download a copy';
  download.onclick = async () => {
    $('discard-saved').textContent = `Saved as ${await downloadCopy(item)} in the browser's downloads.`;
  };
  $('discard-confirm').onclick = async () => {
    dialog.close();
    let answer;
    try {
      answer = await store.discardKept(item.key, item.value.saved_at);
    } catch (error) {
      announce(`Not discarded: ${error.message}. It is still on this tablet.`);
      return;
    }
    if (answer === 'changed') {
      announce('Not discarded: it was changed meanwhile. Look at it again.');
      return;
    }
    onDiscarded(item);
    // Gone from the page at once, the keyboard on the heading, or on the page once none is left.
    document.querySelector(`[data-kept="${CSS.escape(item.findingId)}"]`)?.remove();
    const left = $('ff-unneeded-list').children.length > 0;
    $('ff-unneeded').hidden = !left;
    (left ? $('ff-unneeded-h') : $('main')).focus();
    announce('Discarded from this tablet.');
  };
  $('discard-cancel').onclick = () => dialog.close();
  dialog.showModal();
}

/** Draw the kept corrections not needed: [{key, findingId, value, photo, title, site, why}]. */
export function drawUnneeded(items, { onDiscarded }) {
  for (const url of urls) URL.revokeObjectURL(url);
  urls = [];
  const cards = items.map((item) => {
    const card = el('article', { class: 'card ff-unneeded', 'data-kept': item.findingId },
      el('h3', {}, item.title),
      el('p', { class: 'small' }, item.site));
    card.append(el('dl', { class: 'facts' },
      el('dt', {}, 'What was done'), el('dd', {}, item.value.note?.trim() || 'Nothing typed'),
      el('dt', {}, 'Why it is not needed'), el('dd', {}, item.why)));
    if (item.photo) {
      const url = photoUrl(item.photo);
      urls.push(url);
      card.append(el('p', {}, el('img', { src: url, width: '160', alt: '“After” photo kept on this tablet' })));
    }
    const discard = el('button', { type: 'button', class: 'btn btn-danger' }, 'Discard…');
    discard.addEventListener('click', () => askDiscard(item, onDiscarded));
    card.append(el('p', {}, discard));
    return card;
  });
  $('ff-unneeded-list').replaceChildren(...cards);
  $('ff-unneeded').hidden = items.length === 0;
}
