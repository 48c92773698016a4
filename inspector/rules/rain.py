"""Qualifying rain and post-rain inspection obligations (§ 256-8D(3)(g)), as pure functions.

"Inspect ... after each rain of 0.5 inch or more": the threshold, the comparison ("or more"), the
24-hour window and the deadline all come from the rulebook's [clocks.post_rain_inspection].

How a qualifying rain is found (`qualifying_rains`):
  * Only readings whose whole period fits inside one window (24 h) can be added together: rain reported
    as one 48-hour total is not known to have fallen within 24 hours, so it is not split. On the day the
    clocks go back the window reaches back to the same local time the day before (25 hours), so that
    day's daily reading fits (`window_opens`); it never shrinks below 24 hours.
  * A trace counts as 0; a missing value (NA) is not a reading at all.
  * Every window that ends at a reading's end and reaches the threshold qualifies; qualifying windows that
    overlap are one rain, from the first reading's start to the last reading's end. Windows that only
    touch are rains of their own (rulebook `clocks.post_rain_inspection.each_rain_note`): two daily readings of 0.5 inch or more
    in a row are two rains, each with its own deadline, so a storm over several days is inspected after
    each day's rain and a deadline already shown never moves when the next day's reading comes in.
  * Readings of one gauge whose periods overlap (share more than an instant: the office's 24-hour reading
    at 13:22 and a tablet's at 13:26) measured the same rain, not two: no stretch of time is counted twice.
    Of the gauge's readings the ones counted are the non-overlapping set with the largest total
    (`counted_once`), so two equal overlapping readings count once and a daily total and the hourly
    readings inside it count as whichever shows more. That choice can lose a rain: a reading of 0.6 inch
    overlapping two readings of 0.35 and 0.3 that straddle it shows less in all, yet it alone holds 0.5
    inch within 24 hours. So each window is also weighed on its own (its readings' non-overlapping best),
    and a rain found so where the gauge-wide choice found none is a rain too; one that goes on past a
    rain the gauge-wide choice found, with a reading that overlaps none it counted (rain it measured
    nowhere, not the same hours read twice), joins it and the rain ends with it. The ordinance does not say
    how to weigh two measures of one rain; the app takes the one that finds the rain (the protective
    reading). Readings that only touch (one ends as the next starts) are consecutive and add up. The rain
    pages flag every overlap (`overlapping`).

How rains become obligations (`obligations`):
  * A rain creates an obligation when it ends while the permit is active; it is due `deadline_hours`
    after the rain ended.
  * Each rain has its own deadline (rulebook `each_rain_note`): "after each rain", so a second rain
    before an inspection adds a second obligation and never moves the first one's deadline. A
    permittee who does not inspect during a wet week is overdue 24 hours after its first rain.
  * An inspection that starts after a rain ended answers that rain (the callers pass the ones that
    count: the permittee's weekly and post-rain inspections), so one inspection after two rains,
    within the first one's deadline, answers both on time. One that starts after a rain's deadline
    still answers it, late (`met_on_time` is False).
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from datetime import datetime, timedelta
from operator import attrgetter

from . import clocks
from .rulebook import Rulebook


@dataclass(frozen=True)
class Reading:
    start: datetime
    end: datetime
    amount_in: float  # 0 for a trace
    trace: bool = False
    id: int | None = None


@dataclass(frozen=True)
class Rain:
    start: datetime
    end: datetime
    total_in: float
    reading_ids: tuple = ()


@dataclass
class Obligation:
    rain_end: datetime  # the end of the rain this obligation answers
    due_at: datetime
    satisfied_at: datetime | None = None  # start of the first inspection after the rain

    @property
    def met_on_time(self) -> bool:
        return self.satisfied_at is not None and self.satisfied_at <= self.due_at


def settings(rb: Rulebook) -> dict:
    return rb["clocks.post_rain_inspection"]


def qualifies(total_in: float, rb: Rulebook) -> bool:
    """'0.5 inch or more': at_least means >=; a rulebook may say 'over' (>) instead."""
    c = settings(rb)
    threshold = c["rain_threshold_in"]
    # Readings are in hundredths of an inch; rounding keeps 0.2 + 0.3 from landing at 0.49999.
    total = round(total_in, 4)
    return total >= threshold if c["rain_comparison"] == "at_least" else total > threshold


def overlap(a: Reading, b: Reading) -> bool:
    """Two readings' periods share more than an instant (touching periods are consecutive)."""
    return a.start < b.end and b.start < a.end


