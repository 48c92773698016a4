"""A call in a page's template (`url_for(...)`, `status(...)`, a macro) gets the arguments Jinja
gives it, in a loop or a block as well, and a function marked pass_context its context first
(inspector/web/templating.py PageContext)."""

from jinja2 import pass_context, pass_environment, pass_eval_context


def render(app, source, **values):
    with app.test_request_context("/"):
        return app.jinja_env.from_string(source).render(**values)


def test_plain_functions_get_their_arguments_anywhere_in_a_page(app):
    def words(*args, **kwargs):
        return f"{args}{sorted(kwargs.items())}"

    source = (
        "{{ f(1, b=2) }}|{% for i in [1] %}{% set j = i %}{{ f(i, j=j) }}{% endfor %}"
        "|{% macro m(x) %}{{ f(x) }}{% endmacro %}{{ m(3) }}|{% block b %}{{ f(4) }}{% endblock %}"
    )
    assert render(app, source, f=words) == (
        "(1,)[(&#39;b&#39;, 2)]|(1,)[(&#39;j&#39;, 1)]|(3,)[]|(4,)[]"
    )


def test_marked_callables_get_the_context_or_environment_first(app):
    @pass_context
    def who(context, word):
        return f"{context['name']} {word}"

    @pass_environment
    def env(environment, word):
        return f"{environment is app.jinja_env} {word}"

    @pass_eval_context
    def escaping(eval_ctx, word):
        return f"{eval_ctx.autoescape} {word}"

    class Callable:
        @pass_context
        def __call__(self, context):
            return context["name"]

    source = (
        "{{ who('a') }}|{% for i in [1] %}{% set name = 'in loop' %}{{ who(i) }}{% endfor %}"
        "|{{ env('b') }}|{{ escaping('c') }}|{{ obj() }}|{{ range(2)|list }}"
    )
    assert render(app, source, name="Ann", who=who, env=env, escaping=escaping, obj=Callable()) == (
        "Ann a|in loop 1|True b|True c|Ann|[0, 1]"
    )


def test_a_function_that_raises_stop_iteration_writes_nothing(app):
    def ended():
        raise StopIteration

    assert render(app, "[{{ f() }}]", f=ended) == "[]"
