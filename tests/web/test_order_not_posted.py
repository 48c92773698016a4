"""An order issued in the office but not yet posted on the site: its 10 days (§ 256-10B, C) run
from the posting, so its page, notice and the site page give no date and offer no revocation."""

import re
from datetime import date, datetime

from sqlmodel import select

from inspector.models import Permit
from inspector.rules import clocks
from inspector.rules.rulebook import default
from inspector.services import stop_work_issuing
from tests.sync.helpers import signature

RB = default()
NOT_POSTED = "Not yet posted on the site: the 10 days of § 256-10B run from its posting."


def local(*args) -> datetime:
    return clocks.from_local(datetime(*args), RB)


def _issued(db, make, people):
    site = make.site(people["supervisor"], name="Creekside")
    make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=date(2026, 10, 1),
    )
    order = stop_work_issuing.propose_manual(
        db,
        site,
        user=people["supervisor"],
        grounds=["plan_not_implemented"],
        notes="Silt fence down",
        now=local(2026, 12, 2, 9, 0),
        rb=RB,
    )
    stop_work_issuing.issue(
        db,
        order,
        user=people["supervisor"],
        now=local(2026, 12, 2, 9, 0),
        rb=RB,
        confirmed=True,
        signature=signature(),
    )
    db.commit()
    return site, order


def _words(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_page_of_an_order_not_yet_posted_says_so_and_offers_no_revocation(
    app, client, auth, db, make, people
):
    site, order = _issued(db, make, people)
    auth.login(people["supervisor"].email)
    app.config["CLOCK_NOW"] = local(2027, 1, 1, 12, 0)  # 30 days after the issue
    page = client.get(f"/orders/{order.id}").text
    assert NOT_POSTED in page
    assert "compliance due 10 days from its posting on the site" in _words(page)
    assert "compliance due by" not in page and "Available after" not in page
    revoke = re.search(r"<button[^>]*>Revoke permit</button>", page).group(0)
    assert "disabled" in revoke
    refused = client.post(f"/orders/{order.id}/revoke", data={"reason": "Fence still down"})
    assert refused.status_code == 400 and NOT_POSTED in refused.text
    db.expire_all()
    assert db.exec(select(Permit).where(Permit.site_id == site.id)).one().status == "suspended"
    notice = _words(client.get(f"/orders/{order.id}/notice").text)
    assert "Compliance due within 10 days from its posting on the site" in notice
    assert "Compliance due by" not in notice
    site_page = _words(client.get(f"/sites/{site.id}").text)
    assert "not yet posted on the site: compliance due 10 days from its posting" in site_page
    assert "compliance due by" not in site_page


def test_once_posted_the_page_counts_from_the_day_of_posting(app, client, auth, db, make, people):
    """Issued Wed Dec 2, posted Sat Dec 5 at 19:30 (Sunday in UTC): due by the end of Tue Dec 15."""
    _, order = _issued(db, make, people)
    stop_work_issuing.record_posting(
        db, order, user=people["inspector"], now=local(2026, 12, 5, 19, 30), rb=RB
    )
    db.commit()
    auth.login(people["supervisor"].email)
    app.config["CLOCK_NOW"] = local(2026, 12, 15, 23, 59)
    page = client.get(f"/orders/{order.id}").text
    assert "compliance due by <strong>the end of Tue 2026-12-15</strong>" in page
    assert "Available after the end of Tue 2026-12-15" in page and NOT_POSTED not in page
    notice = _words(client.get(f"/orders/{order.id}/notice").text)
    assert (
        "Compliance due by the end of Tue 2026-12-15 (10 days after the day it was posted on the site)"
        in notice
    )
