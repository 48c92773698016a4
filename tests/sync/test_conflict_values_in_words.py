"""The conflicts page writes each version's values as the site page does: it printed the stored
values, 'underground_pipe' for a project kind and 'True' / 'False' for a yes-or-no detail."""

from __future__ import annotations

from .helpers import mutation


def test_conflicting_values_read_as_words(
    client, auth, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["inspector"])
    site_id = str(site_with_permit.id)
    base = site_with_permit.version
    for kind, dewatering in (("street_work", True), ("underground_pipe", False)):
        client.post(
            "/api/v1/sync/push",
            headers=headers,
            json={
                "mutations": [
                    mutation(
                        "site",
                        site_id,
                        {"project_kind": kind, "length_ft": 300, "has_dewatering": dewatering},
                        base_version=base,
                    )
                ]
            },
        )
    auth.login(people["supervisor"].email)
    page = client.get("/conflicts/").get_data(as_text=True)
    table = page[page.index("<table") : page.index("</table>")]
    assert "Street, highway, road or bridge work" in table
    assert "Underground pipe or facility" in table
    for raw in ("underground_pipe", "street_work", ">True<", ">False<"):
        assert raw not in table, raw
    assert ">yes<" in table and ">no<" in table
