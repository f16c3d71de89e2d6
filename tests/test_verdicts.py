"""kifu_lark.verdict: the ending a record declares against what the rules say, for each
ending, one record that agrees and one that does not, read from CSA, KIF, KI2 and JKF."""

from __future__ import annotations

import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kifu_lark
from kifu_lark import (
    Board,
    Color,
    Game,
    HeaderKey,
    LossyWriteWarning,
    Outcome,
    Special,
    SpecialKind,
    Termination,
    verdict,
)
from kifu_lark.model.handicap import handicap_position

FORMATS = ["csa", "kif", "ki2", "jkf"]
K = SpecialKind

SHUFFLE = ["5i5h", "5a5b", "5h5i", "5b5a"]  # kings out and back, from the usual start
PERPETUAL_START = "8k/9/9/9/9/9/9/7R1/4K4 b - 1"
PERPETUAL = ["2h1h", "1a2a", "1h2h", "2a1a"]  # black's rook checks on every one of its moves
BEFORE_MATE = "4k4/9/4G4/9/9/9/9/9/4K4 b G 1"  # G*5b mates: the gold on 5c holds it
BEFORE_CHECK = "4k4/9/9/9/9/9/9/9/4K4 b G 1"  # G*5b checks, but the king takes it
# 先手's king on 5b with +R, +B and eight tokins in the enemy camp (10 pieces, 18 points);
# 後手's king on 5h, in 先手's camp: both kings have entered.
CAMP = "+R7+B/4K4/+P+P+P+P1+P+P+P+P/9/9/9/9/4k4/9"


def _csa_rows(pieces: dict[int, dict[int, str]]) -> str:
    """CSA's P1..P9 rows of ``{rank: {file: "-OU"}}``, the other squares empty."""
    return "".join(
        f"P{rank}" + "".join(pieces.get(rank, {}).get(f, " * ") for f in range(9, 0, -1)) + "\n"
        for rank in range(1, 10)
    )


# PERPETUAL_START and PERPETUAL three times, in CSA
PERPETUAL_CSA = (
    _csa_rows({1: {1: "-OU"}, 8: {2: "+HI"}, 9: {5: "+OU"}})
    + "+\n"
    + "+2818HI\n-1121OU\n+1828HI\n-2111OU\n" * 3
)
# the usual start, then each side takes a pawn; black drops a second pawn on file 5 (二歩)
TWO_PAWNS_CSA = """PI
+
+7776FU
-3334FU
+7675FU
-3435FU
+7574FU
-3536FU
+7473TO
-3637TO
+0055FU
"""


def _record(
    start: str | None,
    moves: list[str],
    kind: SpecialKind,
    color: Color | None = None,
    headers: dict[HeaderKey | str, str] | None = None,
) -> Game:
    """A game of ``moves`` from ``start`` ending with ``kind`` (of the side to move)."""
    board = Board(start)
    for move in moves:
        board.push(move)
    game = board.to_game()
    end = game.mainline()[-1] if moves else game.root
    end.add_variation(special=Special(kind, board.turn if color is None else color))
    for key, value in (headers or {}).items():
        game.headers[key] = value
    return game


def _through(game: Game, fmt: str) -> Game:
    """``game`` written in ``fmt`` and read back."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LossyWriteWarning)
        text = kifu_lark.dumps(game, fmt)
    return kifu_lark.loads(text, fmt)


def _agrees(game: Game, fmt: str, impasse: str = "27") -> bool | None:
    return verdict(_through(game, fmt), impasse=impasse).agrees


# --- 詰み ----------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
def test_mate_agrees_when_the_side_to_move_is_mated(fmt: str) -> None:
    """詰み after a gold drop that mates: the rules agree, the mated side loses."""
    found = verdict(_through(_record(BEFORE_MATE, ["G*5b"], K.MATE), fmt))
    assert (True, Color.BLACK) == (found.agrees, found.winner)
    assert Outcome(Termination.CHECKMATE, Color.BLACK) == found.outcome


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_near_mate_written_as_mate_is_contradicted(fmt: str) -> None:
    """詰み after a check the king answers: not mate, and the reason names an answer."""
    found = verdict(_through(_record(BEFORE_CHECK, ["G*5b"], K.MATE), fmt))
    assert False is found.agrees
    assert "in check but has 1 legal move (e.g. 5a5b)" in found.reason


def test_mate_in_csa_text_where_nothing_is_in_check() -> None:
    """``%TSUMI`` after three opening moves: nobody is in check."""
    game = kifu_lark.loads("PI\n+\n+7776FU\n-3334FU\n+8822UM\n%TSUMI\n", "csa")
    found = verdict(game)
    assert (False, "not mate: 後手 is not in check") == (found.agrees, found.reason)


# --- 投了, 切れ負け ----------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("kind", [K.RESIGN, K.TIME_UP])
def test_resigning_side_to_move_agrees(fmt: str, kind: SpecialKind) -> None:
    """投了 / 切れ負け of the side to move: it loses, the rules agree."""
    found = verdict(_through(_record(None, ["7g7f", "3c3d", "2g2f"], kind), fmt))
    assert (True, Color.BLACK, 3) == (found.agrees, found.winner, found.plies)


@pytest.mark.parametrize(
    ("line", "what"),
    [("まで1手で後手の勝ち", "resigns"), ("まで1手で時間切れにより後手の勝ち", "runs out of time")],
)
def test_ki2_naming_the_wrong_loser_is_contradicted(line: str, what: str) -> None:
    """A KI2 まで line naming 後手 the winner after 先手's only move: 先手 is not to move."""
    found = verdict(kifu_lark.loads(f"▲７六歩\n{line}\n", "ki2"))
    assert (False, Color.WHITE) == (found.agrees, found.winner)
    assert f"先手 is written as the side that {what}, but 後手 is to move" in found.reason