def counted_once(readings: list[Reading]) -> list[Reading]:
    """The non-overlapping readings with the largest total (weighted interval scheduling), by end."""
    ordered = sorted(readings, key=lambda r: (r.end, r.start, -r.amount_in))
    ends = [r.end for r in ordered]
    best = [0.0] * (len(ordered) + 1)  # best[j]: the largest total among the first j readings
    for j, r in enumerate(ordered, 1):
        before = bisect.bisect_right(ends, r.start, 0, j - 1)  # readings ending by this one's start
        best[j] = max(best[j - 1], round(best[before] + r.amount_in, 4))
    chosen, j = [], len(ordered)
    while j > 0:
        r = ordered[j - 1]
        before = bisect.bisect_right(ends, r.start, 0, j - 1)
        if best[j] != best[j - 1] and best[j] == round(best[before] + r.amount_in, 4):
            chosen.append(r)
            j = before
        else:
            j -= 1
    return chosen[::-1]


def overlapping(readings: list[Reading]) -> dict:
    """{reading id: [ids of the other readings of the gauge whose periods overlap it]}, for the pages."""
    ordered = sorted(readings, key=lambda r: (r.start, r.end))
    out: dict = {}
    for i, a in enumerate(ordered):
        for b in ordered[i + 1 :]:
            if b.start >= a.end:
                break
            if overlap(a, b):
                out.setdefault(a.id, []).append(b.id)
                out.setdefault(b.id, []).append(a.id)
    return out


def look_back(rb: Rulebook) -> timedelta:
    """How far before a period the readings that may join its rain reach: two windows (a rain may
    join readings just before). The clock reads back this far, and so do the pages that count the
    same rain, so a reading just outside their period is weighed as the clock weighs it."""
    return timedelta(hours=2 * settings(rb)["window_hours"])


def counted_readings(readings, rb: Rulebook) -> list:
    """The readings that count, each rain once (`readings`: of one gauge, anything with period_start,
    period_end and amount_in). Readings whose periods overlap measured the same rain: of each run of
    overlapping readings, those counted are the ones the post-rain clock counts: the readings of its
    qualifying rains first (qualifying_rains over all of `readings`, as a rain may join a reading
    that only touches the run), then, of the others that overlap none of those, the set with the
    largest total (counted_once). A reading that overlaps none counts as it is, unweighed: most do,
    and the site page draws its readings on every load."""
    ordered = sorted(readings, key=_PERIOD)
    runs: list[list[int]] = []
    reach = None
    for n, r in enumerate(ordered):
        if runs and r.period_start < reach:
            runs[-1].append(n)
            reach = max(reach, r.period_end)
        else:
            runs.append([n])
            reach = r.period_end
    if all(len(run) == 1 for run in runs):
        return ordered
    as_readings = [
        Reading(r.period_start, r.period_end, r.amount_in, id=n) for n, r in enumerate(ordered)
    ]
    rained = {n for rain in qualifying_rains(as_readings, rb) for n in rain.reading_ids}
    kept: list = []
    for run in runs:
        if len(run) == 1:
            kept.append(ordered[run[0]])
        else:
            kept.extend(ordered[n] for n in _weighed([as_readings[n] for n in run], rained))
    return kept


_PERIOD = attrgetter("period_start", "period_end")
_END = attrgetter("end")


def _weighed(run: list[Reading], rained: set) -> list[int]:
    """The ids of a run of overlapping readings that count: those of a qualifying rain (`rained`),
    then the largest total among the others that overlap none of them, in order of their ends."""
    kept = [r for r in run if r.id in rained]
    clear = _clear_of(kept)  # kept never overlap: they are the readings of rains
    rest = [r for r in run if r.id not in rained and clear(r)]
    return [c.id for c in sorted(kept + counted_once(rest), key=_END)]


def window_opens(end: datetime, rb: Rulebook) -> datetime:
    """Where the window that ends at `end` opens: `window_hours` before it, or the same local time
    that many hours' worth of days before when that is earlier (25 hours across the autumn change),
    so a day's reading always fits the day's window."""
    window = timedelta(hours=settings(rb)["window_hours"])
    wall = clocks.to_local(end, rb).replace(tzinfo=None)
    return min(end - window, clocks.from_local(wall - window, rb))


def qualifying_rains(readings: list[Reading], rb: Rulebook) -> list[Rain]:
    """The qualifying rains in one gauge's readings (see the module docstring)."""
    usable = sorted(
        (r for r in readings if r.start >= window_opens(r.end, rb) and r.amount_in > 0),
        key=_END,
    )
    found = _rains(counted_once(usable), rb)
    # Most gauges never have two readings over the same time; where some have, a window weighed on
    # its own may find a rain the gauge-wide choice lost: one where it found none, or one that
    # goes on past a rain it found, with rain it measured nowhere (not the same hours read twice).
    if _any_overlap(usable):
        counted = {id(r) for _, chosen in found for r in chosen}
        clear = _clear_of([r for _, chosen in found for r in chosen])
        extra = [
            (rain, chosen)
            for rain, chosen in _rains(usable, rb, weigh=True)
            if not any(rain.start < f.end and f.start < rain.end for f, _ in found)
            or any(id(r) not in counted and clear(r) for r in chosen)
        ]
        if extra:
            found = _joined(found + extra)
    return [rain for rain, _ in found]


