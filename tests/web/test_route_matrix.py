"""Role x route matrix: every route of the app (from app.url_map) and every sync entity, tried as
anonymous, as a permittee of company A on company B's records, as an inspector and as a supervisor.

A route missing from MATRIX fails test_every_route_is_in_the_matrix: a new page needs its entry.
For the permittee, B's record must answer exactly like a record that does not exist (same status,
same page), and no page the permittee may open names any of B's records. State changes run on a
fresh copy of the world each, so one route's POST never decides another's answer.
"""

from __future__ import annotations

import re
import shutil
import sqlite3
import uuid

import pytest
from sqlmodel import select

from inspector import create_app
from inspector.db import create_all, get_session, make_engine
from tests.support import world as world_module

LOGIN = "login"  # a redirect to the sign-in page (anonymous on a page)
ROLES = ("anonymous", "permittee_a", "inspector", "supervisor")
MISSING = {
    "site_id": 987654,
    "permit_id": 987654,
    "doc_id": 987654,
    "req_id": 987654,
    "gauge_id": 987654,
    "conflict_id": 987654,
    "user_id": 987654,
    "inspection_id": "5f0c6c1e-8a47-4d3f-9d55-0c1f2a3b4c5d",
    "finding_id": "6a1d7d2f-9b58-4e40-8e66-1d2a3b4c5d6e",
    "photo_id": "7b2e8e30-ac69-4f51-9f77-2e3b4c5d6e7f",
    "order_id": "8c3f9f41-bd7a-4062-a088-3f4c5d6e7f80",
    "device_id": "9d40a052-ce8b-4173-b199-405d6e7f8091",
}
FIXED = {
    "kind": "notice",
    "size": "thumb",
    "name": "dewatering",
    "filename": "css/app.css",
    "value": "0" * 64,
}

