"""A correction the server kept as a conflict (the finding changed there meanwhile), whose answer
never reached the tablet (the signal gone right after the server stored it). The tablet sends it
again, as it must; the server answers "duplicate" with the first answer's status, a conflict.
Before, the tablet took any duplicate as stored: the correction moved to the sent list, "On the
server", and the permittee never heard that the Village had not taken it (the finding stayed
open on the server). It now needs attention on the tablet, saying why, as when the first answer
arrives."""

from __future__ import annotations

from playwright.sync_api import expect

from inspector.db import get_session
from inspector.models import Finding, User
from inspector.models.base import utcnow
from inspector.services import finding_repairs
from tests.browser.test_finding_offline import permittee_tablet_with_a_new_finding, wait_until

FLUSH = "async () => (await import('/static/js/sync.js')).flush()"


def test_a_conflict_whose_answer_was_lost_needs_attention_when_sent_again(
    browser, live_server, demo_app, tablet
):
    context, page, site, finding_id, _ = permittee_tablet_with_a_new_finding(
        browser, live_server, demo_app, tablet
    )
    context.set_offline(True)
    page.goto(f"{live_server.url}/app/findings")
    card = page.locator(f"article[data-finding='{finding_id}']")
    card.get_by_label("What was done").fill("Silt fence re-trenched along the east line")
    card.get_by_role("button", name="Send correction").click()
    expect(page.locator("#ff-state")).to_contain_text("saved on this device")

    # Meanwhile the inspector, on site, closes the finding on the server.
    with demo_app.app_context():
        session = get_session()
        inspector = session.query(User).filter_by(email="inspector@fairwater.example").one()
        finding_repairs.close(
            session, session.get(Finding, finding_id), user=inspector, now=utcnow()
        )
        session.commit()

    lost = []

    def answer_lost(route):
        """The server gets the push and stores it; its answer never arrives."""
        route.fetch()
        lost.append(route.request.post_data_json["mutations"][0]["mutation_id"])
        route.abort("connectionreset")

    page.route("**/api/v1/sync/push", answer_lost, times=1)
    context.set_offline(False)
    page.evaluate(FLUSH)  # this one or the one coming online started: the first answer is lost
    assert lost
    with demo_app.app_context():  # the server has it, as a conflict for a supervisor to see
        assert get_session().get(Finding, finding_id).status == "closed"
    page.evaluate(FLUSH)  # sent again, as the retry timer would
    wait_until(page, "s.listOutbox().then((o) => o.length === 0 || o[0].state === 'attention')")

    page.goto(f"{live_server.url}/app/outbox")
    entry = page.locator("#outbox-list .outbox-entry")
    expect(entry.locator(".outbox-state")).to_have_text("Needs attention")
    expect(entry.locator(".error")).to_contain_text(
        "The finding changed on the server since this device saw it (it is now closed)."
    )
    expect(page.locator("#sent-list .outbox-entry")).to_have_count(0)
    context.close()
