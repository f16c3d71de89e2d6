"""What find() says about each tactic it found (squares, targets, clauses) and the
``kifu-lark tactics --explain`` and ``--stats`` outputs."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest

import kifu_lark
from kifu_lark import tactics
from kifu_lark.cli import main
from kifu_lark.model.square import Square
from tests.conftest import FIXTURES
from tests.tactics.expect import FOLDER

MINO = FOLDER / "美濃囲い.kif"
FORK = FOLDER / "ふんどしの桂.kif"


def test_squares_are_the_pattern_as_it_stands_for_each_side() -> None:
    """美濃囲い (先手) names its drawn squares; 棒銀 (後手) its squares turned 180°."""
    by_name = {t.name: t for t in tactics.shipped()}
    found = {(f.side.kanji, f.name): f for f in tactics.find(kifu_lark.load(MINO))}
    mino, bougin = found[("先手", "美濃囲い")], found[("後手", "棒銀")]
    assert {c.square for c in by_name["美濃囲い"].cells} == set(mino.squares)
    turned = {Square(10 - c.square.file, 10 - c.square.rank) for c in by_name["棒銀"].cells}
    assert turned == set(bougin.squares)
    assert () == mino.targets
    assert "ply: ..90" in mino.clauses


def test_an_anchored_pattern_names_the_squares_where_it_fit() -> None:
    """頭金 drawn at 5二 under 5一 is found (後手) on 5八 over ▲'s king on 5九."""
    (found,) = [f for f in tactics.find(kifu_lark.load(FOLDER / "頭金.kif")) if f.name == "頭金"]
    assert {Square(5, 8), Square(5, 9)} == set(found.squares)


def test_cli_explain_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    """--explain adds squares, targets and clauses under the line; JSON carries them."""
    assert 0 == main(["tactics", "--explain", str(FORK)])
    out = capsys.readouterr().out.splitlines()
    line = out.index(f"{FORK}:1: ▲ 手筋 ふんどしの桂 ← 両取り")
    block = out[line + 1 : line + 6]
    (targets,) = [text for text in block if text.startswith("    targets: ")]
    assert {"6三", "4三"} == set(targets.split()[1:])
    assert "    clause: attacks: 2 of 玉 飛 龍 角 馬 金 銀" in block
    assert 0 == main(["tactics", "--explain", "--format", "json", str(FORK)])
    (game,) = json.loads(capsys.readouterr().out)["files"][0]["games"]
    (item,) = [i for i in game if i["name"] == "ふんどしの桂"]
    assert {"6三", "4三"} == set(item["targets"])
    assert "piece: 桂" in item["clauses"]
    assert 0 == main(["tactics", "--format", "json", str(FORK)])
    (game,) = json.loads(capsys.readouterr().out)["files"][0]["games"]
    assert all("targets" not in i for i in game)


def test_cli_csv_lists_one_row_a_tactic(capsys: pytest.CaptureFixture[str]) -> None:
    """--format csv: a header, then file, game, ply, side, category, name, parents."""
    assert 0 == main(["tactics", "--format", "csv", str(MINO)])
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert ["file", "game", "ply", "side", "category", "name", "parents", "error"] == rows[0]
    assert [str(MINO), "1", "17", "先手", "囲い", "美濃囲い", "片美濃囲い", ""] in rows


def test_cli_stats_counts_games_per_side_and_tactic(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two copies of the 美濃囲い game and the fork game: 美濃囲い 2 for 先手, ふんどしの桂 1;
    the same in text, JSON and CSV; an unreadable file makes the exit status 1."""
    for i, source in enumerate((MINO, MINO, FORK)):
        shutil.copy(source, tmp_path / f"{i}.kif")
    assert 0 == main(["tactics", "--stats", "--format", "json", str(tmp_path)])
    data = json.loads(capsys.readouterr().out)
    rows = {(r["category"], r["name"]): r for r in data["tactics"]}
    assert (3, 3) == (data["files"], data["games"])
    assert {"先手": 2, "後手": 0, "total": 2} == {
        k: rows[("囲い", "美濃囲い")][k] for k in ("先手", "後手", "total")
    }
    assert 1 == rows[("手筋", "ふんどしの桂")]["先手"]
    assert 2 == rows[("戦法", "棒銀")]["後手"]
    assert 0 == main(["tactics", "--stats", "--format", "csv", str(tmp_path)])
    table = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert ["category", "name", "先手", "後手", "total"] == table[0]
    assert ["囲い", "美濃囲い", "2", "0", "2"] in table
    assert 0 == main(["tactics", "--stats", str(tmp_path)])
    text = capsys.readouterr().out.splitlines()
    assert "3 files, 3 games" == text[0]
    assert any(line.split() == ["2", "0", "2", "囲い", "美濃囲い"] for line in text)
    (tmp_path / "bad.usi").write_text("position startpos moves 7g7f 7g7f\n", encoding="utf-8")
    assert 1 == main(["tactics", "--stats", str(tmp_path)])
    assert "bad.usi: not read" in capsys.readouterr().out


def test_cli_reports_a_record_of_another_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A シェルト record in the folder is reported (UNSUPPORTED, exit 1), not a traceback;
    the shogi records beside it are still counted."""
    shutil.copy(MINO, tmp_path / "mino.kif")
    shutil.copy(FIXTURES / "shelt-strict" / "annotated.shst", tmp_path / "game.shst")
    assert 1 == main(["tactics", str(tmp_path)])
    out = capsys.readouterr().out
    assert "game.shst" in out and "[UNSUPPORTED]" in out and "美濃囲い" in out
    assert 1 == main(["tactics", "--stats", "--format", "json", str(tmp_path)])
    data = json.loads(capsys.readouterr().out)
    assert (2, 1) == (data["files"], data["games"])
