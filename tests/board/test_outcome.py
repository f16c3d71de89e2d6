"""Board.outcome() and its kin: mate, repetition and perpetual check, impasse points and the
two impasse declaration rules (27-point CSA, 24-point JSA)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kifu_lark import MINISHOGI, Board, Color, Move
from kifu_lark.board import Outcome, Termination
from kifu_lark.model.handicap import handicap_position

MATED = "4k4/4G4/4G4/9/9/9/9/9/4K4 w - 1"  # 後手's king on 5a: gold 5b, held by gold 5c
NEAR_MATE = "4k4/4G4/9/9/9/9/9/9/4K4 w - 1"  # the same check, but the king takes the gold
STALEMATE = "8k/6S2/7G1/9/9/9/9/9/4K4 w - 1"  # 後手's king on 1a: not in check, no move
# black's rook checks on file 1 and file 2 in turn, white's king steps between 1a and 2a
PERPETUAL = ["2h1h", "1a2a", "1h2h", "2a1a"]
PERPETUAL_START = "8k/9/9/9/9/9/9/7R1/4K4 b - 1"
SHUFFLE = ["5i4h", "5a4b", "4h5i", "4b5a"]  # kings out and back: no check anywhere


def _sfen(pieces: dict[str, str], hands: str = "-", turn: str = "b") -> str:
    """An SFEN from ``{"5b": "K", ...}`` (USI squares, SFEN letters)."""
    rows = []
    for rank in "abcdefghi":
        row, empty = "", 0
        for file in range(9, 0, -1):
            letter = pieces.get(f"{file}{rank}")
            if letter is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + letter
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return f"{'/'.join(rows)} {turn} {hands} 1"


def _played(start: str | None, moves: list[str]) -> Board:
    board = Board(start)
    for move in moves:
        board.push(move)
    return board


# --- mate --------------------------------------------------------------------------------


def test_checkmate_is_an_outcome_won_by_the_mating_side() -> None:
    """The side to move is mated: CHECKMATE, the other side wins; the game is over."""
    board = Board(MATED)
    assert Outcome(Termination.CHECKMATE, Color.BLACK) == board.outcome()
    assert (True, True, True) == (board.is_checkmate(), board.is_mate(), board.is_game_over())
    assert "1-0" == board.outcome().result()  # type: ignore[union-attr]


def test_a_check_with_an_answer_is_no_outcome() -> None:
    """Near-mate: in check with a legal answer (the king takes the gold): the game goes on."""
    board = Board(NEAR_MATE)
    assert board.is_check()
    assert (None, False, False) == (board.outcome(), board.is_checkmate(), board.is_game_over())


def test_no_legal_move_without_check_is_a_stalemate_lost() -> None:
    """No legal move and no check: STALEMATE, and the side to move loses."""
    board = Board(STALEMATE)
    assert Outcome(Termination.STALEMATE, Color.BLACK) == board.outcome()
    assert not board.is_checkmate()


def test_the_start_position_goes_on() -> None:
    """The usual start: no outcome, not over, no repetition."""
    board = Board()
    assert (None, False, False) == (board.outcome(), board.is_game_over(), board.is_repetition())


# --- repetition --------------------------------------------------------------------------


def test_fourfold_repetition_is_a_draw() -> None:
    """The start position a fourth time after three rounds of king moves: REPETITION."""
    board = _played(None, SHUFFLE * 3)
    assert board.is_repetition()
    assert Outcome(Termination.REPETITION, None) == board.outcome()
    assert "1/2-1/2" == board.outcome().result()  # type: ignore[union-attr]


def test_threefold_is_not_yet_a_repetition() -> None:
    """Three occurrences are not 千日手: the game goes on."""
    board = _played(None, SHUFFLE * 3)
    board.pop()
    assert (False, None) == (board.is_repetition(), board.outcome())


def test_perpetual_check_is_lost_by_the_checking_side() -> None:
    """Black checks on every one of its moves of the cycle: PERPETUAL_CHECK, white wins."""
    board = _played(PERPETUAL_START, PERPETUAL * 3)
    assert board.is_repetition()
    assert Color.BLACK == board.repetition()
    assert Outcome(Termination.PERPETUAL_CHECK, Color.WHITE) == board.outcome()


def test_perpetual_check_counted_from_either_side_to_move() -> None:
    """The cycle may close on the checked side's turn: the checker still loses."""
    checked = "8k/9/9/9/9/9/9/8R/4K4 w - 1"  # after PERPETUAL[0]: white to move, in check
    board = _played(checked, [*PERPETUAL[1:], *PERPETUAL * 2, PERPETUAL[0]])
    assert board.is_check()
    assert Outcome(Termination.PERPETUAL_CHECK, Color.WHITE) == board.outcome()


