"""Rain since the previous inspection, as the report's header says it."""

from datetime import datetime, timedelta

from sqlmodel import select

from inspector.models import RainEvent, RainGauge, RainReading, SiteGauge
from inspector.models.base import utcnow
from inspector.rules import clocks
from inspector.rules.rulebook import default
from inspector.services import rain
from inspector.services.inspection_report import rain_since_previous
from tests.support.enforcement import record_inspection

RB = default()


def local(*parts) -> datetime:
    return clocks.from_local(datetime(*parts), RB)


def test_rain_is_summed_between_the_previous_inspection_and_this_one(app, db, make, people):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Gauge Lot")
    now = utcnow()
    first, _, _ = record_inspection(db, site, rb, at=now - timedelta(days=7), evaluate=False)
    second, _, _ = record_inspection(db, site, rb, at=now - timedelta(hours=1), evaluate=False)
    assert rain_since_previous(db, second, rb) == "Not known: no rain gauge is linked to this site"
    gauge = RainGauge(name="Lot gauge", kind="onsite", station_code="lot", latitude=1, longitude=1)
    db.add(gauge)
    db.flush()
    db.add(SiteGauge(site_id=site.id, gauge_id=gauge.id))
    for n, (days_ago, amount) in enumerate([(9, 2.0), (5, 0.4), (3, 0.22), (0, 5.0)]):
        end = (
            now
            - timedelta(days=days_ago)
            + (timedelta(minutes=30) if days_ago == 0 else timedelta())
        )
        db.add(
            RainReading(
                gauge_id=gauge.id,
                period_start=end - timedelta(days=1),
                period_end=end,
                amount_in=amount,
                source="onsite",
                source_key=f"t:{n}",
            )
        )
    db.commit()
    day = first.inspected_on.isoformat()
    # 2.0 in fell before the first inspection, 5.0 in after the second: neither counts.
    assert rain_since_previous(db, second, rb) == (
        f"0.62 in at Lot gauge since the previous inspection ({day})"
    )
    assert rain_since_previous(db, first, rb) == "Not counted: this is the site's first inspection"


def _site_with_gauge(db, make, people, readings):
    """A permitted site whose gauge holds these (period end, amount) 24-hour readings, evaluated
    by the post-rain clock as an import or the reading's page does."""
    site = make.site(people["supervisor"], name="Twice Read")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    gauge = RainGauge(name="Site gauge", kind="onsite", station_code="tw", latitude=1, longitude=1)
    db.add(gauge)
    db.flush()
    db.add(SiteGauge(site_id=site.id, gauge_id=gauge.id))
    for n, (end, amount) in enumerate(readings):
        db.add(
            RainReading(
                gauge_id=gauge.id,
                period_start=end - timedelta(hours=24),
                period_end=end,
                amount_in=amount,
                source="manual",
                source_key=f"tw:{n}",
            )
        )
    db.commit()
    rain.evaluate_gauge(db, gauge.id, RB)
    db.commit()
    return site


def test_the_same_rain_read_twice_is_said_once_as_the_post_rain_clock_counts_it(db, make, people):
    """The office read the gauge at 13:22 and a tablet at 13:26: 0.60 in each, one rain."""
    site = _site_with_gauge(
        db, make, people, [(local(2026, 9, 10, 13, 22), 0.60), (local(2026, 9, 10, 13, 26), 0.60)]
    )
    [event] = db.exec(select(RainEvent)).all()
    assert event.total_in == 0.60
    record_inspection(db, site, RB, at=local(2026, 9, 8, 9, 0), evaluate=False)
    after, _, _ = record_inspection(db, site, RB, at=local(2026, 9, 10, 15, 0), evaluate=False)
    assert rain_since_previous(db, after, RB) == (
        "0.60 in at Site gauge since the previous inspection (2026-09-08)"
    )


def test_consecutive_readings_still_add_up(db, make, people):
    site = _site_with_gauge(
        db, make, people, [(local(2026, 9, 9, 7, 0), 0.30), (local(2026, 9, 10, 7, 0), 0.40)]
    )
    record_inspection(db, site, RB, at=local(2026, 9, 8, 6, 0), evaluate=False)
    after, _, _ = record_inspection(db, site, RB, at=local(2026, 9, 10, 15, 0), evaluate=False)
    assert rain_since_previous(db, after, RB).startswith("0.70 in at Site gauge")


def test_rain_read_before_the_previous_inspection_and_again_after_it_is_not_said_again(
    db, make, people
):
    """The office's reading ended at 13:22, before the 13:24 inspection, and was said on its report;
    a tablet read the same rain at 13:26."""
    site = _site_with_gauge(
        db, make, people, [(local(2026, 9, 10, 13, 22), 0.60), (local(2026, 9, 10, 13, 26), 0.60)]
    )
    record_inspection(db, site, RB, at=local(2026, 9, 8, 9, 0), evaluate=False)
    middle, _, _ = record_inspection(db, site, RB, at=local(2026, 9, 10, 13, 24), evaluate=False)
    last, _, _ = record_inspection(db, site, RB, at=local(2026, 9, 10, 15, 0), evaluate=False)
    assert rain_since_previous(db, middle, RB).startswith("0.60 in at Site gauge")
    assert rain_since_previous(db, last, RB).startswith("none at Site gauge")
