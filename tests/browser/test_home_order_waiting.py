"""A stop-work order posted on the tablet with no signal is named on My sites until the server has it.
The site's card said nothing of it (an inspection waiting was said, an order not), so an inspector
back on My sites, or after the tablet's battery died, could not tell the order had been kept and
could post it again: two orders, each with its own compliance clock."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.capture_packet import wait_for_controller
from tests.browser.test_enforcement import stop_work_form

SITE = "Church Street Parking Lot"  # no permit on record: only § 256-10A(1) grounds an order


def test_an_order_posted_offline_is_named_on_its_sites_card(browser, live_server, tablet):
    context, page = stop_work_form(browser, live_server.url, tablet)
    wait_for_controller(page)  # My sites opens with no signal
    context.set_offline(True)
    page.get_by_label("Site").select_option(label=SITE)
    page.get_by_label("Any land disturbing or land developing activity").check()
    page.get_by_label("What you found").fill("Clearing and grading under way, no permit issued.")
    page.get_by_label("Posted at").fill("2026-12-04T09:15")
    page.get_by_role("button", name="Post the stop-work order").click()
    expect(page.locator("#sw-state")).to_contain_text("saved on this device")

    page.goto(f"{live_server.url}/app/")
    page.wait_for_selector("body[data-ready=home]")
    card = page.locator(".site-card").filter(has_text=SITE)
    expect(card.locator(".order-waiting-note")).to_have_text(
        "You posted a stop-work order here (Fri, Dec 4, 9:15 AM CST); it waits in the outbox to be sent."
    )
    # Another site's card says nothing of it.
    expect(page.locator(".order-waiting-note")).to_have_count(1)
    context.close()


def test_the_form_says_an_order_waits_for_the_site_chosen(browser, live_server, tablet):
    """Back on the stop-work form for the same site (the tablet restarted, the inspector unsure the
    order took), nothing said an order for it was already kept on the tablet."""
    context, page = stop_work_form(browser, live_server.url, tablet)
    wait_for_controller(page)
    context.set_offline(True)
    page.get_by_label("Site").select_option(label=SITE)
    page.get_by_label("Any land disturbing or land developing activity").check()
    page.get_by_label("What you found").fill("Clearing and grading under way, no permit issued.")
    page.get_by_label("Posted at").fill("2026-12-04T09:15")
    page.get_by_role("button", name="Post the stop-work order").click()
    expect(page.locator("#sw-state")).to_contain_text("saved on this device")

    page.goto(f"{live_server.url}/app/stop-work")
    page.wait_for_selector("body[data-ready=stop-work]")
    note = page.locator("#sw-waiting-note")
    expect(note).to_be_hidden()
    page.get_by_label("Site").select_option(label=SITE)
    expect(note).to_have_text(
        "You posted a stop-work order here (Fri, Dec 4, 9:15 AM CST); it waits in the outbox to be"
        " sent: it need not be posted again."
    )
    expect(page.get_by_label("Site")).to_have_accessible_description(note.inner_text())
    page.get_by_label("Site").select_option(label="Lake Avenue Reconstruction")
    expect(note).to_be_hidden()
    context.close()
