"""The ending a KIF/KI2 まで line names against the special line before it: another ending
(``投了`` then ``まで80手で千日手``, a win against a draw …) reads with a ``SUMMARY_KIND``
warning on the まで line, keeps what the record says, and ``verdict`` reports it; the
pairs the writers really write (Kifu for Windows, ShogiGUI, Piyo, ShogiHome: 詰み with
``まで N手詰`` or ``先手の勝ち``, 切れ負け with ``時間切れにより``) read without one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import kifu_lark
from kifu_lark import SpecialKind, verdict
from kifu_lark.errors import KifuError
from kifu_lark.formats.registry import format_for_path
from kifu_lark.formats.summary_line import SUMMARY_KIND_HINT
from kifu_lark.textio import decode
from tests.conftest import require_corpus

K = SpecialKind
KIF_HEAD = "手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n"


def _kif(special: str, summary: str) -> str:
    """Two moves, the special line (先手 to move), the まで line (line 5)."""
    return f"{KIF_HEAD}   3 {special}\n{summary}\n"


AGREEING = [
    ("詰み", "まで2手詰"),  # problems (Kifu for Windows, the corpus's tsume records)
    ("詰み", "まで2手で詰"),
    ("詰み", "まで2手で詰み"),
    ("詰み", "まで2手で後手の勝ち"),  # a win: 詰み is one
    ("投了", "まで2手で後手の勝ち"),
    ("切れ負け", "まで2手で時間切れにより後手の勝ち"),
    ("切れ負け", "まで2手で後手の勝ち"),
    ("反則勝ち", "まで2手で先手の反則勝ち"),
    ("反則負け", "まで2手で先手の反則負け"),
    ("入玉勝ち", "まで2手で先手の入玉勝ち"),
    ("千日手", "まで2手で千日手"),
    ("千日手", "まで2手で引き分け"),  # a draw: 千日手 is one
    ("持将棋", "まで2手で持将棋"),
    ("中断", "まで2手で中断"),
    ("不詰", "まで2手で不詰"),
    ("封じ手", "まで2手で封じ手"),
    ("指し直し", "まで2手で千日手"),  # a word no kind names: nothing to compare
    ("投了", "まで2手で指し直し"),
]
CONTRADICTED = [
    ("投了", "まで2手で千日手", K.RESIGN, K.REPETITION),
    ("投了", "まで2手で中断", K.RESIGN, K.INTERRUPT),
    ("投了", "まで2手で持将棋", K.RESIGN, K.IMPASSE),
    ("投了", "まで2手で時間切れにより後手の勝ち", K.RESIGN, K.TIME_UP),
    ("投了", "まで2手で先手の反則勝ち", K.RESIGN, K.ILLEGAL_WIN),
    ("投了", "まで2手で先手の入玉勝ち", K.RESIGN, K.ENTERING_KING_WIN),
    ("投了", "まで2手詰", K.RESIGN, K.MATE),
    ("千日手", "まで2手で後手の勝ち", K.REPETITION, K.RESIGN),  # a win against a draw
    ("持将棋", "まで2手で先手の勝ち", K.IMPASSE, K.RESIGN),
    ("中断", "まで2手で先手の勝ち", K.INTERRUPT, K.RESIGN),
    ("千日手", "まで2手で持将棋", K.REPETITION, K.IMPASSE),
    ("詰み", "まで2手で千日手", K.MATE, K.REPETITION),
    ("詰み", "まで2手で不詰", K.MATE, K.NO_MATE),
    ("中断", "まで2手で封じ手", K.INTERRUPT, K.SEALED),
]


@pytest.mark.parametrize(("special", "summary"), AGREEING)
def test_the_pairs_writers_write_read_without_a_warning(special: str, summary: str) -> None:
    """A まで line describing the special before it: no warning, nothing kept."""
    game = kifu_lark.loads(_kif(special, summary), "kif")
    assert [] == [w.code for w in game.warnings]
    assert game.summary_line is None


@pytest.mark.parametrize(("special", "summary", "kind", "said"), CONTRADICTED)
def test_another_ending_is_warned_on_the_summary_line(
    special: str, summary: str, kind: SpecialKind, said: SpecialKind
) -> None:
    """One SUMMARY_KIND warning, on the まで line with its hint; the special line's ending
    is the game's, the まで line kept as read with the ending it names."""
    game = kifu_lark.loads(_kif(special, summary), "kif")
    assert ["SUMMARY_KIND"] == [w.code for w in game.warnings]
    (warning,) = game.warnings
    assert (5, 1, SUMMARY_KIND_HINT) == (warning.line, warning.column, warning.hint)
    assert repr(summary) in warning.message and special in warning.message
    end = game.mainline()[-1].special
    assert end is not None and kind is end.kind
    assert game.summary_line is not None
    assert (summary, said) == (game.summary_line.text, game.summary_line.kind)


