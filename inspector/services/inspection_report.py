"""What the inspection report shows beyond the record itself, in words (WDNR form 3400-187's
header and follow-up page): rain since the previous inspection, the inspector's qualification,
the follow-up table, and each photo's caption, time and position. Read-only."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, select

from ..models import Inspection, RainReading, User
from ..rules import checklist, clocks
from ..rules import rain as rain_rules
from ..rules.calculator_sentences import sentence
from ..rules.rulebook import Rulebook
from . import finding_notes, findings_raised, rain

FINDING_STATUS_WORDS = {
    "open": "Open",
    "reopened": "Reopened",
    "corrected": "Corrected, awaiting verification",
    "closed": "Closed (correction verified)",
    "withdrawn": "Withdrawn (recorded in error)",
}


def _moment(inspection: Inspection, rb: Rulebook) -> datetime:
    """When the inspection happened: its start, or the start of its day when none was recorded."""
    return inspection.started_at or clocks.start_of_local_day(inspection.inspected_on, rb)


def previous_inspection(session: Session, inspection: Inspection, rb: Rulebook):
    """The site's inspection before this one (not one this record corrects or is corrected by)."""
    until = _moment(inspection, rb)
    recent = session.exec(
        select(Inspection)
        .where(
            Inspection.site_id == inspection.site_id,
            Inspection.id != inspection.id,
            Inspection.inspected_on <= inspection.inspected_on,
        )
        .order_by(Inspection.inspected_on.desc())
        .limit(10)
    ).all()
    same_visit = {inspection.replaces_id}
    earlier = [
        i
        for i in recent
        if i.id not in same_visit and i.replaces_id != inspection.id and _moment(i, rb) < until
    ]
    return max(earlier, key=lambda i: _moment(i, rb), default=None)


def rain_since_previous(session: Session, inspection: Inspection, rb: Rulebook) -> str:
    """'0.62 in at Fairwater WWTP since the previous inspection (2026-11-24)', in words."""
    _link, gauge = rain.site_gauge(session, inspection.site_id)
    if gauge is None:
        return "Not known: no rain gauge is linked to this site"
    before = previous_inspection(session, inspection, rb)
    if before is None:
        return "Not counted: this is the site's first inspection"
    since, until = _moment(before, rb), _moment(inspection, rb)
    # Back as far as the clock looks (rain.evaluate_gauge): a reading before the previous
    # inspection that read the same rain as one since is weighed as the clock weighs it.
    back = rain_rules.look_back(rb)
    rows = session.exec(
        select(
            RainReading.period_start,
            RainReading.period_end,
            RainReading.amount_in,
            RainReading.trace,
        ).where(
            RainReading.gauge_id == gauge.id,
            RainReading.period_end > since - back,
            RainReading.period_end <= until,
        )
    ).all()
    # The same rain read twice (the office's reading and a tablet's) counts once, as on the clock.
    total = round(
        sum(r.amount_in for r in rain_rules.counted_readings(rows, rb) if r.period_end > since), 2
    )
    trace = any(r.trace for r in rows if r.period_end > since)
    amount = f"{total:.2f} in" if total else ("a trace" if trace else "none")
    return (
        f"{amount} at {gauge.name} since the previous inspection "
        f"({before.inspected_on.isoformat()})"
    )


def received(inspection: Inspection, rb: Rulebook) -> str:
    """When the record reached the Village, in its time, and how many of its days after the visit
    when later: a record sent days after the visit it reports (a tablet offline, or a visit filled
    in afterwards) says so wherever the record is read, so the Village can weigh it."""
    if inspection.received_at is None:
        return "-"
    at = clocks.to_local(inspection.received_at, rb)
    later = after_the_visit(inspection.inspected_on, inspection.received_at, rb)
    return f"{at:%Y-%m-%d %H:%M %Z}" + (f", {later}" if later else "")


def after_the_visit(inspected_on, received_at, rb: Rulebook) -> str:
    """'3 days after the visit' for a record received on a later Village day than its visit, ""
    for one received the same day: the report and the site page's timeline say it alike."""
    days = clocks.days_after(inspected_on, received_at, rb)
    return f"{days} day{'s' if days != 1 else ''} after the visit" if days > 0 else ""


