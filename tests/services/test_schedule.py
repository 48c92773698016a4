"""Due inspections per site: weekly cadence, post-rain obligations, and permits that are not in force."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from inspector.charts import site_timeline_svg
from inspector.models import Inspection, RainEvent, RainGauge, SiteGauge
from inspector.rules.rulebook import default
from inspector.services import permits, schedule

RB = default()


def add_inspection(db, site, started: datetime, *, kind="weekly", by_village=False):
    insp = Inspection(
        id=f"insp-{site.id}-{started.isoformat()}",
        site_id=site.id,
        kind=kind,
        by_village=by_village,
        inspector_name="Pat",
        inspected_on=started.date(),
        started_at=started,
        ended_at=started + timedelta(minutes=40),
        catalog_version="t",
    )
    db.add(insp)
    db.commit()
    return insp


def link_gauge(db, site, name="Site gauge"):
    gauge = RainGauge(
        name=name,
        kind="onsite",
        station_code=f"site-{site.id}",
        latitude=43.8,
        longitude=-88.9,
    )
    db.add(gauge)
    db.flush()
    db.add(SiteGauge(site_id=site.id, gauge_id=gauge.id))
    db.commit()
    return gauge


def add_rain(db, gauge, end: datetime, total=0.8, hours=24):
    event = RainEvent(
        gauge_id=gauge.id, start=end - timedelta(hours=hours), end=end, total_in=total
    )
    db.add(event)
    db.commit()
    return event


@pytest.fixture
def active_site(make, people):
    site = make.site(people["supervisor"])
    make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=date.today() - timedelta(days=30),
    )
    return site


def by_kind(items, kind):
    return [i for i in items if i["kind"] == kind]


def test_weekly_exactly_seven_days_is_due_a_minute_more_is_overdue(db, active_site):
    last = datetime(2026, 11, 20, 15, 0)
    add_inspection(db, active_site, last)
    at_limit = schedule.due_items(db, active_site, last + timedelta(days=7), RB)
    assert by_kind(at_limit, "weekly")[0]["state"] == "due"
    assert by_kind(at_limit, "weekly")[0]["due_at"] == datetime.fromisoformat(
        "2026-11-27T15:00:00Z"
    )
    late = schedule.due_items(db, active_site, last + timedelta(days=7, minutes=1), RB)
    assert by_kind(late, "weekly")[0]["state"] == "overdue"


def test_due_times_are_aware_datetimes_written_as_text_only_where_they_leave(db, active_site):
    """Inside the app a due item's time is a datetime (aware UTC, to the second, as shown); the sync
    pull's model writes it as the "…Z" text devices have always read."""
    from sync.schemas.records import DueItem

    last = datetime(2026, 11, 20, 15, 0, 30, 250000)  # a start with a fraction of a second
    add_inspection(db, active_site, last)
    [item] = by_kind(schedule.due_items(db, active_site, last + timedelta(days=1), RB), "weekly")
    assert item["due_at"] == datetime(2026, 11, 27, 15, 0, 30, tzinfo=UTC)
    assert DueItem(**item).model_dump(mode="json")["due_at"] == "2026-11-27T15:00:30Z"


def test_a_village_inspection_does_not_do_the_permittees_weekly_inspection(db, active_site):
    """§ 256-8D(3)(g) is a condition on the permittee: the Village's own visit does not reset its clock."""
    add_inspection(db, active_site, datetime(2026, 11, 10, 15, 0))
    add_inspection(db, active_site, datetime(2026, 11, 14, 16, 0), kind="village", by_village=True)
    add_inspection(
        db, active_site, datetime(2026, 11, 15, 16, 0), kind="complaint", by_village=True
    )
    item = by_kind(schedule.due_items(db, active_site, datetime(2026, 11, 18), RB), "weekly")[0]
    assert item["due_at"] == datetime.fromisoformat("2026-11-17T15:00:00Z")
    assert item["state"] == "overdue"
    assert "by the permittee" in item["note"]
    assert "A Village inspection, a complaint inspection or a follow-up" in item["note"]
    assert "§ 256-8D(3)" in item["note"]
    last = schedule.last_inspection(db, active_site.id)
    assert (last.started_at, last.by_village) == (datetime(2026, 11, 10, 15, 0), False)


