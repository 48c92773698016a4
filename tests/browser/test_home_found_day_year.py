"""A finding found last season reads with its year on the field home: two findings of one item
found on Nov 30 and Dec 1, 2026, read in January 2027, say "found Mon, Nov 30, 2026", not "found
Mon, Nov 30", which read as this year's. The year is the Village's, as village-time.js counts it."""

from __future__ import annotations

from datetime import UTC, datetime

from playwright.sync_api import expect

from .capture_packet import wait_for_controller
from .conftest import sign_in
from .test_finding_offline import PERMITTEE
from .test_home_finding_names import INSPECTOR, _names, _two_findings_of_one_item

NEXT_YEAR = datetime(2027, 1, 15, 18, 0, tzinfo=UTC)  # Fri Jan 15, 2027, noon CST


def test_a_finding_from_last_season_says_its_year(browser, live_server, demo_app, tablet):
    code = _two_findings_of_one_item(demo_app)  # found on 2026-11-30 and 2026-12-01
    for email, verb in ((PERMITTEE, "Report correction: "), (INSPECTOR, "Follow up ")):
        context = browser.new_context(**tablet)
        page = context.new_page()
        sign_in(page, live_server.url, email)
        page.clock.set_fixed_time(NEXT_YEAR)
        page.goto(f"{live_server.url}/app/")
        wait_for_controller(page)
        expect(page.locator("body[data-ready=home]")).to_be_attached()
        mine = [n for n in _names(page, verb) if f"({code})" in n]
        assert len(mine) == 2, mine
        assert any("found Mon, Nov 30, 2026," in n for n in mine), mine
        assert any("found Tue, Dec 1, 2026," in n for n in mine), mine
        context.close()
