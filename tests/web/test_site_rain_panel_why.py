"""The site page says the post-rain rule's reading once (the rain panel's own paragraph), and its
rain panel writes due times as the Village's with the zone of their day."""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

from tests.web.test_calendar_why_and_zone import (
    RAIN,
    inspect,
    issued_site,
    local,
    page_as,
    rain_again,
    rain_at,
    text,
)


def test_the_post_rain_reading_is_said_once_and_due_times_carry_their_zone(
    app, client, auth, people, make, db
):
    app.config["CLOCK_NOW"] = local(2026, 12, 2, 9, 0)
    site = issued_site(make, people, "Elm Lot")
    inspect(db, site, local(2026, 11, 30, 10, 0))
    rain_at(db, site, local(2026, 12, 1, 3, 0))
    # A second rain before any inspection: a second item, each due 24 hours after its own rain.
    rain_again(db, site, local(2026, 12, 1, 17, 0))
    for who in ("supervisor", "inspector", "permittee"):
        html = page_as(client, auth, people[who], f"/sites/{site.id}")
        plain = text(html)
        assert plain.count(RAIN["silent_note"]) == 1, who
        assert plain.count(RAIN["deadline_source"]) == 1, who
        panel = html.split('id="rain"')[1].split("</section>")[0]
        assert plain.count(RAIN["each_rain_note"]) == 1, who
        assert text(panel).count("Post-rain inspection:") == 2, who
        times = re.findall(r'<time datetime="([^"]+)">([^<]+)</time>', panel)
        assert times, who
        for moment, shown in times:
            there = datetime.fromisoformat(moment).astimezone(ZoneInfo("America/Chicago"))
            assert shown == there.strftime("%a %b %-d, %-I:%M %p %Z"), (who, moment, shown)
        assert "Wed Dec 2, 3:00 AM CST" in text(panel)  # 24 hours after the first rain ended
        assert "Wed Dec 2, 5:00 PM CST" in text(panel)  # 24 hours after the second rain ended
