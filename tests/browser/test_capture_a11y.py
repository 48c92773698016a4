"""axe-core finds no serious or critical accessibility violations on the field app's pages, online and
offline, on an iPad and a Galaxy Tab (both emulated in Chromium)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.capture_packet import pull_body, seed_packet, wait_for_controller

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
PAGES = [
    ("/app/", "home"),
    ("/app/inspect?site=1&kind=weekly", "capture"),
    ("/app/outbox", "outbox"),
    ("/app/rain", "rain"),
]


def serious_violations(page) -> list[str]:
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("""async () => {
        const r = await axe.run(document, { resultTypes: ['violations'] });
        return r.violations.map((v) => ({ id: v.id, impact: v.impact,
            nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
    }""")
    return [
        f"{v['id']} ({v['impact']}): {v['nodes']}"
        for v in result
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("device", ["iPad (gen 7)", "Galaxy Tab S4"])
def test_field_app_pages_have_no_serious_violations(
    device, playwright, browser, live_server, demo_app
):
    descriptor = dict(playwright.devices[device])
    descriptor.pop("default_browser_type", None)
    # axe is injected as a script tag: the test context lets it past the page's CSP (the app itself is not changed).
    context = browser.new_context(**descriptor, bypass_csp=True)
    page = context.new_page()
    page.goto(f"{live_server.url}/app/")
    wait_for_controller(page)
    seed_packet(page, pull_body(demo_app))
    problems = {}
    for offline in (False, True):
        if offline:
            context.set_offline(True)
            live_server.stop()
        for url, ready in PAGES:
            page.goto(f"{live_server.url}{url}")
            if ready == "capture" and offline:  # the draft begun online is offered for resuming
                page.wait_for_selector("body[data-ready=resume-offer]")
                found = serious_violations(page)
                if found:
                    problems[(url, "resume offer")] = found
                page.get_by_role("link", name="Resume that draft").click()
            page.wait_for_selector(f"body[data-ready={ready}]")
            if (
                ready == "capture"
            ):  # show the conditional parts too: a failed item and an error message
                page.locator("label[for='r-PLAN-fail']").click()
                page.locator("#m-INLET-sediment_depth_in").fill("-1")
            found = serious_violations(page)
            if found:
                problems[(url, "offline" if offline else "online")] = found
    context.close()
    live_server.start()
    assert problems == {}
