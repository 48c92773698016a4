"""The site-sign sheet of a site's public records page (NR 216.48(4)(c)): the site's name, its permit
number, "Erosion control records for this site" and a large QR code to the page's address.

The QR code is drawn as vector squares, one per dark module, so it stays sharp on a Tabloid sheet
printed and laminated for the sign (an embedded picture is blurred by some viewers when enlarged)."""

from __future__ import annotations

import segno
from fpdf import FPDF

from . import pdf

SIZES = {"letter": (215.9, 279.4), "tabloid": (279.4, 431.8)}  # mm, portrait


def qr_modules(url: str) -> list[list[bool]]:
    """The code's dark modules, row by row (without the quiet zone)."""
    return [[bool(v) for v in row] for row in segno.make(url, error="m").matrix]


def sign_pdf(*, url: str, site_name: str, permit_number: str | None, rb, size: str) -> bytes:
    width, height = SIZES[size]
    scale = width / SIZES["letter"][0]  # Tabloid: everything 1.29x larger
    doc = FPDF(unit="mm", format=(width, height))
    doc.set_compression(pdf.COMPRESS)
    headline = rb["public_records.sign_headline"]
    doc.set_title(pdf.latin1(f"{headline}: {site_name}"))
    doc.set_auto_page_break(False)
    doc.set_margins(15 * scale, 15 * scale)
    doc.add_page()
    inner = width - 2 * doc.l_margin

    doc.set_font("Helvetica", "B", round(34 * scale))
    doc.multi_cell(inner, 14 * scale, pdf.latin1(headline), align="C", new_x="LMARGIN")
    doc.ln(4 * scale)
    doc.set_font("Helvetica", "B", round(24 * scale))
    doc.multi_cell(inner, 10 * scale, pdf.latin1(site_name), align="C", new_x="LMARGIN")
    doc.set_font("Helvetica", "", round(18 * scale))
    number = f"Permit {permit_number}" if permit_number else "Permit number not yet issued"
    doc.multi_cell(inner, 9 * scale, pdf.latin1(number), align="C", new_x="LMARGIN")
    doc.ln(6 * scale)

    modules = qr_modules(url)
    side = min(inner * 0.8, height - doc.get_y() - 70 * scale)
    cell = side / len(modules)
    left, top = (width - side) / 2, doc.get_y()
    doc.set_fill_color(0, 0, 0)
    for r, row in enumerate(modules):
        for c, dark in enumerate(row):
            if dark:
                doc.rect(left + c * cell, top + r * cell, cell, cell, style="F")
    doc.set_y(top + side + 6 * scale)

    doc.set_font("Helvetica", "", round(14 * scale))
    doc.multi_cell(
        inner,
        7 * scale,
        pdf.latin1("Scan the code with a phone camera, or type the address:"),
        align="C",
        new_x="LMARGIN",
    )
    doc.set_font("Courier", "B", round(11 * scale))
    doc.multi_cell(inner, 6 * scale, pdf.latin1(url), align="C", new_x="LMARGIN")
    doc.ln(4 * scale)
    doc.set_font("Helvetica", "", round(11 * scale))
    doc.multi_cell(
        inner,
        6 * scale,
        pdf.latin1(
            "The permit, the latest weekly and post-rain inspection reports with their photos, "
            "the rain log and open findings, kept by the "
            f"{rb['meta.municipality']} under Chapter {rb['meta.chapter']}, "
            f"{rb['meta.title']} ({rb['public_records.citation']}: reports on a website in place "
            "of paper on site)."
        ),
        align="C",
        new_x="LMARGIN",
    )
    return bytes(doc.output())
