"""The pages' Jinja environment: `row.key` on a plain dict reads the key at once.

Jinja reads `x.name` as getattr(x, "name") and, when that fails, x["name"]. The pages' rows are dicts,
so every `row.key` in a loop raised and caught an AttributeError first (a dashboard of 100 rows: thousands
a page). A plain dict has no attributes but its class's, so for any other name the key is what Jinja
would have returned anyway: the same values, without the exception."""

from __future__ import annotations

from flask.templating import Environment

DICT_ATTRIBUTES = frozenset(dir(dict))


class PageEnvironment(Environment):
    def getattr(self, obj, attribute):
        if type(obj) is dict and attribute not in DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)