# --- 千日手 and perpetual check ------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
def test_fourfold_repetition_agrees(fmt: str) -> None:
    """千日手 when the start position occurs for the fourth time: a draw, agreed."""
    found = verdict(_through(_record(None, SHUFFLE * 3, K.REPETITION), fmt))
    assert (True, None) == (found.agrees, found.winner)
    assert Outcome(Termination.REPETITION, None) == found.outcome


@pytest.mark.parametrize("fmt", FORMATS)
def test_threefold_written_as_repetition_is_contradicted(fmt: str) -> None:
    """千日手 one move early: the position occurred three times only."""
    found = verdict(_through(_record(None, (SHUFFLE * 3)[:-1], K.REPETITION), fmt))
    assert False is found.agrees
    assert "occurred 3 times, not four" in found.reason


@pytest.mark.parametrize("fmt", FORMATS)
def test_perpetual_check_written_as_a_draw_is_contradicted(fmt: str) -> None:
    """千日手 (a draw) where black checked throughout: a perpetual check, black loses."""
    found = verdict(_through(_record(PERPETUAL_START, PERPETUAL * 3, K.REPETITION), fmt))
    assert False is found.agrees
    assert Outcome(Termination.PERPETUAL_CHECK, Color.WHITE) == found.outcome
    assert "先手 checked throughout the cycle and loses" in found.reason


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize(("kind", "agrees"), [(K.ILLEGAL_LOSS, True), (K.ILLEGAL_WIN, False)])
def test_perpetual_check_as_a_foul_names_the_checker_the_loser(
    fmt: str, kind: SpecialKind, agrees: bool
) -> None:
    """A perpetual check declared a foul: 反則負け of the checker (black, to move) agrees;
    反則勝ち of black (the checker winning) does not."""
    found = verdict(_through(_record(PERPETUAL_START, PERPETUAL * 3, kind), fmt))
    assert agrees is found.agrees
    assert Outcome(Termination.PERPETUAL_CHECK, Color.WHITE) == found.outcome


@pytest.mark.parametrize(("sign", "agrees"), [("+", True), ("-", False)])
def test_perpetual_check_by_csa_illegal_action(sign: str, agrees: bool) -> None:
    """CSA ``%+ILLEGAL_ACTION`` after black's perpetual check agrees; ``%-`` does not."""
    game = kifu_lark.loads(PERPETUAL_CSA + f"%{sign}ILLEGAL_ACTION\n", "csa")
    found = verdict(game)
    assert (agrees, Color.WHITE) == (found.agrees, found.outcome.winner)  # type: ignore[union-attr]


@pytest.mark.parametrize("fmt", ["kif", "ki2"])
def test_perpetual_check_word(fmt: str) -> None:
    """王手千日手 on a perpetual check agrees (the checked side wins); on a plain repetition
    it does not."""
    found = verdict(_through(_record(PERPETUAL_START, PERPETUAL * 3, K.PERPETUAL_CHECK), fmt))
    assert (True, Color.WHITE) == (found.agrees, found.winner)
    plain = verdict(_through(_record(None, SHUFFLE * 3, K.PERPETUAL_CHECK), fmt))
    assert False is plain.agrees


# --- fouls in the moves ---------------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_foul_in_the_moves_lost_by_its_author_agrees(fmt: str) -> None:
    """先手's 二歩, then 後手's 反則勝ち (CSA ``%+ILLEGAL_ACTION``): the author loses, agreed."""
    game = kifu_lark.loads(TWO_PAWNS_CSA + "%+ILLEGAL_ACTION\n", "csa")
    found = verdict(game if fmt == "csa" else _through(game, fmt))
    assert (True, Color.WHITE) == (found.agrees, found.winner)
    assert Outcome(Termination.ILLEGAL_MOVE, Color.WHITE) == found.outcome
    assert "TWO_PAWNS" in found.reason


