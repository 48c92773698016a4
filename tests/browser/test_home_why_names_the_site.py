"""A permittee with two sites read, under "Why these are due" on the field home, "No inspection under
this permit yet: counted from the day the permit was issued…" next to "Last inspection Nov 29, 7:00
AM CST by the permittee…", with nothing saying which site each was about: the two read as a
contradiction. A note that is not every listed site's now names the sites it is for; a note every
site shares (the post-rain deadline's reading) names none."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.field_home import field_home_as


def test_a_note_for_some_sites_names_them(browser, tablet, live_server):
    context, page = field_home_as(
        browser,
        tablet,
        live_server.url,
        "permittee@prairie-builders.example",
        controlled=False,
    )
    notes = page.locator("#why-list li")
    first = notes.filter(has_text="No inspection under this permit yet")
    expect(first).to_have_count(1)
    assert first.inner_text().startswith("For Fairwater Cooperative Grain Annex: No inspection")
    last = notes.filter(has_text="Last inspection")
    expect(last).to_have_count(1)
    assert last.inner_text().startswith("For Meadow Ridge Subdivision, Phase 2: Last inspection")
    rain = notes.filter(has_text='The ordinance says "after each rain" without a deadline.')
    expect(rain).to_have_count(1)
    assert rain.inner_text().startswith('The ordinance says "after each rain"')
    # Each "Why?" still leads to its own site's note.
    why = page.get_by_role(
        "link", name="Why the weekly inspection for Fairwater Cooperative Grain Annex is due"
    )
    assert (
        page.locator(f"#why-list {why.get_attribute('href')}")
        .inner_text()
        .startswith("For Fairwater Cooperative Grain Annex:")
    )
    context.close()
