"""Drawing SVG pictures to pixels with a real renderer, for tests that look at the picture.

cairosvg (the ``test`` extra; it needs libcairo) is tried first, then ``rsvg-convert``; when
neither works the calling test is skipped with the reason.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess

import pytest
from PIL import Image, ImageChops, ImageStat

Box = tuple[int, int, int, int]
RGB = tuple[int, int, int]


def _cairosvg_png(svg: str) -> bytes | None:
    try:
        import cairosvg
    except (ImportError, OSError):  # OSError: installed, but libcairo is missing
        return None
    data: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"))
    return data


def render(svg: str) -> Image.Image:
    """The picture as an RGB image, one pixel per SVG unit."""
    data = _cairosvg_png(svg)
    if data is None and shutil.which("rsvg-convert"):
        done = subprocess.run(
            ["rsvg-convert", "--format", "png"],
            input=svg.encode("utf-8"),
            capture_output=True,
            check=True,
            timeout=60,
        )
        data = done.stdout
    if data is None:
        pytest.skip("no SVG renderer: cairosvg (with libcairo) or rsvg-convert is needed")
    return Image.open(io.BytesIO(data)).convert("RGB")


def rect(svg: str, css_class: str) -> tuple[float, float, float, float]:
    """x, y, width, height of the first ``<rect class="css_class" …>`` of ``svg``."""
    found = re.search(rf'<rect class="{css_class}"[^>]*>', svg)
    assert found is not None, css_class
    tag = found.group(0)

    def number(name: str) -> float:
        value = re.search(rf' {name}="([0-9.]+)"', tag)
        assert value is not None, name
        return float(value.group(1))

    return number("x"), number("y"), number("width"), number("height")


def luminance(rgb: RGB) -> float:
    """Perceived brightness, 0 (black) to 255 (white)."""
    r, g, b = rgb
    return 0.299 * r + 0.587 * g + 0.114 * b


def pixel(image: Image.Image, x: float, y: float) -> RGB:
    """The colour at (x, y)."""
    r, g, b = image.getpixel((int(x), int(y)))  # type: ignore[misc]
    return int(r), int(g), int(b)


def crop(image: Image.Image, box: Box) -> Image.Image:
    """The part of ``image`` in ``box`` (left, top, right, bottom), in grey."""
    return image.crop(box).convert("L")


def difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference of two same-sized grey images, 0 … 255."""
    mean: list[float] = ImageStat.Stat(ImageChops.difference(a, b)).mean
    return mean[0]


def far_from(rgb: RGB, other: RGB, tolerance: int = 40) -> bool:
    """True when some channel differs by more than ``tolerance``."""
    return any(abs(a - b) > tolerance for a, b in zip(rgb, other, strict=True))


def blend(top: str, bottom: str, opacity: float) -> RGB:
    """``top`` (#rrggbb) painted at ``opacity`` over ``bottom``."""
    t = [int(top[i : i + 2], 16) for i in (1, 3, 5)]
    u = [int(bottom[i : i + 2], 16) for i in (1, 3, 5)]
    r, g, b = (round(opacity * x + (1 - opacity) * y) for x, y in zip(t, u, strict=True))
    return r, g, b
