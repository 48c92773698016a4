"""The tablet's EXIF reader (static/js/exif.js) reads camera-shaped files (tests/support/
camera_files.py) as the server does (inspector/photos.py): the same position (none for 0/0), time
and orientation from a JPEG and a WebP; the type from the bytes; a HEIC's displayed size."""

from __future__ import annotations

import base64
import io
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from inspector import photos as pipeline
from tests.support import camera_files as cf

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node") or "/usr/bin/node"

SCRIPT = """
import { readExif, sniffType, heifSize } from '%s';
const files = JSON.parse(process.argv[1]);
const out = {};
for (const [name, b64] of Object.entries(files)) {
  const bytes = Buffer.from(b64, 'base64');
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  out[name] = { ...readExif(buffer), type: sniffType(buffer), size: heifSize(buffer) };
}
console.log(JSON.stringify(out));
"""

FILES = {
    "jpeg6": cf.jpeg_rotated_with_gps,
    "gps0": cf.jpeg_gps_zero,
    "trailing": cf.jpeg_with_trailing_metadata,
    "webp6": cf.webp_rotated_with_gps,
    "heic": cf.heic_rotated_with_gps,
    "png": lambda: cf.transparent("PNG"),
}


@pytest.fixture(scope="module")
def device():
    files = {name: base64.b64encode(build()).decode() for name, build in FILES.items()}
    script = SCRIPT % (ROOT / "static/js/exif.js").as_uri()
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", script, json.dumps(files)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(done.stdout)


@pytest.mark.parametrize("name", ["jpeg6", "gps0", "trailing", "webp6"])
def test_the_device_reads_what_the_server_reads(device, name):
    data = FILES[name]()
    exif = Image.open(io.BytesIO(data)).getexif()
    lat, lon = pipeline._gps(exif)
    got = device[name]
    if lat is None:
        assert (got["latitude"], got["longitude"]) == (None, None)
    else:
        assert abs(got["latitude"] - lat) < 1e-9 and abs(got["longitude"] - lon) < 1e-9
    assert got["orientation"] == exif.get(0x0112)
    assert got["taken_at"] is not None and got["type"] == pipeline.sniff(data)


def test_a_camera_without_a_fix_has_no_position_on_the_device(device):
    assert (device["gps0"]["latitude"], device["gps0"]["longitude"]) == (None, None)
    assert device["webp6"]["orientation"] == 6 and device["webp6"]["latitude"] > 43


def test_heic_and_png_are_told_by_their_bytes(device):
    assert device["heic"]["type"] == "image/heic" and device["png"]["type"] == "image/png"
    assert device["heic"]["size"] == {"width": 320, "height": 480}  # as displayed (irot)
    assert device["png"]["size"] is None and device["png"]["taken_at"] is None
