"""A record's signature as the report, the order page and their PDFs show it: the drawing as SVG
paths (or the name, when it was signed by typing it), the words of the statement version it was
signed under, who signed and when, and the inspector's certification on the day inspected. Reads
the rows it is given; no queries."""

from __future__ import annotations

from types import SimpleNamespace

from ..rules import signatures

# How a typed signature is told from a drawn one wherever it is shown (`signed_by`).
TYPED_WORDS = "Signed by typing the name"

STATE_WORDS = {
    "missing": ("No certification on file", "warn"),
    "expired": ("Expired", "bad"),
    "expiring": ("Expires soon", "warn"),
    "valid": ("In force", "good"),
}


def _drawn(drawing: dict | None, version: str | None, who: str, rb) -> dict:
    """`typed`: the name, when it was signed by typing it (checked when stored), else None;
    `signed_by`: the words before the signer's name."""
    typed = signatures.typed_name(drawing)
    return {
        "signed": typed is not None or signatures.clean(drawing)[1] is None,
        "typed": typed,
        "signed_by": "Signed by" if typed is None else TYPED_WORDS,
        "paths": signatures.svg_paths(drawing),
        "width": (drawing or {}).get("width", 1),
        "height": (drawing or {}).get("height", 1),
        "version": version,
        "statement": signatures.statement(rb, version, who),
        "citation": rb["certification.citation"],
    }


def certification(user, on, rb) -> SimpleNamespace:
    """The person's certification and whether it was in force on `on` (a Village day)."""
    kind = getattr(user, "certification_type", None)
    expires = getattr(user, "certification_expires_on", None)
    state = signatures.certification_state(expires, kind, on, rb)
    words, tone = STATE_WORDS[state]
    return SimpleNamespace(
        type=kind,
        number=getattr(user, "certification_number", None),
        expires_on=expires,
        state=state,
        words=words,
        tone=tone,
    )


def of_inspection(inspection, author, rb) -> SimpleNamespace:
    who = "inspector" if inspection.by_village else "permittee"
    return SimpleNamespace(
        **_drawn(inspection.signature, inspection.signature_statement_version, who, rb),
        name=inspection.signed_by_name,
        at=inspection.signed_at,
        certification=certification(author, inspection.inspected_on, rb)
        if author and (who == "inspector" or author.certification_type)
        else None,  # none is asked of a permittee's inspector (certification.permittee_note)
        unsigned=None,
    )


# Why a record has no drawing, where it is not that it was stored before signing began.
FIELD_ORDER_UNSIGNED = (
    "A stop-work order posted in the field is not signed under the order statement: the posting "
    "is recorded with the inspector who posted it and the time."
)


def of_order(order, rb) -> SimpleNamespace:
    return SimpleNamespace(
        **_drawn(order.issued_signature, order.issued_statement_version, "order", rb),
        name=order.issued_signed_by_name,
        at=order.issued_at,
        certification=None,
        unsigned=FIELD_ORDER_UNSIGNED if order.source == "field" else None,
    )
