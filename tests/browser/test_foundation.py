"""A supervisor on a tablet creates a site and a permit application and sees the clocks and the
ordinance's reasoning; the permittee then sees only its company's sites."""

from playwright.sync_api import expect

from inspector.models.base import utcnow
from inspector.rules import clocks

from .conftest import sign_in


def test_supervisor_creates_site_and_application_then_permittee_sees_only_its_sites(
    browser, live_server, tablet
):
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "supervisor@fairwater.example")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Sites").click()
    page.get_by_role("link", name="New site").click()
    page.get_by_label("Site name").fill("Harbor View Plat")
    page.get_by_label("Address").fill("400 Harbor Rd")
    page.get_by_label("Project kind").select_option("subdivision_plat")
    page.get_by_label("Area", exact=True).fill("5")
    page.get_by_label("Disturbed at one time").fill("3.5")
    page.get_by_role("button", name="Save site").click()

    expect(page.get_by_role("heading", name="Harbor View Plat")).to_be_visible()
    expect(page.get_by_text("The ordinance does not decide this")).to_be_visible()
    expect(page.locator(".cite", has_text="§ 256-3").first).to_be_visible()
    expect(
        page.get_by_text("Filter fences, straw bales or equivalent (perimeter controls)")
    ).to_be_visible()

    page.get_by_role("link", name="New permit application").click()
    page.get_by_label("Permittee (company)").select_option(label="Prairie Builders LLC")
    page.get_by_label("Applicant").fill("Sam Lindqvist")
    today = clocks.local_date(utcnow())  # the Village's day, not the test machine's
    page.get_by_label("Application fee paid on").fill(today.isoformat())
    page.get_by_role("button", name="Record application").click()
    expect(page.get_by_text("Review clock not started")).to_be_visible()
    for kind in ("existing_site_map", "site_construction_plan", "final_site_conditions"):
        page.get_by_label("Document").select_option(kind)
        page.get_by_label("File (PDF, JPEG or PNG)").set_input_files(
            files=[{"name": "plan.pdf", "mimeType": "application/pdf", "buffer": b"%PDF-1.4 plan"}]
        )
        page.get_by_role("button", name="Upload").click()
        expect(page.get_by_text("Document uploaded.")).to_be_visible()
    due = clocks.plan_review_due(today).due.isoformat()
    expect(page.get_by_text(f"Review decision due {due}")).to_be_visible()
    # Large touch targets on the tablet.
    box = page.get_by_role("button", name="Upload").bounding_box()
    assert box["height"] >= 44
    context.close()

    other = browser.new_context(**tablet)
    page = other.new_page()
    sign_in(page, live_server.url, "permittee@prairie-builders.example")
    page.goto(f"{live_server.url}/sites/")
    expect(page.get_by_role("link", name="Harbor View Plat")).to_be_visible()
    expect(page.get_by_role("link", name="Meadow Ridge Subdivision, Phase 2")).to_be_visible()
    expect(page.get_by_role("link", name="Main Street Water Main Replacement")).to_have_count(0)
    expect(page.get_by_role("link", name="New site")).to_have_count(0)
    other.close()
