"""The regulator packet in the browser: while the packet builds, the button says
"Building…" and a live region says so; the ZIP is then saved and the page says it is ready. A range
the packet cannot cover shows the message at the field."""

import io
import json
import zipfile
from datetime import timedelta

from playwright.sync_api import expect
from sqlmodel import select

from inspector.db import get_session
from inspector.models import Inspection, Site
from inspector.services import clock

from .conftest import sign_in


def test_the_packet_shows_building_then_downloads(browser, live_server, demo_app, tablet):
    with demo_app.app_context():
        session = get_session()
        site_id = session.exec(select(Inspection.site_id)).first()
        name = session.get(Site, site_id).name
        today = clock.today(demo_app.extensions["rulebook"])
    # The test holds the download at the network: a service worker would fetch it past page.route.
    context = browser.new_context(**tablet, accept_downloads=True, service_workers="block")
    page = context.new_page()
    sign_in(page, live_server.url, "supervisor@fairwater.example")
    page.goto(f"{live_server.url}/sites/{site_id}")
    page.get_by_role("link", name="Regulator packet").click()
    expect(page.get_by_role("heading", name="Regulator packet")).to_be_visible()
    # The page's module takes the submit once loaded; a click before that is a plain download,
    # which the held route below would keep waiting (a busy machine loads modules late).
    expect(page.locator("#packet-form[data-ready=packet]")).to_be_attached()
    held = []
    page.route("**/packet.zip*", lambda route: held.append(route))
    button = page.get_by_role("button", name="Build and download the packet")
    with page.expect_download() as download:
        button.click()
        building = page.get_by_role("button", name="Building…")
        expect(building).to_be_disabled()
        expect(page.locator("#packet-status")).to_have_text(
            "Building the packet: the download starts when it is ready."
        )
        # The request leaves a moment after the button says so: it is awaited at the route.
        for _ in range(100):
            if held:
                break
            page.wait_for_timeout(50)
        assert len(held) == 1
        held[0].continue_()
    saved = download.value
    assert saved.suggested_filename.endswith(f"-to-{today.isoformat()}.zip")
    with zipfile.ZipFile(io.BytesIO(open(saved.path(), "rb").read())) as z:
        manifest = json.loads(z.read("manifest.json"))
        assert manifest["site"] == name and any(
            f["path"].startswith("inspections/") for f in manifest["files"]
        )
    expect(page.locator("#packet-status")).to_contain_text("Ready: ")
    expect(button).to_be_enabled()

    page.unroute("**/packet.zip*")
    page.get_by_label("To (last day)").fill((today + timedelta(days=2)).isoformat())
    button.click()
    expect(page.get_by_text("have no records yet")).to_be_visible()
    context.close()
