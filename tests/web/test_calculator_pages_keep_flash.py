"""The service worker fetches the calculator pages to keep them for offline use, with the browser's
cookies, at any moment (a first visit, a new version), sometimes just as the person signs out: a page
it keeps is the same for everyone, so it neither shows nor uses up a message meant for the next page
the person opens ('You are signed out')."""

from __future__ import annotations

import pytest

from inspector.rules import calculators

PAGES = ["/calculators/"] + [f"/calculators/{name}" for name in calculators.CALCULATORS]


@pytest.mark.parametrize("url", PAGES)
def test_signing_out_while_a_calculator_page_is_fetched_still_says_so(client, auth, people, url):
    auth.login(people["inspector"].email)
    auth.logout()
    kept = client.get(url).get_data(as_text=True)
    assert "signed out" not in kept
    assert "You are signed out" in client.get("/login").get_data(as_text=True)
