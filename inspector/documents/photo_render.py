"""A stored photo made ready for print: upright, downscaled to `max_px` on its long side, re-encoded
as a baseline JPEG that a PDF can embed as is (DCTDecode).

One photo is decoded at a time and the decoded image is dropped before returning, so a packet of a
year of photos stays within the memory of a single picture. A JPEG is decoded at reduced scale
(`draft`), so a 2048-px original costs a quarter of a full decode.

A JPEG with more scans than any encoder writes is not decoded (NotPrintable): uploads refuse it
(photo_strip.MAX_SCANS), but one kept before that limit would cost every report and packet that
prints it seconds to minutes of CPU. Counting its scans reads its markers, not its pixels.

`marks` is the vector layer an inspector drew on the photo (arrows, circles, labels). The original
bytes and their hash are never changed: marks are drawn only on this printed copy.
"""

from __future__ import annotations

import io

from PIL import Image, ImageOps

from ..photo_strip import TooManyScans, TooManySegments, check_counts
from .markup import draw_marks

PRINT_QUALITY = 80


class NotPrintable(ValueError):
    """The stored photo is not decoded for print; the message says why, for the page."""


def render_for_print(data: bytes, *, marks=None, max_px: int = 1000) -> bytes:
    """JPEG bytes of the photo, at most `max_px` on its long side, with `marks` drawn on it.
    Raises NotPrintable for a JPEG with more scans or segments than any encoder writes."""
    if data.startswith(b"\xff\xd8"):  # a JPEG: counted before the image library reads it
        try:
            check_counts(data)
        except (TooManyScans, TooManySegments) as exc:
            what = "scans" if isinstance(exc, TooManyScans) else "segments"
            raise NotPrintable(
                f"The photo is not printed: its file has more than {exc.limit:,} {what}, "
                "which no camera writes, and decoding it would hold up this document. The "
                "stored file is unchanged."
            ) from None
    with Image.open(io.BytesIO(data)) as im:
        if im.format == "JPEG":
            # Decode at the smallest power-of-two scale still at least max_px on the long side:
            # draft() keeps both sides at least the size asked, so ask for the scaled shape.
            scale = min(1.0, max_px / max(im.size))
            im.draft("RGB", (max(1, int(im.width * scale)), max(1, int(im.height * scale))))
        im = ImageOps.exif_transpose(im)
        if im.mode != "RGB":
            im = im.convert("RGB")
        if max(im.size) > max_px:
            im.thumbnail((max_px, max_px), Image.Resampling.BICUBIC)
        if marks:
            im = draw_marks(im, marks)
        out = io.BytesIO()
        im.save(out, "JPEG", quality=PRINT_QUALITY, optimize=False, progressive=False)
        return out.getvalue()
