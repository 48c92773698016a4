"""A record's number in an address beyond any the database holds (a 32-bit id: MAX_ID) is an
address of nothing: 404 on every route, for every role, before any view runs, instead of a failure
in the database (SQLite binds no integer past 64 bits, PostgreSQL no INTEGER past 2**31 - 1)."""

import re

import pytest
from werkzeug.routing import IntegerConverter

from inspector.models.base import MAX_ID
from tests.web.test_route_matrix import FIXED, MISSING

TOO_BIG = [str(MAX_ID + 1), "9" * 25, "9" * 5000]
PLACEHOLDER = re.compile(r"<(?:[^:<>]+:)?([a-z_]+)>")


def int_routes(app):
    for rule in app.url_map.iter_rules():
        numbers = {n for n, c in rule._converters.items() if isinstance(c, IntegerConverter)}
        if numbers:
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
                yield rule.rule, numbers, method


def address(rule: str, numbers: set[str], big: str) -> str:
    def value(match):
        name = match[1]
        return big if name in numbers else str(FIXED.get(name, MISSING.get(name)))

    return PLACEHOLDER.sub(value, rule)


@pytest.mark.parametrize("who", ["supervisor", "inspector", "permittee"])
def test_a_number_past_any_record_is_an_address_of_nothing(app, client, auth, people, who):
    auth.login(people[who].email)
    routes = list(int_routes(app))
    assert len(routes) >= 30  # every route with a record's number in it
    for rule, numbers, method in routes:
        for big in TOO_BIG:
            response = client.open(address(rule, numbers, big), method=method)
            assert response.status_code == 404, (method, rule, big[:12], response.status_code)


def test_the_largest_id_is_still_looked_up(client, auth, people, make):
    site = make.site(people["supervisor"], name="Mill Pond")
    auth.login(people["supervisor"].email)
    assert client.get(f"/sites/{site.id}").status_code == 200
    assert client.get(f"/sites/{MAX_ID}").status_code == 404  # no such site
