"""/calendar says each "why" once and writes every due time as the Village's local time with its
zone, the abbreviation of the due day, not today's."""

from __future__ import annotations

import html as markup
import re
from datetime import date, datetime

from inspector.models import Inspection, RainGauge, SiteGauge
from inspector.rules import clocks
from inspector.rules.rulebook import default
from inspector.services import permits, schedule
from inspector.web.calendar import explain, why_text
from tests.services.test_schedule import add_rain, link_gauge

RB = default()
RAIN = RB["clocks.post_rain_inspection"]


def local(*args) -> datetime:
    """A wall-clock time in Fairwater -> the naive UTC the database keeps."""
    return clocks.from_local(datetime(*args), RB)


def issued_site(make, people, name, company="permittee"):
    site = make.site(people["supervisor"], name=name)
    make.permit(
        site,
        people[company].company_id,
        people["supervisor"],
        issued=True,
        received_on=date(2026, 9, 1),
    )
    return site


def inspect(db, site, started, by_village=False):
    db.add(
        Inspection(
            id=f"cal-{site.id}-{started:%Y%m%d%H%M}",
            site_id=site.id,
            kind="weekly",
            by_village=by_village,
            inspector_name="Pat",
            inspected_on=clocks.local_date(started, RB),
            started_at=started,
            catalog_version="t",
        )
    )
    db.commit()


def rain_at(db, site, end, total=0.8):
    """A gauge linked to the site and a six-hour rain on it ending at `end`."""
    add_rain(db, link_gauge(db, site, name=f"{site.name} gauge"), end, total, hours=6)


def rain_again(db, site, end, total=0.7):
    """Another six-hour rain at the site's gauge."""
    gauge = db.get(RainGauge, db.get(SiteGauge, site.id).gauge_id)
    add_rain(db, gauge, end, total, hours=6)


def page_as(client, auth, user, url="/calendar/") -> str:
    auth.login(user.email)
    html = client.get(url).get_data(as_text=True)
    auth.logout()
    return html


def group(html, key):
    return html.split(f'id="cal-{key}"')[1].split("</section>")[0]


def item(html, key, name):
    """The text of the entry for site `name` in group `key`."""
    return text(next(li for li in group(html, key).split("<li")[1:] if name in li))


def text(fragment):
    return re.sub(r"\s+", " ", markup.unescape(re.sub(r"<[^>]+>", " ", fragment)))


def test_the_post_rain_and_weekly_why_is_said_once_and_each_item_links_to_it(
    app, client, auth, people, make, db
):
    app.config["CLOCK_NOW"] = local(2026, 12, 2, 9, 0)
    names = ["Alder Lot", "Birch Lot", "Cedar Lot"]
    for name in names:
        site = issued_site(make, people, name)
        inspect(db, site, local(2026, 12, 1, 8, 0))
        rain_at(db, site, local(2026, 12, 1, 18, 0))  # due today 18:00
    # Two rains before an inspection at one more site: each has its own deadline.
    twice = issued_site(make, people, "Dogwood Lot")
    inspect(db, twice, local(2026, 11, 30, 10, 0), by_village=True)
    rain_at(db, twice, local(2026, 12, 1, 3, 0))
    rain_again(db, twice, local(2026, 12, 1, 17, 0))

    for who in ("supervisor", "inspector", "permittee"):
        html = page_as(client, auth, people[who])
        plain = text(html)
        # The clause's protective reading and its source: once on the page, not once per item.
        assert plain.count("without a deadline") == 1, who
        assert plain.count(RAIN["deadline_source"]) == 1, who
        assert plain.count("a follow-up of one finding does not") == 1, who
        assert plain.count(RAIN["each_rain_note"]) == 1, who
        why = html.split('id="why"')[1].split("</section>")[0]
        assert 'id="why-post-rain"' in why and 'id="why-weekly"' in why
        due = group(html, "today")
        for name in [*names, "Dogwood Lot"]:
            entry = next(li for li in due.split("<li")[1:] if name in li)
            assert "Post-rain inspection" in entry
            assert 'href="#why-post-rain"' in entry
            assert f"Why the post-rain inspection at {name} is due" in entry
            late = "5:00 PM" if name == "Dogwood Lot" else "6:00 PM"  # Dogwood: its second rain
            assert f"due Wed Dec 2, {late} CST" in text(entry)
        # Dogwood's first rain keeps its own deadline, 24 hours after it ended: passed.
        assert "due Wed Dec 2, 3:00 AM CST" in item(html, "overdue", "Dogwood Lot"), who
        week = group(html, "week")
        for name in names:
            entry = next(li for li in week.split("<li")[1:] if name in li)
            assert 'href="#why-weekly"' in entry
            assert "Last inspected Dec 1 by the permittee" in text(entry)
        # The weekly rule's words are kept, each once.
        assert plain.count("only the permittee's weekly and post-rain inspections count") == 1


