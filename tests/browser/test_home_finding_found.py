"""Two findings of one checklist item at a site: the field home's buttons say the day each was
found (the work packet's found_on, the Village's date of the inspection that found it), not only
when each is due, which told the person nothing of which finding was which."""

from __future__ import annotations

from playwright.sync_api import expect

from .capture_packet import wait_for_controller
from .conftest import sign_in
from .test_finding_offline import PERMITTEE
from .test_home_finding_names import INSPECTOR, _names, _two_findings_of_one_item


def test_two_findings_of_one_item_say_the_day_each_was_found(
    browser, live_server, demo_app, tablet
):
    code = _two_findings_of_one_item(demo_app)  # found on 2026-11-30 and 2026-12-01
    for email, verb in ((PERMITTEE, "Report correction: "), (INSPECTOR, "Follow up ")):
        context = browser.new_context(**tablet)
        page = context.new_page()
        sign_in(page, live_server.url, email)
        page.goto(f"{live_server.url}/app/")
        wait_for_controller(page)
        expect(page.locator("body[data-ready=home]")).to_be_attached()
        mine = [n for n in _names(page, verb) if f"({code})" in n]
        assert len(mine) == 2, mine
        assert any("found Mon, Nov 30," in n for n in mine), mine
        assert any("found Tue, Dec 1," in n for n in mine), mine
        context.close()
