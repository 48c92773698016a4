// /app/: my sites with what is due (overdue, today, this week) from the work packet on the device,
// drafts to resume, and a link to start each inspection. Also the offline calendar of due inspections.
import * as store from './store.js';
import { KINDS, PERMITTEE_KINDS, allowedKinds, draftsFor, kindWords } from './drafts.js';
import { keyboardPlace } from './keyboard-place.js';
import { mineBySite, orderWaitingWords, ordersWaitingBySite } from './orders-waiting.js';
import { renderStorage } from './shell.js';
import { villageDay, villageDue, villageNow, villageTime } from './village-time.js';

const $ = (id) => document.getElementById(id);

function captureUrl(site, kind, extra = {}) {
  const q = new URLSearchParams({ site: site.id, kind, ...extra });
  return `/app/inspect?${q}`;
}

// A link that acts at one place, drawn as a button (a full touch target): its spoken name starts
// with the words on it (WCAG 2.5.3, label in name) and says where, as several sites' links share
// their words.
function linkAt(href, text, place, className = 'btn') {
  const a = document.createElement('a');
  a.className = className;
  a.href = href;
  a.textContent = text;
  a.setAttribute('aria-label', `${text} at ${place}`);
  return a;
}

// Words in a class of their own: a status badge, a citation, a note.
function wordsIn(tag, className, text) {
  const el = document.createElement(tag);
  el.className = className;
  el.textContent = text;
  return el;
}

const span = (className, text) => wordsIn('span', className, text);

const status = (text, kind) => span(`status status-${kind}`, text);

const DAY_MS = 24 * 60 * 60 * 1000;

/** Which list a due item belongs in: overdue, due within 24 hours ('today'), this week, later. */
export function bucket(item, now = new Date()) {
  if (item.state === 'not_active' || !item.due_at) return 'later';
  if (item.state === 'overdue' || new Date(item.due_at) < now) return 'overdue';
  const due = new Date(item.due_at);
  if (due - now <= DAY_MS) return 'today';
  const weekEnd = new Date(now);
  weekEnd.setDate(now.getDate() + 7);
  return due <= weekEnd ? 'week' : 'later';
}

// The legal explanation of a due item is said once per page, in "Why these are due"; each item
// links to it. A note that is not every listed site's names the sites it is for: one site's "No
// inspection under this permit yet" beside another's "Last inspection Nov 29" read as a contradiction.
const whyNotes = new Map();
const whySites = new Map();

function whyLink(item, site) {
  if (!item.note) return null;
  if (!whyNotes.has(item.note)) whyNotes.set(item.note, `why-${whyNotes.size + 1}`);
  if (!whySites.has(item.note)) whySites.set(item.note, new Set());
  whySites.get(item.note).add(site.name);
  const a = document.createElement('a');
  a.className = 'why-link small';
  a.href = `#${whyNotes.get(item.note)}`;
  a.textContent = 'Why?';
  a.setAttribute('aria-label', `Why the ${item.label.toLowerCase()} for ${site.name} is due`);
  return a;
}

const namesWords = (names) => (names.length < 3 ? names.join(' and ')
  : `${names.slice(0, -1).join('; ')} and ${names.at(-1)}`);

function renderWhy() {
  const list = $('why-list');
  list.replaceChildren();
  const every = new Set([...whySites.values()].flatMap((names) => [...names]));
  for (const [note, id] of whyNotes) {
    const li = document.createElement('li');
    li.id = id;
    li.tabIndex = -1;  // a "Why?" link followed with the keyboard puts the focus on its note
    const names = [...whySites.get(note)];
    if (names.length < every.size) {
      const who = document.createElement('strong');
      who.textContent = `For ${namesWords(names)}: `;
      li.append(who);
    }
    li.append(note);
    list.append(li);
  }
  $('why-card').hidden = whyNotes.size === 0;
}

// Inspections submitted on this device that the server does not have yet, newest per site: the due
// list comes from the last pull, so it still says due (or overdue) for a site inspected offline.
function waitingBySite(outbox, user) {
  const waits = (entry) => entry.entity === 'inspection' && entry.state !== 'attention' && entry.state !== 'photos';
  const newer = (known, entry) => (String(entry.created_at) > String(known.created_at) ? entry : known);
  return new Map([...mineBySite(outbox, user, waits)].map(([site, entries]) => [site, entries.reduce(newer)]));
}

