"""A proposal's grounds are re-evaluated when the order is shown and when it is issued: a ground that no
longer holds (the missed inspection has arrived since) is never issued and never reaches the notice."""

from datetime import date, timedelta

import pytest
from sqlmodel import select

from inspector.models import Permit, StopWorkOrder
from inspector.models.base import utcnow
from inspector.rules import clocks
from inspector.services import (
    ServiceError,
    enforcement,
    permit_notices,
    stop_work_issuing,
    stop_work_proposals,
)
from tests.support.enforcement import record_inspection
from tests.sync.helpers import signature, signature_field


@pytest.fixture
def rb(app):
    return app.extensions["rulebook"]


@pytest.fixture
def stale(db, make, people, rb):
    """INLET failed 8 days ago (its repair is overdue) and no inspection since (the weekly one is missed):
    one proposal on both; then the weekly inspection arrives, four minutes after the proposal."""
    now = utcnow().replace(microsecond=0)
    site = make.site(people["supervisor"], name="Mill Creek")
    permit = make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=date.today() - timedelta(days=20),
    )
    permit_notices.notify_commencement(
        db,
        permit,
        user=people["permittee"],
        commenced_at=now - timedelta(days=15),
        now=now - timedelta(days=15),
    )
    db.commit()
    record_inspection(db, site, rb, at=now - timedelta(days=8), failed=("INLET",), evaluate=False)
    [order] = stop_work_proposals.evaluate_site(db, site, now - timedelta(minutes=10), rb)
    db.commit()
    assert sorted(g["rule"] for g in order.grounds) == [
        "overdue_findings",
        "weekly_inspection_missed",
    ]
    record_inspection(
        db, site, rb, at=now - timedelta(minutes=6), failed=("INLET",), evaluate=False
    )
    return site, order, now


def weekly(checks):
    return next(c for c in checks if c.ground["rule"] == "weekly_inspection_missed")


def test_a_ground_that_stopped_holding_is_refused_then_left_out(db, stale, people, rb):
    site, order, now = stale
    checks = stop_work_issuing.recheck_order(db, order, now, rb)
    assert not weekly(checks).holds and "has been made since" in weekly(checks).why
    assert next(c for c in checks if c.ground["rule"] == "overdue_findings").holds
    boss = people["supervisor"]
    with pytest.raises(ServiceError) as exc:  # the supervisor never saw it stop holding
        stop_work_issuing.issue(
            db, order, user=boss, now=now, rb=rb, confirmed=True, signature=signature()
        )
    assert exc.value.status == 409 and "has been made since" in exc.value.message
    db.rollback()
    assert db.get(StopWorkOrder, order.id).status == "proposed"
    with pytest.raises(ServiceError) as exc:  # no confirmation: nothing written
        stop_work_issuing.issue(
            db,
            order,
            user=boss,
            now=now,
            rb=rb,
            known_stale=[stop_work_issuing.ground_signature(weekly(checks).ground)],
        )
    assert exc.value.field == "confirm"
    stop_work_issuing.issue(
        db,
        order,
        user=boss,
        now=now,
        rb=rb,
        confirmed=True,
        signature=signature(),
        known_stale=[stop_work_issuing.ground_signature(weekly(checks).ground)],
    )
    db.commit()
    assert [g["rule"] for g in order.grounds] == ["overdue_findings"]
    assert "no longer hold" in enforcement.history(db, order)[-1].note


def test_a_proposal_with_no_ground_left_cannot_be_issued(db, make, people, rb):
    now = utcnow().replace(microsecond=0)
    site = make.site(people["supervisor"], name="Quarry Road")
    permit = make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=date.today() - timedelta(days=20),
    )
    permit_notices.notify_commencement(
        db,
        permit,
        user=people["permittee"],
        commenced_at=now - timedelta(days=15),
        now=now - timedelta(days=15),
    )
    db.commit()
    record_inspection(db, site, rb, at=now - timedelta(days=8), passed=("INLET",), evaluate=False)
    [order] = stop_work_proposals.evaluate_site(db, site, now - timedelta(minutes=10), rb)
    db.commit()
    record_inspection(
        db, site, rb, at=now - timedelta(minutes=6), passed=("INLET",), evaluate=False
    )
    [check] = stop_work_issuing.recheck_order(db, order, now, rb)
    with pytest.raises(ServiceError) as exc:
        stop_work_issuing.issue(
            db,
            order,
            user=people["supervisor"],
            now=now,
            rb=rb,
            confirmed=True,
            signature=signature(),
            known_stale=[stop_work_issuing.ground_signature(check.ground)],
        )
    assert "at least one ground" in exc.value.message
    db.rollback()
    assert db.exec(select(Permit).where(Permit.site_id == site.id)).one().status == "issued"


