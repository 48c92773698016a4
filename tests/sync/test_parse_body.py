"""A push body is parsed by orjson when the bytes allow it (sync/validate.parse): it must give the
same body, or the same refusal with the same paths, as json.loads followed by check_json."""

from __future__ import annotations

import json

import pytest

from sync import validate


def reference(data: bytes):
    body = validate.loads(data)
    validate.check_json(body, data)
    return body


def nested(levels: int, inner: str = "1") -> str:
    """`levels` containers around `inner`, objects and lists in turn (the body itself is one)."""
    text = inner
    for i in range(levels):
        text = f'{{"k{i}": {text}}}' if i % 2 else f"[{text}]"
    return text


BODIES = [
    b'{"device_id": "d", "mutations": []}',
    b'{"a": 1, "a": 2}',  # the last of a repeated key, as json.loads
    b'{"note": "brackets ]]]] [[[[ {{ and \\"quotes\\" inside text"}',
    b'{"n": 9007199254740991, "m": -9007199254740991}',  # the largest exact whole numbers
    b'{"n": 9007199254740992}',
    b'{"n": 123456789012345678901234567890}',
    b'{"n": 1000000000000000.5, "x": 1e-7, "y": -0.0, "z": 1E5}',
    b'{"id": "sha 1234567890123456789 in text"}',
    b'{"x": 1e400}',
    b'{"x": NaN}',
    b'{"x": "\\ud800"}',
    b'{"x": "a\xed\xa0\x80"}',
    b'{"x": "\\ud83d\\ude00 \xc3\xa9"}',
    b"\xef\xbb\xbf{}",
    '{"x": 1}'.encode("utf-16"),
    b"{not json",
    b'"just text"',
    b"12345678901234567",
    nested(17).encode(),
    nested(18).encode(),
    nested(17, "[]").encode(),
    nested(16, '{"t": "]]]]]]]]]]"}').encode(),
    b"[" * 5000 + b"]" * 5000,
    # escapes inside text, around brackets and quotes
    b'{"t": "ends in a backslash \\\\", "u": [[[]]]}',
    b'{"t": "say \\"]]]\\" then\\n", "u": {"v": "\\\\\\"[[[", "w": "\\u005c"}}',
    nested(16, '{"t": "x\\\\\\"]]\\n"}').encode(),
    nested(17, '{"t": "\\\\"}').encode(),
    nested(15, '"[[[[[[\\"[[[["').encode(),
    b'{"n": [1, -1234567890123456, "-1234567890123456"]}',
]


@pytest.mark.parametrize("data", BODIES, ids=range(len(BODIES)))
def test_parse_gives_what_json_loads_and_check_json_give(data):
    try:
        expected = ("ok", reference(data))
    except validate.ShapeError as exc:
        expected = ("refused", exc.errors)
    try:
        got = ("ok", validate.parse(data))
    except validate.ShapeError as exc:
        got = ("refused", exc.errors)
    assert got == expected
    if got[0] == "ok":
        assert json.dumps(got[1]) == json.dumps(expected[1])  # int stays int, float stays float


def test_the_depth_limit_is_where_it_was():
    assert validate.parse(nested(17).encode())
    with pytest.raises(validate.ShapeError) as exc:
        validate.parse(nested(18).encode())
    assert "Nested more than" in next(iter(exc.value.errors.values()))
