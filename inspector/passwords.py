"""What a password must be: MIN_LENGTH characters or more, not a common one, not the e-mail.

The list (inspector/data/common-passwords.txt, made by scripts/common_passwords.py) is checked
without regard to case, and also with the digits and symbols around a word taken off, so
"Password2024!" counts as "password". No Flask and no database here.
"""

from __future__ import annotations

import string
from functools import cache
from pathlib import Path

MIN_LENGTH = 12
TOO_SHORT = f"The password must have at least {MIN_LENGTH} characters."
LIST_PATH = Path(__file__).resolve().parent / "data" / "common-passwords.txt"
_PADDING = string.digits + string.punctuation + string.whitespace


@cache
def common() -> frozenset[str]:
    lines = LIST_PATH.read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip() for line in lines if line.strip() and not line.startswith("#"))


def problem(password: str, *, email: str | None = None) -> str | None:
    """Why this password is refused, in words for the person choosing it; None when it is fine."""
    if len(password) < MIN_LENGTH:
        return TOO_SHORT
    lowered = password.lower()
    core = lowered.strip(_PADDING)
    if lowered in common() or core in common():
        return (
            "This password is one of the most commonly used ones, so it is among the first an "
            "attacker tries: choose another (a few unrelated words work well)."
        )
    if email and lowered.strip() in {email.strip().lower(), email.strip().lower().split("@")[0]}:
        return "The password must not be your e-mail address."
    return None
