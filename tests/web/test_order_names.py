"""Two stop-work orders of one site issued the same day are told apart: each page, the site's
orders table and the notice (page and PDF) name an order by the moment it was issued, in words in
the Village's time with its year ("Stop-work order issued Sat, Dec 5, 2026, 7:14 AM CST"), not by
an ISO day both share; the name stays when the order is posted on a later day."""

from __future__ import annotations

import html
import re
import uuid
from datetime import datetime, timedelta

import pytest
from sqlmodel import select

from inspector.documents import pdf as pdf_module
from inspector.models import Permit, StopWorkOrder
from tests.documents.test_records import pdf_text

NOW = datetime(2026, 12, 5, 23, 0)  # Sat Dec 5, 5:00 PM CST
GROUND = {
    "ground": "plan_not_implemented",
    "citation": "§ 256-10A(2)",
    "words": "The control plan is not implemented",
    "reason": "Silt fence down along the creek.",
}


@pytest.fixture
def plain_pdfs(monkeypatch):
    monkeypatch.setattr(pdf_module, "COMPRESS", False)


def add_order(db, site, status, issued_at, posted_at=None) -> StopWorkOrder:
    order = StopWorkOrder(
        id=str(uuid.uuid4()),
        site_id=site.id,
        status=status,
        grounds=[GROUND],
        proposed_at=issued_at - timedelta(minutes=30),
        issued_at=issued_at if status != "proposed" else None,
        posted_at=posted_at,
        compliance_due=posted_at and posted_at.replace(hour=6) + timedelta(days=11),
    )
    db.add(order)
    db.commit()
    return order


@pytest.fixture
def same_day(app, db, make, people):
    """One order issued in the office at 7:14 AM CST, not yet posted; one posted in the field at
    2:30 PM CST, both on Sat Dec 5, 2026."""
    app.config["CLOCK_NOW"] = NOW
    site = make.site(people["supervisor"], name="Same Day Lot")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    office = add_order(db, site, "issued", datetime(2026, 12, 5, 13, 14))
    field = add_order(
        db, site, "posted", datetime(2026, 12, 5, 20, 30), posted_at=datetime(2026, 12, 5, 20, 30)
    )
    return site, office, field


def heading(page: str) -> tuple[str, str]:
    title = html.unescape(re.search(r"<title>(.*?)</title>", page, re.S).group(1))
    h1 = html.unescape(re.sub(r"<[^>]+>", "", re.search(r"<h1>(.*?)</h1>", page, re.S).group(1)))
    return title, h1


def test_each_order_page_is_named_by_the_moment_it_was_issued(client, auth, people, same_day):
    site, office, field = same_day
    for role in ("supervisor", "permittee"):
        auth.login(people[role].email)
        title, h1 = heading(client.get(f"/orders/{office.id}").text)
        assert h1 == "Stop-work order issued Sat, Dec 5, 2026, 7:14 AM CST"
        assert title.startswith(f"{h1} — Same Day Lot")
        title, h1 = heading(client.get(f"/orders/{field.id}").text)
        assert h1 == "Stop-work order issued Sat, Dec 5, 2026, 2:30 PM CST"
        assert "2026-12-05" not in title
        auth.logout()


def test_the_site_s_orders_table_tells_the_two_apart(client, auth, people, same_day):
    site, office, field = same_day
    auth.login(people["supervisor"].email)
    page = client.get(f"/sites/{site.id}").text
    table = page.split('id="orders-h"')[1].split("</table>")[0]
    cells = re.findall(r'<a href="/orders/([^"]+)">([^<]+)</a>', table)
    assert sorted(cells) == sorted(
        [
            (office.id, "Order issued Sat, Dec 5, 2026, 7:14 AM CST"),
            (field.id, "Order issued Sat, Dec 5, 2026, 2:30 PM CST"),
        ]
    )


def test_the_notice_names_its_order_by_the_moment_it_was_issued(
    client, auth, people, same_day, plain_pdfs
):
    site, office, field = same_day
    auth.login(people["supervisor"].email)
    for order, words in (
        (office, "Order issued Saturday December 5, 2026 at 7:14 AM CST"),
        (field, "Order issued Saturday December 5, 2026 at 2:30 PM CST"),
    ):
        assert f'<p class="doc-id">{words}</p>' in client.get(f"/orders/{order.id}/notice").text
        assert words in pdf_text(client.get(f"/orders/{order.id}/notice.pdf").data)


def test_an_order_keeps_its_name_when_posted_another_day(app, client, auth, db, people, same_day):
    """The notice printed in the office to be posted names the order as its page does after."""
    site, office, _ = same_day
    office.status, office.posted_at = "posted", datetime(2026, 12, 7, 15, 0)  # Mon Dec 7
    db.add(office)
    db.commit()
    app.config["CLOCK_NOW"] = datetime(2026, 12, 7, 16, 0)
    auth.login(people["supervisor"].email)
    _, h1 = heading(client.get(f"/orders/{office.id}").text)
    assert h1 == "Stop-work order issued Sat, Dec 5, 2026, 7:14 AM CST"


def test_a_proposal_is_named_by_the_moment_it_was_proposed(app, client, auth, db, make, people):
    app.config["CLOCK_NOW"] = NOW
    site = make.site(people["supervisor"], name="Proposal Lot")
    proposal = add_order(db, site, "proposed", datetime(2026, 12, 5, 13, 44))
    auth.login(people["supervisor"].email)
    _, h1 = heading(client.get(f"/orders/{proposal.id}").text)
    assert h1 == "Stop-work order proposed Sat, Dec 5, 2026, 7:14 AM CST"


def test_a_suspended_permit_names_each_order_holding_it(client, auth, db, people, same_day):
    site, office, field = same_day
    permit = db.exec(select(Permit).where(Permit.site_id == site.id)).one()
    permit.status = "suspended"
    db.add(permit)
    for order in (office, field):
        order.permit_id = permit.id
        db.add(order)
    db.commit()
    auth.login(people["supervisor"].email)
    page = client.get(f"/permits/{permit.id}").text
    holding = html.unescape(page.split("Holding it:")[1].split("</p>")[0])
    assert re.findall(r'<a href="/orders/([^"]+)">([^<]+)</a>', holding) == [
        (order.id, name)
        for order, name in sorted(
            [
                (office, "Stop-work order issued Sat, Dec 5, 2026, 7:14 AM CST"),
                (field, "Stop-work order issued Sat, Dec 5, 2026, 2:30 PM CST"),
            ],
            key=lambda pair: holding.index(pair[0].id),
        )
    ]
    assert "2026-12-05" not in holding


def test_the_site_s_timeline_tells_the_two_apart(client, auth, people, same_day):
    site, office, field = same_day
    auth.login(people["supervisor"].email)
    page = client.get(f"/sites/{site.id}").text
    timeline = page.split('id="timeline-h"')[1].split("</section>")[0]
    links = dict(re.findall(r'<a href="/orders/([^"]+)">([^<]+)</a>', timeline))
    assert links == {
        office.id: "issued Sat, Dec 5, 2026, 7:14 AM CST",
        field.id: "issued Sat, Dec 5, 2026, 2:30 PM CST",
    }
