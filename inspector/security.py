"""Who is signed in, what their role allows, and the HTTP security headers.

Every view declares its roles with @login_required / @roles_required; ownership of a record is checked
by the services (a permittee asking for another company's site gets 404, not 403, so ids do not leak).
"""

from __future__ import annotations

from functools import wraps

from flask import abort, g, redirect, request, session, url_for
from flask_wtf.csrf import CSRFProtect, generate_csrf
from werkzeug.middleware.proxy_fix import ProxyFix

from .db import get_session
from .models import Device, User
from .services import by_key

csrf = CSRFProtect()

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    "connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; "
    "base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)
HSTS_SECONDS = 365 * 24 * 3600  # config HSTS_SECONDS overrides; 0 sends none


def init_app(app) -> None:
    csrf.init_app(app)
    hops = int(app.config.get("PROXY_HOPS") or 0)
    if hops:  # the client's own address (sign-in throttle) and scheme, as the proxy saw them
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops)

    @app.before_request
    def load_user():
        g.user = None
        user_id = session.get("user_id")
        if user_id is not None:
            user = by_key(get_session(), User, user_id)
            # The generation lives in the database: signing out, a password change or a disabled
            # account raises it, so an older cookie stops working in every server process at once.
            if user is not None and user.active and session.get("gen") == user.session_generation:
                g.user = user
            elif opened_by_the_person():
                session.clear()
            # Any other request with a stale cookie is only refused, its session left as it came: a
            # background request (the sync's, a script or icon, the service worker storing pages)
            # that set out before the person signed out, answered after, would otherwise send the
            # cleared cookie back over the sign-out's (and its message).

    @app.after_request
    def security_headers(response):
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Permissions-Policy", "camera=(self), geolocation=(self)")
        hsts = int(app.config.get("HSTS_SECONDS", HSTS_SECONDS))
        if app.config["ENV_NAME"] == "production" and hsts:  # production is served over HTTPS only
            response.headers.setdefault(
                "Strict-Transport-Security", f"max-age={hsts}; includeSubDomains"
            )
        if g.get("user") is not None and "Cache-Control" not in response.headers:
            response.headers["Cache-Control"] = (
                "private, no-store"  # pages with user data are never cached
            )
        return response

    @app.context_processor
    def inject_user():
        return {
            "current_user": g.get("user"),
            "rulebook": app.extensions["rulebook"],
            "nav_links": app.extensions["nav_links"],
        }


def opened_by_the_person() -> bool:
    """A page or form the person opened or sent (a navigation), not a request the page or the
    service worker makes by itself. Browsers say so in Sec-Fetch-Mode; one that does not is taken
    at its path."""
    if request.path.startswith("/api/") or request.endpoint == "static":
        return False
    return request.headers.get("Sec-Fetch-Mode", "navigate") == "navigate"


def sign_in(user: User) -> None:
    session.clear()
    session["user_id"] = user.id
    session["gen"] = user.session_generation
    session.permanent = True
    # The session's CSRF secret is made now, in the sign-in answer's cookie: otherwise the first
    # requests after sign-in (the field app's /api/v1/csrf fetches run side by side) would each make
    # one, the last cookie would win, and a token fetched by another would be refused. The sign-in
    # form's token, cached for this request, belongs to the secret just cleared.
    g.pop("csrf_token", None)
    generate_csrf()


def sign_out(user: User) -> list[Device]:
    """Ends this person's sessions everywhere, not only this cookie, and revokes every device they
    enrolled (the caller commits). Returns the devices revoked."""
    from .services import accounts

    revoked = accounts.end_sessions(get_session(), user, by=user, reason="signed out")
    session.clear()
    return revoked


def login_required(view):
    @wraps(view)
    def wrapped(*args, **kwargs):
        if g.get("user") is None:
            if request.path.startswith("/api/"):
                abort(401)
            return redirect(
                url_for(
                    "auth.login", next=request.full_path if request.query_string else request.path
                )
            )
        return view(*args, **kwargs)

    return wrapped


def roles_required(*roles: str):
    """Signed in, and one of the roles; otherwise 403."""

    def decorator(view):
        @wraps(view)
        @login_required
        def wrapped(*args, **kwargs):
            if g.user.role not in roles:
                abort(403, description=refusal(roles, g.user.role))
            return view(*args, **kwargs)

        return wrapped

    return decorator


def refusal(roles, role: str) -> str:
    """Whose page it is and who the person is, in words (not the server's "not readable")."""
    if set(roles) == {"inspector", "supervisor"}:
        who = "Village staff (inspectors and supervisors)"
    else:
        who = " and ".join(ROLE_WORDS.get(r, r) for r in roles)
    article = "an" if role[:1] in "aeiou" else "a"
    return (
        f"Only {who} open this page or do this; you are signed in as {article} {role}. "
        "Back to the start takes you to your own pages."
    )


ROLE_WORDS = {
    "inspector": "Village inspectors",
    "supervisor": "Village supervisors",
    "permittee": "permittees",
}

STAFF = ("inspector", "supervisor")
