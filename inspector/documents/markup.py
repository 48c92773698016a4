"""The marks an inspector drew on a photo (inspector/marks.py), drawn on a printed copy of it. The
stored photo and its hash never change: only the copy made for the page or the PDF carries them."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from .. import marks as marks_layer


def _font(size: float):
    try:
        return ImageFont.load_default(size=size)
    except TypeError:  # Pillow before 10.1 has one bitmap size only
        return ImageFont.load_default()


def draw_marks(image: Image.Image, marks) -> Image.Image:
    """The photo with its marks drawn on it, at the photo's size (coordinates are fractions)."""
    shapes = marks_layer.geometry(marks, *image.size)
    if not shapes:
        return image
    out = image.convert("RGB") if image.mode != "RGB" else image.copy()
    pen = ImageDraw.Draw(out)
    for s in shapes:
        w = round(s["stroke"])
        for color, width in ((marks_layer.OUTLINE, w + 2 * max(1, w // 2)), (marks_layer.COLOR, w)):
            if s["kind"] == "arrow":
                pen.line(s["line"], fill=color, width=width)
                pen.polygon(s["head"], fill=color, outline=color, width=max(1, width - w))
            elif s["kind"] == "circle":
                box = (s["cx"] - s["r"], s["cy"] - s["r"], s["cx"] + s["r"], s["cy"] + s["r"])
                pen.ellipse(box, outline=color, width=width)
        if s["kind"] == "label":
            pen.text(
                (s["x"], s["y"]),
                s["text"],
                font=_font(s["size"]),
                fill=marks_layer.COLOR,
                stroke_width=max(2, w),
                stroke_fill=marks_layer.OUTLINE,
                anchor="ls",
            )
    return out
