"""A permittee's outbox is never stuck: the device offers only the kinds the permittee may record,
and an entry the server refused has a way out that loses nothing, with or without a signal: edit it
and send it again as a fresh record, or discard it after a confirmation that offers a copy with its
photos first."""

from __future__ import annotations

import base64
import json

from playwright.sync_api import expect
from sqlmodel import Session, select

from inspector.models import Inspection, Photo, Site
from tests.browser.capture_packet import sign, stored, wait_for_controller, wait_until
from tests.browser.conftest import sign_in
from tests.sync.helpers import checklist_codes, inspection_payload, jpeg, sha, uid

PRAIRIE = "permittee@prairie-builders.example"
SITE = "Meadow Ridge Subdivision, Phase 2"
ENQUEUE = """async ({ payload, photo, iid, mid }) => {
  const store = await import('/static/js/store.js');
  const bytes = Uint8Array.from(atob(photo.b64), (c) => c.charCodeAt(0)).buffer;
  await store.putPhoto({ id: photo.id, inspection_id: iid, item_code: null, bytes, type: 'image/jpeg',
    width: 640, height: 480, size: bytes.byteLength, sha256: photo.sha, taken_at: null, latitude: null,
    longitude: null, name: 'IMG_0042.jpg' });
  await store.enqueue({ mutation_id: mid, entity: 'inspection', entity_id: iid, op: 'upsert', base_version: null,
    payload, photo_ids: [photo.id], summary: { site_name: 'Meadow Ridge Subdivision, Phase 2' } });
}"""
FLUSH = "async () => (await import('/static/js/sync.js')).flush()"


def refused_village_inspection(page, site, codes, color, weather):
    """Queue a Village inspection (a permittee may not record one) with a photo, as an old app did."""
    data = jpeg(color=color)
    photo = {"id": uid(), "b64": base64.b64encode(data).decode(), "sha": sha(data)}
    payload = inspection_payload(
        site, codes=codes, kind="village", weather=weather, photos=[(photo["id"], photo["sha"])]
    )
    iid, mid = uid(), uid()
    page.evaluate(ENQUEUE, {"payload": payload, "photo": photo, "iid": iid, "mid": mid})
    return mid, data


def entry(page, mid):
    return page.locator(f".outbox-entry[data-mutation-id='{mid}']")


def prairie_tablet(browser, tablet, url, demo_app, ready="outbox", path="/app/outbox"):
    """Prairie Builders' permittee signed in on a tablet at a field page, its service worker in
    control: (context, page, the site SITE, its checklist codes)."""
    with Session(demo_app.extensions["engine"]) as db:
        site = db.exec(select(Site).where(Site.name == SITE)).one()
        codes = checklist_codes(site, demo_app.extensions["rulebook"])
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, url, PRAIRIE)
    page.goto(f"{url}{path}")
    page.wait_for_selector(f"body[data-ready={ready}]")
    wait_for_controller(page)
    return context, page, site, codes


