"""What the tests of PNG pictures and animations share: the images extra (skipped with the
reason when it is missing), decoding with Pillow, and hiding a module to see the error a
missing extra gives."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image, ImageChops, features

FIXTURES = Path(__file__).parents[2] / "fixtures"


def need_images_extra() -> None:
    """Skip the calling test, saying why, when resvg-py is not installed (the ``test``
    extra installs it)."""
    pytest.importorskip("resvg_py", reason="the images extra (resvg-py) is not installed")


def has_webp() -> bool:
    """Whether this Pillow writes WebP."""
    return bool(features.check("webp"))


def decode(data: bytes) -> Image.Image:
    """The image (or animation) in ``data``, opened with Pillow."""
    return Image.open(io.BytesIO(data))


def frames(data: bytes) -> Iterator[tuple[Image.Image, int]]:
    """Each frame of an animation as RGB, with its duration in ms as Pillow reads it."""
    image = decode(data)
    for index in range(getattr(image, "n_frames", 1)):
        image.seek(index)
        yield image.convert("RGB"), int(image.info.get("duration", 0))


def same_pixels(a: Image.Image, b: Image.Image) -> bool:
    """Whether two RGB images are the same size and every pixel is equal."""
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


def hide(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    """Make importing ``modules`` fail, as if they were not installed."""
    for name in modules:
        monkeypatch.setitem(sys.modules, name, None)
