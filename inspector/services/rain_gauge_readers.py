"""Who reads a rain gauge and who may record readings at it: staff at every gauge; a permittee only
at a gauge that stands for its own sites alone, since a reading counts for every site using its
gauge. A permittee sees every gauge that stands for one of its sites, and is told who reads each.
"""

from __future__ import annotations

from sqlmodel import Session, select

from ..models import Company, RainGauge, RainReading, Site, SiteGauge, User
from ..rules.rulebook import Rulebook
from .rain import HAND_READ, all_gauges, gauges_for_sites, nearest_gauge
from .sites import visible_sites_query

SHARED_GAUGE = (
    "This gauge also stands for other companies' sites: a reading from you would start "
    "their post-rain deadlines, so a permittee's reading counts only for its own sites. "
    "The Village records readings at this gauge; ask it for an on-site gauge of your own."
)


def gauges_for(session: Session, user: User) -> list[RainGauge]:
    """Gauges a user may record readings at: all for staff; for a permittee, those that stand only
    for its own sites. A reading counts for every site using its gauge, so a permittee's reading at
    a gauge that also stands for another company's site (or one nobody holds) would move their
    clocks."""
    query = select(RainGauge).order_by(RainGauge.name)
    if user.role != "permittee":
        return list(session.exec(query).all())
    visible = visible_sites_query(user).with_only_columns(Site.id)
    mine = select(SiteGauge.gauge_id).where(SiteGauge.site_id.in_(visible))
    linked = session.exec(query.where(RainGauge.id.in_(mine))).all()
    shared = shared_gauge_ids(session, user)
    return [g for g in linked if g.id not in shared]


def gauges_seen_by(session: Session, user: User, rb: Rulebook) -> list[RainGauge]:
    """Gauges a user may look at: all for staff; for a permittee, every gauge that stands for one of
    its sites, shared or not, since that gauge's rain starts the site's post-rain deadlines (it
    records readings only at gauges_for's)."""
    if user.role != "permittee":
        return all_gauges(session)
    mine = session.exec(visible_sites_query(user)).all()
    seen = {gauge.id: gauge for gauge in gauges_for_sites(session, list(mine), rb).values()}
    return sorted(seen.values(), key=lambda gauge: (gauge.name, gauge.id))


def readers_of(session: Session, gauge_ids: list[int], viewer: User) -> dict[int, list[str]]:
    """Who reads each gauge, from the readings taken at it by hand (RainReading.user_id): "the
    Village" for staff, the company's name for a permittee; the Village first, then by name. A
    permittee is told another company's name no more than its sites: "another company"."""
    if not gauge_ids:
        return {}
    rows = _hand_readers(session, gauge_ids)
    own = viewer.company.name if viewer.role == "permittee" and viewer.company else None
    found: dict[int, set[str]] = {}
    for gauge_id, role, _company_id, company in rows:
        who = _reader(role, company)
        if viewer.role == "permittee" and who not in ("the Village", own):
            who = "another company"
        found.setdefault(gauge_id, set()).add(who)
    return {
        gauge_id: sorted(names, key=lambda n: (n != "the Village", n == "another company", n))
        for gauge_id, names in found.items()
    }


def _reader(role: str, company: str | None) -> str:
    """Who a hand reading's author reads for: its company's name for a permittee, else "the
    Village" (staff)."""
    return company if role == "permittee" and company else "the Village"


def _hand_readers(session: Session, gauge_ids: list[int]) -> list:
    """(gauge id, role, company id, company name) of each person who read these gauges by hand."""
    return session.exec(
        select(RainReading.gauge_id, User.role, Company.id, Company.name)
        .join(User, User.id == RainReading.user_id)
        .join(Company, Company.id == User.company_id, isouter=True)
        .where(RainReading.gauge_id.in_(gauge_ids), RainReading.source.in_(HAND_READ))
        .distinct()
    ).all()


def linking_costs(session: Session, gauges: list, holder_id: int | None) -> dict[int, dict]:
    """For staff choosing a site's gauge: each on-site gauge read by hand, with who reads it ("the
    Village", company names) and the companies among them that could no longer record readings
    there once a site held by `holder_id` (None: no one) is linked to it: a permittee records only
    at a gauge that stands for its own sites alone (gauges_for), and that site's post-rain deadlines
    would run on the readings taken there."""
    ids = [gauge.id for gauge in gauges if gauge.kind == "onsite"]
    if not ids:
        return {}
    found: dict[int, dict] = {}
    for gauge_id, role, company_id, company in _hand_readers(session, ids):
        entry = found.setdefault(gauge_id, {"readers": set(), "lose": set()})
        who = _reader(role, company)
        entry["readers"].add(who)
        if company and who == company and company_id != holder_id:  # a permittee's company
            entry["lose"].add(company)
    return {
        gauge_id: {
            "readers": sorted(e["readers"], key=lambda n: (n != "the Village", n)),
            "lose": sorted(e["lose"]),
        }
        for gauge_id, e in found.items()
    }


def shared_gauge_ids(session: Session, user: User) -> set[int]:
    """Gauges that also stand for a site this permittee does not hold: linked to it, or (for a site
    not linked yet) its nearest gauge."""
    visible = visible_sites_query(user).with_only_columns(Site.id)
    others = select(SiteGauge.gauge_id).where(SiteGauge.site_id.not_in(visible))
    ids = set(session.exec(others).all())
    unlinked = session.exec(
        select(Site).where(Site.id.not_in(visible), Site.id.not_in(select(SiteGauge.site_id)))
    ).all()
    for site in unlinked:
        nearest = nearest_gauge(session, site)
        if nearest is not None:
            ids.add(nearest[0].id)
    return ids
