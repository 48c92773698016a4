"""A push's answer is written by orjson when it writes jsonify's bytes (sync/api.py `_answer`):
the answer must be jsonify's, byte for byte and header for header, whatever the results hold."""

from __future__ import annotations

import uuid
from datetime import date, datetime

import pytest
from flask import jsonify

from sync.api import _answer, _plain

RESULT = {
    "mutation_id": "99723017-6e0d-551f-a5d3-bb3a5cba3511",
    "status": "applied",
    "version": 1,
    "photos_expected": 0,
    "photos_received": 0,
    "data": {
        "id": "b25388c3-481f-55d3-850a-ad665b5e50e6",
        "site_id": 1,
        "kind": "village",
        "inspected_on": "2026-11-30",
        "sha256": "fa71e51023d16cabfe959bbc748aa9b6826b0b8aaf31ca85f9a22456ac2c7b9e",
        "replaces_id": None,
        "photos_expected": 0,
        "photos_received": 0,
    },
}


def rejected(errors: dict) -> dict:
    return {"mutation_id": "m", "status": "rejected", "code": 422, "errors": errors}


ANSWERS = {
    "applied": {"results": [RESULT] * 50},
    "empty": {"results": []},
    "nested": {"results": [{"a": [[], {}, [1, [2, (3, True, False, None)]]], "z": {"y": {}}}]},
    "keys in order": {"results": [{"b": 1, "a": 2, "B": 3, "_": 4, "a b": 5, "0": 6}]},
    "refused": {"results": [rejected({"answers.SILT.note": "At most 2000 characters."})]},
    "control characters": {"results": [rejected({"note": 'tab\tline\nnul\x00bell\x07 "q" \\'})]},
    "del": {"results": [rejected({"note": "a\x7fb"})]},
    "beyond ascii": {"results": [rejected({"n": "beyond ±9,007,199,254,740,991 – Zoë \ue001 😀"})]},
    "key beyond ascii": {"results": [{"é": 1, "e": 2, "\U0001f600": 3, "\uffff": 4}]},
    "lone surrogate": {"results": [rejected({"x": "\ud800"})]},
    "floats": {"results": [{"amount_in": 0.5, "small": 1e-05, "tiny": 1.5e-07, "big": 1e16}]},
    "whole float": {"results": [{"x": 20.0, "y": -0.0}]},
    "not finite": {"results": [{"x": float("nan"), "y": float("inf")}]},
    "big int": {"results": [{"x": 2**64, "y": -(2**63), "z": 2**63 - 1}]},
    "int keys": {"results": [{1: "a", 2: "b"}]},
    "day": {"results": [{"on": date(2026, 11, 30), "at": datetime(2026, 11, 30, 15)}]},
    "uuid": {"results": [{"id": uuid.UUID(int=7)}]},
    "str subclass": {"results": [{"x": type("Code", (str,), {})("SILT")}]},
    "bool and int": {"results": [{"t": True, "f": False, "n": 0}]},
}


@pytest.mark.parametrize("name", sorted(ANSWERS))
def test_answer_is_jsonify_byte_for_byte(app, name):
    body = ANSWERS[name]
    with app.test_request_context():
        mine, theirs = _answer(body), jsonify(body)
        assert mine.get_data() == theirs.get_data()
        assert mine.status_code == theirs.status_code
        assert list(mine.headers.items()) == list(theirs.headers.items())


def test_answer_in_debug_mode_is_indented_as_jsonify_writes_it(app):
    body = ANSWERS["applied"]
    app.debug = True
    try:
        with app.test_request_context():
            assert _answer(body).get_data() == jsonify(body).get_data()
            assert b"\n  " in _answer(body).get_data()
    finally:
        app.debug = False


def test_only_plain_values_take_the_quick_way():
    assert _plain(ANSWERS["applied"]) and _plain(ANSWERS["nested"])
    for name in ("floats", "whole float", "not finite", "day", "uuid", "str subclass"):
        assert not _plain(ANSWERS[name]), name
