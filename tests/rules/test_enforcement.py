"""Stop-work triggers (§ 256-10A) at their boundaries, from facts alone."""

from dataclasses import replace
from datetime import date, datetime, timedelta

from inspector.rules import clocks
from inspector.rules import enforcement as rules
from inspector.rules.rulebook import default

RB = default()
NOW = datetime(2027, 3, 10, 18, 0)  # Wed 12:00 Chicago


def inspection(n, *, failed=(), active=True, days_ago=0):
    return rules.InspectionFact(
        id=f"insp-{n}",
        at=NOW - timedelta(days=days_ago),
        active_disturbance=active,
        failed=frozenset(failed),
        photo_ids=(f"photo-{n}",),
    )


PERMITTED = rules.SiteFacts(
    permit_id=1,
    permit_status="issued",
    permit_issued_on=date(2027, 1, 4),
    permit_expires_on=date(2027, 7, 3),
    commencement_notified_at=datetime(2027, 1, 5),
)


def rule_names(facts, now=NOW):
    return [t.rule for t in rules.evaluate(facts, now, RB)]


def test_nothing_holds_for_a_clean_permitted_site():
    assert rule_names(replace(PERMITTED, inspections=(inspection(1),))) == []


def test_activity_without_a_permit_in_force():
    for status in ("denied", "expired", "revoked", "applied"):
        facts = rules.SiteFacts(permit_id=1, permit_status=status, inspections=(inspection(1),))
        [trigger] = rules.evaluate(facts, NOW, RB)
        assert (trigger.ground, trigger.citation) == ("no_permit", "§ 256-10A(1)")
        assert trigger.inspections == ("insp-1",) and trigger.photos == ("photo-1",)
    none = rules.SiteFacts(inspections=(inspection(1),))
    assert rule_names(none) == ["no_permit"]
    # No active disturbance recorded: nothing to stop.
    assert rule_names(rules.SiteFacts(inspections=(inspection(1, active=False),))) == []


def test_issued_permit_past_its_last_day_is_no_permit():
    facts = replace(PERMITTED, permit_expires_on=date(2027, 3, 9), inspections=(inspection(1),))
    assert rule_names(facts) == ["no_permit"]
    assert rule_names(replace(facts, permit_expires_on=date(2027, 3, 10))) == []


def test_critical_failure_repeated_at_consecutive_inspections():
    once = replace(
        PERMITTED, inspections=(inspection(2, failed={"INLET"}), inspection(1, days_ago=7))
    )
    assert rule_names(once) == []
    twice = replace(
        PERMITTED,
        inspections=(inspection(2, failed={"INLET"}), inspection(1, failed={"INLET"}, days_ago=7)),
    )
    [trigger] = rules.evaluate(twice, NOW, RB)
    assert (trigger.rule, trigger.ground, trigger.citation) == (
        "repeat_critical_failures",
        "plan_not_implemented",
        "§ 256-10A(2)",
    )
    assert "INLET" in trigger.reason and trigger.keys == ("repeat_critical:INLET:insp-2",)
    # A major (not critical) item repeated is not this trigger.
    major = replace(
        PERMITTED,
        inspections=(inspection(2, failed={"WASTE"}), inspection(1, failed={"WASTE"}, days_ago=7)),
    )
    assert rule_names(major) == []


def test_overdue_corrective_action_boundary():
    due = NOW
    finding = rules.FindingFact(
        id="f1", item_code="INLET", severity="critical", status="open", due_at=due
    )
    facts = replace(PERMITTED, findings=(finding,))
    assert rule_names(facts, now=due) == []  # at the due time: not yet late
    assert rule_names(facts, now=due + timedelta(minutes=1)) == ["overdue_findings"]
    corrected = replace(facts, findings=(replace(finding, status="corrected"),))
    assert rule_names(corrected, now=due + timedelta(days=3)) == []  # awaiting verification


def test_missed_inspections_come_from_the_schedule():
    weekly = rules.DueFact(kind="weekly", state="overdue", due_at=NOW - timedelta(hours=1))
    rain = rules.DueFact(
        kind="post_rain", state="overdue", due_at=NOW - timedelta(hours=2), rain_event_id=4
    )
    due = rules.DueFact(kind="weekly", state="due", due_at=NOW + timedelta(hours=1))
    facts = replace(PERMITTED, due=(weekly, rain, due))
    triggers = rules.evaluate(facts, NOW, RB)
    assert [t.rule for t in triggers] == ["weekly_inspection_missed", "post_rain_inspection_missed"]
    assert all(
        t.citation == "§ 256-10A(3)" and t.rule_citation == "§ 256-8D(3)(g)" for t in triggers
    )
    assert "post_rain:4:" in triggers[1].keys[0]


def test_commencement_notice_48_hours():
    first = inspection(1, days_ago=2)
    facts = replace(PERMITTED, commencement_notified_at=None, first_active_inspection=first)
    assert rule_names(facts, now=first.at + timedelta(hours=48)) == []
    assert rule_names(facts, now=first.at + timedelta(hours=48, minutes=1)) == [
        "commencement_notice_missing"
    ]
    notified = replace(facts, commencement_notified_at=first.at + timedelta(hours=1))
    assert rule_names(notified, now=first.at + timedelta(days=9)) == []


