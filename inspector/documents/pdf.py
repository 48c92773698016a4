"""PDF documents with fpdf2's core fonts (no font files needed on a fresh machine).

Core fonts cover Latin-1 only, so text goes through `latin1()` (typographic quotes and dashes become
their plain forms; "§" is Latin-1 and stays)."""

from __future__ import annotations

import io
from datetime import datetime

from fpdf import FPDF

from ..rules import clocks
from ..services import permits
from ..services.stop_work_issuing import POSTING_CURED
from . import order_names, qr, signatures

COMPRESS = True  # tests turn it off to read the text in the PDF
REPLACE = {
    "“": '"',
    "”": '"',
    "‘": "'",
    "’": "'",
    "—": "-",
    "–": "-",
    "…": "...",
    "✔": "",
    "✖": "",
    "▲": "",
    "≥": ">=",
    "≤": "<=",
    "°": "deg",
}


def latin1(text) -> str:
    text = "" if text is None else str(text)
    for bad, good in REPLACE.items():
        text = text.replace(bad, good)
    return text.encode("latin-1", "replace").decode("latin-1")


def local(moment: datetime | None, rb) -> str:
    return clocks.to_local(moment, rb).strftime("%Y-%m-%d %H:%M %Z") if moment else "-"


def end_of(period_end: datetime | None, rb) -> str:
    """A period ending at local midnight, by its last day: "the end of Sat 2026-12-12"."""
    return f"the end of {clocks.last_local_day(period_end, rb):%a %Y-%m-%d}" if period_end else "-"


class Document(FPDF):
    def __init__(self, title: str, rb):
        super().__init__(format="Letter")
        self.doc_title, self.rb = title, rb
        self.set_auto_page_break(True, margin=18)
        self.set_compression(COMPRESS)
        self.set_title(latin1(title))
        self.add_page()

    def header(self):
        self.set_font("Helvetica", "", 9)
        self.cell(
            0,
            5,
            latin1(
                f"{self.rb['meta.municipality']} - Chapter {self.rb['meta.chapter']}, "
                f"{self.rb['meta.title']}"
            ),
            new_x="LMARGIN",
            new_y="NEXT",
        )
        self.ln(1)

    def footer(self):
        self.set_y(-14)
        self.set_font("Helvetica", "", 8)
        self.cell(0, 5, latin1(f"{self.doc_title} - page {self.page_no()}"), align="C")

    def heading(self, text: str, size: int = 14):
        self.set_font("Helvetica", "B", size)
        self.multi_cell(0, size * 0.5, latin1(text), new_x="LMARGIN", new_y="NEXT")
        self.ln(1)

    def para(self, text: str, bold: bool = False, size: int = 10):
        self.set_font("Helvetica", "B" if bold else "", size)
        self.multi_cell(0, 5, latin1(text), new_x="LMARGIN", new_y="NEXT")
        self.ln(1)

    def facts(self, rows: list[tuple[str, str]], label_w: float = 42):
        for label, value in rows:
            self.set_font("Helvetica", "B", 10)
            self.cell(label_w, 6, latin1(label))
            self.set_font("Helvetica", "", 10)
            self.multi_cell(0, 6, latin1(value), new_x="LMARGIN", new_y="NEXT")
        self.ln(2)

    def qr_block(self, url: str, contact: str):
        y = self.get_y() + 2
        if y > self.h - 60:
            self.add_page()
            y = self.get_y()
        self.image(io.BytesIO(qr.png(url)), x=self.l_margin, y=y, w=34, h=34)
        self.set_xy(self.l_margin + 40, y)
        self.set_font("Helvetica", "", 9)
        self.multi_cell(
            0,
            5,
            latin1(f"Look this order up: scan the code or open\n{url}\n\nContact: {contact}"),
            new_x="LMARGIN",
            new_y="NEXT",
        )
        self.set_y(y + 38)

    def seal_block(self, seal: dict | None):
        """The record's seal and a QR code to the public page that says whether it is unchanged."""
        if seal is None:
            self.para(
                "Seal: none yet (stored before the Village began sealing its records).", size=8
            )
            return
        y = self.get_y() + 2
        if y > self.h - 52:
            self.add_page()
            y = self.get_y()
        self.image(io.BytesIO(qr.png(seal["url"])), x=self.l_margin, y=y, w=30, h=30)
        self.set_xy(self.l_margin + 36, y)
        self.set_font("Helvetica", "B", 9)
        self.cell(0, 5, "Sealed record: check that it is unchanged", new_x="LMARGIN", new_y="NEXT")
        self.set_x(self.l_margin + 36)
        self.set_font("Helvetica", "", 8)
        when = local(seal["sealed_at"], self.rb)
        how = (
            f"Sealed on upgrade on {when} (stored before sealing began)"
            if seal["origin"] == "upgrade"
            else f"Received and sealed on {when}"
        )
        text = (
            f"{how}, seal no. {seal['seq']}.\nSeal: {seal['seal']}\n"
            f"Scan the code or open:\n{seal['url']}"
        )
        self.multi_cell(0, 4, latin1(text), new_x="LMARGIN", new_y="NEXT")
        self.set_y(max(self.get_y(), y + 32))

    def _drawing(self, signed) -> None:
        """A drawn signature's strokes as lines, 70 mm wide at most, on a new page if need be."""
        scale = min(70 / signed.width, 28 / signed.height)
        if self.get_y() + signed.height * scale + 12 > self.h - self.b_margin:
            self.add_page()
        x0, y0 = self.l_margin, self.get_y() + 1
        self.set_line_width(0.4)
        for d in signed.paths:
            points = [tuple(map(float, p.lstrip("ML").split())) for p in d.split(" L")]
            for (x1, y1), (x2, y2) in zip(points, points[1:], strict=False):
                self.line(x0 + x1 * scale, y0 + y1 * scale, x0 + x2 * scale, y0 + y2 * scale)
        self.set_y(y0 + signed.height * scale + 2)

    def signature_block(self, signed) -> None:
        """The certification statement, the drawn signature (its strokes as lines, 70 mm wide at
        most) or the typed name on a line, signer and time; `signed` from documents/signatures.py."""
        self.heading("Certification and signature", 11)
        if not signed.signed:
            self.para(
                f"Not signed: {signed.unsigned or 'this record was made before records were signed.'}",
                size=9,
            )
        else:
            words = signed.statement or f"(the words of statement version {signed.version})"
            self.para(words, size=9)
            if signed.typed:
                self.set_font("Times", "I", 16)
                self.cell(90, 10, latin1(signed.typed), border="B", new_x="LMARGIN", new_y="NEXT")
                self.ln(2)
            else:
                self._drawing(signed)
            self.para(
                f"{signed.signed_by} {signed.name}, {local(signed.at, self.rb)} - statement version "
                f"{signed.version} (after {signed.citation})",
                size=8,
            )
        if signed.certification is not None and signed.certification.state == "missing":
            self.para("Inspector's certification: none on file.", size=8)

    def output_bytes(self) -> bytes:
        return bytes(self.output())


