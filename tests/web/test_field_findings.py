"""/app/findings, the field app's offline findings page: a shell page the service worker precaches, so it
is the same bytes for everybody, carries no user data, no CSRF token and no inline script."""

import json
import re

from inspector.web.pwa import PRECACHE_PAGES

URL = "/app/findings"


def test_page_is_identical_for_every_user_and_not_private(client, auth, people):
    anonymous = client.get(URL)
    assert anonymous.status_code == 200
    assert anonymous.headers["Cache-Control"] == "no-cache"
    for person in ("permittee", "inspector", "supervisor"):
        auth.login(people[person].email)
        signed_in = client.get(URL)
        assert signed_in.status_code == 200, person
        assert signed_in.data == anonymous.data, person
        assert people[person].name.encode() not in signed_in.data
        auth.logout()
    assert b"csrf" not in anonymous.data.lower()


def test_no_inline_script_only_the_module_and_a_data_block(client):
    page = client.get(URL).get_data(as_text=True)
    scripts = re.findall(r"(<script[^>]*>)(.*?)</script>", page, re.S)
    for tag, body in scripts:
        assert ("src=" in tag and not body.strip()) or 'type="application/json"' in tag, tag
    assert '<script type="module" src="/static/js/findings-field.js">' in page
    assert not re.search(r"\son[a-z]+=|\sstyle=", page), (
        "CSP: no inline handlers or style attributes"
    )
    config = re.search(r'<script type="application/json" id="ff-config">(.*?)</script>', page, re.S)
    assert json.loads(config.group(1)) == {"timezone": "America/Chicago"}


def test_page_is_precached_and_in_the_field_app_navigation(client):
    assert PRECACHE_PAGES[URL][-1] == "templates/app/findings.html"
    for template in PRECACHE_PAGES[URL]:
        with open(template, encoding="utf-8"):
            pass
    for shell_page in ("/app/", "/app/outbox", URL):
        assert '<a href="/app/findings" data-nav="findings">Findings</a>' in client.get(
            shell_page
        ).get_data(as_text=True)


def test_correction_form_takes_a_camera_photo_and_requires_a_note(client):
    page = client.get(URL).get_data(as_text=True)
    form = page[page.index('<template id="ff-correction">') : page.index("</template>")]
    assert 'type="file" accept="image/*" capture="environment"' in form
    assert '<textarea data-id="note" name="corrected_note" rows="3" required>' in form