def test_a_late_completion_notice_is_no_longer_a_ground():
    """§ 256-8D(3)(b): a notice given, late or not, meets the condition (§ 256-10A(3) speaks in the
    present); an order resting on one could never be complied with. One already proposed no longer
    holds, and says why."""
    late = {
        "rule": "completion_notice_late",
        "ground": "conditions_not_met",
        "citation": "§ 256-8D(3)(b)",
        "reason": "Completion of “Silt fence” (installed 2027-02-01) was notified on 2027-02-16.",
        "keys": ["completion:2"],
    }
    [check] = rules.recheck([late], PERMITTED, NOW, RB)
    assert not check.holds
    assert "late or not" in check.why and "§ 256-10A(3)" in check.why


def test_no_control_plan_on_site():
    facts = replace(PERMITTED, inspections=(inspection(1, failed={"PLAN"}),))
    [trigger] = rules.evaluate(facts, NOW, RB)
    # The PLAN item asks both (c) and (i): a failure may be an unapproved change to a plan that
    # is on the site, so the order cites and says both, never "no copy on the site" alone.
    assert (trigger.rule, trigger.rule_citation, trigger.ground) == (
        "no_plan_on_site",
        "§ 256-8D(3)(c), (i)",
        "conditions_not_met",
    )
    assert RB.checklist_item("PLAN")["citation"] == trigger.rule_citation
    assert "not on the site, or" in trigger.reason
    assert "without the Village's written permission" in trigger.reason
    assert "found no copy" not in trigger.reason


def test_group_merges_evidence_and_keeps_citations():
    facts = replace(
        PERMITTED,
        inspections=(
            inspection(2, failed={"INLET", "PLAN"}),
            inspection(1, failed={"INLET"}, days_ago=7),
        ),
    )
    grouped = rules.group(rules.evaluate(facts, NOW, RB), RB)
    assert [g["citation"] for g in grouped.grounds] == ["§ 256-10A(2)", "§ 256-10A(3)"]
    assert grouped.inspections == ["insp-2", "insp-1"]
    assert all(g["words"] for g in grouped.grounds)


def test_stop_work_compliance_clock_is_ten_days():
    # Issued Mon 2027-03-01 09:00 CST: the ten days end with Thu 2027-03-11 (06:00 UTC on the 12th).
    issued = datetime(2027, 3, 1, 15, 0)
    assert clocks.stop_work_compliance_due(issued, RB) == datetime(2027, 3, 12, 6, 0)


def test_a_correction_standing_for_its_visit_keeps_the_visits_evidence_key():
    """The correction (id insp-2b) of visit insp-2 proposes under the visit's key: a proposal already made or
    dismissed for that visit is not made again because the visit was written down once more."""
    original = replace(
        PERMITTED,
        inspections=(inspection(2, failed={"INLET"}), inspection(1, failed={"INLET"}, days_ago=7)),
    )
    corrected = replace(
        PERMITTED,
        inspections=(
            replace(inspection(2, failed={"INLET"}), id="insp-2b", visit="insp-2"),
            inspection(1, failed={"INLET"}, days_ago=7),
        ),
    )
    [before], [after] = rules.evaluate(original, NOW, RB), rules.evaluate(corrected, NOW, RB)
    assert before.keys == after.keys == ("repeat_critical:INLET:insp-2",)
    assert after.inspections == ("insp-2b", "insp-1")  # the evidence is the record that stands


def test_grounds_resting_only_on_findings_no_longer_unresolved_lapse():
    overdue = {
        "ground": "plan_not_implemented",
        "keys": ["overdue_finding:f1", "overdue_finding:f2"],
    }
    weekly = {"ground": "conditions_not_met", "keys": ["weekly:2027-03-09T18:00:00"]}
    grounds = [overdue, weekly]
    assert rules.lapsed_grounds(grounds, {"f1", "f2"}) == []
    assert (
        rules.lapsed_grounds(grounds, {"f2"}) == []
    )  # one finding still stands: so does the ground
    assert rules.lapsed_grounds(grounds, set()) == [(0, ["f1", "f2"])]
    # A ground with other evidence (a missed inspection, a field posting without keys) never lapses this way.
    assert rules.lapsed_grounds([weekly, {"ground": "no_permit", "keys": []}], set()) == []


def test_a_closed_permit_covered_the_days_up_to_its_closing():
    closed = replace(PERMITTED, permit_status="closed", permit_closed_on=date(2027, 3, 9))
    assert rules.permit_in_force(closed, date(2027, 3, 9), RB)  # the closing day itself
    assert not rules.permit_in_force(closed, date(2027, 3, 10), RB)
    assert not rules.permit_in_force(closed, date(2027, 1, 3), RB)  # before its issue
    # A closed permit whose closing day is not known covers nothing (as before).
    assert not rules.permit_in_force(replace(closed, permit_closed_on=None), date(2027, 3, 9), RB)
