"""A permit's status reaches its pages in words ("Application received", "Under review"), never as the
database's keys ("applied", "under_review")."""

import re

KEYS = ("applied", "under review", "under_review", "issued", "extended")


def _history(page: str) -> list[str]:
    section = page.split('class="history"', 1)[1].split("</ol>", 1)[0]
    return re.findall(r"<strong>([^<]*)</strong>", section)


def test_the_status_history_is_in_words(client, auth, make, people):
    # It read "applied", "under review", "issued": the keys, lowercase.
    site = make.site(people["supervisor"], name="Birch Plat")
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    for who in ("supervisor", "permittee"):
        auth.login(people[who].email)
        shown = _history(client.get(f"/permits/{permit.id}").text)
        assert shown[0] == "Application received", shown
        assert "Issued" in shown, shown
        assert not set(shown) & set(KEYS), shown
        auth.logout()


def test_the_dashboard_names_a_permit_status_in_words(client, auth, make, people):
    site = make.site(people["supervisor"], name="Cedar Plat")
    make.permit(site, people["permittee"].company_id, people["supervisor"])
    auth.login(people["supervisor"].email)
    page = client.get("/dashboard").text
    assert ">Application received</option>" in page
    assert "Application received" in page.split("Cedar Plat", 1)[1]
