"""A work packet (the pull body of docs/sync-protocol.md) built from the demo database, for capture tests that must not
depend on the sync API: the test writes it into IndexedDB through static/js/store.js applyPull()."""

from __future__ import annotations

import functools
import time

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect
from sqlmodel import select

from inspector.db import get_session
from inspector.models import Company, Site, User
from inspector.models.base import utcnow
from inspector.services import permits, schedule, sites
from tests.browser.page_ready import wait_ready


def catalog(rb) -> dict:
    return {
        "version": rb["checklist.version"],
        "answers": rb["checklist.answers"],
        "items": rb["checklist.items"],
    }


def pull_body(app, email: str = "inspector@fairwater.example") -> dict:
    rb = app.extensions["rulebook"]
    with app.app_context():
        session = get_session()
        user = session.exec(select(User).where(User.email == email)).one()
        now = utcnow()
        changes = []
        for site in session.exec(select(Site).order_by(Site.id)).all():
            view = sites.ordinance_view(site, rb)
            permit = permits.current_permit(session, site.id)
            company = session.get(Company, permit.company_id).name if permit else None
            changes.append(
                {
                    "entity": "site",
                    "id": str(site.id),
                    "op": "upsert",
                    "version": site.version,
                    "data": {
                        "id": str(site.id),
                        "name": site.name,
                        "address": site.address,
                        "project_kind": site.project_kind,
                        "kind_label": site.project_kind.replace("_", " "),
                        "latitude": None,
                        "longitude": None,
                        "regime": view["regime"].name,
                        "tags": view["tags"],
                        "checklist_codes": [item["code"] for item in view["checklist"]],
                        "applicable": bool(view["applicability"]),
                        "permit": permit
                        and {
                            "id": permit.id,
                            "number": permit.number,
                            "status": permit.status,
                            "expires_on": permit.expires_on and permit.expires_on.isoformat(),
                            "active": permits.is_active(permit, now.date()),
                            "company": company,
                        },
                        "due": schedule.due_items(session, site, now, rb),
                        "stop_work": None,
                        "open_findings": 0,
                        "overdue_findings": 0,
                        "timeline_svg": None,
                        "version": site.version,
                    },
                }
            )
        return {
            "cursor": "test-1",
            "has_more": False,
            "user": {"id": user.id, "name": user.name, "role": user.role, "company": None},
            "catalog": catalog(rb),
            "calculators": None,
            "changes": changes,
        }


# ---------------------------------------------------------------- browser helpers for capture tests
# Bounded: page.evaluate has no timeout of its own, and a worker that never takes control (an install that
# failed) must fail the test with the registration's state, not hang the run.
WAIT_FOR_CONTROLLER = """(ms) => navigator.serviceWorker.controller ? true : new Promise((resolve, reject) => {
    navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true));
    setTimeout(async () => {
        const r = await navigator.serviceWorker.getRegistration();
        const state = r ? `installing=${!!r.installing} waiting=${!!r.waiting} active=${r.active && r.active.state}`
                        : 'no registration';
        reject(new Error(`no service worker took control within ${ms} ms (${state})`));
    }, ms);
})"""


def wait_for_controller(page) -> None:
    """The page is controlled by the service worker (precache complete). Polls without eval
    (strict CSP).
    A page whose load raced the worker's activation may never be claimed: it is loaded once more."""
    try:
        page.evaluate(WAIT_FOR_CONTROLLER, 20_000)
    except PlaywrightError:
        page.reload()
        page.evaluate(WAIT_FOR_CONTROLLER, 20_000)


def seed_packet(page, body: dict) -> None:
    """Write a pull body into IndexedDB through the app's own store module."""
    page.evaluate(
        "async (body) => { const s = await import('/static/js/store.js'); await s.applyPull(body); }",
        body,
    )


def stored(page, expression: str):
    """Evaluate `expression` with `s` bound to static/js/store.js (e.g. "s.listOutbox()")."""
    return page.evaluate(
        f"async () => {{ const s = await import('/static/js/store.js'); return await {expression}; }}"
    )


def wait_until(page, async_function: str, timeout_s: float = 20.0):
    """Evaluate `async_function` in the page again until it returns something truthy, and return
    that. page.wait_for_function cannot do this: it takes the promise an async function returns
    for a true answer and returns at once."""
    deadline = time.monotonic() + timeout_s
    while not (value := page.evaluate(async_function)):
        assert time.monotonic() < deadline, f"timed out waiting for {async_function}"
        page.wait_for_timeout(100)
    return value


