"""Every page a person opens (tests/support/pages.py: all GET pages of the url_map, each as the role
that sees it, filled from the demo data and the matrix world) reads in plain words: no id or
fragment of one, no key with underscores (`under_review`, `no_permit`), no ISO UTC time."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from tests.support import pages


class VisibleText(HTMLParser):
    """The words a person sees: text outside scripts, styles and templates (not attributes)."""

    SKIP = {"script", "style", "template"}

    def __init__(self):
        super().__init__()
        self.parts, self.depth = [], 0

    def handle_starttag(self, tag, attrs):
        self.depth += tag in self.SKIP

    def handle_endtag(self, tag):
        self.depth -= tag in self.SKIP

    def handle_data(self, data):
        if not self.depth:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = VisibleText()
    parser.feed(html)
    return re.sub(r"\s+", " ", " ".join(parser.parts))


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    with pages.signed_in_world(tmp_path_factory.mktemp("plain"), "plain-words") as world:
        yield world


def test_the_check_catches_what_a_person_should_not_read():
    text = visible_text(
        "<p>Stop-work order 74afba42</p><p>Status: under_review</p>"
        "<p>compliance_due: 2026-12-12T19:20:41.708138</p><script>var a_b = 'deadbeef12';</script>"
    )
    assert pages.raw_words(text) == ["2026-12-12T19:", "74afba42", "compliance_due", "under_review"]
    assert pages.raw_words("Seal " + "ab12" * 16 + " at https://x.example/orders/74afba42") == []
    assert pages.raw_words("What happened: stabilization:notified") == ["stabilization:notified"]
    assert pages.raw_words("Note: seen at 10:30, a word:Capital") == []


def test_every_page_reads_in_plain_words(world):
    app, values, clients = world
    missing, stale = pages.uncovered(app)
    assert not missing and not stale, (missing, stale)
    raw = {}
    for target in pages.pages(values):
        response = clients[target.role].get(target.url)
        assert response.status_code == 200, f"{target.role} {target.url}: {response.status_code}"
        found = pages.raw_words(visible_text(response.get_data(as_text=True)))
        if found:
            raw[f"{target.role} {target.url}"] = found
    assert raw == {}