def _joined(rains: list[tuple[Rain, list[Reading]]]) -> list[tuple[Rain, list[Reading]]]:
    """Rains that overlap, as one: from the first start to the last end, its readings the
    non-overlapping best of theirs (counted_once)."""
    groups: list[tuple[datetime, datetime, dict]] = []
    for rain, chosen in sorted(rains, key=lambda x: x[0].start):
        if groups and rain.start < groups[-1][1]:
            start, end, members = groups[-1]
            members.update((id(r), r) for r in chosen)
            groups[-1] = (start, max(end, rain.end), members)
        else:
            groups.append((rain.start, rain.end, {id(r): r for r in chosen}))
    out = []
    for start, end, members in groups:
        chosen = counted_once(list(members.values()))
        total = round(sum(r.amount_in for r in chosen), 2)
        out.append(
            (Rain(start, end, total, tuple(r.id for r in chosen if r.id is not None)), chosen)
        )
    return out


def _clear_of(kept: list[Reading]):
    """A test of whether a reading overlaps none of `kept` (readings that never overlap each other),
    by bisection: a year of hourly readings is checked against a year of counted ones."""
    kept = sorted(kept, key=attrgetter("start"))
    starts = [r.start for r in kept]  # sorted by start, and so by end too

    def clear(r: Reading) -> bool:
        i = bisect.bisect_left(starts, r.end)  # kept[i - 1]: the last to start before r ends
        return i == 0 or kept[i - 1].end <= r.start

    return clear


def _rains(
    usable: list[Reading], rb: Rulebook, weigh: bool = False
) -> list[tuple[Rain, list[Reading]]]:
    """Qualifying windows, joined into rains where they overlap (not where they only touch), each
    with the readings it counts. `usable`: sorted by end.
    `weigh`: the readings overlap, and each window counts its own non-overlapping best
    (counted_once) instead of all it holds."""
    ends = [r.end for r in usable]  # sorted: a window's readings are found by bisection
    spans: list[tuple[datetime, datetime, set]] = []
    for last in usable:
        opens = window_opens(last.end, rb)
        last_index = bisect.bisect_right(ends, last.end)
        inside = [
            r for r in usable[bisect.bisect_left(ends, opens) : last_index] if r.start >= opens
        ]
        if weigh:
            inside = counted_once(inside)
        if qualifies(sum(r.amount_in for r in inside), rb):
            spans.append(
                (min(r.start for r in inside), max(r.end for r in inside), {id(r) for r in inside})
            )
    merged: list[tuple[datetime, datetime, set]] = []
    for start, end, members in sorted(spans, key=lambda s: s[0]):
        if merged and start < merged[-1][1]:  # touching windows are rains of their own
            m_start, m_end, m_members = merged[-1]
            merged[-1] = (m_start, max(m_end, end), m_members | members)
        else:
            merged.append((start, end, set(members)))
    rains = []
    for start, end, members in merged:
        chosen = [r for r in usable if id(r) in members]
        if weigh:  # windows weighed apart may each have kept another of two overlapping readings
            chosen = counted_once(chosen)
        total = round(sum(r.amount_in for r in chosen), 2)
        rains.append(
            (Rain(start, end, total, tuple(r.id for r in chosen if r.id is not None)), chosen)
        )
    return rains


def _any_overlap(readings: list[Reading]) -> bool:
    """Whether two of the readings share more than an instant."""
    reach = None
    for r in sorted(readings, key=attrgetter("start")):
        if reach is not None and r.start < reach:
            return True
        reach = r.end if reach is None else max(reach, r.end)
    return False


def deadline(rain_end: datetime, rb: Rulebook) -> datetime:
    return rain_end + timedelta(hours=settings(rb)["deadline_hours"])


def obligations(
    rain_ends: list[datetime], inspections: list[datetime], rb: Rulebook, active=lambda moment: True
) -> list[Obligation]:
    """Post-rain obligations for one site, oldest first, each marked with the inspection that met it.

    `rain_ends`: when each qualifying rain at the site's gauge ended; `inspections`: when each inspection of
    the site started; `active(moment)`: whether the permit was active then (rain outside it creates nothing).
    """
    starts = sorted(inspections)
    result: list[Obligation] = []
    for end in sorted(set(rain_ends)):
        if not active(end):
            continue
        # An inspection only answers rain that had ended when it started.
        after = bisect.bisect_left(starts, end)
        result.append(
            Obligation(
                rain_end=end,
                due_at=deadline(end, rb),
                satisfied_at=starts[after] if after < len(starts) else None,
            )
        )
    return result
