"""A tablet that changed hands never shows the next person the last person's controls, however the
page's draws interleave. Opening the outbox draws it from the device's storage while the sign-in
check learns who is signed in now and asks for a draw of its own; a first draw that finished after
the second put the last person's 'Discard…' back on their refused record, for good, in front of the
next person (slow storage on a busy tablet made it happen now and then). The draw that finishes
last is now the one asked for last. The test watches the page the whole time, not only at its end:
a later draw may take the controls away again, after the next person could have tapped them."""

from __future__ import annotations

from playwright.sync_api import expect
from sqlmodel import Session, select

from inspector.models import Site
from tests.browser.capture_packet import wait_until
from tests.browser.conftest import sign_in
from tests.browser.test_shared_tablet import ENQUEUE, FLUSH, OUTBOX, PULL
from tests.sync.helpers import checklist_codes, inspection_payload, uid

STORE = "/static/js/store.js"
# A draw asked for while the tablet still goes by the last person reads the outbox slowly (as storage
# on a busy tablet may): the sign-in check's own draw, asked for later, finishes first.
NEXT_OUTBOX_READ_LATE = """
(() => {
  const getAll = IDBIndex.prototype.getAll;
  IDBIndex.prototype.getAll = function (...args) {
    const request = getAll.apply(this, args);
    const names = this.objectStore.transaction.objectStoreNames;
    // The outbox page's own read (the outbox with its sent list), not the menu's count.
    if (!window.nextReadLate || this.objectStore.name !== 'outbox' || !names.contains('sent')) return request;
    window.nextReadLate = false;
    const listen = request.addEventListener.bind(request);
    request.addEventListener = (type, listener, options) => listen(type, type === 'success'
      ? (event) => {
        const answer = () => {
          if (!window.lateReadReleased) return setTimeout(answer, 50);
          listener(event);
          window.lateReadAnswered = true;
        };
        answer();
      }
      : listener, options);
    return request;
  };
})();
"""

WATCH_FOR_CONTROLS = """
() => {
  window.controlsSeen = [];
  const list = document.querySelector('#outbox-list');
  const look = () => {
    for (const button of list.querySelectorAll('.outbox-entry button')) {
      window.controlsSeen.push(button.textContent.trim());
    }
  };
  new MutationObserver(look).observe(list, { childList: true, subtree: true });
}
"""


def test_the_last_persons_controls_never_come_back_for_the_next(
    browser, tablet, live_server, demo_app
):
    with Session(demo_app.extensions["engine"]) as db:
        site = db.exec(select(Site).where(Site.name.startswith("Meadow Ridge"))).one()
        payload = inspection_payload(  # dated ahead of the server's day: refused
            site,
            codes=checklist_codes(site, demo_app.extensions["rulebook"]),
            kind="village",
            inspector_name="Luis Ortega",
            inspected_on="2099-01-04",
            started_at="2099-01-04T15:00:00Z",
            ended_at="2099-01-04T15:40:00Z",
        )
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/app/outbox")
    assert page.evaluate(PULL)["ok"]
    page.evaluate(ENQUEUE, {"payload": payload, "iid": uid(), "mid": uid()})
    page.evaluate(FLUSH)
    wait_until(page, f"async () => ({OUTBOX})().then((o) => o[0].state === 'attention')")
    inspector = page.evaluate(f"async () => (await import('{STORE}')).getMeta('user')")

    context.clear_cookies()
    sign_in(page, live_server.url, "supervisor@fairwater.example")
    supervisor = page.evaluate("async () => (await (await fetch('/api/v1/csrf')).json()).user")
    # The tablet still goes by the inspector when the outbox opens; the network is held, so that
    # the only draws are the ones below.
    page.evaluate(f"async (user) => (await import('{STORE}')).adoptSignedIn(user)", inspector)
    page.add_init_script(NEXT_OUTBOX_READ_LATE)
    held = []
    page.route("**/api/v1/**", lambda route: held.append(route))
    page.goto(f"{live_server.url}/app/outbox")
    page.wait_for_selector("body[data-ready=outbox]")
    # Something asks for a draw while the tablet goes by the inspector (a sync's change to the outbox,
    # say), and its read of the outbox answers late; then the sign-in check learns who is signed in.
    page.evaluate(
        f"""async () => {{
          window.nextReadLate = true;
          (await import('{STORE}')).events.dispatchEvent(new CustomEvent('outbox-changed'));
        }}"""
    )
    page.evaluate(f"async (user) => (await import('{STORE}')).adoptSignedIn(user)", supervisor)
    entry = page.locator("#outbox-list .outbox-entry")
    expect(entry).to_contain_text("Only the person who submitted it can put it right")
    # Any moment the last person's controls are on the page counts, even if a later draw takes
    # them away again: the next person may have tapped one by then.
    page.evaluate(WATCH_FOR_CONTROLS)
    page.evaluate("() => { window.lateReadReleased = true; }")
    wait_until(page, "() => window.lateReadAnswered === true")
    page.wait_for_timeout(1000)  # what the late draw would write, it has written by now
    assert page.evaluate("() => window.controlsSeen") == [], "the last person's controls came back"
    assert entry.get_by_role("button").count() == 0
    expect(entry).to_contain_text("Only the person who submitted it can put it right")
    context.close()
