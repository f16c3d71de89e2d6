"""USI position lines and SFEN positions."""

from __future__ import annotations

import pytest

import kifu_lark
from kifu_lark.errors import (
    IllegalMoveError,
    InvalidRecordError,
    KifuSyntaxError,
    UnsupportedFeatureError,
)
from kifu_lark.model import MINISHOGI, Position, SpecialKind


def test_startpos_moves_are_replayed() -> None:
    """Each USI move becomes a validated model move with its capture filled in."""
    game = kifu_lark.loads("position startpos moves 7g7f 3c3d 8h2b+ 3a2b", "usi")
    moves = [n.move for n in game.mainline() if n.move]
    assert ["7g7f", "3c3d", "8h2b+", "3a2b"] == [m.usi() for m in moves]
    assert kifu_lark.PieceKind.BISHOP is moves[2].captured
    assert kifu_lark.PieceKind.HORSE is moves[3].captured


def test_sfen_start_and_drop() -> None:
    """A start given by SFEN is kept and drops are read."""
    text = "position sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b"
    game = kifu_lark.loads(text, "usi")
    assert "4k4/9/9/9/9/9/9/9/4K4 b G 1" == game.start.sfen()
    assert "4k4/4G4/9/9/9/9/9/9/4K4 w - 2" == game.final_position().sfen()
    assert text + "\n" == kifu_lark.dumps(game, "usi")


def test_minishogi_position_from_sfen_size() -> None:
    """A 5x5 SFEN makes a minishogi game."""
    game = kifu_lark.loads("position sfen rbsgk/4p/5/P4/KGSBR b - 1 moves 5d5c", "usi")
    assert MINISHOGI is game.start.variant
    assert "position sfen rbsgk/4p/5/P4/KGSBR b - 1 moves 5d5c\n" == kifu_lark.dumps(game, "usi")


def test_several_lines_are_several_games() -> None:
    """Each line of a .sfen/.usi text is one game."""
    games = kifu_lark.loads_all(
        "position startpos moves 7g7f\n\nposition startpos moves 2g2f\n", "usi"
    )
    assert [["7g7f"], ["2g2f"]] == [[n.move.usi() for n in g.mainline() if n.move] for g in games]


def test_resign_token_is_a_special() -> None:
    """``resign`` after the moves ends the game."""
    game = kifu_lark.loads("position startpos moves 7g7f resign", "usi")
    last = game.mainline()[-1].special
    assert last is not None and SpecialKind.RESIGN is last.kind
    assert kifu_lark.Color.WHITE is last.color


def test_illegal_move_is_located() -> None:
    """An illegal move reports line, column, ply and rule."""
    with pytest.raises(IllegalMoveError) as info:
        kifu_lark.loads("position startpos\nposition startpos moves 7g7f 7g7f", "usi")
    err = info.value
    assert (2, 30, 2, "NO_PIECE") == (err.line, err.column, err.ply, err.code)
    assert "^" in str(err)


@pytest.mark.parametrize("blank", [" ", "   ", "\t", " \t ", ""])
def test_a_run_of_moves_is_cut_at_each_move(blank: str) -> None:
    """The moves of a line, whatever blanks (or none) stand between them, are read one by
    one, and an illegal one is located at its own column (drops and promotions too)."""
    moves = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]
    head = "position startpos moves "
    game = kifu_lark.loads(head + blank.join(moves), "usi")
    assert moves == [n.move.usi() for n in game.mainline() if n.move]
    for bad, code in (("B*3d", "NOT_IN_HAND"), ("7g7f", "NO_PIECE")):
        text = head + blank.join([*moves, "4a3b", bad, "2g2f"])
        with pytest.raises(IllegalMoveError) as info:
            kifu_lark.loads(text, "usi")
        assert (1, text.rindex(bad) + 1, 7, code) == (
            info.value.line,
            info.value.column,
            info.value.ply,
            info.value.code,
        )


def test_a_move_after_an_end_is_located() -> None:
    """``resign`` then more moves: refused at the first move after it."""
    text = "position startpos moves 7g7f resign 3c3d 2g2f"
    with pytest.raises(InvalidRecordError) as info:
        kifu_lark.loads(text, "usi")
    assert ("MOVE_AFTER_END", 1, text.index("3c3d") + 1) == (
        info.value.code,
        info.value.line,
        info.value.column,
    )


def test_syntax_error_names_what_was_expected() -> None:
    """A bad token is a KifuSyntaxError with the expected terminals as hint."""
    with pytest.raises(KifuSyntaxError) as info:
        kifu_lark.loads("position startpos moves 7g7f 7x", "usi")
    assert (1, 30) == (info.value.line, info.value.column)
    assert info.value.hint is not None and "usi move" in info.value.hint


def test_bad_sfen_position_is_an_invalid_record() -> None:
    """An SFEN whose rows disagree in length is refused with its location."""
    with pytest.raises(InvalidRecordError) as info:
        kifu_lark.loads("position sfen 4k4/9/9/9/9/9/9/9/4K5 b - 1", "usi")
    assert 1 == info.value.line


def test_sfen_format_reads_positions_and_writes_the_final_one() -> None:
    """The sfen format reads a bare SFEN and writes the main line's final position."""
    game = kifu_lark.loads(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "sfen"
    )
    assert Position.initial() == game.start
    assert game.start.sfen() + "\n" == kifu_lark.dumps(game, "sfen")


def test_variations_are_refused_unless_mainline_only() -> None:
    """USI cannot hold variations: refused, or dropped on request."""
    game = kifu_lark.loads("position startpos moves 7g7f", "usi")
    game.root.add_variation(
        kifu_lark.Move(
            kifu_lark.Color.BLACK,
            kifu_lark.Square(2, 6),
            kifu_lark.PieceKind.PAWN,
            kifu_lark.Square(2, 7),
        )
    )
    with pytest.raises(UnsupportedFeatureError):
        kifu_lark.dumps(game, "usi")
    assert "position startpos moves 7g7f\n" == kifu_lark.dumps(game, "usi", mainline_only=True)


def test_format_is_detected() -> None:
    """loads without a format recognises USI and SFEN text."""
    assert "usi" == kifu_lark.loads("position startpos moves 7g7f").format
    assert "sfen" == kifu_lark.loads("4k4/9/9/9/9/9/9/9/4K4 b - 1").format
