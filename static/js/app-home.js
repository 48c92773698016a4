// /app/: my sites with what is due (overdue, today, this week) from the work packet on the device,
// drafts to resume, and a link to start each inspection. Also the offline calendar of due inspections.
import * as store from './store.js';
import { KINDS, draftsFor } from './drafts.js';
import { renderStorage } from './shell.js';

const $ = (id) => document.getElementById(id);
const pad = (n) => String(n).padStart(2, '0');
const dayKey = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

function when(iso) {
  return new Date(iso).toLocaleString([], { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

function captureUrl(site, kind, extra = {}) {
  const q = new URLSearchParams({ site: site.id, kind, ...extra });
  return `/app/inspect?${q}`;
}

function status(text, kind) {
  const span = document.createElement('span');
  span.className = `status status-${kind}`;
  span.textContent = text;
  return span;
}

/** Which list a due item belongs in, in the device's local calendar. */
export function bucket(item, now = new Date()) {
  if (item.state === 'not_active' || !item.due_at) return 'later';
  if (item.state === 'overdue' || new Date(item.due_at) < now) return 'overdue';
  const due = new Date(item.due_at);
  if (dayKey(due) === dayKey(now)) return 'today';
  const weekEnd = new Date(now);
  weekEnd.setDate(now.getDate() + 7);
  return due <= weekEnd ? 'week' : 'later';
}

function dueEntry(site, item, group) {
  const li = document.createElement('li');
  li.className = `due-entry due-${group}`;
  const link = document.createElement('a');
  link.className = 'btn btn-primary';
  const extra = item.rain_event_id ? { rain_event: item.rain_event_id } : {};
  link.href = captureUrl(site, item.kind, extra);
  link.textContent = `Start: ${site.name}`;
  const text = document.createElement('span');
  text.textContent = ` ${item.label} — due ${when(item.due_at)} `;
  const cite = document.createElement('span');
  cite.className = 'cite';
  cite.textContent = item.citation;
  li.append(status(group === 'overdue' ? 'Overdue' : group === 'today' ? 'Due today' : 'Due', group === 'overdue' ? 'bad' : 'warn'), text, cite, document.createTextNode(' '), link);
  if (item.note) {
    const note = document.createElement('p');
    note.className = 'small muted';
    note.textContent = item.note;
    li.append(note);
  }
  return li;
}

function siteCard(site, findings) {
  const node = $('site-card-tpl').content.firstElementChild.cloneNode(true);
  node.querySelector('.site-name').textContent = site.name;
  node.querySelector('.site-address').textContent = [site.address, site.kind_label].filter(Boolean).join(' · ');
  const permit = node.querySelector('.site-permit');
  permit.textContent = site.permit
    ? `Permit ${site.permit.number || ''} (${site.permit.status}) · ${site.permit.company || ''}`
    : 'No permit on record.';
  const due = node.querySelector('.site-due');
  for (const item of site.due || []) {
    const li = document.createElement('li');
    const group = bucket(item);
    const word = item.state === 'not_active' ? ['Not active', 'info'] : group === 'overdue' ? ['Overdue', 'bad'] : ['Due', 'warn'];
    li.append(status(word[0], word[1]), document.createTextNode(` ${item.label}${item.due_at ? ` — ${when(item.due_at)}` : ''}`));
    if (item.state === 'not_active' && item.note) li.append(document.createTextNode(` (${item.note})`));
    due.append(li);
  }
  if (site.stop_work && site.stop_work.status && site.stop_work.status !== 'none') {
    const li = document.createElement('li');
    li.append(status(`Stop-work order: ${site.stop_work.status}`, 'bad'));
    due.append(li);
  }
  const open = findings.filter((f) => ['open', 'reopened'].includes(f.status)); // not corrected, closed or withdrawn
  node.querySelector('.site-findings').textContent = `${site.open_findings ?? open.length} open finding(s)`
    + `${site.overdue_findings ? `, ${site.overdue_findings} overdue` : ''}.`;
  const actions = node.querySelector('.site-actions');
  for (const kind of ['weekly', 'village', 'complaint']) {
    const a = document.createElement('a');
    a.className = kind === 'weekly' ? 'btn btn-primary' : 'btn';
    a.href = captureUrl(site, kind);
    a.textContent = KINDS[kind];
    a.setAttribute('aria-label', `${KINDS[kind]} at ${site.name}`);
    actions.append(a);
  }
  for (const f of open) {
    const a = document.createElement('a');
    a.className = 'btn';
    a.href = captureUrl(site, 'follow_up', { finding: f.id });
    a.textContent = `Follow up ${f.item_code || 'finding'}`;
    a.setAttribute('aria-label', `Follow up finding ${f.item_code || f.id} at ${site.name}`);
    actions.append(a);
  }
  return node;
}

// Only the signed-in person's drafts; someone else's are counted, never shown, never deleted.
// A render started before a pull changed the signed-in person must not draw over a later one.
let draftsRender = 0;
async function renderDrafts() {
  const list = $('drafts-list');
  const run = ++draftsRender;
  const { mine: drafts, others } = await draftsFor(await store.getMeta('user'));
  if (run !== draftsRender) return;
  list.replaceChildren();
  for (const d of drafts) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.className = 'btn btn-primary';
    a.href = `/app/inspect?draft=${d.id}`;
    a.textContent = `Resume: ${KINDS[d.kind] || d.kind} at ${d.site_name}`;
    const answered = Object.values(d.answers || {}).filter((x) => x.result).length;
    const meta = document.createElement('span');
    meta.className = 'small muted';
    meta.textContent = ` ${answered} item(s) answered · saved ${new Date(d.updated_at).toLocaleString()}`;
    li.append(a, meta);
    list.append(li);
  }
  $('drafts-card').hidden = drafts.length === 0;
  const kept = $('drafts-others');
  kept.textContent = others === 1
    ? '1 draft by another person is kept on this device until they sign in.'
    : `${others} drafts by another person are kept on this device until they sign in.`;
  kept.hidden = others === 0;
}

async function render() {
  const [sites, findings, lastSync] = await Promise.all([store.listSites(), store.listFindings(), store.getMeta('last_sync_at')]);
  const lists = { overdue: $('due-overdue'), today: $('due-today'), week: $('due-week') };
  for (const list of Object.values(lists)) list.replaceChildren();
  const cards = $('site-cards');
  cards.replaceChildren();
  for (const site of sites) {
    for (const item of site.due || []) {
      const group = bucket(item);
      if (lists[group]) lists[group].append(dueEntry(site, item, group));
    }
    cards.append(siteCard(site, findings.filter((f) => String(f.site_id) === String(site.id))));
  }
  for (const [group, list] of Object.entries(lists)) {
    if (!list.children.length) {
      const li = document.createElement('li');
      li.className = 'muted';
      li.textContent = group === 'overdue' ? 'Nothing overdue.' : 'Nothing due.';
      list.append(li);
    }
  }
  $('packet-state').textContent = sites.length
    ? `${sites.length} site(s) on this device${lastSync ? `, last updated ${new Date(lastSync).toLocaleString()}` : ''}.`
    : 'No work packet on this device yet. Sign in while online; your sites are then kept here for use without a signal.';
  await renderDrafts();
  document.body.dataset.ready = 'home';
}

store.events.addEventListener('packet-changed', render);
render();
renderStorage($('storage-line'));
