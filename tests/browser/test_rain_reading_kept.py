"""A rain reading typed on the tablet is kept until it is queued. Before, an inspector who typed a
reading and then left the page (My sites, the tab closed) found the form empty on coming back, with
no signal too; and a reading the server refused (18 in where 1.8 was meant) could only be discarded
and typed again from memory. Now what was typed comes back, only to the person who typed it, until
it is queued; and a refused reading has "Edit and send again", which opens it on its form with the
server's reason at the field, and sending it again stores one reading."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from sqlmodel import Session, select

from inspector.models import RainReading, User
from tests.browser.capture_packet import wait_until
from tests.browser.field_home import field_home_as
from tests.browser.test_shared_tablet_drafts import open_home_as, sign_out

INSPECTOR = "inspector@fairwater.example"
SITE = "Meadow Ridge Subdivision, Phase 2"
READINGS = """async () => (await (await import('/static/js/store.js')).listOutbox())
  .filter((e) => e.entity === 'rain_reading')"""


QUEUE_18 = """async () => {
  const s = await import('/static/js/store.js');
  await s.enqueue({ mutation_id: crypto.randomUUID(), entity: 'rain_reading', entity_id: crypto.randomUUID(),
    op: 'upsert', base_version: null, photo_ids: [],
    payload: { gauge_id: Number(document.querySelector('#r-gauge').value), site_id: null,
               observed_at: new Date().toISOString(), amount_in: 18, period_hours: 24 } });
}"""


def open_rain(page, url):
    page.goto(f"{url}/app/rain")
    page.wait_for_selector("body[data-ready=rain]")


@pytest.mark.parametrize("leave", ["link", "close"])
def test_a_reading_typed_then_left_comes_back_until_it_is_queued(
    browser, live_server, tablet, leave
):
    url = live_server.url
    context, page = field_home_as(browser, tablet, url, INSPECTOR)
    context.set_offline(True)
    open_rain(page, url)
    page.get_by_label("Site (optional)").select_option(label=SITE)
    page.get_by_label("Rain in the last 24 hours").fill("0.85")
    if leave == "link":
        page.get_by_role("link", name="My sites").click()
        page.wait_for_selector("body[data-ready=home]")
    else:
        page.close()
        page = context.new_page()
    open_rain(page, url)
    expect(page.get_by_label("Rain in the last 24 hours")).to_have_value("0.85")
    expect(page.get_by_label("Site (optional)").locator("option:checked")).to_have_text(SITE)

    page.get_by_role("button", name="Queue reading").click()
    expect(page.locator("#rain-state")).to_have_text("Reading of 0.85 in queued in the outbox.")
    page.reload()
    page.wait_for_selector("body[data-ready=rain]")
    expect(page.get_by_label("Rain in the last 24 hours")).to_have_value("")
    assert len(page.evaluate(READINGS)) == 1
    context.close()


def test_a_reading_typed_shows_only_to_the_person_who_typed_it(browser, live_server, tablet):
    url = live_server.url
    context, page = field_home_as(browser, tablet, url, INSPECTOR)
    open_rain(page, url)
    page.get_by_label("Rain in the last 24 hours").fill("0.85")
    page.get_by_role("link", name="My sites").click()
    page.wait_for_selector("body[data-ready=home]")
    sign_out(page, url)

    open_home_as(page, url, "supervisor@fairwater.example", "Dana Kowalski")
    open_rain(page, url)
    expect(page.get_by_label("Rain in the last 24 hours")).to_have_value("")
    sign_out(page, url)

    open_home_as(page, url, INSPECTOR, "Luis Ortega")
    open_rain(page, url)
    expect(page.get_by_label("Rain in the last 24 hours")).to_have_value("0.85")
    context.close()


def test_a_refused_reading_is_edited_and_sent_again_as_one_reading(
    browser, live_server, demo_app, tablet
):
    url = live_server.url
    context, page = field_home_as(browser, tablet, url, INSPECTOR)
    open_rain(page, url)
    # 18 in where 1.8 was meant, queued by an app that let it through: the server refuses it.
    page.evaluate(QUEUE_18)
    wait_until(page, f"async () => (await ({READINGS})()).some((e) => e.state === 'attention')")

    page.goto(f"{url}/app/outbox")
    page.wait_for_selector("body[data-ready=outbox]")
    entry = page.locator("#outbox-list .outbox-entry")
    entry.get_by_role("button", name="Edit and send again").click()
    page.wait_for_selector("body[data-ready=rain]")
    amount = page.get_by_label("Rain in the last 24 hours")
    expect(amount).to_have_value("18")
    expect(amount).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#r-amount-error")).to_contain_text("Readings over 15")
    expect(page.locator("#rain-refused")).to_contain_text("the Village's server refused it")
    assert page.evaluate(READINGS) == []  # out of the outbox, back on its form

    page.reload()  # kept on the form, the server's reason too
    page.wait_for_selector("body[data-ready=rain]")
    expect(page.locator("#r-amount-error")).to_contain_text("Readings over 15")
    amount.fill("1.8")
    page.get_by_role("button", name="Queue reading").click()
    expect(page.locator("#rain-state")).to_have_text("Reading of 1.8 in queued in the outbox.")
    expect(page.locator("#rain-refused")).to_be_hidden()
    wait_until(page, f"async () => (await ({READINGS})()).length === 0")
    with Session(demo_app.extensions["engine"]) as db:
        inspector = db.exec(select(User).where(User.email == INSPECTOR)).one()
        readings = db.exec(
            select(RainReading).where(
                RainReading.user_id == inspector.id, RainReading.source_key.startswith("device:")
            )
        ).all()
    assert [r.amount_in for r in readings] == [1.8]
    page.reload()
    page.wait_for_selector("body[data-ready=rain]")
    expect(amount).to_have_value("")
    context.close()
