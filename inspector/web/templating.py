"""The pages' Jinja environment: `row.key` on a plain dict reads the key at once, and an imported
macro file is not compared key by key with the importing page's globals.

Jinja reads `x.name` as getattr(x, "name") and, when that fails, x["name"]. The pages' rows are dicts,
so every `row.key` in a loop raised and caught an AttributeError first (a dashboard of 100 rows: thousands
a page). A plain dict has no attributes but its class's, so for any other name the key is what Jinja
would have returned anyway: the same values, without the exception.

Each `{% from "_form.html" import status %}` makes Jinja check whether the importing template has
globals the imported one lacks (`ctx.globals_keys - self.globals.keys()`, a lookup through a ChainMap
per key: a dozen imports on the site page, 200 lookups). A template's globals are its own (`maps[0]`,
empty for every page here) over the environment's, so the same difference is taken in C below.

`url_for` in templates answers from a bounded table of the addresses it built (about 50 a site page:
the navigation, static files, a link per row), keyed by everything the address depends on here: the
mount point (SCRIPT_NAME), the endpoint and its values. Werkzeug builds an address by matching the
endpoint's rules each time, which costs more than the lookup; calls with options (`_external`,
`_anchor`...), blueprint-relative endpoints or outside a request go to Flask's url_for as before.

`status` and `cite` (templates/_form.html) are the pages' most called helpers (about 50 calls on a
site page): plain functions here, escaped as the macros they replace were, without a macro's frame
and context for each call.

Each `{{ value }}` of an escaped page is escaped by `output_escape`, not markupsafe's `escape`: the same
text (a str through markupsafe's own escaping, a Markup as it is, anything else through `escape`), but
a str, nearly every value a page writes, is not wrapped in a new Markup first (two thirds of the cost
of `escape`, about 370 values a site page): the page only joins what each `{{ }}` gives into one text.

A call in a template (`url_for(...)`, `status(...)`, `csrf_token()`: about 120 a site page) goes
through the page's Context.call, which looks on the callable and on its `__call__` for a
`jinja_pass_arg` mark (pass_context and the like) each time. A plain Python function carries its
mark, if any, in its own `__dict__`, so PageContext calls an unmarked one at once, as Jinja would.

Each `{% include %}` and `{% from ... import %}` (about 28 a site page) finds its template in the
environment's cache and each include makes a new Context. Jinja's cache keeps the 400 last used,
moving the key to the end of a queue under a lock on every lookup (a scan of the queue); the app's
templates are a fixed set of files, so PageEnvironment keeps every one it compiled in a plain dict
(cache_size -1). A Context takes the names of its template's globals, a ChainMap of the template's
own over the environment's, by iterating the ChainMap in Python; PageContext takes the union of the
maps' keys in C, the same names.
"""

from __future__ import annotations

from collections import ChainMap
from types import FunctionType

from flask import has_request_context, request
from flask.templating import Environment
from jinja2 import Template
from jinja2.compiler import CodeGenerator
from jinja2.runtime import Context
from markupsafe import Markup, escape

try:
    from markupsafe import _escape_inner  # the str -> str escaping inside markupsafe's escape
except ImportError:  # a markupsafe without it: the same text through escape

    def _escape_inner(text: str) -> str:
        return str(escape(text))


STATUS_SYMBOLS = {"bad": "✖", "warn": "▲", "good": "✔", "info": "●"}  # any other kind: ●


def status(word, kind) -> Markup:
    """A status is never colour alone: the word and a symbol are always there. On a line of its
    own, as the macro it replaces wrote it (pages byte for byte the same)."""
    symbol = STATUS_SYMBOLS.get(kind, "●")
    kind, word = output_escape(kind), output_escape(word)  # escape's text, no Markup made for it
    return Markup(f'\n  <span class="status status-{kind}">{symbol} {word}</span>')


URLS_KEPT = 4096  # addresses kept by cached_url_for; the table starts over when full
URL_OPTIONS = frozenset({"_anchor", "_method", "_scheme", "_external"})  # Flask's url_for options


def cached_url_for(url_for):
    """`url_for` answering repeated calls from a table (see the module's docstring)."""
    built: dict = {}

    def cached(endpoint: str, **values) -> str:
        if endpoint[0] == "." or not URL_OPTIONS.isdisjoint(values) or not has_request_context():
            return url_for(endpoint, **values)
        # The request itself, not through its proxy for each attribute: a third of a call's cost.
        key = (request._get_current_object().script_root, endpoint, *values.items())
        try:
            return built[key]
        except KeyError:
            pass
        except TypeError:  # a value that cannot be a key (a list of query values)
            return url_for(endpoint, **values)
        if len(built) >= URLS_KEPT:
            built.clear()
        url = built[key] = url_for(endpoint, **values)
        return url

    return cached


def cite(citation) -> Markup:
    return Markup(f'<span class="cite">{output_escape(citation)}</span>')


class PageTemplate(Template):
    def _get_default_module(self, ctx=None):
        maps = getattr(self.globals, "maps", None)
        if ctx is not None and maps is not None and len(maps) == 2:
            if ctx.globals_keys.difference(*maps):
                return super()._get_default_module(ctx)  # new globals: Jinja's own way
            ctx = None  # none: the module built once, as Jinja does when the difference is empty
        return super()._get_default_module(ctx)


def output_escape(value):
    """What a `{{ value }}` writes on an escaped page: escape(value)'s text (see the module's
    docstring)."""
    if type(value) is str:
        return _escape_inner(value)
    if type(value) is Markup:
        return value
    return escape(value)


class PageCodeGenerator(CodeGenerator):
    def _output_child_pre(self, node, frame, finalize) -> None:
        if frame.eval_ctx.autoescape and not frame.eval_ctx.volatile:
            self.write("environment.output_escape(")  # `environment`: each template's own global
            if finalize.src is not None:
                self.write(finalize.src)
            return
        super()._output_child_pre(node, frame, finalize)


class PageContext(Context):
    def __init__(self, environment, parent, name, blocks, globals=None):
        maps = globals.maps if type(globals) is ChainMap else None
        super().__init__(environment, parent, name, blocks, globals if maps is None else None)
        if maps is not None:
            self.globals_keys = set().union(*maps)  # = set(globals), without ChainMap's __iter__

    def call(__self, __obj, *args, **kwargs):  # noqa: N805 (Jinja's own signature)
        if type(__obj) is not FunctionType or "jinja_pass_arg" in __obj.__dict__:
            return super().call(__obj, *args, **kwargs)
        kwargs.pop("_block_vars", None)  # what Jinja's call drops for a callable without a mark
        kwargs.pop("_loop_vars", None)
        try:
            return __obj(*args, **kwargs)
        except StopIteration:
            return __self.environment.undefined(
                "value was undefined because a callable raised a StopIteration exception"
            )


DICT_ATTRIBUTES = frozenset(dir(dict))


class PageEnvironment(Environment):
    template_class = PageTemplate
    code_generator_class = PageCodeGenerator
    context_class = PageContext
    output_escape = staticmethod(output_escape)

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("cache_size", -1)  # every template kept (see the module's docstring)
        super().__init__(*args, **kwargs)
        self.globals.update(status_span=status, cite_span=cite)  # _form.html exports them
        self.globals["status_symbols"] = STATUS_SYMBOLS  # a page writing its own status spans

    def getattr(self, obj, attribute):
        if type(obj) is dict and attribute not in DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)
