from __future__ import annotations

import pytest

from inspector.services import devices as device_auth


@pytest.fixture
def site_with_permit(make, people):
    site = make.site(people["supervisor"], name="Meadow Ridge", has_stockpiles=True)
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    return site


@pytest.fixture
def device_headers(db):
    """headers_for(user) -> Authorization headers of a freshly enrolled device of that user."""

    def headers_for(user, name="Truck 3 tablet"):
        device, token = device_auth.enroll(db, user, name)
        db.commit()
        return {"Authorization": f"Bearer {token}"}

    return headers_for
