"""Without the images extra (its modules hidden): the pictures' functions and commands raise
MissingExtraError, code MISSING_EXTRA, whose hint is the pip command; the commands exit 2
and write nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

import kifu_lark
from kifu_lark.cli import main
from kifu_lark.errors import MissingExtraError
from kifu_lark.model import Position
from kifu_lark.render import animate, png
from tests.render.images import hide

HINT = "pip install 'kifu-lark[images]'"


def test_png_without_resvg(monkeypatch: pytest.MonkeyPatch) -> None:
    """png(): resvg-py missing is a MissingExtraError naming the module and the extra."""
    hide(monkeypatch, "resvg_py")
    with pytest.raises(MissingExtraError) as raised:
        png(Position.initial())
    assert ("MISSING_EXTRA", "images", HINT) == (
        raised.value.code,
        raised.value.extra,
        raised.value.hint,
    )
    assert "resvg_py" in str(raised.value)


@pytest.mark.parametrize("module", ["resvg_py", "PIL.Image"])
def test_animate_without_either_library(monkeypatch: pytest.MonkeyPatch, module: str) -> None:
    """animate(): resvg-py or Pillow missing, the same error, naming the one missing."""
    hide(monkeypatch, module)
    game = kifu_lark.loads("position startpos moves 7g7f", "usi")
    with pytest.raises(MissingExtraError) as raised:
        animate(game)
    assert (HINT, "MISSING_EXTRA") == (raised.value.hint, raised.value.code)
    assert module.split(".")[0] in str(raised.value)


@pytest.mark.parametrize(
    ("args", "module"),
    [
        (["show", "{rec}", "--png", "{out}.png"], "resvg_py"),
        (["show", "{rec}", "--svg", "{out}.svg", "--png", "{out}.png"], "resvg_py"),
        (["animate", "{rec}", "-o", "{out}.gif"], "resvg_py"),
        (["animate", "{rec}", "-o", "{out}.gif"], "PIL.Image"),
    ],
)
def test_commands_exit_2_naming_the_extra(
    args: list[str],
    module: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """show --png and animate without the extra: exit 2, one line with [MISSING_EXTRA]
    and the pip command, no file written (not even the SVG asked for beside the PNG)."""
    rec = tmp_path / "g.usi"
    rec.write_text("position startpos moves 7g7f\n")
    hide(monkeypatch, module)
    argv = [a.format(rec=rec, out=tmp_path / "out") for a in args]
    assert 2 == main(argv)
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("kifu-lark: ") and "[MISSING_EXTRA]" in line and HINT in line
    assert ["g.usi"] == sorted(p.name for p in tmp_path.iterdir())
