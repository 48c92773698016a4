"""Fixtures shared by the office-page tests."""

import pytest

from app import create_app
from inspector import demo
from inspector.db import get_session
from inspector.services import devices as device_auth
from tests.sync.helpers import inspection_payload, jpeg, mutation, seal, sha, uid


@pytest.fixture
def synced(client, db, make, people):
    """A permitted site with one inspection pushed by the inspector's device: PERIMETER failed, 2 photos
    declared, 1 uploaded."""
    site = make.site(people["supervisor"], name="Harbor Plat", latitude=43.1, longitude=-88.9)
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    _device, token = device_auth.enroll(db, people["inspector"], "tablet")
    db.commit()
    headers = {"Authorization": f"Bearer {token}"}
    first, second = jpeg(), jpeg(color=(10, 20, 200))
    photos = [(uid(), sha(first)), (uid(), sha(second))]
    payload = inspection_payload(site, fail=("PERIMETER",), photos=photos)
    payload["photos"][0]["item_code"] = "PERIMETER"
    payload = seal(payload)
    inspection_id = uid()
    result = client.post(
        "/api/v1/sync/push",
        headers=headers,
        json={"device_id": uid(), "mutations": [mutation("inspection", inspection_id, payload)]},
    ).get_json()["results"][0]
    assert result["status"] == "applied", result
    put = client.put(
        f"/api/v1/photos/{photos[0][0]}",
        data=first,
        headers={**headers, "Content-Type": "image/jpeg", "X-Content-SHA256": photos[0][1]},
    )
    assert put.status_code == 201, put.get_json()
    return site, inspection_id, payload, photos


@pytest.fixture
def demo_app_with_csrf(database_url):
    """The app over the demo data with its CSRF check on, as served (the `app` fixture turns it off):
    for what a person's forms and sign-in meet."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": database_url})
    with app.app_context():
        session = get_session()
        demo.seed(session, app.extensions["rulebook"])
        session.commit()
    yield app
    app.extensions["engine"].dispose()
