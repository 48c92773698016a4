"""A stop-work order as a page or a document names it: by the moment it was issued (or, never
issued, proposed), in words in the Village's time, with its year. Two orders of one site issued
the same day are told apart by the time, and the name never changes once the order is issued (its
posting may come days later: the notice printed for posting names it the same). Orders have no
number; their id is for addresses only. The stored history's notes keep the words they were
written with (they are sealed)."""

from __future__ import annotations

from ..rules import clocks


def _moment(order):
    return ("issued", order.issued_at) if order.issued_at else ("proposed", order.proposed_at)


def order_name(order, rb) -> str:
    """ "Stop-work order issued Sat, Dec 5, 2026, 7:14 AM CST" (page titles and headings)."""
    return f"Stop-work order {short_name(order, rb)}"


def short_name(order, rb) -> str:
    """ "issued Sat, Dec 5, 2026, 7:14 AM CST": under a heading that says "Stop-work order"."""
    verb, moment = _moment(order)
    local = clocks.to_local(moment, rb)
    return f"{verb} {local:%a, %b} {local.day}, {local.year}, {local:%-I:%M %p %Z}"


def document_name(order, rb) -> str:
    """ "Order issued Saturday December 5, 2026 at 7:14 AM CST" (the notice and its documents, as
    their due times are written: clocks.due_words long, with the year)."""
    verb, moment = _moment(order)
    local = clocks.to_local(moment, rb)
    return f"Order {verb} {local:%A %B} {local.day}, {local.year} at {local:%-I:%M %p %Z}"
