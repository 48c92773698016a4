"""The server's photo pipeline (Pillow): check, verify, make upright, strip metadata, thumbnail.

One pass per photo, and each image is decoded at most once:
- an upright JPEG (no EXIF rotation, the usual case: devices re-encode through a canvas) is verified by
  decoding it at reduced scale (`draft`), which reads every compressed byte, and that small decode is the
  thumbnail; the stored file is the original JPEG with its metadata segments cut out (no re-encoding, so
  no quality loss and no second full decode);
- a rotated JPEG, a PNG or a WebP is decoded once, turned upright, re-saved without metadata, and the
  thumbnail is reduced from that same decoded image. Since it is re-encoded anyway, a photo larger than
  the tablets' own size (MAX_EDGE on the long edge) is stored at that size; a JPEG is then decoded at
  reduced scale (`draft`), which is what keeps a sideways 12-MP camera file cheap to process.
- a HEIC/HEIF (phones' default format; tablets' browsers cannot decode it, so the device sends the
  camera's file as it is) is decoded whole, turned upright and stored as a JPEG;
- a JPEG with more scans than any encoder writes (photo_strip.MAX_SCANS) is refused before it is
  decoded: each scan is another pass of the decoder over the whole image; so is one made of more
  segments than any encoder writes (MAX_SEGMENTS), before anything reads their headers;
- transparent areas (PNG, WebP) are flattened onto white: a photo has no "nothing" behind it, and
  a JPEG thumbnail or page would otherwise show them black.
Whatever is stored carries no metadata (inspector/photo_strip.py). GPS position and capture time
are read from EXIF first (JPEG, WebP and HEIC alike; a position of exactly 0/0 is a camera's
placeholder for "no fix" and counts as none) and returned as values for the columns.
"""

from __future__ import annotations

import hashlib
import io
import struct
import threading
import warnings
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta

import pillow_heif
from PIL import ExifTags, Image, ImageOps

from . import photo_strip

pillow_heif.register_heif_opener()

MAX_BYTES = 15 * 1024 * 1024  # a 12-MP camera JPEG is 3-8 MB; devices send ~2048-px copies
MAX_EDGE = 2048  # long edge the tablets store; kept when the server re-encodes
# Pixel limits, read from the header before anything is decoded. A JPEG is decoded at reduced
# scale (`draft`), so a 12-MP camera file is cheap and its limit can stay above that; a PNG or WebP
# is decoded whole, so it may be at most twice the tablets' 2048 × 2048.
MAX_PIXELS = 25_000_000
MAX_PIXELS_FULL_DECODE = 2 * MAX_EDGE * MAX_EDGE
# A HEIC is decoded whole too, but it comes as the phone made it (a tablet cannot shrink what it
# cannot decode): the 12-MP and 24-MP camera defaults must pass; the slots bound how many at once.
MAX_PIXELS_HEIF = MAX_PIXELS
PROCESSING_SLOTS = 2  # photos decoded at once per process (PHOTO_PROCESSING_SLOTS)
SLOT_WAIT_SECONDS = 2.0  # a request waits this long for a slot, then is told to come back
RETRY_AFTER_SECONDS = 5
THUMB_EDGE = 320
THUMB_QUALITY = 80
ACCEPTED = {
    "image/jpeg": "JPEG",
    "image/png": "PNG",
    "image/webp": "WEBP",
    "image/heic": "HEIF",
}
ALIASES = {"image/heif": "image/heic", "image/heic-sequence": "image/heic"}
_SIGNATURES = ((b"\xff\xd8\xff", "image/jpeg"), (b"\x89PNG\r\n\x1a\n", "image/png"))
# ISO-BMFF brands of HEVC-coded HEIF (iPhones: major "heic"; some Android phones: "mif1" listing
# "heic"). AVIF shares the container but not the codec: refused as not a photo the server reads.
_HEIF_BRANDS = {b"heic", b"heix", b"heim", b"heis", b"hevc", b"hevx"}


class PhotoError(ValueError):
    """A refused upload: `status` is the HTTP status to answer with, `error` a short machine word."""

    def __init__(self, status: int, error: str, reason: str):
        super().__init__(reason)
        self.status, self.error, self.reason = status, error, reason


@dataclass
class Processed:
    data: bytes  # what is stored: upright, metadata stripped
    content_type: str
    width: int
    height: int
    thumb: bytes  # JPEG
    taken_at: (
        datetime | None
    )  # naive UTC when the EXIF time carries an offset, else as local (see note)
    taken_at_offset: bool
    latitude: float | None
    longitude: float | None


