"""Every page's due time (`duetime`) is written with its year when its day is not in the
Village's current year: a deadline of late December read in January, or last season's, read as
this year's. The Village's year, not UTC's: 9 PM on December 31 is still this year's there."""

from datetime import datetime

from flask import render_template_string


def shown(app, moment, now):
    app.config["CLOCK_NOW"] = now
    with app.test_request_context("/"):
        return render_template_string("{{ m|duetime }}", m=moment)


def test_a_due_time_in_another_year_names_it(app):
    dec_31 = datetime(2026, 12, 31, 23, 0)  # Thu Dec 31, 5:00 PM CST
    assert shown(app, dec_31, datetime(2026, 12, 15, 18, 0)) == "Thu Dec 31, 5:00 PM CST"
    assert shown(app, dec_31, datetime(2027, 1, 5, 18, 0)) == "Thu Dec 31, 2026, 5:00 PM CST"
    # Jan 1, 2027 at 3:00 UTC is still Dec 31 in the Village: the same year, no year written.
    assert shown(app, dec_31, datetime(2027, 1, 1, 3, 0)) == "Thu Dec 31, 5:00 PM CST"
    midnight = datetime(2027, 1, 1, 6, 0)  # the end of Thu Dec 31, 2026
    assert (
        shown(app, midnight, datetime(2027, 1, 5, 18, 0))
        == "Thu Dec 31, 2026, end of the day (midnight CST)"
    )
    assert shown(app, datetime(2027, 1, 4, 15, 0), datetime(2026, 12, 28, 18, 0)) == (
        "Mon Jan 4, 2027, 9:00 AM CST"
    )
