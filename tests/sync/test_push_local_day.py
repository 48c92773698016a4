"""An inspection's day (inspected_on) is the Village's day of its start (started_at), as pages, the
schedule and the report count it: a tablet set to another zone that dates a 19:30 CST visit by its
own (UTC) day is told so on inspected_on, and nothing is stored."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlmodel import func, select

from inspector.models import Inspection
from inspector.rules import clocks
from inspector.rules.rulebook import default

from .helpers import inspection_payload, mutation, uid

RB = default()


def local(*args) -> datetime:
    return clocks.from_local(datetime(*args), RB)


def visit(site, day: str, start: datetime):
    """A 30-minute visit dated `day` that started at `start` (naive UTC), signed at its end."""
    end = start + timedelta(minutes=30)
    started, ended = clocks.wire_time(start), clocks.wire_time(end)
    return inspection_payload(
        site, inspected_on=day, started_at=started, ended_at=ended, signed_at=ended
    )


def push(client, headers, payload):
    body = {"mutations": [mutation("inspection", uid(), payload)]}
    [answer] = client.post("/api/v1/sync/push", json=body, headers=headers).get_json()["results"]
    return answer


def stored(db) -> int:
    db.expire_all()
    return db.exec(select(func.count()).select_from(Inspection)).one()


def test_a_visit_dated_by_the_tablets_utc_day_is_refused_with_the_villages_day(
    app, client, db, people, site_with_permit, device_headers
):
    app.config["CLOCK_NOW"] = local(2026, 11, 29, 21, 0)  # Sun Nov 29, 21:00 CST
    headers = device_headers(people["permittee"])
    # Started Sun Nov 29 19:30 CST (01:30 UTC on the 30th), dated by a tablet set to UTC.
    start = local(2026, 11, 29, 19, 30)
    assert clocks.wire_time(start) == "2026-11-30T01:30:00Z"
    answer = push(client, headers, visit(site_with_permit, "2026-11-30", start))
    assert answer["status"] == "rejected", answer
    assert answer["errors"] == {
        "inspected_on": "Must be the Village's date of the start time "
        "(2026-11-29: it started Nov 29, 7:30 PM CST)."
    }
    assert stored(db) == 0

    # The same visit dated the Village's day is stored with that day.
    answer = push(client, headers, visit(site_with_permit, "2026-11-29", start))
    assert answer["status"] == "applied", answer
    assert db.exec(select(Inspection.inspected_on)).one().isoformat() == "2026-11-29"


def test_the_day_turns_at_the_villages_midnight(
    app, client, db, people, site_with_permit, device_headers
):
    app.config["CLOCK_NOW"] = local(2026, 11, 30, 9, 0)
    headers = device_headers(people["inspector"])
    late = local(2026, 11, 29, 23, 59)  # 05:59 UTC on the 30th
    early = local(2026, 11, 30, 0, 1)
    assert push(client, headers, visit(site_with_permit, "2026-11-29", late))["status"] == "applied"
    assert push(client, headers, visit(site_with_permit, "2026-11-30", early))["status"] == (
        "applied"
    )
    refused = [
        push(client, headers, visit(site_with_permit, "2026-11-30", late)),
        push(client, headers, visit(site_with_permit, "2026-11-29", early)),
    ]
    assert [a["status"] for a in refused] == ["rejected", "rejected"]
    assert refused[0]["errors"]["inspected_on"].startswith(
        "Must be the Village's date of the start time (2026-11-29:"
    )
    assert refused[1]["errors"]["inspected_on"].startswith(
        "Must be the Village's date of the start time (2026-11-30:"
    )
    assert stored(db) == 2


def test_the_local_day_on_the_autumn_change_and_a_visit_without_a_start_time(
    app, client, db, people, site_with_permit, device_headers
):
    app.config["CLOCK_NOW"] = local(2026, 11, 2, 9, 0)
    headers = device_headers(people["inspector"])
    # 23:30 CST on Sun Nov 1, the 25-hour day: 05:30 UTC on the 2nd.
    start = local(2026, 11, 1, 23, 30)
    assert clocks.wire_time(start) == "2026-11-02T05:30:00Z"
    assert push(client, headers, visit(site_with_permit, "2026-11-02", start))["status"] == (
        "rejected"
    )
    assert push(client, headers, visit(site_with_permit, "2026-11-01", start))["status"] == (
        "applied"
    )
    # No start time given: nothing to compare the day with, as before.
    payload = inspection_payload(
        site_with_permit,
        inspected_on="2026-11-01",
        started_at=None,
        ended_at=None,
        signed_at="2026-11-01T20:00:00Z",
    )
    assert push(client, headers, payload)["status"] == "applied"
    assert stored(db) == 2