@pytest.mark.parametrize(("special", "summary", "kind", "said"), CONTRADICTED)
def test_verdict_reports_another_ending(
    special: str, summary: str, kind: SpecialKind, said: SpecialKind
) -> None:
    """verdict(): the まで line naming another ending contradicts the record's ending,
    the reason quoting the line; the declared special stays the special line's."""
    judged = verdict(kifu_lark.loads(_kif(special, summary), "kif"))
    assert judged.agrees is False
    assert f"the まで line {summary!r} names another ending than the special" in judged.reason
    assert judged.declared is not None and kind is judged.declared.kind


def test_a_resignation_the_rules_bear_out_is_contradicted_by_its_summary_alone() -> None:
    """投了 by the side to move agrees with the rules; a まで 千日手 line makes the verdict
    disagree, saying both."""
    judged = verdict(kifu_lark.loads(_kif("投了", "まで2手で千日手"), "kif"))
    assert judged.agrees is False
    assert judged.reason.startswith("先手, to move, resigns; the まで line")


def test_ki2_special_move_against_its_summary() -> None:
    """KI2's special on a move line (``▲投了``) is compared with its まで line too."""
    game = kifu_lark.loads("▲７六歩 △３四歩 ▲投了\nまで2手で千日手\n", "ki2")
    assert ["SUMMARY_KIND"] == [w.code for w in game.warnings]
    assert (2, 1) == (game.warnings[0].line, game.warnings[0].column)
    end = game.mainline()[-1].special
    assert end is not None and K.RESIGN is end.kind
    agreeing = kifu_lark.loads("▲７六歩 △３四歩 ▲投了\nまで2手で後手の勝ち\n", "ki2")
    assert [] == agreeing.warnings


def test_a_variation_summary_naming_another_ending_is_warned() -> None:
    """A variation's まで line is compared with the variation's special."""
    text = _kif("投了", "まで2手で後手の勝ち") + "\n変化：2手\n   2 ８四歩(83)\n   3 中断\n"
    text += "まで2手で千日手\n"
    game = kifu_lark.loads(text, "kif")
    codes = [(w.code, w.line) for w in game.warnings]
    assert [("SUMMARY_KIND", 10)] == codes
    assert game.summary_line is None  # only the main line's is kept


def test_kif_writes_the_kept_line_back_and_reads_the_same_warning() -> None:
    """KIF writes the まで line kept as read, after the special line: read again, the same
    ending, the same line, the same warning."""
    game = kifu_lark.loads(_kif("投了", "まで2手で千日手"), "kif")
    again = kifu_lark.loads(kifu_lark.dumps(game, "kif"), "kif")
    assert game == again
    assert game.summary_line == again.summary_line
    assert ["SUMMARY_KIND"] == [w.code for w in again.warnings]


def test_the_corpus_pairs_read_without_a_warning() -> None:
    """Every KIF and KI2 record of ../shared/corpus (Kifu for Windows, ShogiGUI, Piyo,
    ShogiHome, Kifu for JS's test files that end a variation with each special) reads
    without a SUMMARY warning: each まで line there describes its special."""
    root = require_corpus()
    warned, paired = [], 0
    for path in sorted(root.rglob("*")):
        fmt = format_for_path(path.name) if path.is_file() else None
        if fmt is None or fmt.name not in ("kif", "ki2"):
            continue
        try:
            games = kifu_lark.load_all(path, fmt, tolerate=["two_pawns", "wrong_turn"])
        except KifuError:
            continue  # the readers' tests' business
        paired += "まで" in decode(path.read_bytes())[0]
        warned += [(path.name, w.code) for g in games for w in g.warnings if "SUMMARY" in w.code]
    assert [] == warned
    assert paired > 40  # files with a まで line were read


def test_validate_prints_the_warning_with_its_hint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``kifu-lark validate``: the record is valid, the SUMMARY_KIND warning on the まで
    line ends with its hint; --json gives the hint in the warning item."""
    from kifu_lark.cli import main

    path = tmp_path / "kind.kif"
    path.write_text(_kif("投了", "まで2手で千日手"), encoding="utf-8")
    assert 0 == main(["validate", str(path)])
    warning, summary = capsys.readouterr().out.splitlines()
    assert warning.startswith(f"{path}:5:1: warning: the まで line 'まで2手で千日手'")
    assert warning.endswith(f"[SUMMARY_KIND] ({SUMMARY_KIND_HINT})")
    assert "1 files, 1 valid, 0 invalid" == summary
    assert 0 == main(["validate", "--json", str(path)])
    (item,) = json.loads(capsys.readouterr().out)["files"][0]["warnings"]
    assert ("SUMMARY_KIND", 5, SUMMARY_KIND_HINT) == (item["code"], item["line"], item["hint"])
