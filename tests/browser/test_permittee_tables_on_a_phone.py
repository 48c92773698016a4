"""A permittee's lists on a phone held upright (390 px): the sites list (Site, Kind, Ordinance, Regime,
Permit) and the findings lists (the Findings page and a site's panel: …, Required action, Due) were
tables wider than the screen, scrolled sideways inside their box with no sign that more was there:
the permit's status and a finding's due time, what a site manager opens them for, were off the
right edge. On a phone each row now reads as a block, each value under its column's name, and
nothing is past the edge."""

from __future__ import annotations

from playwright.sync_api import expect
from sqlmodel import Session, select

from inspector.models import Inspection, Site
from tests.browser.conftest import sign_in

# Each table's box: whether it scrolls sideways, and every cell whose right edge is past the screen.
WIDTH = """() => {
  const width = document.documentElement.clientWidth;
  return [...document.querySelectorAll('main .table-wrap')].map((wrap) => ({
    scrolls: wrap.scrollWidth > wrap.clientWidth,
    past: [...wrap.querySelectorAll('td')].filter((td) => td.getBoundingClientRect().right > width + 1)
      .map((td) => td.innerText.trim().slice(0, 40)),
  }));
}"""


def label(cell) -> str:
    """The column's name the phone shows before a value (drawn by the style sheet)."""
    content = cell.evaluate("(td) => getComputedStyle(td, '::before').content")
    return "" if content in ("none", "normal") else content.strip('"')


def test_a_permittees_lists_read_on_a_phone(browser, playwright, live_server, demo_app):
    with Session(demo_app.extensions["engine"]) as db:
        meadow = db.exec(select(Site).where(Site.name.startswith("Meadow Ridge"))).one().id
    phone = {
        **playwright.devices["iPhone 12"],
        "viewport": {"width": 390, "height": 844},
        "timezone_id": "America/Chicago",
    }
    context = browser.new_context(**phone)
    page = context.new_page()
    sign_in(page, live_server.url, "permittee@prairie-builders.example")

    page.goto(f"{live_server.url}/sites/")
    row = page.locator("main tbody tr", has_text="Fairwater Cooperative Grain Annex")
    permit = row.locator("td").last
    assert label(permit) == "Permit: "  # each value under its column's name
    expect(permit).to_contain_text("Issued until")
    assert page.evaluate(WIDTH) == [{"scrolls": False, "past": []}]

    page.goto(f"{live_server.url}/findings/")
    due = page.locator("main tbody tr").first.locator("td").last
    assert label(due) == "Due: "
    expect(due).to_contain_text("CDT")
    assert page.evaluate(WIDTH) == [{"scrolls": False, "past": []}]

    page.goto(f"{live_server.url}/sites/{meadow}")
    panel = page.locator(".panel-findings tbody tr").first.locator("td").last
    assert label(panel) == "Due: "
    assert {"scrolls": False, "past": []} == page.evaluate(WIDTH)[0]
    context.close()


def test_an_inspection_report_reads_on_a_phone(browser, playwright, live_server, demo_app):
    """The report's practices (Practice, Modifications required?, notes and photos) and its
    follow-up table (…, Due, Status, Date corrected) ran off the phone's right edge the same way:
    whether a practice needed modification, and by when, were out of sight."""
    with Session(demo_app.extensions["engine"]) as db:
        meadow = db.exec(select(Site).where(Site.name.startswith("Meadow Ridge"))).one().id
        report = db.exec(
            select(Inspection)
            .where(Inspection.site_id == meadow, Inspection.kind == "weekly")
            .order_by(Inspection.started_at.desc())
        ).first()
    phone = {
        **playwright.devices["iPhone 12"],
        "viewport": {"width": 390, "height": 844},
        "timezone_id": "America/Chicago",
    }
    context = browser.new_context(**phone)
    page = context.new_page()
    sign_in(page, live_server.url, "permittee@prairie-builders.example")
    page.goto(f"{live_server.url}/inspections/{report.id}")
    answer = page.locator("table.report tbody tr").first.locator("td").first
    assert label(answer) == "Modifications required?: "
    due = page.locator("table.follow-up-table tbody tr").first.locator("td").nth(1)
    assert label(due) == "Due: "
    expect(due).to_contain_text("CST")
    assert page.evaluate(WIDTH) == [{"scrolls": False, "past": []}] * 2
    context.close()
