"""What the field app fetches over a weak signal is sent gzip-compressed when the browser accepts
it (its files, its pages, the work packet); office pages, which carry a CSRF token, are not."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GZIP = {"Accept-Encoding": "gzip, deflate, br"}


def test_the_field_apps_files_pages_and_packet_travel_compressed(client, auth, people, make):
    make.site(people["supervisor"])
    script = client.get("/static/js/store.js", headers=GZIP)
    assert script.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in script.headers["Vary"]
    original = (ROOT / "static/js/store.js").read_bytes()
    assert gzip.decompress(script.data) == original
    assert len(script.data) < len(original) / 2

    # The browser's cached copy is still good: a 304, not the file again.
    again = client.get(
        "/static/js/store.js", headers={**GZIP, "If-None-Match": script.headers["ETag"]}
    )
    assert again.status_code == 304

    # Without gzip in Accept-Encoding the bytes are the file's own.
    plain = client.get("/static/js/store.js", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in plain.headers and plain.data == original

    auth.login(people["inspector"].email)
    shell = client.get("/app/", headers=GZIP)
    assert shell.headers["Content-Encoding"] == "gzip"
    assert b"My sites" in gzip.decompress(shell.data)
    pull = client.get("/api/v1/sync/pull", headers=GZIP)
    assert pull.headers["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(pull.data))["changes"]


def test_pages_with_a_csrf_token_and_the_token_itself_are_not_compressed(client, auth, people):
    auth.login(people["supervisor"].email)
    page = client.get("/sites/new", headers=GZIP)
    assert page.status_code == 200 and b"csrf_token" in page.data
    assert "Content-Encoding" not in page.headers
    token = client.get("/api/v1/csrf", headers=GZIP)
    assert "Content-Encoding" not in token.headers and token.get_json()["csrf_token"]
