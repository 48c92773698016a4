"""A push answered by something in front of the app, not by the app (nginx's page for a body over
its 1 MB default, a 429 or a 502 page while the app restarts): nothing was refused by the server,
so nothing on the tablet may be marked "needs attention" (whose way out is to edit each record
and sign it again). Before, every entry of the batch was marked so, 'Refused (413)'."""

from __future__ import annotations

from playwright.sync_api import expect
from sqlmodel import Session, select

from inspector.models import Inspection, Site
from tests.browser.conftest import sign_in
from tests.browser.test_sync_outbox import ENQUEUE
from tests.sync.helpers import checklist_codes, inspection_payload, uid

NGINX_413 = (
    "<html><head><title>413 Request Entity Too Large</title></head><body><center>"
    "<h1>413 Request Entity Too Large</h1></center><hr><center>nginx</center></body></html>"
)
OUTBOX = "async () => (await import('/static/js/store.js')).listOutbox()"
FLUSH = "async () => (await import('/static/js/sync.js')).flush()"


def queued_inspections(demo_app, n: int) -> list[tuple[str, str, dict]]:
    with Session(demo_app.extensions["engine"]) as db:
        site = db.exec(select(Site).where(Site.name.startswith("Meadow Ridge"))).one()
        codes = checklist_codes(site, demo_app.extensions["rulebook"])
        return [
            (uid(), uid(), inspection_payload(site, codes=codes, kind="village")) for _ in range(n)
        ]


def tablet_with_outbox(browser, tablet, live_server, demo_app, n: int, proxy):
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/")
    page.evaluate(
        "async () => { await import('/static/js/store.js'); await import('/static/js/sync.js'); }"
    )
    context.set_offline(True)  # queued while away; the flush below is the first to go out
    made = queued_inspections(demo_app, n)
    for iid, mid, payload in made:
        page.evaluate(ENQUEUE, {"payload": payload, "photos": [], "iid": iid, "mid": mid})
    page.route("**/api/v1/sync/push", proxy)
    context.set_offline(False)
    return context, page, made


def test_a_proxys_refusal_leaves_the_work_in_line_and_it_goes_later(
    browser, tablet, live_server, demo_app
):
    def busy(route):
        route.fulfill(status=429, content_type="text/html", body="<h1>Busy</h1>")

    context, page, made = tablet_with_outbox(browser, tablet, live_server, demo_app, 2, busy)
    summary = page.evaluate(FLUSH)
    assert summary["stopped"] == "server"
    assert "429" in summary["message"] and "will retry" in summary["message"]
    assert {e["state"] for e in page.evaluate(OUTBOX)} == {"queued"}

    page.unroute("**/api/v1/sync/push")
    page.evaluate(FLUSH)
    assert page.evaluate(OUTBOX) == []
    with Session(demo_app.extensions["engine"]) as db:
        assert all(db.get(Inspection, iid) is not None for iid, _, _ in made)
    context.close()


def test_a_batch_over_the_proxys_body_limit_goes_in_halves(browser, tablet, live_server, demo_app):
    sizes: list[int] = []

    def limit(route):  # a proxy that takes at most one inspection per request
        sizes.append(len(route.request.post_data_json["mutations"]))
        if sizes[-1] > 1:
            route.fulfill(status=413, content_type="text/html", body=NGINX_413)
        else:
            route.continue_()

    context, page, made = tablet_with_outbox(browser, tablet, live_server, demo_app, 3, limit)
    summary = page.evaluate(FLUSH)
    assert summary["stopped"] is None and summary["rejected"] == 0, summary
    assert sizes[0] == 3 and sizes.count(1) == 3, sizes
    assert page.evaluate(OUTBOX) == []
    with Session(demo_app.extensions["engine"]) as db:
        assert all(db.get(Inspection, iid) is not None for iid, _, _ in made)
    context.close()


def test_one_record_over_the_proxys_limit_waits_and_the_rest_of_the_outbox_goes(
    browser, tablet, live_server, demo_app
):
    """Halved down to one record still over the proxy's limit, it cannot pass until the limit is
    raised: it waits on the tablet saying why, and the records queued after it are sent."""
    big: list[str] = []

    def limit(route):  # a proxy whose limit one of the records is over, alone
        ids = [m["mutation_id"] for m in route.request.post_data_json["mutations"]]
        if big[0] in ids:
            route.fulfill(status=413, content_type="text/html", body=NGINX_413)
        else:
            route.continue_()

    context, page, made = tablet_with_outbox(browser, tablet, live_server, demo_app, 3, limit)
    big.append(made[0][1])  # the first in line
    summary = page.evaluate(FLUSH)
    assert summary["stopped"] is None and summary["rejected"] == 0, summary
    left = page.evaluate(OUTBOX)
    assert [(e["mutation_id"], e["state"]) for e in left] == [(big[0], "queued")], left
    assert "413" in left[0]["reason"] and "raise" in left[0]["reason"], left[0]
    with Session(demo_app.extensions["engine"]) as db:
        assert db.get(Inspection, made[0][0]) is None
        assert all(db.get(Inspection, iid) is not None for iid, _, _ in made[1:])
    page.goto(f"{live_server.url}/app/outbox")
    expect(page.locator(".outbox-entry .note")).to_contain_text("413")

    page.unroute("**/api/v1/sync/push")  # the limit raised: it goes with the next flush
    page.evaluate(FLUSH)
    assert page.evaluate(OUTBOX) == []
    context.close()