def test_due_times_are_the_villages_with_the_zone_of_their_own_day(
    app, client, auth, people, make, db
):
    # Today is Friday 2026-10-30 (CDT); DST ends on Sunday 2026-11-01 at 02:00.
    app.config["CLOCK_NOW"] = local(2026, 10, 30, 12, 0)
    evening = issued_site(make, people, "Evening Lot")
    inspect(db, evening, local(2026, 10, 23, 19, 30))  # due 19:30 CDT, 00:30 UTC the 31st
    midnight = issued_site(make, people, "Midnight Lot")
    inspect(db, midnight, local(2026, 10, 24, 23, 59))  # due 23:59 CDT Sat, 04:59 UTC Sunday
    autumn = issued_site(make, people, "Autumn Lot")
    inspect(db, autumn, local(2026, 10, 25, 9, 0))  # due 09:00 CST on the 25-hour day
    rainy = issued_site(make, people, "Rainy Lot")
    inspect(db, rainy, local(2026, 10, 29, 8, 0))
    # 24 hours after 23:30 CDT Saturday: 22:30 CST on the 25-hour Sunday, 04:30 UTC Monday
    rain_at(db, rainy, local(2026, 10, 31, 23, 30))

    for who in ("supervisor", "inspector", "permittee"):
        html = page_as(client, auth, people[who])
        assert "Friday October 30, 2026" in text(html)

        assert "due Fri Oct 30, 7:30 PM CDT" in item(html, "today", "Evening Lot"), who
        assert "due Sat Oct 31, 11:59 PM CDT" in item(html, "week", "Midnight Lot"), who
        assert "due Sun Nov 1, 9:00 AM CST" in item(html, "week", "Autumn Lot"), who
        assert "due Sun Nov 1, 10:30 PM CST" in item(html, "week", "Rainy Lot"), who
        # The machine-readable moment stays exact (UTC), shown to nobody.
        assert 'datetime="2026-10-31T00:30:00Z"' in html
        # Nothing a person reads is UTC or a raw key.
        visible = text(html.split('id="main"')[1])
        assert "UTC" not in visible and "Z<" not in visible and "post_rain" not in visible
        assert not re.search(r"\b\d{4}-\d{2}-\d{2}T\d{2}", visible)


def test_a_suspended_sites_items_link_to_the_one_suspension_note(
    app, client, auth, people, make, db
):
    app.config["CLOCK_NOW"] = local(2026, 12, 2, 12, 0)
    for name in ("Stopped East", "Stopped West"):
        site = issued_site(make, people, name)
        inspect(db, site, local(2026, 11, 30, 10, 0))
        rain_at(db, site, local(2026, 12, 2, 7, 0))
        permit = permits.current_permits(db, [site.id])[site.id]
        permit.status = "suspended"
        db.add(permit)
    db.commit()
    auth.login(people["supervisor"].email)
    html = client.get("/calendar/").get_data(as_text=True)
    assert text(html).count(schedule.SUSPENDED_NOTE) == 1
    items = [li for li in html.split("<li")[1:] if "Stopped" in li]
    assert len(items) == 4  # a weekly and a post-rain inspection at each site
    assert all('href="#why-suspended"' in li for li in items)
    assert 'id="why-suspended"' in html


def test_the_calendar_takes_an_items_facts_from_its_parts_whatever_their_words():
    """The facts come from the schedule's parts, not from reading its sentences back: a general
    sentence reworded still leaves the item (said once, in its "why" entry), and the item's own
    words stay on it as their short fact."""
    why = [
        schedule.Why("suspended", "Reworded suspension.", fact=schedule.SUSPENDED_FACT),
        schedule.Why("post_rain", "Reworded rain rule."),
        schedule.Why(
            "several_rains",
            "Reworded several.",
            own="3 rains fell before an inspection; ",
            fact="3 rains before one inspection",
        ),
    ]
    item = {"kind": "post_rain", "note": schedule.note_of(why), "why": why}
    assert item["note"] == (
        "Reworded suspension. Reworded rain rule. 3 rains fell before an inspection; Reworded several."
    )
    assert explain(item) == (
        "post_rain",
        [
            ("Permit suspended: still due", "suspended"),
            ("3 rains before one inspection", "several_rains"),
        ],
    )


def test_every_general_sentence_of_a_note_is_in_its_why_entry():
    """What the calendar takes off an item is said in the entry it links to, word for word."""
    for key, sentence in schedule.general_sentences(RB):
        said = why_text(key, RB)
        assert sentence[1:] in said, (key, sentence)