def test_a_foul_whose_victim_is_written_the_loser_is_contradicted() -> None:
    """先手's 二歩, then ``%-ILLEGAL_ACTION`` (後手 fouled): read with tolerate, contradicted."""
    game = kifu_lark.loads(TWO_PAWNS_CSA + "%-ILLEGAL_ACTION\n", "csa", tolerate=["two_pawns"])
    found = verdict(game)
    assert (False, Color.BLACK) == (found.agrees, found.winner)
    assert "but 後手 is written as the loser" in found.reason


def test_csa_illegal_move_after_the_foul_agrees() -> None:
    """``%ILLEGAL_MOVE`` after a foul in the moves: its author loses."""
    found = verdict(kifu_lark.loads(TWO_PAWNS_CSA + "%ILLEGAL_MOVE\n", "csa"))
    assert (True, Color.WHITE) == (found.agrees, found.winner)


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_foul_that_is_not_in_the_moves_has_nothing_to_contradict(fmt: str) -> None:
    """反則負け after legal moves (a foul off the record, e.g. a wrong action): unjudged."""
    found = verdict(_through(_record(None, ["7g7f", "3c3d"], K.ILLEGAL_LOSS), fmt))
    assert None is found.agrees
    assert "not in the moves" in found.reason


# --- 入玉宣言 -------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize(
    ("hands", "rule", "agrees"),
    [
        ("R5P", "27", True),  # 28 points: exactly enough as 先手
        ("R4P", "27", False),  # 27: one point short as 先手
        ("RB3P", "24", True),  # 31: exactly enough under the 24-point rule
        ("RB2P", "24", False),  # 30: a draw under 24, not a win
    ],
)
def test_entering_king_declaration(fmt: str, hands: str, rule: str, agrees: bool) -> None:
    """入玉宣言 (CSA ``%KACHI``) with points exactly enough, or one short, under each rule."""
    game = _record(f"{CAMP} b {hands} 1", [], K.ENTERING_KING_WIN)
    found = verdict(_through(game, fmt), impasse=rule)
    assert (agrees, Color.BLACK) == (found.agrees, found.winner), found.reason


def test_a_declaration_by_the_side_not_to_move_is_contradicted() -> None:
    """KI2's まで line naming 先手's 入玉勝ち when 後手 is to move."""
    game = _record(f"{CAMP} w R5P 1", [], K.ENTERING_KING_WIN, Color.BLACK)
    found = verdict(_through(game, "ki2"))
    assert False is found.agrees
    assert "後手 is to move" in found.reason


def test_a_handicap_declaration_is_not_decidable() -> None:
    """入玉宣言 in a handicap game: the rules count for even games; nothing is judged."""
    start = handicap_position("香落ち")
    assert start is not None
    game = _record(start.sfen(), [], K.ENTERING_KING_WIN)
    found = verdict(game)
    assert None is found.agrees
    assert found.reason.startswith("not decidable")


# --- 持将棋 and the move limit ---------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize(("limit", "agrees"), [("4", True), ("6", False)])
def test_impasse_at_the_move_limit(fmt: str, limit: str, agrees: bool) -> None:
    """持将棋 after 4 moves: the limit stated (最大手数, $MAX_MOVES) is reached, or not."""
    moves = ["7g7f", "3c3d", "2g2f", "8c8d"]
    game = _record(None, moves, K.IMPASSE, headers={HeaderKey.MAX_MOVES: limit})
    found = verdict(_through(game, fmt))
    assert agrees is found.agrees, found.reason


@pytest.mark.parametrize(("note", "agrees"), [("'Max_Moves:4", True), ("", None)])
def test_csa_max_moves_reads_floodgate_limit(note: str, agrees: bool | None) -> None:
    """``%MAX_MOVES`` at floodgate's ``'Max_Moves:4``; with no limit stated, unjudged."""
    text = f"V2\nPI\n+\n{note}\n+7776FU\n-3334FU\n+2726FU\n-8384FU\n%MAX_MOVES\n"
    assert agrees is verdict(kifu_lark.loads(text.replace("\n\n", "\n"), "csa")).agrees


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize(("rule", "agrees"), [("27", True), ("24", False)])
def test_impasse_with_both_kings_entered(fmt: str, rule: str, agrees: bool) -> None:
    """持将棋 with both kings entered: agreed; under the 24-point rule 後手's 0 points lose."""
    found = verdict(_through(_record(f"{CAMP} b R5P 1", [], K.IMPASSE), fmt), impasse=rule)
    assert agrees is found.agrees, found.reason