// The tablet's clock against the server's: an order refused as posted a year ahead is told with its year.
let clockOffset = null;
const orderWaitingNote = (entry) => wordsIn('p', 'small note order-waiting-note',
  orderWaitingWords(entry, undefined, villageNow(clockOffset)));

function waitingNote(entry) {
  const kind = kindWords(entry.payload.kind);
  const when = entry.payload.started_at ? villageTime(entry.payload.started_at) : villageTime(entry.created_at);
  // A Village visit does not do the permittee's weekly or post-rain inspection: the items stay due.
  const answers = PERMITTEE_KINDS.includes(entry.payload.kind)
    ? 'What is due is updated once the server has it.'
    : 'It does not do the permittee\'s weekly or post-rain inspection: these stay due.';
  return wordsIn('p', 'small note waiting-note', `You submitted ${kind} here (${when}); it waits in the outbox to be sent. ${answers}`);
}

// A due item's badge: not active (no schedule runs: never in the due lists), overdue, or due.
function dueBadge(item, group) {
  if (item.state === 'not_active') return status('Not active', 'info');
  return group === 'overdue' ? status('Overdue', 'bad') : status('Due', 'warn');
}

function dueEntry(site, item, group, waiting = null) {
  const li = document.createElement('li');
  li.className = `due-entry due-${group}`;
  const link = document.createElement('a');
  link.className = 'btn btn-primary';
  const extra = item.rain_event_id ? { rain_event: item.rain_event_id } : {};
  link.href = captureUrl(site, item.kind, extra);
  link.textContent = `Start: ${site.name}`;
  const text = document.createElement('span');
  text.textContent = ` ${item.label} — due ${villageDue(item.due_at)} `;
  li.append(dueBadge(item, group), text, span('cite', item.citation));
  const why = whyLink(item, site);
  if (why) li.append(' ', why);
  li.append(' ', link);
  if (waiting) li.append(waitingNote(waiting));
  return li;
}

const plain = (word) => String(word || '').replaceAll('_', ' ');

// A permittee's order binds it: the home opens on it, with the compliance deadline and the words of
// the clause that follows it (the rulebook's, carried by the page), and the order's page for what
// must be done. An order in force only (issued or posted) has the deadline still to meet. Under a
// permit in force § 256-10B follows (revocation); where none was issued, or it lapsed, § 256-10C
// (a cease-and-desist order), as the order's own page says.
const BINDING = ['issued', 'posted', 'revoked_permit', 'cease_desist_requested'];
const PERMIT_IN_FORCE = ['issued', 'extended', 'suspended'];

// Every open order at the site, the most significant first: a site may be under two at once (one
// issued in the office and not yet posted, one posted in the field), each with its own days. A
// packet pulled before the list was sent names only the first (`stop_work`).
function ordersAt(site) {
  if (Array.isArray(site.stop_work_orders)) return site.stop_work_orders;
  return site.stop_work?.status && site.stop_work.status !== 'none' ? [site.stop_work] : [];
}

// A link to one of two orders at a site is told apart by the order's words and its issue.
function orderLabel(site, order, several) {
  if (!several) return site.name;
  const words = order.status_words || plain(order.status);
  return `${site.name} (${words}${order.issued_at ? `, issued ${villageTime(order.issued_at)}` : ''})`;
}

function orderEntry(site, order, card, several = false) {
  const li = document.createElement('li');
  li.className = 'due-entry order-entry';
  const words = order.status_words || plain(order.status);
  const text = document.createElement('span');
  text.textContent = ` ${site.name}${order.issued_at ? `: issued ${villageTime(order.issued_at)}` : ''} `;
  li.append(status(words, 'bad'), text);
  if (order.citation) li.append(span('cite', order.citation));
  if (['issued', 'posted'].includes(order.status) && order.compliance_due) {
    const underPermit = PERMIT_IN_FORCE.includes(site.permit?.status);
    const due = document.createElement('p');
    const by = villageDue(order.compliance_due);
    // § 256-10C asks the landowner or land user to cease the activity; § 256-10B, to comply.
    const ask = underPermit ? 'Comply' : 'Cease the activity';
    // The days run from the order's posting on the site (§ 256-10A "post"): none before it.
    if (!order.posted_at) due.textContent = `Not yet posted on the site: ${ask.toLowerCase()} within ${card.dataset.days} days from its posting on the site.`;
    else due.textContent = order.compliance_passed
      ? `The ${card.dataset.days} days to ${ask.toLowerCase()} ended ${by}.`
      : `${ask} within ${card.dataset.days} days: by ${by}.`;
    const quote = document.createElement('blockquote');
    quote.className = 'words';
    quote.textContent = `“${underPermit ? card.dataset.words : card.dataset.noPermitWords}” `;
    quote.append(span('cite', underPermit ? card.dataset.citation : card.dataset.noPermitCitation));
    li.append(due, quote);
  }
  if (order.order_id) {
    li.append(linkAt(`/orders/${encodeURIComponent(order.order_id)}`, 'Open the order: what must be done',
      orderLabel(site, order, several)));
  }
  return li;
}

