"""The printed copy of a photo: small enough to embed, upright, a JPEG the PDF takes as is."""

import io

import pytest
from PIL import Image, ImageFile

from inspector.documents.photo_render import NotPrintable, render_for_print
from tests.support import progressive


def _jpeg(w: int, h: int, orientation: int | None = None) -> bytes:
    im = Image.new("RGB", (w, h), (200, 40, 40))
    out = io.BytesIO()
    if orientation:
        exif = Image.Exif()
        exif[0x0112] = orientation
        im.save(out, "JPEG", exif=exif.tobytes())
    else:
        im.save(out, "JPEG")
    return out.getvalue()


def test_a_large_photo_is_downscaled_to_the_long_side():
    out = render_for_print(_jpeg(2048, 1536))
    with Image.open(io.BytesIO(out)) as im:
        assert im.format == "JPEG"
        assert max(im.size) == 1000
        assert im.size == (1000, 750)


def test_a_small_photo_keeps_its_size_and_a_png_becomes_a_jpeg():
    buf = io.BytesIO()
    Image.new("RGBA", (300, 200), (0, 0, 255, 128)).save(buf, "PNG")
    out = render_for_print(buf.getvalue())
    with Image.open(io.BytesIO(out)) as im:
        assert (im.format, im.mode, im.size) == ("JPEG", "RGB", (300, 200))


def test_a_sideways_photo_is_printed_upright():
    out = render_for_print(_jpeg(1600, 1200, orientation=6), max_px=800)
    with Image.open(io.BytesIO(out)) as im:
        assert im.size == (600, 800)


def test_a_jpeg_with_more_scans_than_a_camera_writes_is_not_decoded_for_print(monkeypatch):
    bomb = progressive.repeated_scans(300)  # 306 scans; cameras write 6 to 18

    def refuse(self, *args, **kwargs):
        raise AssertionError("decoded")

    monkeypatch.setattr(ImageFile.ImageFile, "load", refuse)
    with pytest.raises(NotPrintable, match="more than 100 scans"):
        render_for_print(bomb)


def test_an_ordinary_progressive_jpeg_still_prints():
    out = render_for_print(progressive.progressive(1600, 1200, mode="RGB"))
    with Image.open(io.BytesIO(out)) as im:
        assert (im.format, im.size) == ("JPEG", (1000, 750))
        assert "progressive" not in im.info  # baseline, as the PDF embeds it
