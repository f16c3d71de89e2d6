"""Tests of kifu_lark.players: random and search players, and games between them."""

from __future__ import annotations

import functools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kifu_lark
from kifu_lark.errors import KifuError
from kifu_lark.explore import legal_moves
from kifu_lark.formats.registry import get_format
from kifu_lark.model import MINISHOGI, Color, Game, Position, SpecialKind, board_variant
from kifu_lark.players import (
    MATE,
    RandomPlayer,
    SearchPlayer,
    material,
    play,
    player_from_spec,
)
from kifu_lark.rules.board import Board
from tests.strategies import positions


def seed_3x3() -> Position:
    """The bioshogi README's 3x3 example: ▲３三歩 against △１一歩, black to move (on a board
    of three ranks the whole board is the promotion zone, as in bioshogi)."""
    return Position.from_sfen("2p/3/P2 b - 1", board_variant(3))


def usi_scores(pairs: list[tuple[kifu_lark.Move, int]]) -> list[tuple[str, int]]:
    """(usi, score) pairs, for readable comparisons."""
    return [(move.usi(), score) for move, score in pairs]


def test_seed_3x3_chooses_3b_promotion_at_depth_1() -> None:
    """At depth 1 the search promotes: ▲３二歩成."""
    expected = "3c3b+"
    assert expected == SearchPlayer(1).choose(seed_3x3()).usi()  # type: ignore[union-attr]


def test_seed_3x3_root_scores_match_the_log() -> None:
    """At depth 1 (bioshogi's depth_max 1: the move and the replies), ▲３二歩成 scores 0 and
    ▲３二歩 -1100, as the seed's log says."""
    expected = [("3c3b+", 0), ("3c3b", -1100)]
    assert expected == usi_scores(SearchPlayer(1).analyse(seed_3x3()))


def test_seed_3x3_leaf_scores_match_the_log() -> None:
    """White's replies score +1100/0 after ▲３二歩 and 0/-1100 after ▲３二歩成."""
    board = Board.from_position(seed_3x3())
    after_pawn = [("1a1b+", 1100), ("1a1b", 0)]
    after_promotion = [("1a1b+", 0), ("1a1b", -1100)]
    for first, expected in (("3c3b", after_pawn), ("3c3b+", after_promotion)):
        move = next(m for m in legal_moves(seed_3x3()) if m.usi() == first)
        board.push(move)
        assert expected == usi_scores(SearchPlayer(0).analyse(board))
        board.pop()


def test_seed_3x3_principal_variation() -> None:
    """The expected line is ▲３二歩成 △１二歩成, scored 0, as the seed's reading_hands."""
    result = SearchPlayer(1).search(seed_3x3())
    expected = (["3c3b+", "1a1b+"], 0)
    assert expected == ([m.usi() for m in result.pv], result.score)


def test_material_counts_board_and_hands_for_the_side_to_move() -> None:
    """Material is the mover's pieces minus the other side's, hands included."""
    position = Position.from_sfen("4k4/9/9/9/9/9/9/9/4K4 w 2P 1")
    expected = -200
    assert expected == material(Board.from_position(position))


def test_search_finds_mate_in_one() -> None:
    """With a gold in hand, the search drops it on 1二 and scores a mate."""
    position = Position.from_sfen("8k/9/8P/9/9/9/9/9/4K4 b G 1")
    result = SearchPlayer(2).search(position)
    expected = ("G*1b", MATE - 1)
    assert expected == (result.move.usi(), result.score)  # type: ignore[union-attr]


def test_search_without_legal_moves() -> None:
    """A mated side gets no move and the mate score."""
    mated = Position.from_sfen("8k/8G/8P/9/9/9/9/9/9 w - 1")
    result = SearchPlayer(2).search(mated)
    expected = (None, -MATE)
    assert expected == (result.move, result.score)


def test_search_is_deterministic() -> None:
    """The same depth in the same position gives the same move, score and node count."""
    first = SearchPlayer(3).search(Position.initial())
    second = SearchPlayer(3).search(Position.initial())
    assert first == second


def test_search_leaves_the_board_unchanged() -> None:
    """Searching a Board takes back every move it tried."""
    board = Board.from_position(Position.initial(MINISHOGI))
    SearchPlayer(3).search(board)
    assert Position.initial(MINISHOGI) == board.to_position()


def test_random_player_is_reproducible() -> None:
    """The same seeds give the same game; other seeds another one."""
    start = Position.initial()
    one = play(RandomPlayer(5), RandomPlayer(6), start, max_plies=60)
    two = play(RandomPlayer(5), RandomPlayer(6), start, max_plies=60)
    other = play(RandomPlayer(7), RandomPlayer(6), start, max_plies=60)
    assert one == two
    assert one != other


def test_random_player_draws_every_move() -> None:
    """Over many draws from the start every one of the 30 legal moves comes up."""
    player = RandomPlayer(0)
    board = Board.from_position(Position.initial())
    drawn = {player.choose(board) for _ in range(1000)}
    expected = 30
    assert expected == len(drawn)


def test_play_ends_in_resignation_when_mated() -> None:
    """A side with no legal move resigns (投了), named as the side to move."""
    mated = Position.from_sfen("8k/8G/8P/9/9/9/9/9/9 w - 1")
    game = play(RandomPlayer(0), RandomPlayer(1), mated)
    special = game.mainline()[-1].special
    expected = (SpecialKind.RESIGN, Color.WHITE)
    assert expected == (special.kind, special.color)  # type: ignore[union-attr]