def _order_facts(ctx, rb) -> list[tuple[str, str]]:
    order, site, permit = ctx["order"], ctx["site"], ctx["permit"]
    rows = [
        ("Site", f"{site.name}, {site.address}"),
        ("Permittee", ctx["addressee"]),
        ("Permit", permits.permit_label(permit) if permit else "None"),
        ("Issued", local(order.issued_at, rb) + _by(ctx, order.issued_by)),
    ]
    if order.posted_at:
        rows.append(("Posted on site", local(order.posted_at, rb)))
    return rows


def _by(ctx, user_id) -> str:
    """Who took a step on the order, as the printable pages name them: " by Dana Kowalski"."""
    name = ctx["names"].get(user_id) if user_id else None
    return f" by {name}" if name else ""


def _unique_grounds(order) -> list[str]:
    return list(dict.fromkeys(g["ground"] for g in order.grounds or []))


def _grounds_after(doc: Document, order) -> None:
    """The grounds on a step after the order: those not complied with, then apart those found
    complied with when the step was taken (as templates/orders/_doc_grounds.html)."""
    grounds = order.grounds or []
    for n, g in enumerate([g for g in grounds if not g.get("complied")], 1):
        doc.para(f"{n}. {g['citation']}: {g['words']}. {g.get('reason', '')}")
    met = [g for g in grounds if g.get("complied")]
    if met:
        doc.para("Found complied with when this was done, and not part of it:")
        for n, g in enumerate(met, 1):
            doc.para(f"{n}. {g['citation']}: {g['words']}. {g.get('reason', '')} ({g['complied']})")


