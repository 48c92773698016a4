"""Nothing jumps under a thumb while a page fills in: the cumulative layout shift (Chromium's
layout-shift entries, as Lighthouse reads them) stays under 0.1 on the field app's home (right
after signing in, the device empty and its first work packet arriving; then online, signed in and
synced, the device's data drawn and then refreshed by the sync on load), the capture page and the
office dashboard, on a tablet held upright and sideways."""

from __future__ import annotations

import pytest
from sqlmodel import Session, select

from inspector.models import Site
from tests.browser.conftest import sign_in

PULL = "async () => (await import('/static/js/sync.js')).pullNow()"
# Installed before any of the page's own scripts: every shift from the first paint on is counted
# (all of them summed, stricter than Lighthouse's largest five-second window).
OBSERVE = """
window.__cls = { total: 0, shifts: [] };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    window.__cls.total += entry.value;
    window.__cls.shifts.push({ value: entry.value, at: Math.round(entry.startTime),
      nodes: (entry.sources || []).map((s) => s.node && (s.node.id || s.node.className
        || s.node.nodeName)).filter(Boolean).slice(0, 4) });
  }
}).observe({ type: 'layout-shift', buffered: true });
"""
LIMIT = 0.1


def throttle(context, page) -> None:
    """Lighthouse's mobile profile: a 4x slower CPU and a slow 4G link (150 ms, 1.6 Mbit/s), so
    that the device's data arrives after the first paint as it does on a real tablet."""
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": 150,
            "downloadThroughput": 200_000,
            "uploadThroughput": 90_000,
        },
    )


def measure(page, url: str, ready: str | None) -> dict:
    page.goto(url)
    if ready:
        page.wait_for_selector(f"body[data-ready='{ready}']")
    page.wait_for_load_state("networkidle")  # the sync on load has answered and been drawn
    page.wait_for_timeout(800)
    return page.evaluate("window.__cls")


@pytest.mark.parametrize("size", [(810, 1080), (1080, 810)], ids=["portrait", "landscape"])
def test_pages_do_not_jump_while_they_fill_in(browser, tablet, live_server, demo_app, size):
    with Session(demo_app.extensions["engine"]) as db:
        site = db.exec(select(Site).where(Site.name.startswith("Meadow Ridge"))).one()
    viewport = {"width": size[0], "height": size[1]}
    base = live_server.url
    found = {}

    field = browser.new_context(**{**tablet, "viewport": viewport})
    field.add_init_script(OBSERVE)
    page = field.new_page()
    throttle(field, page)
    full_pulls = []
    page.on(
        "request",
        lambda r: "/sync/pull" in r.url and "since=" not in r.url and full_pulls.append(r.url),
    )
    # Signing in lands on the field app with nothing on the device yet: its first packet arrives.
    sign_in(page, base, "inspector@fairwater.example")
    page.locator(".site-card").first.wait_for()
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(800)
    found["home, first visit"] = page.evaluate("window.__cls")
    # The whole packet travels once: a second full pull alongside it is what a slow link pays for.
    assert len(full_pulls) == 1, full_pulls
    assert page.evaluate(PULL)["ok"]
    found["home"] = measure(page, f"{base}/app/", "home")
    found["capture"] = measure(page, f"{base}/app/inspect?site={site.id}&kind=weekly", "capture")
    field.close()

    office = browser.new_context(**{**tablet, "viewport": viewport})
    office.add_init_script(OBSERVE)
    page = office.new_page()
    sign_in(page, base, "supervisor@fairwater.example")
    throttle(office, page)
    found["dashboard"] = measure(page, f"{base}/dashboard", None)
    office.close()

    scores = {name: round(cls["total"], 3) for name, cls in found.items()}
    print(f"CLS {size[0]}x{size[1]}: {scores}")
    jumps = {name: cls["shifts"] for name, cls in found.items() if cls["total"] >= LIMIT}
    assert not jumps, f"layout shift {scores} (limit {LIMIT}): {jumps}"