def sniff(data: bytes) -> str | None:
    for signature, content_type in _SIGNATURES:
        if data.startswith(signature):
            return content_type
    if len(data) >= 12 and data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    if len(data) >= 16 and data[4:8] == b"ftyp":
        size = min(struct.unpack(">I", data[:4])[0], len(data), 256)
        brands = {data[i : i + 4] for i in range(8, size - 3, 4) if i != 12}
        if brands & _HEIF_BRANDS:
            return "image/heic"
    return None


def check_upload(data: bytes, declared_sha256: str | None, declared_type: str | None) -> str:
    """The cheap checks before any decoding; returns the content type the bytes really are."""
    if len(data) > MAX_BYTES:
        raise PhotoError(
            413,
            "too_large",
            f"The photo is {len(data) // (1024 * 1024)} MB; at most "
            f"{MAX_BYTES // (1024 * 1024)} MB is accepted.",
        )
    if not data:
        raise PhotoError(422, "empty", "The request carried no photo bytes.")
    if not declared_sha256:
        raise PhotoError(
            422, "hash_missing", "Send the SHA-256 of the bytes in the X-Content-SHA256 header."
        )
    if hashlib.sha256(data).hexdigest() != declared_sha256.strip().lower():
        raise PhotoError(
            422,
            "hash_mismatch",
            "The bytes do not match X-Content-SHA256: the upload was "
            "damaged or cut short. Send it again.",
        )
    content_type = sniff(data)
    if content_type is None:
        raise PhotoError(415, "unsupported_type", "Not a JPEG, PNG, WebP or HEIC image.")
    claimed = (declared_type or "").split(";")[0].strip().lower()
    claimed = ALIASES.get(claimed, claimed)
    if claimed in ACCEPTED and claimed != content_type:
        raise PhotoError(
            415, "type_mismatch", f"The bytes are {content_type} but were sent as {claimed}."
        )
    return content_type


_slots = threading.BoundedSemaphore(PROCESSING_SLOTS)


def configure(slots: int) -> None:
    """How many photos this process decodes at once (the rest wait briefly, then get a 503)."""
    global _slots
    _slots = threading.BoundedSemaphore(max(1, int(slots)))


@contextmanager
def processing_slot(wait: float = SLOT_WAIT_SECONDS):
    slots = _slots
    if not slots.acquire(timeout=wait):
        raise PhotoError(
            503,
            "busy",
            "The server is processing other photos right now; the photo "
            "stays on the device and is sent again in "
            f"{RETRY_AFTER_SECONDS} seconds.",
        )
    try:
        yield
    finally:
        slots.release()


def process(data: bytes, content_type: str) -> Processed:
    """Open, verify, make upright, strip, thumbnail. Raises PhotoError (415/422) on a bad image, and
    503 when every processing slot stays busy (CPU and memory per process are bounded)."""
    with processing_slot():
        return _process_checked(data, content_type)


class Upload:
    """One upload's bytes with check_upload's and process's answers, each worked out once. The sync
    API works them out (`work_out`) before its write transaction begins, so Pillow's work never holds
    SQLite's one write lock (docs/layers.md, "Reads and writes"); a refusal is kept and raised only
    where the service asks for that answer, so refusals come in the same order either way."""

    def __init__(self, data: bytes, declared_sha256: str | None, declared_type: str | None):
        self.data, self._sha256, self._type = data, declared_sha256, declared_type
        self._checked: str | PhotoError | None = None
        self._processed: Processed | PhotoError | None = None

    def work_out(self) -> Upload:
        try:
            self.processed()
        except PhotoError:
            pass  # kept: raised again where the service asks
        return self

    def checked(self) -> str:
        """check_upload's answer: the content type the bytes really are."""
        if self._checked is None:
            try:
                self._checked = check_upload(self.data, self._sha256, self._type)
            except PhotoError as exc:
                self._checked = exc
        if isinstance(self._checked, PhotoError):
            raise self._checked
        return self._checked

    def processed(self) -> Processed:
        """process's answer for bytes that passed check_upload."""
        content_type = self.checked()
        if self._processed is None:
            try:
                self._processed = process(self.data, content_type)
            except PhotoError as exc:
                self._processed = exc
        if isinstance(self._processed, PhotoError):
            raise self._processed
        return self._processed


