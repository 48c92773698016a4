"""Included and imported templates (inspector/web/templating.py): each compiled once and kept, and
each page's context knows the names of its template's globals as Jinja would list them."""

from jinja2 import DictLoader, pass_context

from inspector.web.templating import PageEnvironment


def environment(app, templates):
    return PageEnvironment(app, loader=DictLoader(templates), autoescape=True)


def test_templates_are_compiled_once_and_kept(app):
    many = {f"t{i}.html": f"{i}" for i in range(600)}
    env = environment(app, {"page.html": "[{% include 't0.html' %}]", **many})
    first = env.get_template("t0.html")
    for name in many:  # more templates than Jinja's default cache of 400 keeps
        env.get_template(name)
    assert env.get_template("t0.html") is first
    assert env.get_template("page.html").render() == "[0]"


def test_a_context_knows_its_templates_globals_in_includes_and_imports(app):
    @pass_context
    def names(context):
        return ",".join(sorted(context.globals_keys & {"site_word", "shared", "names"}))

    env = environment(
        app,
        {
            "page.html": "{{ names() }}|{% include 'part.html' %}|"
            "{% from 'macros.html' import word with context %}{{ word() }}",
            "part.html": "{{ names() }} {{ site_word }}",
            "macros.html": "{% macro word() %}{{ site_word }} {{ shared }}{% endmacro %}",
        },
    )
    env.globals.update(names=names, shared="everywhere")
    page = env.get_template("page.html", globals={"site_word": "own"})
    assert page.render() == "names,shared,site_word|names,shared own|own everywhere"
