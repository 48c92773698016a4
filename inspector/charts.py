"""Server-side SVG charts. The site timeline shows daily rain, the qualifying-rain line and inspections, so a
missed post-rain inspection is visible at a glance. Drawn with SVG presentation attributes only (no style
attributes, no CSS needed), so the same string renders on the site page and offline from the work packet.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date, datetime, time, timedelta
from functools import lru_cache
from xml.sax.saxutils import escape

from sqlalchemy import bindparam
from sqlmodel import Session, select

from .models import Inspection, RainEvent, RainReading
from .rules import clocks
from .rules import rain as rain_rules
from .rules.rulebook import Rulebook
from .services import read_rows
from .services.permits import current_permits
from .services.rain import gauges_for_sites
from .services.schedule import COUNTED_KINDS, inspection_moment, permit_active_at

# The timeline marks every inspection of the whole site; only COUNTED_KINDS answer a rain.
MARKED_KINDS = (*COUNTED_KINDS, "village", "complaint")

W, H = 720, 250
LEFT, RIGHT, TOP, BASE = 44, 708, 16, 150  # plot box for the rain bars
MARK_Y = 176  # the row of inspection marks
INK, BAR, QUALIFY, MISSED = "#1b1b1b", "#5b7fa6", "#0b3d91", "#b00020"


def _shape(kind: str, x: float, y: float, title: str) -> str:
    """Inspection marks differ by shape (and fill), never by colour alone."""
    t = f"<title>{escape(title)}</title>"
    if kind == "village":
        return (
            f'<rect x="{x - 6:.1f}" y="{y - 6:.1f}" width="12" height="12" fill="{INK}">{t}</rect>'
        )
    if kind == "post_rain":
        return (
            f'<polygon points="{x:.1f},{y - 7:.1f} {x + 7:.1f},{y + 6:.1f} {x - 7:.1f},{y + 6:.1f}" '
            f'fill="{QUALIFY}">{t}</polygon>'
        )
    if kind == "missed":
        return (
            f'<path d="M{x - 6:.1f},{y - 6:.1f} L{x + 6:.1f},{y + 6:.1f} M{x + 6:.1f},{y - 6:.1f} '
            f'L{x - 6:.1f},{y + 6:.1f}" stroke="{MISSED}" stroke-width="3" fill="none">{t}</path>'
        )
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6" fill="#ffffff" stroke="{INK}" stroke-width="2">{t}</circle>'


def _mark_kind(inspection: Inspection) -> str:
    if inspection.by_village:
        return "village"
    return "post_rain" if inspection.kind == "post_rain" else "weekly"


def daily_rain(readings, rb: Rulebook) -> dict[date, float]:
    """Rain per local day, by the day each reading's period ended (a CoCoRaHS 7 am day counts for that date);
    `readings`: anything with period_start, period_end and amount_in (rows or records), the same rain
    read twice counted once (rules.rain.counted_readings)."""
    days: dict[date, float] = defaultdict(float)
    for r in rain_rules.counted_readings(readings, rb):
        days[clocks.to_local(r.period_end, rb).date()] += r.amount_in
    return days


@lru_cache(maxsize=1)
def _statements() -> dict:
    """The chart's statements, built once with bound parameters (building them each time cost more CPU
    than SQLite spends running them)."""
    gauge_id, start, end = bindparam("gauge_id"), bindparam("start"), bindparam("end")
    return {
        # Rows of the columns drawn (no ORM objects for a drawing), as the inspections below.
        "readings": select(
            RainReading.period_start, RainReading.period_end, RainReading.amount_in
        ).where(
            RainReading.gauge_id == gauge_id,
            RainReading.period_end >= start,
            RainReading.period_end < end,
        ),
        "events": select(RainEvent.end).where(
            RainEvent.gauge_id == gauge_id, RainEvent.end >= start, RainEvent.end < end
        ),
        # What a mark shows of an inspection.
        "inspections": select(
            Inspection.kind, Inspection.by_village, Inspection.inspected_on, Inspection.started_at
        ).where(
            Inspection.site_id == bindparam("site_id"),
            Inspection.kind.in_(MARKED_KINDS),
            Inspection.inspected_on >= bindparam("first"),
            Inspection.inspected_on <= bindparam("today"),
        ),
        "earlier": select(Inspection.started_at).where(
            Inspection.site_id == bindparam("site_id"),
            Inspection.kind.in_(COUNTED_KINDS),
            Inspection.inspected_on < bindparam("first"),
        ),
    }


def site_timeline_svg(
    session: Session, site, now: datetime, rb: Rulebook, days: int = 42, **known
) -> str:
    """The last `days` local days at the site: rain bars, the threshold line, inspections, missed
    deadlines. `known` may hold the site's `gauge` and current `permit` when the caller read them."""
    today = clocks.to_local(now, rb).date()
    first = today - timedelta(days=days - 1)
    start_utc = clocks.from_local(datetime.combine(first, time.min), rb)
    end_utc = clocks.from_local(datetime.combine(today + timedelta(days=1), time.min), rb)
    gauge = (
        known["gauge"] if "gauge" in known else gauges_for_sites(session, [site], rb).get(site.id)
    )
    q = _statements()
    readings, events = [], []
    if gauge:
        span = {"gauge_id": gauge.id, "start": start_utc, "end": end_utc}
        # Readings back as far as the clock looks (rain.evaluate_gauge), so one just before the
        # period that read the same rain as one inside it is weighed as the clock weighs it.
        back = rain_rules.look_back(rb)
        readings = read_rows(session, q["readings"], {**span, "start": start_utc - back})
        events = read_rows(session, q["events"], {**span, "start": start_utc - timedelta(days=2)})
    inspections = read_rows(
        session, q["inspections"], {"site_id": site.id, "first": first, "today": today}
    ).all()
    threshold = rain_rules.settings(rb)["rain_threshold_in"]
    rain = {day: amount for day, amount in daily_rain(readings, rb).items() if day >= first}
    top = max([threshold * 2] + list(rain.values()))
    step = (RIGHT - LEFT) / days

    def x_of_day(day: date) -> float:
        return LEFT + (day - first).days * step + step / 2

    def x_of(moment: datetime) -> float:
        local = clocks.to_local(moment, rb).replace(tzinfo=None)
        return LEFT + (local - datetime.combine(first, time.min)).total_seconds() / 86400 * step

    def y_of(amount: float) -> float:
        return BASE - (BASE - TOP) * amount / top

    title = f"Rain and inspections at {site.name}, {first:%b %d} to {today:%b %d}"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="100%" role="img" '
        f'aria-labelledby="tl-title-{site.id} tl-desc-{site.id}" class="timeline" '
        f'font-family="sans-serif" font-size="12">',
        f'<title id="tl-title-{site.id}">{escape(title)}</title>',
    ]
    gauge_words = f"gauge {gauge.name}" if gauge else "no rain gauge linked"
    parts.append(
        f'<desc id="tl-desc-{site.id}">Bars: daily rain in inches ({escape(gauge_words)}). Dashed line: '
        f"{threshold} inch, a qualifying rain. Marks: circle weekly inspection, triangle post-rain "
        f"inspection, square Village inspection, cross a missed post-rain deadline.</desc>"
    )
    parts.append(
        f'<line x1="{LEFT}" y1="{BASE}" x2="{RIGHT}" y2="{BASE}" stroke="{INK}" stroke-width="1"/>'
    )
    for k in range(days):
        day = first + timedelta(days=k)
        if day.weekday() == 0:  # a tick and a date every Monday
            x = x_of_day(day)
            parts.append(
                f'<line x1="{x:.1f}" y1="{BASE}" x2="{x:.1f}" y2="{BASE + 4}" stroke="{INK}"/>'
            )
            parts.append(
                f'<text x="{x:.1f}" y="{BASE + 16}" text-anchor="middle" fill="{INK}">{day:%b %d}</text>'
            )
        amount = rain.get(day, 0.0)
        if amount > 0:
            y = y_of(amount)
            qualifying = rain_rules.qualifies(amount, rb)
            parts.append(
                f'<rect x="{x_of_day(day) - step * 0.35:.1f}" y="{y:.1f}" width="{step * 0.7:.1f}" '
                f'height="{BASE - y:.1f}" fill="{QUALIFY if qualifying else BAR}">'
                f"<title>{day:%b %d}: {amount:.2f} in{' (0.5 or more)' if qualifying else ''}</title></rect>"
            )
            if qualifying:
                parts.append(
                    f'<text x="{x_of_day(day):.1f}" y="{y - 3:.1f}" text-anchor="middle" '
                    f'fill="{INK}">{amount:.2f}</text>'
                )
    ty = y_of(threshold)
    parts.append(
        f'<line x1="{LEFT}" y1="{ty:.1f}" x2="{RIGHT}" y2="{ty:.1f}" stroke="{INK}" '
        f'stroke-dasharray="6 4" stroke-width="1"><title>{threshold} inch: a qualifying rain</title></line>'
    )
    parts.append(
        f'<text x="{LEFT - 4}" y="{ty + 4:.1f}" text-anchor="end" fill="{INK}">{threshold}"</text>'
    )
    parts.append(
        f'<text x="{LEFT - 4}" y="{TOP + 4}" text-anchor="end" fill="{INK}">{top:.1f}"</text>'
    )
    # Inspections, then the post-rain deadlines that passed with no inspection after the rain.
    moments = []  # those that answer a rain: the permittee's own (schedule.COUNTED_KINDS)
    for insp in sorted(inspections, key=lambda i: inspection_moment(i, rb)):
        moment = inspection_moment(insp, rb)
        if insp.kind in COUNTED_KINDS:
            moments.append(moment)
        who = "Village" if insp.by_village else "permittee"
        parts.append(
            _shape(
                _mark_kind(insp),
                x_of(moment),
                MARK_Y,
                f"{insp.kind.replace('_', '-')} inspection by the {who}, "
                f"{clocks.to_local(moment, rb):%b %d %H:%M}",
            )
        )
    # Earlier inspections and the permit matter only to rain of the period: without, no more reads.
    earlier, permit = [], None
    if events:
        earlier = [
            row.started_at
            for row in read_rows(session, q["earlier"], {"site_id": site.id, "first": first})
        ]
        permit = (  # as permits.current_permit picks it
            known["permit"]
            if "permit" in known
            else current_permits(session, [site.id]).get(site.id)
        )
    all_moments = moments + [m for m in earlier if m]
    for ob in rain_rules.obligations(
        [e.end for e in events],
        all_moments,
        rb,
        active=lambda m: permit is not None and permit_active_at(permit, m, rb),
    ):
        late = ob.satisfied_at is None or ob.satisfied_at > ob.due_at
        if late and ob.due_at <= now and start_utc <= ob.due_at < end_utc:
            parts.append(
                _shape(
                    "missed",
                    x_of(ob.due_at),
                    MARK_Y,
                    f"Post-rain inspection missed: due {clocks.to_local(ob.due_at, rb):%b %d %H:%M}",
                )
            )
    # Legend: shapes with words.
    legend = [
        ("weekly", "Weekly (permittee)"),
        ("post_rain", "Post-rain"),
        ("village", "Village"),
        ("missed", "Post-rain missed"),
    ]
    x = LEFT
    for kind, words in legend:
        parts.append(_shape(kind, x + 6, 224, words))
        parts.append(f'<text x="{x + 18}" y="{228}" fill="{INK}">{words}</text>')
        x += 150
    parts.append(
        f'<line x1="{x}" y1="224" x2="{x + 24}" y2="224" stroke="{INK}" stroke-dasharray="6 4"/>'
    )
    parts.append(f'<text x="{x + 30}" y="228" fill="{INK}">{threshold} in</text>')
    parts.append("</svg>")
    return "".join(parts)
