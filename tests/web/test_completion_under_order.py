"""A stop-work order suspends construction, not the permit's conditions: the permittee repairing
and installing control measures under the order still owes the notice of their completion within
14 days (§ 256-8D(3)(b)), and the permit page still lets it give one."""

from datetime import timedelta

from sqlmodel import select

from inspector.models import ControlMeasureNotice, Permit
from inspector.models.base import utcnow
from inspector.rules import clocks
from tests.support.enforcement import issued_order


def test_the_permittee_notifies_completion_while_a_stop_work_order_is_in_force(
    app, client, auth, db, make, people
):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Creekside")
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    now = utcnow()
    issued_order(db, site, people["supervisor"], rb, now=now)
    db.expire_all()
    assert db.get(Permit, permit.id).status == "suspended"
    auth.login(people["permittee"].email)
    page = client.get(f"/permits/{permit.id}").text
    assert "Notify completion" in page
    today = clocks.local_date(now, rb)
    response = client.post(
        f"/permits/{permit.id}/completion",
        data={"measure": "Silt fence, creek side", "installed_on": today.isoformat()},
    )
    assert response.status_code in (302, 303)
    [notice] = db.exec(
        select(ControlMeasureNotice).where(ControlMeasureNotice.permit_id == permit.id)
    ).all()
    assert notice.measure == "Silt fence, creek side" and notice.installed_on == today
    assert abs(notice.notified_at - now) < timedelta(minutes=5)