def order_document(kind: str, ctx: dict, rb) -> bytes:
    """kind: notice | revocation | cease-desist."""
    order = ctx["order"]
    c = "clocks.stop_work_compliance."
    contact = f"{rb['stop_work.contact.office']}, {rb['stop_work.contact.phone']}, {rb['stop_work.contact.email']}"
    titles = {
        "notice": "STOP-WORK ORDER",
        "revocation": "NOTICE OF PERMIT REVOCATION",
        "cease-desist": "REQUEST FOR A CEASE AND DESIST ORDER",
    }
    doc = Document(titles[kind], rb)
    doc.heading(titles[kind], 20)
    # Named by when it was issued, as the printable page (orders/_doc_head.html), never by its id.
    doc.para(order_names.document_name(order, rb))
    doc.facts(_order_facts(ctx, rb))
    if order.status == "retracted":
        # § 256-10D names two bodies that may retract: the document says which one did.
        by = ctx["bodies"].get(order.retracted_by_body)
        body = f" by {by}" if by else ""
        doc.para(
            f"RETRACTED {local(order.retracted_at, rb)}{body}: {order.retracted_reason}",
            bold=True,
            size=12,
        )
    if order.status == "complied" and kind == "notice":
        # A reprint of a lifted order must not read as an order still in force (notice.html).
        doc.para(f"LIFTED {local(order.complied_at, rb)} - complied with.", bold=True, size=12)
    if kind == "notice":
        doc.para(
            "All land disturbing and land developing activity on this site must stop, under "
            f"{rb['stop_work.citation']}, for the following reasons:"
        )
        standing = [g for g in order.grounds or [] if not g.get(POSTING_CURED)]
        for n, g in enumerate(standing, 1):
            doc.para(f"{n}. {g['citation']}: {g['words']}. {g.get('reason', '')}")
        cured = [g for g in order.grounds or [] if g.get(POSTING_CURED)]
        if cured:
            doc.para("Complied with before the order was posted, and not part of it:")
            for n, g in enumerate(cured, 1):
                doc.para(f"{n}. {g['citation']}: {g.get('reason', '')} ({g[POSTING_CURED]})")
        if "no_permit" in _unique_grounds(order):
            w = "stop_work.grounds.no_permit."
            doc.para(f"Entry ({rb[w + 'entry_citation']}): {rb[w + 'entry_words']}")
            doc.para(
                f"Where an application was made ({rb[w + 'application_entry_citation']}): "
                f"{rb[w + 'application_entry_words']}"
            )
        if order.notes:
            doc.para(f"What was found: {order.notes}")  # by an inspector or a supervisor
        doc.heading("What must be done to lift this order", 12)
        for ground in dict.fromkeys(g["ground"] for g in standing):
            doc.para(f"- {rb[f'stop_work.grounds.{ground}.to_lift']}")
        if ctx["under_permit"]:
            doc.para(f"{ctx['upkeep']} ({rb['clocks.weekly_inspection.citation']}).", bold=True)
        then = (
            f"Otherwise the Village may revoke the permit ({rb[c + 'revocation_citation']})."
            if ctx["under_permit"]
            else f"Otherwise the Village may request the Village Attorney to obtain a cease and desist order "
            f"({rb[c + 'cease_desist_citation']})."
        )
        due = ctx["step"]["shown_due"]  # the 10 days run from the posting (compliance_end)
        since = "it was posted on the site" if order.posted_at else "of issue"
        by = (
            f"Compliance due by {end_of(due, rb)} ({rb[c + 'days']} days after the day {since})."
            if due
            else f"Compliance due within {rb[c + 'days']} days from its posting on the site (whole "
            "days, counted after the day it is posted)."
        )
        doc.para(
            f"{by} {then} The Village or the Zoning Board of Appeals may retract this order "
            f"({rb[c + 'retraction_citation']}).",
            bold=True,
        )
        doc.para(rb[c + "reading_note"], size=8)
        if ctx["lapsed_permit"]:
            doc.para(rb[c + "lapsed_permit_note"], size=8)
    elif kind == "revocation":
        permit = ctx["permit"]
        doc.para(
            f"Permit {permits.permit_label(permit)} is revoked as of {local(order.revoked_at, rb)}"
            f"{_by(ctx, order.revoked_by)}, under "
            f'{rb[c + "revocation_citation"]}: "{rb[c + "revocation_words"]}"'
        )
        doc.para(
            f"The stop-work order issued {local(order.issued_at, rb)} was not complied with by "
            f"{end_of(ctx['step']['shown_due'] or order.compliance_due, rb)}. Grounds:"
        )
        _grounds_after(doc, order)
        doc.para(f"Reason for the revocation: {order.revocation_reason}", bold=True)
        doc.para(
            "No land disturbing or land developing activity may continue on this site without a new "
            f"permit ({rb['stop_work.rules.no_permit.citation']}). The Village or the Zoning Board "
            f"of Appeals may retract the revocation ({rb[c + 'retraction_citation']})."
        )
    else:
        asker = ctx["names"].get(order.cease_desist_by) if order.cease_desist_by else None
        doc.para(f"To: the Village Attorney, {rb['meta.municipality']}.")
        if asker:
            doc.para(f"From: {asker}, {rb['stop_work.contact.office']}.")
        doc.para(f"Date: {local(order.cease_desist_at, rb)}.")
        doc.para(
            f"Under {rb[c + 'cease_desist_citation']} the Village requests a cease and desist order: "
            f'"{rb[c + "cease_desist_words"]}"'
        )
        lapsed = ctx["lapsed_permit"]
        doc.para(
            f"No permit is in force for the land disturbing activity at this site: {lapsed}."
            if lapsed
            else "No permit has been issued for the land disturbing activity at this site."
        )
        doc.para(
            f"A stop-work order was issued {local(order.issued_at, rb)} and the activity did not cease by "
            f"{end_of(ctx['step']['shown_due'] or order.compliance_due, rb)}. Grounds:"
        )
        _grounds_after(doc, order)
        if lapsed:
            doc.para(rb[c + "lapsed_permit_note"], size=8)
        doc.para(f"Details: {order.cease_desist_details}", bold=True)
        if ctx["inspections"]:
            seen = ", ".join(
                f"{i.inspected_on.isoformat()} ({i.inspector_name})" for i in ctx["inspections"]
            )
            doc.para(f"Inspections on record: {seen}")
    if kind == "notice" and order.issued_at:
        doc.signature_block(signatures.of_order(order, rb))
    doc.qr_block(ctx["lookup_url"], contact)
    doc.seal_block(ctx.get("seal"))
    return doc.output_bytes()
