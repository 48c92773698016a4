"""Marking a photo on the tablet with no network: an arrow, a circle and a label drawn over
a photo are kept in the draft as a vector layer (fractions of the photo) and survive a reload; the
photo's bytes and hash are unchanged; back online the inspection syncs with its marks and the report
page draws them over the picture, scaled with it."""

from __future__ import annotations

import base64
import hashlib

from playwright.sync_api import expect

from tests.browser.capture_packet import camera_jpeg, photo_with_bytes, stored, wait_for_controller
from tests.browser.conftest import sign_in
from tests.browser.test_capture_sync import SITE, earlier_today


def drag(page, box, start, end):
    """A finger's drag over `box` from one fraction of it to another."""
    page.mouse.move(box["x"] + box["width"] * start[0], box["y"] + box["height"] * start[1])
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] * end[0], box["y"] + box["height"] * end[1], steps=6)
    page.mouse.up()


def sign_if_asked(page):
    """The capture page asks for a signature under the certification statement."""
    pad = page.locator("#signature-pad")
    if not pad.count():
        return
    pad.scroll_into_view_if_needed()
    drag(page, pad.bounding_box(), (0.1, 0.5), (0.6, 0.4))
    page.locator("#signature-state").get_by_text("Signed by").wait_for()


def test_marks_drawn_offline_survive_a_reload_and_reach_the_report(
    browser, live_server, demo_app, tablet
):
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/app/")
    wait_for_controller(page)
    page.locator(".site-card").first.wait_for()

    context.set_offline(True)
    live_server.stop()
    page.goto(f"{live_server.url}/app/")
    page.get_by_role("link", name=f"Weekly inspection at {SITE}").click()
    page.wait_for_selector("body[data-ready=capture]")
    draft_id = page.url.split("draft=")[1]
    for code in stored(page, "s.getSite('1')")["checklist_codes"]:
        page.locator(f"label[for='r-{code}-pass']").click()
    page.get_by_label("Start time").fill(earlier_today())
    general = page.locator(".photo-block[data-item='']")
    general.locator("input.photo-camera").set_input_files(
        {"name": "IMG_7.jpg", "mimeType": "image/jpeg", "buffer": camera_jpeg(seed=7)}
    )
    thumb = general.locator(".thumb")
    thumb.wait_for()
    [photo] = stored(page, f"s.listPhotos('{draft_id}')")
    before = photo_with_bytes(page, photo["id"])

    # The editor: an arrow (the default tool), a circle and a label over the photo.
    thumb.get_by_role("button", name="Mark up").click()
    dialog = page.get_by_role("dialog", name="Mark up the photo")
    expect(dialog).to_be_visible()
    stage = dialog.locator(".markup-stage img")
    stage.wait_for()
    box = stage.bounding_box()
    drag(page, box, (0.2, 0.2), (0.5, 0.55))
    dialog.get_by_role("button", name="Circle").click()
    drag(page, box, (0.7, 0.4), (0.8, 0.4))
    dialog.get_by_role("button", name="Label").click()
    dialog.get_by_label("Label (at most 40 characters)").fill("Torn silt fence")
    box = stage.bounding_box()  # the label's field now shows above the photo
    drag(page, box, (0.1, 0.85), (0.1, 0.85))
    expect(dialog.locator(".markup-count")).to_have_text("3 of 20 marks.")
    dialog.get_by_role("button", name="Save marks").click()
    expect(dialog).to_have_count(0)
    page.locator("#save-state.saved").wait_for()
    expect(thumb.locator(".marks-overlay")).to_have_attribute("data-marks", "3")
    expect(thumb.get_by_role("button", name="Mark up (3 marks)")).to_be_visible()

    # Reloaded with no network: the marks are still there, beside the unchanged photo.
    page.reload()
    page.wait_for_selector("body[data-ready=capture]")
    thumb = page.locator(".photo-block[data-item=''] .thumb")
    expect(thumb.locator(".marks-overlay")).to_have_attribute("data-marks", "3")
    marks = stored(page, f"s.getDraft('{draft_id}')")["marks"][photo["id"]]
    assert [m["kind"] for m in marks] == ["arrow", "circle", "label"]
    arrow, circle, label = marks
    assert abs(arrow["from"][0] - 0.2) < 0.02 and abs(arrow["to"][1] - 0.55) < 0.02
    assert abs(circle["center"][0] - 0.7) < 0.02 and 0 < circle["r"] <= 1
    assert label["text"] == "Torn silt fence" and abs(label["at"][1] - 0.85) < 0.02
    after = photo_with_bytes(page, photo["id"])
    assert after["b64"] == before["b64"] and after["sha256"] == before["sha256"]
    assert hashlib.sha256(base64.b64decode(after["b64"])).hexdigest() == before["sha256"]

    sign_if_asked(page)
    page.get_by_role("button", name="Submit inspection").click()
    page.wait_for_selector("body[data-ready=outbox]")
    [mutation] = stored(page, "s.listOutbox()")
    assert mutation["payload"]["photos"][0]["marks"] == marks

    live_server.start()
    context.set_offline(False)  # the browser's `online` event starts a sync
    sent = page.locator("#sent-list .outbox-entry .outbox-state")
    sent.wait_for(timeout=20000)
    assert sent.text_content() == "On the server (1 of 1 photos)"

    page.goto(f"{live_server.url}/inspections/{draft_id}")
    figure = page.locator(".report-photo").first
    overlay = figure.locator(".marks-overlay")
    expect(overlay).to_have_attribute("data-marks", "3")
    expect(overlay.locator(".mark-arrow")).to_have_count(2)  # outline and stroke
    expect(overlay.locator(".mark-circle")).to_have_count(2)  # outline and stroke
    expect(overlay.locator(".mark-label")).to_have_text("Torn silt fence")
    picture, drawn = figure.locator("img").bounding_box(), overlay.bounding_box()
    for key in ("x", "y", "width", "height"):  # the overlay lies exactly over the picture
        assert abs(picture[key] - drawn[key]) < 1.5, (key, picture, drawn)
    context.close()