def _process_checked(data: bytes, content_type: str) -> Processed:
    fmt = ACCEPTED[content_type]
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            return _process(data, content_type, fmt)
        except PhotoError:
            raise
        except photo_strip.TooManyScans as exc:
            raise PhotoError(
                422,
                "too_many_scans",
                f"The JPEG is stored in more than {exc.limit} scans (passes over the image); "
                "cameras and phones write about 10, and each extra one makes the server decode the "
                "whole image again. Send the camera's own file, or save the photo again as a JPEG.",
            ) from None
        except photo_strip.TooManySegments as exc:
            raise PhotoError(
                422,
                "too_many_segments",
                f"The JPEG is made of more than {exc.limit:,} segments (its tables, notes and "
                "scans); cameras and phones write about 20, and the server reads each one. Send "
                "the camera's own file, or save the photo again as a JPEG.",
            ) from None
        except photo_strip.Damaged as exc:
            raise PhotoError(422, "unreadable", str(exc)) from None
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise PhotoError(
                422,
                "too_many_pixels",
                f"The image has more than {MAX_PIXELS:,} pixels; tablets send at most "
                f"{MAX_EDGE} px on the long edge.",
            ) from None
        except (OSError, SyntaxError, ValueError, struct.error, EOFError) as exc:
            raise PhotoError(
                422, "unreadable", f"The image cannot be read ({exc}); it may be cut short."
            ) from None


def _limit(fmt: str) -> int:
    if fmt == "JPEG":
        return MAX_PIXELS
    return MAX_PIXELS_HEIF if fmt == "HEIF" else MAX_PIXELS_FULL_DECODE


