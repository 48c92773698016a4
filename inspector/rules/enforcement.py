"""Stop-work triggers (§ 256-10A) as a pure function of a site's facts, the time and the rulebook.

The services gather the facts from the database; this module only decides which grounds hold and why.
Each trigger carries `keys`: fingerprints of the evidence (an inspection, a finding, a rain event), so
the services can propose an order once per piece of evidence and never again after a supervisor dismissed it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from . import clocks
from .rulebook import Rulebook


@dataclass(frozen=True)
class InspectionFact:
    id: str
    at: datetime  # when the visit was made (naive UTC)
    active_disturbance: bool
    failed: frozenset[str] = frozenset()  # item codes answered "fail"
    photo_ids: tuple[str, ...] = ()
    # The inspection first recorded for this visit when `id` is its correction. Evidence keys name the visit,
    # so a correction that still fails re-proposes nothing already proposed or dismissed.
    visit: str = ""
    kind: str = ""  # weekly, post_rain, village, complaint, follow_up

    @property
    def key(self) -> str:
        return self.visit or self.id


@dataclass(frozen=True)
class FindingFact:
    id: str
    item_code: str
    severity: str
    status: str  # open | corrected | closed | reopened | withdrawn
    due_at: datetime


@dataclass(frozen=True)
class DueFact:
    """One entry of schedule.due_items (weekly or post-rain inspection)."""

    kind: str
    state: str  # due | overdue | not_active
    due_at: datetime | None
    citation: str = ""
    label: str = ""
    rain_event_id: int | None = None


@dataclass(frozen=True)
class SiteFacts:
    permit_id: int | None = None
    permit_status: str | None = None
    permit_issued_on: date | None = None
    permit_expires_on: date | None = None
    # A closed permit's closing day (Village local): work seen up to it was under the permit.
    permit_closed_on: date | None = None
    commencement_notified_at: datetime | None = None
    inspections: tuple[InspectionFact, ...] = ()  # newest first
    first_active_inspection: InspectionFact | None = (
        None  # earliest one under the permit recording disturbance
    )
    findings: tuple[FindingFact, ...] = ()  # open, corrected or reopened
    due: tuple[DueFact, ...] = ()
    # § 256-10A(1) reaches activity "regulated under this article" only (rules.applicability):
    # where the article does not apply, the reason it gives.
    unregulated: str = ""


@dataclass(frozen=True)
class Trigger:
    ground: str  # no_permit | plan_not_implemented | conditions_not_met
    rule: str  # the key of [stop_work.rules.<rule>]
    citation: str  # of the ground, § 256-10A(n)
    rule_citation: str  # of the provision not complied with
    reason: str  # what happened, in words a permittee understands
    keys: tuple[str, ...]  # evidence fingerprints (see module docstring)
    inspections: tuple[str, ...] = ()
    findings: tuple[str, ...] = ()
    photos: tuple[str, ...] = ()
    note: str | None = None  # the reading taken where the ordinance is silent

    def as_ground(self, rb: Rulebook) -> dict:
        return {
            "ground": self.ground,
            "citation": self.citation,
            "words": rb[f"stop_work.grounds.{self.ground}.words"],
            "rule": self.rule,
            "rule_citation": self.rule_citation,
            "reason": self.reason,
            "keys": list(self.keys),
            "note": self.note,
        }


def is_finding_overdue(
    status: str, due_at: datetime, now: datetime, grace_hours: float = 0
) -> bool:
    """An open or reopened corrective action is overdue once its due time (plus any grace) has passed."""
    return status in ("open", "reopened") and now > due_at + timedelta(hours=grace_hours)


def permit_in_force(facts: SiteFacts, day: date, rb: Rulebook) -> bool:
    """True when a permit covers activity on `day`. A suspended permit still exists (the order governs).
    A closed permit covered its days up to the closing (an inspection made then may arrive later)."""
    if facts.permit_status == "closed" and facts.permit_closed_on is not None:
        last = facts.permit_closed_on
        if facts.permit_expires_on is not None:
            last = min(last, facts.permit_expires_on)
        return facts.permit_issued_on is not None and facts.permit_issued_on <= day <= last
    if (
        facts.permit_status is None
        or facts.permit_status in rb["stop_work.rules.no_permit.no_permit_statuses"]
    ):
        return False
    if facts.permit_issued_on is None or day < facts.permit_issued_on:
        return False
    return facts.permit_expires_on is None or day <= facts.permit_expires_on


def _trigger(rule: str, rb: Rulebook, reason: str, keys, **evidence) -> Trigger:
    spec = rb[f"stop_work.rules.{rule}"]
    ground = spec["ground"]
    return Trigger(
        ground=ground,
        rule=rule,
        citation=rb[f"stop_work.grounds.{ground}.citation"],
        rule_citation=spec["citation"],
        reason=reason,
        keys=tuple(keys),
        note=spec.get("note"),
        **{k: tuple(v) for k, v in evidence.items()},
    )


def _no_permit(facts: SiteFacts, rb: Rulebook) -> list[Trigger]:
    if not facts.inspections or facts.unregulated:
        return []
    latest = facts.inspections[0]
    if not latest.active_disturbance:
        return []
    day = clocks.to_local(latest.at, rb).date()
    if permit_in_force(facts, day, rb):
        return []
    status = facts.permit_status or "no permit"
    reason = (
        f"The inspection of {day.isoformat()} recorded active land disturbance; "
        f"the permit status is: {status.replace('_', ' ')}."
    )
    return [
        _trigger(
            "no_permit",
            rb,
            reason,
            [f"no_permit:{latest.key}"],
            inspections=[latest.id],
            photos=latest.photo_ids,
        )
    ]


def _repeat_critical(facts: SiteFacts, rb: Rulebook) -> list[Trigger]:
    needed = rb["stop_work.repeat_critical_failures"]
    recent = facts.inspections[:needed]
    if needed < 1 or len(recent) < needed:
        return []
    critical = {item["code"] for item in rb["checklist.items"] if item["severity"] == "critical"}
    repeated = set(critical)
    for inspection in recent:
        repeated &= inspection.failed
    out = []
    for code in sorted(repeated):
        item = rb.checklist_item(code)
        reason = f"{item['title']} ({code}, {item['citation']}) failed at {needed} consecutive inspections."
        photos = [p for i in recent for p in i.photo_ids]
        out.append(
            _trigger(
                "repeat_critical_failures",
                rb,
                reason,
                [f"repeat_critical:{code}:{recent[0].key}"],
                inspections=[i.id for i in recent],
                photos=photos,
            )
        )
    return out


def _overdue_findings(facts: SiteFacts, now: datetime, rb: Rulebook) -> list[Trigger]:
    grace = rb["stop_work.overdue_grace_hours"]
    overdue = [f for f in facts.findings if is_finding_overdue(f.status, f.due_at, now, grace)]
    if not overdue or len(overdue) < rb["stop_work.overdue_findings"]:
        return []
    # Named by the catalog's titles: the codes mean nothing to the permittee the order is served on.
    names = ", ".join(sorted({rb.item_title(f.item_code) or f.item_code for f in overdue}))
    many = len(overdue) != 1
    reason = (
        f"{len(overdue)} corrective action{'s' if many else ''} past "
        f"{'their' if many else 'its'} due time ({names})."
    )
    return [
        _trigger(
            "overdue_findings",
            rb,
            reason,
            [f"overdue_finding:{f.id}" for f in overdue],
            findings=[f.id for f in overdue],
        )
    ]


def _missed_inspections(facts: SiteFacts, now: datetime, rb: Rulebook) -> list[Trigger]:
    out = []
    for due in facts.due:
        if due.state != "overdue":
            continue
        # Printed on the notice: a deadline at midnight is the end of the day before (due_words).
        when = (
            "by " + clocks.due_words(due.due_at, rb, long=True, year=True)
            if due.due_at
            else "by its deadline"
        )
        if due.kind == "weekly":
            reason = f"The weekly inspection due {when} has not been made."
            out.append(
                _trigger(
                    "weekly_inspection_missed",
                    rb,
                    reason,
                    [f"weekly:{due.due_at.isoformat() if due.due_at else 'none'}"],
                )
            )
        elif due.kind == "post_rain":
            reason = (
                f"The inspection after the qualifying rain was due {when} and has not been made."
            )
            out.append(
                _trigger(
                    "post_rain_inspection_missed",
                    rb,
                    reason,
                    [
                        f"post_rain:{due.rain_event_id}:{due.due_at.isoformat() if due.due_at else ''}"
                    ],
                )
            )
    return out


def _commencement(facts: SiteFacts, now: datetime, rb: Rulebook) -> list[Trigger]:
    """§ 256-8D(3)(a): while no notice of commencement is given, 48 hours after the first
    inspection under the permit that recorded the work under way. Once given, late or not, the
    condition is being met (§ 256-10A(3) speaks in the present); the permit page shows it late."""
    first = facts.first_active_inspection
    if facts.permit_id is None or facts.commencement_notified_at is not None or first is None:
        return []
    deadline = clocks.commencement_notice_due(first.at, rb)
    if not clocks.is_late(None, deadline.due, now):
        return []
    day = clocks.to_local(first.at, rb).date().isoformat()
    reason = (
        f"Land disturbance was under way at the inspection of {day}; no notice of commencement "
        f"was given within {rb['clocks.commencement_notice.hours']} hours."
    )
    return [
        _trigger(
            "commencement_notice_missing",
            rb,
            reason,
            [f"commencement:{facts.permit_id}"],
            inspections=[first.id],
        )
    ]


def _no_plan(facts: SiteFacts, rb: Rulebook) -> list[Trigger]:
    code = rb["stop_work.rules.no_plan_on_site.item_code"]
    if not facts.inspections or code not in facts.inspections[0].failed:
        return []
    latest = facts.inspections[0]
    day = clocks.to_local(latest.at, rb).date().isoformat()
    # The item asks two conditions; which one failed is in the inspection's answer, not here.
    label = rb["stop_work.rules.no_plan_on_site.label"]
    reason = f"The inspection of {day} failed the control plan item ({code}): {label[0].lower()}{label[1:]}."
    return [
        _trigger(
            "no_plan_on_site",
            rb,
            reason,
            [f"no_plan:{latest.key}"],
            inspections=[latest.id],
            photos=latest.photo_ids,
        )
    ]


FINDING_KEY = "overdue_finding:"


def ground_findings(ground: dict) -> list[str]:
    """The findings a ground rests on, when it rests on findings alone (else none)."""
    keys = ground.get("keys") or []
    if not keys or not all(k.startswith(FINDING_KEY) for k in keys):
        return []
    return [k[len(FINDING_KEY) :] for k in keys]


def lapsed_grounds(grounds: list[dict], unresolved: set[str]) -> list[tuple[int, list[str]]]:
    """The grounds that rested only on findings of which none is unresolved any more (each since withdrawn
    as recorded in error, or repaired and verified): [(index of the ground, its findings)]."""
    out = []
    for index, ground in enumerate(grounds):
        cited = ground_findings(ground)
        if cited and not any(f in unresolved for f in cited):
            out.append((index, cited))
    return out


# Rules whose ground holds while the rule holds, whichever visit shows it now; the others hold only while
# the very evidence they cite (a deadline, a finding, a notice) is still unmet.
BY_RULE = {"no_permit", "no_plan_on_site"}


@dataclass(frozen=True)
class Recheck:
    holds: bool
    ground: dict  # the ground as it would be issued now (its reason brought up to date)
    why: str = ""  # why it no longer holds


def _subject(ground: dict) -> str:
    if ground.get("rule") == "repeat_critical_failures" and ground.get("keys"):
        return ground["keys"][0].split(":")[1]
    return ""


def _why_stale(ground: dict, facts: SiteFacts, rb: Rulebook) -> str:
    rule = ground.get("rule")
    latest = facts.inspections[0] if facts.inspections else None
    seen = f"the inspection of {clocks.to_local(latest.at, rb):%Y-%m-%d %H:%M}" if latest else ""
    if rule in ("weekly_inspection_missed", "post_rain_inspection_missed"):
        if latest is None:
            return "The deadline no longer applies (the permit is not in force)."
        # The permittee's own inspection made it (clocks.DUTY_KINDS), not a later Village visit.
        made = next((i for i in facts.inspections if i.kind in clocks.DUTY_KINDS), None)
        if made is None:
            return "The inspection it says was not made has been made since."
        return (
            "The inspection it says was not made has been made since (the inspection of "
            f"{clocks.to_local(made.at, rb):%Y-%m-%d %H:%M})."
        )
    if rule == "overdue_findings":
        return "None of its corrective actions is still past due: corrected, closed or withdrawn since."
    if rule == "no_permit" and facts.unregulated:
        return f"The article does not regulate this site: {facts.unregulated}"
    if rule == "no_permit":
        return (
            "A permit is in force now, or the latest inspection records no active land disturbance"
            f"{' (' + seen + ')' if seen else ''}."
        )
    if rule == "repeat_critical_failures":
        return f"The item no longer fails at the latest consecutive inspections ({seen})."
    if rule == "no_plan_on_site":
        return (
            "The latest inspection found the control plan on the site and its changes approved "
            f"in writing ({seen})."
        )
    if rule == "commencement_notice_missing":
        return "A notice of commencement has been recorded since."
    if rule == "completion_notice_late":
        return rb["stop_work.rules.completion_notice_late.note"]
    return "The rules no longer find this ground when re-checked."


def recheck(grounds: list[dict], facts: SiteFacts, now: datetime, rb: Rulebook) -> list[Recheck]:
    """Each ground of a proposal re-evaluated against the facts of `now`. A ground a person recorded
    (no evidence keys) holds; a rule's ground holds only while its rule still finds it."""
    triggers = evaluate(facts, now, rb)
    out = []
    for ground in grounds:
        keys = set(ground.get("keys") or [])
        rule = ground.get("rule")
        if not keys or rule not in rb["stop_work.rules"]:
            out.append(Recheck(True, ground))
            continue
        same = [t for t in triggers if t.rule == rule]
        if rule in BY_RULE:
            match = same[0] if same else None
            fresh = ground if match else None
        elif rule == "repeat_critical_failures":
            match = next((t for t in same if _subject(t.as_ground(rb)) == _subject(ground)), None)
            fresh = ground if match else None
        else:
            match = next((t for t in same if keys & set(t.keys)), None)
            fresh = {**ground, "reason": match.reason, "keys": list(match.keys)} if match else None
        if fresh is None:
            out.append(Recheck(False, ground, _why_stale(ground, facts, rb)))
        else:
            out.append(Recheck(True, fresh))
    return out