function renderOrders(sites, user) {
  const card = $('orders-card');
  const list = $('orders-list');
  list.replaceChildren();
  if (user?.role === 'permittee') {
    for (const site of sites) {
      const binding = ordersAt(site).filter((order) => BINDING.includes(order.status));
      for (const order of binding) list.append(orderEntry(site, order, card, binding.length > 1));
    }
  }
  card.hidden = !list.children.length;
}

// The Village's date a finding was found ("YYYY-MM-DD", the packet's found_on) as the home writes
// days: "Mon, Nov 30", with its year when not the Village's current one ("Mon, Nov 30, 2026"):
// a finding from last season must not read as this year's.
const foundDay = (day) => villageDay(day);

// A finding's button names its checklist item as the office pages do ("Storm drain inlet protection
// (INLET)"); two findings of one item add the day each was found and when each is due, else their
// buttons would read the same.
function findingNames(open, titles) {
  const item = (f) => (titles.get(f.item_code) ? `${titles.get(f.item_code)} (${f.item_code})` : f.item_code || 'finding');
  const count = (list, key) => list.reduce((m, f) => m.set(key(f), (m.get(key(f)) || 0) + 1), new Map());
  const items = count(open, item);
  const dated = (f) => (items.get(item(f)) > 1
    ? [item(f), f.found_on && `found ${foundDay(f.found_on)}`, f.due_at && `due ${villageDue(f.due_at)}`]
      .filter(Boolean).join(', ')
    : item(f));
  const dates = count(open, dated);
  const seen = new Map();
  return new Map(open.map((f) => {
    const name = dated(f);
    if (dates.get(name) === 1) return [f.id, name];
    seen.set(name, (seen.get(name) || 0) + 1);
    return [f.id, `${name} (${seen.get(name)} of ${dates.get(name)})`];
  }));
}

// A site card's line for one open order. Village staff, who have no orders card, also read when it
// was issued or posted, when its days end, and a way to its page.
function orderLine(site, order, staff, several) {
  const li = document.createElement('li');
  li.className = 'site-order';
  // In the pages' words; a packet from before they were sent says the key, made readable.
  const words = order.status_words || plain(order.status);
  li.append(status(words.startsWith('Stop-work order') ? words : `Stop-work order: ${words}`, 'bad'));
  if (!staff) return li;
  // An order in force: since when (the badge says issued or posted), and its days from the posting.
  const days = $('orders-card').dataset.days;
  const by = order.compliance_due && villageDue(order.compliance_due);
  if (order.status === 'posted' && order.posted_at) {
    const then = !by ? '' : order.compliance_passed ? `; its ${days} days to comply ended ${by}` : `; ${days} days to comply: by ${by}`;
    li.append(` on ${villageTime(order.posted_at)}${then}. `);
  } else if (order.status === 'issued' && order.issued_at) {
    li.append(` on ${villageTime(order.issued_at)}; not yet posted on the site. `);
  }
  if (order.order_id) {
    li.append(linkAt(`/orders/${encodeURIComponent(order.order_id)}`, 'Open the order',
      orderLabel(site, order, several)));
  }
  return li;
}