# (rule, method): expected status as (anonymous, permittee A on B's record, inspector, supervisor).
# POSTs carry an empty form: for staff that is a refusal of the form (400) or the action itself.
MATRIX = {
    ("/", "GET"): (LOGIN, 302, 302, 302),
    ("/account", "GET"): (LOGIN, 200, 200, 200),
    ("/account/password", "GET"): (LOGIN, 200, 200, 200),
    ("/account/password", "POST"): (LOGIN, 400, 400, 400),
    ("/api/v1/csrf", "GET"): (200, 200, 200, 200),
    ("/api/v1/inspections/<inspection_id>", "GET"): (401, 404, 200, 200),
    ("/api/v1/openapi.json", "GET"): (200, 200, 200, 200),
    ("/api/v1/photos/<photo_id>", "HEAD"): (401, 404, 200, 200),
    ("/api/v1/photos/<photo_id>", "PUT"): (401, 409, 409, 409),
    ("/api/v1/sync/pull", "GET"): (401, 200, 200, 200),
    ("/api/v1/sync/push", "POST"): (401, 415, 415, 415),
    ("/app/", "GET"): (200, 200, 200, 200),
    ("/app/findings", "GET"): (200, 200, 200, 200),
    ("/app/inspect", "GET"): (200, 200, 200, 200),
    ("/app/offline", "GET"): (200, 200, 200, 200),
    ("/app/outbox", "GET"): (200, 200, 200, 200),
    ("/app/rain", "GET"): (200, 200, 200, 200),
    ("/app/sign-out-failed", "GET"): (200, 200, 200, 200),
    ("/app/stop-work", "GET"): (200, 200, 200, 200),
    ("/audit/", "GET"): (LOGIN, 403, 200, 200),
    ("/calculators/", "GET"): (200, 200, 200, 200),
    ("/calculators/<name>", "GET"): (200, 200, 200, 200),
    ("/calculators/rules.json", "GET"): (200, 200, 200, 200),
    ("/calendar/", "GET"): (LOGIN, 200, 200, 200),
    ("/calendar/holidays", "GET"): (LOGIN, 200, 200, 200),
    ("/conflicts/", "GET"): (LOGIN, 200, 200, 200),
    ("/conflicts/<int:conflict_id>/resolve", "POST"): (LOGIN, 403, 403, 400),
    ("/dashboard", "GET"): (LOGIN, 403, 200, 200),
    ("/devices/", "GET"): (LOGIN, 200, 200, 200),
    ("/devices/", "POST"): (LOGIN, 400, 400, 400),
    ("/devices/<device_id>/revoke", "POST"): (LOGIN, 404, 404, 302),
    ("/exports/findings.csv", "GET"): (LOGIN, 200, 200, 200),
    ("/exports/inspections.csv", "GET"): (LOGIN, 200, 200, 200),
    ("/exports/sites.geojson", "GET"): (LOGIN, 200, 200, 200),
    ("/findings/", "GET"): (LOGIN, 200, 200, 200),
    ("/findings/<finding_id>", "GET"): (LOGIN, 404, 200, 200),
    ("/findings/<finding_id>/close", "POST"): (LOGIN, 403, 303, 303),
    ("/findings/<finding_id>/corrected", "POST"): (LOGIN, 404, 403, 403),
    ("/findings/<finding_id>/photos/<photo_id>", "GET"): (LOGIN, 404, 200, 200),
    ("/findings/<finding_id>/photos/<photo_id>/<any(thumb):size>", "GET"): (LOGIN, 404, 200, 200),
    ("/findings/<finding_id>/reopen", "POST"): (LOGIN, 403, 400, 400),
    ("/inspections/<inspection_id>", "GET"): (LOGIN, 404, 200, 200),
    ("/inspections/<inspection_id>.pdf", "GET"): (LOGIN, 404, 200, 200),
    ("/inspections/<inspection_id>/photos/<photo_id>", "GET"): (LOGIN, 404, 200, 200),
    ("/inspections/<inspection_id>/photos/<photo_id>/<any(thumb):size>", "GET"): (
        LOGIN,
        404,
        200,
        200,
    ),
    ("/login", "GET"): (200, 302, 302, 302),
    ("/login", "POST"): (400, 302, 302, 302),
    ("/logout", "POST"): (LOGIN, LOGIN, LOGIN, LOGIN),
    ("/manifest.webmanifest", "GET"): (200, 200, 200, 200),
    ("/orders/<order_id>", "GET"): (LOGIN, 404, 200, 200),
    ("/orders/<order_id>/<any(notice, revocation, 'cease-desist'):kind>", "GET"): (
        LOGIN,
        404,
        200,
        200,
    ),
    ("/orders/<order_id>/<any(notice, revocation, 'cease-desist'):kind>.pdf", "GET"): (
        LOGIN,
        404,
        200,
        200,
    ),
    ("/orders/<order_id>/complied", "POST"): (LOGIN, 403, 403, 400),
    ("/orders/<order_id>/dismiss", "POST"): (LOGIN, 403, 403, 400),
    ("/orders/<order_id>/issue", "POST"): (LOGIN, 403, 403, 400),
    ("/orders/<order_id>/photos/<photo_id>", "GET"): (LOGIN, 404, 200, 200),
    ("/orders/<order_id>/photos/<photo_id>/<any(thumb):size>", "GET"): (LOGIN, 404, 200, 200),
    ("/orders/<order_id>/posted", "POST"): (LOGIN, 403, 400, 400),
    ("/orders/<order_id>/request-cease-desist", "POST"): (LOGIN, 403, 403, 400),
    ("/orders/<order_id>/retract", "POST"): (LOGIN, 403, 403, 400),
    ("/orders/<order_id>/revoke", "POST"): (LOGIN, 403, 403, 400),
    ("/permits/<int:permit_id>", "GET"): (LOGIN, 404, 200, 200),
    ("/permits/<int:permit_id>/acknowledge", "POST"): (LOGIN, 404, 403, 403),
    ("/permits/<int:permit_id>/bond", "POST"): (LOGIN, 403, 403, 400),
    ("/permits/<int:permit_id>/close", "POST"): (LOGIN, 403, 403, 400),
    ("/permits/<int:permit_id>/commencement", "POST"): (LOGIN, 404, 403, 403),
    ("/permits/<int:permit_id>/completion", "POST"): (LOGIN, 404, 403, 403),
    ("/permits/<int:permit_id>/deny", "POST"): (LOGIN, 403, 403, 400),
    ("/permits/<int:permit_id>/documents", "POST"): (LOGIN, 404, 400, 400),
    ("/permits/<int:permit_id>/documents/<int:doc_id>", "GET"): (LOGIN, 404, 200, 200),
    ("/permits/<int:permit_id>/extend", "POST"): (LOGIN, 403, 403, 400),
    ("/permits/<int:permit_id>/fee", "POST"): (LOGIN, 403, 400, 400),
    ("/permits/<int:permit_id>/issue", "POST"): (LOGIN, 403, 403, 400),
    ("/permits/<int:permit_id>/modifications", "POST"): (LOGIN, 404, 403, 403),
    ("/permits/<int:permit_id>/modifications/<int:req_id>", "POST"): (LOGIN, 403, 403, 400),
    ("/permits/<int:permit_id>/review", "POST"): (LOGIN, 403, 400, 400),
    ("/permits/<int:permit_id>/stabilization", "POST"): (LOGIN, 404, 403, 400),
    ("/permits/<int:permit_id>/stabilization/decline", "POST"): (LOGIN, 403, 403, 400),
    ("/photos/<photo_id>", "GET"): (LOGIN, 404, 200, 200),
    ("/photos/<photo_id>/thumb", "GET"): (LOGIN, 404, 200, 200),
    ("/public/<token>", "GET"): (200, 200, 200, 200),
    ("/public/<token>/photos/<photo_id>", "GET"): (200, 200, 200, 200),
    ("/public/<token>/photos/<photo_id>/<any(thumb):size>", "GET"): (200, 200, 200, 200),
    ("/rain/", "GET"): (LOGIN, 200, 200, 200),
    ("/rain/gauges", "POST"): (LOGIN, 403, 400, 400),
    ("/rain/gauges/<int:gauge_id>", "GET"): (LOGIN, 404, 200, 200),
    ("/rain/import", "GET"): (LOGIN, 403, 403, 200),
    ("/rain/import", "POST"): (LOGIN, 403, 403, 400),
    ("/rain/readings", "POST"): (LOGIN, 400, 400, 400),
    ("/rain/sites/<int:site_id>/gauge", "POST"): (LOGIN, 403, 302, 302),
    ("/sites/", "GET"): (LOGIN, 200, 200, 200),
    ("/sites/<int:site_id>", "GET"): (LOGIN, 404, 200, 200),
    ("/sites/<int:site_id>/edit", "GET"): (LOGIN, 403, 200, 200),
    ("/sites/<int:site_id>/edit", "POST"): (LOGIN, 403, 302, 302),
    ("/sites/<int:site_id>/orders", "POST"): (LOGIN, 403, 403, 303),
    ("/sites/<int:site_id>/permits/apply", "GET"): (LOGIN, 404, 200, 200),
    ("/sites/<int:site_id>/packet", "GET"): (LOGIN, 404, 200, 200),
    ("/sites/<int:site_id>/packet.zip", "GET"): (LOGIN, 404, 400, 400),
    ("/sites/<int:site_id>/public", "POST"): (LOGIN, 404, 403, 303),
    ("/sites/<int:site_id>/public/dnr", "POST"): (LOGIN, 404, 403, 303),
    ("/sites/<int:site_id>/public/sign.pdf", "GET"): (LOGIN, 404, 200, 200),
    ("/sites/<int:site_id>/permits/apply", "POST"): (LOGIN, 404, 400, 400),
    ("/sites/<int:site_id>/readings", "POST"): (LOGIN, 403, 403, 303),
    ("/sites/new", "GET"): (LOGIN, 403, 200, 200),
    ("/sites/new", "POST"): (LOGIN, 403, 400, 400),
    ("/static/<path:filename>", "GET"): (200, 200, 200, 200),
    ("/sw.js", "GET"): (200, 200, 200, 200),
    ("/users/", "GET"): (LOGIN, 403, 403, 200),
    ("/users/", "POST"): (LOGIN, 403, 403, 400),
    ("/users/<int:user_id>/certification", "POST"): (LOGIN, 403, 403, 302),
    ("/users/<int:user_id>/disable", "POST"): (LOGIN, 403, 403, 302),
    ("/users/<int:user_id>/enable", "POST"): (LOGIN, 403, 403, 302),
    ("/users/<int:user_id>/password", "POST"): (LOGIN, 403, 403, 302),
    ("/verify/<value>", "GET"): (404, 404, 404, 404),
}


