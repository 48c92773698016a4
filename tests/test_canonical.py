"""Canonical JSON is RFC 8785 on both sides: the server's (inspector/canonical.py, `rfc8785` with a
fast path through a compiled encoder) gives the RFC's own examples, agrees with `rfc8785` alone, agrees
with the browser's (static/js/canonical.js, npm's `canonicalize`) on random records, and records
sealed before the switch still hash as they were sealed (tests/vectors/sealed_records.json)."""

import hashlib
import json
import random
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from inspector import canonical
from inspector.canonical import canonical_json, jcs, record_sha256
from inspector.seal_chain import record_hash

ROOT = Path(__file__).resolve().parents[1]

# RFC 8785 Appendix B: IEEE 754 doubles (hex) and their text.
APPENDIX_B = [
    ("0000000000000000", "0"),
    ("8000000000000000", "0"),
    ("0000000000000001", "5e-324"),
    ("8000000000000001", "-5e-324"),
    ("7fefffffffffffff", "1.7976931348623157e+308"),
    ("ffefffffffffffff", "-1.7976931348623157e+308"),
    ("4340000000000000", "9007199254740992"),
    ("c340000000000000", "-9007199254740992"),
    ("4430000000000000", "295147905179352830000"),
    ("44b52d02c7e14af5", "9.999999999999997e+22"),
    ("44b52d02c7e14af6", "1e+23"),
    ("44b52d02c7e14af7", "1.0000000000000001e+23"),
    ("444b1ae4d6e2ef4e", "999999999999999700000"),
    ("444b1ae4d6e2ef4f", "999999999999999900000"),
    ("444b1ae4d6e2ef50", "1e+21"),
    ("3eb0c6f7a0b5ed8c", "9.999999999999997e-7"),
    ("3eb0c6f7a0b5ed8d", "0.000001"),
    ("41b3de4355555553", "333333333.3333332"),
    ("41b3de4355555554", "333333333.33333325"),
    ("41b3de4355555555", "333333333.3333333"),
    ("41b3de4355555556", "333333333.3333334"),
    ("41b3de4355555557", "333333333.33333343"),
    ("becbf647612f3696", "-0.0000033333333333333333"),
    ("43143ff3c1cb0959", "1424953923781206.2"),
]


@pytest.mark.parametrize("bits,text", APPENDIX_B)
def test_numbers_as_rfc_8785_appendix_b_writes_them(bits, text):
    value = struct.unpack(">d", bytes.fromhex(bits))[0]
    assert canonical_json({"v": value}) == '{"v":' + text + "}"
    assert canonical_json({"v": [value]}) == '{"v":[' + text + "]}"


def test_rfc_8785_section_3_2_2_example():
    parsed = json.loads(
        '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],'
        ' "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/",'
        ' "literals": [null, true, false]}'
    )
    assert canonical_json(parsed) == (
        '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],'
        '"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}'
    )


def test_rfc_8785_section_3_2_3_keys_in_utf_16_order():
    # U+1F600 (a surrogate pair in UTF-16) sorts before U+FB33, though its code point is higher.
    keys = ["\u20ac", "\r", "\ufb33", "1", "\U0001f600", "\u0080", "\u00f6"]
    text = canonical_json({k: 0 for k in keys})
    assert [k for k in json.loads(text)] == [
        "\r",
        "1",
        "\u0080",
        "\u00f6",
        "\u20ac",
        "\U0001f600",
        "\ufb33",
    ]


def test_sha_left_out_and_values_json_cannot_carry_read_as_javascript_sends_them():
    assert canonical_json({"b": 1, "a": {"d": [2.0, None, True], "c": "é"}, "sha256": "x"}) == (
        '{"a":{"c":"é","d":[2,null,true]},"b":1}'
    )
    # JSON.stringify sends NaN as null, and a device's numbers are doubles.
    assert canonical_json({"v": float("nan"), "w": float("-inf")}) == '{"v":null,"w":null}'
    # An integer as a device sends it: a double's shortest digits (2**60 is 1152921504606847000).
    big = {"v": 10**16, "w": 1152921504606847000, "x": [1.5, 1152921504606847000]}
    assert (
        canonical_json(big)
        == jcs(big)
        == ('{"v":10000000000000000,"w":1152921504606847000,"x":[1.5,1152921504606847000]}')
    )
    assert record_sha256({"a": 1}) == hashlib.sha256(b'{"a":1}').hexdigest()


def test_look_alikes_in_text_and_whole_floats_take_the_fast_path(monkeypatch):
    # A sealed inspection's ids ("…3e-…") and a measurement read back as 20.0 are written by the
    # compiled encoder, as RFC 8785 writes them; only a number with an exponent needs rfc8785.
    record = {
        "id": "0f1c3e-4b2e+9a1.0,x",
        "device_id": 'say "7e-1" and \\"2.0}',
        "measurements": {"depth_in": 20.0, "gap": -0.0, "half": 2.5, "n": [3.0, 4]},
        "big": 9007199254740994.0,
    }
    expected = jcs(record)
    assert expected == (
        '{"big":9007199254740994,"device_id":"say \\"7e-1\\" and \\\\\\"2.0}",'
        '"id":"0f1c3e-4b2e+9a1.0,x","measurements":{"depth_in":20,"gap":0,"half":2.5,"n":[3,4]}}'
    )
    calls = []
    real = canonical.jcs
    monkeypatch.setattr(canonical, "jcs", lambda value: calls.append(value) or real(value))
    del record["big"]  # beyond 2**53 a whole float still goes to rfc8785
    assert canonical_json(record) == real(record)
    assert calls == []
    assert canonical_json({"v": 1e-7, "s": "1e-7"}) == '{"s":"1e-7","v":1e-7}'
    assert len(calls) == 1


