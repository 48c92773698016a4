"""An office form pressed twice while the server is still answering the first press (a double
click, a slow connection) records one thing, not two: the page sends a form once."""

from __future__ import annotations

import re
import time

from playwright.sync_api import expect
from sqlmodel import Session, select

from inspector.models import Permit, Site, SuretyBond
from inspector.services import permit_duration, sites
from tests.browser.capture_packet import wait_for_controller
from tests.browser.conftest import sign_in
from tests.browser.test_pwa_install import BUILT

SLOW = 0.6  # seconds the server takes to answer: a busy server, a weak signal


def slowed(monkeypatch, module, name):
    real = getattr(module, name)

    def slow(*args, **kwargs):
        time.sleep(SLOW)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, slow)


def press_twice(page, name):
    """Two presses 150 ms apart, as a hand makes them: the second lands while the first's answer
    has not come back."""
    button = page.get_by_role("button", name=name)
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    page.wait_for_timeout(150)
    page.mouse.click(x, y)
    page.wait_for_timeout(SLOW * 3 * 1000)  # both answers, were there two
    page.wait_for_load_state()


def filled_new_site_form(browser, url: str, name: str, address: str):
    """The inspector's New site form filled in for `name` at `address`, not yet sent: the page."""
    page = browser.new_context().new_page()
    sign_in(page, url, "inspector@fairwater.example")
    page.goto(f"{url}/sites/new")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Address").first.fill(address)
    page.locator("#area_acres").fill("3")
    page.locator("#disturbed_acres").fill("2")
    return page


def test_a_new_site_pressed_twice_is_one_site(browser, live_server, demo_app, monkeypatch):
    slowed(monkeypatch, sites, "create_site")
    page = filled_new_site_form(browser, live_server.url, "Mill Road Lot", "9 Mill Rd")
    press_twice(page, "Save site")
    # The answer, on a busy machine later than the pause.
    page.wait_for_url(re.compile(r"/sites/\d+$"))

    with Session(demo_app.extensions["engine"]) as session:
        made = session.exec(select(Site).where(Site.name == "Mill Road Lot")).all()
    assert len(made) == 1
    assert page.url.endswith(f"/sites/{made[0].id}")


def test_a_surety_pressed_twice_is_one_surety(browser, live_server, demo_app, monkeypatch):
    with Session(demo_app.extensions["engine"]) as session:
        permit = session.exec(select(Permit).where(Permit.status == "issued")).first()
        before = len(
            session.exec(select(SuretyBond).where(SuretyBond.permit_id == permit.id)).all()
        )
    slowed(monkeypatch, permit_duration, "add_bond")
    page = browser.new_context().new_page()
    sign_in(page, live_server.url, "supervisor@fairwater.example")
    page.goto(f"{live_server.url}/permits/{permit.id}")
    form = page.locator("form", has=page.get_by_role("button", name="Record surety"))
    form.get_by_label("Amount").fill("25000")
    form.get_by_label("Issuer").fill("Lakeshore Surety Co.")
    form.get_by_label("Effective").fill("2026-11-02")
    press_twice(page, "Record surety")
    # The answer, on a busy machine later than the pause.
    expect(page.get_by_text("Surety recorded.")).to_be_visible()

    with Session(demo_app.extensions["engine"]) as session:
        after = session.exec(select(SuretyBond).where(SuretyBond.permit_id == permit.id)).all()
    assert len(after) == before + 1


def test_a_send_stopped_with_the_stop_button_may_be_sent_again(browser, live_server, demo_app):
    """The person stops the page's navigation (Esc, the browser's stop button) while the form is
    on its way: what they typed is still there, and pressing Save site again sends it."""
    page = filled_new_site_form(browser, live_server.url, "Quarry Lane Lot", "4 Quarry Ln")
    held = []  # the first press's request, kept from the server as a slow signal would

    def hold_first(route):
        if route.request.method == "POST" and not held:
            held.append(route)
        else:
            route.continue_()

    page.route("**/sites/new", hold_first)
    page.get_by_role("button", name="Save site").click(no_wait_after=True)
    for _ in range(50):
        if held:
            break
        page.wait_for_timeout(100)
    assert held
    # What the stop button and Esc do (window.stop() from a script waits behind the navigation).
    page.context.new_cdp_session(page).send("Page.stopLoading")
    page.wait_for_timeout(300)
    assert page.get_by_label("Name").input_value() == "Quarry Lane Lot"

    page.get_by_role("button", name="Save site").click()
    page.wait_for_url(re.compile(r"/sites/\d+$"), timeout=10_000)
    with Session(demo_app.extensions["engine"]) as session:
        made = session.exec(select(Site).where(Site.name == "Quarry Lane Lot")).all()
    assert len(made) == 1
    assert page.url.endswith(f"/sites/{made[0].id}")


def test_a_stopped_send_keeps_the_form_from_an_update_reload(
    browser, live_server, demo_app, tmp_path
):
    """What was typed in a form whose send was stopped is still unsent: the new version's reload
    waits for it, as it waits for any half-filled form."""
    worker = tmp_path / "sw.js"
    worker.write_text(BUILT.read_text())
    demo_app.config["SW_FILE"] = str(worker)
    page = browser.new_context().new_page()
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/sites/new")
    wait_for_controller(page)
    page.get_by_label("Name").fill("Quarry Lane Lot")
    page.route("**/sites/new", lambda route: None)  # the send is held, never answered
    page.get_by_role("button", name="Save site").click(no_wait_after=True)
    page.wait_for_timeout(500)
    page.context.new_cdp_session(page).send("Page.stopLoading")
    page.wait_for_timeout(300)

    worker.write_text(worker.read_text() + "\n// version 2\n")
    page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")
    page.locator("#update-banner").wait_for(state="visible")
    assert page.locator("#update-reload").is_disabled()
    assert page.get_by_label("Name").input_value() == "Quarry Lane Lot"
