"""An all-pass inspection done as a person on a tablet does it, counted: every tap, how far the page
scrolled (the sum of every change of window.scrollY, whoever made it: the person or the page), and
after each tap whether the next item to answer could be tapped where it is (in the viewport and not
under the sticky submit bar). Used by tests/browser/test_capture_flow.py and
bench/bench_capture_taps.py."""

from __future__ import annotations

from tests.browser.page_ready import wait_ready

# Counts scrolling from the page's first paint: installed before any page script runs.
SCROLL_METER = """(() => {
  let last = 0;
  window.__scrolled = 0;
  window.__tallest = 0;
  const measure = () => {
    window.__scrolled += Math.abs(window.scrollY - last);
    last = window.scrollY;
    window.__tallest = Math.max(window.__tallest, document.documentElement.scrollHeight);
  };
  addEventListener('scroll', measure, { passive: true });
  addEventListener('load', measure);
})();"""

# The pass button of `code` can be tapped where it is: inside the viewport, and what is under its
# centre is that button (not the sticky submit bar, not a header).
TAPPABLE = """(code) => {
  const label = document.querySelector(`label[for='r-${code}-pass']`);
  if (!label) return false;
  const box = label.getBoundingClientRect();
  if (!box.height || box.top < 0 || box.bottom > innerHeight) return false;
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return hit === label || label.contains(hit);
}"""


# Read once the last scroll events have been delivered (they come with the next frames).
FIGURES = """() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() =>
  resolve({ scrolled: window.__scrolled, tallest: window.__tallest,
            height: document.documentElement.scrollHeight }))))"""


def landscape(device: dict) -> dict:
    """The same tablet turned on its side."""
    turned = dict(device)
    view = device["viewport"]
    turned["viewport"] = {"width": view["height"], "height": view["width"]}
    if "screen" in device:
        turned["screen"] = {
            "width": device["screen"]["height"],
            "height": device["screen"]["width"],
        }
    return turned


def one_stroke_signature(page) -> None:
    """One stroke across the capture page's signature box, as a finger signs."""
    pad = page.locator("#signature-pad")
    pad.scroll_into_view_if_needed()
    box = pad.bounding_box()
    x, y = box["x"] + box["width"] * 0.2, box["y"] + box["height"] * 0.6
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, 11):
        page.mouse.move(x + step * box["width"] * 0.05, y - (step % 3) * 8)
    page.mouse.up()


def answer_all_pass(page, codes: list[str]) -> dict:
    """Tap Pass on each item in order, then Submit; page is the capture page, ready. Returns the
    counts: taps, items, scrolled_px, tallest_px, height_at_end_px, first_in_view (the first
    item needed no scrolling), next_out_of_view / next_not_focused (codes whose Pass was not
    tappable where it stood, or not focused, after the previous tap), submit_in_view."""
    page.evaluate("() => { window.__scrolled = 0; }")  # the opening layout is not the person's
    taps = 0
    out_of_view, not_focused = [], []
    first_in_view = page.evaluate(TAPPABLE, codes[0])
    for i, code in enumerate(codes):
        # After each tap: the next item's Pass is where a thumb can tap it, and has the focus.
        if i and not page.evaluate(TAPPABLE, code):
            out_of_view.append(code)
        if i and page.evaluate("() => document.activeElement.id") != f"r-{code}-pass":
            not_focused.append(code)
        page.locator(f"label[for='r-{code}-pass']").click()  # scrolls to it first when it must
        taps += 1
    if page.locator("#signature-pad").count():  # signed under the certification: a tap
        one_stroke_signature(page)
        taps += 1
    submit = page.get_by_role("button", name="Submit inspection")
    submit_in_view = page.evaluate(
        "() => { const b = document.getElementById('submit-btn').getBoundingClientRect();"
        " return b.top >= 0 && b.bottom <= innerHeight; }"
    )
    figures = page.evaluate(FIGURES)
    submit.click()
    taps += 1
    wait_ready(page, "outbox")
    return {
        "taps": taps,
        "items": len(codes),
        "scrolled_px": round(figures["scrolled"]),
        "tallest_px": round(figures["tallest"]),
        "height_at_end_px": round(figures["height"]),
        "first_in_view": first_in_view,
        "next_out_of_view": out_of_view,
        "next_not_focused": not_focused,
        "submit_in_view": submit_in_view,
    }