def test_every_exponent_goes_to_rfc8785_and_signs_in_text_do_not(monkeypatch):
    # A number the encoder wrote with an exponent ("1e-7"; "1e+30" when the standard library
    # writes the text) is written by rfc8785; a sign after an "e" in text, a key or a date is none.
    calls = []
    real = canonical.jcs
    monkeypatch.setattr(canonical, "jcs", lambda value: calls.append(value) or real(value))
    look_alikes = {
        "e-": "e+",
        "id": "0f1c3e-4b2e+9a1",
        "s": "3e-4 and 7e+2, then -1e-",
        "on": "2026-11-30T15:00:00Z",
        "n": [-1, -20, 3],
    }
    assert canonical_json(look_alikes) == real(look_alikes)
    assert calls == []
    exponents = [
        {"v": 1e-7},
        {"a": "2026-11-30", "v": [0, -2.5e-9]},
        {"big": 10**20, "v": 1e30},  # beyond 64 bits: the standard library writes "1e+30"
        {"s": "x", "v": {"w": -1e21}},
    ]
    for record in exponents:
        assert canonical_json(record) == real(record)
    assert len(calls) == len(exponents)
    assert canonical_json(exponents[0]) == '{"v":1e-7}'
    assert canonical_json(exponents[2]) == '{"big":100000000000000000000,"v":1e+30}'


def test_text_is_escaped_as_rfc_8785_escapes_it():
    # Every character up to U+07FF, the line and paragraph separators, a BOM, U+FFFD, an emoji.
    chars = [chr(c) for c in range(0x800)] + ["\u2028", "\u2029", "\ufeff", "\ufffd", "\U0001f600"]
    record = {"chars": chars, "joined": "".join(chars)}
    assert canonical_json(record) == jcs(record)


def test_what_the_compiled_encoder_refuses_is_written_as_before():
    # An integer beyond 64 bits, keys that are not text: the standard library's encoder, as before.
    assert canonical_json({"v": 10**30}) == '{"v":1000000000000000000000000000000}'
    assert canonical_json({"b": [1, {"2": 3}], "a": True}) == '{"a":true,"b":[1,{"2":3}]}'
    with pytest.raises(ValueError):  # a lone surrogate is no text at all
        record_sha256({"v": "\ud800"})


def random_records(count: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    texts = ["Sediment ½ height — “ok”", "tab\there\nnew", "\U0001f600 \ufb33 \u20ac", 'q"\\/']
    records = []
    for _ in range(count):
        v = rng.uniform(-1, 1) * 10 ** rng.randint(-12, 24)
        n = rng.randint(-(2**53) + 1, 2**53 - 1) >> rng.randint(0, 50)
        if rng.random() < 0.2:  # beyond 2**53, as a device writes it (the double's digits)
            n = int(jcs(float(n) * 2.0 ** rng.randint(1, 15)))
        key = rng.choice(["z", "\ufb33", "\U0001f600", "é", "a b"])
        records.append(
            {"z": v, "a": [v, {"k": v / 3, "n": n}], key: rng.choice(texts), "i": float(n)}
        )
    return records


def test_fast_path_is_rfc8785_alone():
    for record in random_records(600, seed=3):
        assert canonical_json(record) == jcs(record)


def test_agrees_with_the_browser_on_random_records(tmp_path):
    node = shutil.which("node")
    assert node, "node is part of the toolchain (make installs npm packages with it)"
    assert (ROOT / "static/vendor/canonicalize/canonicalize.js").exists(), "run `make build`"
    records = random_records(300, seed=7)
    script = (
        "import('" + (ROOT / "static/js/canonical.js").as_uri() + "').then((m) => {"
        "const rs = JSON.parse(require('fs').readFileSync(process.argv[1], 'utf8'));"
        "process.stdout.write(JSON.stringify(rs.map((r) => m.canonicalJson(r))));});"
    )
    data = tmp_path / "records.json"
    data.write_text(json.dumps(records))
    out = subprocess.run(
        [node, "-e", script, str(data)], capture_output=True, text=True, check=True, timeout=60
    )
    # The browser sees the JSON the server would parse: compare on the parsed records.
    parsed = json.loads(data.read_text())
    assert json.loads(out.stdout) == [canonical_json(r) for r in parsed]


def test_records_sealed_before_rfc8785_hash_as_they_were_sealed():
    # Records read back from a demo database and from the sync tests' databases (signatures and
    # photo marks of format 2, calculator figures, text beyond ASCII), with the hash the previous
    # canonicalizer gave them when they were sealed.
    vectors = json.loads((ROOT / "tests/vectors/sealed_records.json").read_text(encoding="utf-8"))
    assert len(vectors["records"]) >= 20
    for entry in vectors["records"]:
        assert record_hash(entry["kind"], entry["format"], entry["record"]) == entry["record_hash"]
