// Stop-work orders this person posted on the tablet that the server does not have yet, said beside
// their site on My sites and on the field form: or the order could be posted a second time (two
// orders, two compliance clocks).
import { villageTime } from './village-time.js';

// This person's outbox entries that `keep` takes, by site (the payload's site_id), in the outbox's
// order: another person's entries on a shared tablet are theirs to see.
export function mineBySite(outbox, user, keep) {
  const bySite = new Map();
  for (const entry of outbox) {
    if (!keep(entry)) continue;
    if (entry.user_id != null && String(entry.user_id) !== String(user?.id)) continue;
    const site = String(entry.payload?.site_id ?? '');
    bySite.set(site, [...(bySite.get(site) || []), entry]);
  }
  return bySite;
}

export const ordersWaitingBySite = (outbox, user) => mineBySite(outbox, user, (entry) => entry.entity === 'stop_work_order');

// One order's words; `sent` ends those of an order still to be sent. A refused one is never sent
// until it is put right. `now` is the Village's (villageNow): a posting time a year ahead names its year.
export function orderWaitingWords(entry, sent = 'it waits in the outbox to be sent.', now = new Date()) {
  const when = villageTime(entry.payload.posted_at || entry.created_at, 'moment', now);
  return entry.state === 'attention'
    ? `You posted a stop-work order here (${when}); the server refused it: put it right in the outbox.`
    : `You posted a stop-work order here (${when}); ${sent}`;
}