def test_a_weekly_inspection_the_village_enters_for_the_permittee_counts(db, active_site):
    add_inspection(db, active_site, datetime(2026, 11, 10, 15, 0))
    add_inspection(db, active_site, datetime(2026, 11, 14, 16, 0), by_village=True)
    item = by_kind(schedule.due_items(db, active_site, datetime(2026, 11, 18), RB), "weekly")[0]
    assert item["due_at"] == datetime.fromisoformat("2026-11-21T16:00:00Z")
    assert "by the Village for the permittee" in item["note"]


def test_a_village_inspection_after_a_rain_does_not_answer_it(db, active_site):
    gauge = link_gauge(db, active_site)
    add_inspection(db, active_site, datetime(2026, 11, 10, 15, 0))
    add_rain(db, gauge, datetime(2026, 11, 12, 12, 0))
    add_inspection(db, active_site, datetime(2026, 11, 12, 18, 0), kind="village", by_village=True)
    items = schedule.due_items(db, active_site, datetime(2026, 11, 14), RB)
    [rain] = by_kind(items, "post_rain")
    assert rain["state"] == "overdue"
    add_inspection(db, active_site, datetime(2026, 11, 14, 18, 0), kind="post_rain")
    items = schedule.due_items(db, active_site, datetime(2026, 11, 15), RB)
    assert by_kind(items, "post_rain") == []


def test_the_timeline_marks_a_village_visit_that_does_not_answer_a_rain(db, active_site):
    gauge = link_gauge(db, active_site)
    now = datetime.now()
    add_inspection(db, active_site, now - timedelta(days=9))
    add_rain(db, gauge, now - timedelta(days=5))
    add_inspection(
        db,
        active_site,
        now - timedelta(days=5) + timedelta(hours=2),
        kind="village",
        by_village=True,
    )
    svg = site_timeline_svg(db, active_site, now, RB)
    assert "village inspection by the Village" in svg  # the visit is marked
    assert "Post-rain inspection missed" in svg  # and does not answer the rain


def test_last_inspection_day_of_any_kind_is_read_with_the_schedule(db, make, people, active_site):
    """The dashboard's "Last inspected" counts a follow-up; the weekly clock does not."""
    add_inspection(db, active_site, datetime(2026, 11, 10, 15, 0))
    add_inspection(db, active_site, datetime(2026, 11, 12, 9, 0), kind="follow_up")
    never = make.site(people["supervisor"], name="Never inspected")
    last_days: dict = {}
    due = schedule.due_items_many(
        db, [active_site, never], datetime(2026, 11, 13), RB, last_days=last_days
    )
    assert last_days == {active_site.id: date(2026, 11, 12)}
    assert by_kind(due[active_site.id], "weekly")[0]["due_at"] == datetime.fromisoformat(
        "2026-11-17T15:00:00Z"
    )


@pytest.mark.parametrize("status", ["revoked", "expired"])
def test_permit_not_in_force_is_never_overdue(db, make, people, status):
    site = make.site(people["supervisor"])
    permit = make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=date.today() - timedelta(days=60),
    )
    permits.set_status(db, permit, status, user_id=None)
    db.commit()
    items = schedule.due_items(db, site, datetime.now() + timedelta(days=30), RB)
    assert [i["state"] for i in items] == ["not_active"]
    assert status in items[0]["label"]


def test_no_permit_and_unissued_permit_are_not_active(db, make, people):
    bare = make.site(people["supervisor"], name="Bare")
    applied = make.site(people["supervisor"], name="Applied")
    make.permit(applied, people["permittee"].company_id, people["supervisor"])
    many = schedule.due_items_many(db, [bare, applied], datetime.now(), RB)
    assert many[bare.id][0]["state"] == "not_active" and "No permit" in many[bare.id][0]["label"]
    assert (
        many[applied.id][0]["state"] == "not_active"
        and "not issued" in many[applied.id][0]["label"]
    )


