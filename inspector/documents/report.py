"""The inspection report as a PDF, laid out like Wisconsin DNR Form 3400-187: the header block, one
row per practice with "modifications required: yes / no / not applicable" and what is required, the
follow-up table, then the photos themselves (downscaled, each with caption, practice, time and
position). Every measurement and calculation is in words with its units (services/
inspection_report.py builds the rows); nothing here reads the database: the photos' bytes come
through `ctx["photo_bytes"]`, one at a time."""

from __future__ import annotations

import io

from fpdf.fonts import FontFace

from .pdf import Document, latin1, local
from .photo_render import render_for_print

RESULT = {"fail": "Yes", "pass": "No", "na": "N.A."}
HEAD = FontFace(emphasis="BOLD", fill_color=(230, 230, 230))
PHOTO_W = 95  # mm: two photos to a page, each beside its caption
PHOTO_MAX_H = 72


def _type_ticks(ctx) -> str:
    kind = ctx["inspection"].kind
    ticks = "  ".join(
        f"[{'X' if on else ' '}] {label}"
        for label, on in (
            ("Weekly", kind == "weekly"),
            ("Precipitation event", kind == "post_rain"),
            ("Other", kind not in ("weekly", "post_rain")),
        )
    )
    return ticks + (f" ({ctx['kind_words']})" if kind not in ("weekly", "post_rain") else "")


def _header(doc: Document, ctx, rb) -> None:
    i, site, permit, company = ctx["inspection"], ctx["site"], ctx["permit"], ctx["company"]
    rows = [
        ("Name of permittee", company.name if company else "No permit on record"),
        ("Construction site", site.name),
        ("Permit number", (permit.number or "Application, no number yet") if permit else "-"),
        ("Location", site.address or "-"),
        ("Contractor", company.name if company else "-"),
        ("Date of inspection", i.inspected_on.isoformat()),
        ("Time in / time out", f"{local(i.started_at, rb)} / {local(i.ended_at, rb)}"),
        ("Type of inspection", _type_ticks(ctx)),
        ("Inspector", f"{i.inspector_name} ({'Village' if i.by_village else 'permittee'})"),
    ]
    if ctx.get("qualification"):
        rows.append(("Qualification", ctx["qualification"]))
    rows += [
        ("Weather", i.weather or "-"),
        ("Rain since last", ctx["rain_since"]),
        ("Phase of construction", i.phase or "-"),
        ("Active disturbance", "Yes" if i.active_disturbance else "No"),
    ]
    doc.facts(rows, label_w=44)
    if i.notes:
        doc.para(f"Comments on the overall effectiveness of the controls: {i.notes}", size=9)


def _practices(doc: Document, ctx) -> None:
    doc.heading("Erosion and sediment control practices", 12)
    doc.set_font("Helvetica", "", 8)
    with doc.table(
        col_widths=(58, 22, 110), headings_style=HEAD, line_height=4.2, text_align="LEFT"
    ) as table:
        table.row(["Practice", "Modifications required", "What is required; measurements; notes"])
        for row in ctx["practices"]:
            a = row["answer"]
            details = []
            if a.result == "fail" and a.corrective_action:
                details.append(f"Modifications required: {a.corrective_action}")
            if a.note:
                details.append(a.note)
            details += row["measurements"]
            if row["calculation"]:
                details.append(row["calculation"])
            title = f"{row['title']} (item {row['code']}) {row['citation']}".strip()
            table.row([latin1(title), RESULT.get(a.result, "-"), latin1("\n".join(details) or "-")])


def _follow_up(doc: Document, ctx, rb) -> None:
    doc.ln(3)
    doc.heading("Follow-up: modifications required", 12)
    if not ctx["follow_up"]:
        doc.para("No practice needed modification at this inspection.", size=9)
        return
    doc.set_font("Helvetica", "", 8)
    with doc.table(
        col_widths=(40, 62, 30, 28, 30), headings_style=HEAD, line_height=4.2, text_align="LEFT"
    ) as table:
        table.row(["Practice", "Required action", "Due", "Status", "Date corrected"])
        for r in ctx["follow_up"]:
            corrected = (
                local(r["corrected_at"], rb)
                + (f": {r['corrected_note']}" if r["corrected_note"] else "")
                if r["corrected_at"]
                else "-"
            )
            status = r["status"] + (" - OVERDUE" if r["overdue"] else "")
            cells = [
                f"{r['title']} {r['citation']}",
                r["action"] or "-",
                local(r["due_at"], rb) if r["due_at"] else "-",
                status,
                corrected,
            ]
            table.row([latin1(c) for c in cells])


def _photos(doc: Document, ctx) -> None:
    rows = ctx["photo_rows"]
    if not rows:
        return
    doc.ln(3)
    if doc.get_y() > doc.h - 20 - PHOTO_MAX_H:  # the heading stays with its first photo
        doc.add_page()
    doc.heading("Photos", 12)
    load = ctx["photo_bytes"]
    for r in rows:
        data = load(r["photo"])
        text = f"{r['caption']}\nPractice: {r['item']}\nTaken: {r['time']}\nPosition: {r['gps']}"
        if data is None:
            doc.para(f"{text}\n(The photo's file is missing.)", size=8)
            continue
        # Marks (the inspector's drawing on the photo) are drawn on this printed copy only.
        jpeg = render_for_print(data, marks=r.get("marks"))
        w, h = r["photo"].width or 4, r["photo"].height or 3
        shown_w = PHOTO_W if w / h * PHOTO_MAX_H >= PHOTO_W else w / h * PHOTO_MAX_H
        shown_h = shown_w * h / w
        y = doc.get_y()
        if y + shown_h > doc.h - 20:
            doc.add_page()
            y = doc.get_y()
        doc.image(io.BytesIO(jpeg), x=doc.l_margin, y=y, w=shown_w, h=shown_h)
        del jpeg
        doc.set_xy(doc.l_margin + PHOTO_W + 4, y)
        doc.set_font("Helvetica", "", 9)
        doc.multi_cell(0, 5, latin1(text), new_x="LMARGIN", new_y="NEXT")
        doc.set_y(max(doc.get_y(), y + shown_h) + 4)


def _tamper(doc: Document, ctx) -> None:
    i = ctx["inspection"]
    doc.ln(2)
    doc.heading("Tamper evidence", 11)
    doc.para(f"Record SHA-256: {i.sha256 or 'not recorded'}", size=8)
    doc.para(f"{ctx['photos_received']} of {ctx['photos_expected']} photos received.", size=8)
    for n, r in enumerate(ctx["photo_rows"], 1):
        doc.para(f"Photo {n}: SHA-256 {r['photo'].sha256}", size=7)


def inspection_pdf(ctx: dict, rb) -> bytes:
    doc = Document("Construction site erosion control inspection report", rb)
    doc.heading("Construction Site Erosion Control Inspection Report", 15)
    _header(doc, ctx, rb)
    if ctx.get("unanswered"):
        missing = ", ".join(item["title"] for item in ctx["unanswered"])
        doc.para(
            f"Partial inspection: {ctx['answered_count']} of {ctx['checklist_total']} checklist "
            f"items answered. Not answered: {missing}.",
            size=9,
        )
    _practices(doc, ctx)
    _follow_up(doc, ctx, rb)
    _photos(doc, ctx)
    _tamper(doc, ctx)
    doc.seal_block(ctx.get("seal"))
    return doc.output_bytes()
