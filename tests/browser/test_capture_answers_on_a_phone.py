"""Pass / Fail / Not applicable on a phone held upright (390 px): the three answers share the width,
so "Not applicable" wraps to two lines. Its words sat flush against the button's left border, the
second line under the first's start rather than centred, and touched both edges: hard to read in
sunlight and unlike Pass and Fail beside it. Each answer's words are now centred with room inside
its border, wrapped or not, answered or not."""

from __future__ import annotations

from playwright.sync_api import expect
from sqlmodel import Session, select

from inspector.models import Site
from tests.browser.field_home import field_home_as
from tests.browser.page_ready import wait_ready

# Each line of a label's words: how far from the label's inner edges it stands, left and right.
LINES = """(label) => {
  const box = label.getBoundingClientRect();
  const border = parseFloat(getComputedStyle(label).borderLeftWidth);
  const range = document.createRange();
  range.selectNodeContents(label);
  return [...range.getClientRects()].map((r) => ({
    left: Math.round(r.left - box.left - border), right: Math.round(box.right - border - r.right) }));
}"""

# The width of the tick drawn before a chosen answer (0 for the others).
TICK = """(label) => {
  const before = getComputedStyle(label, '::before').content;
  if (!before || before === 'none') return 0;
  const probe = document.createElement('span');
  probe.style.cssText = getComputedStyle(label).font ? `font: ${getComputedStyle(label).font}` : '';
  probe.textContent = JSON.parse(before);
  label.after(probe);
  const width = probe.getBoundingClientRect().width;
  probe.remove();
  return Math.round(width);
}"""


def test_the_answers_words_are_centred_inside_their_buttons(
    browser, playwright, live_server, demo_app
):
    with Session(demo_app.extensions["engine"]) as db:
        site = db.exec(select(Site).where(Site.name.startswith("Meadow Ridge"))).one()
    phone = {
        **playwright.devices["iPhone 12"],
        "viewport": {"width": 390, "height": 844},
        "timezone_id": "America/Chicago",
    }
    context, page = field_home_as(
        browser, phone, live_server.url, "permittee@prairie-builders.example", controlled=False
    )
    expect(page.locator("#packet-state")).to_contain_text("on this device")  # the packet is kept
    page.goto(f"{live_server.url}/app/inspect?site={site.id}&kind=weekly")
    wait_ready(page, "capture")
    first = page.locator("fieldset.item").first
    na = first.locator("label.seg-na-l")
    expect(na).to_be_visible()
    for answered in (False, True):
        if answered:
            na.click()
            expect(first.locator("input.seg-na")).to_be_checked()
            first.locator(".item-toggle").click()  # reopened: the answer shows its tick
            expect(na).to_be_visible()
        for label in first.locator("label.seg").all():
            lines = label.evaluate(LINES)
            assert lines, label.inner_text()
            # The chosen answer's tick stands before its words: they are centred beside it.
            tick = label.evaluate(TICK)
            for line in lines:
                assert line["left"] >= 4 and line["right"] >= 4, (label.inner_text(), lines)
                assert abs(line["left"] - tick - line["right"]) <= 3, (label.inner_text(), lines)
    context.close()


def test_the_submit_bar_leaves_a_phone_room_for_the_checklist(
    browser, playwright, live_server, demo_app
):
    """The bar that stays at the foot of the capture page (what submitting does, Submit inspection,
    Discard draft) took 220 of a phone's 844 px, over a quarter of the screen, with its two buttons
    one above the other; the checklist was answered in what was left. The buttons now share a row
    and the bar takes under a fifth; both stay full touch targets."""
    with Session(demo_app.extensions["engine"]) as db:
        site = db.exec(select(Site).where(Site.name.startswith("Meadow Ridge"))).one()
    phone = {
        **playwright.devices["iPhone 12"],
        "viewport": {"width": 390, "height": 844},
        "timezone_id": "America/Chicago",
    }
    context, page = field_home_as(
        browser, phone, live_server.url, "permittee@prairie-builders.example", controlled=False
    )
    expect(page.locator("#packet-state")).to_contain_text("on this device")
    page.goto(f"{live_server.url}/app/inspect?site={site.id}&kind=weekly")
    wait_ready(page, "capture")
    bar = page.locator(".submit-card").bounding_box()
    assert bar["height"] < 844 / 5, bar
    submit = page.get_by_role("button", name="Submit inspection").bounding_box()
    discard = page.get_by_role("button", name="Discard draft").bounding_box()
    assert abs(submit["y"] - discard["y"]) < 1, (submit, discard)  # one row
    assert min(submit["height"], discard["height"]) >= 44
    assert discard["x"] + discard["width"] <= 390 - 16
    expect(page.locator(".submit-card")).to_contain_text("Submitting freezes this inspection")
    context.close()
