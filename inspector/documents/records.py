"""Small PDFs for the regulator packet: one finding (a corrective action and its state) and one
permit with its clocks. Same letterhead, seal block and Latin-1 rules as the other documents."""

from __future__ import annotations

from ..rules.clocks import permit_expires
from ..services.finding_notes import found_words
from ..services.findings_raised import due_notes
from ..services.permits import STATUS_WORDS, status_on
from ..services.words import words
from .pdf import Document, local

FINDING_STATUS = {
    "open": "Open",
    "reopened": "Reopened",
    "corrected": "Corrected, awaiting verification",
    "closed": "Closed (correction verified)",
    "withdrawn": "Withdrawn (recorded in error)",
}


def finding_pdf(ctx: dict, rb) -> bytes:
    """ctx: finding, site, permit, company, item (catalog entry or None), inspection, overdue,
    seal, staff_notes (finding_notes.staff_notes_signed), no_note (finding_notes.no_note_written)."""
    f, site, permit, company = ctx["finding"], ctx["site"], ctx["permit"], ctx["company"]
    item = ctx.get("item") or {}
    inspection = ctx.get("inspection")
    doc = Document("Corrective action (finding)", rb)
    doc.heading("Corrective Action Required (Finding)", 15)
    status = FINDING_STATUS.get(f.status, f.status.capitalize())
    if ctx.get("overdue"):
        status += " - OVERDUE"
    rows = [
        ("Site", f"{site.name}, {site.address}" if site.address else site.name),
        ("Permittee", company.name if company else "No permit on record"),
        ("Permit number", (permit.number or "Application, no number yet") if permit else "-"),
        ("Practice", f"{item.get('title', 'Checklist item')} (item {f.item_code})"),
        ("Ordinance", f.citation or item.get("citation", "-")),
        ("Severity", f.severity.capitalize()),
        (
            "Found at inspection",
            f"{inspection.inspected_on.isoformat()} by {inspection.inspector_name}"
            if inspection
            else "-",
        ),
        ("Recorded", local(f.created_at, rb)),
        ("Due", local(f.due_at, rb)),
        ("Status", status),
    ]
    doc.facts(rows, label_w=44)
    for note in due_notes(item, rb):
        doc.para(note, size=9)
    if f.description:
        found = found_words(f, ctx["no_note"])
        doc.para(f"What was found: {found}")
    doc.para(f"Required action: {f.required_action or item.get('corrective_action', '-')}", True)
    if f.corrected_at:
        doc.para(f"Reported corrected {local(f.corrected_at, rb)}: {f.corrected_note or '-'}")
    if f.verified_at:
        doc.para(f"Correction verified {local(f.verified_at, rb)}.")
    for n in ctx.get("staff_notes", []):  # closing and reopening, oldest first
        by = f", {n['by']}" if n["by"] else ""
        doc.para(f"{n['label']} ({local(n['at'], rb)}{by}): {n['note']}")
    doc.seal_block(ctx.get("seal"))
    return doc.output_bytes()


def permit_pdf(ctx: dict, rb) -> bytes:
    """ctx: permit, site, company, clocks (services.permit_clocks.clocks_view), history [(event, who)],
    today (the Village's day the document is made: its status is the one the permit's page shows
    that day, an issued permit past its last valid day reading Expired before the tick records it)."""
    permit, site, company, clocks = ctx["permit"], ctx["site"], ctx["company"], ctx["clocks"]
    status = status_on(permit, ctx["today"])
    doc = Document("Erosion control permit and its clocks", rb)
    doc.heading(f"Erosion Control Permit {permit.number or '(application)'}", 15)

    def day(value) -> str:
        return value.isoformat() if value else "-"

    rows = [
        ("Site", f"{site.name}, {site.address}" if site.address else site.name),
        ("Permittee", company.name if company else "-"),
        ("Applicant", permit.applicant_name or "-"),
        ("Status", words(STATUS_WORDS, status)),
        ("Application received", day(permit.application_received_on)),
        ("Fee paid", day(permit.fee_paid_on) if permit.fee_paid_on else "Not yet"),
        ("Issued", day(permit.issued_on)),
        ("Building permit until", day(permit.building_permit_until)),
    ]
    doc.facts(rows, label_w=48)
    doc.heading("Clocks", 12)
    lines = []
    if clocks.get("missing"):
        lines.append(f"Review clock not started; missing: {', '.join(clocks['missing'])}.")
    if clocks.get("review"):
        review = clocks["review"]
        late = " REVIEW OVERDUE." if clocks.get("review_overdue") else ""
        lines.append(
            f"Review decision due {review.due.isoformat()}: "
            f"{rb['clocks.plan_review.work_days']} work days from "
            f"{clocks['complete_on'].isoformat()} ({review.citation}).{late}"
        )
    if clocks.get("expires_on") and permit.extension_days and permit.issued_on:
        # The last day is the extension's, not the 180 days' the clause quoted alone would imply.
        first = permit_expires(permit.issued_on, permit.building_permit_until, 0, rb)
        lines.append(
            f"Valid until {clocks['expires_on'].isoformat()}: first until {first.isoformat()} "
            f"({rb['clocks.permit_validity.citation']}: {rb['clocks.permit_validity.words']}), "
            f"then extended by {permit.extension_days} days ({rb['clocks.extension.citation']}: "
            f"the Village {rb['clocks.extension.words']})."
        )
    elif clocks.get("expires_on"):
        lines.append(
            f"Valid until {clocks['expires_on'].isoformat()} "
            f"({rb['clocks.permit_validity.citation']}: {rb['clocks.permit_validity.words']})."
        )
    if clocks.get("commencement"):
        due = clocks["commencement"]
        late = clocks.get("commencement_late")
        given = (
            f"notified {local(permit.commencement_notified_at, rb)}: {'late' if late else 'on time'}"
            if permit.commencement_notified_at
            else ("not notified: late" if late else "not notified yet")
        )
        lines.append(
            f"Notice of commencement due by {local(due.due, rb)} ({due.citation}); {given}."
        )
        if clocks.get("commencement_seen"):
            lines.append(
                f"Counted from {local(clocks['commencement_seen'], rb)}, when an inspection "
                "recorded land disturbance under way. "
                f"{rb['stop_work.rules.commencement_notice_missing.note']}"
            )
    lines.append(
        f"Records kept {rb['clocks.record_retention.years']} years after the permit ends "
        f"({rb['clocks.record_retention.source']})."
    )
    for line in lines:
        doc.para(f"- {line}", size=10)
    if ctx.get("history"):
        doc.heading("History", 12)
        for event, who in ctx["history"]:
            state = words(STATUS_WORDS, event.status)
            by = f" by {who}" if who else ""
            note = f": {event.note}" if event.note else ""
            doc.para(f"{local(event.at, rb)}{by}: {state}{note}", size=9)
    return doc.output_bytes()
