"""The marks an inspector drew on a photo, on the report page (an SVG over the picture, scaled with
it) and in the PDF (drawn on the embedded copy; the stored photo is unchanged)."""

from __future__ import annotations

from inspector.documents.photo_render import render_for_print
from inspector.models import Photo, StoredFile
from tests.sync.helpers import jpeg, sha, uid
from tests.web.test_public_records import login, push_inspection

MARKS = [
    {"kind": "arrow", "from": [0.1, 0.2], "to": [0.45, 0.5]},
    {"kind": "circle", "center": [0.7, 0.4], "r": 0.15},
    {"kind": "label", "at": [0.05, 0.9], "text": "Torn silt fence"},
]


def test_the_report_page_and_pdf_show_the_marks(client, db, auth, make, people):
    site = make.site(people["supervisor"], name="Harbor Plat")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    data, plain_data = jpeg(640, 480), jpeg(640, 480, color=(30, 60, 90))
    marked, plain = uid(), uid()
    inspection_id = push_inspection(
        client,
        db,
        people["inspector"],
        site,
        photos=[(marked, sha(data), MARKS), (plain, sha(plain_data), None)],
        upload=[(marked, data), (plain, plain_data)],
    )
    login(auth, people["inspector"])
    page = client.get(f"/inspections/{inspection_id}").text
    assert page.count('class="marks-overlay"') >= 1
    assert 'viewBox="0 0 640 480"' in page
    assert "mark-arrow" in page and "mark-circle" in page and "Torn silt fence" in page
    assert "(with 3 marks drawn on it)" in page
    # The photo without marks has no overlay: one overlay per place the marked photo is shown.
    assert page.count('data-marks="3"') == page.count('class="marks-overlay"')

    response = client.get(f"/inspections/{inspection_id}.pdf")
    assert response.status_code == 200
    photo = db.get(Photo, marked)
    stored = db.get(StoredFile, photo.file_id).data
    assert render_for_print(stored, marks=MARKS) in response.data
    assert render_for_print(stored) not in response.data
    assert photo.sha256 == sha(data)  # the photo as taken
