"""An office page's Sign out (a plain form in the header) asks the field app's question when this
person's records wait in the outbox, and otherwise is sent at once: a sign-out held up, even only for
the tablet's storage, could reach the server after the next person's sign-in."""

from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import expect
from sqlmodel import select

from inspector.db import get_session
from inspector.models import Inspection, Site
from tests.sync.helpers import inspection_payload

from .capture_packet import stored, wait_until
from .conftest import sign_in
from .test_capture_a11y import serious_violations
from .test_finding_offline import PERMITTEE, SITE
from .test_outbox_ways_out import FLUSH, prairie_tablet, refused_village_inspection
from .test_sign_out_with_work_waiting import QUEUE

# The device's storage as it is on a slow tablet (its open request not answered yet) or in private
# mode (refused). An object of IDBOpenDBRequest's kind that never fires holds every read forever.
STORAGE = {
    "held": """IDBFactory.prototype.open = function () {
      const request = Object.create(IDBOpenDBRequest.prototype);
      request.addEventListener = () => {};
      request.removeEventListener = () => {};
      return request;
    };""",
    "refused": """IDBFactory.prototype.open = function () {
      throw new DOMException('The user denied permission to access the database.', 'InvalidStateError');
    };""",
}


def is_sign_out(request) -> bool:
    return request.method == "POST" and request.url.endswith("/logout")


def one_record_waiting_on_an_office_page(browser, tablet, url, demo_app, **options):
    """A tablet signed in as the permittee, one of their inspections in the outbox (its push refused
    for as long as the context lives), on the Sites page once the header counts it."""
    with demo_app.app_context():
        site = get_session().exec(select(Site).where(Site.name == SITE)).one()
        entry_id = str(uuid.uuid4())
        payload = inspection_payload(site)
    context = browser.new_context(**tablet, **options)
    context.route("**/api/v1/sync/push*", lambda route: route.abort())
    page = context.new_page()
    sign_in(page, url, PERMITTEE)
    page.goto(f"{url}/app/")
    page.wait_for_selector("body[data-ready=home]")
    page.evaluate(QUEUE, [[entry_id, payload]])
    page.goto(f"{url}/sites/")
    expect(page.locator("#outbox-count")).to_contain_text("Outbox: 1 waiting")
    return context, page, entry_id


def test_an_office_pages_sign_out_asks_and_can_stay_or_leave_them_here(
    browser, live_server, demo_app, tablet
):
    url = live_server.url
    context, page, entry_id = one_record_waiting_on_an_office_page(browser, tablet, url, demo_app)
    sign_out = page.get_by_role("button", name="Sign out")
    question = page.get_by_role("alertdialog")

    sign_out.focus()
    page.keyboard.press("Enter")
    expect(question).to_contain_text("1 record of yours is waiting in the outbox")
    expect(question).to_contain_text(
        "It stays on this tablet and is sent only when you sign in here again"
    )
    expect(page.locator("#sign-out-ask-words")).to_be_focused()  # read out first, buttons next
    page.keyboard.press("Tab")
    expect(question.get_by_role("button", name="Send now, then sign out")).to_be_focused()
    page.keyboard.press("Escape")  # as "Stay signed in"
    expect(question).to_be_hidden()
    expect(sign_out).to_be_focused()

    sign_out.click()
    question.get_by_role("button", name="Stay signed in").click()
    expect(question).to_be_hidden()
    page.reload()
    assert page.url == f"{url}/sites/"
    expect(page.get_by_role("link", name="Sam Lindqvist")).to_be_visible()  # still signed in

    expect(page.locator("#outbox-count")).to_contain_text("Outbox: 1 waiting")
    sign_out.click()
    question.get_by_role("button", name="Sign out, keep them here").click()
    page.wait_for_url(f"{url}/login")
    expect(page.locator(".flash")).to_contain_text("You are signed out")

    sign_in(page, url, PERMITTEE)
    page.goto(f"{url}/app/")
    page.wait_for_selector("body[data-ready=home]")
    assert [e["entity_id"] for e in stored(page, "s.listOutbox()")] == [entry_id]
    with demo_app.app_context():
        assert get_session().get(Inspection, entry_id) is None  # never sent: it waited here
    context.close()


def test_send_now_with_no_connection_says_so_and_still_offers_the_other_two(
    browser, live_server, demo_app, tablet
):
    url = live_server.url
    context, page, _ = one_record_waiting_on_an_office_page(browser, tablet, url, demo_app)
    page.get_by_role("button", name="Sign out").click()
    question = page.get_by_role("alertdialog")
    expect(question).to_be_visible()
    context.set_offline(True)  # the signal goes while the question is open
    question.get_by_role("button", name="Send now, then sign out").click()
    expect(question).to_contain_text("There is no connection, so nothing could be sent now.")
    expect(question).to_contain_text("1 record of yours is waiting in the outbox")
    expect(question.get_by_role("button", name="Sign out, keep them here")).to_be_enabled()
    expect(question.get_by_role("button", name="Stay signed in")).to_be_enabled()
    assert page.url == f"{url}/sites/"
    question.get_by_role("button", name="Sign out, keep them here").click()  # still no signal
    expect(question).to_be_hidden()
    expect(page.locator("#sign-out-note")).to_contain_text("Signing out needs a connection")
    assert page.url == f"{url}/sites/"
    context.set_offline(False)
    page.get_by_role("button", name="Sign out").click()
    question.get_by_role("button", name="Stay signed in").click()
    expect(question).to_be_hidden()
    context.close()


