"""Photo files shaped like the ones cameras and phones write, built byte by byte for the tests.

Each holds a picture whose orientation can be checked from its pixels: the top half of the scene
(as a person sees it upright) is red, the bottom half blue. A sideways camera stores the pixels
turned and says in EXIF how to turn them back.
"""

from __future__ import annotations

import io
import struct

import pillow_heif
from PIL import Image

pillow_heif.register_heif_opener()

RED, BLUE = (220, 30, 30), (30, 60, 220)
MAKER_NOTE = b"Nikon\x00\x02\x10\x00\x00MM\x00*MAKERNOTE-SERIAL-8842-SECRET"
XMP = (
    b'<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">'
    b'<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description '
    b'xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:CreatorTool="CameraFirmware 1.2"/>'
    b'</rdf:RDF></x:xmpmeta><?xpacket end="w"?>'
)
XMP_HEADER = b"http://ns.adobe.com/xap/1.0/\x00"
# Fairwater, Wisconsin (made up but plausible): 43° 50' 20" N, 88° 51' 30" W
LATITUDE, LONGITUDE = 43 + 50 / 60 + 20 / 3600, -(88 + 51 / 60 + 30 / 3600)
TAKEN = "2026:11:30 09:15:00"


def scene(width: int = 480, height: int = 320) -> Image.Image:
    """Upright scene: red top half, blue bottom half (width × height as seen)."""
    im = Image.new("RGB", (width, height), BLUE)
    im.paste(RED, (0, 0, width, height // 2))
    return im


def as_camera_stores(im: Image.Image, orientation: int) -> Image.Image:
    """The pixels a camera writes for an upright scene when EXIF says `orientation`."""
    if orientation == 6:  # displayed by turning 90° clockwise: stored turned counter-clockwise
        return im.transpose(Image.Transpose.ROTATE_90)
    if orientation == 8:
        return im.transpose(Image.Transpose.ROTATE_270)
    if orientation == 3:
        return im.transpose(Image.Transpose.ROTATE_180)
    return im


def exif(
    orientation: int = 1,
    gps: tuple[float, float] | None = (LATITUDE, LONGITUDE),
    taken: str | None = TAKEN,
    maker_note: bool = True,
) -> Image.Exif:
    e = Image.Exif()
    e[0x010F] = "Nikon"  # Make
    e[0x0110] = "SecretCam 3000"  # Model
    e[0x0112] = orientation
    sub = e.get_ifd(0x8769)
    if taken:
        sub[0x9003] = taken
    if maker_note:
        sub[0x927C] = MAKER_NOTE
    if gps is not None:
        lat, lon = gps
        e.get_ifd(0x8825).update(
            {1: "N" if lat >= 0 else "S", 2: _dms(lat), 3: "E" if lon >= 0 else "W", 4: _dms(lon)}
        )
    return e


def _dms(value: float) -> tuple[float, float, float]:
    value = abs(value)
    d = int(value)
    m = int((value - d) * 60)
    s = round((value - d - m / 60) * 3600, 2)
    return (float(d), float(m), s)


def jpeg_rotated_with_gps() -> bytes:
    """A phone JPEG held in portrait: stored landscape, orientation 6, GPS, time, maker note."""
    out = io.BytesIO()
    as_camera_stores(scene(320, 480), 6).save(
        out, "JPEG", quality=90, exif=exif(6).tobytes(), xmp=XMP
    )
    return out.getvalue()


def jpeg_gps_zero() -> bytes:
    """A camera with no fix: GPS tags present, 0° N 0° E."""
    out = io.BytesIO()
    scene().save(out, "JPEG", quality=90, exif=exif(1, gps=(0.0, 0.0)).tobytes())
    return out.getvalue()


def jpeg_with_trailing_metadata(progressive: bool = True) -> bytes:
    """An upright JPEG the way some phones write it: EXIF (with a maker note) and XMP in APP1, an
    MPF APP2 block, an APP1 XMP block between two scans of the progressive image, and after the
    end-of-image marker a maker trailer and a preview JPEG carrying its own EXIF and XMP."""
    out = io.BytesIO()
    scene().save(
        out,
        "JPEG",
        quality=90,
        progressive=progressive,
        exif=exif(1).tobytes(),
        xmp=XMP,
    )
    data = out.getvalue()
    mpf = _segment(0xE2, b"MPF\x00" + b"MM\x00*\x00\x00\x00\x08" + b"\x00" * 16)
    data = data[:2] + mpf + data[2:]
    if progressive:  # a metadata segment between the first scan and the next table or scan
        first_sos = data.index(b"\xff\xda")
        nxt = first_sos + 2
        while True:
            nxt = data.index(b"\xff", nxt + 1)
            if data[nxt + 1] not in (0x00, *range(0xD0, 0xD8), 0xFF):
                break
        data = data[:nxt] + _segment(0xE1, XMP_HEADER + XMP) + data[nxt:]
    preview = io.BytesIO()
    scene(64, 48).save(preview, "JPEG", exif=exif(1).tobytes(), xmp=XMP)
    trailer = b"SEFH" + MAKER_NOTE + _segment(0xE1, b"Exif\x00\x00" + exif(1).tobytes()[6:])
    return data + trailer + preview.getvalue()


def _segment(marker: int, body: bytes) -> bytes:
    return bytes([0xFF, marker]) + struct.pack(">H", len(body) + 2) + body


def webp_rotated_with_gps() -> bytes:
    """A WebP from a phone held in portrait: orientation 6 in its EXIF chunk, GPS, time, XMP."""
    out = io.BytesIO()
    as_camera_stores(scene(320, 480), 6).save(
        out, "WEBP", quality=90, exif=exif(6).tobytes(), xmp=XMP
    )
    return out.getvalue()


def heic_rotated_with_gps() -> bytes:
    """An iPhone-style HEIC (portrait, GPS, time). HEIF turns the picture with its own 'irot'
    property, which is how phones store a portrait shot."""
    out = io.BytesIO()
    as_camera_stores(scene(320, 480), 6).save(out, "HEIF", quality=80, exif=exif(6).tobytes())
    return out.getvalue()


def transparent(fmt: str) -> bytes:
    """A PNG or WebP with transparent corners around an opaque red square (its transparent
    pixels' colour is black, which is what shows when the alpha is dropped)."""
    im = Image.new("RGBA", (200, 160), (0, 0, 0, 0))
    im.paste((220, 30, 30, 255), (50, 40, 150, 120))
    out = io.BytesIO()
    im.save(out, fmt, **({"lossless": True} if fmt == "WEBP" else {}))
    return out.getvalue()


FORBIDDEN = (
    b"Exif\x00",
    b"http://ns.adobe.com/xap",
    b"MAKERNOTE-SERIAL",
    b"SecretCam",
    b"Nikon",
    b"MPF\x00",
    b"SEFH",
)


def leftovers(data: bytes) -> list[bytes]:
    """The metadata markers still found anywhere in stored bytes."""
    return [marker for marker in FORBIDDEN if marker in data]


def top_and_bottom(im: Image.Image) -> tuple[tuple, tuple]:
    """The colours at the middle of the top and bottom edges."""
    im = im.convert("RGB")
    w, h = im.size
    return im.getpixel((w // 2, 2)), im.getpixel((w // 2, h - 3))


def near(color, target, tolerance: int = 40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(color, target, strict=True))
