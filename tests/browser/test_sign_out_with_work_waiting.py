"""Signing out of the field app with one's own records still in the outbox asks first: they stay on this
tablet and are sent only when that person signs in here again (on a shared tablet, maybe days later),
so the question says how many wait and offers to send them now."""

from __future__ import annotations

import uuid

from playwright.sync_api import expect
from sqlmodel import select

from inspector.db import get_session
from inspector.models import Inspection, Site
from tests.sync.helpers import inspection_payload

from .capture_packet import stored, wait_until
from .field_home import field_home_as
from .test_finding_offline import PERMITTEE, SITE
from .test_outbox_ways_out import FLUSH, prairie_tablet, refused_village_inspection

QUEUE = """async (payloads) => {
  const s = await import('/static/js/store.js');
  for (const [id, payload] of payloads) {
    await s.enqueue({ mutation_id: crypto.randomUUID(), entity: 'inspection', entity_id: id, op: 'upsert',
      base_version: null, payload, summary: { site_name: 'Meadow Ridge' } });
  }
}"""


def test_sign_out_asks_first_when_records_wait_and_sends_them(
    browser, live_server, demo_app, tablet
):
    url = live_server.url
    with demo_app.app_context():
        site = get_session().exec(select(Site).where(Site.name == SITE)).one()
        payloads = [
            [
                str(uuid.uuid4()),
                inspection_payload(
                    site,
                    inspected_on=day,
                    started_at=f"{day}T15:00:00Z",
                    ended_at=f"{day}T15:40:00Z",
                ),
            ]
            for day in ("2026-11-30", "2026-12-01")
        ]
    context, page = field_home_as(browser, tablet, url, PERMITTEE)
    page.route("**/api/v1/sync/push*", lambda route: route.abort())  # no record gets through yet
    page.evaluate(QUEUE, payloads)
    assert len(stored(page, "s.listOutbox()")) == 2

    page.get_by_role("button", name="Sign out").click()
    question = page.get_by_role("alertdialog")
    expect(question).to_contain_text("2 records of yours are waiting in the outbox")
    expect(question).to_contain_text("stay on this tablet")
    expect(question).to_contain_text("sent only when you sign in here again")
    assert page.url.startswith(f"{url}/app/")  # not signed out yet
    question.get_by_role("button", name="Stay signed in").click()
    expect(question).to_be_hidden()
    expect(page.locator("#shell-user")).to_contain_text("Sam Lindqvist")

    page.get_by_role("button", name="Sign out").click()
    expect(question).to_be_visible()
    page.unroute("**/api/v1/sync/push*")
    question.get_by_role("button", name="Send now, then sign out").click()
    page.wait_for_url(f"{url}/login", timeout=30_000)
    with demo_app.app_context():
        session = get_session()
        assert all(session.get(Inspection, iid) is not None for iid, _ in payloads)
    context.close()


def test_sign_out_with_nothing_waiting_asks_nothing(browser, live_server, tablet):
    context, page = field_home_as(browser, tablet, live_server.url, PERMITTEE, controlled=False)
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url(f"{live_server.url}/login")
    context.close()


def test_records_waiting_and_a_refused_one_are_each_said_and_send_now_sends_the_waiting(
    browser, live_server, demo_app, tablet
):
    url = live_server.url
    context, page, site, codes = prairie_tablet(
        browser, tablet, url, demo_app, ready="home", path="/app/"
    )
    refused_village_inspection(page, site, codes, (200, 60, 60), "Refused")
    page.evaluate(FLUSH)
    wait_until(
        page,
        """async () => (await (await import('/static/js/store.js')).listOutbox())
                          .filter((e) => e.state === 'attention').length === 1""",
    )
    page.route("**/api/v1/sync/push*", lambda route: route.abort())  # the next one waits
    waiting_id = str(uuid.uuid4())
    page.evaluate(QUEUE, [[waiting_id, inspection_payload(site, codes=codes)]])
    expect(page.locator("#outbox-count")).to_have_text("Outbox: 1 waiting, 1 needs attention")

    page.get_by_role("button", name="Sign out").click()
    question = page.get_by_role("alertdialog")
    expect(question).to_contain_text(
        "1 record of yours is waiting in the outbox. It stays on this tablet and is sent only "
        "when you sign in here again."
    )
    expect(question).to_contain_text("1 record of yours was refused by the Village's server")
    expect(question).not_to_contain_text("2 records")
    expect(question.get_by_role("link", name="Open the outbox to put it right")).to_be_visible()

    page.unroute("**/api/v1/sync/push*")
    question.get_by_role("button", name="Send now, then sign out").click()
    # The waiting one is sent; the refused one cannot be, and the person was told of it.
    page.wait_for_url(f"{url}/login", timeout=30_000)
    with demo_app.app_context():
        assert get_session().get(Inspection, waiting_id) is not None
    assert [e["state"] for e in stored(page, "s.listOutbox()")] == ["attention"]
    context.close()
