"""A tablet that changes hands: a half-finished inspection belongs to its author. The next person to sign
in does not see it, cannot open, edit or submit it; it stays on the device, intact, until its author signs
in again (and with no signal too)."""

from __future__ import annotations

from playwright.sync_api import expect
from sqlmodel import Session, select

from inspector import demo
from inspector.models import User
from tests.browser.capture_packet import stored, wait_for_controller
from tests.browser.conftest import sign_in
from tests.web.test_demo_onsite_gauge import csrf_of

SITE = "Meadow Ridge Subdivision, Phase 2"  # a Prairie Builders site; the inspector sees it too
PRAIRIE = "permittee@prairie-builders.example"
KEPT_ONE = "1 draft by another person is kept on this device until they sign in."
NOT_YOURS = "This draft belongs to another person; it stays on this device until they sign in."


def user_id(demo_app, email):
    with Session(demo_app.extensions["engine"]) as db:
        return db.exec(select(User).where(User.email == email)).one().id


def open_home_as(page, base_url, email, name):
    """Sign in (the previous session signed out first) and open /app/: its pull tells the device who it is."""
    sign_in(page, base_url, email)
    page.goto(f"{base_url}/app/")
    expect(page.locator("#shell-user")).to_contain_text(name)
    page.wait_for_selector("body[data-ready=home]")


def sign_out(page, base_url):
    page.goto(f"{base_url}/sites/")
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url(f"{base_url}/login")  # the device lets go of the person, then leaves


def start_weekly_with_typing(page):
    page.get_by_role("link", name=f"Weekly inspection at {SITE}").click()
    page.wait_for_selector("body[data-ready=capture]")
    page.get_by_label("Weather").fill("Wind from the west, 52 °F")
    page.locator("label[for='r-PLAN-fail']").click()
    page.locator("#ca-PLAN").fill("Put the approved plan back in the trailer.")
    page.locator("#save-state.saved").wait_for()
    return page.url.split("draft=")[1]


def test_a_draft_shows_only_to_its_author_and_waits_for_them(
    browser, tablet, live_server, demo_app
):
    url = live_server.url
    context = browser.new_context(**tablet)
    page = context.new_page()
    open_home_as(page, url, PRAIRIE, "Sam Lindqvist")
    wait_for_controller(page)  # the app shell works with no network later
    draft_id = start_weekly_with_typing(page)
    [draft] = stored(page, "s.listDrafts()")
    assert draft["user_id"] == user_id(demo_app, PRAIRIE) and draft["user_name"] == "Sam Lindqvist"

    # The crew lends the tablet to another company's foreman.
    sign_out(page, url)
    open_home_as(page, url, "permittee@badger-utility.example", "Jo Nakamura")
    expect(page.locator("#drafts-others")).to_have_text(KEPT_ONE)
    expect(page.locator("#drafts-card")).to_be_hidden()
    expect(page.locator(f"a[href*='{draft_id}']")).to_have_count(0)
    assert "Wind from the west" not in page.content()

    # No signal at all (browser offline, server gone): its address still does not open it.
    context.set_offline(True)
    live_server.stop()
    page.goto(f"{url}/app/inspect?draft={draft_id}")
    page.wait_for_selector("body[data-ready=not-yours]")
    expect(page.locator("#inspect-problem")).to_contain_text(NOT_YOURS)
    expect(page.locator("#inspection-form")).to_be_hidden()
    assert (
        page.get_by_label("Weather").input_value() == ""
    )  # nothing of the draft was put in the form
    page.get_by_role("link", name="Back to My sites").click()
    page.wait_for_selector("body[data-ready=home]")
    expect(page.locator("#drafts-others")).to_have_text(KEPT_ONE)
    assert stored(page, f"s.getDraft('{draft_id}')") == draft  # untouched by the visit

    # Signal again; its author signs in: listed, and what was typed is all there.
    live_server.start()
    context.set_offline(False)
    sign_out(page, url)
    open_home_as(page, url, PRAIRIE, "Sam Lindqvist")
    expect(page.locator("#drafts-others")).to_be_hidden()
    page.get_by_role("link", name=f"Resume: Weekly inspection at {SITE}").click()
    page.wait_for_selector("body[data-ready=capture]")
    assert draft_id in page.url
    assert page.get_by_label("Weather").input_value() == "Wind from the west, 52 °F"
    assert page.locator("#r-PLAN-fail").is_checked()
    assert page.locator("#ca-PLAN").input_value() == "Put the approved plan back in the trailer."
    context.close()


def handed_over(browser, tablet, url):
    """The permittee starts a weekly inspection and types into it; a second tab of the same tablet then
    signs out, ready for the next person. Returns (context, the draft's tab, the second tab, draft id)."""
    context = browser.new_context(**tablet)
    page = context.new_page()
    open_home_as(page, url, PRAIRIE, "Sam Lindqvist")
    draft_id = start_weekly_with_typing(page)
    other = context.new_page()
    sign_out(other, url)
    return context, page, other, draft_id


