"""A site's public records page (NR 216.48(4)(c); docs/public-records.md).

The Village (a supervisor) or the site's permittee turns the page on or off. While on, anyone with
its address (/public/<token>, printed as a QR code on the site sign) reads the permit, the last
weekly and the last post-rain inspection reports with their photos, the rain log and the open
findings, and nothing else: no e-mail, phone or user name (an inspection shows the inspector's name
as its report does). Turning it off clears the token: the address answers 404. Turning it on again
issues a new token, so an old sign stops working and the DNR must be told the new address."""

from __future__ import annotations

import re
import secrets
from datetime import date, datetime, timedelta

from sqlmodel import Session, select

from ..models import (
    Finding,
    Inspection,
    Permit,
    Photo,
    PublicRecords,
    RainReading,
    Site,
    User,
)
from ..rules.clocks import local_date
from . import (
    Forbidden,
    NotFound,
    ServiceError,
    audit,
    by_key,
    finding_notes,
    findings,
    permits,
    photo_marks,
    rain,
)

TOKEN_BYTES = 24  # 32 URL-safe characters: 192 bits, not guessable
SHOWN_KINDS = ("weekly", "post_rain")  # the reports NR 216.48(4) asks to keep


def state(session: Session, site_id: int) -> PublicRecords | None:
    return by_key(session, PublicRecords, site_id)


def may_manage(session: Session, user: User, site: Site) -> bool:
    """A supervisor (the Village), or a permittee whose company holds or applies for a permit on
    the site (the caller has already checked that the user may see the site)."""
    if user.role == "supervisor":
        return True
    if user.role != "permittee" or user.company_id is None:
        return False
    query = select(Permit.id).where(Permit.site_id == site.id, Permit.company_id == user.company_id)
    return session.exec(query).first() is not None


def _require_manager(session: Session, user: User, site: Site) -> None:
    if not may_manage(session, user, site):
        raise Forbidden(
            "Only the Village's supervisor or the site's permittee may publish its records."
        )


def turn_on(session: Session, site: Site, *, user: User, now: datetime) -> PublicRecords:
    """Publish the page under a new token (a page already on keeps its address)."""
    _require_manager(session, user, site)
    row = state(session, site.id) or PublicRecords(site_id=site.id)
    if row.token:
        raise ServiceError("The public records page is already on.", status=409)
    before = audit.snapshot(row) if row.turned_on_at else None
    row.token = secrets.token_urlsafe(TOKEN_BYTES)
    row.turned_on_at, row.turned_on_by = now, user.id
    row.turned_off_at = row.turned_off_by = None
    # The DNR was told the old address (if any); the new one still has to be told.
    row.dnr_told_on = row.dnr_told_by = row.dnr_told_recorded_at = None
    session.add(row)
    audit.record(
        session,
        entity="public_records",
        entity_id=site.id,
        action="turn_on",
        user_id=user.id,
        before=_without_token(before),
        after={"turned_on_at": now.isoformat(), "new_address": before is not None},
        site_id=site.id,
    )
    return row


def turn_off(session: Session, site: Site, *, user: User, now: datetime) -> PublicRecords:
    _require_manager(session, user, site)
    row = state(session, site.id)
    if row is None or not row.token:
        raise ServiceError("The public records page is already off.", status=409)
    before = audit.snapshot(row)
    row.token = None
    row.turned_off_at, row.turned_off_by = now, user.id
    session.add(row)
    audit.record(
        session,
        entity="public_records",
        entity_id=site.id,
        action="turn_off",
        user_id=user.id,
        before=_without_token(before),
        after={"turned_off_at": now.isoformat()},
        site_id=site.id,
    )
    return row


def record_dnr_told(
    session: Session, site: Site, told_on, *, user: User, now: datetime, rb
) -> PublicRecords:
    """The day the DNR was told the page's address (the Village's day; not in the future, not
    before the page was turned on)."""
    _require_manager(session, user, site)
    row = state(session, site.id)
    if row is None or not row.token:
        raise ServiceError("Turn the public records page on first: it has no address yet.")
    if not isinstance(told_on, date):
        raise ServiceError(
            "Enter the day the DNR was told, such as 2026-12-01.", field="dnr_told_on"
        )
    if told_on > local_date(now, rb):
        raise ServiceError("That day is in the future.", field="dnr_told_on")
    if row.turned_on_at is not None and told_on < local_date(row.turned_on_at, rb):
        raise ServiceError(
            "That day is before this address existed (the page was turned on later).",
            field="dnr_told_on",
        )
    before = {"dnr_told_on": row.dnr_told_on.isoformat() if row.dnr_told_on else None}
    row.dnr_told_on, row.dnr_told_by, row.dnr_told_recorded_at = told_on, user.id, now
    session.add(row)
    audit.record(
        session,
        entity="public_records",
        entity_id=site.id,
        action="dnr_told",
        user_id=user.id,
        before=before,
        after={"dnr_told_on": told_on.isoformat()},
        site_id=site.id,
    )
    return row


