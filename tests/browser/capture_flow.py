"""An all-pass inspection done as a person on a tablet does it, counted: every tap, how far the page
scrolled (the sum of every change of window.scrollY, whoever made it: the person or the page), and
after each tap whether the next item to answer could be tapped where it is (in the viewport and not
under the sticky submit bar). Used by tests/browser/test_capture_flow.py and
bench/bench_capture_taps.py."""

from __future__ import annotations

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


def answer_all_pass(page, codes: list[str]) -> dict:
    """Tap Pass on each item in order, then Submit; page is the capture page, ready. Returns the
    counts: taps, items, scrolled_px, tallest_px, next_out_of_view (codes whose Pass was not
    tappable where it stood when its turn came), and the wait for the outbox page."""
    page.evaluate("() => { window.__scrolled = 0; }")  # the opening layout is not the person's
    taps = 0
    out_of_view = []
    for code in codes:
        if not page.evaluate(TAPPABLE, code):
            out_of_view.append(code)
        page.locator(f"label[for='r-{code}-pass']").click()  # scrolls to it first when it must
        taps += 1
    submit = page.get_by_role("button", name="Submit inspection")
    submit_in_view = page.evaluate(
        "() => { const b = document.getElementById('submit-btn').getBoundingClientRect();"
        " return b.top >= 0 && b.bottom <= innerHeight; }"
    )
    figures = page.evaluate("() => ({ scrolled: window.__scrolled, tallest: window.__tallest })")
    submit.click()
    taps += 1
    page.wait_for_selector("body[data-ready=outbox]")
    return {
        "taps": taps,
        "items": len(codes),
        "scrolled_px": round(figures["scrolled"]),
        "tallest_px": round(figures["tallest"]),
        "next_out_of_view": out_of_view,
        "submit_in_view": submit_in_view,
    }
