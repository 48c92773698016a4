"""Sign out when the tablet says it is online but nothing gets through (Wi-Fi with no internet, a
captive portal, the Village's server down): the service worker answers the failed sign-out with the
app's own page, not the browser's "This site can't be reached", and nothing on the tablet changes."""

from __future__ import annotations

from playwright.sync_api import expect

from .capture_packet import stored
from .conftest import sign_in
from .field_home import field_home_as
from .test_finding_offline import PERMITTEE

CACHED_URLS = """async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
  }
  return urls;
}"""


def test_an_office_sign_out_the_server_never_answers_says_it_needs_a_connection(
    browser, live_server, tablet
):
    url = live_server.url
    context, page = field_home_as(browser, tablet, url, PERMITTEE)
    page.goto(f"{url}/sites/")
    expect(page.locator("#outbox-count")).to_have_text("Outbox: all sent")

    live_server.stop()  # the tablet still says it is online
    assert page.evaluate("navigator.onLine")
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Signing out needs a connection")
    expect(page.locator("main")).to_contain_text(
        "The Village's server did not answer, so this sign-out could not be confirmed. Nothing on "
        "this tablet was changed: it still holds your work and you are still signed in here. Try "
        "again when there is a signal."
    )
    # Nothing on the tablet changed: it still goes by this person and keeps their work packet.
    expect(page.locator("#shell-user")).to_have_text("Sam Lindqvist (permittee)")
    assert stored(page, "s.getMeta('user')")["name"] == "Sam Lindqvist"
    assert stored(page, "s.listSites()")
    assert not [u for u in page.evaluate(CACHED_URLS) if "/logout" in u]

    page.get_by_role("link", name="Back to the page you were on").click()
    page.wait_for_url(f"{url}/sites/")

    live_server.start()  # the signal is back: the same Sign out signs out
    page.reload()
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url(f"{url}/login")
    expect(page.locator(".flash")).to_contain_text("You are signed out")
    sign_in(page, url, PERMITTEE)
    page.goto(f"{url}/app/")
    page.wait_for_selector("body[data-ready=home]")
    assert not [u for u in page.evaluate(CACHED_URLS) if "/logout" in u]
    context.close()


def test_a_field_app_sign_out_the_server_never_answers_does_not_blame_the_tablet(
    browser, live_server, tablet
):
    """The field app's Sign out asks the server for a token first. With the tablet online and the
    server silent, it said "this tablet is offline": the person checks a signal that is there. It
    says the Village's server could not be reached, and the person stays on the page, signed in."""
    url = live_server.url
    context, page = field_home_as(browser, tablet, url, PERMITTEE)

    live_server.stop()
    assert page.evaluate("navigator.onLine")
    page.get_by_role("button", name="Sign out").click()
    note = page.locator("#sign-out-note")
    expect(note).to_contain_text(
        "Signing out needs a connection: the Village's server could not be reached. Nothing was "
        "changed"
    )
    expect(note).not_to_contain_text("this tablet is offline")
    assert page.url == f"{url}/app/"
    expect(page.locator("#shell-user")).to_have_text("Sam Lindqvist (permittee)")

    context.set_offline(True)  # no signal at all: the tablet's own words
    page.get_by_role("button", name="Sign out").click()
    expect(note).to_contain_text("Signing out needs a connection: this tablet is offline.")
    context.close()
