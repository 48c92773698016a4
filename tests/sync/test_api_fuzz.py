"""The sync API fuzzed from its own OpenAPI document (schemathesis, pinned in requirements.lock).

Every operation gets a bounded number of generated requests, valid (positive) and invalid
(negative), sent with a real device token of an inspector (who sees every site, so the handlers read
the most): none may answer 5xx, and every answer must match the document (status code, content type,
body schema). The generation is derandomized (a fixed seed), so a failure is reproducible and the
run stays short."""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from sync import validate
from sync.openapi import spec
from sync.schemas.push import Answer
from tests.sync.helpers import inspection_payload, mutation, uid

EXAMPLES = 40  # per operation and mode
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
METHODS = ("get", "put", "post", "head", "delete", "patch")
# (path, method, mode): invalid requests only for operations that take parameters or a body.
CASES = [
    (path, method, mode)
    for path, item in spec()["paths"].items()
    for method in item
    if method in METHODS
    for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)
    if mode == GenerationMode.POSITIVE
    or item.get("parameters")
    or item[method].get("parameters")
    or item[method].get("requestBody")
]


@pytest.mark.slow
@pytest.mark.parametrize("path,method,mode", CASES)
def test_no_operation_answers_5xx_or_outside_its_schema(
    app, client, people, site_with_permit, device_headers, path, method, mode
):
    # identity: schemathesis's WSGI client reads the body as sent, and the API gzips large answers.
    headers = {**device_headers(people["inspector"]), "Accept-Encoding": "identity"}
    # A real record, so generated pushes and ids meet existing rows too.
    client.post(
        "/api/v1/sync/push",
        headers=headers,
        json={"mutations": [mutation("inspection", uid(), inspection_payload(site_with_permit))]},
    )
    operation = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)[path][method.upper()]

    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(
        max_examples=EXAMPLES,
        derandomize=True,
        deadline=None,
        database=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    def run(case):
        response = case.call(headers=headers)
        case.validate_response(response, checks=CHECKS)

    run()


def _json_values():
    scalars = (
        st.none()
        | st.booleans()
        | st.integers(-(2**70), 2**70)
        | st.floats(allow_nan=False)
        | st.text(max_size=12)
    )
    return st.recursive(
        scalars,
        lambda inner: (
            st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
        ),
        max_leaves=8,
    )


def _payloads(entity: str):
    """Payloads with the entity's own field names (and an answer's), each holding any JSON value."""
    names = sorted(validate.PAYLOADS[entity].model_fields) + sorted(Answer.model_fields)
    return st.dictionaries(st.sampled_from(names), _json_values(), max_size=6)


@pytest.mark.slow
@pytest.mark.parametrize("entity", sorted(validate.PAYLOADS))
def test_each_handler_answers_random_payloads_without_5xx(
    client, db, people, site_with_permit, device_headers, entity
):
    """Straight at each handler: its field names with any values (the document's generic `payload`
    object rarely hits them). No 5xx."""
    headers = {
        "permittee": device_headers(people["permittee"]),
        "inspector": device_headers(people["inspector"]),
    }

    @given(
        payload=_payloads(entity),
        who=st.sampled_from(sorted(headers)),
        entity_id=st.sampled_from([uid(), str(site_with_permit.id), "abc", ""]),
    )
    @settings(
        max_examples=EXAMPLES,
        derandomize=True,
        deadline=None,
        database=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    def run(payload, who, entity_id):
        res = client.post(
            "/api/v1/sync/push",
            headers=headers[who],
            json={"mutations": [mutation(entity, entity_id, payload, base_version=1)]},
        )
        assert res.status_code < 500, res.get_data()[:300]
        if res.status_code == 200:
            assert res.get_json()["results"][0]["status"] in (
                "applied",
                "duplicate",
                "conflict",
                "rejected",
            )

    run()
