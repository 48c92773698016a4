"""Page links are built for the request's own mount point: templates' url_for answers repeated calls
from a table of built addresses (inspector/web/templating.py), keyed by the mount point too."""


def test_links_follow_the_mount_point_of_each_request(client, auth, make, people):
    site = make.site(people["supervisor"], name="Harbor Plat")
    auth.login(people["supervisor"].email)
    for _ in range(2):  # the second round answers from the table
        plain = client.get(f"/sites/{site.id}").text
        mounted = client.get(f"/sites/{site.id}", base_url="http://localhost/fairwater/").text
        assert f'href="/sites/{site.id}/edit"' in plain
        assert 'href="/static/css/app.css"' in plain
        assert f'href="/fairwater/sites/{site.id}/edit"' in mounted
        assert 'href="/fairwater/static/css/app.css"' in mounted
        assert 'href="/sites/' not in mounted and 'href="/static/' not in mounted
