"""§ 256-7B(3) street sediment "before the end of each workday": the clock starts when the sediment
was seen (the inspection start, or the item photo time), and the workdays are the contractor's."""

import uuid
from datetime import datetime

from inspector.models import Answer, Inspection, Photo, StoredFile
from inspector.rules import clocks
from inspector.rules.rulebook import default
from inspector.services import findings_raised

RB = default()


def at(*args) -> datetime:
    return clocks.from_local(datetime(*args), RB)


def _failed_street(db, site, start, end, *, active=True, photo_at=None):
    inspection = Inspection(
        id=str(uuid.uuid4()),
        site_id=site.id,
        kind="village",
        inspector_name="Luis",
        inspected_on=clocks.local_date(start, RB),
        started_at=start,
        ended_at=end,
        active_disturbance=active,
        catalog_version=RB["checklist.version"],
    )
    db.add(inspection)
    db.flush()
    if photo_at is not None:
        stored = StoredFile(data=b"\xff\xd8\xff jpeg")
        db.add(stored)
        db.flush()
        db.add(
            Photo(
                id=str(uuid.uuid4()),
                inspection_id=inspection.id,
                item_code="TRACK-STREET",
                sha256="0" * 64,
                width=10,
                height=10,
                size=9,
                taken_at=photo_at,
                file_id=stored.id,
            )
        )
        db.flush()
    answer = Answer(inspection_id=inspection.id, item_code="TRACK-STREET", result="fail")
    db.add(answer)
    db.flush()
    [finding] = findings_raised.create_from_inspection(db, inspection, [answer], site, end, RB)
    return finding


def test_sediment_seen_at_1600_in_an_inspection_ending_1705_is_due_that_day(db, make, people):
    site = make.site(people["supervisor"])
    finding = _failed_street(db, site, at(2026, 12, 2, 15, 30), at(2026, 12, 2, 17, 5))
    assert finding.due_at == at(2026, 12, 2, 17, 0)


def test_the_items_photo_time_starts_the_clock_where_the_device_recorded_it(db, make, people):
    site = make.site(people["supervisor"])
    # The visit started 16:30; the street's photo at 17:20 shows when the sediment was seen: after
    # the end of that workday, so it is due by the end of the next one.
    finding = _failed_street(
        db, site, at(2026, 12, 2, 16, 30), at(2026, 12, 2, 17, 40), photo_at=at(2026, 12, 2, 17, 20)
    )
    assert finding.due_at == at(2026, 12, 3, 17, 0)


def test_saturday_with_work_under_way_and_christmas_eve_do_not_wait_for_monday(db, make, people):
    site = make.site(people["supervisor"])
    saturday = _failed_street(db, site, at(2026, 12, 5, 9, 0), at(2026, 12, 5, 10, 0), active=True)
    assert saturday.due_at == at(2026, 12, 5, 17, 0)
    idle = _failed_street(db, site, at(2026, 12, 12, 9, 0), at(2026, 12, 12, 10, 0), active=False)
    assert idle.due_at == at(2026, 12, 14, 17, 0)  # no work under way: Monday
    eve = _failed_street(db, site, at(2026, 12, 24, 9, 0), at(2026, 12, 24, 10, 0), active=False)
    assert eve.due_at == at(2026, 12, 24, 17, 0)  # the Village's holiday, not the contractor's
