"""The server's canonical JSON is byte-for-byte the browser's (static/js/canonical.js), numbers included."""

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from inspector.canonical import canonical_json, js_number

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    "value,text",
    [
        (0, "0"),
        (0.0, "0"),
        (-0.0, "0"),
        (2.0, "2"),
        (4.5, "4.5"),
        (100, "100"),
        (-3.25, "-3.25"),
        (0.1, "0.1"),
        (1e-6, "0.000001"),
        (1.307e-6, "0.000001307"),
        (1e-7, "1e-7"),
        (6.9e-3, "0.0069"),
        (1.5e-10, "1.5e-10"),
        (1e16, "10000000000000000"),
        (1e21, "1e+21"),
        (1.2345e22, "1.2345e+22"),
        (123456789.125, "123456789.125"),
        (0.30000000000000004, "0.30000000000000004"),
    ],
)
def test_numbers_look_as_javascript_writes_them(value, text):
    assert js_number(value) == text


def test_keys_sorted_and_sha_left_out():
    assert (
        canonical_json({"b": 1, "a": {"d": [1.0, None, True], "c": "é"}, "sha256": "x"})
        == '{"a":{"c":"é","d":[1,null,true]},"b":1}'
    )


def test_agrees_with_node_on_random_records(tmp_path):
    node = shutil.which("node")
    assert node, "node is part of the toolchain (make installs npm packages with it)"
    rng = random.Random(7)
    values = [rng.uniform(-1, 1) * 10 ** rng.randint(-12, 24) for _ in range(300)] + [
        rng.randint(-(10**6), 10**6) for _ in range(50)
    ]
    records = [{"z": v, "a": [v, {"k": v / 3}], "text": "Sediment ½ height — “ok”"} for v in values]
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
