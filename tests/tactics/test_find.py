"""find(): lines of the tree, the index, replaces, custom tactic sets; writing tactics into
records (dumps, convert --tactics) and the ``kifu-lark tactics`` command."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

import kifu_lark
from kifu_lark import tactics
from kifu_lark.board import Board
from kifu_lark.cli import main
from kifu_lark.errors import UnsupportedFeatureError
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game, Node
from kifu_lark.model.move import Move
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.position import Position
from kifu_lark.model.square import Square
from kifu_lark.tactics import match
from tests.tactics.expect import FOLDER

MINO = FOLDER / "美濃囲い.kif"


def names(found: list[tactics.Found]) -> dict[tuple[str, str], int]:
    return {(f.side.kanji, f.name): f.ply for f in found}


def test_a_variation_is_its_own_line() -> None:
    """line=node: the path to the node, then its main line. A variation where the gold goes
    to 7八 has only 片美濃囲い; the main line keeps 美濃囲い."""
    game = kifu_lark.load(MINO)
    before = game.mainline()[15]  # after move 16
    variation = before.add_variation(Move(Color.BLACK, Square(7, 8), PieceKind.GOLD, Square(6, 9)))
    main_line = names(tactics.find(game))
    side_line = names(tactics.find(game, line=variation))
    assert (17, None) == (main_line[("先手", "美濃囲い")], main_line.get(("先手", "片美濃囲い")))
    assert (None, 15) == (side_line.get(("先手", "美濃囲い")), side_line[("先手", "片美濃囲い")])
    assert side_line[("後手", "棒銀")] == 14  # the path before the variation counts too
    assert tactics.find(game, line=variation)[-1].node.ply <= 17


def test_a_node_of_another_game_is_refused() -> None:
    """As game.line does: a node outside the tree is a ValueError."""
    game, other = kifu_lark.load(MINO), kifu_lark.load(MINO)
    with pytest.raises(ValueError):
        tactics.find(game, line=other.mainline()[3])


def test_replaces_drops_the_parent_only_when_the_child_is_found() -> None:
    """Alone, 片美濃囲い is found at 15; with 美濃囲い in the set it is dropped."""
    game = kifu_lark.load(MINO)
    by_name = {t.name: t for t in tactics.shipped()}
    alone = names(tactics.find(game, tactics=[by_name["片美濃囲い"]]))
    both = names(tactics.find(game, tactics=[by_name["片美濃囲い"], by_name["美濃囲い"]]))
    assert 15 == alone[("先手", "片美濃囲い")]
    assert ("先手", "片美濃囲い") not in both and 17 == both[("先手", "美濃囲い")]


def test_a_refinement_lists_its_parents() -> None:
    """The found refinement carries its file's replaces (nearest first); others carry none."""
    found = {(f.side.kanji, f.name): f for f in tactics.find(kifu_lark.load(FOLDER / "銀冠.kif"))}
    assert ("片銀冠", "高美濃囲い", "美濃囲い", "片美濃囲い") == found[("先手", "銀冠")].parents
    assert all(not f.parents for f in found.values() if f.name != "銀冠")


def test_every_lineage_is_complete() -> None:
    """A file's replaces also names its parents' parents, so a refinement found without the
    steps between (a castle built in another order) still drops all of them."""
    by_name = {t.name: t for t in tactics.shipped()}
    for tactic in by_name.values():
        for parent in tactic.replaces:
            missing = set(by_name[parent].replaces) - set(tactic.replaces)
            assert not missing, f"{tactic.name} replaces {parent} but not {missing}"


def test_each_move_tries_only_the_patterns_its_piece_and_square_can_fire() -> None:
    """The candidates a move tries are the tactics with a trigger cell on its destination
    (seen from the mover's side) for the piece now standing there, or tactics without a
    trigger; never the whole set."""
    game = kifu_lark.load(MINO)
    matcher = match.Matcher(game, match.index_for(tactics.shipped(), game.start.variant))
    tried: list[tuple[Node, list[match.Compiled]]] = []
    matcher.tried = tried
    assert matcher.run(game, game.line(None)), "the 美濃囲い game finds nothing"
    unjustified, tries = [], 0
    for node, candidates in tried:
        move = node.move
        assert move is not None
        seen = (
            move.to if move.color is Color.BLACK else Square(10 - move.to.file, 10 - move.to.rank)
        )
        for compiled in candidates:
            tries += 1
            tactic = compiled.tactic
            triggers = tactic.triggers
            if tactic.anchored:
                # drawn around the moved piece: the piece must be the trigger's, the square
                # one the rank: and file: keys allow
                fits = triggers[0].kind is move.piece_after and (
                    not tactic.ranks or seen.rank in tactic.ranks
                )
            elif tactic.pieces and not triggers:
                fits = move.piece_after in tactic.pieces
            else:
                fits = not triggers or (seen, move.piece_after) in {
                    (c.square, c.kind) for c in triggers
                }
            if not fits:
                unjustified.append((node.ply, tactic.name))
    assert [] == unjustified
    # Every triggered try is justified above; a pattern without a trigger is tried after each
    # of its side's moves. Trying every tactic on every move would be len(set) * moves tries:
    # the index must stay well under a fifth of that.
    moves = sum(node.move is not None for node in game.mainline())
    shipped = len(tactics.shipped())
    assert 0 < tries < shipped * moves / 5, (tries, shipped, moves)


