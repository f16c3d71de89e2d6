"""A special a format has no word for is written as its declared fold with a
LossyWriteWarning, or refused; never silently replaced or dropped. The declaration
(``Capabilities.special_kinds`` / ``special_folds``) is checked against what each writer
really writes and its reader reads back."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

import kifu_lark
from kifu_lark.cli import main
from kifu_lark.errors import LossyWriteWarning, UnsupportedFeatureError
from kifu_lark.formats.registry import all_formats
from kifu_lark.model import Color, Game, Node, SpecialKind
from tests.strategies import special_of

WRITERS = [
    f.name
    for f in all_formats()
    if f.writer is not None and f.game == "shogi" and f.capabilities.moves
    and f.holds_variant("standard")
]


def _game(*kinds: SpecialKind, comments: tuple[str, ...] = ()) -> Game:
    game = kifu_lark.loads("position startpos moves 7g7f", "usi")
    game.format = None  # built by hand from here on
    node = game.mainline()[-1]
    for kind in kinds:
        node = node.add(Node(special=special_of(kind, Color.WHITE)))
        node.comments = list(comments)
    return game


def _written(game: Game, fmt: str) -> tuple[str, list[LossyWriteWarning]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        text = kifu_lark.dumps(game, fmt)
    return text, [w.message for w in caught if isinstance(w.message, LossyWriteWarning)]


def _last_special(text: str, fmt: str) -> SpecialKind | None:
    line = kifu_lark.loads(text, fmt).mainline()
    return line[-1].special.kind if line and line[-1].special is not None else None


@pytest.mark.parametrize("kind", list(SpecialKind), ids=lambda k: k.name)
@pytest.mark.parametrize("fmt", WRITERS)
def test_a_special_is_written_as_declared(fmt: str, kind: SpecialKind) -> None:
    caps = kifu_lark.get_format(fmt).capabilities
    exact = caps.specials and (caps.special_kinds is None or kind in caps.special_kinds)
    if not exact and kind not in caps.special_folds:
        with pytest.raises(UnsupportedFeatureError):
            kifu_lark.dumps(_game(kind), fmt)
        return
    text, lossy = _written(_game(kind), fmt)
    if exact:
        assert lossy == []
        assert _last_special(text, fmt) is kind
        return
    fold = caps.special_folds[kind]
    assert [(w.format, w.kind, w.written) for w in lossy] == [
        (fmt, kind.name, None if fold is None else fold.name)
    ]
    assert _last_special(text, fmt) is fold


@pytest.mark.parametrize("fmt", WRITERS)
def test_a_special_after_a_special(fmt: str) -> None:
    """Formats that hold consecutive specials keep both; KI2 keeps the first, says it left
    out the second, and keeps the second's comments (after the first's)."""
    caps = kifu_lark.get_format(fmt).capabilities
    kind = SpecialKind.ENTERING_KING_WIN
    if not caps.specials or (caps.special_kinds is not None and kind not in caps.special_kinds):
        pytest.skip(f"{fmt} does not hold {kind.name}")
    game = _game(kind, kind, comments=("a note",) if caps.comments else ())
    text, lossy = _written(game, fmt)
    back = kifu_lark.loads(text, fmt)
    specials = [n for n in back.mainline() if n.special is not None]
    if caps.consecutive_specials:
        assert lossy == []
        assert [n.special.kind for n in specials if n.special] == [kind, kind]
    else:
        assert [(w.kind, w.written) for w in lossy] == [(kind.name, None)]
        assert len(specials) == 1
        assert specials[0].comments == ["a note", "a note"]


def test_convert_reports_a_fold(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """KIF holds 封じ手; JKF writes it as 中断: convert says so on stderr and succeeds."""
    source = tmp_path / "game.kifu"
    kifu_lark.dump(_game(SpecialKind.SEALED), source)
    target = tmp_path / "game.jkf"
    status = main(["convert", str(source), "-o", str(target)])
    assert status == 0
    err = capsys.readouterr().err
    assert f"{source}: warning: jkf has no SEALED: written as INTERRUPT" in err.splitlines()
    assert _last_special(target.read_text(encoding="utf-8"), "jkf") is SpecialKind.INTERRUPT


def test_folder_convert_counts_files_with_warnings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    kifu_lark.dump(_game(SpecialKind.SEALED), folder / "a.kifu")
    kifu_lark.dump(_game(SpecialKind.RESIGN), folder / "b.kifu")
    status = main(["convert", str(folder), "--to", "jkf", "-o", str(tmp_path / "out")])
    assert status == 0
    err = capsys.readouterr().err
    assert "2 files, 2 converted, 0 failed, 2 files written, 1 with warnings" in err
    folded = "jkf has no SEALED: written as INTERRUPT"
    assert [line for line in err.splitlines() if line.endswith(folded)] != []


@pytest.mark.parametrize("fmt", ["csa", "jkf", "kif", "ki2", "usi"])
def test_a_start_move_number_is_kept_or_its_loss_said(fmt: str) -> None:
    """A start position at move 58 (a BOD snapshot): formats with a move number keep it,
    the others write move 1 and say so."""
    game = kifu_lark.loads("sfen 4k4/9/9/9/9/9/9/9/4K4 b G 58 moves G*5b", "usi")
    game.format = None
    caps = kifu_lark.get_format(fmt).capabilities
    text, lossy = _written(game, fmt)
    back = kifu_lark.loads(text, fmt)
    if caps.start_ply:
        assert (back.start.ply, lossy) == (58, [])
    else:
        assert back.start.ply == 1
        assert [(w.format, w.kind) for w in lossy] == [(fmt, "START_PLY")]
