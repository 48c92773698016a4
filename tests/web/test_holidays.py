"""The Village holidays the § 256-8C work-day clock skips: a page every role can read, with its
source, linked from the clock; the app refuses to start when the list stops short of 12 months."""

from datetime import date, datetime

import pytest

from inspector import create_app
from inspector.rules.rulebook import DEFAULT_PATH, RulebookError


def _app_with_holidays_through(tmp_path, through: str, now: datetime):
    text = DEFAULT_PATH.read_text(encoding="utf-8")
    assert 'holidays_through = "2027-12-31"' in text
    path = tmp_path / "rulebook.toml"
    path.write_text(
        text.replace('holidays_through = "2027-12-31"', f'holidays_through = "{through}"'),
        encoding="utf-8",
    )
    return create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "RULEBOOK_PATH": str(path),
            "CLOCK_NOW": now,
            "DATABASE_URL": f"sqlite:///{tmp_path}/x.db",
        }
    )


def test_the_app_refuses_to_start_naming_the_key_when_the_list_ends_within_12_months(tmp_path):
    # 18:30 CST on 2026-12-02 is 00:30 UTC on the 3rd: the Village's day, 12-02, is what counts.
    now = datetime(2026, 12, 3, 0, 30)
    with pytest.raises(RulebookError, match=r"calendar\.holidays_through.*2027-12-02"):
        _app_with_holidays_through(tmp_path, "2027-12-01", now)
    app = _app_with_holidays_through(tmp_path, "2027-12-02", now)
    app.extensions["engine"].dispose()


def test_holiday_page_lists_the_days_and_their_source_and_the_clock_links_to_it(
    client, auth, people, make
):
    site = make.site(
        people["supervisor"],
        project_kind="street_work",
        length_ft=300.0,
        area_acres=None,
        disturbed_acres=None,
    )
    permit = make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=date(2026, 11, 2),
    )
    auth.login(people["permittee"].email)
    page = client.get(f"/permits/{permit.id}").text
    assert 'href="/calendar/holidays"' in page
    holidays = client.get("/calendar/holidays")
    assert holidays.status_code == 200
    text = holidays.text
    assert "2026-12-24" in text and "Thursday" in text and "2027-12-31" in text
    assert "Village Clerk" in text and "§ 256-8C" in text and "10 work days" in text
