"""The printed copy of a photo: small enough to embed, upright, a JPEG the PDF takes as is."""

import io

from PIL import Image

from inspector.documents.photo_render import render_for_print


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
