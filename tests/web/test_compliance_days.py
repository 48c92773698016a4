"""§ 256-10B, C "within 10 days": whole local days after the day of issue, ending at the end of the
tenth (the reading that favours the person ordered), across both DST changes; the order page, the
notice and its PDF say "compliance due by the end of Sat 2026-12-12" and why."""

import re
import zlib
from datetime import date, datetime, timedelta

import pytest
from sqlmodel import select

from inspector.models import Permit
from inspector.rules import clocks
from inspector.rules.rulebook import default
from inspector.services import ServiceError, stop_work_compliance, stop_work_issuing
from tests.sync.helpers import signature

RB = default()


def local(*args) -> datetime:
    return clocks.from_local(datetime(*args), RB)


@pytest.mark.parametrize(
    "issued, ends_utc, last_day",
    [
        # Wed 19:30 CST is 01:30 UTC on Thursday: still Wednesday's order, ten days end with Sat 12-12.
        (local(2026, 12, 2, 19, 30), datetime(2026, 12, 13, 6, 0), date(2026, 12, 12)),
        # Issued in CDT, ends in CST (2026-11-01 has 25 hours): midnight CST is 06:00 UTC.
        (local(2026, 10, 23, 10, 0), datetime(2026, 11, 3, 6, 0), date(2026, 11, 2)),
        # Issued in CST, ends in CDT (2027-03-14 has 23 hours): midnight CDT is 05:00 UTC.
        (local(2027, 3, 5, 12, 0), datetime(2027, 3, 16, 5, 0), date(2027, 3, 15)),
        # 00:01 on a Saturday counts from Saturday.
        (local(2027, 3, 6, 0, 1), datetime(2027, 3, 17, 5, 0), date(2027, 3, 16)),
    ],
)
def test_ten_days_end_at_the_end_of_the_tenth_local_day(issued, ends_utc, last_day):
    due = clocks.stop_work_compliance_due(issued, RB)
    assert due == ends_utc
    assert clocks.last_local_day(due, RB) == last_day


def _issued_order(db, make, people, issued_at):
    site = make.site(people["supervisor"], name="Creekside")
    make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=date(2026, 10, 1),  # issued before every order below is proposed
    )
    order = stop_work_issuing.propose_manual(
        db,
        site,
        user=people["supervisor"],
        grounds=["plan_not_implemented"],
        notes="Silt fence down",
        now=issued_at,
        rb=RB,
    )
    stop_work_issuing.issue(
        db,
        order,
        user=people["supervisor"],
        now=issued_at,
        rb=RB,
        confirmed=True,
        signature=signature(),
    )
    # Posted on the site when issued: the ten days run from the posting (§ 256-10A).
    stop_work_issuing.record_posting(db, order, user=people["inspector"], now=issued_at, rb=RB)
    db.commit()
    return site, order


def _pdf_text(data: bytes) -> str:
    text = ""
    for stream in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S):
        try:
            text += zlib.decompress(stream).decode("latin-1")
        except zlib.error:
            text += stream.decode("latin-1")
    return text


def test_order_notice_and_pdf_show_the_last_day_and_revocation_opens_only_after_it(
    app, client, auth, db, make, people
):
    site, order = _issued_order(db, make, people, local(2026, 12, 2, 19, 30))
    auth.login(people["supervisor"].email)
    app.config["CLOCK_NOW"] = local(
        2026, 12, 12, 23, 59
    )  # the tenth day, one minute before its end
    page = client.get(f"/orders/{order.id}").text
    assert "compliance due by <strong>the end of Sat 2026-12-12</strong>" in page
    assert (
        "in favour of the person ordered" in page
        and "Available after the end of Sat 2026-12-12" in page
    )
    notice = client.get(f"/orders/{order.id}/notice").text
    assert "Compliance due by the end of Sat 2026-12-12" in notice
    assert "in favour of the person ordered" in notice
    pdf = _pdf_text(client.get(f"/orders/{order.id}/notice.pdf").data)
    assert "Compliance due by the end of Sat 2026-12-12" in pdf
    early = client.post(f"/orders/{order.id}/revoke", data={"reason": "Fence still down"})
    assert early.status_code == 400 and "only after the end of Sat 2026-12-12" in early.text
    db.expire_all()
    assert db.exec(select(Permit).where(Permit.site_id == site.id)).one().status == "suspended"
    app.config["CLOCK_NOW"] = local(2026, 12, 13, 0, 0, 30)
    assert (
        client.post(f"/orders/{order.id}/revoke", data={"reason": "Fence still down"}).status_code
        == 303
    )
    db.expire_all()
    assert db.exec(select(Permit).where(Permit.site_id == site.id)).one().status == "revoked"
    assert (
        "not complied with by the end of Sat 2026-12-12"
        in client.get(f"/orders/{order.id}/revocation").text
    )


def test_cease_and_desist_request_waits_for_the_end_of_the_tenth_day_across_the_spring_change(
    db, people, make
):
    site = make.site(people["supervisor"], name="No Permit Lot")
    order = stop_work_issuing.propose_manual(
        db,
        site,
        user=people["supervisor"],
        grounds=["no_permit"],
        notes="Grading without a permit",
        now=local(2027, 3, 5, 12, 0),
        rb=RB,
    )
    stop_work_issuing.issue(
        db,
        order,
        user=people["supervisor"],
        now=local(2027, 3, 5, 12, 0),
        rb=RB,
        confirmed=True,
        signature=signature(),
    )
    stop_work_issuing.record_posting(
        db, order, user=people["inspector"], now=local(2027, 3, 5, 12, 0), rb=RB
    )
    db.commit()
    assert (
        stop_work_compliance.next_step(db, order, local(2027, 3, 15, 23, 59))["available"] is False
    )
    with pytest.raises(ServiceError, match="only after the end of Mon 2027-03-15"):
        stop_work_compliance.request_cease_desist(
            db,
            order,
            user=people["supervisor"],
            details="Act",
            now=local(2027, 3, 15, 23, 59),
            rb=RB,
        )
    stop_work_compliance.request_cease_desist(
        db, order, user=people["supervisor"], details="Act", now=local(2027, 3, 16, 0, 1), rb=RB
    )
    assert order.status == "cease_desist_requested"


def test_an_order_stored_with_240_hours_still_waits_for_the_end_of_the_tenth_day(db, people, make):
    """An order issued before this reading stored issued_at + 240 hours (09:00 on day 10 here):
    revocation still opens only after the end of that tenth local day."""
    site, order = _issued_order(db, make, people, local(2026, 10, 23, 10, 0))
    order.compliance_due = order.issued_at + timedelta(days=10)
    db.commit()
    assert (
        stop_work_compliance.next_step(db, order, local(2026, 11, 2, 23, 59))["available"] is False
    )
    with pytest.raises(ServiceError, match="only after the end of Mon 2026-11-02"):
        stop_work_compliance.revoke_permit(
            db,
            order,
            user=people["supervisor"],
            reason="No fence",
            now=local(2026, 11, 2, 12, 0),
            rb=RB,
        )
    assert stop_work_compliance.next_step(db, order, local(2026, 11, 3, 0, 0))["available"] is True
