"""Sites: create, edit, who may see them, and what the ordinance says about them."""

from __future__ import annotations

import math

from sqlmodel import Session, select

from ..mail import one_line
from ..models import PROJECT_KINDS, Permit, Site, User
from ..models.base import utcnow
from ..models.sites import EXCLUDED_USES
from ..rules import applicability, checklist
from ..rules.rulebook import Rulebook, default
from . import NotFound, ServiceError, audit, by_key, by_keys
from .permits import CURRENT_LAST

# (field, label, minimum, maximum): absurd values are refused with the field named.
NUMBER_LIMITS = {
    "latitude": ("Latitude", -90.0, 90.0),
    "longitude": ("Longitude", -180.0, 180.0),
    "area_acres": ("Area (acres)", 0.0, 100000.0),
    "length_ft": ("Length (feet)", 0.0, 528000.0),
    "disturbed_acres": ("Acres disturbed at one time", 0.0, 100000.0),
}
TEXT_FIELDS = {"name": 200, "address": 300, "legal_description": 2000}
# One line, from a form or a tablet alike: a name goes into e-mail subjects, which cannot hold a break.
ONE_LINE_FIELDS = ("name", "address")
FLAGS = (
    "channel_originates",
    "state_funded",
    "extraterritorial",
    "has_stockpiles",
    "has_dewatering",
)
EDITABLE = tuple(TEXT_FIELDS) + ("project_kind", "excluded_use") + tuple(NUMBER_LIMITS) + FLAGS
# Readings the ordinance leaves to the Village: {name: (column, its recorded_by / _at prefix)}.
READINGS = {
    "runoff_leaves_site": "runoff",
    "extraterritorial_exercised": "extraterritorial",
    "dewatering_fines_only": "dewatering",
}


def clean_site_data(data: dict, rb: Rulebook | None = None) -> dict:
    """Validate site fields (from a form or a sync payload); raise ServiceError naming the field."""
    rb = rb or default()
    out: dict = {}
    for key, limit in TEXT_FIELDS.items():
        if key in data:
            value = (data[key] or "").strip()
            if key in ONE_LINE_FIELDS:
                value = one_line(value)
            if len(value) > limit:
                raise ServiceError(f"At most {limit} characters.", field=key)
            out[key] = value
    if "name" in out and not out["name"]:
        raise ServiceError("A site needs a name.", field="name")
    if "project_kind" in data:
        if data["project_kind"] not in PROJECT_KINDS:
            raise ServiceError("Choose a project kind from the list.", field="project_kind")
        out["project_kind"] = data["project_kind"]
    if "excluded_use" in data:
        if data["excluded_use"] not in (None, "", *EXCLUDED_USES):
            raise ServiceError(
                f"Choose an excluded use from the list ({rb['excluded_uses.citation']}), or none.",
                field="excluded_use",
            )
        out["excluded_use"] = data["excluded_use"] or None
    for key, (label, low, high) in NUMBER_LIMITS.items():
        if key not in data:
            continue
        value = data[key]
        if value in (None, ""):
            out[key] = None
            continue
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise ServiceError(f"{label} must be a number.", field=key) from None
        if isinstance(value, bool) or not math.isfinite(number) or not low <= number <= high:
            raise ServiceError(f"{label} must be between {low:g} and {high:g}.", field=key)
        out[key] = number
    for key in FLAGS:
        if key in data:
            if not isinstance(data[key], bool):
                raise ServiceError("Must be true or false.", field=key)
            out[key] = data[key]
    return out


def _check_size(values: dict) -> None:
    kind = values.get("project_kind")
    if kind in ("street_work", "underground_pipe") and values.get("length_ft") is None:
        raise ServiceError("Street and pipe projects need their length in feet.", field="length_ft")
    if (
        kind
        and kind not in ("street_work", "underground_pipe")
        and values.get("area_acres") is None
    ):
        raise ServiceError("Enter the site's area in acres.", field="area_acres")
    if (
        values.get("disturbed_acres") is not None
        and values.get("area_acres") is not None
        and values["disturbed_acres"] > values["area_acres"]
    ):
        raise ServiceError(
            "Acres disturbed at one time cannot exceed the site's area.", field="disturbed_acres"
        )


def create_site(session: Session, data: dict, *, user: User, rb: Rulebook | None = None) -> Site:
    values = clean_site_data(data, rb)
    for required in ("name", "project_kind"):
        if required not in values:
            raise ServiceError("This field is required.", field=required)
    _check_size(values)
    site = Site(**values)
    session.add(site)
    session.flush()
    audit.record(
        session,
        entity="site",
        entity_id=site.id,
        action="create",
        user_id=user.id,
        after=audit.snapshot(site),
        site_id=site.id,
    )
    return site


def update_site(
    session: Session,
    site: Site,
    data: dict,
    *,
    user: User,
    device_id: str | None = None,
    rb: Rulebook | None = None,
) -> Site:
    values = clean_site_data(data, rb)
    before = audit.snapshot(site)
    merged = {**site.model_dump(), **values}
    _check_size(merged)
    for key, value in values.items():
        setattr(site, key, value)
    site.version += 1
    site.updated_at = utcnow()
    session.add(site)
    session.flush()
    audit.record(
        session,
        entity="site",
        entity_id=site.id,
        action="update",
        user_id=user.id,
        before=before,
        after=audit.snapshot(site),
        site_id=site.id,
        device_id=device_id,
    )
    return site


