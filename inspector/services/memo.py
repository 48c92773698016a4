"""A read memo for one page view: panels asking the same question (the site's gauge, the gauge list, the
site's permits and stop-work orders) share one answer instead of one query each.

Active only inside `with reading(session):` (the site page); anywhere else `remember` simply computes.
Any flush, commit or rollback forgets everything, so a panel that writes (e.g. enforcement proposing an
order) never lets a later panel read a stale answer."""

from __future__ import annotations

from contextlib import contextmanager

from sqlalchemy import event

_KEY = "read_memo"
_FORGET_ON = ("after_flush", "after_commit", "after_rollback", "after_soft_rollback")


@contextmanager
def reading(session):
    memo: dict = {}

    def forget(*_args):
        memo.clear()

    session.info[_KEY] = memo
    for name in _FORGET_ON:
        event.listen(session, name, forget)
    try:
        yield
    finally:
        session.info.pop(_KEY, None)
        for name in _FORGET_ON:
            event.remove(session, name, forget)


def remember(session, key, compute):
    """compute() once per key while a memo is active; lists/dicts come back as copies (callers may mutate)."""
    memo = session.info.get(_KEY)
    if memo is None:
        return compute()
    if key not in memo:
        memo[key] = compute()
    found = memo[key]
    return found.copy() if isinstance(found, (list, dict)) else found