def test_play_stops_at_max_plies() -> None:
    """A game cut at max_plies ends with 中断 after exactly that many moves."""
    game = play(RandomPlayer(0), RandomPlayer(1), Position.initial(), max_plies=10)
    line = game.mainline()
    expected = (10, SpecialKind.INTERRUPT)
    assert expected == (len(line) - 1, line[-1].special.kind)  # type: ignore[union-attr]


def test_play_detects_repetition() -> None:
    """Two kings shuffled by deterministic players repeat a position: 千日手."""
    kings = Position.from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1")
    game = play(SearchPlayer(1), SearchPlayer(1), kings, max_plies=200)
    expected = SpecialKind.REPETITION
    assert expected == game.mainline()[-1].special.kind  # type: ignore[union-attr]


def test_play_names_the_players() -> None:
    """The 先手/後手 headers name the players."""
    game = play(RandomPlayer(3), SearchPlayer(1), Position.initial(MINISHOGI), max_plies=2)
    expected = ["random(seed=3)", "search:1"]
    assert expected == [value for _, value in game.headers.entries]


def test_play_on_a_3x3_board() -> None:
    """Both players play on a 3x3 board with kings."""
    start = Position.from_sfen("1gk/3/KG1 b - 1", board_variant(3))
    game = play(SearchPlayer(2), RandomPlayer(0), start, max_plies=20)
    assert len(game.mainline()) > 1


@pytest.mark.parametrize(
    ("spec", "name"),
    [("random", "random(seed=4)"), ("search:3", "search:3"), ("search", "search:1")],
)
def test_player_from_spec(spec: str, name: str) -> None:
    """Command-line spellings make the right player."""
    assert name == player_from_spec(spec, seed=4).name


@pytest.mark.parametrize("spec", ["search:-1", "search:x", "alphazero", "random:3"])
def test_player_from_bad_spec(spec: str) -> None:
    """Other spellings are refused."""
    with pytest.raises(ValueError):
        player_from_spec(spec)


@functools.cache
def long_random_game(plies: int = 1500) -> Game:
    """A random 9x9 game of ``plies`` moves (most random games end in mate sooner: the first
    seed from 11 that lasts is used)."""
    for seed in range(11, 200):
        game = play(RandomPlayer(seed), RandomPlayer(seed + 1), Position.initial(), max_plies=plies)
        if len(game.mainline()) == plies + 1:
            return game
    raise AssertionError(f"no random game lasted {plies} plies")


# Formats whose records hold the moves of a game, in order of preference.
MOVE_FORMATS = ("kif", "csa", "ki2", "jkf", "usi")


@pytest.mark.parametrize("name", MOVE_FORMATS)
def test_1500_ply_random_game_round_trips(name: str) -> None:
    """A 1 500-ply random game is written and read back with the same moves."""
    try:
        fmt = get_format(name)
    except KifuError:
        pytest.skip(f"format {name!r} is not registered yet")
    if fmt.writer is None or fmt.name != name:
        pytest.skip(f"format {name!r} is not registered as a writable format")
    game = long_random_game()
    text = kifu_lark.dumps(game, fmt)
    back = kifu_lark.loads(text, fmt)
    moves = [n.move for n in game.mainline() if n.move is not None]
    assert moves == [n.move for n in back.mainline() if n.move is not None]


def test_seed_3x3_search_log() -> None:
    """The search log of the seed's 3x3 example gives each move's value, the pruned reply
    and the choice, as the seed's negamax log does."""
    lines: list[str] = []
    SearchPlayer(1, trace=lines.append).search(seed_3x3())
    expected = [
        "▲３二歩成(33) (1/2)",
        "  △１二歩成(11) +0",
        "  △１二歩(11) -1100",
        "  best △１二歩成(11) +0",
        "▲３二歩成(33) +0",
        "▲３二歩(33) (2/2)",
        "  △１二歩成(11) +1100",
        "  cut-off: +1100 >= +0",
        "  best △１二歩成(11) +1100",
        "▲３二歩(33) -1100",
        "best ▲３二歩成(33) +0",
    ]
    assert expected == lines


def test_analyse_log_has_no_cut_offs() -> None:
    """analyse searches every root move with a full window: no cut-off in its log."""
    lines: list[str] = []
    SearchPlayer(1, trace=lines.append).analyse(seed_3x3())
    expected = ["▲３二歩(33) (2/2)", "  △１二歩(11) +0", "▲３二歩(33) -1100"]
    assert expected == [lines[5], lines[7], lines[9]]
    assert [] == [line for line in lines if "cut-off" in line]


def minimax(board: Board, depth: int, ply: int = 0) -> int:
    """Plain negamax over material, without pruning or move ordering: the reference."""
    if depth == 0:
        return material(board)
    moves = legal_moves(board.to_position())
    if not moves:
        return -MATE + ply
    best = -10 * MATE
    for move in moves:
        board.push(move)
        best = max(best, -minimax(board, depth - 1, ply + 1))
        board.pop()
    return best


@given(positions(MINISHOGI, max_plies=40), st.integers(1, 2))
def test_alpha_beta_agrees_with_plain_minimax(position: Position, depth: int) -> None:
    """Pruning and move ordering never change the value found, nor analyse's best score."""
    board = Board.from_position(position)
    reference = minimax(board, depth)
    player = SearchPlayer(depth - 1)  # depth counts plies beyond the move chosen
    scores = [score for _, score in player.analyse(position)]
    assert reference == player.search(position).score
    assert reference == max(scores, default=-MATE)
