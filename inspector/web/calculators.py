"""Design calculator pages: public, the same HTML for everyone, computed in the browser.

The pages carry only the ordinance's public numbers, so they need no sign-in and no CSRF token and
the service worker can precache them for offline use. Query parameters (prefill, ?return=&item=)
are read by static/js/calculator-page.js, never by the server: every URL variant gets the same bytes.
"""

from __future__ import annotations

from flask import Blueprint, abort, current_app, jsonify, render_template

from ..rules import calculators

bp = Blueprint("calculators", __name__, url_prefix="/calculators")

# Shared (public) caches may keep them, but must revalidate so a rulebook change shows up; this also
# stops the app's "private, no-store" default for signed-in users, as the pages hold no user data.
CACHE_CONTROL = "no-cache"


def _rulebook():
    return current_app.extensions["rulebook"]


def _public(response_body, status: int = 200):
    response = current_app.make_response((response_body, status))
    response.headers["Cache-Control"] = CACHE_CONTROL
    return response


@bp.route("/")
def index():
    rb = _rulebook()
    return _public(render_template("calculators/index.html", described=calculators.describe(rb)))


@bp.route("/rules.json")
def rules_json():
    """What static/js/calculators.js computes with: the rulebook's [calculators] section and the
    calculators' form fields."""
    return _public(jsonify(calculators.browser_rules(_rulebook())))


@bp.route("/<name>")
def page(name: str):
    if name not in calculators.CALCULATORS:
        abort(404)
    rb = _rulebook()
    examples = calculators.ordinance_examples(rb) if name == "dewatering" else []
    return _public(
        render_template(
            "calculators/calculator.html",
            name=name,
            spec=calculators.describe(rb)[name],
            rules=calculators.browser_rules(rb),
            examples=examples,
            percent=calculators.percent,
            num=calculators.num,
            fixed=calculators.fixed,
        )
    )
