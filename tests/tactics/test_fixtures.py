"""Every fixture game shows its tactics where its ``.expect`` says, and not the near misses;
every shipped tactic has both; a game rotated 180° with the colours swapped shows the same
tactics with the sides swapped."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kifu_lark
from kifu_lark import tactics
from kifu_lark.board import Board
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game
from kifu_lark.model.move import Move
from kifu_lark.model.piece import Piece
from kifu_lark.model.position import Position
from kifu_lark.model.square import Square
from tests.tactics.expect import FOLDER, claims, records

RECORDS = records()


def test_there_are_fixtures() -> None:
    """The folder is found and holds records with claims (the tests below are not empty)."""
    assert RECORDS and all(claims(r) for r in RECORDS)


@pytest.mark.parametrize("record", RECORDS, ids=[r.name for r in RECORDS])
def test_each_claim_holds(record: Path) -> None:
    """Each claim of the record's .expect: found at that ply, or not found."""
    found = {(f.side.kanji, f.name): f.ply for f in tactics.find(kifu_lark.load(record))}
    wrong = []
    for claim in claims(record):
        got = found.get((claim.side, claim.name))
        if got != claim.ply:
            wrong.append(
                f"line {claim.line}: {claim.side} {claim.name}: expected {claim.ply}, got {got}"
            )
    assert [] == wrong


def test_every_shipped_tactic_has_a_fixture_and_a_near_miss() -> None:
    """For each shipped file, some fixture finds it and some fixture says it is not found."""
    found: set[str] = set()
    missed: set[str] = set()
    for record in RECORDS:
        for claim in claims(record):
            (missed if claim.ply is None else found).add(claim.name)
    names = {t.name for t in tactics.shipped()}
    assert (set(), set()) == (names - found, names - missed)


def rotated(square: Square) -> Square:
    return Square(10 - square.file, 10 - square.rank)


def turned(start: Position) -> Position:
    """``start`` rotated 180° with the colours swapped, the other side to move (the usual
    start is its own mirror, with 後手 to move)."""
    if start == Position.initial():
        return Position(start.variant, start.board, turn=start.turn.opponent)
    board: Position = Position.empty(start.variant)
    for square, piece in start.pieces():
        board = board.with_piece(rotated(square), Piece(piece.kind, piece.color.opponent))
    board = board.with_hand(Color.BLACK, start.hand(Color.WHITE))
    board = board.with_hand(Color.WHITE, start.hand(Color.BLACK))
    return attrs.evolve(board, turn=start.turn.opponent, ply=start.ply)


def mirrored(game: Game, plies: int) -> tuple[Game, Game]:
    """The first ``plies`` moves of ``game`` and the same moves rotated 180° with the colours
    swapped, from its start turned the same way (a board diagram's too)."""
    moves = [n.move for n in game.mainline() if n.move is not None][:plies]
    start = game.start
    board, mirror = Board(start), Board(turned(start))
    for move in moves:
        board.push(move)
        origin = None if move.from_ is None else rotated(move.from_)
        mirror.push(Move(move.color.opponent, rotated(move.to), move.piece, origin, move.promote))
    return board.to_game(), mirror.to_game()


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_rotating_a_game_swaps_the_sides_tactics(data: st.DataObject) -> None:
    """Over the fixtures, cut at any ply: the mirrored game's tactics are the game's with
    先手 and 後手 swapped (one file serves both sides)."""
    record = data.draw(st.sampled_from(RECORDS))
    game = kifu_lark.load(record)
    plies = data.draw(st.integers(0, len(game.mainline())))
    original, mirror = mirrored(game, plies)
    expected = sorted(
        (f.side.opponent.kanji, f.category, f.name, f.ply) for f in tactics.find(original)
    )
    got = sorted((f.side.kanji, f.category, f.name, f.ply) for f in tactics.find(mirror))
    assert expected == got


def test_the_fixture_folder_is_the_documented_one() -> None:
    """docs/tactics.md points contributors at the folder the tests read."""
    doc = (FOLDER.parents[1] / "docs" / "tactics.md").read_text(encoding="utf-8")
    assert "fixtures/tactics/" in doc
