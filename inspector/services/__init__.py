"""Use cases as plain functions: each takes a Session, does one transaction's work, writes the audit trail.

Callers (web views, the sync API, CLI commands) commit; services only add and flush, so a caller can
combine several steps into one transaction and a failure rolls all of them back.
"""


class ServiceError(ValueError):
    """A refusal a user can read: nothing was written. `field` names the form field when there is one."""

    def __init__(self, message: str, field: str | None = None, status: int = 400):
        super().__init__(message)
        self.message = message
        self.field = field
        self.status = status


class NotFound(ServiceError):
    def __init__(self, message: str = "Not found."):
        super().__init__(message, status=404)


class Forbidden(ServiceError):
    def __init__(self, message: str = "You are not allowed to do that."):
        super().__init__(message, status=403)


def read_rows(session, statement, params=None):
    """Rows of columns for a list that is only read, run on the session's connection: the rows
    session.exec would give, without the ORM's bookkeeping for each statement, which costs more CPU
    than SQLite spends on a page's small reads. Pending changes are flushed first, as the ORM's
    autoflush would (a clean session flushes nothing)."""
    if session.autoflush:
        session.flush()
    return session.connection().execute(statement, params)
