"""Regenerate the web app's PNG icons (src/crisis/web/icon-192.png and icon-512.png), drawn
like icon.svg: a rounded square of the site's accent colour with a temple's front. Phones
install the site from its manifest with these.

    python tools/make_icons.py
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

WEB = Path(__file__).resolve().parents[1] / "src" / "crisis" / "web"
ACCENT, PAPER = (0x8C, 0x2D, 0x19), (0xF3, 0xEF, 0xE6)


#: The temple of icon.svg, in its 512-unit box: the roof, the beam, four columns, the steps.
TEMPLE = [
    [(256, 96), (424, 176), (88, 176)],
    [(104, 192), (408, 192), (408, 216), (104, 216)],
    *[[(x, 232), (x + 40, 232), (x + 40, 368), (x, 368)] for x in (128, 200, 272, 344)],
    [(104, 384), (408, 384), (408, 408), (104, 408)],
    [(88, 416), (424, 416), (424, 440), (88, 440)],
]


def icon(size: int) -> Image.Image:
    """The icon at ``size`` pixels, drawn at 4x and scaled down for smooth edges."""
    big = size * 4
    k = big / 512
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, big - 1, big - 1), radius=round(96 * k), fill=ACCENT)
    for shape in TEMPLE:
        points = [(x * k, y * k) for x, y in shape]
        draw.polygon(points, fill=PAPER)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    for size in (192, 512):
        icon(size).save(WEB / f"icon-{size}.png", optimize=True)


if __name__ == "__main__":
    main()
