"""The site table of the regulator packet (exports/site.geojson, also the office's sites export)
gives every open stop-work order of a site, each with its own status, posting and compliance
deadline in the Village's local time, as the office pages do: a site under an order issued in the
office and not yet posted and one posted in the field shows both."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import datetime

from tests.web.test_every_open_order_shown import GROUND, NOW, OTHER, count_selects, order

RANGE = {"start": "2026-11-20", "end": "2026-12-15"}
# The grounds as an order stores them (the packet prints each order's notice).
PLAN = {**GROUND, "words": "The control plan is not implemented"}
NO_PERMIT = {**OTHER, "words": "No permit"}


def two_orders(app, db, make, people):
    """As tests/web/test_every_open_order_shown.py: issued in the office Mon Nov 30, 10:00 AM CST
    and not posted; posted in the field Wed Dec 2, 10:00 AM CST (its 10 days ended with Dec 12)."""
    app.config["CLOCK_NOW"] = NOW
    site = make.site(people["supervisor"], name="Twin Orders Lot")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    issued = order(db, site, "issued", proposed_at=datetime(2026, 11, 30, 15, 0), grounds=(PLAN,))
    posted = order(
        db,
        site,
        "posted",
        proposed_at=datetime(2026, 12, 2, 14, 0),
        posted_at=datetime(2026, 12, 2, 16, 0),
        grounds=(NO_PERMIT,),
    )
    return site, issued, posted


def packet_site(client, site) -> dict:
    response = client.get(f"/sites/{site.id}/packet.zip", query_string=RANGE)
    assert response.status_code == 200, response.text[:500]
    with zipfile.ZipFile(io.BytesIO(response.data)) as z:
        [feature] = json.loads(z.read("exports/site.geojson"))["features"]
    return feature["properties"]


def test_the_packet_s_site_table_gives_every_open_order_with_its_own_clock(
    app, client, auth, db, make, people
):
    site, issued, posted = two_orders(app, db, make, people)
    for role in ("supervisor", "permittee"):
        auth.login(people[role].email)
        props = packet_site(client, site)
        [exported] = [
            f["properties"]
            for f in json.loads(client.get("/exports/sites.geojson").data)["features"]
            if f["id"] == site.id
        ]
        assert exported == props
        # The most significant first, as on the site page: both in force, the first issued first.
        first, second = props["stop_work_orders"]
        assert props["stop_work"] == "issued"
        assert (first["order_id"], first["status"]) == (issued.id, "issued")
        assert first["status_words"] == "Stop-work order issued"
        assert first["issued_local"] == "2026-11-30 10:00 CST" and first["posted_local"] == ""
        assert first["compliance_due_local"] == "" and not first["compliance_passed"]
        assert first["compliance"] == "not yet posted on the site: due 10 days from its posting"
        assert first["citation"] == "§ 256-10A(2)"
        assert (second["order_id"], second["status"]) == (posted.id, "posted")
        assert second["status_words"] == "Stop-work order posted on site"
        assert second["posted_local"] == "2026-12-02 10:00 CST"
        assert second["compliance_due_local"] == "2026-12-13 00:00 CST"
        assert second["compliance"] == "due by the end of Sat 2026-12-12"
        assert second["compliance_passed"] and second["citation"] == "§ 256-10A(1)"
        auth.logout()


def test_a_proposal_is_in_the_site_table_of_staff_only(app, client, auth, db, make, people):
    site, issued, posted = two_orders(app, db, make, people)
    proposal = order(
        db, site, "proposed", proposed_at=datetime(2026, 12, 14, 14, 0), grounds=(PLAN,)
    )
    auth.login(people["supervisor"].email)
    listed = [o["order_id"] for o in packet_site(client, site)["stop_work_orders"]]
    assert listed == [issued.id, posted.id, proposal.id]
    auth.logout()
    auth.login(people["permittee"].email)
    listed = [o["order_id"] for o in packet_site(client, site)["stop_work_orders"]]
    assert listed == [issued.id, posted.id]


def test_more_open_orders_read_no_more_queries(app, client, auth, db, make, people):
    site, _, _ = two_orders(app, db, make, people)
    auth.login(people["supervisor"].email)
    url = f"/sites/{site.id}/packet.zip?start={RANGE['start']}&end={RANGE['end']}"
    before = count_selects(app, client, "/exports/sites.geojson"), count_selects(app, client, url)
    for n in range(3):
        more = make.site(people["supervisor"], name=f"More Orders {n}")
        for day in (3, 4):
            order(
                db,
                more,
                "posted",
                proposed_at=datetime(2026, 12, day, 14, 0),
                posted_at=datetime(2026, 12, day, 16, 0),
                grounds=(PLAN,),
            )
    order(db, site, "proposed", proposed_at=datetime(2026, 12, 14, 14, 0), grounds=(PLAN,))
    after = count_selects(app, client, "/exports/sites.geojson"), count_selects(app, client, url)
    assert after == before
