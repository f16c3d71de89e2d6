"""The viewer's screenshots in docs/viewer.md, taken in the tests' headless Chromium.

    python -m tests.render.screenshots [FOLDER]     # default: docs/

writes ``viewer-variation.png`` (a variation shown, its comment, the branch marks),
``viewer-graph.png`` (a record with an engine's evaluations: the graph and the time chart)
and ``viewer-tsume.png`` (a problem, its answer hidden). Each is the page's ``<main>``
element, its colours reduced to a palette by Pillow so that the file stays small (a test
checks each is under 100 KB). Kanji need a CJK font in the browser (Debian's
fonts-noto-cjk, which ``.ci/run`` installs); without one they are drawn as boxes.
"""

from __future__ import annotations

import io
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import kifu_lark
from kifu_lark.model.game import Game
from kifu_lark.render import html
from tests.render.browser import launch, missing

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures"
#: The palette's size: enough for the pieces' anti-aliased edges and the charts' colours.
COLORS = 96


def _variation(driver: Any) -> None:
    """branches.kif at the variation's ▲６五角打, whose comment shows."""
    for button in driver.find_elements("css selector", ".kl-mv"):
        if "６五角打" in button.text:
            button.click()
            return
    raise LookupError("branches.kif has no ６五角打")


def _graph_game() -> Game:
    """An engine-analysed record (Kifu for Windows' analysis comments): 150 moves."""
    from benchmarks import realistic

    text = realistic.kif_text(realistic.plan(1, plies=150), analysis=True)
    return kifu_lark.loads(text, "kif")


def _at(ply: int) -> Callable[[Any], None]:
    def go(driver: Any) -> None:
        driver.execute_script("window.kifuLark.go(arguments[0])", ply)

    return go


#: (file name, the game, the window's size, what to do before the picture)
SHOTS: list[tuple[str, Callable[[], Game], tuple[int, int], Callable[[Any], None]]] = [
    (
        "viewer-variation.png",
        lambda: kifu_lark.load(FIXTURES / "kif/canonical/branches.kif"),
        (900, 600),
        _variation,
    ),
    ("viewer-graph.png", _graph_game, (900, 600), _at(61)),
    (
        "viewer-tsume.png",
        lambda: kifu_lark.load(FIXTURES / "kif/quirks/tsume_rest.kifu"),
        (900, 600),
        _at(0),
    ),
]


def shoot(game: Game, size: tuple[int, int], action: Callable[[Any], None]) -> bytes:
    """The page of ``game`` in a viewport of ``size`` (made taller if the page is), after
    ``action``: its ``<main>`` element as a palette PNG."""
    from PIL import Image

    driver = launch(*size)
    try:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "page.html"
            path.write_text(html(game), encoding="utf-8")
            _viewport(driver, *size)  # the window's size is the page's, not the browser's
            driver.get(path.as_uri())
            action(driver)
            # as tall as the page, so that the picture holds all of it; the move list keeps
            # the height it has in the window of `size` (72vh would grow with the viewport)
            driver.execute_script(
                "const list = document.querySelector('.kl-moves');"
                "list.style.maxHeight = list.clientHeight + 'px';"
            )
            tall = int(driver.execute_script("return document.documentElement.scrollHeight"))
            _viewport(driver, size[0], max(size[1], tall))
            picture = driver.find_element("id", "kifu-lark").screenshot_as_png
    finally:
        driver.quit()
    image = Image.open(io.BytesIO(picture)).convert("RGB")
    out = io.BytesIO()
    image.quantize(colors=COLORS, dither=Image.Dither.NONE).save(out, "PNG", optimize=True)
    return out.getvalue()


def _viewport(driver: Any, width: int, height: int) -> None:
    """The page's viewport in CSS pixels, one device pixel each."""
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)


def main(argv: list[str]) -> int:
    """Write the screenshots into the folder named (docs/ by default)."""
    lacking = missing()
    if lacking is not None:
        print(f"the screenshots need {lacking}", file=sys.stderr)
        return 2
    folder = Path(argv[0]) if argv else ROOT / "docs"
    for name, game, size, action in SHOTS:
        data = shoot(game(), size, action)
        (folder / name).write_bytes(data)
        print(f"wrote {folder / name} ({len(data) // 1024} KB)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