def test_start_heite_is_the_default() -> None:
    """The same moves from a start without 後手's 1一 lance (not 平手) find no 美濃囲い,
    unless the file says `start: any`."""
    moves = [n.move for n in kifu_lark.load(MINO).mainline() if n.move is not None]
    start = Position.initial().with_piece(Square(1, 1), None)
    board = Board(start)
    for move in moves:
        board.push(move)
    game = board.to_game()
    mino = next(t for t in tactics.shipped() if t.name == "美濃囲い")
    anywhere = attrs.evolve(mino, start="any")
    assert [] == tactics.find(game, tactics=[mino])
    assert [17] == [f.ply for f in tactics.find(game, tactics=[anywhere])]


def test_dumps_writes_headers_and_comments_in_kif_ki2_and_csa() -> None:
    """tactics=True: bioshogi's header keys, and ▲囲い：美濃囲い on move 17; they read back;
    the game itself is left as it was."""
    game = kifu_lark.load(MINO)
    for fmt in ("kif", "ki2", "csa", "jkf"):
        text = kifu_lark.dumps(game, fmt, tactics=True)
        back = kifu_lark.loads(text, fmt)
        assert "美濃囲い" == back.headers["先手の囲い"]
        assert "棒銀" == back.headers["後手の戦法"]
        assert "振り飛車, 対抗形, 対居飛車" == back.headers["先手の備考"]
        assert "▲囲い：美濃囲い" in back.mainline()[16].comments
        assert "△戦法：棒銀" in back.mainline()[13].comments
    assert "先手の囲い" not in game.headers and not game.mainline()[16].comments


def test_dumps_checks_the_tactics_option() -> None:
    """A misspelling is a TypeError naming the option; a format without headers or
    comments refuses tactics=True."""
    game = kifu_lark.load(MINO)
    with pytest.raises(TypeError, match="tactic"):
        kifu_lark.dumps(game, "kif", tactic=True)
    with pytest.raises(UnsupportedFeatureError):
        kifu_lark.dumps(game, "usi", tactics=True)


def test_writing_twice_adds_no_second_comment() -> None:
    """A record read back from its annotated text and annotated again is unchanged."""
    game = kifu_lark.load(MINO)
    once = kifu_lark.dumps(game, "kif", tactics=True)
    twice = kifu_lark.dumps(kifu_lark.loads(once, "kif"), "kif", tactics=True)
    assert once == twice


def test_cli_lists_tactics_as_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    """`kifu-lark tactics FILE` prints FILE:PLY: ▲ CATEGORY NAME; --format json the same."""
    assert 0 == main(["tactics", str(MINO)])
    assert f"{MINO}:17: ▲ 囲い 美濃囲い ← 片美濃囲い" in capsys.readouterr().out.splitlines()
    assert 0 == main(["tactics", "--format", "json", str(MINO)])
    data = json.loads(capsys.readouterr().out)
    (game,) = data["files"][0]["games"]
    assert {"side": "後手", "category": "戦法", "name": "棒銀", "ply": 14, "parents": []} in game
    mino = {"side": "先手", "category": "囲い", "name": "美濃囲い", "ply": 17}
    assert {**mino, "parents": ["片美濃囲い"]} in game


def test_cli_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """0 when every file reads, 1 when one does not (it is reported), 2 on usage errors."""
    bad = tmp_path / "bad.usi"
    bad.write_text("position startpos moves 7g7f 7g7f\n", encoding="utf-8")
    assert 1 == main(["tactics", str(MINO), str(bad)])
    assert "bad.usi" in capsys.readouterr().out
    assert 2 == main(["tactics"])
    assert 2 == main(["tactics", str(tmp_path / "missing.kif")])
    assert 0 == main(["tactics", "--list"])
    listed = capsys.readouterr().out.splitlines()
    assert "囲い 美濃囲い (本美濃囲い, 本美濃) ← 片美濃囲い" in listed
    assert "囲い 銀冠 ← 片銀冠, 高美濃囲い, 美濃囲い, 片美濃囲い" in listed


def test_convert_tactics(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`convert --tactics` writes the headers; to a format without any it is a usage error."""
    out = tmp_path / "out.ki2"
    assert 0 == main(["convert", str(MINO), "-o", str(out), "--tactics"])
    assert "棒銀" == kifu_lark.load(out).headers["後手の戦法"]
    assert 0 == main(["convert", str(MINO), "--to", "csa", "--tactics"])
    assert "$先手の囲い:美濃囲い" in capsys.readouterr().out
    assert 2 == main(["convert", str(MINO), "--to", "sfen", "--tactics"])


def test_a_game_built_by_hand_is_searched_too() -> None:
    """find() needs no reader: a Game built from moves (captured left unset) works."""
    game = kifu_lark.load(FOLDER / "角換わり.kif")
    bare = Game()
    node = bare.root
    for step in game.mainline():
        assert step.move is not None
        m = step.move
        node = node.grow(Move(m.color, m.to, m.piece, m.from_, m.promote), None, None)
    assert names(tactics.find(game)) == names(tactics.find(bare))
