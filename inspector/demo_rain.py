"""Demo rain (the demo needs "a recent rain"): a CoCoRaHS station and an on-site gauge near the demo sites,
six weeks of daily readings, a 0.8-inch rain that ended two days ago and a 0.49-inch one that does not qualify.
The on-site gauge is Badger Utility's: its permittee read it, and its readings say so (/rain/ names who reads
each gauge from them). It stands only for Badger Utility's sites, so its permittee may go on recording there
(services.rain_gauge_readers.gauges_for): Village staff linked the other sites near it to the CoCoRaHS station, whose rain
the Village imports and no permittee records."""

from __future__ import annotations

import random
from datetime import datetime, time, timedelta

from sqlmodel import Session, select

from .models import Site, User
from .rules import clocks
from .rules.rulebook import Rulebook
from .services import rain, rain_gauges

GAUGES = [
    # name, kind, station code, latitude, longitude
    ("Fairwater 0.4 NE (CoCoRaHS)", "cocorahs", "WI-FD-7", 43.8395, -88.8610),
    ("Badger Utility on-site gauge", "onsite", "onsite-badger-1", 43.8336, -88.8641),
]
# Sites nearer the on-site gauge than the station that are not Badger Utility's (a Prairie Builders site and
# the one with no permit): staff chose the station for them, as a reading would otherwise start their clocks.
STATION_SITES = ("Fairwater Cooperative Grain Annex", "Church Street Parking Lot")
DRIZZLE = [0.0, 0.0, 0.0, 0.0, 0.0, 0.02, 0.04, 0.08, 0.12, 0.21, 0.3]


def seed_rain(
    session: Session,
    rb: Rulebook,
    now: datetime,
    onsite_reader: User | None = None,
    staff: User | None = None,
) -> None:
    today = clocks.to_local(now, rb).date()
    gauges = []
    special = {
        2: 0.8,
        12: 0.49,
        23: 0.62,
    }  # days ago -> inches, for the reading ending that morning
    for name, kind, code, lat, lon in GAUGES:
        gauge = rain_gauges.create_gauge(
            session,
            name=name,
            kind=kind,
            station_code=code,
            latitude=lat,
            longitude=lon,
            user_id=None,
            rb=rb,
            link_sites=False,
        )
        gauges.append(gauge)
        pick = random.Random(f"{code}-256")  # the same demo every time
        days = 42 if kind == "cocorahs" else 14
        for ago in range(days, 0, -1):
            end = clocks.from_local(
                datetime.combine(today - timedelta(days=ago - 1), time(7, 0)), rb
            )
            if end > now:
                continue
            amount = special.get(ago - 1, pick.choice(DRIZZLE))
            if kind == "onsite" and amount >= 0.5:
                amount = round(amount + 0.03, 2)  # the site's own gauge caught a little more
            rain.store_reading(
                session,
                gauge,
                {
                    "period_start": clocks.day_before(end, rb),
                    "period_end": end,
                    "amount_in": amount,
                    "trace": amount == 0.0 and pick.random() < 0.2,
                    "source": kind,
                    "source_key": f"demo:{code}:{(today - timedelta(days=ago - 1)).isoformat()}",
                    "device_uuid": None,
                },
                user_id=onsite_reader.id if kind == "onsite" and onsite_reader else None,
            )
    if staff is not None:
        station = next(gauge for gauge in gauges if gauge.kind == "cocorahs")
        for site in session.exec(select(Site).where(Site.name.in_(STATION_SITES))).all():
            rain_gauges.choose_gauge(session, site, station.id, user=staff)
    rain_gauges.link_nearest(session, rb)  # each other site to its nearest of the two
    for gauge in gauges:
        rain.evaluate_gauge(session, gauge.id, rb)