# --- nothing to contradict ----------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
def test_interruption_and_no_special_are_not_judged(fmt: str) -> None:
    """中断 and a record without a special: agrees is None, the reason says why."""
    found = verdict(_through(_record(None, ["7g7f"], K.INTERRUPT), fmt))
    assert (None, None) == (found.agrees, found.winner)
    bare = Board()
    bare.push("7g7f")
    assert None is verdict(_through(bare.to_game(), fmt)).agrees


def test_no_special_reports_what_the_rules_say() -> None:
    """A record ending on a mating move with no special: the reason names the checkmate."""
    board = Board(BEFORE_MATE)
    board.push("G*5b")
    found = verdict(board.to_game())
    assert (None, None) == (found.declared, found.agrees)
    assert "CHECKMATE (先手 wins)" in found.reason


def test_a_variation_is_judged_through_line() -> None:
    """``line`` picks the line: a variation's own ending is judged, not the main line's."""
    game = _record(None, ["7g7f", "3c3d"], K.RESIGN)
    second = game.mainline()[1]
    second.add_variation(special=Special(K.MATE, Color.BLACK))
    assert (True, False) == (verdict(game).agrees, verdict(game, second.children[1]).agrees)


def test_an_unknown_rule_is_refused() -> None:
    """Only the 27- and 24-point rules are known."""
    with pytest.raises(ValueError, match="'24'"):
        verdict(Game(), impasse="28")


# --- property ---------------------------------------------------------------------------


def _taken_back(board: Board) -> kifu_lark.Move | None:
    if len(board.moves) < 2:
        return None
    last = board.moves[-2]
    if last.from_ is None or last.promote or last.captured is not None:
        return None
    return kifu_lark.Move(last.color, last.from_, last.piece, last.to)


@settings(max_examples=10, deadline=None)
@given(st.data())
def test_games_ended_by_the_rules_agree_in_every_format(data: st.DataObject) -> None:
    """Random legal games played until outcome() is not None (or resigned after 40 moves),
    their ending written in every format and read back: the verdict agrees."""
    board = Board()
    for _ in range(40):
        if board.outcome() is not None:
            break
        legal = board.legal_moves()
        back = _taken_back(board)
        if back is not None and back in legal and data.draw(st.integers(0, 3)) > 0:
            board.push(back)
        else:
            board.push(data.draw(st.sampled_from(legal)))
    ending = board.outcome()
    to_move = board.turn
    if ending is None:
        special = Special(K.RESIGN, to_move)
    elif ending.termination is Termination.CHECKMATE:
        special = Special(K.MATE, to_move)
    elif ending.termination is Termination.REPETITION:
        special = Special(K.REPETITION, to_move)
    else:  # perpetual check: the checker loses by a foul
        checker_to_move = ending.winner is not to_move
        special = Special(K.ILLEGAL_LOSS if checker_to_move else K.ILLEGAL_WIN, to_move)
    game = board.to_game()
    end = game.mainline()[-1] if board.moves else game.root
    end.add_variation(special=special)
    for fmt in FORMATS:
        assert True is verdict(_through(game, fmt)).agrees, fmt


def _read_games() -> list[Game]:
    """Every fixture and corpus game that reads, strictly or else with every tolerance."""
    from kifu_lark.board import TOLERABLE
    from kifu_lark.errors import KifuError
    from kifu_lark.formats.registry import format_for_path
    from tests.conftest import FIXTURES, corpus_dir

    games: list[Game] = []
    for root in [FIXTURES, *(r for r in [corpus_dir()] if r is not None)]:
        for path in sorted(root.rglob("*")):
            fmt = format_for_path(path.name) if path.is_file() else None
            if fmt is None or fmt.game != "shogi" or "expected" in path.parts:
                continue
            for tolerate in ((), tuple(TOLERABLE)):
                try:
                    games += kifu_lark.load_all(path, tolerate=tolerate)
                except KifuError:
                    continue
                break
    return games


def test_a_game_as_read_is_judged_as_when_every_move_is_checked_again() -> None:
    """``as_read=True`` (no second check of each move when none broke a rule) gives every
    fixture and corpus game's verdicts, on the main line and each variation, as the checked
    replay gives them; a game whose moves broke rules (warnings with a ply) is checked."""
    from kifu_lark.dataset.verdict_reports import variation_ends

    games = _read_games()
    assert len(games) > 100
    fouls = 0
    for game in games:
        if game.game != "shogi":
            continue
        fouls += any(issue.ply is not None for issue in game.warnings)
        for line in [None, *variation_ends(game)]:
            try:
                checked = verdict(game, line)
            except kifu_lark.KifuError as err:
                with pytest.raises(type(err)):
                    verdict(game, line, as_read=True)
                continue
            assert verdict(game, line, as_read=True) == checked
    assert fouls > 0