def test_post_rain_due_24_hours_after_the_rain_until_an_inspection(db, active_site):
    gauge = link_gauge(db, active_site)
    add_inspection(db, active_site, datetime(2026, 11, 20, 15, 0))
    event = add_rain(db, gauge, datetime(2026, 11, 22, 13, 0))
    items = schedule.due_items(db, active_site, datetime(2026, 11, 23, 12, 0), RB)
    post = by_kind(items, "post_rain")
    assert (
        len(post) == 1
        and post[0]["due_at"] == datetime.fromisoformat("2026-11-23T13:00:00Z")
        and post[0]["state"] == "due"
    )
    assert post[0]["rain_event_id"] == event.id
    assert "24 hours" in post[0]["note"] and post[0]["citation"] == "§ 256-8D(3)(g)"
    assert (
        by_kind(
            schedule.due_items(db, active_site, datetime(2026, 11, 23, 13, 1), RB), "post_rain"
        )[0]["state"]
        == "overdue"
    )
    add_inspection(db, active_site, datetime(2026, 11, 23, 14, 0), kind="post_rain")
    assert (
        by_kind(schedule.due_items(db, active_site, datetime(2026, 11, 23, 15, 0), RB), "post_rain")
        == []
    )


def test_two_rains_within_24_hours_are_two_items_each_due_24_hours_after_it_ended(db, active_site):
    gauge = link_gauge(db, active_site)
    add_inspection(db, active_site, datetime(2026, 11, 20, 15, 0))
    first = add_rain(db, gauge, datetime(2026, 11, 22, 13, 0))
    second = add_rain(db, gauge, datetime(2026, 11, 23, 1, 0), total=0.6)
    post = by_kind(
        schedule.due_items(db, active_site, datetime(2026, 11, 23, 13, 1), RB), "post_rain"
    )
    assert [(i["rain_event_id"], i["due_at"], i["state"]) for i in post] == [
        (first.id, datetime.fromisoformat("2026-11-23T13:00:00Z"), "overdue"),
        (second.id, datetime.fromisoformat("2026-11-24T01:00:00Z"), "due"),
    ]
    assert all(RB["clocks.post_rain_inspection.each_rain_note"] in i["note"] for i in post)


def test_rain_before_the_permit_started_creates_nothing(db, make, people):
    site = make.site(people["supervisor"])
    issued_on = date.today() - timedelta(days=5)
    make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=issued_on,
    )
    gauge = link_gauge(db, site)
    add_rain(db, gauge, datetime.combine(issued_on - timedelta(days=2), datetime.min.time()))
    items = schedule.due_items(db, site, datetime.now(), RB)
    assert by_kind(items, "post_rain") == []


def test_many_sites_use_a_constant_number_of_queries(db, make, people, app):
    from sqlalchemy import event

    sites = []
    for n in range(6):
        site = make.site(people["supervisor"], name=f"S{n}")
        make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
        link_gauge(db, site)
        add_inspection(db, site, datetime.now() - timedelta(days=n + 1))
        sites.append(site)
    schedule.due_items_many(
        db, sites, datetime.now(), RB
    )  # warm up: reload expired rows, open the transaction
    count = []
    engine = app.extensions["engine"]
    listener = lambda *a, **k: count.append(1)  # noqa: E731
    event.listen(engine, "before_cursor_execute", listener)
    try:
        schedule.due_items_many(db, sites[:2], datetime.now(), RB)
        few = len(count)
        count.clear()
        schedule.due_items_many(db, sites, datetime.now(), RB)
        assert len(count) == few
    finally:
        event.remove(engine, "before_cursor_execute", listener)


def test_timeline_svg_shows_rain_threshold_and_marks(db, active_site):
    gauge = link_gauge(db, active_site)
    now = datetime.now()
    add_inspection(db, active_site, now - timedelta(days=10))
    add_inspection(db, active_site, now - timedelta(days=3), kind="village", by_village=True)
    add_rain(db, gauge, now - timedelta(days=8))
    svg = site_timeline_svg(db, active_site, now, RB)
    assert svg.startswith("<svg") and "<title" in svg and "style=" not in svg
    assert "<circle" in svg and "<rect x" in svg  # weekly and Village marks, distinct shapes
    assert "Post-rain inspection missed" in svg  # rain 8 days ago, nothing until 3 days ago


def test_a_follow_up_of_one_finding_does_not_reset_the_weekly_clock(db, active_site):
    add_inspection(db, active_site, datetime(2026, 11, 10, 15, 0))
    add_inspection(db, active_site, datetime(2026, 11, 15, 15, 0), kind="follow_up")
    item = by_kind(schedule.due_items(db, active_site, datetime(2026, 11, 18), RB), "weekly")[0]
    assert (
        item["due_at"] == datetime.fromisoformat("2026-11-17T15:00:00Z")
        and item["state"] == "overdue"
    )
    assert "follow-up" in item["note"]