def qualification(session: Session, inspection: Inspection, rb: Rulebook) -> str | None:
    """The inspector's certification as their profile holds it, and whether it had expired on
    the day inspected; None when the profile holds none."""
    user = session.get(User, inspection.user_id) if inspection.user_id else None
    kind = getattr(user, "certification_type", None)
    if not kind:
        return None
    number = getattr(user, "certification_number", None)
    expires = getattr(user, "certification_expires_on", None)
    text = kind + (f" no. {number}" if number else "")
    if expires is not None:
        lapsed = expires < inspection.inspected_on
        text += f", {'EXPIRED on' if lapsed else 'valid until'} {expires.isoformat()}"
    return text


def follow_up_rows(ctx: dict, rb: Rulebook) -> list[dict]:
    """Form 3400-187's follow-up page: one row per practice needing modification."""
    rows = []
    for a in ctx["answers"]:
        if a.result != "fail":
            continue
        item = ctx["items"].get(a.item_code, {})
        f = ctx["findings_by_item"].get(a.item_code)
        rows.append(
            {
                "title": item.get("title", "Checklist item"),
                "code": a.item_code,
                "citation": item.get("citation", ""),
                "action": (f.required_action if f and f.required_action else "")
                or a.corrective_action
                or item.get("corrective_action", ""),
                "due_at": f.due_at if f else None,
                "status": FINDING_STATUS_WORDS.get(f.status, f.status.capitalize())
                if f
                else "No finding recorded",
                "overdue": bool(f and f.id in ctx["overdue"]),
                "corrected_at": f.corrected_at if f else None,
                "corrected_note": f.corrected_note if f else "",
                "staff_notes": ctx["staff_notes"].get(f.id, []) if f else [],
                "finding": f,
                "item": item,
            }
        )
    return rows


def staff_notes_of(session: Session, found: list) -> dict[str, list[dict]]:
    """The verification notes (closing or reopening) of each finding, by finding id: the follow-up
    table prints them under the practice, with when and by whom."""
    return {f.id: notes for f in found if (notes := finding_notes.staff_notes_signed(session, f))}


def follow_up_notes(rows: list[dict], rb: Rulebook) -> list[str]:
    """The rulebook's notes on the due times the follow-up table states, each once: the ordinance
    sets none, so the report says which reading gave them, as the finding's page and PDF do."""
    notes: dict[str, None] = {}
    for r in rows:
        if r["due_at"] is not None:
            notes.update(dict.fromkeys(findings_raised.due_notes(r["item"], rb)))
    return list(notes)


def practice_rows(ctx: dict, rb: Rulebook) -> list[dict]:
    """One row per answered practice, with its measurements and calculation in words."""
    rows = []
    for a in ctx["answers"]:
        item = ctx["items"].get(a.item_code, {})
        rows.append(
            {
                "answer": a,
                "title": item.get("title", "Checklist item"),
                "code": a.item_code,
                "citation": item.get("citation", ""),
                "measurements": checklist.measurement_lines(item, a.measurements or {}),
                "calculation": sentence(a.calculator, rb) if a.calculator else "",
            }
        )
    return rows


# A capture time the camera did not write says so: a file's date may be when it was copied.
TIME_SOURCE_NOTES = {
    "file": " (time from the file, not the camera)",
    "device-clock": " (time from the tablet's clock, not the camera)",
}


def photo_rows(ctx: dict, rb: Rulebook) -> list[dict]:
    """Each photo's caption, the practice it shows, when it was taken and where."""
    photos = sorted(ctx["photos"], key=lambda p: (p.taken_at or p.received_at, p.id))
    failed = {a.item_code for a in ctx["answers"] if a.result == "fail"}
    rows = []
    for n, p in enumerate(photos, 1):
        item = ctx["items"].get(p.item_code) if p.item_code else None
        title = item["title"] if item else "General site view"
        caption = f"Photo {n} of {len(photos)}: {title}"
        if p.item_code in failed:
            caption += " (modifications required)"
        rows.append(
            {
                "photo": p,
                "caption": caption,
                "marks": ctx.get("marks", {}).get(p.id),  # drawn over it (page) and on it (PDF)
                "item": f"{title} ({p.item_code})" if item else title,
                "time": clocks.to_local(p.taken_at, rb).strftime("%Y-%m-%d %H:%M %Z")
                + TIME_SOURCE_NOTES.get(p.taken_at_source, "")
                if p.taken_at
                else "Not recorded",
                "gps": f"{p.latitude:.5f}, {p.longitude:.5f}"
                if p.latitude is not None and p.longitude is not None
                else "No position recorded",
            }
        )
    return rows
