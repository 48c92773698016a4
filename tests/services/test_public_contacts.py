"""The public records page leaves e-mail addresses out of every text it shows, exactly as the pattern
[\\w.+-]+@[\\w-]+(?:\\.[\\w-]+)+ finds them left to right, however the text is written (its speed on a
note written as one long word is bench/bench_public_contacts.py's)."""

from __future__ import annotations

import random
import re

import pytest

from inspector.rules.rulebook import default
from inspector.services.public_records import without_contacts

ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
REMOVED = "[contact removed]"


def as_the_pattern_reads(text: str) -> str:
    return ADDRESS.sub(REMOVED, text)


@pytest.mark.parametrize(
    "text, shown",
    [
        ("Ask jo.smith+site@acme-builders.example today", f"Ask {REMOVED} today"),
        ("a@b.com.x@c.com", f"{REMOVED}@c.com"),
        ("a@b.com+x@c.com", REMOVED * 2),
        ("a@b@c.com", f"a@{REMOVED}"),
        (" @b.com@c.com", f" @{REMOVED}"),
        ("mail: é.ß_9@café.example, or not", f"mail: {REMOVED}, or not"),
        ("no address @ here, nor foo@bar", "no address @ here, nor foo@bar"),
        ("x" * 5000 + "@site.example", REMOVED),
    ],
)
def test_an_address_is_left_out_wherever_it_stands(text, shown):
    assert without_contacts(text, default()) == shown == as_the_pattern_reads(text)


def test_any_text_loses_the_same_addresses_as_the_pattern_finds():
    """Texts made of the characters an address is built of, and those around it, in any order."""
    draw = random.Random(256)
    letters = "ab.+-_@ @x.éZ9"
    for _ in range(3000):
        text = "".join(draw.choice(letters) for _ in range(draw.randint(0, 30)))
        assert without_contacts(text, default()) == as_the_pattern_reads(text), text


def test_a_phone_number_beside_an_address_goes_too():
    text = "Call (920) 555-0142 or foreman@acme.example"
    assert without_contacts(text, default()) == f"Call {REMOVED} or {REMOVED}"
