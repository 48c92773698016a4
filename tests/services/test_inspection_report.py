"""Rain since the previous inspection, as the report's header says it."""

from datetime import timedelta

from inspector.models import RainGauge, RainReading, SiteGauge
from inspector.models.base import utcnow
from inspector.services.inspection_report import rain_since_previous
from tests.support.enforcement import record_inspection


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
