"""A site under two open stop-work orders at once (one issued in the office and not yet posted,
one posted by an inspector in the field): the dashboard and the site page show each, the most
significant first, each with its own link and its own days to comply in the Village's time, and
a site past the days of either needs the supervisor's action."""

import uuid
from datetime import datetime, timedelta

from sqlalchemy import event

from inspector.models import StopWorkOrder

NOW = datetime(2026, 12, 15, 18, 0)  # Tue Dec 15, noon CST
GROUND = {"ground": "plan_not_implemented", "citation": "§ 256-10A(2)", "reason": "r"}
OTHER = {"ground": "no_permit", "citation": "§ 256-10A(1)", "reason": "r"}


def order(db, site, status, *, proposed_at, posted_at=None, grounds=(GROUND,)):
    o = StopWorkOrder(
        id=str(uuid.uuid4()),
        site_id=site.id,
        status=status,
        grounds=list(grounds),
        proposed_at=proposed_at,
        issued_at=proposed_at + timedelta(hours=1) if status != "proposed" else None,
        posted_at=posted_at,
        # The stored floor (compliance_end counts from the posting): the end of the posting's
        # tenth day, or for an order not posted none.
        compliance_due=posted_at and posted_at.replace(hour=6) + timedelta(days=10),
    )
    db.add(o)
    db.commit()
    return o


def two_orders(app, db, make, people, name="Twin Orders Lot", permit=True):
    """An order issued first in the office (not posted: no days run), then one posted in the
    field on Wed Dec 2 (its 10 days ended with Sat Dec 12, CST)."""
    app.config["CLOCK_NOW"] = NOW
    site = make.site(people["supervisor"], name=name)
    if permit:
        make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    issued = order(db, site, "issued", proposed_at=datetime(2026, 11, 30, 15, 0))
    posted = order(
        db,
        site,
        "posted",
        proposed_at=datetime(2026, 12, 2, 14, 0),
        posted_at=datetime(2026, 12, 2, 16, 0),
        grounds=(OTHER,),
    )
    return site, issued, posted


def dashboard_row(client, name):
    return client.get("/dashboard").text.split(name)[1].split("</tr>")[0]


def test_the_dashboard_shows_every_open_order_with_its_own_clock(
    app, client, auth, db, make, people
):
    site, issued, posted = two_orders(app, db, make, people)
    auth.login(people["supervisor"].email)
    row = dashboard_row(client, "Twin Orders Lot")
    assert f'href="/orders/{issued.id}"' in row and f'href="/orders/{posted.id}"' in row
    assert "Stop-work order issued" in row and "Stop-work order posted on site" in row
    assert "not yet posted on the site" in row
    assert "comply by the end of Sat 2026-12-12" in row and "10 days passed" in row
    assert "§ 256-10A(2)" in row and "§ 256-10A(1)" in row
    # The posted order is past its days: the site needs the supervisor's decision.
    assert "Needs action" in row
    needs = client.get("/dashboard?needs=1").text
    assert "Twin Orders Lot" in needs
    assert "Twin Orders Lot" in client.get("/dashboard?order=posted").text
    assert "Twin Orders Lot" in client.get("/dashboard?order=issued").text
    assert "Twin Orders Lot" not in client.get("/dashboard?order=none").text


def test_a_site_past_the_days_of_its_second_order_needs_action(app, client, auth, db, make, people):
    """Nothing else is due at the site (no permit): only the posted order's ten days, which ended,
    while the order shown first (issued earlier, not posted) has no clock running yet."""
    two_orders(app, db, make, people, name="Only Orders Lot", permit=False)
    auth.login(people["supervisor"].email)
    assert "Needs action" in dashboard_row(client, "Only Orders Lot")
    assert "Only Orders Lot" in client.get("/dashboard?needs=1").text


def test_the_site_page_shows_every_open_order_with_its_own_clock(
    app, client, auth, db, make, people
):
    site, issued, posted = two_orders(app, db, make, people)
    for role in ("supervisor", "permittee"):
        auth.login(people[role].email)
        page = client.get(f"/sites/{site.id}").text
        status = page.split('id="status-h"')[1].split("</dl>")[0]
        assert "Stop-work order issued" in status and "Stop-work order posted on site" in status
        panel = page.split('id="orders-h"')[1].split("</section>")[0]
        states = panel.split('class="order-state"')[1:]
        assert len(states) == 2, panel
        assert all("Open order" in s for s in states)
        joined = "".join(states)
        assert f'href="/orders/{issued.id}"' in joined and f'href="/orders/{posted.id}"' in joined
        # Each its own clock: the posted one's ten days ended; the issued one's have not begun.
        posted_state = next(s for s in states if "posted on site" in s)
        issued_state = next(s for s in states if "posted on site" not in s)
        assert "compliance due by <strong>the end of Sat 2026-12-12</strong>" in posted_state
        assert "10 days have passed" in posted_state
        assert "not yet posted on the site" in issued_state
        assert "posted 2026-12-02 10:00 CST" in posted_state  # the Village's time
        auth.logout()


