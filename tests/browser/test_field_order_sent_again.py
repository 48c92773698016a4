"""A stop-work order the server refused is put right and sent again, not typed again. An order posted
from a tablet whose clock was a year ahead was refused ("The posting time is in the future."), and
the outbox offered only "Discard…": the inspector, who had already posted the paper on the site, had
to type the whole order again from memory. Now "Edit and send again" opens the field form with the
order as it was sent and the posting time marked with the server's words; the refused entry stays
in the outbox until the corrected one is queued in its place, through a reload with no network, and
one order reaches the server, with its notice photo."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from playwright.sync_api import expect
from sqlmodel import Session, select

from inspector.models import Site, StopWorkOrder
from tests.browser.capture_packet import stored, wait_until
from tests.browser.conftest import sign_in
from tests.browser.test_enforcement import SITE
from tests.browser.test_field_order_clock_wrong import stop_work_form_on
from tests.sync.helpers import jpeg

A_YEAR = 365 * 86400
FOUND = "Silt fence down along the east ditch; sediment in the Mill Street inlet."
MORE = " Pump discharging straight to the ditch."
GROUND = "The conditions of the permit are not being met"
KEPT = (
    "async () => { const s = await import('/static/js/store.js');"
    " const o = (await s.listOutbox())[0]; const k = o && await s.getMeta(`stop_work_again:${o.mutation_id}`);"
    " return !!k && k.notes.endsWith('ditch.'); }"
)


def orders_at(app, site_name: str) -> list[StopWorkOrder]:
    with Session(app.extensions["engine"]) as db:
        site = db.exec(select(Site).where(Site.name == site_name)).one()
        return list(db.exec(select(StopWorkOrder).where(StopWorkOrder.site_id == site.id)))


def test_a_refused_order_is_put_right_and_sent_again_offline(
    browser, tablet, live_server, demo_app, tmp_path
):
    url = live_server.url
    before = len(orders_at(demo_app, SITE))
    context, page = stop_work_form_on(browser, tablet, url, A_YEAR)
    page.get_by_label("Site").select_option(label=SITE)
    page.get_by_label(GROUND).check()
    page.get_by_label("What you found").fill(FOUND)
    notice = tmp_path / "notice.jpg"
    notice.write_bytes(jpeg(width=1200, height=900))
    page.locator("#sw-photo").set_input_files(str(notice))
    year_ahead = page.get_by_label("Posted at").input_value()  # the tablet's clock
    page.get_by_role("button", name="Post the stop-work order").click()
    expect(page.locator("#sw-state")).to_contain_text("saved on this device", timeout=20000)
    [refused] = stored(page, "s.listOutbox()")

    page.goto(f"{url}/app/outbox")
    page.get_by_role("button", name="Sync now").click()
    expect(page.locator("#outbox-list .entry-errors")).to_have_text(
        "Posting time: The posting time is in the future."
    )
    page.get_by_role("button", name="Edit and send again").click()

    # The order as it was sent, the field the server named marked with its words.
    expect(page.locator("body[data-ready=stop-work]")).to_be_attached()
    expect(page.get_by_label("Site").locator("option:checked")).to_have_text(SITE)
    expect(page.get_by_label(GROUND)).to_be_checked()
    expect(page.get_by_label("What you found")).to_have_value(FOUND)
    when = page.get_by_label("Posted at")
    expect(when).to_have_value(year_ahead)
    expect(when).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#sw-when-error")).to_have_text("The posting time is in the future.")
    expect(page.locator("#sw-again")).to_contain_text("The Village's server refused the order")
    expect(page.locator("#sw-photo-kept")).to_be_visible()
    expect(
        page.locator("#sw-waiting-note")
    ).to_be_hidden()  # not "refused: put it right" about itself
    expect(page.locator("#clock-warning")).to_contain_text(
        "This tablet's clock is 365 days ahead of the Village's time"
    )

    # Half-way, no network, a reload: what was changed is kept, the refused entry is still there.
    context.set_offline(True)
    page.get_by_label("What you found").fill(FOUND + MORE)
    wait_until(page, KEPT)
    page.reload()
    expect(page.locator("body[data-ready=stop-work]")).to_be_attached()
    expect(page.get_by_label("What you found")).to_have_value(FOUND + MORE)
    expect(page.locator("#sw-when-error")).to_have_text("The posting time is in the future.")
    page.goto(f"{url}/app/outbox")
    expect(page.locator("#outbox-list .outbox-entry")).to_have_count(1)
    page.get_by_role("button", name="Edit and send again").click()
    expect(page.locator("body[data-ready=stop-work]")).to_be_attached()
    expect(page.get_by_label("What you found")).to_have_value(FOUND + MORE)

    # The posting time put right: the mark goes, and the order takes the refused one's place.
    posted = datetime.now(ZoneInfo("America/Chicago")) - timedelta(minutes=30)
    when.fill(posted.strftime("%Y-%m-%dT%H:%M"))
    expect(page.locator("#sw-when-error")).to_be_empty()
    page.get_by_role("button", name="Send the order again").click()
    expect(page.locator("#sw-state")).to_contain_text("in place of the refused one")
    [queued] = stored(page, "s.listOutbox()")
    assert queued["state"] == "queued" and queued["mutation_id"] != refused["mutation_id"]
    assert queued["entity_id"] == refused["entity_id"]
    assert queued["payload"]["notes"] == FOUND + MORE
    assert queued["photo_ids"] == refused["photo_ids"] and len(queued["photo_ids"]) == 1
    page.reload()  # a new order's form again
    expect(page.get_by_role("button", name="Post the stop-work order")).to_be_visible()
    expect(page.get_by_label("What you found")).to_have_value("")

    context.set_offline(False)  # sent by itself once the network is back
    wait_until(
        page, "async () => (await (await import('/static/js/store.js')).listOutbox()).length === 0"
    )
    orders = orders_at(demo_app, SITE)
    assert len(orders) == before + 1
    [order] = [o for o in orders if o.id == refused["entity_id"]]
    assert order.notes == FOUND + MORE
    assert order.notice_photo_id == refused["photo_ids"][0]
    posted_utc = posted.astimezone(ZoneInfo("UTC")).replace(second=0, microsecond=0, tzinfo=None)
    assert order.posted_at == posted_utc
    context.close()


def refused_order(page, url: str) -> dict:
    """An order posted on the form with the tablet's clock a year ahead, refused by the server."""
    page.get_by_label("Site").select_option(label=SITE)
    page.get_by_label(GROUND).check()
    page.get_by_label("What you found").fill(FOUND)
    page.get_by_role("button", name="Post the stop-work order").click()
    expect(page.locator("#sw-state")).to_contain_text("saved on this device")
    page.goto(f"{url}/app/outbox")
    page.get_by_role("button", name="Sync now").click()
    expect(page.locator("#outbox-list .entry-errors")).to_have_count(1)
    [refused] = stored(page, "s.listOutbox()")
    return refused