def _without_token(snapshot: dict | None) -> dict | None:
    """The audit trail keeps when and by whom, never the address itself (anyone reading the trail
    could otherwise open a page that was turned off and on again)."""
    if snapshot is None:
        return None
    return {k: v for k, v in snapshot.items() if k != "token"}


# ---------------------------------------------------------------- what the page shows


def site_for_token(session: Session, token: str) -> Site:
    """The published site, or NotFound for an unknown or turned-off address."""
    if not token or len(token) > 64:
        raise NotFound("No such page.")
    row = session.exec(select(PublicRecords).where(PublicRecords.token == token)).first()
    site = session.get(Site, row.site_id) if row is not None else None
    if site is None:
        raise NotFound("No such page.")
    return site


def latest_reports(session: Session, site_id: int) -> list[Inspection]:
    """The last weekly and the last post-rain inspection of the site (a corrected one by its
    correction), newest first."""
    replaced = select(Inspection.replaces_id).where(
        Inspection.site_id == site_id, Inspection.replaces_id.is_not(None)
    )
    out = []
    for kind in SHOWN_KINDS:
        found = session.exec(
            select(Inspection)
            .where(
                Inspection.site_id == site_id,
                Inspection.kind == kind,
                Inspection.id.not_in(replaced),
            )
            .order_by(Inspection.inspected_on.desc(), Inspection.received_at.desc())
        ).first()
        if found is not None:
            out.append(found)
    return sorted(out, key=lambda i: (i.inspected_on, i.received_at), reverse=True)


def photo_for_token(session: Session, token: str, photo_id: str) -> Photo:
    """A photo of one of the reports the page shows; any other photo is NotFound."""
    site = site_for_token(session, token)
    photo = session.get(Photo, photo_id)
    shown = {i.id for i in latest_reports(session, site.id)}
    if photo is None or photo.inspection_id not in shown:
        raise NotFound("No such photo.")
    return photo


def rain_log(session: Session, site: Site, now: datetime, days: int) -> dict:
    """The site's gauge and its readings of the last `days` days (no one's name: a reading is a
    gauge's)."""
    _link, gauge = rain.site_gauge(session, site.id)
    if gauge is None:
        return {"gauge": None, "readings": []}
    readings: list[RainReading] = rain.daily_readings(session, gauge.id, now - timedelta(days=days))
    return {"gauge": gauge, "readings": readings}


def page(session: Session, site: Site, now: datetime, rb) -> dict:
    """What the public page shows, in a few queries."""
    permit = permits.current_permit(session, site.id)
    reports = latest_reports(session, site.id)
    photos: dict[str, list[Photo]] = {i.id: [] for i in reports}
    if reports:
        for p in session.exec(
            select(Photo).where(Photo.inspection_id.in_(list(photos))).order_by(Photo.taken_at)
        ):
            photos[p.inspection_id].append(p)
    open_findings: list[Finding] = findings.open_findings(session, [site.id])
    return {
        "site": site,
        "permit": permit,
        "reports": reports,
        "photos": photos,
        "marks": {
            pid: [_public_mark(m, rb) for m in marks]
            for pid, marks in photo_marks.of_photos(
                session, [p.id for ps in photos.values() for p in ps]
            ).items()
        },
        "findings": open_findings,
        "no_note": finding_notes.no_note_written(session, open_findings),
        "rain": rain_log(session, site, now, rb["public_records.rain_days"]),
        "state": state(session, site.id),
    }


# An e-mail address is [\w.+-]+@[\w-]+(?:\.[\w-]+)+ (local part, "@", a dotted domain). That pattern
# given to re.sub tries every start in a long run of letters (a note pasted as one long word), which
# takes time as the square of its length on a page anyone may open; _without_emails finds the same
# addresses from each "@" instead (tests/services/test_public_contacts.py, bench/bench_public_contacts.py).
AT_DOMAIN = re.compile(r"@[\w-]+(?:\.[\w-]+)+")
LOCAL_CHAR = re.compile(r"[\w.+-]")
# North American numbers written any usual way: 920-555-0142, (920) 555 0142, +1 920.555.0142.
PHONE = re.compile(r"(?<![\d-])(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}(?![\d-])")


def _public_mark(mark, rb):
    """A mark as the public page draws it: a label's words without contact details, as every
    other text there."""
    if isinstance(mark, dict) and isinstance(mark.get("text"), str):
        return {**mark, "text": without_contacts(mark["text"], rb)}
    return mark


def without_contacts(text: str | None, rb) -> str:
    """Free text as the public page shows it: e-mail addresses and phone numbers left out."""
    removed = rb["public_records.contact_removed"]
    return PHONE.sub(removed, _without_emails(text or "", removed))


def _without_emails(text: str, removed: str) -> str:
    """The text with each e-mail address replaced, as the pattern above would replace them, left to
    right: an address's local part runs back from its "@" over [\\w.+-], not into the address before."""
    parts, done = [], 0
    for found in AT_DOMAIN.finditer(text):
        start = found.start()
        while start > done and LOCAL_CHAR.match(text, start - 1):
            start -= 1
        if start < found.start():
            parts += [text[done:start], removed]
            done = found.end()
    parts.append(text[done:])
    return "".join(parts)