function siteCard(site, findings, kinds, actionsMay, titles, ordersWaiting = []) {
  const node = $('site-card-tpl').content.firstElementChild.cloneNode(true);
  node.querySelector('.site-name').textContent = site.name;
  node.querySelector('.site-address').textContent = [site.address, site.kind_label].filter(Boolean).join(' · ');
  const permit = node.querySelector('.site-permit');
  permit.textContent = site.permit
    ? `Permit ${site.permit.number || ''} (${site.permit.status_words || plain(site.permit.status)})`
      + ` · ${site.permit.company || ''}`
    : 'No permit on record.';
  // The permittee's notice of final stabilization asks the Village to close the permit; it closes
  // nothing (services/stabilization.py), so the card says why inspections are still listed.
  if (site.permit?.stabilization_notified) {
    permit.after(wordsIn('p', 'small site-stabilization', `Final stabilization notified ${foundDay(site.permit.stabilization_notified)}: `
      + 'inspections stay due until the Village closes the permit.'));
  }
  const due = node.querySelector('.site-due');
  for (const item of site.due || []) {
    const li = document.createElement('li');
    li.append(dueBadge(item, bucket(item)), document.createTextNode(` ${item.label}${item.due_at ? ` — ${villageDue(item.due_at)}` : ''}`));
    if (item.state === 'not_active' && item.note) li.append(document.createTextNode(` (${item.note})`));
    due.append(li);
  }
  const orders = ordersAt(site);
  for (const order of orders) due.append(orderLine(site, order, actionsMay.includes('stop_work'), orders.length > 1));
  for (const entry of [...ordersWaiting].reverse()) due.after(orderWaitingNote(entry));
  const open = findings.filter((f) => ['open', 'reopened'].includes(f.status)); // not corrected, closed or withdrawn
  node.querySelector('.site-findings').textContent = `${site.open_findings ?? open.length} open finding(s)`
    + `${site.overdue_findings ? `, ${site.overdue_findings} overdue` : ''}.`;
  const actions = node.querySelector('.site-actions');
  const names = findingNames(open, titles);
  // Only what this person may record (from the work packet): the server refuses the rest. With no
  // schedule (a permit not issued yet, closed, expired) the server still takes a weekly inspection,
  // but it is not due: offered, never as the next thing to do, and the card says why.
  const idle = (site.due || []).find((item) => item.state === 'not_active');
  for (const kind of ['weekly', 'village', 'complaint'].filter((k) => kinds.includes(k))) {
    actions.append(linkAt(captureUrl(site, kind), KINDS[kind], site.name,
      kind === 'weekly' && !idle ? 'btn btn-primary' : 'btn'));
    if (kind === 'weekly' && idle) {
      actions.append(span('small muted site-not-due', `Not due here. ${idle.label}`));
    }
  }
  for (const f of kinds.includes('follow_up') ? open : []) {
    actions.append(linkAt(captureUrl(site, 'follow_up', { finding: f.id }), `Follow up ${names.get(f.id)}`, site.name));
  }
  // Village staff post an order here too, with no signal: the office page's link needs one.
  if (actionsMay.includes('stop_work')) {
    actions.append(linkAt(`/app/stop-work?site=${encodeURIComponent(site.id)}`, 'Post a stop-work order', site.name));
  }
  // A permittee answers a finding with a correction (note and photo) on the findings page.
  for (const f of actionsMay.includes('correct_finding') ? open : []) {
    actions.append(linkAt(`/app/findings#finding-${encodeURIComponent(f.id)}`, `Report correction: ${names.get(f.id)}`,
      site.name));
  }
  return node;
}

// Only the signed-in person's drafts; someone else's are counted, never shown, never deleted.
// A render started before a pull changed the signed-in person must not draw over a later one.
let draftsRender = 0;
async function renderDrafts() {
  const list = $('drafts-list');
  const run = ++draftsRender;
  const user = await store.getMeta('user');
  const { mine: drafts, others } = await draftsFor(user);
  if (run !== draftsRender) return;
  list.replaceChildren();
  for (const d of drafts) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.className = 'btn btn-primary';
    a.href = `/app/inspect?draft=${d.id}`;
    a.textContent = `Resume: ${KINDS[d.kind] || d.kind} at ${d.site_name}`;
    const answered = Object.values(d.answers || {}).filter((x) => x.result).length;
    li.append(a, span('small muted', ` ${answered} item(s) answered · saved ${villageTime(d.updated_at)}`));
    list.append(li);
  }
  $('drafts-card').hidden = drafts.length === 0;
  const kept = $('drafts-others');
  kept.textContent = others === 1
    ? '1 draft by another person is kept on this device until they sign in.'
    : `${others} drafts by another person are kept on this device until they sign in.`;
  if (user === null) {
    kept.textContent = `${others} unfinished inspection(s) kept on this device: `
      + 'sign in to see yours.';
  }
  kept.hidden = others === 0;
}