def test_order_page_strikes_the_stale_ground_and_the_notice_never_states_it(
    client, auth, db, stale, people
):
    site, order, _now = stale
    auth.logout()
    auth.login(people["supervisor"].email)
    page = client.get(f"/orders/{order.id}").text
    assert "<del>" in page and "No longer holds" in page and "has been made since" in page
    assert 'name="confirm"' in page and 'name="stale"' in page
    refused = client.post(
        f"/orders/{order.id}/issue",
        data={"grounds": ["plan_not_implemented", "conditions_not_met"]},
    )
    assert refused.status_code == 400 and "Confirm that you mean to issue" in refused.text
    db.expire_all()
    assert db.get(StopWorkOrder, order.id).status == "proposed"
    sig = [
        stop_work_issuing.ground_signature(g)
        for g in order.grounds
        if g["rule"] == "weekly_inspection_missed"
    ]
    done = client.post(
        f"/orders/{order.id}/issue",
        data={
            "grounds": ["plan_not_implemented", "conditions_not_met"],
            "confirm": "yes",
            "stale": sig,
            "signature": signature_field(),
        },
    )
    assert done.status_code == 303
    notice = client.get(f"/orders/{order.id}/notice").text
    assert "corrective action past its due time" in notice
    assert "weekly inspection due" not in notice and "has not been made" not in notice


def test_the_missed_inspection_made_since_is_the_permittees_not_a_later_village_visit(
    db, stale, people, rb
):
    """§ 256-8D(3)(g) is the permittee's duty: the re-check names the permittee's weekly inspection
    that cured the ground, not the Village's own visit after it."""
    site, order, now = stale
    record_inspection(
        db,
        site,
        rb,
        at=now - timedelta(minutes=3),
        kind="village",
        user=people["inspector"],
        evaluate=False,
    )
    check = weekly(stop_work_issuing.recheck_order(db, order, now, rb))
    assert not check.holds
    made = clocks.to_local(now - timedelta(minutes=6), rb)
    assert f"the inspection of {made:%Y-%m-%d %H:%M}" in check.why
    visit = clocks.to_local(now - timedelta(minutes=3), rb)
    assert f"{visit:%Y-%m-%d %H:%M}" not in check.why


def test_the_refusal_and_the_history_read_as_whole_sentences(db, stale, people, rb):
    """A ground that stopped holding is told as its reason, then why, each a sentence ("… made. The
    inspection …"), never "made. — The"; the supervisor's own note without a full stop is one."""
    site, order, now = stale
    boss = people["supervisor"]
    with pytest.raises(ServiceError) as exc:
        stop_work_issuing.issue(
            db, order, user=boss, now=now, rb=rb, confirmed=True, signature=signature()
        )
    assert ". —" not in exc.value.message and "— " not in exc.value.message
    assert "has not been made. The inspection it says was not made has been made since" in (
        exc.value.message
    )
    db.rollback()
    checks = stop_work_issuing.recheck_order(db, order, now, rb)
    stop_work_issuing.issue(
        db,
        order,
        user=boss,
        now=now,
        rb=rb,
        note="Inlet fabric still torn",
        confirmed=True,
        signature=signature(),
        known_stale=[stop_work_issuing.ground_signature(weekly(checks).ground)],
    )
    db.commit()
    note = enforcement.history(db, order)[-1].note
    assert note.startswith("Inlet fabric still torn. Not issued on grounds that no longer hold: ")
    assert ". —" not in note
