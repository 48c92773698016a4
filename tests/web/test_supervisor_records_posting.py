"""A supervisor who posts an issued stop-work order on the site records it from the order's page,
as an inspector does: the route and the service let a supervisor record the posting, but the page
offered the button to inspectors only, so the posted day (and what it re-checks) went unrecorded
when the supervisor posted it."""

from inspector.models.base import utcnow
from tests.support.enforcement import issued_order


def test_the_supervisor_is_offered_the_posting_of_an_issued_order(
    app, client, auth, db, make, people
):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Posted Lot")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    order = issued_order(db, site, people["supervisor"], rb, now=utcnow())
    auth.login(people["supervisor"].email)
    page = client.get(f"/orders/{order.id}").text
    assert f'action="/orders/{order.id}/posted"' in page
    response = client.post(f"/orders/{order.id}/posted", follow_redirects=True)
    text = response.get_data(as_text=True)
    assert "Recorded as posted on the site." in text
    assert "Posted on site" in text
    assert f'action="/orders/{order.id}/posted"' not in text  # once posted, not offered again
