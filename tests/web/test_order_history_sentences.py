"""An order's history writes its grounds as whole sentences one after another: "… has not been made.
1 corrective action(s) past …", not "… has not been made.; 1 corrective action(s) …" (a sentence's
period, then the "; " of a list)."""

from __future__ import annotations

import html
import re
from datetime import datetime, timedelta

from inspector.services import permit_notices, stop_work_proposals
from tests.support.enforcement import record_inspection

T0 = datetime(2027, 3, 10, 18, 0)  # Wednesday 12:00 in Fairwater


def test_the_proposal_note_joins_its_grounds_as_sentences(app, client, auth, db, make, people):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"])
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    permit_notices.notify_commencement(
        db,
        permit,
        user=people["permittee"],
        commenced_at=T0 - timedelta(days=3),
        now=T0 - timedelta(days=3),
    )
    db.commit()
    record_inspection(db, site, rb, at=T0, failed=("PERIMETER",), evaluate=False)
    [order] = stop_work_proposals.evaluate_site(db, site, T0 + timedelta(days=7, minutes=1), rb)
    db.commit()
    reasons = [g["reason"] for g in order.grounds]
    assert len(reasons) >= 2 and all(r.endswith(".") for r in reasons)

    auth.login(people["supervisor"].email)
    page = html.unescape(client.get(f"/orders/{order.id}").get_data(as_text=True))
    history = page[page.index('class="history"') :]
    assert " ".join(reasons) in history
    assert not re.search(r"\.; ", history)