def test_timeline_svg_escapes_the_site_name(db, make, people):
    site = make.site(people["supervisor"], name='<script>alert("x")</script> & Co')
    svg = site_timeline_svg(db, site, datetime.now(), RB)
    assert "<script>" not in svg and "&lt;script&gt;" in svg and "no rain gauge linked" in svg


def test_a_site_added_after_the_gauges_uses_its_nearest_gauge(db, make, people):
    gauge = RainGauge(
        name="Station", kind="cocorahs", station_code="WI-X-1", latitude=43.80, longitude=-88.90
    )
    db.add(gauge)
    db.commit()
    add_rain(db, gauge, datetime.now() - timedelta(hours=3))
    site = make.site(
        people["supervisor"], latitude=43.801, longitude=-88.901
    )  # no SiteGauge row yet
    make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=date.today() - timedelta(days=10),
    )
    assert (
        by_kind(schedule.due_items(db, site, datetime.now(), RB), "post_rain")[0]["state"] == "due"
    )


def test_suspended_permit_keeps_weekly_and_post_rain_inspections(db, make, people):
    """A stop-work order stops construction, not maintenance: 0.6 in at a suspended site is due."""
    site = make.site(people["supervisor"])
    permit = make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=date.today() - timedelta(days=60),
    )
    permits.set_status(db, permit, "suspended", user_id=None)
    db.commit()
    last = datetime.now() - timedelta(days=3)
    add_inspection(db, site, last)
    rain = add_rain(db, link_gauge(db, site), datetime.now() - timedelta(hours=2), total=0.6)
    items = schedule.due_items(db, site, datetime.now(), RB)
    post = by_kind(items, "post_rain")
    assert [i["rain_event_id"] for i in post] == [rain.id] and post[0]["state"] == "due"
    weekly = by_kind(items, "weekly")[0]
    assert weekly["state"] == "due"
    assert weekly["due_at"] == (last + timedelta(days=7)).replace(microsecond=0, tzinfo=UTC)
    assert "stops construction, not the maintenance" in post[0]["note"]


def test_one_site_reads_its_last_visit_and_rain_in_two_statements(db, active_site, app):
    """The site page's schedule (permit and gauge already read): one statement for the last visit,
    a correction or not, and one for the rain since; the visit keeps the day it was made."""
    from sqlalchemy import event

    gauge = link_gauge(db, active_site)
    seen = datetime(2026, 11, 20, 14, 0)
    first = add_inspection(db, active_site, seen)
    # Typed four days later by a device that dated it so, and by the Village.
    typed = {"inspected_on": date(2026, 11, 24), "started_at": datetime(2026, 11, 24, 15, 0)}
    correction = Inspection(
        **{**first.model_dump(), **typed, "id": "fix", "replaces_id": first.id, "by_village": True}
    )
    db.add(correction)
    db.commit()
    add_inspection(db, active_site, datetime(2026, 11, 25, 9, 0), kind="follow_up")
    add_rain(db, gauge, datetime(2026, 11, 22, 6, 0))
    permit = permits.current_permit(db, active_site.id)
    now = datetime(2026, 11, 26, 12, 0)

    def read():
        return schedule.due_items_many(
            db, [active_site], now, RB, {active_site.id: permit}, {active_site.id: gauge}
        )[active_site.id]

    read()  # warm up: reload expired rows
    count = []
    engine = app.extensions["engine"]
    listener = lambda *a, **k: count.append(1)  # noqa: E731
    event.listen(engine, "before_cursor_execute", listener)
    try:
        items = read()
    finally:
        event.remove(engine, "before_cursor_execute", listener)
    assert len(count) == 2
    weekly = by_kind(items, "weekly")[0]
    assert weekly["note"].startswith("Last inspection Nov 20, 8:00 AM CST by the Village")
    assert weekly["due_at"] == datetime(2026, 11, 27, 14, 0, tzinfo=UTC)
    [rain] = by_kind(items, "post_rain")
    assert rain["state"] == "overdue"
