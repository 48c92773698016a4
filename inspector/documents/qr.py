"""QR codes that lead from a posted paper notice back to the order's page."""

from __future__ import annotations

import io

import segno


def svg(url: str, scale: int = 4) -> str:
    """An SVG element (presentation attributes only, no style attribute: the CSP allows it)."""
    out = io.BytesIO()
    segno.make(url, error="m").save(
        out, kind="svg", scale=scale, xmldecl=False, svgns=True, nl=False, title="QR code: " + url
    )
    return out.getvalue().decode("utf-8")


def png(url: str, scale: int = 8) -> bytes:
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="png", scale=scale, border=2)
    return out.getvalue()
