"""The rain a post-rain inspection answers, on a real tablet: started from the rain's due item, the
inspection names that rain and the server takes it; one queued naming a rain the server does not
know at the site's gauge is refused at that field, and edited and sent again it goes through without
it instead of being refused for ever."""

from __future__ import annotations

import base64

from playwright.sync_api import expect
from sqlmodel import Session, select

from inspector.models import Inspection, RainEvent, Site
from tests.browser.capture_flow import SCROLL_METER, answer_all_pass
from tests.browser.capture_packet import sign, stored, wait_for_controller, wait_until
from tests.browser.conftest import sign_in
from tests.browser.test_outbox_ways_out import ENQUEUE, FLUSH, entry
from tests.browser.test_rain import SITE, cocorahs_file
from tests.sync.helpers import checklist_codes, inspection_payload, jpeg, sha, uid

PRAIRIE = "permittee@prairie-builders.example"


def import_rain(browser, url, path) -> None:
    office = browser.new_context()
    page = office.new_page()
    sign_in(page, url, "supervisor@fairwater.example")
    page.goto(f"{url}/rain/import")
    page.get_by_label("File format").select_option("cocorahs")
    page.get_by_label("CSV file").set_input_files(str(path))
    page.get_by_role("button", name="Import").click()
    expect(page.locator("#import-report")).to_contain_text("0.95 in ending")
    office.close()


def test_a_post_rain_inspection_names_its_rain_and_one_refused_for_it_can_be_sent_again(
    browser, live_server, demo_app, tablet, tmp_path
):
    url, engine, rb = (
        live_server.url,
        demo_app.extensions["engine"],
        demo_app.extensions["rulebook"],
    )
    csv_text, ended = cocorahs_file(rb)
    path = tmp_path / "cocorahs.csv"
    path.write_text(csv_text)
    import_rain(browser, url, path)
    with Session(engine) as db:
        site = db.exec(select(Site).where(Site.name == SITE)).one()
        codes = checklist_codes(site, rb)
        rain = db.exec(select(RainEvent).where(RainEvent.total_in == 0.95)).one()

    context = browser.new_context(**tablet)
    context.add_init_script(SCROLL_METER)  # answer_all_pass reads it
    page = context.new_page()
    sign_in(page, url, PRAIRIE)
    page.goto(f"{url}/app/")
    wait_for_controller(page)
    due = page.locator(".due-list li", has_text=f"0.95 in at Fairwater 0.4 NE (CoCoRaHS), {ended}")
    due = due.filter(has_text=SITE).first
    due.get_by_role("link", name="Start").click()
    page.wait_for_selector("body[data-ready=capture]")
    started = page.url.split("draft=")[1]
    answer_all_pass(page, codes)
    page.get_by_role("button", name="Sync now").click()
    expect(page.locator("#outbox-count")).to_have_text("Outbox: all sent")
    with Session(engine) as db:
        inspection = db.get(Inspection, started)
        assert inspection.kind == "post_rain" and inspection.rain_event_id == rain.id

    # An older draft, or a rain merged away since: the server does not know this rain here.
    data = jpeg(color=(90, 90, 200))
    photo = {"id": uid(), "b64": base64.b64encode(data).decode(), "sha": sha(data)}
    payload = inspection_payload(
        site,
        codes=codes,
        kind="post_rain",
        weather="After the storm",
        rain_event_id=rain.id + 1000,
        photos=[(photo["id"], photo["sha"])],
    )
    iid, mid = uid(), uid()
    page.goto(f"{url}/app/outbox")
    page.evaluate(ENQUEUE, {"payload": payload, "photo": photo, "iid": iid, "mid": mid})
    page.evaluate(FLUSH)
    wait_until(
        page,
        """async () => (await (await import('/static/js/store.js')).listOutbox())
                                .some((e) => e.state === 'attention')""",
    )
    page.reload()
    page.wait_for_selector("body[data-ready=outbox]")
    expect(entry(page, mid).locator(".entry-errors")).to_contain_text(
        "The rain: Is not a rain recorded at this site's rain gauge"
    )
    entry(page, mid).get_by_role("button", name="Edit and send again").click()
    page.wait_for_selector("body[data-ready=capture]")
    assert page.locator("#f-kind").input_value() == "post_rain"
    again = page.url.split("draft=")[1]
    sign(page)
    # Offline: what the outbox holds is read before a sync on submitting can take it away.
    context.set_offline(True)
    page.get_by_role("button", name="Submit inspection").click()
    page.wait_for_selector("body[data-ready=outbox]")
    [queued] = [e for e in stored(page, "s.listOutbox()") if e["entity_id"] == again]
    assert queued["payload"]["rain_event_id"] is None
    context.set_offline(False)
    page.get_by_role("button", name="Sync now").click()
    expect(page.locator("#outbox-count")).to_have_text("Outbox: all sent")
    with Session(engine) as db:
        sent = db.get(Inspection, again)
        assert sent is not None and sent.weather == "After the storm" and sent.rain_event_id is None
    context.close()
