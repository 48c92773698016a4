"""Server photo pipeline (inspector.photos: check, verify, upright, strip, thumbnail) per photo, against one
plain Pillow decode of the same file in the same run; peak memory by tracemalloc. Last line: one JSON object."""

from __future__ import annotations

import hashlib
import io
import json
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image  # noqa: E402

from inspector import photos  # noqa: E402

REPEAT = 5


def camera_jpeg(width: int, height: int, orientation: int | None = None) -> bytes:
    """A photo-like JPEG (noise over gradients, so it compresses like a real one), with EXIF."""
    base = Image.linear_gradient("L").resize((width, height)).convert("RGB")
    noise = Image.effect_noise((width, height), 40).convert("RGB")
    im = Image.blend(base, noise, 0.5)
    exif = Image.Exif()
    exif[0x0110] = "Bench camera"
    if orientation:
        exif[0x0112] = orientation
    out = io.BytesIO()
    im.save(out, "JPEG", quality=88, exif=exif.tobytes())
    return out.getvalue()


def plain_decode(data: bytes) -> None:
    with Image.open(io.BytesIO(data)) as im:
        im.load()


def pipeline(data: bytes) -> None:
    content_type = photos.check_upload(data, hashlib.sha256(data).hexdigest(), "image/jpeg")
    photos.process(data, content_type)


def best_of(fn, data: bytes) -> float:
    times = []
    for _ in range(REPEAT):
        started = time.perf_counter()
        fn(data)
        times.append(time.perf_counter() - started)
    return min(times)


def peak(fn, data: bytes) -> int:
    tracemalloc.start()
    fn(data)
    _, top = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return top


def main() -> None:
    cases = {
        "2048px": camera_jpeg(2048, 1536),
        "12mp": camera_jpeg(4000, 3000),
        "12mp_rotated": camera_jpeg(4000, 3000, orientation=6),
    }
    figures, ratios = {}, {}
    for name, data in cases.items():
        decode = best_of(plain_decode, data)
        piped = best_of(pipeline, data)
        figures[name] = {
            "bytes": len(data),
            "decode_ms": round(decode * 1000, 1),
            "pipeline_ms": round(piped * 1000, 1),
            "pipeline_peak_mb": round(peak(pipeline, data) / 2**20, 1),
            "decode_peak_mb": round(peak(plain_decode, data) / 2**20, 1),
        }
        ratios[name] = round(piped / decode, 2)
        print(
            f"{name}: decode {decode * 1000:.0f} ms, pipeline {piped * 1000:.0f} ms, ratio {piped / decode:.2f}"
        )
    targets = {"2048px": 1.5, "12mp": 1.5, "12mp_rotated": 1.5}
    print(
        json.dumps(
            {"bench": "photo_pipeline", "figures": figures, "ratios": ratios, "targets": targets}
        )
    )


if __name__ == "__main__":
    main()
