"""Every page (tests/support/pages.py), as the role that sees it, on a 10-inch tablet held upright
(800 x 1280) and sideways (1280 x 800), measured in the page itself: nothing runs past the screen's
edge so that the page scrolls sideways, and on the field pages (used outdoors, with gloves) every
control is a full 44 x 44 px touch target (axe's target-size rule asks only 24 px). A hint printed
under a field is read out with it, and a keyboard's focus ring can be seen on every control."""

from __future__ import annotations

import pytest

from inspector.rules.rulebook import default
from tests.browser.pages_world import (
    everything,  # noqa: F401 (fixture)
    everything_server,  # noqa: F401 (fixture)
    open_page,
    role_page,
)
from tests.support import pages

SIZES = {"upright": (800, 1280), "sideways": (1280, 800)}

# What the person would notice: {"wide": the page is wider than the screen, and what sticks out;
# "small": the controls a gloved thumb can miss, with their size}.
MEASURE = r"""() => {
  const de = document.documentElement;
  const shown = (el) => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && r.right > 0 && r.bottom > 0; };
  const name = (el) => `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''} "${
    (el.innerText || el.getAttribute('aria-label') || el.value || '').trim().slice(0, 40)}"`;
  const wide = de.scrollWidth > de.clientWidth
    ? [`page ${de.scrollWidth} px wide on a ${de.clientWidth} px screen`, ...[...document.querySelectorAll('main *')]
        .filter((el) => shown(el) && el.getBoundingClientRect().right > de.clientWidth + 1
          && ![...el.children].some((c) => c.getBoundingClientRect().right > de.clientWidth + 1))
        .slice(0, 3).map(name)]
    : [];
  // The target of a control is what takes the tap: a radio, a checkbox or a file input drawn as
  // its label is tapped through the label around or beside it.
  const target = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width >= 44 && r.height >= 44) return r;
    const labels = [...(el.labels || [])].map((l) => l.getBoundingClientRect());
    return labels.find((l) => l.width >= 44 && l.height >= 44) || labels[0] || r;
  };
  const small = [...document.querySelectorAll(
      'main a[href], main button, main input:not([type=hidden]), main select, main textarea, main summary')]
    .filter((el) => shown(el) || [...(el.labels || [])].some(shown))
    .map((el) => [el, target(el)])
    .filter(([, r]) => r.width < 44 || r.height < 44)
    .map(([el, r]) => `${name(el)} ${Math.round(r.width)} x ${Math.round(r.height)} px`);
  // A hint printed under a field is read with it: it is in the field's description, and every
  // description the field points to exists.
  const unsaid = [];
  for (const el of document.querySelectorAll('main input:not([type=hidden]), main select, main textarea')) {
    const ids = (el.getAttribute('aria-describedby') || '').split(/\s+/).filter(Boolean);
    for (const id of ids) if (!document.getElementById(id)) unsaid.push(`${name(el)}: no element #${id}`);
    const field = el.closest('.field');
    if (!field || field.querySelectorAll('input:not([type=hidden]), select, textarea').length !== 1) continue;
    for (const hint of field.querySelectorAll('.hint')) {
      if (hint.textContent.trim() && !ids.includes(hint.id)) unsaid.push(`${name(el)}: hint "${hint.textContent.trim().slice(0, 40)}"`);
    }
  }
  return { wide, small, unsaid };
}"""


# Each control focused from the keyboard: the ring drawn around it (or around the label or box
# that draws it) stands out 3:1 from what it is drawn on (WCAG 1.4.11).
FOCUS_RINGS = r"""() => {
  const parse = (c) => { const m = c && c.match(/rgba?\(([^)]+)\)/); if (!m) return null; const p = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const fill = (el) => { for (let e = el; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor); if (c && c[3] >= 0.5) return c; } return [255, 255, 255, 1]; };
  const ringOf = (el) => {
    const holders = [el, ...(el.labels || [])];
    for (let e = el.parentElement, n = 0; e && n < 3; e = e.parentElement, n++) holders.push(e);
    for (const h of holders) { const s = getComputedStyle(h); if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1) return [h, s]; }
    return [null, null];
  };
  const name = (el) => `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''} "${(el.innerText || el.getAttribute('aria-label') || el.value || '').trim().slice(0, 30)}"`;
  const bad = [];
  for (const el of document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')) {
    if (el.disabled || el.closest('[hidden], dialog:not([open])')) continue;
    el.focus({ preventScroll: true });
    if (document.activeElement !== el) continue;
    const [holder, s] = ringOf(el);
    if (!holder) { bad.push(`${name(el)}: no focus ring`); continue; }
    const behind = parseFloat(s.outlineOffset) >= 0 ? fill(holder.parentElement) : fill(holder);
    const r = ratio(parse(s.outlineColor), behind);
    if (r < 3) bad.push(`${name(el)}: ring ${s.outlineColor} on rgb(${behind.slice(0, 3)}) ${r.toFixed(1)}:1`);
  }
  document.activeElement?.blur();
  return [...new Set(bad)];
}"""


@pytest.fixture(scope="module")
def measured(playwright, browser, everything, everything_server):  # noqa: F811
    """{(role, url, size): what MEASURE found} for every page in both orientations."""
    _app, values = everything
    base = everything_server.url
    by_role: dict[str, list[pages.Page]] = {}
    for target in pages.pages(values):
        by_role.setdefault(target.role, []).append(target)
    tablet = {**playwright.devices["iPad (gen 7)"], "timezone_id": default()["calendar.timezone"]}
    found = {}
    for role, targets in by_role.items():
        context, page = role_page(browser, tablet, base, role)
        for target in targets:
            open_page(page, base, target)
            for size, (width, height) in SIZES.items():
                page.set_viewport_size({"width": width, "height": height})
                found[(role, target.url, size, target.field)] = page.evaluate(MEASURE)
            page.keyboard.press("Tab")  # from the keyboard: the focus ring is drawn
            found[(role, target.url, "rings", target.field)] = {"rings": page.evaluate(FOCUS_RINGS)}
        context.close()
    return found


def test_no_page_scrolls_sideways_on_a_tablet(measured):
    wide = {
        f"{role} {url} {size}": m["wide"]
        for (role, url, size, _f), m in measured.items()
        if m.get("wide")
    }
    assert wide == {}, "\n".join(f"{k}: {v}" for k, v in wide.items())


def test_every_control_on_a_field_page_is_a_full_touch_target(measured):
    small = {
        f"{role} {url} {size}": m["small"]
        for (role, url, size, field), m in measured.items()
        if field and m.get("small")
    }
    assert any(field for (_r, _u, _s, field) in measured)
    assert small == {}, "\n".join(f"{k}: {v}" for k, v in small.items())


def test_every_hint_under_a_field_is_read_with_it(measured):
    unsaid = {
        f"{role} {url}": m["unsaid"]
        for (role, url, size, _f), m in measured.items()
        if size == "upright" and m.get("unsaid")
    }
    assert unsaid == {}, "\n".join(f"{k}: {v}" for k, v in unsaid.items())


def test_the_focus_ring_stands_out_wherever_it_is_drawn(measured):
    faint = {
        f"{role} {url}": m["rings"] for (role, url, _s, _f), m in measured.items() if m.get("rings")
    }
    assert faint == {}, "\n".join(f"{k}: {v}" for k, v in faint.items())
