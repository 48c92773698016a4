"""The scan limit in the JPEG segment walk: a file with more scans than any camera writes is refused
by the walk that strips its metadata, and by the count that guards the other decoding paths, which
reads on past stray bytes the way a decoder does."""

from __future__ import annotations

import pytest

from inspector import photo_strip
from tests.support import progressive


def test_strip_keeps_a_file_with_as_many_scans_as_the_limit_and_refuses_one_more():
    base = progressive.progressive()  # 6 scans
    at_limit = progressive.repeated_scans(photo_strip.MAX_SCANS - 6, base)
    assert progressive.scan_count(photo_strip.strip_jpeg(at_limit)) == photo_strip.MAX_SCANS
    photo_strip.check_counts(at_limit)
    over = progressive.repeated_scans(photo_strip.MAX_SCANS - 5, base)
    with pytest.raises(photo_strip.TooManyScans):
        photo_strip.strip_jpeg(over)
    with pytest.raises(photo_strip.TooManyScans):
        photo_strip.check_counts(over)


def test_the_count_reads_past_stray_bytes_between_segments():
    bomb = progressive.repeated_scans(300)
    first_scan = bomb.index(progressive.SOS)
    # Two stray bytes before the first scan: decoders skip them with a warning and go on.
    stray = bomb[:first_scan] + b"\x00\x00" + bomb[first_scan:]
    with pytest.raises(photo_strip.Damaged):
        photo_strip.strip_jpeg(stray)  # the strict walk refuses the structure as before
    with pytest.raises(photo_strip.TooManyScans):
        photo_strip.check_counts(stray)


def test_an_ordinary_progressive_photo_passes_unchanged():
    data = progressive.progressive(640, 480, mode="RGB")
    assert progressive.scan_count(data) == 10
    photo_strip.check_counts(data)
    assert photo_strip.strip_jpeg(data) == data  # no metadata to take out