def _process(data: bytes, content_type: str, fmt: str) -> Processed:
    if fmt == "JPEG":  # counted before anything reads it (photo_strip.MAX_SEGMENTS, MAX_SCANS)
        photo_strip.check_counts(data)
    im = Image.open(io.BytesIO(data), formats=[fmt])  # reads the header only
    width, height = im.size
    limit = _limit(fmt)
    if width * height > limit:
        advice = (
            'Set the phone\'s camera to "Most compatible" (JPEG) or a lower resolution.'
            if fmt == "HEIF"
            else f"Tablets send photos at most {MAX_EDGE} px on the long edge."
        )
        raise PhotoError(
            422,
            "too_many_pixels",
            f"The image is {width} × {height} pixels; a {fmt} may have at most "
            f"{limit:,} pixels. {advice}",
        )
    exif = im.getexif()
    orientation = exif.get(ExifTags.Base.Orientation, 1)
    taken_at, has_offset = _taken_at(exif)
    latitude, longitude = _gps(exif)

    if fmt == "JPEG" and orientation in (1, None) and im.mode in ("RGB", "L", "CMYK"):
        # Stripped first: the walk over its segments refuses a file with too many scans before
        # anything decodes it (photo_strip.MAX_SCANS).
        stored = photo_strip.strip_jpeg(data)
        im.draft("RGB", (THUMB_EDGE, THUMB_EDGE))  # DCT scaling: decode at 1/2..1/8 size
        im.load()  # reads every byte: a cut-short file fails here
        thumb = im.convert("RGB") if im.mode != "RGB" else im
        thumb.thumbnail((THUMB_EDGE, THUMB_EDGE))
    else:
        if fmt == "JPEG" and max(width, height) > MAX_EDGE:
            # DCT scaling to the largest 1/2, 1/4 or 1/8 still over half of MAX_EDGE, then down.
            half = MAX_EDGE // 2 + 1
            im.draft(
                "RGB",
                (
                    max(1, width * half // max(width, height)),
                    max(1, height * half // max(width, height)),
                ),
            )
        im.load()
        if max(im.size) > MAX_EDGE:
            im.thumbnail((MAX_EDGE, MAX_EDGE), Image.Resampling.LANCZOS, reducing_gap=2.0)
        upright = flatten(ImageOps.exif_transpose(im))
        width, height = upright.size
        if fmt == "HEIF":  # stored as a JPEG: what every browser, PDF and archive reads
            fmt, content_type = "JPEG", "image/jpeg"
        stored = _resave(upright, fmt)
        # Box-reduce the decoded image first (cheap), instead of copying it whole for thumbnail().
        factor = max(1, max(upright.size) // (THUMB_EDGE * 2))
        thumb = upright.reduce(factor) if factor > 1 else upright.copy()
        thumb = thumb.convert("RGB") if thumb.mode != "RGB" else thumb
        thumb.thumbnail((THUMB_EDGE, THUMB_EDGE))
    out = io.BytesIO()
    thumb.save(out, "JPEG", quality=THUMB_QUALITY)
    return Processed(
        data=stored,
        content_type=content_type,
        width=width,
        height=height,
        thumb=out.getvalue(),
        taken_at=taken_at,
        taken_at_offset=has_offset,
        latitude=latitude,
        longitude=longitude,
    )


def flatten(im: Image.Image) -> Image.Image:
    """The image on a white background where it is transparent (alpha or a transparent colour)."""
    if im.mode in ("RGBA", "LA", "PA", "RGBa", "La") or "transparency" in im.info:
        rgba = im.convert("RGBA")
        white = Image.new("RGB", rgba.size, (255, 255, 255))
        white.paste(rgba, mask=rgba.getchannel("A"))
        white.info = {k: v for k, v in im.info.items() if k == "icc_profile"}
        return white
    return im


def _resave(im: Image.Image, fmt: str) -> bytes:
    out = io.BytesIO()
    icc = im.info.get("icc_profile")
    if fmt == "JPEG":
        im = im.convert("RGB") if im.mode not in ("RGB", "L") else im
        im.save(out, "JPEG", quality=90, icc_profile=icc)
        return photo_strip.strip_jpeg(out.getvalue())
    if fmt == "PNG":
        im.save(out, "PNG", icc_profile=icc)
        return out.getvalue()
    im.save(out, "WEBP", quality=90, icc_profile=icc)
    return photo_strip.strip_webp(out.getvalue())


def _taken_at(exif) -> tuple[datetime | None, bool]:
    sub = exif.get_ifd(ExifTags.IFD.Exif)
    raw = sub.get(ExifTags.Base.DateTimeOriginal) or exif.get(ExifTags.Base.DateTime)
    if not raw:
        return None, False
    try:
        value = datetime.strptime(str(raw).strip("\x00 "), "%Y:%m:%d %H:%M:%S")
    except ValueError:
        return None, False
    delta = _utc_offset(sub.get(ExifTags.Base.OffsetTimeOriginal))
    if delta is not None:
        try:
            return value - delta, True
        except OverflowError:  # a time at the calendar's very edge: no time at all
            return None, False
    return value, False


MAX_UTC_OFFSET = timedelta(hours=14)  # the world's clocks run from UTC-12:00 to UTC+14:00


def _utc_offset(offset) -> timedelta | None:
    """An EXIF offset such as "+05:30" as a timedelta; None when absent or no clock's offset."""
    if not offset:
        return None
    text = str(offset).strip("\x00 ")
    sign = -1 if text[:1] == "-" else 1
    hours, _, minutes = text.lstrip("+-").partition(":")
    if not (hours.isascii() and hours.isdigit() and minutes.isascii() and minutes.isdigit()):
        return None
    if len(hours) > 2 or len(minutes) != 2 or int(minutes) >= 60:
        return None
    delta = timedelta(hours=int(hours), minutes=int(minutes))
    return delta * sign if delta <= MAX_UTC_OFFSET else None


def _gps(exif) -> tuple[float | None, float | None]:
    gps = exif.get_ifd(ExifTags.IFD.GPSInfo)
    try:
        lat = _degrees(
            gps[ExifTags.GPS.GPSLatitude], gps.get(ExifTags.GPS.GPSLatitudeRef, "N"), "S"
        )
        lon = _degrees(
            gps[ExifTags.GPS.GPSLongitude], gps.get(ExifTags.GPS.GPSLongitudeRef, "E"), "W"
        )
    except (KeyError, TypeError, ValueError, ZeroDivisionError, IndexError):
        return None, None
    return position(lat, lon)


def position(lat: float | None, lon: float | None) -> tuple[float | None, float | None]:
    """(lat, lon), or (None, None) when missing, out of range or exactly 0/0: cameras and phones
    write 0/0 when they had no fix, and a real site is never there."""
    if lat is None or lon is None or (lat == 0 and lon == 0):
        return None, None
    if not (-90 <= lat <= 90 and -180 <= lon <= 180):
        return None, None
    return lat, lon


def _degrees(dms, ref, negative: str) -> float:
    d, m, s = (float(x) for x in dms)
    value = d + m / 60 + s / 3600
    return -value if str(ref).strip("\x00 ").upper() == negative else value


def utc_from_exif(value: datetime | None, has_offset: bool, to_utc) -> datetime | None:
    """EXIF times usually carry no zone: read them as the Village's local time (the camera was there)."""
    if value is None or has_offset:
        return value
    try:
        return to_utc(value)
    except OverflowError:  # the year 9999 read as local time: past the calendar's end in UTC
        return None
