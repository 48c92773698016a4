"""The seal chain's pure functions: a record's hash, the link between seals, and what walking a
chain finds when records or seals were changed, deleted or reordered."""

import hashlib
from dataclasses import replace
from datetime import date, datetime

import pytest

from inspector import seal_chain as sc

AT = datetime(2026, 5, 4, 14, 30, 5, 123456)


def chain(n: int = 4) -> list[sc.Seal]:
    entries = [
        ("inspection", f"id-{i}", 1, sc.record_hash("inspection", 1, {"n": i})) for i in range(n)
    ]
    return sc.extend(None, entries, AT)


def walk(seals) -> sc.ChainWalk:
    w = sc.ChainWalk()
    for s in seals:
        w.add(s)
    return w


def test_link_is_the_documented_sha256_of_its_fields():
    expected = hashlib.sha256(
        "\n".join(
            [sc.GENESIS, "1", "rain_reading", "7", "a" * 64, AT.isoformat(), "receipt", "1"]
        ).encode()
    ).hexdigest()
    assert sc.link(sc.GENESIS, 1, "rain_reading", "7", "a" * 64, AT, "receipt", 1) == expected


def test_record_hash_covers_kind_format_and_every_value():
    base = sc.record_hash("finding", 1, {"status": "open", "sha256": "x"})
    assert base != sc.record_hash("finding", 1, {"status": "closed", "sha256": "x"})
    assert base != sc.record_hash(
        "finding", 1, {"status": "open", "sha256": "y"}
    )  # nested sha256 counts
    assert base != sc.record_hash("stop_work_order", 1, {"status": "open", "sha256": "x"})
    assert base != sc.record_hash("finding", 2, {"status": "open", "sha256": "x"})
    assert base == sc.record_hash(
        "finding", 1, {"sha256": "x", "status": "open"}
    )  # key order is not content


def test_plain_writes_times_and_days_as_iso_text():
    assert sc.plain(AT) == "2026-05-04T14:30:05.123456"
    assert sc.plain(date(2026, 5, 4)) == "2026-05-04"
    assert sc.plain(2.5) == 2.5 and sc.plain(None) is None


def test_extend_continues_from_the_head():
    first = chain(2)
    more = sc.extend(first[-1], [("finding", "f", 1, "b" * 64)], AT, origin="upgrade")
    assert more[0].seq == 3 and more[0].prev == first[-1].seal and more[0].origin == "upgrade"
    assert walk(first + more).problems == []
    with pytest.raises(ValueError):
        sc.extend(None, [("finding", "f", 1, "b" * 64)], AT, origin="later")


def test_a_line_break_in_a_sealed_field_is_refused():
    with pytest.raises(ValueError):
        sc.link(sc.GENESIS, 1, "inspection", "a\nb", "c" * 64, AT, "receipt", 1)


def test_an_intact_chain_walks_clean_and_keeps_the_latest_seal_of_each_record():
    seals = chain(3) + sc.extend(chain(3)[-1], [("inspection", "id-0", 1, "d" * 64)], AT)
    w = walk(seals)
    assert w.problems == [] and w.count == 4 and w.head.seq == 4
    assert w.latest[("inspection", "id-0")].record_hash == "d" * 64


def test_a_deleted_seal_is_named():
    seals = chain(4)
    w = walk(seals[:1] + seals[2:])
    assert [(p.seq, p.record_id) for p in w.problems] == [(3, "id-2"), (3, "id-2")]
    assert "seal 2 before this one is missing" in w.problems[0].what


def test_two_swapped_seals_are_named():
    seals = chain(4)
    swapped = [seals[0], replace(seals[2], seq=2), replace(seals[1], seq=3), seals[3]]
    named = {(p.seq, p.record_id) for p in walk(swapped).problems}
    assert (2, "id-2") in named and (3, "id-1") in named


def test_an_edited_seal_row_is_named():
    seals = chain(3)
    w = walk([seals[0], replace(seals[1], record_hash="e" * 64), seals[2]])
    assert [(p.seq, p.what) for p in w.problems] == [
        (2, "the seal does not match its own contents (the seal row was edited)")
    ]


def test_flipping_an_upgrade_seal_to_receipt_is_named():
    seals = sc.extend(None, [("inspection", "old", 1, "f" * 64)], AT, origin="upgrade")
    assert walk([replace(seals[0], origin="receipt")]).problems


def test_compare_names_changed_and_unsealed_records_and_missing_names_deleted_ones():
    seals = chain(3)
    latest = walk(seals).latest
    current = {"id-0": seals[0].record_hash, "id-1": "0" * 64, "id-9": "1" * 64}
    found = {
        (p.record_id, p.what.split(" (")[0]) for p in sc.compare("inspection", current, latest)
    }
    assert found == {("id-1", "no longer matches its seal"), ("id-9", "has no seal")}
    gone = sc.missing(["inspection"], {"inspection": set(current)}, latest)
    assert [(p.record_id, p.seq) for p in gone] == [("id-2", 3)]