PHOTO_B64 = """async (id) => {
  const s = await import('/static/js/store.js');
  const p = await s.getPhoto(id);
  if (!p) return null;
  const bytes = new Uint8Array(p.bytes);
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const { bytes: _b, ...meta } = p;
  return { ...meta, b64: btoa(text), is_array_buffer: p.bytes instanceof ArrayBuffer };
}"""


def photo_with_bytes(page, photo_id: str):
    return page.evaluate(PHOTO_B64, photo_id)


@functools.lru_cache(maxsize=8)
def camera_jpeg(seed: int = 1, size=(4000, 3000), orientation: int = 6, gps=True) -> bytes:
    """A 12-MP camera-like JPEG stored sideways (EXIF orientation 6) with GPS and capture time.

    A red block marks the stored image's top-left corner: upright (rotated 90° clockwise) it is at
    the top-right."""
    import io
    import random

    from PIL import Image, ImageDraw, ImageFilter

    rnd = random.Random(seed)
    w, h = size
    img = Image.linear_gradient("L").resize(size).convert("RGB")
    draw = ImageDraw.Draw(img)
    for _ in range(60):
        x, y = rnd.randrange(w), rnd.randrange(h)
        draw.rectangle(
            (x, y, x + rnd.randrange(50, 600), y + rnd.randrange(50, 400)),
            fill=(rnd.randrange(60, 200), rnd.randrange(60, 160), rnd.randrange(30, 120)),
        )
    img = img.filter(ImageFilter.GaussianBlur(3))
    noise = Image.effect_noise(size, 18).convert("RGB")
    img = Image.blend(img, noise, 0.12)
    ImageDraw.Draw(img).rectangle((0, 0, w // 8, h // 8), fill=(230, 0, 0))
    exif = Image.Exif()
    exif[0x0112] = orientation
    exif[0x010F] = "TestCam"
    exif.get_ifd(0x8769)[0x9003] = "2026:11:30 14:05:09"
    if gps:
        exif.get_ifd(0x8825).update({1: "N", 2: (43.0, 30.0, 15.0), 3: "W", 4: (88.0, 12.0, 36.0)})
    out = io.BytesIO()
    img.save(out, "JPEG", quality=92, exif=exif.tobytes())
    return out.getvalue()


def sign(page) -> None:
    """Draw a signature in the capture page's signature box (as a finger would: two strokes) and
    wait until it is saved in the draft (the page says so once the save of the last stroke is done)."""
    draw_signature(page, "#signature-pad")
    expect(page.locator("#signature-state:not([aria-busy=true])")).to_contain_text(
        "Saved on this device"
    )


def draw_signature(page, selector: str) -> None:
    """Two strokes across the signature box `selector` (once signature_pad, loaded after the page
    has drawn, takes strokes)."""
    page.wait_for_selector(f"{selector}[data-pad=ready]", state="attached")
    pad = page.locator(selector)
    pad.scroll_into_view_if_needed()
    box = pad.bounding_box()
    for row, points in ((0.45, 9), (0.7, 5)):
        page.mouse.move(box["x"] + 20, box["y"] + box["height"] * row)
        page.mouse.down()
        for i in range(1, points + 1):
            dy = (i % 3 - 1) * box["height"] * 0.15
            page.mouse.move(box["x"] + 20 + i * 25, box["y"] + box["height"] * row + dy, steps=2)
        page.mouse.up()


# Pixels drawn on the signature canvas (its background is transparent): 0 when it shows nothing.
INK = """() => {
  const c = document.getElementById('signature-pad');
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let n = 0;
  for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n += 1;
  return n;
}"""


def offline_weekly_capture(browser, tablet, url: str, app):
    """A tablet with the demo work packet, offline, on a new weekly inspection of site 1: returns
    (context, page, draft id)."""
    context = browser.new_context(**tablet)
    page = context.new_page()
    page.goto(f"{url}/app/")
    wait_for_controller(page)
    seed_packet(page, pull_body(app))
    context.set_offline(True)
    page.goto(f"{url}/app/inspect?site=1&kind=weekly")
    wait_ready(page, "capture")
    return context, page, page.url.split("draft=")[1]
