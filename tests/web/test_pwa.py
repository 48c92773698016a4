"""The installable app's server side: manifest, service worker route, precacheable shell pages."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from inspector.web import pwa

ROOT = Path(__file__).resolve().parents[2]


def test_manifest_has_what_an_installable_app_needs(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    body = json.loads(response.data)
    assert body["start_url"] == "/app/" and body["display"] == "standalone"
    assert body["name"] and body["short_name"] and body["theme_color"]
    sizes = {(icon["sizes"], icon["purpose"]) for icon in body["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in body["icons"]:
        got = client.get(icon["src"])
        assert got.status_code == 200, icon["src"]
        image = Image.open(io.BytesIO(got.data))
        assert f"{image.width}x{image.height}" == icon["sizes"]


def test_maskable_icon_keeps_its_drawing_inside_the_safe_zone():
    image = Image.open(ROOT / "static/icons/maskable-512.png").convert("RGB")
    background = image.getpixel((0, 0))
    # Outside the central circle of radius 40 % (the maskable safe zone) there is only background.
    for x in range(0, 512, 8):
        for y in range(0, 512, 8):
            if (x - 256) ** 2 + (y - 256) ** 2 > (0.40 * 512) ** 2:
                assert image.getpixel((x, y)) == background, (x, y)
    assert len(image.getcolors(maxcolors=4096) or []) > 2  # and there is a drawing at all


def test_service_worker_is_served_from_the_root_without_caching(app, client, tmp_path):
    worker = tmp_path / "sw.js"
    worker.write_text("self.addEventListener('install', () => {});\n")
    app.config["SW_FILE"] = str(worker)
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    assert b"addEventListener('install'" in response.data


def test_missing_service_worker_says_how_to_build_it(app, client, tmp_path):
    app.config["SW_FILE"] = str(tmp_path / "absent.js")
    response = client.get("/sw.js")
    assert response.status_code == 404
    assert "make build" in response.get_json()["reason"]


@pytest.mark.parametrize("url", sorted(pwa.PRECACHE_PAGES))
def test_shell_pages_are_the_same_for_everybody(url, client, auth, people):
    anonymous = client.get(url)
    assert anonymous.status_code == 200, "a precached page must not redirect"
    assert anonymous.headers["Cache-Control"] == "no-cache"
    for person in ("inspector", "permittee"):
        auth.login(people[person].email)
        signed_in = client.get(url)
        assert signed_in.status_code == 200
        assert signed_in.data == anonymous.data, f"{url} differs for the {person}"
        assert people[person].name.encode() not in signed_in.data
        auth.logout()
    assert b"csrf" not in anonymous.data.lower()


def test_precache_list_names_existing_templates_and_prints_as_json():
    for url, files in pwa.PRECACHE_PAGES.items():
        assert url.startswith("/"), url
        for name in files:
            assert (ROOT / name).is_file(), (url, name)
    out = subprocess.run(
        [sys.executable, "-m", "inspector.web.pwa", "precache-json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    printed = json.loads(out)
    assert printed["/app/inspect"] == pwa.PRECACHE_PAGES["/app/inspect"]
    assert {"/app/", "/app/inspect", "/app/outbox", "/app/rain", "/app/offline"} <= set(printed)


def test_field_app_is_in_the_main_navigation_for_every_role(client, auth, people):
    for person in ("inspector", "supervisor", "permittee"):
        auth.login(people[person].email)
        assert b'href="/app/"' in client.get("/sites/").data, person
        auth.logout()


def test_a_precached_page_that_shows_the_rulebook_is_fetched_again_when_it_changes(
    app, client, tmp_path
):
    # The service worker serves a precached page from its cache until the page's revision changes,
    # and the revision is the hash of the files listed for it: a page that shows the rulebook (the
    # certification statement signed on the capture page, the Village's zone, the chapter) kept the
    # old words on every tablet after the rulebook changed, unless the rulebook is listed.
    from inspector import create_app

    rulebook = ROOT / "inspector/rules/fairwater.toml"
    edited = tmp_path / "rulebook.toml"
    edited.write_text(rulebook.read_text().replace('chapter = "256"', 'chapter = "256A"', 1))
    other = create_app({**app.config, "RULEBOOK_PATH": str(edited)}).test_client()
    for url, files in pwa.PRECACHE_PAGES.items():
        if client.get(url).data != other.get(url).data:
            assert "inspector/rules/fairwater.toml" in files, url


def test_a_changed_custom_rulebook_changes_the_offline_pages_versions(app, tmp_path):
    # FAIRWATER_RULEBOOK_PATH may name a rulebook other than the bundled one; the build hashes the
    # bundled file only, so tablets kept the capture page (the certification statement they sign)
    # from before the custom rulebook changed: the served worker named the same revisions.
    from inspector import create_app

    worker = tmp_path / "sw.js"
    worker.write_text(
        "precacheAndRoute(["
        '{"revision":"aaa","url":"/app/inspect"},'
        '{"revision":"bbb","url":"/calculators/basin"},'
        '{"revision":"ccc","url":"/static/js/app.js"}]);\n'
    )
    text = (ROOT / "inspector/rules/fairwater.toml").read_text()
    custom = tmp_path / "custom.toml"

    def served(rulebook_text: str) -> str:
        custom.write_text(rulebook_text)
        other = create_app({**app.config, "RULEBOOK_PATH": str(custom), "SW_FILE": str(worker)})
        response = other.test_client().get("/sw.js")
        assert response.status_code == 200
        return response.get_data(as_text=True)

    before = served(text)
    again = served(text)
    after = served(text.replace('chapter = "256"', 'chapter = "256A"', 1))
    assert before == again, "an unchanged rulebook keeps every version"

    def revision(body: str, url: str) -> str:
        return re.search(r'"revision":"([^"]*)","url":"' + re.escape(url) + '"', body)[1]

    for url in ("/app/inspect", "/calculators/basin"):
        assert revision(before, url) != revision(after, url), url
    assert revision(before, "/static/js/app.js") == revision(after, "/static/js/app.js") == "ccc"
