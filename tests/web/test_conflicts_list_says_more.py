"""The conflicts page lists the newest 200; with more waiting it said nothing, so the supervisor took
the list for all of them. It now says how many there are in all and how the rest come into view."""

from __future__ import annotations

from datetime import timedelta

from inspector.models import SyncConflict
from inspector.models.base import utcnow
from inspector.web import conflicts


def test_the_page_says_how_many_conflicts_it_does_not_show(
    client, auth, db, make, people, monkeypatch
):
    monkeypatch.setattr(conflicts, "SHOWN", 3)
    site = make.site(people["supervisor"], name="Quarry Road")
    now = utcnow()
    for n in range(5):
        db.add(
            SyncConflict(
                mutation_id=f"m-{n}",
                entity="site",
                entity_id=str(site.id),
                site_id=site.id,
                user_id=people["inspector"].id,
                base_version=1,
                server_version=2,
                theirs={"name": f"Quarry Road {n}"},
                server_copy={"name": "Quarry Road"},
                fields=["name"],
                created_at=now - timedelta(minutes=n),
            )
        )
    db.commit()
    auth.login(people["supervisor"].email)
    page = " ".join(client.get("/conflicts/").get_data(as_text=True).split())
    assert page.count('class="card conflict"') == 3
    assert "Showing the 3 newest of 5 unresolved conflicts" in page
    assert "Quarry Road 0" in page and "Quarry Road 4" not in page  # newest first
    auth.logout()
    auth.login(people["inspector"].email)  # the sender sees its own, and the same count
    page = " ".join(client.get("/conflicts/").get_data(as_text=True).split())
    assert "Showing the 3 newest of 5 unresolved conflicts" in page