# A photo id is made on the device, so one already stored must be refused: the permittee learns only
# that the id is taken, in the words every taker gets (inspector/services/photo_uploads.py), never
# whose or what it is.
TAKEN_ID_REFUSED = {("/api/v1/photos/<photo_id>", "PUT")}

# A site's public records page is for anyone holding its address (printed on the site sign): it
# shows B's site to A by design, so the leak check does not apply; instead a wrong address and a
# page turned off answer 404 to everyone (test_public_pages_answer_404_to_a_wrong_or_closed_address).
PUBLIC = {
    ("/public/<token>", "GET"),
    ("/public/<token>/photos/<photo_id>", "GET"),
    ("/public/<token>/photos/<photo_id>/<any(thumb):size>", "GET"),
}
WRONG_TOKEN = "Zm9yZ2VkLXRva2VuLXRoYXQtd2FzLW5ldmVyLWlzc3Vl"


# ---------------------------------------------------------------- the world, built once per module


def build_matrix(folder):
    """(app, world, client(role), restore()), the world kept in a template file."""
    work, template = folder / "work.sqlite3", folder / "template.sqlite3"
    app = create_app(
        {
            "TESTING": True,
            "WTF_CSRF_ENABLED": False,
            "SECRET_KEY": "matrix",
            "DATABASE_URL": f"sqlite:///{work}",
        }
    )
    with app.app_context():
        create_all()
        world = world_module.build(get_session(), app.extensions["rulebook"])
    cookies = {"anonymous": None}
    for role in ("permittee_a", "inspector", "supervisor"):
        client = app.test_client()
        signed = client.post(
            "/login", data={"email": world.users[role].email, "password": world_module.PASSWORD}
        )
        assert signed.status_code == 302, role
        cookies[role] = client.get_cookie("session").value
    app.extensions["engine"].dispose()
    with sqlite3.connect(work) as conn:  # all into the main file, then keep it as the template
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    shutil.copyfile(work, template)

    copies = iter(range(1, 1_000_000))

    def restore():
        """A fresh copy of the world in a new file under a new engine: a connection still held
        somewhere (until garbage collection) keeps the old file and never sees its WAL vanish."""
        app.extensions["engine"].dispose()
        fresh = folder / f"work-{next(copies)}.sqlite3"
        shutil.copyfile(template, fresh)
        app.config["DATABASE_URL"] = f"sqlite:///{fresh}"
        app.extensions["engine"] = make_engine(app.config["DATABASE_URL"])

    def client(role):
        """A browser of this role, signed in as at the start (a sign-out changes nothing)."""
        browser = app.test_client()
        if cookies[role]:
            browser.set_cookie("session", cookies[role])
        return browser

    return app, world, client, restore


