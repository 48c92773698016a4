"""A site another company's permit takes over leaves the former holder's tablet at its next pull:
the site, its findings and the records pulled for it go; the person's own drafts stay (nothing
unsent is deleted). Offline and reloaded, the tablet still shows none of it. When the company holds
the site again, all of it comes back."""

from __future__ import annotations

from sqlmodel import Session, select

from inspector.models import Company, Permit, Site, User
from inspector.services import permits
from tests.browser.capture_packet import wait_for_controller, wait_until
from tests.browser.conftest import sign_in
from tests.conftest import Factory
from tests.sync.helpers import checklist_codes, inspection_payload, uid

PULL = "async () => (await import('/static/js/sync.js')).pullNow()"
FLUSH = "async () => (await import('/static/js/sync.js')).flush()"
ENQUEUE = """async ({ payload, iid, mid }) => {
  const store = await import('/static/js/store.js');
  await store.enqueue({ mutation_id: mid, entity: 'inspection', entity_id: iid, op: 'upsert',
    base_version: null, payload, photo_ids: [] });
}"""
DRAFT = """async ({ id, siteId }) => {
  const store = await import('/static/js/store.js');
  const user = await store.getMeta('user');
  await store.putDraft({ id, site_id: String(siteId), user_id: user.id, answers: {},
    updated_at: new Date().toISOString() });
}"""
KEPT = """async (siteId) => {
  const store = await import('/static/js/store.js');
  const db = await store.getDb();
  const records = await db.getAll('records');
  return {
    sites: (await store.listSites()).map((s) => s.id),
    findings: (await store.listFindings(siteId)).length,
    records: records.filter((r) => String(r.site_id) === String(siteId)).length,
    drafts: (await store.listDrafts()).map((d) => d.id),
  };
}"""


def test_a_handed_over_site_leaves_the_former_holders_tablet(
    browser, tablet, live_server, demo_app
):
    engine = demo_app.extensions["engine"]
    rb = demo_app.extensions["rulebook"]
    with Session(engine) as db:
        site = db.exec(select(Site).where(Site.name.startswith("Meadow Ridge"))).one()
        site_id = site.id
        payload = inspection_payload(site, codes=checklist_codes(site, rb))
    iid, draft_id = uid(), uid()

    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "permittee@prairie-builders.example")
    page.goto(f"{live_server.url}/app/outbox")
    page.wait_for_selector("body[data-ready=outbox]")
    wait_for_controller(page)  # the app's pages are cached for the offline reload below
    assert page.evaluate(PULL)["ok"]
    page.evaluate(ENQUEUE, {"payload": payload, "iid": iid, "mid": uid()})
    assert page.evaluate(FLUSH)["applied"] == 1
    assert page.evaluate(PULL)["ok"]
    page.evaluate(DRAFT, {"id": draft_id, "siteId": site_id})
    before = page.evaluate(KEPT, site_id)
    assert str(site_id) in before["sites"], before
    assert before["findings"] > 0 and before["records"] > 0, before  # the demo's, and its own

    # The Village issues the site's next permit to another company after Prairie's expired.
    with Session(engine) as db:
        prairie = db.exec(select(Permit).where(Permit.site_id == site_id)).one()
        permits.set_status(db, prairie, "expired", user_id=None)
        db.commit()
        badger = db.exec(select(Company).where(Company.name.startswith("Badger"))).one()
        boss = db.exec(select(User).where(User.role == "supervisor")).first()
        Factory(db).permit(db.get(Site, site_id), badger.id, boss, issued=True, rb=rb)

    assert page.evaluate(PULL)["ok"]
    after = page.evaluate(KEPT, site_id)
    assert str(site_id) not in after["sites"], after
    assert after["findings"] == 0 and after["records"] == 0, after
    assert after["drafts"] == [draft_id]  # the person's unsent work is theirs to send or discard
    assert set(after["sites"]) == set(before["sites"]) - {str(site_id)}

    # No network, no server, a reload: the tablet still shows none of the site.
    context.set_offline(True)
    live_server.stop()
    page.reload()
    page.wait_for_selector("body[data-ready=outbox]")
    assert page.evaluate(KEPT, site_id) == after

    # Prairie holds the site again (a new permit): its findings and its own inspection, recorded
    # before the tablet's cursor, come back with it (the tablet pulls in full).
    live_server.start()
    context.set_offline(False)
    with Session(engine) as db:
        prairie_id = db.exec(select(Company).where(Company.name.startswith("Prairie"))).one().id
        boss = db.exec(select(User).where(User.role == "supervisor")).first()
        Factory(db).permit(db.get(Site, site_id), prairie_id, boss, issued=True, rb=rb)
    assert page.evaluate(PULL)["ok"]
    back = page.evaluate(KEPT, site_id)
    assert str(site_id) in back["sites"], back
    assert back["findings"] == before["findings"] and back["records"] == before["records"], back
    assert back["drafts"] == [draft_id]
    context.close()


SYNCED_ONCE = """async () => Boolean(
  await (await import('/static/js/store.js')).getMeta('last_sync_at'))"""
PULLS_DONE = "async () => !(await import('/static/js/sync.js')).pullNow.busy()"
APPLY = """async () => {
  const store = await import('/static/js/store.js');
  const user = await store.getMeta('user');
  const page = (siteId) => ({
    cursor: '9:v', has_more: true, user: { ...user, role: 'permittee' },
    changes: [{ entity: 'site', id: siteId, op: 'upsert', version: 1, data: { name: 'Lot ' + siteId } }],
  });
  await store.setMeta('cursor', '5:v');
  const inFull = await store.applyPull(page('77'), { fullPull: true });
  const cursorAfterFull = await store.getMeta('cursor');
  const fromCursor = await store.applyPull(page('78'));
  return [inFull.pullAgain, cursorAfterFull, fromCursor.pullAgain, await store.getMeta('cursor')];
}"""


def test_only_a_pull_from_a_cursor_starts_again_for_a_site_it_lacks(browser, tablet, live_server):
    """The later pages of a full pull bring sites the device does not have yet: they go on from
    the page's cursor. A pull from a cursor that brings one drops the cursor (a full pull next)."""
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "permittee@prairie-builders.example")
    page.goto(f"{live_server.url}/app/outbox")
    page.wait_for_selector("body[data-ready=outbox]")
    # The page's own first sync has sent its outbox (its pull follows at once): the pull below runs
    # after that one, and no pull of the page's comes in between the applies.
    wait_until(page, SYNCED_ONCE)
    assert page.evaluate(PULL)["ok"]
    # The page's own pull can still come after that one (SYNCED_ONCE may have been the sign-in
    # page's sync; a pull asked while one runs goes after it) and write its cursor between the
    # applies. Offline, none starts; one already started ends first.
    context.set_offline(True)
    wait_until(page, PULLS_DONE)
    assert page.evaluate(APPLY) == [False, "9:v", True, None]
    context.close()
