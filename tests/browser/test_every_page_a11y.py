"""axe-core on every page of the app (office, field and public), each as the role that sees it, on a
10-inch tablet held upright (810 x 1080) and sideways (1080 x 810): no serious or critical
violation anywhere. The page list comes from the app's url_map (tests/support/pages.py): a new page
not in it fails here. The field pages' visible words are checked for raw keys too."""

from __future__ import annotations

import pytest

from tests.browser.pages_world import (
    AXE,
    ORIENTATIONS,
    everything,  # noqa: F401 (fixture)
    everything_server,  # noqa: F401 (fixture)
    open_page,
    role_page,
)
from tests.support import pages

# The first orientation runs every rule; the second, the rules whose outcome depends on the layout
# (what is visible, where, how big, over what): the markup's own rules cannot change with it.
LAYOUT_RULES = [
    "color-contrast",
    "target-size",
    "scrollable-region-focusable",
    "region",
    "aria-hidden-focus",
    "link-name",
    "button-name",
    "label",
    "label-content-name-mismatch",
    "nested-interactive",
    "image-alt",
]
RUN_AXE = """async (rules) => {
    const options = { resultTypes: ['violations'] };
    if (rules) options.runOnly = { type: 'rule', values: rules };
    const r = await axe.run(document, options);
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, count: v.nodes.length,
                     nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}"""


def test_every_get_route_is_a_page_or_listed_as_not_one(everything):  # noqa: F811
    missing, stale = pages.uncovered(everything[0])
    assert not missing, f"GET routes not in tests/support/pages.py (SPEC or NOT_PAGES): {missing}"
    assert not stale, f"tests/support/pages.py lists routes that no longer exist: {stale}"


@pytest.mark.browser
def test_every_page_has_no_serious_violations_in_both_orientations(
    browser,
    tablet,
    everything,  # noqa: F811
    everything_server,  # noqa: F811
):
    _app, values = everything
    base = everything_server.url
    by_role: dict[str, list[pages.Page]] = {}
    for target in pages.pages(values):
        by_role.setdefault(target.role, []).append(target)
    problems, words, checked = {}, {}, 0
    for role, targets in by_role.items():
        # axe is injected as a script tag: the test's context lets it past the page's CSP.
        context, page = role_page(browser, tablet, base, role, bypass_csp=True)
        for target in targets:
            open_page(page, base, target)
            page.add_script_tag(path=str(AXE))
            for n, (orientation, (width, height)) in enumerate(ORIENTATIONS.items()):
                page.set_viewport_size({"width": width, "height": height})
                found = page.evaluate(RUN_AXE, LAYOUT_RULES if n else None)
                checked += 1
                if found:
                    problems[f"{role} {target.url} {orientation}"] = [
                        f"{v['id']} ({v['impact']}, {v['count']}): {v['nodes']}" for v in found
                    ]
            outbox = page.locator("#outbox-count")
            if outbox.count():  # the header's link, on every page: a full touch target
                box = outbox.bounding_box()
                if box["height"] < 44:
                    problems[f"{role} {target.url}"] = [f"Outbox link {box['height']:.0f} px tall"]
            if target.field:
                raw = pages.raw_words(page.inner_text("main"))
                if raw:
                    words[f"{role} {target.url}"] = raw
        context.close()
    assert checked >= 2 * len(pages.SPEC)
    assert problems == {}, "\n".join(f"{k}: {v}" for k, v in problems.items())
    assert words == {}, f"raw keys, ids or UTC times on field pages: {words}"
