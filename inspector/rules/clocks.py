"""The ordinance's clocks as pure functions. "now" is always a parameter so tests can move time.

Datetimes are naive UTC everywhere in the app; rules that depend on the local day (work days, the end of
a workday) convert with the rulebook's timezone.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from .rulebook import Rulebook, default

DAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


@dataclass(frozen=True)
class Deadline:
    due: datetime | date
    citation: str
    words: str
    note: str | None = None


# A moment as a person reads it, once in the Village's clock: the zone of its own day, so a
# reader elsewhere (or across a change of the clocks) can tell whose time it is.
TIME_WORDS = "%b %-d, %-I:%M %p %Z"  # "Dec 1, 7:00 AM CST"
DUE_TIME_WORDS = "%a " + TIME_WORDS  # "Wed Dec 2, 5:00 PM CST": a due time, with its weekday


# § 256-8D(3)(g) puts the weekly and post-rain inspections on the permittee: only these kinds count
# toward its clocks (the rulebook's clocks.weekly_inspection.counted_note says so to the user).
DUTY_KINDS = ("weekly", "post_rain")


def wire_time(moment: datetime | None) -> str | None:
    """A stored moment as the sync API and the device write it: UTC to the second, "…Z"
    (docs/sync-protocol.md). What a person reads goes through the Village's clock instead."""
    if moment is None:
        return None
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment.isoformat(timespec="seconds") + "Z"


def local_zone(rb: Rulebook) -> ZoneInfo:
    return ZoneInfo(rb["calendar.timezone"])


def to_local(moment: datetime, rb: Rulebook) -> datetime:
    """A stored moment (naive UTC) or an aware one, as the Village's wall-clock time."""
    zone = local_zone(rb)
    if moment.tzinfo is not None:  # a due item's time (services/schedule.py)
        return moment.astimezone(zone)
    return zone.fromutc(moment.replace(tzinfo=zone))  # = astimezone from UTC, a third cheaper


def time_words(moment: datetime, rb: Rulebook, today: date | None = None) -> str:
    """A moment in TIME_WORDS, "Dec 1, 7:00 AM CST", and with its year when not in `today`'s (the
    Village's), "Dec 31, 2026, 7:00 AM CST", as due_words: readings and rains run over seasons."""
    local = to_local(moment, rb)
    if today is None or local.year == today.year:
        return local.strftime(TIME_WORDS)
    return f"{local:%b} {local.day}, {local.year}, {local:%-I:%M %p %Z}"


def due_words(
    moment: datetime,
    rb: Rulebook,
    long: bool = False,
    year: bool = False,
    today: date | None = None,
) -> str:
    """A due time in words, with its weekday: "Wed Dec 2, 5:00 PM CST" (`long`: "Wednesday December 2
    at 5:00 PM CST"; `long` and `year`, for a document read later: "Wednesday December 2, 2026 at
    5:00 PM CST"). A deadline at the Village's midnight is the end of the day before and reads
    so ("Fri Nov 6, end of the day (midnight CST)"): "Sat Nov 7, 12:00 AM" is read as Saturday, a
    day late. The zone is midnight's own (on 2026-11-01 the day ends in CST). `today` (the
    Village's): a day in another year is written with its year, "Thu Dec 31, 2026, 5:00 PM CST",
    as the field app's village-time.js writes it (late December's deadline read in January, or
    last season's, would read as this year's)."""
    local = to_local(moment, rb)
    midnight = (local.hour, local.minute, local.second, local.microsecond) == (0, 0, 0, 0)
    day = local.date() - timedelta(days=1) if midnight else local.date()
    year = year or (today is not None and day.year != today.year)
    if not long:
        dated = f"{day:%a %b} {day.day}" + (f", {day.year}" if year else "")
        if not midnight:
            return f"{dated}, {local:%-I:%M %p %Z}"
        return f"{dated}, end of the day (midnight {local:%Z})"
    named = f"{day:%A %B} {day.day}" + (f", {day.year}" if year else "")
    if not midnight:
        return f"{named} at {local:%-I:%M %p %Z}"
    return f"the end of {named} (midnight {local:%Z})"