def test_a_proposal_beside_an_order_in_force_is_listed_to_staff_only(
    app, client, auth, db, make, people
):
    app.config["CLOCK_NOW"] = NOW
    site = make.site(people["supervisor"], name="Proposal Beside Lot")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    posted = order(
        db,
        site,
        "posted",
        proposed_at=datetime(2026, 12, 10, 14, 0),
        posted_at=datetime(2026, 12, 10, 16, 0),
    )
    proposal = order(
        db, site, "proposed", proposed_at=datetime(2026, 12, 14, 14, 0), grounds=(OTHER,)
    )
    auth.login(people["supervisor"].email)
    row = dashboard_row(client, "Proposal Beside Lot")
    # In force first, then the proposal to decide, each its own link.
    assert row.index(f'href="/orders/{posted.id}"') < row.index(f'href="/orders/{proposal.id}"')
    assert "Proposed — decide" in row
    panel = client.get(f"/sites/{site.id}").text.split('id="orders-h"')[1]
    assert panel.count('class="order-state"') == 2
    auth.logout()
    auth.login(people["permittee"].email)
    page = client.get(f"/sites/{site.id}").text
    panel = page.split('id="orders-h"')[1].split("</section>")[0]
    assert panel.count('class="order-state"') == 1 and proposal.id not in page


def count_selects(app, client, url):
    engine = app.extensions["engine"]
    seen = []

    def before(_conn, _cursor, statement, *_args):
        if statement.lstrip().upper().startswith("SELECT"):
            seen.append(statement)

    event.listen(engine, "before_cursor_execute", before)
    try:
        assert client.get(url).status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", before)
    return len(seen)


def test_more_orders_read_no_more_queries(app, client, auth, db, make, people):
    site, _, _ = two_orders(app, db, make, people)
    auth.login(people["supervisor"].email)
    client.get("/dashboard")  # the page-load evaluation runs once, then is throttled
    dashboard, site_page = (
        count_selects(app, client, "/dashboard"),
        count_selects(app, client, f"/sites/{site.id}"),
    )
    for n in range(3):
        more = make.site(people["supervisor"], name=f"More Orders {n}")
        for day in (3, 4, 5):
            order(
                db,
                more,
                "posted",
                proposed_at=datetime(2026, 12, day, 14, 0),
                posted_at=datetime(2026, 12, day, 16, 0),
            )
    order(db, site, "proposed", proposed_at=datetime(2026, 12, 14, 14, 0))
    assert count_selects(app, client, "/dashboard") == dashboard
    assert count_selects(app, client, f"/sites/{site.id}") == site_page


def test_each_order_page_names_the_sites_other_open_orders(app, client, auth, db, make, people):
    site, issued, posted = two_orders(app, db, make, people)
    proposal = order(db, site, "proposed", proposed_at=datetime(2026, 12, 14, 14, 0))
    auth.login(people["supervisor"].email)
    page = client.get(f"/orders/{issued.id}").text
    others = page.split('class="other-orders"')[1].split("</div>")[0]
    assert "also under 2 other open orders" in others
    assert f'href="/orders/{posted.id}"' in others and f'href="/orders/{proposal.id}"' in others
    assert f'href="/orders/{issued.id}"' not in others
    assert "compliance due by <strong>the end of Sat 2026-12-12</strong>" in others
    assert "10 days have passed" in others
    assert others.index(posted.id) < others.index(proposal.id)  # in force before proposed
    auth.logout()
    auth.login(people["permittee"].email)
    page = client.get(f"/orders/{posted.id}").text
    others = page.split('class="other-orders"')[1].split("</div>")[0]
    assert "also under another open order" in others and f'href="/orders/{issued.id}"' in others
    assert "Open that order</a>" in others  # one link: no "(1 of 1)" read out after it
    assert proposal.id not in page