@pytest.fixture(scope="module")
def matrix(tmp_path_factory):
    built = build_matrix(tmp_path_factory.mktemp("matrix"))
    yield built
    built[0].extensions["engine"].dispose()


def url_for_rule(rule: str, values: dict) -> str:
    def value(match):
        name = match.group(1)
        return str(FIXED.get(name, values.get(name)))

    return re.sub(r"<(?:[^<>:]+:)?([a-z_]+)>", value, rule)


def rules(app):
    for rule in app.url_map.iter_rules():
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}) or ["HEAD"]:
            yield rule.rule, method


def call(client, role: str, method: str, url: str):
    return client(role).open(url, method=method, data={} if method not in ("GET", "HEAD") else None)


def observed(response) -> object:
    if response.status_code in (301, 302, 303) and "/login" in response.headers.get("Location", ""):
        return LOGIN
    return response.status_code


def comparable(response) -> tuple:
    """What a person could compare between two answers (each page has its own CSRF token)."""
    body = re.sub(
        r'(name="csrf[-_]token"[^>]*?(?:value|content)=)"[^"]*"',
        r'\1"…"',
        response.get_data(as_text=True),
    )
    return response.status_code, response.headers.get("Location"), body


# ---------------------------------------------------------------- the tests


def test_every_route_is_in_the_matrix(matrix):
    app = matrix[0]
    missing = sorted(set(rules(app)) - set(MATRIX))
    stale = sorted(set(MATRIX) - set(rules(app)))
    assert not missing, f"routes without an entry in MATRIX: {missing}"
    assert not stale, f"MATRIX entries for routes that no longer exist: {stale}"


