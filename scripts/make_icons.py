"""Draw the app icons once (run by hand; the PNGs are committed): a silt fence on a green field.

The maskable icon keeps its drawing inside the safe zone (the central circle of 40 % radius), so any mask shape a launcher
applies leaves it whole.
Usage: .venv/bin/python scripts/make_icons.py
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parents[1] / "static" / "icons"
GREEN, SOIL, WHITE = (20, 83, 45), (146, 94, 52), (255, 255, 255)


def draw(size: int, inset: float, rounded: bool) -> Image.Image:
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0) if rounded else GREEN)
    d = ImageDraw.Draw(img)
    if rounded:
        d.rounded_rectangle((0, 0, size - 1, size - 1), radius=size // 6, fill=GREEN)
    # The drawing lives inside the box [inset, size - inset].
    lo, hi = size * inset, size * (1 - inset)
    span = hi - lo
    ground = lo + span * 0.72
    d.rectangle((lo, ground, hi, hi), fill=SOIL)
    # Fence: fabric panel between stakes.
    top = lo + span * 0.30
    d.rectangle((lo + span * 0.08, top, hi - span * 0.08, ground), fill=WHITE)
    for i in range(4):
        x = lo + span * (0.08 + i * 0.28)
        d.rectangle(
            (x - span * 0.03, top - span * 0.10, x + span * 0.03, ground + span * 0.12), fill=SOIL
        )
    # A check mark: "inspected".
    w = max(2, int(span * 0.07))
    d.line(
        [
            (lo + span * 0.30, lo + span * 0.52),
            (lo + span * 0.45, lo + span * 0.65),
            (lo + span * 0.72, lo + span * 0.38),
        ],
        fill=GREEN,
        width=w,
        joint="curve",
    )
    return img


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    draw(192, 0.10, True).save(OUT / "icon-192.png", optimize=True)
    draw(512, 0.10, True).save(OUT / "icon-512.png", optimize=True)
    draw(512, 0.22, False).convert("RGB").save(OUT / "maskable-512.png", optimize=True)
    draw(180, 0.12, False).convert("RGB").save(OUT / "apple-touch-icon.png", optimize=True)
    print("wrote", ", ".join(p.name for p in sorted(OUT.glob("*.png"))))


if __name__ == "__main__":
    main()