def from_local(moment: datetime, rb: Rulebook) -> datetime:
    """A naive local wall-clock time -> naive UTC. The zone's offset at that wall time (its `fold`
    picks the hour that repeats in autumn), as astimezone would take it, at a twentieth of the cost:
    pages convert thousands of times."""
    wall = moment.replace(tzinfo=None) if moment.tzinfo is not None else moment
    return wall - local_zone(rb).utcoffset(wall)


def local_date(moment: datetime | date, rb: Rulebook | None = None) -> date:
    """The Village's day of this moment (naive UTC): the one way the app turns a stored time into
    the day a person sees and a clause counts. A date is already a local day, returned as it is."""
    if not isinstance(moment, datetime):
        return moment
    return to_local(moment, rb or default()).date()


def days_after(day: date, moment: datetime, rb: Rulebook) -> int:
    """How many of the Village's days `moment` (UTC) falls after `day` (0: the same day): a record
    received 19:30 on Wednesday, Thursday in UTC, is 3 days after Sunday's visit, not 4."""
    return (local_date(moment, rb) - day).days


def start_of_local_day(day: date, rb: Rulebook) -> datetime:
    """Local midnight at the start of `day`, as naive UTC (23 or 25 hours apart on DST days)."""
    return from_local(datetime.combine(day, time.min), rb)


def day_before(moment: datetime, rb: Rulebook) -> datetime:
    """The same local wall-clock time one calendar day before `moment` (naive UTC), as naive UTC:
    24 hours before, 23 across the spring change, 25 across the autumn one. A daily rain reading
    (NOAA, CoCoRaHS, a gauge read each morning) covers this local day, so consecutive days touch."""
    wall = to_local(moment, rb).replace(tzinfo=None)
    return from_local(wall - timedelta(days=1), rb)


def is_work_day(day: date, rb: Rulebook | None = None) -> bool:
    rb = rb or default()
    return (
        DAY_NAMES[day.weekday()] in rb["calendar.work_days"]
        and day.isoformat() not in rb["calendar.holidays"]
    )


def add_work_days(start: date, count: int, rb: Rulebook | None = None) -> date:
    """The date `count` work days after `start` (the start day itself is not counted)."""
    rb = rb or default()
    day = start
    remaining = count
    while remaining > 0:
        day += timedelta(days=1)
        if is_work_day(day, rb):
            remaining -= 1
    return day


def plan_review_due(complete_on: date, rb: Rulebook | None = None) -> Deadline:
    """§ 256-8C: a decision within 10 work days of receipt of the application, control plan and fee."""
    rb = rb or default()
    c = rb["clocks.plan_review"]
    return Deadline(
        add_work_days(complete_on, c["work_days"], rb),
        c["citation"],
        c["words"],
        c.get("silent_note"),
    )


def permit_expires(
    issued_on: date,
    building_permit_until: date | None = None,
    extension_days: int = 0,
    rb: Rulebook | None = None,
) -> date:
    """§ 256-8D(1): 180 days from issue, or the building permit's term when longer, plus extensions."""
    rb = rb or default()
    base = issued_on + timedelta(days=rb["clocks.permit_validity.days"])
    if building_permit_until and building_permit_until > base:
        base = building_permit_until
    return base + timedelta(days=extension_days)


def check_extension_days(days: int, rb: Rulebook | None = None, granted: int = 0) -> str | None:
    """An error message when an extension is out of range. § 256-8D(1) allows extensions "one or
    more times for up to an additional 180 days": read as 180 days in all (`granted`: the days the
    permit's earlier extensions added), the protective reading (clocks.extension.reading_note)."""
    rb = rb or default()
    limit = rb["clocks.extension.max_days"]
    citation = rb["clocks.extension.citation"]
    if days < 1:
        return "An extension must be at least 1 day."
    if days > limit:
        return f"An extension may be up to {limit} days ({citation})."
    if granted + days > limit:
        left = max(limit - granted, 0)
        return (
            f"Extensions may add up to {limit} days in all ({citation}); this permit has had "
            f"{granted} already, so at most {left} more."
            + (" It needs a new permit to go on." if left == 0 else "")
        )
    return None


def commencement_notice_due(commenced_at: datetime, rb: Rulebook | None = None) -> Deadline:
    rb = rb or default()
    c = rb["clocks.commencement_notice"]
    return Deadline(commenced_at + timedelta(hours=c["hours"]), c["citation"], c["words"])


