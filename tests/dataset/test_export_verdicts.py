"""``export``'s ``termination`` and ``verdict_agrees`` columns: what the rules say of each
main line's ending (``kifu_lark.verdict``), in Parquet and JSON lines alike."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import kifu_lark
from kifu_lark.cli import main
from kifu_lark.dataset import export
from kifu_lark.dataset.replay import replay
from kifu_lark.dataset.rows import GAME_COLUMNS
from kifu_lark.dataset.verdict_reports import verdict_columns
from tests.conftest import FIXTURES, ROOT, corpus_dir

FOLDER = FIXTURES / "verdicts"
#: Each fixture's (end_reason, termination, verdict_agrees) under the 27-point rule.
EXPECTED = {
    "entering-king-30-points.kif": ("ENTERING_KING_WIN", "IMPASSE", True),
    "mate-contradicted.csa": ("MATE", None, False),
    "mate-contradicted.kif": ("MATE", None, False),
    "repetition-agrees.kif": ("REPETITION", "REPETITION", True),
    "repetition-contradicted.jkf": ("REPETITION", None, False),
    "resign-agrees.csa": ("RESIGN", None, True),
    "resign-agrees.jkf": ("RESIGN", None, True),
    "resign-agrees.ki2": ("RESIGN", None, True),
    "resign-contradicted.ki2": ("RESIGN", None, False),
}


def _rows(out: Path, to: str) -> dict[str, tuple[Any, ...]]:
    """The games table's verdict columns, by file name."""
    if to == "parquet":
        pq = pytest.importorskip("pyarrow.parquet")
        rows = pq.read_table(out / "games").to_pylist()
    else:
        text = (out / "games" / "part-00000.jsonl").read_text(encoding="utf-8")
        rows = [json.loads(line) for line in text.splitlines()]
    return {
        Path(r["source"]).name: (r["end_reason"], r["termination"], r["verdict_agrees"])
        for r in rows
    }


@pytest.mark.parametrize("to", ["parquet", "jsonl"])
def test_each_game_has_its_verdict(tmp_path: Path, to: str) -> None:
    """Every record of the folder: the declared ending, the rules' termination and whether
    they agree."""
    export([str(FOLDER)], str(tmp_path / "out"), to=to, positions=False)
    assert EXPECTED == _rows(tmp_path / "out", to)


def test_the_parquet_columns_are_typed(tmp_path: Path) -> None:
    """``termination`` is a string, ``verdict_agrees`` a boolean, beside ``end_reason``."""
    pq = pytest.importorskip("pyarrow.parquet")
    export([str(FOLDER)], str(tmp_path / "out"), positions=False)
    schema = pq.read_table(tmp_path / "out" / "games").schema
    assert list(GAME_COLUMNS) == schema.names
    assert ("string", "bool") == (
        str(schema.field("termination").type),
        str(schema.field("verdict_agrees").type),
    )
    assert schema.names.index("end_reason") + 1 == schema.names.index("termination")


def test_the_impasse_rule_changes_a_verdict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--impasse 24: the 30-point declaration is a draw, the declared win contradicted; the
    other rows are as under the 27-point rule. A resume must use the same rule."""
    out = tmp_path / "out"
    argv = ["export", str(FOLDER), "-o", str(out), "--to", "jsonl", "--impasse", "24"]
    assert 0 == main(argv)
    capsys.readouterr()
    expected = {
        **EXPECTED,
        "entering-king-30-points.kif": ("ENTERING_KING_WIN", "IMPASSE", False),
    }
    assert expected == _rows(out, "jsonl")
    assert 2 == main([*argv[:-1], "27", "--resume"])
    assert "exported with other options (impasse)" in capsys.readouterr().err


def test_export_help_names_impasse(capsys: pytest.CaptureFixture[str]) -> None:
    """export --help names --impasse and its rules."""
    assert 0 == main(["export", "--help"])
    assert "--impasse {27,24}" in " ".join(capsys.readouterr().out.split())


def test_the_docs_list_every_games_column() -> None:
    """docs/datasets.md's games table names every column, the verdict ones included."""
    text = (ROOT / "docs" / "datasets.md").read_text(encoding="utf-8")
    table = text[text.index("| column | type |") : text.index("`positions`, one row")]
    named: set[str] = set()
    for line in table.splitlines()[2:]:
        if not line.startswith("|"):
            continue
        first = line.split("|")[1]
        named.update(part.strip(" `") for part in first.split(","))
    assert set(GAME_COLUMNS) == named


def _games_to_judge() -> list[tuple[str, kifu_lark.Game]]:
    """Every shogi game of the verdict fixtures, the other fixtures and the corpus (each
    file's games, read as its reader returns them; files that do not read are left out),
    and games read with a breach let through."""
    roots = [FIXTURES, *(r for r in [corpus_dir()] if r is not None)]
    found: list[tuple[str, kifu_lark.Game]] = []
    for root in roots:
        for path in sorted(root.rglob("*")):
            if not path.is_file() or path.suffix.lower() not in _JUDGED_SUFFIXES:
                continue
            try:
                games = kifu_lark.load_all(path)
            except kifu_lark.KifuError:
                continue
            found += [(path.name, g) for g in games if g.game == "shogi"]
    for text in ("+7776FU\n+2726FU\n-3334FU\n%TORYO\n", "+7776FU\n+2726FU\n%TSUMI\n"):
        found.append(("wrong turn", kifu_lark.loads(text, "csa", tolerate="wrong_turn")))
    return found


_JUDGED_SUFFIXES = (".csa", ".kif", ".kifu", ".ki2", ".ki2u", ".jkf", ".msk", ".usi", ".sfen")


@pytest.mark.parametrize("impasse", ["27", "24"])
def test_the_replays_board_is_judged_as_the_verdict_judges_the_game(impasse: str) -> None:
    """The export judges each main line on the board its replay ends on, not replaying it
    again: the columns are ``verdict_columns`` of the game alone, with and without the
    positions, on every fixture and corpus game (breaches read with a tolerance among
    them: those are played again, checked)."""
    games = _games_to_judge()
    assert len(games) > 100
    judged = 0
    for name, game in games:
        alone = verdict_columns(game, impasse)
        for positions in (True, False):
            assert alone == verdict_columns(game, impasse, replay(game, positions)), name
        judged += alone != (None, None)
    assert judged > 10  # some endings the rules judge
