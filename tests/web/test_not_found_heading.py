"""A record that does not exist (or that this person may not see) was headed "Not possible" above
"No such permit.": the heading now says what happened."""

import re

import pytest


@pytest.mark.parametrize(
    "url, words",
    [
        ("/permits/999999", "No such permit."),
        ("/sites/999999", "No such site."),
        ("/orders/999999", "No such stop-work order."),
        ("/inspections/999999", "No such inspection."),
        ("/findings/999999", "No such finding."),
    ],
)
def test_a_missing_record_is_headed_not_found(client, auth, people, url, words):
    auth.login(people["supervisor"].email)
    response = client.get(url)
    assert response.status_code == 404
    page = response.get_data(as_text=True)
    assert re.findall(r"<h1>(.*?)</h1>", page) == ["Not found"]
    assert words in page and "Not possible" not in page
