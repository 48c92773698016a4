"""What a page writes for each `{{ value }}`: markupsafe's escaping, whatever the value, wherever it
is written (inspector/web/templating.py output_escape)."""

from markupsafe import Markup, escape


class Shown:
    def __html__(self):
        return "<b>made safe by its own __html__</b>"


class Plain:
    def __str__(self):
        return "a <plain> object & its text"


class Quoted(Markup):
    pass


VALUES = [
    "<script>alert('x') & \"y\"</script>",
    "",
    "plain words",
    Markup("<em>already safe</em>"),
    Quoted("<i>a Markup subclass</i>"),
    Shown(),
    Plain(),
    3,
    2.5,
    None,
    False,
]


def render(app, source, **values):
    with app.test_request_context("/"):
        return app.jinja_env.from_string(source).render(**values)


def test_every_value_is_written_as_markupsafe_escapes_it(app):
    for value in VALUES:
        assert render(app, "[{{ v }}]", v=value) == f"[{escape(value)}]"


def test_values_in_loops_macros_blocks_and_joins_are_escaped_the_same(app):
    source = (
        "{% macro m(x) %}<{{ x }}>{% endmacro %}"
        "{% set block %}{{ v }}{% endset %}"
        "{% for x in [v, v] %}({{ x }}){% endfor %}|{{ m(v) }}|{{ block }}|{{ v ~ v }}|{{ v|upper }}"
    )
    for value in ("<a href='x'>&</a>", Markup("<em>safe</em>")):
        e = escape(value)
        assert (
            render(app, source, v=value) == f"({e})({e})|<{e}>|{e}|{e}{e}|{escape(value.upper())}"
        )


def test_autoescape_off_writes_the_text_as_it_is(app):
    raw = "<script>x</script>"
    assert render(app, "{% autoescape false %}{{ v }}{% endautoescape %}{{ v }}", v=raw) == (
        raw + str(escape(raw))
    )


def test_a_site_name_with_markup_is_escaped_on_its_page(client, auth, people, make):
    site = make.site(people["supervisor"], name="<img src=x onerror=alert(1)> & Sons")
    auth.login(people["supervisor"].email)
    page = client.get(f"/sites/{site.id}").get_data(as_text=True)
    assert "<img src=x onerror" not in page
    assert "<h1>&lt;img src=x onerror=alert(1)&gt; &amp; Sons</h1>" in page


def test_status_and_cite_escape_their_words_as_before():
    from inspector.web.templating import cite, status

    assert status("<b>Late & 'due'</b>", "bad") == (
        '\n  <span class="status status-bad">✖ &lt;b&gt;Late &amp; &#39;due&#39;&lt;/b&gt;</span>'
    )
    assert status(Markup("<em>safe</em>"), '"odd"') == (
        '\n  <span class="status status-&#34;odd&#34;">● <em>safe</em></span>'
    )
    assert status(3, "good") == '\n  <span class="status status-good">✔ 3</span>'
    assert isinstance(status("x", "info"), Markup)
    assert cite("§ 256-8 <A>") == '<span class="cite">§ 256-8 &lt;A&gt;</span>'
    assert cite(Shown()) == f'<span class="cite">{Shown().__html__()}</span>'
    assert cite(None) == '<span class="cite">None</span>' and isinstance(cite(None), Markup)