def record_reading(
    session: Session, site: Site, name: str, value: bool, *, user: User, reason: str, now
) -> Site:
    """A supervisor records a reading the ordinance leaves to the Village (runoff leaving the site,
    the extraterritorial option, dewatering water without particles over 100 µm), with who and
    when."""
    if user.role != "supervisor":
        from . import Forbidden

        raise Forbidden("Only a supervisor may record this.")
    if name not in READINGS or not isinstance(value, bool):
        raise ServiceError("Unknown reading.", field="reading")
    reason = (reason or "").strip()
    if not reason:
        raise ServiceError(
            "Say what the record rests on (an observation, a survey, an analysis).", field="reason"
        )
    if len(reason) > 2000:
        raise ServiceError("At most 2000 characters.", field="reason")
    before = audit.snapshot(site)
    prefix = READINGS[name]
    setattr(site, name, value)
    setattr(site, f"{prefix}_recorded_by", user.id)
    setattr(site, f"{prefix}_recorded_at", now)
    site.version += 1
    site.updated_at = now
    session.add(site)
    session.flush()
    audit.record(
        session,
        entity="site",
        entity_id=site.id,
        action=f"record_{name}",
        user_id=user.id,
        before=before,
        after={**audit.snapshot(site), "reason": reason},
        site_id=site.id,
    )
    return site


def _holder():
    """The company holding each site: that of its current permit as permits.current_permit picks it
    (its newest in force, else its newest), denied applications left out. A SELECT correlated to
    Site."""
    return (
        select(Permit.company_id)
        .where(Permit.site_id == Site.id, Permit.status != "denied")
        .order_by(*(column.desc() for column in CURRENT_LAST))
        .limit(1)
        .correlate(Site)  # only to the site: inside a query of permits it still reads its own
        .scalar_subquery()
    )


def visible_sites_query(user: User):
    """Permittees see the sites their company holds (_holder); staff see all. A company whose
    application was denied, or whose permit ended before another company's took the site over,
    sees none of the site's records: they are the holder's (inspections, findings, photos)."""
    query = select(Site)
    if user.role == "permittee":
        query = query.where(_holder() == user.company_id)
    return query


def held_and_handed_over(session: Session, user: User) -> tuple[set[int], set[int]]:
    """A permittee's sites: those its company holds now (visible_sites_query), and those it held
    under a permit (not denied) that another company's permit has since taken over. A device pulled
    the second kind while its company held them: the pull tells it to drop them (sync/protocol.py)."""
    held = set(session.exec(visible_sites_query(user).with_only_columns(Site.id)))
    ever = session.exec(
        select(Permit.site_id)
        .where(Permit.company_id == user.company_id, Permit.status != "denied")
        .distinct()
    )
    return held, set(ever) - held


HANDED_OVER = (
    "Your company no longer holds this site: another company's permit has taken it over, so the "
    "Village takes no record for it from you. Nothing was stored; keep the record (it can be "
    "downloaded from the outbox) and tell the Village what you saw."
)


def unseen(session: Session, user: User, site_id) -> NotFound:
    """The refusal for a site the user may not see: a permittee whose company held it before
    another company's permit took it over is told so (it knew the site); anyone else hears
    "No such site.", as for a site that does not exist (ids of others' sites do not leak)."""
    if user.role == "permittee" and site_id in held_and_handed_over(session, user)[1]:
        return NotFound(HANDED_OVER)
    return NotFound("No such site.")


def visible_among(session: Session, user: User, site_ids) -> list[Site]:
    """The sites of `site_ids` the user may see (staff: every one that exists, read by a statement
    built once; a sync batch asks this for its sites)."""
    if user.role == "permittee":
        return list(session.exec(visible_sites_query(user).where(Site.id.in_(site_ids))))
    return by_keys(session, Site, site_ids)  # visible_sites_query adds no clause for staff


def can_see_site(session: Session, user: User, site_id: int) -> bool:
    return session.exec(visible_sites_query(user).where(Site.id == site_id)).first() is not None


def get_visible_site(session: Session, user: User, site_id: int) -> Site:
    """The site, or NotFound (404) when it does not exist or the user may not see it."""
    if user.role == "permittee":
        site = session.exec(visible_sites_query(user).where(Site.id == site_id)).first()
    else:  # staff see every site (visible_sites_query adds no clause): a read by primary key
        site = by_key(session, Site, site_id)
    if site is None:
        raise NotFound("No such site.")
    return site


def facts(site: Site) -> applicability.SiteFacts:
    return applicability.SiteFacts(
        project_kind=site.project_kind,
        area_acres=site.area_acres,
        length_ft=site.length_ft,
        disturbed_acres=site.disturbed_acres,
        channel_originates=site.channel_originates,
        state_funded=site.state_funded,
        extraterritorial=site.extraterritorial,
        excluded_use=site.excluded_use,
        extraterritorial_exercised=site.extraterritorial_exercised,
        runoff_leaves_site=site.runoff_leaves_site,
    )


def ordinance_view(site: Site, rb: Rulebook) -> dict:
    """Everything the site page says about the ordinance: applicability, regime, checklist items."""
    f = facts(site)
    decision = applicability.ordinance_applies(f, rb)
    regime = applicability.erosion_regime(f, rb)
    tags = checklist.site_tags(
        regime=regime.name,
        has_stockpiles=site.has_stockpiles,
        has_dewatering=site.has_dewatering,
        project_kind=site.project_kind,
        dewatering_fines_only=site.dewatering_fines_only,
    )
    return {
        "applicability": decision,
        "regime": regime,
        "tags": sorted(tags),
        "checklist": checklist.items_for(tags, rb, runoff_leaves_site=site.runoff_leaves_site),
    }
