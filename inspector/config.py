"""Configuration: defaults < instance/config.py < environment variables (FAIRWATER_*, DATABASE_URL)."""

from __future__ import annotations

import os

DEMO_SECRET_KEY = "demo-only-not-secret"


class Defaults:
    SECRET_KEY = DEMO_SECRET_KEY
    DATABASE_URL = None  # None: sqlite:///<instance>/fairwater.sqlite3
    RULEBOOK_PATH = None  # None: the bundled inspector/rules/fairwater.toml
    ENV_NAME = "development"  # "production" turns on Secure cookies and refuses the demo key
    SESSION_COOKIE_HTTPONLY = True
    SESSION_COOKIE_SAMESITE = "Lax"
    SESSION_COOKIE_SECURE = False
    # Send the session cookie only when the session changed: a background sync response must never
    # overwrite a newer cookie set by a page the user opened meanwhile (that broke CSRF tokens).
    SESSION_REFRESH_EACH_REQUEST = False
    WTF_CSRF_TIME_LIMIT = 3600
    MAX_CONTENT_LENGTH = 32 * 1024 * 1024
    # Failed sign-ins per e-mail address, and per client address, within 15 minutes before a lock of
    # LOGIN_LOCK_SECONDS, doubled by each further failure up to an hour (counted in the database).
    LOGIN_MAX_FAILURES = 5
    LOGIN_MAX_FAILURES_PER_CLIENT = 20
    LOGIN_LOCK_SECONDS = 60
    # Reverse proxies in front of gunicorn whose X-Forwarded-For/-Proto are trusted (the client address
    # the sign-in throttle counts); 0 when clients connect directly.
    PROXY_HOPS = 0
    MAIL_SENDER = "console"  # "console" logs e-mails; "smtp" uses the SMTP_* settings
    SMTP_HOST = None
    SMTP_PORT = 587
    SMTP_USER = None
    SMTP_PASSWORD = None
    MAIL_FROM = "erosion-control@fairwater.example"
    VERIFY_INTERVAL_HOURS = 24  # how often the tick re-checks every sealed record (docs/sealing.md)
    # Photos whose record has not arrived: each user may keep this many (and this many MB) on the
    # server; `flask --app app tick` removes them after UNCLAIMED_PHOTO_DAYS (the device keeps its
    # copy until a record claims the photo, and sends it again).
    UNCLAIMED_PHOTO_DAYS = 7
    UNCLAIMED_PHOTOS_PER_USER = 100
    UNCLAIMED_PHOTO_MB_PER_USER = 50
    PHOTO_PROCESSING_SLOTS = 2  # photos decoded at once per process; more wait briefly, then 503
    PACKET_BUILDS = 1  # regulator packets built at once per process; more wait briefly, then 503
    DOCUMENT_BUILDS = 2  # inspection and stop-work PDFs built at once per process; likewise


INT_KEYS = (
    "SMTP_PORT",
    "UNCLAIMED_PHOTO_DAYS",
    "UNCLAIMED_PHOTOS_PER_USER",
    "UNCLAIMED_PHOTO_MB_PER_USER",
    "PHOTO_PROCESSING_SLOTS",
    "PACKET_BUILDS",
    "DOCUMENT_BUILDS",
    "PROXY_HOPS",
    "LOGIN_MAX_FAILURES",
    "LOGIN_MAX_FAILURES_PER_CLIENT",
    "LOGIN_LOCK_SECONDS",
)
ENV_KEYS = (
    "SECRET_KEY",
    "DATABASE_URL",
    "RULEBOOK_PATH",
    "ENV_NAME",
    "MAIL_SENDER",
    "SMTP_HOST",
    "SMTP_USER",
    "SMTP_PASSWORD",
    "MAIL_FROM",
) + INT_KEYS


DATABASE_FORMS = (
    "write postgresql+psycopg://ROLE:PASSWORD@HOST:5432/NAME (PostgreSQL, psycopg 3) "
    "or sqlite:////absolute/path/fairwater.sqlite3 (SQLite)"
)


def _whole_number(name: str, value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise RuntimeError(f"{name} must be a whole number, not {value!r}.") from None


def _check_database_url(url: str, name: str) -> None:
    """A URL SQLAlchemy cannot use is named here, with the forms to write (its own errors speak of
    plugins and parsing, and a password in the URL is never repeated)."""
    from sqlalchemy import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        parsed = make_url(url)
    except ArgumentError:
        forms = f"for a file, write sqlite:///{os.path.abspath(url)}" if "://" not in url else ""
        raise RuntimeError(f"{name} is not a database URL: {forms or DATABASE_FORMS}.") from None
    if parsed.drivername not in ("sqlite", "sqlite+pysqlite", "postgresql+psycopg"):
        raise RuntimeError(
            f"{name} {parsed.render_as_string(hide_password=True)} names the database driver "
            f"{parsed.drivername!r}, which this app does not use: {DATABASE_FORMS}."
        )


def load(app, overrides: dict | None = None) -> None:
    app.config.from_object(Defaults)
    app.config.from_pyfile("config.py", silent=True)
    url_setting = "DATABASE_URL"
    for key in ENV_KEYS:
        name = f"FAIRWATER_{key}"
        value = os.environ.get(name)
        if not value and key == "DATABASE_URL":
            name, value = key, os.environ.get(key)
        if value:
            app.config[key] = _whole_number(name, value) if key in INT_KEYS else value
            if key == "DATABASE_URL":
                url_setting = name
    if overrides:
        app.config.update(overrides)
    if app.config["ENV_NAME"] == "production":
        app.config["SESSION_COOKIE_SECURE"] = True
        if app.config["SECRET_KEY"] in (None, "", DEMO_SECRET_KEY):
            raise RuntimeError(
                "FAIRWATER_SECRET_KEY must be set to a private value in production "
                "(the demo key is refused)."
            )
    if not app.config["DATABASE_URL"]:
        app.config["DATABASE_URL"] = "sqlite:///" + os.path.join(
            app.instance_path, "fairwater.sqlite3"
        )
    else:
        _check_database_url(app.config["DATABASE_URL"], url_setting)