def completion_notice_due(installed_on: date, rb: Rulebook | None = None) -> Deadline:
    rb = rb or default()
    c = rb["clocks.completion_notice"]
    return Deadline(installed_on + timedelta(days=c["days"]), c["citation"], c["words"])


def is_late(
    notified_at: datetime | date | None,
    due: datetime | date,
    now: datetime,
    rb: Rulebook | None = None,
) -> bool:
    """Late when given after the due time, or not given and the due time has passed. A due date
    (a clause counted in days) is met by a notice given any time on that local day."""
    if isinstance(due, datetime):
        moment = notified_at if notified_at is not None else now
        if isinstance(moment, date) and not isinstance(moment, datetime):
            moment = datetime.combine(moment, time.max)
        return moment > due
    return local_date(notified_at if notified_at is not None else now, rb) > due


def is_contractor_workday(day: date, work_under_way: bool, rb: Rulebook) -> bool:
    """A workday for § 256-7B(3): any day land disturbance is under way; otherwise the rulebook's
    work days of the week. The Village's office holidays are not skipped (not the contractor's)."""
    return work_under_way or DAY_NAMES[day.weekday()] in rb["calendar.work_days"]


def end_of_workday(
    found_at: datetime, rb: Rulebook | None = None, *, work_under_way: bool = True
) -> Deadline:
    """§ 256-7B(3): street sediment removed before the end of each workday.

    Found before the workday's end on a workday: due that day at the configured hour. Found after
    it, or on a day that is not a workday: due at the end of the next workday (see workday_note).
    """
    rb = rb or default()
    c = rb["clocks.street_sediment"]
    hour, minute = (int(x) for x in c["workday_end"].split(":"))
    local = to_local(found_at, rb)
    day = local.date()
    end_today = datetime.combine(day, time(hour, minute))
    before_end = local.replace(tzinfo=None) < end_today
    if not (is_contractor_workday(day, work_under_way, rb) and before_end):
        day += timedelta(days=1)
        while not is_contractor_workday(day, work_under_way, rb):
            day += timedelta(days=1)
    due = from_local(datetime.combine(day, time(hour, minute)), rb)
    note = " ".join(n for n in (c.get("silent_note"), c.get("workday_note")) if n)
    return Deadline(due, c["citation"], c["words"], note or None)


def repair_due(found_at: datetime, rb: Rulebook | None = None) -> Deadline:
    rb = rb or default()
    c = rb["clocks.repair"]
    return Deadline(
        found_at + timedelta(hours=c["hours"]), c["citation"], c["words"], c.get("silent_note")
    )


def weekly_inspection_due(last_inspection_at: datetime, rb: Rulebook | None = None) -> Deadline:
    """§ 256-8D(3)(g): at least each week; overdue only once more than 7 days have passed. Across a
    DST change the week is read for the permittee: the later of 7 x 24 hours and the same local
    time 7 days on (a 09:00 visit before the autumn change is due by 09:00, not 08:00)."""
    rb = rb or default()
    c = rb["clocks.weekly_inspection"]
    return Deadline(weekly_due_at(last_inspection_at, rb), c["citation"], c["words"])


def weekly_due_at(last_inspection_at: datetime, rb: Rulebook, local: datetime | None = None):
    """weekly_inspection_due's moment alone (pages work it out for every site); `local`: the
    inspection's local time, when the caller has it."""
    week = timedelta(days=rb["clocks.weekly_inspection.days"])
    local = to_local(last_inspection_at, rb) if local is None else local
    return max(last_inspection_at + week, from_local(local.replace(tzinfo=None) + week, rb))


def stop_work_compliance_due(issued_at: datetime, rb: Rulebook | None = None) -> datetime:
    """§ 256-10B, C: "within 10 days", read for the person ordered: whole local days counted after
    the day of issue, ending at the end of the tenth (local midnight, as naive UTC); revocation or a
    cease-and-desist request is possible from that moment."""
    rb = rb or default()
    last_day = local_date(issued_at, rb) + timedelta(days=rb["clocks.stop_work_compliance.days"])
    return start_of_local_day(last_day + timedelta(days=1), rb)


def last_local_day(period_end: datetime, rb: Rulebook | None = None) -> date:
    """The last local day of a period ending at `period_end` (naive UTC): the day before when it
    ends at local midnight, as the § 256-10 compliance period does."""
    return local_date(period_end - timedelta(microseconds=1), rb)
