"""Metadata out of stored photos, wherever a camera put it.

A JPEG is rebuilt segment by segment, the compressed image untouched (no re-encoding, no quality
loss): what decoding needs is kept (tables, frame and scan headers, the entropy-coded data, restart
markers) plus three descriptive segments that change how the pixels look: JFIF (APP0), the ICC
colour profile (APP2 "ICC_PROFILE") and Adobe (APP14, for CMYK/YCCK). Everything else goes: EXIF
and XMP (APP1), MPF and FlashPix (APP2), maker blocks (APP3..APP13, APP15), comments, and whatever
follows the end-of-image marker (phones append maker notes, depth maps and preview JPEGs with
their own EXIF there). Metadata segments between the scans of a progressive JPEG go too.

A WebP is rebuilt chunk by chunk the same way: EXIF and XMP chunks out, the VP8X flags cleared.
"""

from __future__ import annotations

import re
import struct

_KEEP_APP = {0xE0: (b"JFIF\x00", b"JFXX\x00"), 0xE2: (b"ICC_PROFILE\x00",), 0xEE: (b"Adobe",)}
# The next marker inside entropy-coded data: 0xFF followed by anything but a stuffed zero, a
# restart marker (RST0..RST7, part of the scan) or another fill byte.
_NEXT_MARKER = re.compile(rb"\xff[^\x00\xd0-\xd7\xff]")
_STANDALONE = {0x01} | set(range(0xD0, 0xD8))  # TEM, RSTn: no length field
_SOS, _EOI = 0xDA, 0xD9
# Scans a JPEG may have. libjpeg's standard progressive scripts write 6 scans (grey), 10 (colour)
# or 18 (CMYK), which is what cameras, phones and the tablets' canvas produce; optimised scripts
# (mozjpeg, jpegtran) stay near that. Each scan sends the decoder over every block of its
# components again, so an empty scan repeated thousands of times costs minutes of CPU for a few
# dozen bytes each (libjpeg-turbo's -maxscans option exists for this). 100 is over five times what
# an encoder writes, and a 25-MP file at the limit still decodes in about half a second.
MAX_SCANS = 100
# Segments (markers with their tables, notes and scans) a JPEG may have before its end. A phone
# writes about 20; a 100-scan progressive file with a large ICC profile in 255 chunks stays under
# 500. A 15 MB file of empty comments holds 3.9 million of them, and reading their headers one by
# one (Pillow does, before any pixel) cost 7 s of CPU and 300 MB of memory per upload.
MAX_SEGMENTS = 1000


class Damaged(ValueError):
    """The file's structure is broken (the caller answers 422)."""


class TooManyScans(Damaged):
    """More scans than MAX_SCANS: refused before anything decodes it."""

    def __init__(self, limit: int):
        super().__init__(f"The JPEG has more than {limit} scans.")
        self.limit = limit


class TooManySegments(Damaged):
    """More segments than MAX_SEGMENTS: refused before anything reads them."""

    def __init__(self, limit: int):
        super().__init__(f"The JPEG has more than {limit} segments.")
        self.limit = limit


def _segments(data: bytes, *, lenient: bool = False):
    """(marker, start, end) of each segment after the start-of-image marker, a scan's end being
    that of its entropy-coded data; the end-of-image marker ends the walk. Raises Damaged where the
    structure is broken, unless `lenient`: then stray bytes before a marker are skipped, as
    decoders skip them, and a segment cut short ends the walk."""
    pos, n = 2, len(data)
    while pos + 2 <= n:
        if data[pos] != 0xFF:
            if not lenient:
                raise Damaged("The JPEG's segment structure is damaged.")
            pos = data.find(b"\xff", pos)
            if pos < 0:
                return
            continue
        marker = data[pos + 1]
        if marker == 0xFF:  # fill byte
            pos += 1
            continue
        if marker == _EOI or marker in _STANDALONE:
            yield marker, pos, pos + 2
            if marker == _EOI:
                return
            pos += 2
            continue
        if pos + 4 > n:
            return
        length = struct.unpack(">H", data[pos + 2 : pos + 4])[0]
        end = pos + 2 + length
        if length < 2 or end > n:
            if lenient:
                return
            raise Damaged("The JPEG is cut short.")
        if marker == _SOS:  # start of scan: its entropy-coded data runs to the next marker
            found = _NEXT_MARKER.search(data, end)
            end = found.start() if found else n
        yield marker, pos, end
        pos = end


def strip_jpeg(data: bytes) -> bytes:
    """The JPEG with only the segments decoding needs (see the module's note). Raises TooManyScans
    at the first scan past MAX_SCANS: this walk runs before the image is decoded."""
    if not data.startswith(b"\xff\xd8"):
        raise Damaged("The JPEG has no start-of-image marker.")
    out = bytearray(b"\xff\xd8")
    scans = 0
    for marker, start, end in _segments(data):
        if marker == _EOI:  # anything after it is not part of this picture
            if not scans:
                break
            out += b"\xff\xd9"
            return bytes(out)
        if marker == _SOS:
            scans += 1
            if scans > MAX_SCANS:
                raise TooManyScans(MAX_SCANS)
        if _keep(marker, data[start + 4 : end]):
            out += data[start:end]
    if scans:  # image data without an end marker: decoders accept it, so do we
        out += b"\xff\xd9"
        return bytes(out)
    raise Damaged("The JPEG has no image data.")


def check_counts(data: bytes) -> None:
    """Raise TooManySegments past MAX_SEGMENTS segments, or TooManyScans past MAX_SCANS scans,
    before anything else reads the JPEG (Pillow reads every segment header before the first scan,
    in Python). Counts as a decoder reads (stray bytes skipped), refuses nothing else, and stops at
    the first segment past a limit."""
    scans = 0
    for segments, (marker, _start, _end) in enumerate(_segments(data, lenient=True), 1):
        if segments > MAX_SEGMENTS:
            raise TooManySegments(MAX_SEGMENTS)
        if marker == _SOS:
            scans += 1
            if scans > MAX_SCANS:
                raise TooManyScans(MAX_SCANS)


def _keep(marker: int, body: bytes) -> bool:
    if marker == 0xFE:  # comment
        return False
    if 0xE0 <= marker <= 0xEF:
        return body.startswith(_KEEP_APP.get(marker, (b"\x00-none-",)))
    return True


_WEBP_DROP = {b"EXIF", b"XMP "}
_VP8X_EXIF, _VP8X_XMP = 0x08, 0x04


def strip_webp(data: bytes) -> bytes:
    """The WebP without its EXIF and XMP chunks (and nothing after the RIFF body)."""
    if len(data) < 12 or data[:4] != b"RIFF" or data[8:12] != b"WEBP":
        raise Damaged("Not a WebP file.")
    size = struct.unpack("<I", data[4:8])[0]
    end = min(len(data), 8 + size)
    chunks, pos = [], 12
    while pos + 8 <= end:
        tag = data[pos : pos + 4]
        length = struct.unpack("<I", data[pos + 4 : pos + 8])[0]
        stop = pos + 8 + length + (length & 1)
        if pos + 8 + length > end:
            raise Damaged("The WebP is cut short.")
        if tag not in _WEBP_DROP:
            chunk = bytearray(data[pos:stop])
            if tag == b"VP8X":
                chunk[8] &= ~(_VP8X_EXIF | _VP8X_XMP) & 0xFF
            chunks.append(bytes(chunk))
        pos = stop
    body = b"WEBP" + b"".join(chunks)
    return b"RIFF" + struct.pack("<I", len(body)) + body