def pytest_generate_tests(metafunc):
    if "route" in metafunc.fixturenames:
        metafunc.parametrize("route", sorted(MATRIX), ids=[f"{m} {r}" for r, m in sorted(MATRIX)])


def test_route(matrix, route):
    app, world, client, restore = matrix
    rule, method = route
    expected = MATRIX[route]
    url = url_for_rule(rule, world.b)
    got = []
    restore()
    for role in ROLES:
        if method not in ("GET", "HEAD"):
            restore()
        response = call(client, role, method, url)
        got.append(observed(response))
        if route in PUBLIC:
            continue
        if role == "permittee_a" and response.status_code == 200:
            body = response.get_data(as_text=True)
            leaked = [s for s in world.secrets if str(s) in body]
            assert not leaked, f"{method} {url} shows company B's {leaked} to company A"
        if role == "permittee_a":
            if method not in ("GET", "HEAD"):
                restore()
            missing_url = url_for_rule(rule, MISSING)
            if route in TAKEN_ID_REFUSED:
                from inspector.services.photo_uploads import ID_TAKEN

                assert response.status_code == 409 and response.get_json()["reason"] == ID_TAKEN
            elif missing_url != url:
                absent = call(client, role, method, missing_url)
                assert comparable(response)[:2] == comparable(absent)[:2], (
                    f"{method} {url}: company B's record answers {response.status_code}, "
                    f"a missing one {absent.status_code}"
                )
                if response.status_code == 404:
                    assert comparable(response) == comparable(absent), f"{method} {url}: differ"
    assert tuple(got) == expected, f"{method} {rule}: got {tuple(got)}, expected {expected}"


def test_public_pages_answer_404_to_a_wrong_or_closed_address(matrix):
    from inspector.models import Site, User
    from inspector.services import public_records

    app, world, client, restore = matrix
    restore()
    for rule, method in sorted(PUBLIC):
        wrong = url_for_rule(rule, {**world.b, "token": WRONG_TOKEN})
        for role in ROLES:
            assert call(client, role, method, wrong).status_code == 404, (rule, role)
    with app.app_context():
        session = get_session()
        site = session.get(Site, world.b["site_id"])
        boss = session.get(User, world.users["supervisor"].id)
        public_records.turn_off(session, site, user=boss, now=site.created_at)
        session.commit()
    for rule, method in sorted(PUBLIC):
        for role in ROLES:
            closed = call(client, role, method, url_for_rule(rule, world.b))
            assert closed.status_code == 404, (rule, role)
    restore()


# ---------------------------------------------------------------- the sync entities


def sync_payloads(world, site_b) -> dict:
    """entity -> (company B's record id, a missing id, a payload aimed at B's site)."""
    from tests.sync.helpers import inspection_payload

    b, fresh = world.b, "0f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f"
    posted = "2026-12-01T15:00:00Z"
    return {
        "inspection": (b["inspection_id"], fresh, inspection_payload(site_b, fail=("PERIMETER",))),
        "finding": (
            b["finding_id"],
            fresh,
            {"status": "corrected", "corrected_note": "Fence re-staked"},
        ),
        "stop_work_order": (
            b["order_id"],
            fresh,
            {
                "site_id": b["site_id"],
                "grounds": ["plan_not_implemented"],
                "posted_at": posted,
                "notes": "",
                "photos": [],
            },
        ),
        "rain_reading": (
            b["reading_id"],
            fresh,
            {
                "gauge_id": b["gauge_id"],
                "observed_at": posted,
                "amount_in": 0.4,
                "period_hours": 24,
                "site_id": b["site_id"],
            },
        ),
        "rain_gauge": (str(b["gauge_id"]), "987654", {"name": "Renamed"}),
        "site": (str(b["site_id"]), "987654", {"notes": "Gate moved"}),
    }


