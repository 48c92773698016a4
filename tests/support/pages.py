"""Every page a person can open, from the app's url_map, each with the role that sees it and its
path parameters filled from real records: the demo data (what a new user sees) plus the route
matrix's world (an order of each kind, a device, a conflict, photos), with a revoked permit and a
cease-and-desist request so that every order document exists.

A GET route is either a page here or in NOT_PAGES with the reason; a new GET route in neither
fails the tests that use this list (the accessibility sweep and the plain-words check)."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta

from sqlmodel import select

from inspector import create_app, demo
from inspector.db import create_all, get_session
from inspector.models import Seal, Site
from inspector.models.base import utcnow
from inspector.services import public_records, sites, stop_work_compliance, stop_work_issuing
from tests.support import world as world_module

# A role -> (e-mail, password) to sign in with; None for anonymous.
ACCOUNTS = {
    "anonymous": None,
    "supervisor": ("supervisor@fairwater.example", demo.PASSWORD),
    "inspector": ("inspector@fairwater.example", demo.PASSWORD),
    "permittee": ("permittee@prairie-builders.example", demo.PASSWORD),
    # Company B of the world: the permittee whose site has an order, a request and a reading.
    "permittee_b": ("jo@rival.example", world_module.PASSWORD),
}

# GET routes that are not pages a person reads: files, data, redirects, the worker.
NOT_PAGES = {
    "/": "a redirect to the role's landing page",
    "/static/<path:filename>": "static files",
    "/sw.js": "the service worker script",
    "/manifest.webmanifest": "the web app manifest (JSON)",
    "/calculators/rules.json": "data for the field app",
    "/exports/inspections.csv": "a CSV download",
    "/exports/findings.csv": "a CSV download",
    "/exports/sites.geojson": "a GeoJSON download",
    "/inspections/<inspection_id>.pdf": "a PDF download",
    "/orders/<order_id>/<any(notice, revocation, 'cease-desist'):kind>.pdf": "a PDF download",
    "/permits/<int:permit_id>/documents/<int:doc_id>": "an uploaded document (download)",
    "/photos/<photo_id>": "an image",
    "/photos/<photo_id>/thumb": "an image",
    "/findings/<finding_id>/photos/<photo_id>": "an image",
    "/findings/<finding_id>/photos/<photo_id>/<any(thumb):size>": "an image",
    "/inspections/<inspection_id>/photos/<photo_id>": "an image",
    "/inspections/<inspection_id>/photos/<photo_id>/<any(thumb):size>": "an image",
    "/orders/<order_id>/photos/<photo_id>": "an image",
    "/orders/<order_id>/photos/<photo_id>/<any(thumb):size>": "an image",
    "/public/<token>/photos/<photo_id>": "an image",
    "/public/<token>/photos/<photo_id>/<any(thumb):size>": "an image",
    "/sites/<int:site_id>/public/sign.pdf": "a PDF download",
    "/sites/<int:site_id>/packet.zip": "a ZIP download",
    "/api/v1/openapi.json": "sync API (JSON)",
    "/api/v1/csrf": "sync API (JSON)",
    "/api/v1/sync/pull": "sync API (JSON)",
    "/api/v1/inspections/<inspection_id>": "sync API (JSON)",
}


@dataclass(frozen=True)
class Page:
    rule: str
    role: str  # a key of ACCOUNTS
    url: str  # with the path parameters (and any query) filled
    ready: str | None = None  # field pages: the body[data-ready] value once drawn

    @property
    def field(self) -> bool:
        return self.url.startswith("/app/")


# rule -> [(role, {parameter overrides or "?query"}, ready)]; a rule may be seen by several roles.
SPEC = {
    "/login": [("anonymous", {}, None)],
    "/verify/<value>": [("anonymous", {}, None)],
    "/public/<token>": [("anonymous", {}, None)],
    "/calculators/": [("anonymous", {}, None), ("inspector", {}, None)],
    "/calculators/<name>": [("anonymous", {}, None)],
    "/account": [("inspector", {}, None)],
    "/account/password": [("supervisor", {}, None)],
    "/audit/": [("supervisor", {}, None)],
    "/calendar/": [("supervisor", {}, None)],
    "/calendar/holidays": [("supervisor", {}, None)],
    "/conflicts/": [("supervisor", {}, None)],
    "/dashboard": [("supervisor", {}, None)],
    "/devices/": [("supervisor", {}, None), ("permittee_b", {}, None)],
    "/findings/": [("supervisor", {}, None), ("permittee_b", {}, None)],
    "/findings/<finding_id>": [("supervisor", {}, None), ("permittee_b", {}, None)],
    "/inspections/<inspection_id>": [("supervisor", {}, None)],
    "/orders/<order_id>": [
        ("supervisor", {}, None),
        ("supervisor", {"order_id": "proposed_order_id"}, None),
        ("supervisor", {"order_id": "revoked_order_id"}, None),
        ("permittee_b", {}, None),
    ],
    "/orders/<order_id>/<any(notice, revocation, 'cease-desist'):kind>": [
        ("supervisor", {"kind": "notice"}, None),
        ("supervisor", {"kind": "revocation", "order_id": "revoked_order_id"}, None),
        ("supervisor", {"kind": "cease-desist", "order_id": "cease_desist_order_id"}, None),
    ],
    "/sites/<int:site_id>/permits/apply": [("supervisor", {"site_id": "unpermitted_site"}, None)],
    "/permits/<int:permit_id>": [("supervisor", {}, None), ("permittee_b", {}, None)],
    "/rain/": [("supervisor", {}, None)],
    "/rain/gauges/<int:gauge_id>": [("supervisor", {}, None)],
    "/rain/import": [("supervisor", {}, None)],
    "/sites/": [("supervisor", {}, None)],
    "/sites/new": [("supervisor", {}, None)],
    "/sites/<int:site_id>": [
        ("supervisor", {}, None),
        ("supervisor", {"site_id": "demo_site"}, None),
        ("permittee_b", {}, None),
    ],
    "/sites/<int:site_id>/edit": [("supervisor", {}, None)],
    "/sites/<int:site_id>/packet": [("supervisor", {}, None)],
    "/users/": [("supervisor", {}, None)],
    "/app/": [("inspector", {}, "home"), ("permittee", {}, "home")],
    "/app/inspect": [
        ("inspector", {"?": "site=demo_site&kind=weekly"}, "capture"),
        ("permittee", {"?": "site=demo_site&kind=weekly"}, "capture"),
    ],
    "/app/outbox": [("inspector", {}, "outbox")],
    "/app/rain": [("inspector", {}, "rain")],
    "/app/findings": [("permittee", {}, "findings")],
    "/app/stop-work": [("inspector", {"?": "site=demo_site"}, "stop-work")],
    "/app/offline": [("inspector", {}, None)],
    "/app/sign-out-failed": [("inspector", {}, None)],
}


def get_rules(app) -> set[str]:
    return {r.rule for r in app.url_map.iter_rules() if "GET" in r.methods}


def uncovered(app) -> tuple[list[str], list[str]]:
    """(GET routes neither a page nor in NOT_PAGES, listed routes that no longer exist)."""
    rules = get_rules(app)
    listed = set(SPEC) | set(NOT_PAGES)
    return sorted(rules - listed), sorted(listed - rules)


def fill(rule: str, values: dict, overrides: dict) -> str:
    def value(match):
        name = match.group(1)
        if name in overrides:
            return str(values.get(overrides[name], overrides[name]))
        return str(values[name])

    url = re.sub(r"<(?:[^<>:]+:)?([a-z_]+)>", value, rule)
    if "?" in overrides:
        query = re.sub(r"=([a-z_]+)", lambda m: "=" + str(values.get(m[1], m[1])), overrides["?"])
        url = f"{url}?{query}"
    return url


def pages(values: dict) -> list[Page]:
    return [
        Page(rule, role, fill(rule, values, overrides), ready)
        for rule, seen in SPEC.items()
        for role, overrides, ready in seen
    ]


def seed(session, rb) -> dict:
    """The demo data and the matrix world in one database; returns the path parameters."""
    demo.seed(session, rb)
    session.commit()
    world = world_module.build(session, rb)
    values = dict(world.b)
    now = utcnow()
    later = now + timedelta(days=12)  # past the ten days to comply (§ 256-10B/C)
    supervisor = world.users["supervisor"]
    site_b = session.get(Site, values["site_id"])
    revoked = stop_work_issuing.post_in_field(
        session,
        order_id=str(uuid.uuid4()),
        site=site_b,
        user=supervisor,
        grounds=["plan_not_implemented"],
        posted_at=now - timedelta(minutes=30),
        notes="No silt fence on the east side",
        photo_ids=[],
        now=now,
        rb=rb,
    )
    session.flush()
    stop_work_compliance.revoke_permit(
        session, revoked, user=supervisor, reason="Not complied with", now=later, rb=rb
    )
    demo_sites = session.exec(select(Site).order_by(Site.id)).all()
    bare = sites.create_site(  # grading without a permit: the cease-and-desist path (§ 256-10C)
        session,
        {
            "name": "Old Mill Lot",
            "address": "40 Mill Street",
            "project_kind": "land_disturbance",
            "area_acres": 2.0,
            "disturbed_acres": 1.5,
            "latitude": 43.83,
            "longitude": -88.86,
        },
        user=supervisor,
    )
    unpermitted = stop_work_issuing.post_in_field(
        session,
        order_id=str(uuid.uuid4()),
        site=bare,
        user=supervisor,
        grounds=["no_permit"],
        posted_at=now - timedelta(minutes=20),
        notes="Grading without a permit",
        photo_ids=[],
        now=now,
        rb=rb,
    )
    session.flush()
    stop_work_compliance.request_cease_desist(
        session, unpermitted, user=supervisor, details="Grading goes on", now=later, rb=rb
    )
    public = public_records.state(session, site_b.id)
    if public is None or not public.token:
        public = public_records.turn_on(session, site_b, user=supervisor, now=now)
    session.commit()
    seal = session.exec(select(Seal).order_by(Seal.seq)).first()
    values.update(
        revoked_order_id=revoked.id,
        cease_desist_order_id=unpermitted.id,
        unpermitted_site=bare.id,
        demo_site=demo_sites[0].id,
        value=seal.seal,
        token=public.token,
        name="dewatering",
    )
    return values


# ---------------------------------------------------------------- plain words

# 8 or more hex digits with a digit and a letter: an id or a fragment of one. A whole SHA-256 (64
# digits) is a fingerprint shown to be compared (seals, record hashes), and is allowed.
HEX_ID = re.compile(r"\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])(?![0-9a-f]{64}\b)[0-9a-f]{8,}\b")
RAW_KEY = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")
ISO_UTC = re.compile(r"\d{4}-\d\d-\d\dT\d\d:")
COLON_KEY = re.compile(r"\b[a-z][a-z_]*:[a-z][a-z_]*\b")  # an action as stored: notice:commencement


def raw_words(text: str, *, allow: tuple[str, ...] = ()) -> list[str]:
    """What a person should not read on a page: id fragments, keys with underscores or a colon,
    ISO times."""
    for allowed in allow:
        text = text.replace(allowed, "")
    text = re.sub(r"\bhttps?://\S+", "", text)  # an address to type in is no label
    found = (
        HEX_ID.findall(text)
        + RAW_KEY.findall(text)
        + ISO_UTC.findall(text)
        + COLON_KEY.findall(text)
    )
    return sorted(set(found))


@contextmanager
def signed_in_world(folder, secret: str) -> Iterator[tuple]:
    """An app on its own database in `folder`, seeded with every page's records, and a test client
    signed in for each role of ACCOUNTS: yields (app, values, clients), as the every-page checks use."""
    app = create_app(
        {
            "TESTING": True,
            "WTF_CSRF_ENABLED": False,
            "SECRET_KEY": secret,
            "DATABASE_URL": f"sqlite:///{folder / 'pages.sqlite3'}",
        }
    )
    with app.app_context():
        create_all()
        values = seed(get_session(), app.extensions["rulebook"])
    clients = {}
    for role, account in ACCOUNTS.items():
        client = app.test_client()
        if account:
            email, password = account
            response = client.post("/login", data={"email": email, "password": password})
            assert response.status_code == 302, role
        clients[role] = client
    try:
        yield app, values, clients
    finally:
        app.extensions["engine"].dispose()
