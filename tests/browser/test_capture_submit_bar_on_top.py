"""The submit bar at the foot of the capture page is never covered by the progress line. The line
("13 of 13 items answered: submit when ready") stays on top while scrolling and was drawn above
every other part of the page; where its own place falls behind the submit bar (the page opened at
its top with a note above the form, such as why the server refused a record, or a tablet turned on
its side), it covered Submit inspection and Discard draft: a tap there hit the line, not the button."""

from __future__ import annotations

from tests.browser.capture_packet import offline_weekly_capture

# What is under the centre of each of the submit bar's buttons: the button itself, or what covers it.
UNDER_BUTTONS = """() => [...document.querySelectorAll('.submit-card .btn')].map((b) => {
  const r = b.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return b === hit || b.contains(hit) ? 'button' : `${hit && hit.id || hit && hit.className}`;
})"""


def test_the_progress_line_does_not_cover_submit(browser, live_server, demo_app, tablet):
    context, page, _ = offline_weekly_capture(browser, tablet, live_server.url, demo_app)
    page.evaluate("() => window.scrollTo(0, 0)")
    # The tablet's height set so that the progress line's own place is level with the bar's buttons.
    line = page.locator("#progress").bounding_box()
    bar = page.locator(".submit-card").bounding_box()
    button = page.locator("#submit-btn").bounding_box()
    below = bar["y"] + bar["height"] - button["y"]  # from the button's top to the bar's foot
    width = page.viewport_size["width"]
    page.set_viewport_size({"width": width, "height": round(line["y"] + below)})
    page.evaluate("() => window.scrollTo(0, 0)")
    button = page.locator("#submit-btn").bounding_box()
    line = page.locator("#progress").bounding_box()
    assert line["y"] < button["y"] + button["height"] and line["y"] + line["height"] > button["y"]
    assert page.evaluate(UNDER_BUTTONS) == ["button", "button"]
    context.close()
