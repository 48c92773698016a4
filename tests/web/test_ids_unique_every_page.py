"""Every page a person opens (tests/support/pages.py: all GET pages, each as the role that sees it)
has each id once: a label, aria-describedby or a link to #id names one element, and a screen reader
reads the right one. Rendered with CSRF on, as a person gets them (one token field per form)."""

from __future__ import annotations

from collections import Counter
from html.parser import HTMLParser

import pytest

from tests.support import pages


class Ids(HTMLParser):
    """The ids of the page itself: a <template>'s content is not in the page until a script copies
    one of them in (the field rain page holds two ways to ask for the gauge, one shown)."""

    def __init__(self):
        super().__init__()
        self.ids, self.depth = Counter(), 0

    def handle_starttag(self, tag, attrs):
        if not self.depth:
            self.ids.update(value for name, value in attrs if name == "id")
        self.depth += tag == "template"

    def handle_endtag(self, tag):
        self.depth -= tag == "template"


def repeated_ids(html: str) -> list[str]:
    parser = Ids()
    parser.feed(html)
    return sorted(name for name, count in parser.ids.items() if count > 1)


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    with pages.signed_in_world(tmp_path_factory.mktemp("ids"), "ids-once") as world:
        app = world[0]
        app.config["WTF_CSRF_ENABLED"] = True  # signed in: the pages now carry their token fields
        yield world


def test_the_check_catches_a_repeated_id():
    page = '<form><input id="csrf_token"></form><form><input id="csrf_token"><p id="a"></form>'
    assert repeated_ids(page) == ["csrf_token"]
    assert (
        repeated_ids('<template id="t"><p id="a"></template><template><p id="a"></template>') == []
    )


def test_every_page_has_each_id_once(world):
    app, values, clients = world
    repeated = {}
    for target in pages.pages(values):
        response = clients[target.role].get(target.url)
        assert response.status_code == 200, f"{target.role} {target.url}: {response.status_code}"
        found = repeated_ids(response.get_data(as_text=True))
        if found:
            repeated[f"{target.role} {target.url}"] = found
    assert repeated == {}