def test_a_refused_order_open_in_two_tabs_is_sent_again_once(
    browser, tablet, live_server, demo_app
):
    url = live_server.url
    before = len(orders_at(demo_app, SITE))
    context, page = stop_work_form_on(browser, tablet, url, A_YEAR)
    refused = refused_order(page, url)
    again = f"{url}/app/stop-work?again={refused['mutation_id']}"
    other = context.new_page()
    context.set_offline(True)
    posted = datetime.now(ZoneInfo("America/Chicago")) - timedelta(minutes=30)
    for tab in (page, other):
        tab.goto(again)
        expect(tab.locator("body[data-ready=stop-work]")).to_be_attached()
        tab.get_by_label("Posted at").fill(posted.strftime("%Y-%m-%dT%H:%M"))
    page.get_by_role("button", name="Send the order again").click()
    expect(page.locator("#sw-state")).to_contain_text("in place of the refused one")
    other.get_by_role("button", name="Send the order again").click()
    expect(other.locator("#sw-state")).to_contain_text(
        "Nothing was queued: the refused order is no longer in the outbox"
    )
    assert [e["state"] for e in stored(page, "s.listOutbox()")] == ["queued"]

    context.set_offline(False)
    wait_until(
        page, "async () => (await (await import('/static/js/store.js')).listOutbox()).length === 0"
    )
    assert len(orders_at(demo_app, SITE)) == before + 1
    context.close()


def test_another_notice_photo_chosen_replaces_the_one_sent(
    browser, tablet, live_server, demo_app, tmp_path
):
    url = live_server.url
    context, page = stop_work_form_on(browser, tablet, url, A_YEAR)
    first, second = tmp_path / "first.jpg", tmp_path / "second.jpg"
    first.write_bytes(jpeg(width=1200, height=900))
    second.write_bytes(jpeg(width=1200, height=900, color=(30, 140, 200)))
    page.locator("#sw-photo").set_input_files(str(first))
    refused = refused_order(page, url)
    [old_photo] = refused["photo_ids"]
    context.set_offline(True)
    page.get_by_role("button", name="Edit and send again").click()
    expect(page.locator("#sw-photo-kept")).to_be_visible()
    page.locator("#sw-photo").set_input_files(str(second))
    posted = datetime.now(ZoneInfo("America/Chicago")) - timedelta(minutes=30)
    page.get_by_label("Posted at").fill(posted.strftime("%Y-%m-%dT%H:%M"))
    page.get_by_role("button", name="Send the order again").click()
    expect(page.locator("#sw-state")).to_contain_text("in place of the refused one")
    [queued] = stored(page, "s.listOutbox()")
    [new_photo] = queued["photo_ids"]
    assert new_photo != old_photo
    assert stored(page, f"s.getPhoto('{old_photo}')") is None  # not left behind on the tablet

    context.set_offline(False)
    wait_until(
        page, "async () => (await (await import('/static/js/store.js')).listOutbox()).length === 0"
    )
    [order] = [o for o in orders_at(demo_app, SITE) if o.id == refused["entity_id"]]
    assert order.notice_photo_id == new_photo
    context.close()


def test_on_a_shared_tablet_only_its_author_puts_a_refused_order_right(
    browser, tablet, live_server
):
    url = live_server.url
    context, page = stop_work_form_on(browser, tablet, url, A_YEAR)
    refused = refused_order(page, url)
    context.clear_cookies()
    sign_in(page, url, "supervisor@fairwater.example")
    page.goto(f"{url}/app/outbox")
    wait_until(
        page,
        "async () => ((await (await import('/static/js/store.js')).getMeta('user')) || {}).role"
        " === 'supervisor'",
    )
    page.goto(f"{url}/app/stop-work?again={refused['mutation_id']}")
    expect(page.locator("body[data-ready=stop-work]")).to_be_attached()
    expect(page.locator("#sw-again")).to_have_text(
        "Only the person who posted this order can put it right, signed in on this tablet."
    )
    expect(page.locator("#sw-form")).to_be_hidden()
    assert [e["mutation_id"] for e in stored(page, "s.listOutbox()")] == [refused["mutation_id"]]
    context.close()
