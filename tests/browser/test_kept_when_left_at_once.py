"""What is typed on a small field form and left at once is kept, even while another tab of the app
is writing to the tablet's storage. The write made as the page was left waited behind the other
tab's transaction (a pull being stored, in real use), and went with the page: the rain reading, the
unfinished stop-work order, were gone when the inspector came back. static/js/left-writes.js."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.capture_packet import wait_for_controller
from tests.browser.field_home import field_home_as
from tests.browser.page_ready import wait_ready
from tests.browser.test_enforcement import stop_work_form
from tests.browser.test_shared_tablet import OUTBOX

GAUGE = "Fairwater 0.4 NE (CoCoRaHS)"

# Another tab holds a write on the device's `meta` store for `ms` milliseconds (the promise is kept
# on the page as window.held, to wait for its end).
HOLD_META = """(ms) => {
  window.held = (async () => {
    const store = await import('/static/js/store.js');
    const tx = (await store.getDb()).transaction('meta', 'readwrite');
    const end = Date.now() + ms;
    while (Date.now() < end) await tx.objectStore('meta').get('user');
    await tx.done;
    return 'released';
  })();
}"""


def another_tab_writing(context, url):
    other = context.new_page()
    other.goto(f"{url}/app/outbox")
    other.wait_for_selector("body[data-ready=outbox]")
    return other


def test_a_rain_reading_typed_and_left_at_once_is_kept(browser, live_server, tablet):
    url = live_server.url
    context, page = field_home_as(browser, tablet, url, "inspector@fairwater.example")
    other = another_tab_writing(context, url)
    context.set_offline(True)  # at the gauge, no signal
    page.goto(f"{url}/app/rain")
    page.wait_for_selector("body[data-ready=rain]")
    page.get_by_label("Gauge").select_option(label=GAUGE)
    page.get_by_label("Rain in the last 24 hours").fill("0.85")
    other.evaluate(HOLD_META, 1500)
    page.goto(f"{url}/app/")  # My sites, at once
    assert other.evaluate("() => window.held") == "released"

    page.goto(f"{url}/app/rain")
    page.wait_for_selector("body[data-ready=rain]")
    amount = page.get_by_label("Rain in the last 24 hours")
    expect(amount).to_have_value("0.85")

    # Queued, it is not offered again as unsent: the copy kept as the page was left is gone too.
    page.get_by_role("button", name="Queue reading").click()
    expect(page.locator("#rain-state")).to_have_text("Reading of 0.85 in queued in the outbox.")
    page.reload()
    page.wait_for_selector("body[data-ready=rain]")
    expect(amount).to_have_value("")
    assert len(page.evaluate(OUTBOX)) == 1
    context.close()


def test_an_unfinished_stop_work_order_left_at_once_is_kept(browser, live_server, tablet):
    url = live_server.url
    context, page = stop_work_form(browser, url, tablet)
    wait_for_controller(page)
    other = another_tab_writing(context, url)
    context.set_offline(True)
    page.get_by_label("What you found").fill("Silt fence down along the east swale.")
    other.evaluate(HOLD_META, 1500)
    page.goto(f"{url}/app/")
    assert other.evaluate("() => window.held") == "released"

    page.goto(f"{url}/app/stop-work")
    page.wait_for_selector("body[data-ready=stop-work]")
    expect(page.get_by_label("What you found")).to_have_value(
        "Silt fence down along the east swale."
    )
    context.close()


def test_a_copy_left_never_writes_over_one_saved_after_it(browser, live_server, tablet):
    """The copy kept in localStorage is the page's last word only when nothing was saved after it
    (the same form typed on in another tab, say)."""
    url = live_server.url
    context, page = field_home_as(browser, tablet, url, "inspector@fairwater.example")
    older, newer = "2026-12-05T14:00:00.000Z", "2026-12-05T14:05:00.000Z"
    page.evaluate(
        """async ({ older, newer }) => {
          const store = await import('/static/js/store.js');
          await store.setMeta('rain_draft:test', { amount: '2.5', saved_at: newer });
          localStorage.setItem('fairwater-left:rain_draft:test',
            JSON.stringify({ value: { amount: '0.4', saved_at: older }, at: Date.parse(older) }));
          localStorage.setItem('fairwater-left:rain_draft:other',
            JSON.stringify({ value: { amount: '0.7', saved_at: older }, at: Date.parse(older) }));
        }""",
        {"older": older, "newer": newer},
    )
    page.reload()  # the next page to open the database moves the copies in
    wait_ready(page, "home")
    kept = page.evaluate(
        """async () => {
          const store = await import('/static/js/store.js');
          await store.getDb();
          return { test: await store.getMeta('rain_draft:test'), other: await store.getMeta('rain_draft:other'),
            left: Object.keys(localStorage).filter((k) => k.startsWith('fairwater-left:')) };
        }"""
    )
    assert kept["test"] == {"amount": "2.5", "saved_at": newer}
    assert kept["other"] == {"amount": "0.7", "saved_at": older}
    assert kept["left"] == []
    context.close()
