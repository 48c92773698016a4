"""§ 256-7B(1)(b) through the device's path (push, then the clock tick). Visible particulate from a
properly sized device is no violation: the DEWATER item says so, so a turbid plume alone is answered
Pass with a note, and two such visits open no repair and propose nothing. A Fail with a sized device
(a bypass, a device not used as designed) is a repair, never the repeat-critical-failure ground that
two Fails with an undersized device are."""

from __future__ import annotations

from datetime import date, datetime

from sqlmodel import select

from inspector.models import Finding, StopWorkOrder
from inspector.rules import clocks
from inspector.rules.rulebook import default
from inspector.services import permit_notices

from .helpers import inspection_payload, mutation, seal, uid

RB = default()
SIZED = {"pumping_rate_gpm": 100, "device": "vertical_tank", "diameter": 4.5}
UNDERSIZED = {**SIZED, "diameter": 2}


def local(*args) -> datetime:
    return clocks.from_local(datetime(*args), RB)


def push_dewatering(client, headers, site, start: str, result: str, note: str, inputs: dict):
    """One weekly inspection of 2026-11-28 starting at `start` (UTC hh:mm)."""
    payload = inspection_payload(
        site,
        fail=("DEWATER",) if result == "fail" else (),
        inspected_on="2026-11-28",
        started_at=f"2026-11-28T{start}:00Z",
        ended_at=f"2026-11-28T{start[:2]}:40:00Z",
        signed_at=f"2026-11-28T{start[:2]}:41:00Z",
    )
    [answer] = [a for a in payload["answers"] if a["item_code"] == "DEWATER"]
    answer["note"] = note
    answer["calculator"] = {"name": "dewatering", "item": "DEWATER", "inputs": inputs, "result": {}}
    body = {"mutations": [mutation("inspection", uid(), seal(payload))]}
    res = client.post("/api/v1/sync/push", json=body, headers=headers).get_json()
    assert res["results"][0]["status"] == "applied", res


def site_orders(db, site):
    db.expire_all()
    return db.exec(select(StopWorkOrder).where(StopWorkOrder.site_id == site.id)).all()


def pump_site(make, people, db):
    site = make.site(people["supervisor"], name="Pump Lot", has_dewatering=True)
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    permit.issued_on, permit.expires_on = date(2026, 11, 2), date(2027, 5, 1)  # before the visits
    db.add(permit)
    start = local(2026, 11, 20, 8, 0)
    permit_notices.notify_commencement(
        db, permit, user=people["permittee"], commenced_at=start, now=start
    )
    db.commit()
    return site


def test_two_turbid_plumes_from_a_sized_device_open_nothing_and_propose_nothing(
    app, client, db, make, people, device_headers
):
    site = pump_site(make, people, db)
    headers = device_headers(people["permittee"])
    app.config["CLOCK_NOW"] = local(2026, 11, 28, 12, 0)
    for start in ("15:00", "17:00"):
        push_dewatering(client, headers, site, start, "pass", "Turbid plume at the outlet", SIZED)
    assert site_orders(db, site) == []
    assert db.exec(select(Finding).where(Finding.site_id == site.id)).all() == []
    app.config["CLOCK_NOW"] = local(2026, 12, 1, 12, 0)  # days later: no repair clock ran
    assert "0 new proposed" in app.test_cli_runner().invoke(args=["tick"]).output
    assert site_orders(db, site) == []


def test_a_fail_with_a_sized_device_is_a_repair_not_a_repeat_critical_ground(
    app, client, db, make, people, device_headers
):
    site = pump_site(make, people, db)
    headers = device_headers(people["permittee"])
    app.config["CLOCK_NOW"] = local(2026, 11, 28, 11, 50)
    for start in ("15:00", "17:00"):
        push_dewatering(client, headers, site, start, "fail", "Hose bypasses the tank", SIZED)
    assert site_orders(db, site) == []
    assert "0 new proposed" in app.test_cli_runner().invoke(args=["tick"]).output
    assert db.exec(select(Finding).where(Finding.site_id == site.id)).all()  # repair is due


def test_two_fails_with_an_undersized_device_propose_an_order(
    app, client, db, make, people, device_headers
):
    site = pump_site(make, people, db)
    headers = device_headers(people["permittee"])
    app.config["CLOCK_NOW"] = local(2026, 11, 28, 11, 50)
    for start in ("15:00", "17:00"):
        push_dewatering(client, headers, site, start, "fail", "Turbid plume", UNDERSIZED)
    [order] = site_orders(db, site)
    assert order.status == "proposed"
    assert [g["rule"] for g in order.grounds] == ["repeat_critical_failures"]
    assert "DEWATER" in order.grounds[0]["reason"]