def test_someone_elses_draft_is_not_offered_and_cannot_be_submitted(
    browser, tablet, live_server, demo_app
):
    url = live_server.url
    # A second tab: the permittee signs out there and the Village inspector signs in and syncs, while the
    # draft is still open in the first tab.
    context, page, other, draft_id = handed_over(browser, tablet, url)
    open_home_as(other, url, "inspector@fairwater.example", "(inspector)")
    expect(other.locator("#drafts-others")).to_have_text(KEPT_ONE)
    # The draft's tab hears it at once: the form is put away, nothing can be submitted; it says why.
    page.wait_for_selector("body[data-ready=not-yours]")
    expect(page.get_by_role("button", name="Submit inspection")).to_be_hidden()
    expect(page.locator("#inspect-problem")).to_contain_text(NOT_YOURS)
    expect(page.locator("#save-state")).to_contain_text("Saving stopped")
    assert stored(page, "s.listOutbox()") == []
    assert (
        stored(page, f"s.getDraft('{draft_id}')")["header"]["weather"]
        == "Wind from the west, 52 °F"
    )

    # The store refuses it too (one transaction: nothing queued, the draft kept).
    refused = other.evaluate(
        """async (id) => {
        const s = await import('/static/js/store.js');
        try { await s.enqueueFromDraft(id, { mutation_id: crypto.randomUUID(), entity: 'inspection',
                                             entity_id: id, op: 'upsert', payload: {} }); return null; }
        catch (error) { return error.name; } }""",
        draft_id,
    )
    assert refused == "NotAuthorError"
    assert (
        stored(other, "s.listOutbox()") == []
        and stored(other, f"s.getDraft('{draft_id}')") is not None
    )

    # Starting the same inspection does not offer the permittee's draft: a new one, the inspector's own.
    other.get_by_role("link", name=f"Weekly inspection at {SITE}").click()
    other.wait_for_selector("body[data-ready=capture]")
    assert draft_id not in other.url
    assert other.get_by_label("Weather").input_value() == ""
    mine = other.url.split("draft=")[1]
    assert stored(other, f"s.getDraft('{mine}')")["user_id"] == user_id(
        demo_app, "inspector@fairwater.example"
    )

    # A draft saved before drafts recorded their author is shown to whoever is signed in.
    other.evaluate("""async () => { const s = await import('/static/js/store.js');
        await s.putDraft({ id: 'before-authors', site_id: '4', site_name: 'Church Street Parking Lot', kind: 'village',
                           header: {}, answers: {}, updated_at: new Date().toISOString() }); }""")
    other.goto(f"{url}/app/")
    expect(
        other.get_by_role("link", name="Resume: Village inspection at Church Street Parking Lot")
    ).to_be_visible()
    expect(other.locator("#drafts-others")).to_have_text(KEPT_ONE)
    context.close()


def switch_session(context, url, email):
    """Sign out and in as `email` with requests only (same cookies, no page of the app runs): the
    device does not know yet."""
    token = context.request.get(f"{url}/api/v1/csrf").json()["csrf_token"]
    context.request.post(f"{url}/logout", form={"csrf_token": token})
    token = csrf_of(context.request.get(f"{url}/login").text())  # the sign-in form's own
    context.request.post(
        f"{url}/login", form={"email": email, "password": demo.PASSWORD, "csrf_token": token}
    )
    assert context.request.get(f"{url}/api/v1/csrf").json()["user"]["name"] == "Luis Ortega"


def test_an_open_draft_is_put_away_when_the_next_persons_sync_arrives(
    browser, tablet, live_server, demo_app
):
    url = live_server.url
    # The next person signs in while the draft is still open, and the device learns it only from its
    # next sync: what was typed before that is saved to the draft, then the draft is put away.
    context = browser.new_context(**tablet)
    page = context.new_page()
    open_home_as(page, url, PRAIRIE, "Sam Lindqvist")
    draft_id = start_weekly_with_typing(page)
    switch_session(context, url, "inspector@fairwater.example")
    page.get_by_label("Construction phase").fill("Grading lots 3-9")
    assert page.evaluate("async () => (await import('/static/js/sync.js')).pullNow()")["ok"]
    page.wait_for_selector("body[data-ready=not-yours]")
    expect(page.locator("#inspection-form")).to_be_hidden()
    expect(page.locator("#inspect-problem")).to_contain_text(NOT_YOURS)
    kept = stored(page, f"s.getDraft('{draft_id}')")
    assert kept["header"]["weather"] == "Wind from the west, 52 °F"
    assert kept["header"]["phase"] == "Grading lots 3-9"  # what was typed last was saved first
    context.close()
