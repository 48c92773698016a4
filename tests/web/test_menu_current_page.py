"""The office menu tells a screen reader which of its links is the page you are on
(aria-current="page": "Sites, current page"), and only that one."""

from __future__ import annotations

import re
from html.parser import HTMLParser


class MenuLinks(HTMLParser):
    """The text of each link in the main menu (the header's <nav>), and which are marked current."""

    def __init__(self):
        super().__init__()
        self.links, self.current, self.depth, self.href = [], [], 0, None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "nav" and attrs.get("aria-label") == "Main":
            self.depth = 1
        elif tag == "nav" and self.depth:
            self.depth += 1
        elif tag == "a" and self.depth:
            self.href, self.text = attrs, ""

    def handle_data(self, data):
        if self.href is not None:
            self.text += data

    def handle_endtag(self, tag):
        if tag == "a" and self.href is not None:
            words = " ".join(self.text.split())
            self.links.append(words)
            if self.href.get("aria-current") == "page":
                self.current.append(words)
            self.href = None
        elif tag == "nav" and self.depth:
            self.depth -= 1


def menu(html: str) -> MenuLinks:
    parser = MenuLinks()
    parser.feed(html)
    return parser


def test_the_sites_page_marks_sites_current_and_no_other_link(client, auth, people):
    for role in ("supervisor", "inspector", "permittee"):
        auth.login(people[role].email)
        found = menu(client.get("/sites/").text)
        assert "Sites" in found.links and "Findings" in found.links, found.links
        assert found.current == ["Sites"], (role, found.current)
        auth.logout()


def test_another_page_marks_its_own_link(client, auth, people):
    auth.login(people["supervisor"].email)
    assert menu(client.get("/findings/").text).current == ["Findings"]
    assert menu(client.get("/users/").text).current == ["Users"]


def test_a_page_not_in_the_menu_marks_none(client, auth, make, people):
    site = make.site(people["supervisor"], name="Harbor Plat")
    auth.login(people["supervisor"].email)
    found = menu(client.get(f"/sites/{site.id}").text)
    assert "Sites" in found.links
    assert found.current == []


def test_the_calculators_own_menu_marks_its_page(client):
    """The calculator pages (public, precached) have a menu of their own: Start, Calculators."""
    page = client.get("/calculators/").text
    found = menu(page)
    assert found.links == ["Start", "Calculators"], found.links
    assert found.current == ["Calculators"]
    # A calculator's own page (linked from the list) is not the list: no link is marked there.
    first = re.search(r'href="/calculators/([a-z_]+)"', page).group(1)
    assert menu(client.get(f"/calculators/{first}").text).current == []
