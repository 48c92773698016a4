"""Progressive JPEGs for the scan limit (inspector/photo_strip.py MAX_SCANS): an ordinary one as
Pillow writes it, and one whose empty AC scan is repeated, which makes a decoder go over every block
again per repeat while adding only a few dozen bytes each."""

from __future__ import annotations

import io
import struct

from PIL import Image

SOS = b"\xff\xda"


def progressive(
    width: int = 64, height: int = 48, *, mode: str = "L", exif: bytes | None = None
) -> bytes:
    """A flat progressive JPEG as Pillow writes it (6 scans in grey, 10 in colour)."""
    im = Image.new(mode, (width, height), 128 if mode == "L" else (120, 90, 60))
    out = io.BytesIO()
    kwargs = {"exif": exif} if exif is not None else {}
    im.save(out, "JPEG", progressive=True, quality=85, **kwargs)
    return out.getvalue()


def scans(data: bytes) -> list[tuple[int, int]]:
    """(start, end) of each scan: its header and the entropy-coded data after it."""
    found, pos = [], 2
    while pos < len(data) - 1 and data[pos + 1] != 0xD9:
        length = struct.unpack(">H", data[pos + 2 : pos + 4])[0]
        end = pos + 2 + length
        if data[pos + 1] == 0xDA:
            # Entropy-coded data runs to the next 0xFF that is neither stuffed (00) nor a restart.
            while not (data[end] == 0xFF and data[end + 1] not in (0x00, *range(0xD0, 0xD8))):
                end += 1
            found.append((pos, end))
        pos = end
    return found


def scan_count(data: bytes) -> int:
    return data.count(SOS)  # inside entropy-coded data an 0xFF is always followed by 00


def repeated_scans(repeats: int, data: bytes | None = None) -> bytes:
    """`data` (default: a flat grey progressive JPEG) with its first AC scan (spectral start > 0,
    no successive approximation yet) repeated `repeats` more times right after itself."""
    data = data if data is not None else progressive()
    for start, end in scans(data):
        components = data[start + 4]
        spectral_start = data[start + 5 + 2 * components]
        approximation_high = data[start + 7 + 2 * components] >> 4
        if spectral_start > 0 and approximation_high == 0:
            return data[:end] + data[start:end] * repeats + data[end:]
    raise AssertionError("no AC scan to repeat")
