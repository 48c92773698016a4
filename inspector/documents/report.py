"""The inspection report as a PDF, laid out so someone used to Wisconsin DNR Form 3400-187 recognises it:
the header block, one row per practice with "modifications required: yes / no / n.a.", then a follow-up
section for each "yes"; calculator results saved with answers appear with their practice."""

from __future__ import annotations

from .pdf import Document, latin1, local

RESULT = {"fail": "Yes", "pass": "No", "na": "n.a."}


def _calculator_line(calc: dict | None) -> str:
    if not calc:
        return ""
    result = calc.get("result") or {}
    parts = (
        [f"{k} = {v}" for k, v in result.items() if isinstance(v, (int, float, str, bool))]
        if isinstance(result, dict)
        else [str(result)]
    )
    return f"Calculator {calc.get('name', '')}: " + "; ".join(parts[:8])


def inspection_pdf(ctx: dict, rb) -> bytes:
    i, site, permit, company = ctx["inspection"], ctx["site"], ctx["permit"], ctx["company"]
    doc = Document("Construction site erosion control inspection report", rb)
    doc.heading("Construction Site Erosion Control Inspection Report", 15)
    kind = i.kind
    ticks = "  ".join(
        f"[{'X' if on else ' '}] {label}"
        for label, on in (
            ("Weekly", kind == "weekly"),
            ("Precipitation event", kind == "post_rain"),
            ("Other", kind not in ("weekly", "post_rain")),
        )
    )
    if kind not in ("weekly", "post_rain"):
        ticks += f" ({ctx['kind_words']})"
    doc.facts(
        [
            ("Permittee", company.name if company else "No permit on record"),
            ("Permit", (permit.number or f"Application #{permit.id}") if permit else "-"),
            ("Site", site.name),
            ("Location", site.address or "-"),
            ("Contractor", company.name if company else "-"),
            ("Date", i.inspected_on.isoformat()),
            ("Start / end time", f"{local(i.started_at, rb)} / {local(i.ended_at, rb)}"),
            ("Inspection type", ticks),
            ("Inspector", f"{i.inspector_name} ({'Village' if i.by_village else 'permittee'})"),
            ("Weather", i.weather or "-"),
            ("Phase", i.phase or "-"),
        ],
        label_w=38,
    )
    if ctx.get("unanswered"):
        missing = ", ".join(f"{item['title']} ({item['code']})" for item in ctx["unanswered"])
        doc.para(
            latin1(
                f"Partial inspection: {ctx['answered_count']} of {ctx['checklist_total']} checklist "
                f"items answered. Not answered: {missing}."
            ),
            size=9,
        )
    # One row per practice.
    widths = (88, 28, 0)
    doc.set_font("Helvetica", "B", 9)
    doc.set_fill_color(230, 230, 230)
    doc.cell(widths[0], 7, "Practice", border=1, fill=True)
    doc.cell(widths[1], 7, "Modifications required", border=1, fill=True)
    doc.cell(0, 7, "Notes", border=1, fill=True, new_x="LMARGIN", new_y="NEXT")
    for a in ctx["answers"]:
        item = ctx["items"].get(a.item_code, {})
        title = latin1(
            f"{item.get('title', a.item_code)} ({a.item_code}) {item.get('citation', '')}"
        )
        notes = " ".join(
            filter(
                None,
                [
                    a.note,
                    _calculator_line(a.calculator),
                    ", ".join(f"{k}={v}" for k, v in (a.measurements or {}).items()),
                ],
            )
        )
        doc.set_font("Helvetica", "B" if a.result == "fail" else "", 9)
        y0 = doc.get_y()
        if y0 > doc.h - 30:
            doc.add_page()
            y0 = doc.get_y()
        doc.multi_cell(widths[0], 5, title, border=1, new_x="RIGHT", new_y="TOP", max_line_height=5)
        doc.cell(widths[1], 5, RESULT.get(a.result, a.result), border=1)
        doc.set_font("Helvetica", "", 8)
        doc.multi_cell(0, 5, latin1(notes or "-"), border=1, new_x="LMARGIN", new_y="NEXT")
        doc.set_y(max(doc.get_y(), y0 + 5))
    fails = [a for a in ctx["answers"] if a.result == "fail"]
    if fails:
        doc.ln(3)
        doc.heading("Follow-up: modifications required", 12)
        for a in fails:
            item = ctx["items"].get(a.item_code, {})
            f = ctx["findings_by_item"].get(a.item_code)
            line = f"{item.get('title', a.item_code)} ({item.get('citation', '')}): {a.corrective_action}"
            if f:
                line += f" - due {local(f.due_at, rb)}, status {f.status}"
                if f.id in ctx["overdue"]:
                    line += " (OVERDUE)"
                if f.corrected_at:
                    line += f"; corrected {local(f.corrected_at, rb)}: {f.corrected_note}"
            doc.para(line, size=9)
    doc.ln(2)
    doc.heading("Tamper evidence", 11)
    doc.para(f"Record SHA-256: {i.sha256 or 'not recorded'}", size=8)
    doc.para(f"{ctx['photos_received']} of {ctx['photos_expected']} photos received.", size=8)
    for p in ctx["photos"]:
        doc.para(f"Photo {p.id} ({p.item_code or 'site'}): SHA-256 {p.sha256}", size=7)
    doc.seal_block(ctx.get("seal"))
    return doc.output_bytes()
