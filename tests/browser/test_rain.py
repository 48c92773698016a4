"""Issue #6 end to end in Chromium: a supervisor imports a CoCoRaHS file with a qualifying rain; after one
sync the permittee's tablet shows the post-rain inspection as due with no network at all."""

from __future__ import annotations

from datetime import timedelta

from inspector.models.base import utcnow
from inspector.rules import clocks
from tests.browser.capture_packet import wait_for_controller
from tests.browser.conftest import sign_in
from tests.browser.test_finding_offline import wait_until

SITE = "Meadow Ridge Subdivision, Phase 2"  # demo site linked to CoCoRaHS station WI-FD-7


def cocorahs_file(rb) -> tuple[str, str]:
    """Yesterday (a trace) and a reading an hour ago of 0.95 inch at the demo's station."""
    read = clocks.to_local(utcnow() - timedelta(hours=1), rb)
    earlier = read - timedelta(days=1)
    head = "ObservationDate,ObservationTime,EntryDateTime,StationNumber,StationName,Latitude,Longitude,TotalPrecipAmt\n"
    row = "{d:%Y-%m-%d},{d:%I:%M %p},{d:%Y-%m-%d %I:%M %p},WI-FD-7,Fairwater 0.4 NE,43.8395,-88.8610,{a}\n"
    label = f"ended {read:%b %-d, %-I:%M %p %Z}"  # the Village's time with its zone
    return head + row.format(d=earlier, a="T") + row.format(d=read, a="0.95"), label


def test_imported_rain_is_due_on_the_permittees_tablet_offline_after_one_sync(
    browser, live_server, demo_app, tablet, tmp_path
):
    csv_text, ended = cocorahs_file(demo_app.extensions["rulebook"])
    path = tmp_path / "cocorahs.csv"
    path.write_text(csv_text)

    office = browser.new_context()
    page = office.new_page()
    sign_in(page, live_server.url, "supervisor@fairwater.example")
    page.goto(f"{live_server.url}/rain/import")
    page.get_by_label("File format").select_option("cocorahs")
    page.get_by_label("CSV file").set_input_files(str(path))
    page.get_by_role("button", name="Import").click()
    report = page.locator("#import-report")
    assert "2 stored" in report.inner_text() and "0.95 in ending" in report.inner_text()
    office.close()

    context = browser.new_context(**tablet)  # tablets are on the Village's zone
    page = context.new_page()
    sign_in(page, live_server.url, "permittee@prairie-builders.example")
    page.goto(f"{live_server.url}/app/")
    wait_for_controller(page)
    due = page.locator(
        ".due-list li",
        has_text=f"Post-rain inspection: 0.95 in at Fairwater 0.4 NE (CoCoRaHS), {ended}",
    )
    due = due.filter(has_text=SITE)
    due.first.wait_for()  # the one sync brought it
    page.close()

    context.set_offline(True)
    live_server.stop()
    page = context.new_page()
    page.goto(f"{live_server.url}/app/")  # from the service worker and IndexedDB
    entry = (
        page.locator(".due-list li", has_text=f"0.95 in at Fairwater 0.4 NE (CoCoRaHS), {ended}")
        .filter(has_text=SITE)
        .first
    )
    entry.wait_for()
    text = entry.inner_text()
    assert "Due" in text and "Overdue" not in text and "§ 256-8D(3)(g)" in text
    assert SITE in text, text
    context.close()


def test_a_permittee_with_no_gauge_of_its_own_is_told_so_not_asked_for_a_number(
    browser, live_server, demo_app, tablet
):
    # Prairie Builders' sites share the demo's CoCoRaHS station with the site no one holds a permit
    # for: the Village imports its rain. The form asked for "the number on the gauge", and whatever
    # was typed came back from the server refused.
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "permittee@prairie-builders.example")
    page.goto(f"{live_server.url}/app/")
    wait_for_controller(page)
    wait_until(page, "s.getMeta('cursor').then((c) => c !== undefined)")  # the first pull
    page.goto(f"{live_server.url}/app/rain")
    page.locator("body[data-ready=rain]").wait_for(state="attached")
    text = page.locator("#gauge-field").inner_text()
    assert "No gauge for you to read here" in text, text
    assert page.get_by_label("Gauge number").count() == 0
    assert page.get_by_role("button", name="Queue reading").is_disabled()
    context.close()


def test_a_permittee_is_offered_its_own_on_site_gauge(browser, live_server, demo_app, tablet):
    # The demo's on-site gauge stands for Badger Utility's sites alone: its permittee reads it.
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "permittee@badger-utility.example")
    page.goto(f"{live_server.url}/app/")
    wait_for_controller(page)
    wait_until(page, "s.getMeta('cursor').then((c) => c !== undefined)")  # the first pull
    page.goto(f"{live_server.url}/app/rain")
    page.locator("body[data-ready=rain]").wait_for(state="attached")
    gauge = page.get_by_label("Gauge", exact=True)
    assert gauge.locator("option").all_inner_texts() == ["Badger Utility on-site gauge"]
    assert page.get_by_role("button", name="Queue reading").is_enabled()
    context.close()
