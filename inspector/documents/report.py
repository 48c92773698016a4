"""The inspection report as a PDF, laid out like Wisconsin DNR Form 3400-187: the header block, one
row per practice with "modifications required: yes / no / not applicable" and what is required, the
follow-up table, then the photos themselves (downscaled, each with caption, practice, time and
position). Every measurement and calculation is in words with its units (services/
inspection_report.py builds the rows); nothing here reads the database: the photos' bytes come
through `ctx["photo_bytes"]`, one at a time."""

from __future__ import annotations

import io

from .pdf import Document, latin1, local
from .photo_render import NotPrintable, render_for_print

RESULT = {"fail": "Yes", "pass": "No", "na": "N.A."}
LINE_H = 4.2
PHOTO_W = 95  # mm: two photos to a page, each beside its caption
PHOTO_MAX_H = 72


def _lines(doc: Document, text: str, width: float) -> list[str]:
    """The text's lines in a cell `width` wide. A line that fits is measured once and not laid
    out (most cells are a word or two: this keeps a year of reports quick to print)."""
    inner = width - 2 * doc.c_margin
    out: list[str] = []
    for part in latin1(text).split("\n"):
        if doc.get_string_width(part) <= inner:
            out.append(part)
        else:
            out += doc.multi_cell(width, LINE_H, part, dry_run=True, output="LINES")
    return out or [""]


def _grid(doc: Document, widths, rows, header) -> None:
    """A bordered table; a row never splits across pages and the header repeats on each page."""
    margin = doc.b_margin
    bottom = doc.h - margin

    def measure(cells, head: bool) -> tuple[list[list[str]], float]:
        doc.set_font("Helvetica", "B" if head else "", 8)
        lines = [_lines(doc, c, w) for c, w in zip(cells, widths, strict=True)]
        return lines, max(len(ls) for ls in lines) * LINE_H + 1

    def draw(lines, height: float, head: bool) -> None:
        doc.set_font("Helvetica", "B" if head else "", 8)
        x, y = doc.l_margin, doc.get_y()
        doc.set_fill_color(230, 230, 230)
        for width, cell_lines in zip(widths, lines, strict=True):
            doc.rect(x, y, width, height, style="DF" if head else "D")
            for n, line in enumerate(cell_lines):
                doc.set_xy(x, y + 0.5 + n * LINE_H)
                doc.cell(width, LINE_H, line)
            x += width
        doc.set_xy(doc.l_margin, y + height)

    head_lines, head_h = measure(header, True)
    measured = [measure(cells, False) for cells in rows]
    # Cells are placed by hand: fpdf's automatic break would split a row between pages.
    doc.set_auto_page_break(False)
    first = measured[0][1] if measured else 0
    if doc.get_y() + head_h + first > bottom:
        doc.add_page()
    draw(head_lines, head_h, True)
    for lines, height in measured:
        if doc.get_y() + height > bottom:
            doc.add_page()
            draw(head_lines, head_h, True)
        draw(lines, height, False)
    doc.set_auto_page_break(True, margin=margin)


def _section(doc: Document, title: str, keep: float = 30) -> None:
    """A heading kept on the same page as the first `keep` mm of what follows it."""
    if doc.get_y() + keep > doc.h - doc.b_margin:
        doc.add_page()
    doc.heading(title, 12)


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
        ("Received", ctx["received"]),
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
    for label, value in rows:  # as Document.facts, laying out only values that wrap
        doc.set_font("Helvetica", "B", 10)
        doc.cell(44, 6, latin1(label))
        doc.set_font("Helvetica", "", 10)
        x = doc.get_x()
        for line in _lines(doc, value, doc.w - doc.r_margin - x):
            doc.set_x(x)
            doc.cell(0, 6, line, new_x="LMARGIN", new_y="NEXT")
    doc.ln(2)
    if i.notes:
        doc.para(f"Comments on the overall effectiveness of the controls: {i.notes}", size=9)


def _practices(doc: Document, ctx) -> None:
    _section(doc, "Erosion and sediment control practices")
    rows = []
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
        rows.append([title, RESULT.get(a.result, "-"), "\n".join(details) or "-"])
    header = ["Practice", "Modifications required", "What is required; measurements; notes"]
    _grid(doc, (58, 24, 108), rows, header)


def _follow_up(doc: Document, ctx, rb) -> None:
    doc.ln(3)
    _section(doc, "Follow-up: modifications required")
    if not ctx["follow_up"]:
        doc.para("No practice needed modification at this inspection.", size=9)
        return
    rows = []
    for r in ctx["follow_up"]:
        corrected = (
            local(r["corrected_at"], rb)
            + (f": {r['corrected_note']}" if r["corrected_note"] else "")
            if r["corrected_at"]
            else "-"
        )
        rows.append(
            [
                f"{r['title']} {r['citation']}",
                r["action"] or "-",
                local(r["due_at"], rb) if r["due_at"] else "-",
                r["status"] + (" - OVERDUE" if r["overdue"] else ""),
                corrected,
            ]
        )
    header = ["Practice", "Required action", "Due", "Status", "Date corrected"]
    _grid(doc, (40, 62, 30, 28, 30), rows, header)
    for r in ctx["follow_up"]:
        for n in r["staff_notes"]:
            by = f", {n['by']}" if n["by"] else ""
            when = f"{local(n['at'], rb)}{by}"
            doc.para(f"{n['label']} on {r['title']} ({when}): {n['note']}", size=9)
    for note in ctx["follow_up_notes"]:
        doc.para(note, size=8)


def _photos(doc: Document, ctx) -> None:
    rows = ctx["photo_rows"]
    if not rows:
        return
    doc.ln(3)
    _section(doc, "Photos", keep=PHOTO_MAX_H + 10)
    load = ctx["photo_bytes"]
    for r in rows:
        data = load(r["photo"])
        text = f"{r['caption']}\nPractice: {r['item']}\nTaken: {r['time']}\nPosition: {r['gps']}"
        if data is None:
            doc.para(f"{text}\n(The photo's file is missing.)", size=8)
            continue
        # Marks (the inspector's drawing on the photo) are drawn on this printed copy only.
        try:
            jpeg = render_for_print(data, marks=r.get("marks"))
        except NotPrintable as exc:
            doc.para(f"{text}\n({exc})", size=8)
            continue
        w, h = r["photo"].width or 4, r["photo"].height or 3
        shown_w = PHOTO_W if w / h * PHOTO_MAX_H >= PHOTO_W else w / h * PHOTO_MAX_H
        shown_h = shown_w * h / w
        y = doc.get_y()
        if y + shown_h > doc.h - 20:
            doc.add_page()
            y = doc.get_y()
        doc.image(io.BytesIO(jpeg), x=doc.l_margin, y=y, w=shown_w, h=shown_h)
        del jpeg
        x = doc.l_margin + PHOTO_W + 4
        doc.set_xy(x, y)
        doc.set_font("Helvetica", "", 9)
        for line in _lines(doc, text, doc.w - doc.r_margin - x):
            doc.set_x(x)
            doc.cell(0, 5, line, new_x="LMARGIN", new_y="NEXT")
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
    doc.signature_block(ctx["signed"])
    doc.seal_block(ctx.get("seal"))
    return doc.output_bytes()