def test_the_question_reads_in_the_header_of_an_office_page(browser, live_server, demo_app, tablet):
    # axe is injected as a script tag: this context lets it past the page's CSP (the app is not changed).
    context, page, _ = one_record_waiting_on_an_office_page(
        browser, tablet, live_server.url, demo_app, bypass_csp=True
    )
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("alertdialog")).to_be_visible()
    assert serious_violations(page) == []  # its words and buttons readable on the header's green
    context.close()


@pytest.mark.parametrize("storage", ["held", "refused"])
def test_with_nothing_counted_as_waiting_the_sign_out_is_sent_at_once(
    browser, live_server, tablet, storage
):
    url = live_server.url
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, url, PERMITTEE)
    page.add_init_script(STORAGE[storage])
    page.goto(f"{url}/sites/")
    # Sent on the press itself: nothing may wait for the storage first (held, it never answers).
    with page.expect_request(is_sign_out, timeout=5_000):
        page.get_by_role("button", name="Sign out").click()
    page.wait_for_url(f"{url}/login")
    expect(page.locator(".flash")).to_contain_text("You are signed out")
    context.close()


REFUSED_ON_DEVICE = """async () => (await (await import('/static/js/store.js')).listOutbox())
                        .filter((e) => e.state === 'attention').length === 1"""


def one_record_refused(browser, tablet, url, demo_app):
    """The permittee's tablet at My sites holding one record the server refused (a Village
    inspection, which a permittee may not record): it stays in the outbox, needing attention."""
    context, page, site, codes = prairie_tablet(
        browser, tablet, url, demo_app, ready="home", path="/app/"
    )
    refused_village_inspection(page, site, codes, (200, 60, 60), "Refused")
    page.evaluate(FLUSH)
    wait_until(page, REFUSED_ON_DEVICE)
    return context, page, site


def test_a_refused_record_alone_is_said_as_refused_with_the_way_to_put_it_right(
    browser, live_server, demo_app, tablet
):
    url = live_server.url
    context, page, _ = one_record_refused(browser, tablet, url, demo_app)
    page.goto(f"{url}/sites/")
    expect(page.locator("#outbox-count")).to_have_text("Outbox: 1 needs attention")
    question = page.get_by_role("alertdialog")

    page.get_by_role("button", name="Sign out").click()
    expect(question).to_contain_text("1 record of yours was refused by the Village's server")
    expect(question).to_contain_text(
        "It stays on this tablet and is not sent again until you put it right"
    )
    expect(question).not_to_contain_text("waiting")  # it is not: sending can never clear it
    expect(question).not_to_contain_text("sent only when you sign in here again")
    expect(question.get_by_role("button", name="Send now, then sign out")).to_be_hidden()
    question.get_by_role("link", name="Open the outbox to put it right").click()
    page.wait_for_url(f"{url}/app/outbox")
    page.wait_for_selector("body[data-ready=outbox]")
    expect(page.locator(".outbox-entry .outbox-state")).to_have_text("Needs attention")

    # The field app's Sign out says the same, and signing out keeps the record on the tablet.
    page.get_by_role("button", name="Sign out").click()
    expect(question).to_contain_text("1 record of yours was refused by the Village's server")
    expect(question.get_by_role("button", name="Send now, then sign out")).to_be_hidden()
    question.get_by_role("button", name="Sign out, keep them here").click()
    page.wait_for_url(f"{url}/login")
    expect(page.locator(".flash")).to_contain_text("You are signed out")
    assert [e["state"] for e in stored(page, "s.listOutbox()")] == ["attention"]
    context.close()


def test_an_office_pages_sign_out_with_no_connection_says_it_needs_one(
    browser, live_server, tablet
):
    url = live_server.url
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, url, PERMITTEE)
    page.goto(f"{url}/sites/")
    expect(page.locator("#outbox-count")).to_have_text("Outbox: all sent")
    context.set_offline(True)
    sign_out = page.get_by_role("button", name="Sign out")
    sign_out.click()
    expect(page.locator("#sign-out-note")).to_have_text(
        "Signing out needs a connection: this tablet is offline. Nothing was changed; "
        "try again when there is a signal."
    )
    assert page.url == f"{url}/sites/"  # not the browser's offline page
    expect(page.get_by_role("link", name="Sam Lindqvist")).to_be_visible()
    expect(sign_out).to_be_focused()

    context.set_offline(False)  # the same button signs out once there is a signal
    sign_out.click()
    page.wait_for_url(f"{url}/login")
    expect(page.locator(".flash")).to_contain_text("You are signed out")
    context.close()
