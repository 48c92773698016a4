"""The audit page's address carries a site's number and the event to page back from (`before`):
a value no database id can be (too many digits, not ASCII digits, text) is refused with a 400
page that says which, instead of failing in the database (a 500)."""

import pytest


@pytest.mark.parametrize(
    "query",
    [
        "before=" + "9" * 30,
        "site_id=" + "9" * 30,
        "site_id=" + "9" * 5000,
        "before=²",
        "site_id=4294967296",
        "site_id=abc",
    ],
)
def test_a_number_no_record_can_have_is_refused_in_words(client, auth, people, query):
    auth.login(people["supervisor"].email)
    page = client.get(f"/audit/?{query}")
    assert page.status_code == 400
    name = query.split("=")[0]
    assert f"{name} in the address must be a record" in page.get_data(as_text=True)


def test_a_site_and_a_page_back_still_filter(client, auth, people, make):
    site = make.site(people["supervisor"], name="Orchard Rise")
    auth.login(people["supervisor"].email)
    page = client.get(f"/audit/?site_id={site.id}&before=2147483647")
    assert page.status_code == 200
    assert "Orchard Rise" in page.get_data(as_text=True)
