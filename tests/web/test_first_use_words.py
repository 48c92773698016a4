"""What a person opening the office pages for the first time needs to read there: where to go next."""


def test_a_permittee_is_told_how_to_apply_for_a_new_site(app, client, auth, people):
    # A permittee cannot add a site; with no word about it, the Sites page was a dead end for a
    # contractor with a new project.
    auth.login(people["permittee"].email)
    page = client.get("/sites/").text
    assert "New project?" in page
    assert "erosion@fairwater.example" in page  # the Village's contact, from the rulebook
    assert "records your application" in page
