"""§ 256-8A: no land disturbance before the permit. A notice of commencement naming a start before
the day the permit was issued is taken (it is the permittee's own account), and the permit page
says that the work began without a permit."""

from datetime import datetime, timedelta

from inspector.models.base import utcnow
from inspector.rules import clocks
from inspector.services import permit_notices


def test_a_start_before_the_issue_day_is_shown_as_work_without_a_permit(
    app, client, auth, db, make, people
):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Early Bird")
    permit = make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=utcnow().date() - timedelta(days=10),
    )
    # 23:30 on the day before the issue day, in the Village's clock (05:30 UTC on the issue day).
    start = clocks.from_local(
        datetime.combine(permit.issued_on - timedelta(days=1), datetime.min.time())
        + timedelta(hours=23, minutes=30),
        rb,
    )
    permit_notices.notify_commencement(
        db, permit, user=people["permittee"], commenced_at=start, now=start + timedelta(hours=1)
    )
    db.commit()
    auth.login(people["supervisor"].email)
    page = client.get(f"/permits/{permit.id}").text
    assert "Began before the permit was issued" in page and "§ 256-8A" in page


def test_a_start_on_the_issue_day_is_not_flagged(app, client, auth, db, make, people):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="On Time")
    permit = make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=utcnow().date() - timedelta(days=10),
    )
    start = clocks.from_local(datetime.combine(permit.issued_on, datetime.min.time()), rb)
    permit_notices.notify_commencement(
        db, permit, user=people["permittee"], commenced_at=start, now=start + timedelta(hours=1)
    )
    db.commit()
    auth.login(people["supervisor"].email)
    assert "Began before the permit was issued" not in client.get(f"/permits/{permit.id}").text