PUT_BACK = """async ({ payload, photo, mid }) => {
  const store = await import('/static/js/store.js');
  const drafts = await import('/static/js/drafts.js');
  const bytes = Uint8Array.from(atob(photo.b64), (c) => c.charCodeAt(0)).buffer;
  await store.putPhoto({ id: photo.id, inspection_id: payload.iid, item_code: null, bytes,
    type: 'image/jpeg', width: 640, height: 480, size: bytes.byteLength, sha256: photo.sha,
    taken_at: null, latitude: null, longitude: null });
  await store.enqueue({ mutation_id: mid, entity: 'inspection', entity_id: payload.iid, op: 'upsert',
    base_version: null, payload: payload.body, photo_ids: [photo.id], summary: {} });
  const entry = await store.getOutbox(mid);
  const [user, catalog] = await Promise.all([store.getMeta('user'), store.getMeta('catalog')]);
  const draft = drafts.draftFromEntry(entry, { user, catalog, sentIds: new Set() });
  await store.reopenAsDraft(mid, draft);
  const kept = await store.getDraft(draft.id);
  const photos = await store.listPhotos(draft.id);
  return { marks: kept.marks, photo_ids: photos.map((p) => p.id) };
}"""


def test_marks_follow_their_photo_when_an_entry_is_put_back_as_a_draft(
    browser, live_server, demo_app, tablet
):
    """'Edit and send again' makes a fresh record with new photo ids: the marks go with the photos."""
    from sqlmodel import Session, select

    from inspector.models import Site
    from tests.sync.helpers import inspection_payload, jpeg, sha, uid

    with Session(demo_app.extensions["engine"]) as db:
        site = db.exec(select(Site).where(Site.name == SITE)).one()
    data = jpeg()
    photo = {"id": uid(), "b64": base64.b64encode(data).decode(), "sha": sha(data)}
    marks = [{"kind": "circle", "center": [0.5, 0.5], "r": 0.2}]
    body = inspection_payload(site, photos=[(photo["id"], photo["sha"])])
    body["photos"][0]["marks"] = marks
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/app/outbox")
    page.wait_for_selector("body[data-ready=outbox]")
    # The page's first sync (it learns who is signed in) is over before the network goes: an entry
    # queued while a flush is under way may be taken for sending, and one being sent is not put back.
    page.evaluate("async () => (await import('/static/js/sync.js')).flush()")
    context.set_offline(True)  # nothing is sent while the entry is put back
    found = page.evaluate(
        PUT_BACK, {"payload": {"iid": uid(), "body": body}, "photo": photo, "mid": uid()}
    )
    [new_id] = found["photo_ids"]
    assert new_id != photo["id"] and found["marks"] == {new_id: marks}
    context.close()
