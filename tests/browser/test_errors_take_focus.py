"""A form sent with a mistake puts the person on the first field to fix: the keyboard focus (and so a
screen reader) lands on it, it is marked invalid, and its error is its description. Field forms
(checked in the page, offline-capable) and office forms (checked by the server) alike."""

from __future__ import annotations

import pytest

from tests.browser.conftest import sign_in
from tests.browser.pages_world import role_page

# What the focus is on after the submit, and whether it is the first field marked invalid.
FOCUS = """() => {
  const el = document.activeElement;
  const marked = [...document.querySelectorAll('main [aria-invalid=true]')];
  const holder = el && el.closest('[aria-invalid=true]');
  const said = (node) => (node?.getAttribute('aria-describedby') || '').split(/\\s+/)
    .map((id) => document.getElementById(id)?.textContent.trim() || '').join(' ').trim();
  return { focused: el ? `${el.tagName.toLowerCase()}#${el.id || ''} ${el.name || ''}`.trim() : null,
           marked: marked.length, onFirst: Boolean(holder) && holder === marked[0],
           error: holder ? said(holder) : '' };
}"""

FIELD_FORMS = [
    ("/app/rain", "rain", "Queue reading"),
    ("/app/stop-work?site=1", "stop-work", "Post the stop-work order"),
    ("/app/inspect?site=1&kind=weekly", "capture", "Submit inspection"),
]
OFFICE_FORMS = [
    ("supervisor", "/sites/new", "Save site"),
    ("supervisor", "/account/password", "Change password"),
    ("anonymous", "/login", "Sign in"),
]


def _assert_on_first_error(page, where):
    page.wait_for_function("() => !!document.querySelector('main [aria-invalid=true]')")
    found = page.evaluate(FOCUS)
    assert found["marked"], f"{where}: no field marked invalid"
    assert found["onFirst"], f"{where}: focus is on {found['focused']}, not the first error"
    assert found["error"], f"{where}: the focused field's error is not its description"


@pytest.mark.parametrize(("url", "ready", "button"), FIELD_FORMS)
def test_a_field_form_sent_with_a_mistake_focuses_the_first_one(
    browser, tablet, live_server, url, ready, button
):
    context, page = role_page(browser, tablet, live_server.url, "inspector")
    page.goto(f"{live_server.url}{url}")
    page.wait_for_selector(f"body[data-ready='{ready}']")
    page.get_by_role("button", name=button).click()
    _assert_on_first_error(page, url)
    context.close()


@pytest.mark.parametrize(("role", "url", "button"), OFFICE_FORMS)
def test_an_office_form_sent_back_with_a_mistake_focuses_the_first_one(
    browser, live_server, role, url, button
):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    if role == "supervisor":
        sign_in(page, live_server.url, "supervisor@fairwater.example")
    page.goto(f"{live_server.url}{url}")
    with page.expect_navigation():
        page.get_by_role("button", name=button).click()
    page.wait_for_load_state("load")
    _assert_on_first_error(page, url)
    context.close()


@pytest.mark.parametrize(
    ("url", "opening", "button", "said"),
    [
        ("/sites/1/edit", None, "Save site", "Site saved."),
        (
            "/users/",
            "Edit the certification of Luis Ortega",
            "Save certification of Luis Ortega",
            "Certification of Luis Ortega saved.",
        ),
    ],
)
def test_the_message_after_an_office_action_takes_the_focus(
    browser, live_server, url, opening, button, said
):
    """The page an action leads to opens on what the action did, not on the header: a screen
    reader reads it first, and a keyboard goes on from there."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    sign_in(page, live_server.url, "supervisor@fairwater.example")
    page.goto(f"{live_server.url}{url}")
    if opening:
        page.get_by_text(opening).click()
    with page.expect_navigation():
        page.get_by_role("button", name=button).click()
    page.wait_for_load_state("load")
    page.wait_for_function("() => document.activeElement !== document.body", timeout=5000)
    assert page.evaluate("() => document.activeElement.textContent.trim()") == said
    context.close()


def test_an_inspection_sent_with_many_mistakes_is_said_once(browser, tablet, live_server):
    """Submitting an empty checklist: a screen reader hears how many things there are to fix (and
    each one's error where the focus takes it), not an alert per item read out all at once."""
    context, page = role_page(browser, tablet, live_server.url, "inspector")
    page.goto(f"{live_server.url}/app/inspect?site=1&kind=weekly")
    page.wait_for_selector("body[data-ready=capture]")
    page.get_by_role("button", name="Submit inspection").click()
    summary = page.locator("#submit-errors")
    summary.get_by_text("things to fix before submitting").wait_for()
    assert page.locator("main .item-error:not(:empty)").count() > 1
    alerts = page.evaluate(
        "() => [...document.querySelectorAll('main [role=alert]')]"
        ".filter((el) => el.textContent.trim()).map((el) => el.textContent.trim())"
    )
    assert alerts == [summary.inner_text().strip()]
    context.close()