# entity -> result status of a push of B's record as (permittee A, inspector, supervisor); anonymous
# gets 401. Staff see B's records: an id already used with other content is a conflict for a
# supervisor to resolve.
SYNC_MATRIX = {
    "inspection": ("rejected", "conflict", "conflict"),
    "finding": ("rejected", "rejected", "rejected"),  # only the permittee reports "corrected"
    "stop_work_order": ("rejected", "conflict", "conflict"),
    "rain_reading": ("rejected", "conflict", "conflict"),
    "rain_gauge": ("rejected", "rejected", "rejected"),  # read-only on devices
    "site": ("rejected", "rejected", "rejected"),  # "notes" is not a field a device edits
}


def push(client, role, entity, entity_id, payload):
    body = {
        "device_id": "matrix-tablet",
        "mutations": [
            {
                "mutation_id": str(uuid.uuid4()),
                "entity": entity,
                "entity_id": entity_id,
                "op": "upsert",
                "base_version": 1,
                "payload": payload,
            }
        ],
    }
    return client(role).post("/api/v1/sync/push", json=body)


def test_every_sync_entity_is_in_the_matrix(matrix):
    from sync.handlers import HANDLERS

    assert sorted(HANDLERS) == sorted(SYNC_MATRIX)


def test_sync_entities(matrix):
    from inspector.models import Site, SyncConflict

    app, world, client, restore = matrix
    with app.app_context():
        payloads = sync_payloads(world, get_session().get(Site, world.b["site_id"]))
    for entity, expected in SYNC_MATRIX.items():
        b_id, missing_id, payload = payloads[entity]
        restore()
        assert push(client, "anonymous", entity, b_id, payload).status_code == 401
        got = []
        for role in ("permittee_a", "inspector", "supervisor"):
            restore()
            response = push(client, role, entity, b_id, payload)
            answer = response.get_json()
            result = answer["results"][0] if response.status_code == 200 else answer
            got.append(result.get("status", response.status_code))
            if role != "permittee_a":
                continue
            text = response.get_data(as_text=True)
            leaked = [s for s in world.secrets if str(s) in text]
            assert not leaked, f"{entity}: the push answer shows B's {leaked}"
            assert result.get("status") != "conflict" and "server_copy" not in result, entity
            with app.app_context():
                assert (
                    not get_session()
                    .exec(select(SyncConflict).where(SyncConflict.user_id == world.users[role].id))
                    .all()
                )
            restore()
            absent = push(client, role, entity, missing_id, payload)
            other = absent.get_json()
            other = other["results"][0] if absent.status_code == 200 else other
            same = {k: v for k, v in result.items() if k not in ("mutation_id", "entity_id")}
            assert (response.status_code, same) == (
                absent.status_code,
                {k: v for k, v in other.items() if k not in ("mutation_id", "entity_id")},
            ), f"{entity}: company B's record answers {result}, a missing one {other}"
        assert tuple(got) == expected, f"{entity}: got {tuple(got)}, expected {expected}"


def test_a_permittees_pull_names_nothing_of_another_company(matrix):
    app, world, client, restore = matrix
    restore()
    since, seen = None, []
    for _ in range(50):
        response = client("permittee_a").get(
            "/api/v1/sync/pull", query_string={"since": since} if since else {}
        )
        assert response.status_code == 200
        seen.append(response.get_data(as_text=True))
        body = response.get_json()
        if not body.get("has_more"):
            break
        since = body["cursor"]
    text = "".join(seen)
    assert not [s for s in world.secrets if str(s) in text]