def test_the_same_board_with_other_hands_is_no_repetition() -> None:
    """A position repeats only with the same hands: a pawn in hand makes it another one."""
    with_pawn = _played("8k/9/9/9/9/9/9/9/4K4 b P 1", ["5i4h", "1a2a", "4h5i", "2a1a"] * 3)
    assert with_pawn.is_repetition()  # the same hand throughout: a repetition
    board = Board("8k/9/9/9/9/9/9/9/4K4 b P 1")
    for move in ["P*5e", "1a2a", "5i4h", "2a1a", "4h5i"]:
        board.push(move)
    assert 1 == board.moves.count(board.moves[-1])
    assert not board.is_repetition()


# --- impasse -----------------------------------------------------------------------------

# 先手's king on 5b with +R +B and eight tokins in the enemy camp (ten pieces, 18 points);
# 後手's king at home in 先手's camp, out of reach.
_CAMP = {"5b": "K", "9a": "+R", "1a": "+B", "5h": "k"}
_CAMP.update({f"{f}c": "+P" for f in (9, 8, 7, 6, 4, 3, 2, 1)})


@pytest.mark.parametrize(
    ("hands", "points", "winner_27", "outcome_24"),
    [
        ("R5P", 28, Color.BLACK, "draw"),  # exactly enough as 先手 under 27; a 24-rule draw
        ("R4P", 27, None, "draw"),  # one point short as 先手 under 27
        ("RB3P", 31, Color.BLACK, Color.BLACK),  # exactly enough under 24
        ("RB2P", 30, Color.BLACK, "draw"),  # one point short of a 24-rule win: a draw
        ("6P", 24, None, "draw"),  # the fewest points a 24-rule draw takes
        ("5P", 23, None, None),  # one short of a 24-rule draw: the declaration fails
    ],
)
def test_black_declaration_under_both_rules(
    hands: str, points: int, winner_27: Color | None, outcome_24: object
) -> None:
    """先手 needs 28 points under the 27-point rule; 31 win and 24 to 30 draw under 24."""
    board = Board(_sfen(_CAMP, hands))
    assert (points, 0) == board.impasse_points()
    by27 = board.impasse_declaration()
    assert (points, 10, True) == (by27.points, by27.pieces, by27.decidable)
    expected = None if winner_27 is None else Outcome(Termination.IMPASSE, winner_27)
    assert expected == by27.outcome, by27.reason
    by24 = board.impasse_declaration("24")
    if outcome_24 == "draw":
        assert Outcome(Termination.IMPASSE, None) == by24.outcome, by24.reason
    elif outcome_24 is None:
        assert by24.outcome is None
        assert "24" in by24.reason
    else:
        assert Outcome(Termination.IMPASSE, outcome_24) == by24.outcome  # type: ignore[arg-type]


def _mirrored(pieces: dict[str, str]) -> dict[str, str]:
    """The same pieces seen from the other side (square and colour swapped)."""
    ranks = "abcdefghi"
    out = {}
    for square, letter in pieces.items():
        file, rank = int(square[0]), ranks.index(square[1])
        swapped = letter.lower() if letter[-1].isupper() else letter.upper()
        out[f"{10 - file}{ranks[8 - rank]}"] = swapped
    return out


