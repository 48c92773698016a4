"""Upgrading a database from before sealing: `db upgrade` makes the seal tables and seals every
record already stored, marked "sealed on upgrade" with the date; verify then passes, and the public
page and the printed report say the record was sealed on upgrade, not on receipt."""

from __future__ import annotations

import sqlite3

from tests.db.test_migrations import SUPERVISOR, flask, login, make_app, previous_release_db, rows


def test_db_upgrade_seals_the_records_stored_before_sealing_began(tmp_path):
    path = previous_release_db(tmp_path)
    app = make_app(path)
    result = flask(app, "db", "upgrade")
    assert result.exit_code == 0, result.output
    assert "Sealed on upgrade:" in result.output
    inspections = {r[0] for r in rows(path, "SELECT id FROM inspection")}
    sealed = rows(path, "SELECT kind, record_id, origin FROM seal ORDER BY seq")
    assert inspections and {r for k, r, _ in sealed if k == "inspection"} == inspections
    assert {origin for _, _, origin in sealed} == {"upgrade"}
    assert {k for k, _, _ in sealed} >= {"inspection", "finding", "rain_reading"}
    again = flask(app, "db", "upgrade")
    assert "Sealed on upgrade: 0 record(s)" in again.output  # once only
    checked = flask(app, "verify")
    assert checked.exit_code == 0, checked.output

    inspection_id = sorted(inspections)[0]
    [(seal,)] = rows(
        path, "SELECT seal FROM seal WHERE kind = 'inspection' AND record_id = ?", inspection_id
    )
    client = app.test_client()
    page = client.get(f"/verify/{seal}").text
    assert (
        "Unchanged" in page
        and "Sealed on upgrade" in page
        and "before the Village began sealing" in page
    )
    login(client, SUPERVISOR)
    assert "Sealed on upgrade on" in client.get(f"/inspections/{inspection_id}").text

    con = sqlite3.connect(path)  # an answer changed afterwards is still found
    with con:
        con.execute("UPDATE answer SET note = 'changed' WHERE inspection_id = ?", (inspection_id,))
    con.close()
    failed = flask(app, "verify")
    assert failed.exit_code == 1 and f"FAILED inspection {inspection_id}" in failed.output
