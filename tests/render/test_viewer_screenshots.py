"""The viewer's board as the browser draws it, read back from screenshots (decoded by Pillow,
in the test extra): drawn at the start and at the end of a game, each piece where the
position has one; and the screenshots docs/viewer.md shows (``python -m
tests.render.screenshots`` makes them)."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

from PIL import Image

import kifu_lark
from kifu_lark.model.position import Position
from tests.conftest import FIXTURES, ROOT
from tests.render.browser import keys, press
from tests.render.screenshots import SHOTS

Box = tuple[int, int, int, int]


def board_shot(driver: Any) -> tuple[Image.Image, dict[str, Box]]:
    """The shown board's screenshot, and each square's box in it (``"77"`` → pixels), from
    the board's geometry in the page's data and the picture's viewBox."""
    svg = driver.find_element("css selector", ".kl-view-black svg")
    image = Image.open(io.BytesIO(svg.screenshot_as_png)).convert("RGB")
    geo = driver.execute_script(
        "return JSON.parse(document.getElementById('kifu-lark-data').textContent).board"
    )
    width = float(driver.execute_script("return arguments[0].viewBox.baseVal.width", svg))
    scale = image.width / width
    boxes: dict[str, Box] = {}
    inset = geo["cell"] * 0.15  # leave out the grid lines
    for column in range(geo["files"]):
        for row in range(geo["ranks"]):
            x, y = geo["x"] + column * geo["cell"], geo["y"] + row * geo["cell"]
            left, top = round((x + inset) * scale), round((y + inset) * scale)
            right = round((x + geo["cell"] - inset) * scale)
            bottom = round((y + geo["cell"] - inset) * scale)
            boxes[f"{geo['files'] - column}{row + 1}"] = (left, top, right, bottom)
    return image, boxes


def ink(image: Image.Image, box: Box) -> float:
    """The share of dark pixels in ``box``: a piece's outline and letter, or none."""
    counts = image.crop(box).convert("L").histogram()  # pixels by grey level
    return sum(counts[:110]) / sum(counts)


def occupied(position: Position) -> set[str]:
    return {f"{square.file}{square.rank}" for square, _ in position.pieces()}


def test_the_board_is_drawn_at_the_start_and_the_end(page: Any) -> None:
    """yagura.kifu: at the start and at the end the board's picture is no blank (many
    colours: wood, lines, the pieces' faces and letters), every square with a piece holds
    ink and every empty one none, and the two pictures differ on the squares that
    changed."""
    game = kifu_lark.load(FIXTURES / "demo/yagura.kifu")
    driver = page(game)
    start, boxes = board_shot(driver)
    press(driver, keys().END)
    end, _ = board_shot(driver)
    positions = [p for _, p in game.positions()]
    for image, position in ((start, positions[0]), (end, positions[-1])):
        assert len(image.getcolors(1 << 24) or []) > 50
        full = occupied(position)
        for square, box in boxes.items():
            share = ink(image, box)
            assert (share > 0.03) == (square in full), (square, share)
    changed = occupied(positions[0]) ^ occupied(positions[-1])
    assert changed
    for square in changed:
        assert start.crop(boxes[square]).tobytes() != end.crop(boxes[square]).tobytes()


def test_the_docs_screenshots_are_small_pictures_the_docs_show() -> None:
    """Each screenshot python -m tests.render.screenshots makes is in docs/, a PNG under
    100 KB that decodes to a picture of some size, and docs/viewer.md shows it."""
    text = (ROOT / "docs" / "viewer.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"!\[[^\]]*\]\(([^)]+\.png)\)", text))
    for name, _, _, _ in SHOTS:
        path = ROOT / "docs" / name
        assert path.stat().st_size < 100_000, name
        with Image.open(path) as image:
            assert "PNG" == image.format and image.width >= 400 and image.height >= 300
        assert name in shown


def test_the_screenshot_script_draws_each_picture(browser: Any, tmp_path: Path) -> None:
    """python -m tests.render.screenshots FOLDER, run with the tests' browser (the fixture
    skips without one): each picture written is a PNG of the page in many colours, under
    100 KB."""
    from tests.render.screenshots import main

    assert 0 == main([str(tmp_path)])
    assert sorted(shot for shot, _, _, _ in SHOTS) == sorted(p.name for p in tmp_path.iterdir())
    for shot, _, _, _ in SHOTS:
        data = (tmp_path / shot).read_bytes()
        assert len(data) < 100_000, shot
        with Image.open(io.BytesIO(data)) as image:
            assert len(image.convert("RGB").getcolors(1 << 24) or []) > 20, shot
