"""A number typed as words or with a decimal comma was refused with WTForms' "Not a valid float
value." or "Not a valid integer value.": the office forms say what to type instead."""

from sqlmodel import select

from inspector.models import RainGauge, RainReading


def test_an_extension_in_words_and_a_reading_with_a_comma_say_what_to_type(
    client, auth, db, make, people
):
    site = make.site(people["supervisor"], name="Comma Creek")
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    auth.login(people["supervisor"].email)
    days = client.post(f"/permits/{permit.id}/extend", data={"days": "thirty"})
    assert days.status_code == 400
    page = days.get_data(as_text=True)
    assert "Enter a whole number in figures, such as 30." in page and "Not a valid" not in page

    gauge = RainGauge(
        name="Comma gauge", kind="onsite", station_code="comma-1", latitude=43.1, longitude=-88.9
    )
    db.add(gauge)
    db.commit()
    form = {"gauge_id": gauge.id, "amount_in": "0,6", "observed_at": "2026-11-30T07:00"}
    reading = client.post("/rain/readings", data=form)
    assert reading.status_code == 400
    page = reading.get_data(as_text=True)
    assert "Enter a number in figures, with a point for decimals (43.07, not 43,07)." in page
    assert "Not a valid" not in page
    assert db.exec(select(RainReading)).all() == []
