"""Every CSA file of ../shared/corpus reads, survives write + read, and (where the corpus has
the JKF its project expects) gives the same start, main line, specials and times."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import kifu_lark
from kifu_lark.formats.jkf_write import PRESETS as JKF_PRESETS
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game
from kifu_lark.model.handicap import handicap_name
from kifu_lark.model.move import SpecialKind
from tests.conftest import corpus_dir

CORPUS = corpus_dir()
FILES = sorted(CORPUS.rglob("*.csa")) if CORPUS else []
#: Corpus files that are genuinely broken, with the reason (none so far: every file reads).
GENUINE_FAILURES: dict[str, str] = {}
#: JKF preset → our handicap name (the JKF writer's table, tested in test_jkf.py).
PRESETS = {preset: handicap for handicap, preset in JKF_PRESETS.items()}


def _name(path: Path) -> str:
    assert CORPUS is not None
    return str(path.relative_to(CORPUS))


def _expected_jkf(path: Path) -> Path | None:
    assert CORPUS is not None
    candidates = [
        CORPUS / "json-kifu-format" / "expected-jkf" / "csa" / (path.name + ".jkf.json"),
        path.with_suffix(".json"),
    ]
    if "json-kifu-format" not in path.parts and "shogi-kifu-converter" not in path.parts:
        return None
    return next((c for c in candidates if c.is_file()), None)


def _special_name(game: Game, kind: SpecialKind, color: Color | None) -> str:
    if kind is SpecialKind.ILLEGAL_LOSS and color is not None:
        return color.value + "ILLEGAL_ACTION"
    if kind is SpecialKind.ILLEGAL_WIN and color is not None:
        return color.opponent.value + "ILLEGAL_ACTION"
    return kind.value


def _jkf_line(game: Game) -> list[dict[str, Any]]:
    """Our main line in JKF's terms (what the expected files hold)."""
    out: list[dict[str, Any]] = []
    for node in game.mainline():
        step: dict[str, Any] = {}
        if node.move is not None:
            m = node.move
            step["move"] = {
                "to": [m.to.file, m.to.rank],
                "from": None if m.from_ is None else [m.from_.file, m.from_.rank],
                "piece": m.piece.value,
                "promote": m.promote,
            }
        if node.special is not None:
            step["special"] = _special_name(game, node.special.kind, node.special.color)
        if node.time is not None:
            step["time"] = node.time.spent
        out.append(step)
    return out


def _expected_line(data: dict[str, Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for entry in data["moves"][1:]:
        step: dict[str, Any] = {}
        if "move" in entry:
            m = entry["move"]
            origin = m.get("from")
            step["move"] = {
                "to": [m["to"]["x"], m["to"]["y"]],
                "from": None if origin is None else [origin["x"], origin["y"]],
                "piece": m["piece"],
                "promote": bool(m.get("promote", False)),
            }
        if "special" in entry:
            step["special"] = entry["special"]
        if "time" in entry:
            now = entry["time"]["now"]
            step["time"] = now.get("h", 0) * 3600 + now.get("m", 0) * 60 + now.get("s", 0)
        out.append(step)
    return out


def _check_start(game: Game, initial: dict[str, Any]) -> None:
    preset = initial.get("preset", "HIRATE")
    if preset != "OTHER":
        assert PRESETS[preset] == handicap_name(game.start)
        return
    data = initial["data"]
    board = {
        (x + 1, y + 1): (cell["color"], cell["kind"])
        for x, column in enumerate(data["board"])
        for y, cell in enumerate(column)
        if cell
    }
    ours = {
        (sq.file, sq.rank): (0 if p.color is Color.BLACK else 1, p.kind.value)
        for sq, p in game.start.pieces()
    }
    assert board == ours
    hands = [{k: n for k, n in side.items() if n} for side in data["hands"]]
    assert hands == [{k.value: n for k, n in h.items()} for h in game.start.hands]
    assert data["color"] == (0 if game.start.turn is Color.BLACK else 1)


def test_corpus_has_csa_files() -> None:
    """The corpus (when present) holds the CSA files this module reads."""
    if CORPUS is None:
        pytest.skip("../shared/corpus is absent: third-party records are not in the repo")
    assert len(FILES) >= 50


@pytest.mark.parametrize("path", FILES, ids=[_name(p) for p in FILES] if CORPUS else [])
def test_corpus_file_reads_and_survives_write_and_read(path: Path) -> None:
    """Each CSA file reads (or fails as listed), and write then read gives the same games."""
    if _name(path) in GENUINE_FAILURES:
        with pytest.raises(kifu_lark.KifuError):
            kifu_lark.load_all(path, "csa")
        return
    games = kifu_lark.load_all(path, "csa")
    assert games
    for game in games:
        for version in ("3.0", "2.2"):
            text = kifu_lark.dumps(game, "csa", version=version)
            assert game == kifu_lark.loads(text, "csa"), text


WITH_JKF = [(p, j) for p in FILES if (j := _expected_jkf(p)) is not None]


@pytest.mark.parametrize(
    ("path", "expected"), WITH_JKF, ids=[_name(p) for p, _ in WITH_JKF] if CORPUS else []
)
def test_corpus_main_line_matches_the_expected_jkf(path: Path, expected: Path) -> None:
    """Start position, moves, specials and times agree with the project's expected JKF."""
    data = json.loads(expected.read_text(encoding="utf-8"))
    game = kifu_lark.load(path, "csa")
    _check_start(game, data.get("initial", {}))
    assert _expected_line(data) == _jkf_line(game)