@pytest.mark.parametrize(("hands", "declared"), [("r4p", True), ("r3p", False)])
def test_white_needs_one_point_less_under_27(hands: str, declared: bool) -> None:
    """後手 declares with 27 points (one short: 26) under the 27-point rule."""
    board = Board(_sfen(_mirrored(_CAMP), hands, "w"))
    declaration = board.impasse_declaration()
    assert Color.WHITE == declaration.side
    assert (0, 27 if declared else 26) == board.impasse_points()
    won = Outcome(Termination.IMPASSE, Color.WHITE)
    assert (won if declared else None) == declaration.outcome


def test_points_count_promoted_big_pieces_five_and_the_hand() -> None:
    """Rook and bishop, promoted or not, 5; others 1; kings 0; pieces outside the camp 0."""
    board = Board(_sfen({"5b": "K", "1a": "+R", "2a": "B", "3a": "G", "5e": "R", "5h": "k"}, "BP"))
    assert (5 + 5 + 1 + 5 + 1, 0) == board.impasse_points()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"5b": None, "5d": "K"}, "not in the enemy camp"),
        ({"1c": None}, "9 pieces"),
        ({"5a": "l"}, "in check"),
    ],
)
def test_declaration_conditions(change: dict[str, str | None], words: str) -> None:
    """King in the enemy camp, ten other pieces there, not in check: each is asked."""
    pieces: dict[str, str] = dict(_CAMP)
    for square, letter in change.items():
        if letter is None:
            del pieces[square]
        else:
            pieces[square] = letter
    declaration = Board(_sfen(pieces, "RB5P")).impasse_declaration()
    assert declaration.outcome is None
    assert words in declaration.reason


def test_handicap_and_small_boards_are_not_decidable() -> None:
    """A handicap start or minishogi: the rules do not say; the answer is not decidable."""
    start = handicap_position("香落ち")
    assert start is not None
    for board in (Board(start), Board(variant=MINISHOGI)):
        declaration = board.impasse_declaration()
        assert (None, False) == (declaration.outcome, declaration.decidable)
        assert declaration.reason.startswith("not decidable")


def test_an_unknown_rule_is_refused() -> None:
    """Only the 27- and 24-point rules are known."""
    with pytest.raises(ValueError, match="'27'"):
        Board().impasse_declaration("26")


# --- property ----------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(st.data(), st.sampled_from([MINISHOGI, None]))
def test_random_games_end_as_their_questions_say(data: st.DataObject, variant: object) -> None:
    """Random legal games, played until outcome() is not None (or 60 moves): the outcome
    agrees with is_checkmate, is_repetition and legal_moves at every step."""
    board = Board() if variant is None else Board(variant=MINISHOGI)
    for _ in range(60):
        outcome = board.outcome()
        assert (outcome is not None) == board.is_game_over()
        terminations = {None if outcome is None else outcome.termination}
        assert board.is_checkmate() == (Termination.CHECKMATE in terminations)
        legal = board.legal_moves()
        if not legal:
            assert outcome is not None
            assert board.turn.opponent == outcome.winner
        elif outcome is not None:
            assert board.is_repetition()
            assert terminations <= {Termination.REPETITION, Termination.PERPETUAL_CHECK}
        if outcome is not None:
            return
        # Often a side takes its last move back (a piece going home): repetitions come up.
        back = _taken_back(board)
        if back is not None and back in legal and data.draw(st.integers(0, 3)) > 0:
            board.push(back)
        else:
            board.push(data.draw(st.sampled_from(legal)))


def _taken_back(board: Board) -> Move | None:
    """The move that takes the side to move's last board move back, if it made one."""
    if len(board.moves) < 2:
        return None
    last = board.moves[-2]
    if last.from_ is None or last.promote or last.captured is not None:
        return None
    return Move(last.color, last.from_, last.piece, last.to)
