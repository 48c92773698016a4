"""The header's menu on a phone held upright (390 x 844): folded behind a "Menu" button, so a page
opens on its own heading, not on a screenful of links. The button opens it from the keyboard, the
menu lists what it lists on a desktop, Escape folds it and gives the focus back to the button, and
the field app's menu still opens with the network cut. On a desktop the menu is shown as it always
was, with no button."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.capture_packet import wait_for_controller
from tests.browser.conftest import sign_in
from tests.browser.pages_world import AXE
from tests.browser.test_every_page_a11y import RUN_AXE

PERMITTEE = "permittee@prairie-builders.example"
FOCUSED = "() => { const e = document.activeElement; return e ? e.textContent.trim() : null; }"


def phone(playwright):
    return {
        **playwright.devices["iPhone 12"],
        "viewport": {"width": 390, "height": 844},
        "timezone_id": "America/Chicago",
    }


def desktop():
    return {"viewport": {"width": 1280, "height": 800}, "timezone_id": "America/Chicago"}


def menu_links(page) -> list[str]:
    """The names of the links in the main menu a person can see."""
    return [
        link.inner_text().strip()
        for link in page.get_by_role("navigation", name="Main").get_by_role("link").all()
        if link.is_visible()
    ]


def tab_to(page, name: str, most: int = 6) -> None:
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED) == name:
            return
    raise AssertionError(f"{most} presses of Tab never reached {name!r}")


def test_a_permittees_page_opens_on_its_heading_and_the_menu_works_from_the_keyboard(
    browser, playwright, live_server
):
    base = live_server.url
    wide = browser.new_context(**desktop())
    page = wide.new_page()
    sign_in(page, base, PERMITTEE)
    page.goto(f"{base}/sites/")
    at_a_desk = menu_links(page)
    assert "Findings" in at_a_desk and "Sign out" not in at_a_desk
    wide.close()

    context = browser.new_context(**phone(playwright))
    page = context.new_page()
    sign_in(page, base, PERMITTEE)
    page.goto(f"{base}/sites/")
    heading = page.get_by_role("heading", level=1)
    assert heading.bounding_box()["y"] < 300, "the page opens on the menu, not on its heading"
    assert menu_links(page) == [], "the menu's links are folded away"

    button = page.get_by_role("button", name="Menu")
    expect(button).to_have_attribute("aria-expanded", "false")
    menu = page.locator(f"#{button.get_attribute('aria-controls')}")
    assert button.bounding_box()["height"] >= 44

    tab_to(page, "Menu")
    page.keyboard.press("Enter")
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(menu.get_by_role("link", name="Findings")).to_be_visible()
    assert menu_links(page) == at_a_desk
    expect(menu.get_by_role("button", name="Sign out")).to_be_visible()

    page.keyboard.press("Tab")  # the menu comes next after its button
    assert page.evaluate(FOCUSED) == at_a_desk[0]
    page.keyboard.press("Escape")
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(button).to_be_focused()
    assert menu_links(page) == []

    page.keyboard.press("Space")  # a button: Space opens it as Enter does
    expect(button).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("Enter")
    expect(button).to_have_attribute("aria-expanded", "false")
    context.close()


def test_the_field_apps_menu_opens_with_the_network_cut(browser, playwright, live_server):
    base = live_server.url
    context = browser.new_context(**phone(playwright))
    page = context.new_page()
    sign_in(page, base, PERMITTEE)
    page.goto(f"{base}/app/")
    wait_for_controller(page)

    context.set_offline(True)
    page.reload()
    expect(page.get_by_role("heading", level=1)).to_be_visible()  # from the device, no network
    assert page.get_by_role("heading", level=1).bounding_box()["y"] < 300
    button = page.get_by_role("button", name="Menu")
    button.click()
    expect(button).to_have_attribute("aria-expanded", "true")
    assert menu_links(page) == ["My sites", "Findings", "Outbox", "Rain gauge", "Office pages"]
    here = page.get_by_role("navigation", name="Main").locator("[aria-current=page]")
    expect(here).to_have_text("My sites")
    expect(here).to_be_visible()
    button.click()
    assert menu_links(page) == []
    context.close()


def test_on_a_desktop_the_menu_is_shown_and_there_is_no_menu_button(browser, live_server):
    base = live_server.url
    context = browser.new_context(**desktop())
    page = context.new_page()
    sign_in(page, base, PERMITTEE)
    page.goto(f"{base}/sites/")
    expect(page.get_by_role("button", name="Menu")).to_have_count(0)
    links = menu_links(page)
    assert links[:2] == ["Sites", "Field app"] and "Findings" in links
    nav = page.get_by_role("navigation", name="Main")
    tops = {round(nav.get_by_role("link", name=name).bounding_box()["y"]) for name in links[:-1]}
    assert len(tops) == 1, "the menu's links run in one row across the header, as they did"
    page.keyboard.press("Escape")  # nothing to fold on a desktop
    assert menu_links(page) == links
    context.close()


def test_the_open_menu_folds_when_the_focus_moves_on_past_it_or_the_page_is_tapped(
    browser, playwright, live_server
):
    base = live_server.url
    context = browser.new_context(**phone(playwright))
    page = context.new_page()
    sign_in(page, base, PERMITTEE)
    page.goto(f"{base}/sites/")
    button = page.get_by_role("button", name="Menu")
    button.click()
    sign_out = page.get_by_role("button", name="Sign out")
    sign_out.focus()
    page.keyboard.press("Tab")  # on to the Outbox link, which the open menu lay over
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(page.locator("#outbox-count")).to_be_focused()
    expect(page.locator("#outbox-count")).to_be_in_viewport()

    button.click()
    expect(sign_out).to_be_visible()
    under = page.locator("#main-menu").bounding_box()
    page.mouse.click(under["x"] + 20, under["y"] + under["height"] + 40)  # on the page below it
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(sign_out).to_be_hidden()
    context.close()


def test_without_scripts_the_phones_menu_is_shown(browser, playwright, live_server):
    base = live_server.url
    context = browser.new_context(**phone(playwright), java_script_enabled=False)
    page = context.new_page()
    sign_in(page, base, PERMITTEE)
    page.goto(f"{base}/sites/")
    expect(page.get_by_role("button", name="Menu")).to_have_count(0)
    assert "Findings" in menu_links(page)
    expect(page.get_by_role("button", name="Sign out")).to_be_visible()
    context.close()


def test_the_phones_menu_closed_and_open_has_no_serious_accessibility_fault(
    browser, playwright, live_server
):
    base = live_server.url
    context = browser.new_context(**phone(playwright), bypass_csp=True)  # axe comes in a script tag
    page = context.new_page()
    sign_in(page, base, "supervisor@fairwater.example")  # the longest menu
    page.goto(f"{base}/sites/")
    page.add_script_tag(path=str(AXE))
    assert page.evaluate(RUN_AXE) == []
    page.get_by_role("button", name="Menu").click()
    assert page.evaluate(RUN_AXE) == []
    context.close()
