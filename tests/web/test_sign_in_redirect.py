"""After sign-in the app goes only to a path on this site; anything else lands on the role's
home."""

from ..conftest import PASSWORD

HOSTILE = [
    "//evil.example/x",
    "/%09/evil.example",  # a tab: browsers drop it, leaving //evil.example
    "/%0a/evil.example",  # a newline: was a 500 (header injection refused by Werkzeug)
    "/%0d%0aSet-Cookie:%20x=1",
    "/%00/evil.example",
    "/%7f/evil.example",
    "/%5c/evil.example",  # a backslash: browsers read /\ as //
    "/%5C%5Cevil.example",
    "https://evil.example/",
    "http:/evil.example",
    "javascript:alert(1)",
    "JavaScript%3Aalert(1)",
    "evil.example/x",
    "%20//evil.example",
    "/%20/evil.example",
    "///evil.example",
    "",
]


def test_sign_in_never_redirects_off_site(app, people):
    landed = {}
    for target in HOSTILE:
        response = app.test_client().post(
            f"/login?next={target}", data={"email": people["inspector"].email, "password": PASSWORD}
        )
        landed[target] = (response.status_code, response.headers.get("Location"))
    # The inspector's home, for every one of them (not "/" and then a second hop).
    assert landed == {target: (302, "/app/") for target in HOSTILE}


def test_a_supervisor_without_a_usable_next_lands_on_the_dashboard(client, people):
    response = client.post(
        "/login?next=//evil.example",
        data={"email": people["supervisor"].email, "password": PASSWORD},
    )
    assert response.headers["Location"] == "/dashboard"


def test_a_same_site_path_is_kept(app, people):
    for target in [
        "/sites/",
        "/findings/?status=overdue",
        "/app/inspect?site=3",
        "/orders/abc-123",
    ]:
        response = app.test_client().post(
            "/login",
            query_string={"next": target},
            data={"email": people["inspector"].email, "password": PASSWORD},
        )
        assert response.headers["Location"] == target


def test_the_redirect_to_sign_in_carries_the_page_and_comes_back(client, people):
    first = client.get("/findings/?status=overdue")
    assert first.status_code == 302
    login_url = first.headers["Location"]
    response = client.post(
        login_url, data={"email": people["inspector"].email, "password": PASSWORD}
    )
    assert response.headers["Location"] == "/findings/?status=overdue"