def test_a_refused_entry_has_a_way_out_offline_and_online(browser, tablet, live_server, demo_app):
    url = live_server.url
    engine = demo_app.extensions["engine"]
    with Session(engine) as db:
        site = db.exec(select(Site).where(Site.name == SITE)).one()
        codes = checklist_codes(site, demo_app.extensions["rulebook"])
    context = browser.new_context(**tablet, accept_downloads=True)
    page = context.new_page()
    sign_in(page, url, PRAIRIE)
    page.goto(f"{url}/app/")
    page.wait_for_selector("body[data-ready=home]")
    expect(page.get_by_role("link", name=f"Weekly inspection at {SITE}")).to_be_visible()
    wait_for_controller(page)

    # The device offers only what a permittee may record.
    expect(page.get_by_role("link", name=f"Village inspection at {SITE}")).to_have_count(0)
    expect(page.get_by_role("link", name=f"Complaint inspection at {SITE}")).to_have_count(0)
    expect(page.get_by_role("link", name="Follow up")).to_have_count(0)
    page.goto(f"{url}/app/inspect?site={site.id}&kind=village")
    expect(page.locator("#inspect-problem")).to_contain_text(
        "You may not record a Village inspection"
    )
    expect(page.locator("#inspection-form")).to_be_hidden()

    # Three Village inspections queued by an older version of the app: the server refuses all three.
    page.goto(f"{url}/app/outbox")
    edit_mid, edit_photo = refused_village_inspection(
        page, site, codes, (200, 60, 60), "Edited offline"
    )
    keep_mid, keep_photo = refused_village_inspection(
        page, site, codes, (60, 200, 60), "Discarded offline"
    )
    drop_mid, _ = refused_village_inspection(page, site, codes, (60, 60, 200), "Discarded online")
    page.evaluate(FLUSH)
    wait_until(
        page,
        """async () => (await (await import('/static/js/store.js')).listOutbox())
                                .filter((e) => e.state === 'attention').length === 3""",
    )
    page.reload()
    page.wait_for_selector("body[data-ready=outbox]")
    refused = entry(page, edit_mid)
    expect(refused.locator(".outbox-state")).to_have_text("Needs attention")
    expect(refused.locator(".entry-errors")).to_contain_text(
        "Kind of inspection: Permittees record weekly"
    )
    assert "kind:" not in page.locator("#outbox-list").text_content()
    expect(page.get_by_role("link", name="Correct (new version)")).to_have_count(0)

    # No signal at all: edit and send again opens it as a fresh draft, kind changed, photo kept.
    context.set_offline(True)
    live_server.stop()
    page.reload()
    page.wait_for_selector("body[data-ready=outbox]")
    entry(page, edit_mid).get_by_role("button", name="Edit and send again").click()
    page.wait_for_selector("body[data-ready=capture]")
    expect(page.locator("#kind-note")).to_contain_text("started as a Village inspection")
    assert page.locator("#f-kind").input_value() == "weekly"
    assert page.locator("#f-kind option").all_text_contents() == [
        "Weekly",
        "After a rain of 0.5 inch or more",
    ]
    assert page.get_by_label("Weather").input_value() == "Edited offline"
    expect(page.locator(".photo-block[data-item=''] .photo-attached")).to_have_text(
        "Attached: IMG_0042.jpg."
    )
    new_id = page.url.split("draft=")[1]
    sign(page)  # under the certification statement
    page.get_by_role("button", name="Submit inspection").click()
    page.wait_for_selector("body[data-ready=outbox]")
    [queued] = [e for e in stored(page, "s.listOutbox()") if e["entity_id"] == new_id]
    assert queued["payload"]["kind"] == "weekly" and len(queued["photo_ids"]) == 1
    assert edit_mid not in [e["mutation_id"] for e in stored(page, "s.listOutbox()")]

    # Still offline: discard, after downloading a copy with its photo.
    entry(page, keep_mid).get_by_role("button", name="Discard…").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("and its 1 photo")
    with page.expect_download() as download:
        dialog.get_by_role("button", name="Download a copy with the 1 photo").click()
    copy = json.loads(open(download.value.path(), encoding="utf-8").read())
    assert copy["record"]["weather"] == "Discarded offline" and copy["entity"] == "inspection"
    [photo] = copy["photos"]
    assert base64.b64decode(photo["data_url"].split(",", 1)[1]) == keep_photo
    expect(dialog.locator("#discard-saved")).to_contain_text("Saved as")
    dialog.get_by_role("button", name="Discard").click()
    expect(entry(page, keep_mid)).to_have_count(0)
    keep_photo_id = [p for p in copy["photos"]][0]["id"]
    assert stored(page, f"s.getPhoto('{keep_photo_id}')") is None

    # Signal again: the edited one goes out as a fresh weekly inspection with its photo; the last
    # refused one is discarded online ("Keep it" first changes nothing).
    live_server.start()
    context.set_offline(False)
    page.reload()
    page.wait_for_selector("body[data-ready=outbox]")
    entry(page, drop_mid).get_by_role("button", name="Discard…").click()
    page.get_by_role("dialog").get_by_role("button", name="Keep it").click()
    expect(entry(page, drop_mid)).to_have_count(1)
    entry(page, drop_mid).get_by_role("button", name="Discard…").click()
    page.get_by_role("dialog").get_by_role("button", name="Discard").click()
    expect(entry(page, drop_mid)).to_have_count(0)
    page.get_by_role("button", name="Sync now").click()
    expect(page.locator("#outbox-empty")).to_be_visible()
    expect(page.locator("#outbox-count")).to_have_text("Outbox: all sent")
    with Session(engine) as db:
        inspection = db.get(Inspection, new_id)
        assert (
            inspection is not None
            and inspection.kind == "weekly"
            and inspection.weather == "Edited offline"
        )
        assert len(db.exec(select(Photo).where(Photo.inspection_id == new_id)).all()) == 1
        assert (
            db.exec(
                select(Inspection).where(
                    Inspection.kind == "village", Inspection.weather.like("Discarded%")
                )
            ).all()
            == []
        )
    context.close()
