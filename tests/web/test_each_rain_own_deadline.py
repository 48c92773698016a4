"""§ 256-8D(3)(g) "after each rain": a second rain before an inspection adds its own post-rain item
and never moves the first one's deadline. The permittee sees both on the site page and /calendar,
and the tick proposes a stop-work order the minute the first rain's deadline passes (Village time)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import select

from inspector.models import StopWorkOrder
from inspector.services import permit_notices, permits
from tests.services.test_schedule import add_rain, link_gauge
from tests.web.test_calendar_why_and_zone import (
    RAIN,
    inspect,
    issued_site,
    item,
    local,
    page_as,
    text,
)


def post_rain_items(html: str) -> list[str]:
    panel = html.split('id="rain"')[1].split("</section>")[0]
    return [text(li) for li in panel.split("<li")[1:] if "Post-rain inspection:" in li]


def tick(app) -> str:
    result = app.test_cli_runner().invoke(args=["tick"])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize(
    "hour, minute, words, second_group",
    [(19, 30, "Wed Dec 2, 7:30 PM CST", "week"), (23, 59, "Wed Dec 2, 11:59 PM CST", "today")],
)
def test_a_second_rain_does_not_move_the_first_rains_deadline(
    app, client, auth, people, make, db, hour, minute, words, second_group
):
    site = issued_site(make, people, "Wet Week Lot")
    started = local(2026, 11, 30, 8, 0)
    permit = permits.current_permits(db, [site.id])[site.id]
    permit_notices.notify_commencement(
        db, permit, user=people["permittee"], commenced_at=started, now=started
    )
    db.commit()
    inspect(db, site, local(2026, 11, 30, 10, 0))  # the permittee's weekly inspection
    gauge = link_gauge(db, site, name="Wet Week gauge")
    # A day's reading to hh:mm on Dec 1, then an hour's rain to 10:00 on Dec 2: two rains (the
    # second's 24-hour window does not hold the first's day), the second inside the first's deadline.
    first = add_rain(db, gauge, local(2026, 12, 1, hour, minute), 0.8, hours=24)
    add_rain(db, gauge, local(2026, 12, 2, 10, 0), 0.6, hours=1)
    deadline = local(2026, 12, 2, hour, minute)
    second_words = "Thu Dec 3, 10:00 AM CST"

    app.config["CLOCK_NOW"] = deadline  # exactly 24 hours: still on time
    html = page_as(client, auth, people["permittee"], f"/sites/{site.id}")
    shown = post_rain_items(html)
    assert len(shown) == 2, shown
    assert words in shown[0] and "Due" in shown[0] and "Overdue" not in shown[0]
    assert second_words in shown[1] and "Overdue" not in shown[1]
    assert text(html).count(RAIN["each_rain_note"]) == 1
    assert "0 new proposed" in tick(app)

    app.config["CLOCK_NOW"] = deadline + timedelta(minutes=1)
    html = page_as(client, auth, people["permittee"], f"/sites/{site.id}")
    shown = post_rain_items(html)
    assert len(shown) == 2, shown
    assert words in shown[0] and "Overdue" in shown[0]
    assert second_words in shown[1] and "Overdue" not in shown[1]
    calendar = page_as(client, auth, people["permittee"])
    assert f"due {words}" in item(calendar, "overdue", "Wet Week Lot")
    assert f"due {second_words}" in item(calendar, second_group, "Wet Week Lot")

    assert "1 new proposed" in tick(app)
    [order] = db.exec(select(StopWorkOrder).where(StopWorkOrder.site_id == site.id)).all()
    [ground] = [g for g in order.grounds if g["rule"] == "post_rain_inspection_missed"]
    # The notice says the deadline the page showed, with its year (the same 7:30 PM / 11:59 PM).
    assert (
        f"due by {words.replace('Wed Dec 2,', 'Wednesday December 2, 2026 at')} and"
        in (ground["reason"])
    )
    assert ground["keys"][0].startswith(f"post_rain:{first.id}:")