def evaluate(facts: SiteFacts, now: datetime, rb: Rulebook) -> list[Trigger]:
    """Every trigger that holds now, grouped by ground in the order of § 256-10A."""
    triggers = _no_permit(facts, rb)
    if facts.permit_id is not None and not triggers:
        # Conditions and the control plan are those of a permit; without one, ground (1) covers it.
        triggers += _repeat_critical(facts, rb) + _overdue_findings(facts, now, rb)
        triggers += _missed_inspections(facts, now, rb) + _commencement(facts, now, rb)
        triggers += _no_plan(facts, rb)
    order = {"no_permit": 0, "plan_not_implemented": 1, "conditions_not_met": 2}
    return sorted(triggers, key=lambda t: order[t.ground])


@dataclass
class Grouped:
    grounds: list[dict] = field(default_factory=list)
    inspections: list[str] = field(default_factory=list)
    findings: list[str] = field(default_factory=list)
    photos: list[str] = field(default_factory=list)


def group(triggers: list[Trigger], rb: Rulebook) -> Grouped:
    """The grounds and evidence of one proposed order made of these triggers (duplicates removed)."""
    out = Grouped()
    for t in triggers:
        out.grounds.append(t.as_ground(rb))
        for target, values in (
            (out.inspections, t.inspections),
            (out.findings, t.findings),
            (out.photos, t.photos),
        ):
            target.extend(v for v in values if v not in target)
    return out