// A device with no work packet yet (a first visit, or another person just signed in) shows only
// "Fetching…" until its first pull lands, or the sync stops short (offline, signed out), or 6 s
// pass: drawing empty lists first would move everything under a thumb when the packet arrives.
let fetchSettled = !navigator.onLine;
function settle() {
  if (fetchSettled) return;
  fetchSettled = true;
  render();
}
addEventListener('sync-unauthorized', settle);
addEventListener('sync-progress', (event) => {
  if (event.detail?.phase === 'done' && event.detail.summary?.stopped) settle();
});
addEventListener('offline', settle);
setTimeout(settle, 6000);

const packetLine = (sites, lastSync) => (sites.length
  ? `${sites.length} site(s) on this device${lastSync ? `, last updated ${villageTime(lastSync)}` : ''}.`
  : 'No work packet on this device yet. Sign in while online; your sites are then kept here for use without a signal.');
let drawnAt = 0;
let asked = 0; // draws asked for: only the latest writes the page (outbox-view.js says why)

async function render() {
  const turn = ++asked;
  const [sites, findings, lastSync, user, cursor, outbox, catalog, offset] = await Promise.all([
    store.listSites(), store.listFindings(),
    store.getMeta('last_sync_at'), store.getMeta('user'), store.getMeta('cursor'), store.listOutbox(),
    store.getMeta('catalog'), store.getMeta('clock_offset')]);
  if (turn !== asked) return;
  clockOffset = offset;
  const titles = new Map((catalog?.items || []).map((item) => [item.code, item.title]));
  const waiting = waitingBySite(outbox, user);
  const orders = ordersWaitingBySite(outbox, user);
  const fetching = !fetchSettled && !sites.length && cursor === undefined;
  $('home-body').hidden = fetching;
  if (fetching) {
    $('packet-state').textContent = 'Fetching your sites and what is due…';
    document.body.dataset.ready = 'home';
    return;
  }
  const kinds = allowedKinds(user);
  const actionsMay = user?.may?.actions || [];
  // Drawn anew when the work packet changes: the keyboard keeps its place in the lists.
  const place = keyboardPlace('#home-body section', (section) => ({
    box: () => $('home-body'), heading: () => section.querySelector('h2') }));
  whyNotes.clear();
  whySites.clear();
  const lists = { overdue: $('due-overdue'), today: $('due-today'), week: $('due-week') };
  for (const list of Object.values(lists)) list.replaceChildren();
  const cards = $('site-cards');
  cards.replaceChildren();
  for (const site of sites) {
    for (const item of site.due || []) {
      const group = bucket(item);
      if (lists[group]) lists[group].append(dueEntry(site, item, group, waiting.get(String(site.id))));
    }
    const here = findings.filter((f) => String(f.site_id) === String(site.id));
    cards.append(siteCard(site, here, kinds, actionsMay, titles, orders.get(String(site.id))));
  }
  for (const [group, list] of Object.entries(lists)) {
    if (!list.children.length) {
      const li = document.createElement('li');
      li.className = 'muted';
      li.textContent = group === 'overdue' ? 'Nothing overdue.' : 'Nothing due.';
      list.append(li);
    }
  }
  $('packet-state').textContent = packetLine(sites, lastSync);
  renderOrders(sites, user);
  renderWhy();
  drawnAt = Date.now();
  await renderDrafts();
  if (place) place();
  document.body.dataset.ready = 'home';
}

// A pull that brought nothing new (the usual sync on load) right after a draw changes only when
// the packet was last updated: the lists are not drawn again (a second full draw is main-thread
// work on a slow tablet). Later, a draw also moves what has fallen due since into "Overdue".
store.events.addEventListener('packet-changed', async (event) => {
  const { count, reset, signedOut } = event.detail || {};
  const fresh = Date.now() - drawnAt < 60_000 && !$('home-body').hidden;
  if (count === 0 && !reset && !signedOut && fresh) {
    const [sites, lastSync] = await Promise.all([store.listSites(), store.getMeta('last_sync_at')]);
    if (sites.length) {
      $('packet-state').textContent = packetLine(sites, lastSync);
      return;
    }
  }
  render();
});
render();
renderStorage($('storage-line'));
