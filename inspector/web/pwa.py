"""The installable app: web manifest, service worker and the offline app-shell pages.

The shell pages (/app/…) carry no user data, no CSRF token and never redirect, so the service worker
can precache them once and serve the same bytes to everybody; the browser fills them from IndexedDB.
`python -m inspector.web.pwa precache-json` prints PRECACHE_PAGES for the Workbox build.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys

from flask import Blueprint, current_app, jsonify, render_template, request, url_for

bp = Blueprint("pwa", __name__)

# url -> the files the page is rendered from (their content versions the precache entry: a page whose
# files are unchanged is never fetched again). Every offline page is listed here, whichever blueprint
# serves it. The shell pages show the rulebook (the Village's zone, the certification statement signed
# on the capture page, thresholds and citations), so it is listed with their templates.
RULEBOOK = "inspector/rules/fairwater.toml"
SHELL = ["templates/base.html", "templates/app/_shell.html", RULEBOOK]
PRECACHE_PAGES: dict[str, list[str]] = {
    "/app/": SHELL + ["templates/app/home.html"],
    "/app/inspect": SHELL + ["templates/app/inspect.html"],
    "/app/outbox": SHELL + ["templates/app/outbox.html"],
    "/app/rain": SHELL + ["templates/app/rain.html"],
    "/app/offline": SHELL + ["templates/app/offline.html"],
    # A sign-out that never reached the server (sw.src.js answers the failed POST with it).
    "/app/sign-out-failed": SHELL + ["templates/app/sign_out_failed.html"],
    "/app/findings": SHELL + ["templates/app/findings.html"],  # field_findings.py
    "/app/stop-work": SHELL + ["templates/app/stop_work.html"],  # orders.py
    # Every page links it: offline, a page must not log a failed fetch for it.
    "/manifest.webmanifest": ["inspector/web/pwa.py", RULEBOOK],
}
# The design calculators are public pages, the same for everybody, used offline from an inspection.
_CALCULATOR_PAGE = [
    "templates/base.html",
    "templates/calculators/_nav.html",
    "templates/calculators/calculator.html",
    RULEBOOK,
]
PRECACHE_PAGES["/calculators/"] = [
    "templates/base.html",
    "templates/calculators/_nav.html",
    "templates/calculators/index.html",
    RULEBOOK,
]
for _name in ("dewatering", "basin", "diversion", "stockpile"):
    PRECACHE_PAGES[f"/calculators/{_name}"] = _CALCULATOR_PAGE


def shell(template: str, **context):
    # current_user=None: the page must be identical for every user (the nav comes from the device).
    response = current_app.make_response(
        render_template(template, current_user=None, shell_page=True, **context)
    )
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.route("/app/")
def home():
    return shell("app/home.html")


@bp.route("/app/inspect")
def inspect():
    return shell("app/inspect.html")


@bp.route("/app/outbox")
def outbox():
    return shell("app/outbox.html")


@bp.route("/app/rain")
def rain():
    return shell("app/rain.html")


@bp.route("/app/offline")
def offline():
    return shell("app/offline.html")


@bp.route("/app/sign-out-failed")
def sign_out_failed():
    return shell("app/sign_out_failed.html")


@bp.route("/manifest.webmanifest")
def manifest():
    rb = current_app.extensions["rulebook"]
    icons = [
        {
            "src": url_for("static", filename="icons/icon-192.png"),
            "sizes": "192x192",
            "type": "image/png",
            "purpose": "any",
        },
        {
            "src": url_for("static", filename="icons/icon-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "any",
        },
        {
            "src": url_for("static", filename="icons/maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ]
    body = {
        "id": "/app/",
        "name": f"{rb['meta.municipality']} erosion-control inspections",
        "short_name": "Fairwater ECI",
        "description": "Erosion-control inspections on site, with or without a signal.",
        "start_url": "/app/",
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "background_color": "#ffffff",
        "theme_color": "#14532d",
        "icons": icons,
    }
    response = current_app.response_class(
        json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json"
    )
    response.headers["Cache-Control"] = "no-cache"
    return response


def worker_path() -> str:
    return current_app.config.get("SW_FILE") or os.path.join(current_app.static_folder, "sw.js")


@bp.route("/sw.js")
def service_worker():
    path = worker_path()
    if not os.path.exists(path):
        return jsonify(error="not_built", reason="static/sw.js is missing: run `make build`."), 404
    body, etag = _worker_body(path)
    response = current_app.response_class(body, mimetype="text/javascript")
    response.set_etag(etag)
    response.make_conditional(request)
    # Browsers check for a new worker on navigation; never let an HTTP cache hide an update.
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response


def _worker_body(path: str) -> tuple[str, str]:
    """The worker as served and its ETag, made once per build of the file: every navigation asks
    for it, and the rulebook it is stamped with is fixed for the app's life."""
    stat = os.stat(path)
    key = (path, stat.st_mtime_ns, stat.st_size)
    made = current_app.extensions.get("sw_body")
    if made is None or made[0] != key:
        with open(path, encoding="utf-8") as fh:
            body = with_rulebook_revisions(fh.read(), current_app.extensions["rulebook"].data)
        made = current_app.extensions["sw_body"] = (
            key,
            body,
            hashlib.sha256(body.encode()).hexdigest(),
        )
    return made[1], made[2]


def with_rulebook_revisions(worker: str, rulebook: dict) -> str:
    """The build hashes the bundled rulebook only; FAIRWATER_RULEBOOK_PATH may name another file,
    read when the server starts. The revision of each page that shows the rulebook gets the hash of
    the rulebook this server loaded, so a changed custom rulebook is fetched again by every tablet."""
    canonical = json.dumps(rulebook, sort_keys=True, default=str, ensure_ascii=False)
    digest = hashlib.sha256(canonical.encode()).hexdigest()[:16]
    for url, files in PRECACHE_PAGES.items():
        if RULEBOOK in files:
            worker = re.sub(
                r'"revision":"([^"]*)","url":"' + re.escape(url) + '"',
                lambda m, url=url: f'"revision":"{m[1]}-{digest}","url":"{url}"',
                worker,
            )
    return worker


def main(argv: list[str]) -> int:
    if argv[:1] != ["precache-json"]:
        print("usage: python -m inspector.web.pwa precache-json", file=sys.stderr)
        return 2
    print(json.dumps(PRECACHE_PAGES, indent=2, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
