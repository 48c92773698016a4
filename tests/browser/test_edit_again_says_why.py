"""'Edit and send again' on a record the server refused opens it as a draft that says why it was
refused: the outbox said it, but the draft opened with no word of it, so the person had to remember
the reason (or go back) to know what to put right. The reason stays with the draft, offline too,
until it is submitted again."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.capture_packet import wait_until
from tests.browser.test_outbox_ways_out import (
    FLUSH,
    entry,
    prairie_tablet,
    refused_village_inspection,
)


def test_a_refused_record_edited_again_says_why_it_was_refused(
    browser, live_server, demo_app, tablet
):
    url = live_server.url
    context, page, site, codes = prairie_tablet(browser, tablet, url, demo_app)
    mid, _ = refused_village_inspection(page, site, codes, (200, 60, 60), "Refused once")
    page.evaluate(FLUSH)
    wait_until(
        page,
        """async () => (await (await import('/static/js/store.js')).listOutbox())
                                .some((e) => e.state === 'attention')""",
    )
    page.reload()
    page.wait_for_selector("body[data-ready=outbox]")
    entry(page, mid).get_by_role("button", name="Edit and send again").click()
    page.wait_for_selector("body[data-ready=capture]")

    note = page.locator("#refused-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("When this was sent, the Village's server refused it")
    expect(note).to_contain_text("Kind of inspection: Permittees record weekly")

    context.set_offline(True)
    live_server.stop()
    page.reload()
    page.wait_for_selector("body[data-ready=capture]")
    expect(page.locator("#refused-note")).to_contain_text(
        "Kind of inspection: Permittees record weekly"
    )
    context.close()
