"""Motion clauses of the tactic language, each on a position set up for it: the clause holds
where the move does what it says and not on a move next to it, for both sides."""

from __future__ import annotations

import pytest

from kifu_lark import tactics
from kifu_lark.board import Board
from kifu_lark.model.game import Game
from kifu_lark.model.square import Square
from kifu_lark.tactics import match
from kifu_lark.tactics.language import TacticError, parse_tactic

KEYS = "name: t\ncategory: 手筋\nstart: any\n"
FORK = "4k4/9/3g1s3/9/9/9/9/9/4K4 b N 1"


def game(sfen: str, *moves: str) -> Game:
    board = Board.from_sfen(sfen)
    for usi in moves:
        board.push_usi(usi)
    return board.to_game()


def rotated(sfen: str) -> str:
    """The position turned 180° with the colours swapped (the other side to move)."""
    board, turn, hands, *_ = sfen.split()
    rows = ["".join(reversed(row)).swapcase() for row in reversed(board.split("/"))]
    return f"{'/'.join(rows)} {'w' if turn == 'b' else 'b'} {hands.swapcase()} 1"


def rotated_usi(usi: str) -> str:
    """A USI move turned 180° (files 10 - f, ranks mirrored a↔i)."""

    def square(text: str) -> str:
        return f"{10 - int(text[0])}{chr(ord('a') + ord('i') - ord(text[1]))}"

    if usi[1] == "*":
        return usi[:2] + square(usi[2:4])
    return square(usi[:2]) + square(usi[2:4]) + usi[4:]


def found(rule: str, sfen: str, *moves: str) -> dict[str, int]:
    """{side: ply} where the tactic with ``rule`` is found, checked against the same game
    rotated (the other side finds it at the same ply)."""
    tactic = parse_tactic(KEYS + rule)
    got = {f.side.kanji: f.ply for f in tactics.find(game(sfen, *moves), tactics=[tactic])}
    mirror = game(rotated(sfen), *map(rotated_usi, moves))
    swapped = {f.side.opponent.kanji: f.ply for f in tactics.find(mirror, tactics=[tactic])}
    assert got == swapped
    return got


def test_attacks_counts_the_opponent_pieces_the_moved_piece_attacks() -> None:
    """A knight on 5五 attacks 6三's gold and 4三's silver; on 5六 it attacks neither."""
    assert {"先手": 1} == found("attacks: 2 of 金 銀", FORK, "N*5e")
    assert {} == found("attacks: 2 of 金 銀", FORK, "N*5f")
    assert {} == found("attacks: 2 of 金 飛", FORK, "N*5e")
    assert {"先手": 1} == found("attacks: 金", FORK, "N*5e")
    assert {} == found("attacks: 3 of 金 銀", FORK, "N*5e")


def test_attacks_no_and_several_rules() -> None:
    """`no KINDS` asks that none is attacked; rules split by ';' must all hold."""
    assert {} == found("attacks: no 銀", FORK, "N*5e")
    assert {"先手": 1} == found("attacks: no 銀", FORK, "N*5f")
    assert {"先手": 1} == found("attacks: 金; no 飛", FORK, "N*5e")
    assert {} == found("attacks: 金; no 銀", FORK, "N*5e")


def test_found_names_the_attacked_squares_and_the_clauses() -> None:
    """Found.targets are the pieces attacked; clauses the file's conditions as written."""
    tactic = parse_tactic(KEYS + "moved: drop\nattacks: 2 of 金 銀")
    (item,) = tactics.find(game(FORK, "N*5e"), tactics=[tactic])
    assert {Square(6, 3), Square(4, 3)} == set(item.targets)
    assert ("start: any", "moved: drop", "attacks: 2 of 金 銀") == item.clauses


CHECKS = {
    # a knight jumps to 4三: it checks 5一 itself; the lance behind it on 5九 joins in
    "double": ("4k4/9/9/9/4N4/9/9/9/4L3K b - 1", "5e4c"),
    # a silver steps off the lance's file: only the lance checks
    "discovered": ("4k4/9/9/9/4S4/9/9/9/4L3K b - 1", "5e4d"),
    # the knight alone
    "direct": ("4k4/9/9/9/4N4/9/9/9/8K b - 1", "5e4c"),
    # no check at all
    "no": ("4k4/9/9/9/4N4/9/9/9/8K b - 1", "1i1h"),
}


@pytest.mark.parametrize("kind", list(CHECKS))
def test_check_tells_direct_discovered_and_double(kind: str) -> None:
    """Each position gives its kind of check and no other; `yes` is any check."""
    sfen, move = CHECKS[kind]
    for asked in ("direct", "discovered", "double", "no"):
        expected = {"先手": 1} if asked == kind else {}
        assert expected == found(f"check: {asked}", sfen, move), asked
    assert ({} if kind == "no" else {"先手": 1}) == found("check: yes", sfen, move)


def test_skewers_a_piece_with_another_right_behind() -> None:
    """A lance dropped on 5五 attacks the silver on 5三 with the king behind it; with a
    pawn between silver and king, or a pawn in front, there is no skewer."""
    rule = "skewers: 銀 金 / 玉"
    assert {"先手": 1} == found(rule, "4k4/9/4s4/9/9/9/9/9/K8 b L 1", "L*5e")
    assert {} == found(rule, "4k4/4p4/4s4/9/9/9/9/9/K8 b L 1", "L*5e")
    assert {} == found(rule, "4k4/9/4p4/9/9/9/9/9/K8 b L 1", "L*5e")


def test_exposed_counts_the_opponent_pieces_attacking_the_destination() -> None:
    """A pawn dropped on 5三 between golds on 6二 and 4二 is attacked twice."""
    two, one = "4k4/3g1g3/9/9/9/9/9/9/4K4 b P 1", "4k4/3g5/9/9/9/9/9/9/4K4 b P 1"
    assert {"先手": 1} == found("exposed: 2..", two, "P*5c")
    assert {} == found("exposed: 2..", one, "P*5c")
    assert {"先手": 1} == found("exposed: 1", one, "P*5c")


def test_reaches_follows_the_open_lines() -> None:
    """A bishop dropped on 7七 sees the 3rd rank along 6六…3三; with pawns on 8六 and 6六
    its lines stop on its own side."""
    rule = "reaches: 1..3"
    assert {"先手": 1} == found(rule, "4k4/9/9/9/9/9/9/9/K8 b B 1", "B*7g")
    assert {} == found(rule, "4k4/9/9/9/9/1P1P5/9/9/K8 b B 1", "B*7g")


TSUGIFU = "4k4/9/7p1/9/7P1/9/9/9/4K4 b P 1"


def test_last_and_previous_look_at_the_two_moves_before() -> None:
    """▲2四歩 △同歩 ▲2五歩打: the pawn the mover pushed to the square ahead was taken
    there; a drop elsewhere, or after a move that took nothing, does not fit."""
    rule = "moved: drop\nlast: 歩 capture to ahead\nprevious: 歩 board no-capture to ahead"
    assert {"先手": 3} == found(rule, TSUGIFU, "2e2d", "2c2d", "P*2e")
    assert {} == found(rule, TSUGIFU, "2e2d", "2c2d", "P*3e")
    assert {} == found(rule, TSUGIFU, "2e2d", "5a4b", "P*3e")


def test_previous_to_last_and_last_elsewhere() -> None:
    """突き捨て's shape: the pawn pushed the move before was taken where it stood, and the
    mover does not take back there."""
    rule = "last: capture to elsewhere\nprevious: 歩 board no-capture to last"
    assert {"先手": 3} == found(rule, TSUGIFU, "2e2d", "2c2d", "5i4h")
    assert {} == found(rule, "4k4/9/7p1/9/7P1/9/9/7R1/4K4 b P 1", "2e2d", "2c2d", "2h2d")


def test_last_without_a_move_before_does_not_hold() -> None:
    """The first move of a record has no move before it."""
    assert {} == found("last: to ahead", TSUGIFU, "P*5e")


BESIDE = (
    "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n"
    "| ・ ・ ・ ・v玉*金 ・ ・ ・|二\n+---------------------------+\n"
)
LONE_KING = "4k4/9/9/9/9/9/9/9/4K4 b G 1"


def test_anchor_moves_the_pattern_with_the_moved_piece() -> None:
    """Drawn at 4二 beside a king on 5二, the pattern fits a gold dropped on 4一 beside the
    king on 5一; the mirror image (6一) only with `mirror: yes`."""
    assert {"先手": 1} == found("anchor: moved\n" + BESIDE, LONE_KING, "G*4a")
    assert {} == found("anchor: moved\n" + BESIDE, LONE_KING, "G*6a")
    assert {"先手": 1} == found("anchor: moved\nmirror: yes\n" + BESIDE, LONE_KING, "G*6a")
    assert {} == found("anchor: moved\nmirror: yes\n" + BESIDE, LONE_KING, "G*4b")


def test_without_anchor_the_pattern_stays_where_it_is_drawn() -> None:
    """The same drawing without `anchor:` needs the king on 5二 and the gold on 4二."""
    assert {} == found(BESIDE, LONE_KING, "G*4a")


def test_opponent_groups_ask_for_one_of_their_pieces() -> None:
    """Upper-case group letters are the opponent's pieces: a rook two squares from the king
    on its rank or file, any of the four."""
    drawing = (
        "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n"
        "| ・ ・ ・ ・A玉 ・ ・ ・ ・|一\n| ・ ・A玉 ・*飛 ・A玉 ・ ・|三\n"
        "| ・ ・ ・ ・A玉 ・ ・ ・ ・|五\n+---------------------------+\n"
    )
    rule = "anchor: moved\n" + drawing
    assert {"先手": 1} == found(rule, "4k4/9/9/9/9/9/9/9/8K b R 1", "R*5c")
    assert {"先手": 1} == found(rule, "9/9/9/9/9/9/9/2k6/8K b R 1", "R*9h")
    assert {} == found(rule, "4k4/9/9/9/9/9/9/9/8K b R 1", "R*5d")


def test_rank_and_file_limit_the_destination() -> None:
    """`rank:` and `file:` are the destination's, in the mover's view."""
    sfen = "4k4/9/9/9/9/9/9/9/4K4 b P 1"
    assert {"先手": 1} == found("moved: drop\npiece: 歩\nrank: 9", sfen, "P*1i")
    assert {} == found("moved: drop\npiece: 歩\nrank: 9", sfen, "P*1h")
    assert {"先手": 1} == found("piece: 歩\nfile: 1, 9\nrank: 7..8", sfen, "P*9h")
    assert {} == found("piece: 歩\nfile: 1, 9\nrank: 7..8", sfen, "P*8h")


@pytest.mark.parametrize(
    ("rule", "words"),
    [
        ("attacks: 2 金", "not a piece"),
        ("attacks: no", "attack rule"),
        ("attacks: 0 of 金", "attack rule"),
        ("attacks: 2 of 象", "not a piece"),
        ("skewers: 金 銀", "front and the back"),
        ("check: maybe", "not allowed"),
        ("last: 歩 to ahead sideways", "means nothing"),
        ("last: to last", "means nothing"),
        ("rank: 10", "no rank 10"),
        ("anchor: moved", "one trigger"),
        ("exposed: 3..1", "empty range"),
    ],
)
def test_a_bad_motion_clause_is_a_located_tactic_error(rule: str, words: str) -> None:
    """Each mistake names its line and the offending text, with a hint."""
    with pytest.raises(TacticError, match=words) as caught:
        parse_tactic(KEYS + rule)
    assert caught.value.line == 4 and caught.value.hint


def test_motion_is_asked_only_when_index_conditions_and_pattern_fit() -> None:
    """A motion clause behind a piece and a pattern is asked only on moves that bring that
    piece and fit the pattern: never on the other moves of a game."""
    tactic = parse_tactic(KEYS + "piece: 桂\nrank: 5\nattacks: 2 of 金 銀")
    moves = ("5i4h", "5a4b", "4h5i", "4b5a", "N*5e")
    played = game(FORK, *moves)
    index = match.index_for((tactic,), played.start.variant)
    checks = {
        id(c.motion): c.motion
        for found in index.triggered.values()
        for c in found
        if c.motion is not None
    }
    assert checks, "the knight's motion is keyed nowhere"
    found = match.Matcher(played, index).run(played, played.line(None))
    assert [5] == [f.ply for f in found]
    # the knight drop alone (the clauses that matched name its targets too)
    assert 1 == sum(check.asked for check in checks.values())


def test_a_check_names_the_king_and_the_other_checking_piece() -> None:
    """A double check's targets: the king on 5一 and the lance on 5九 the knight uncovered
    (the moved knight itself is where the move landed, not a target)."""
    sfen, move = CHECKS["double"]
    tactic = parse_tactic(KEYS + "check: double")
    (item,) = tactics.find(game(sfen, move), tactics=[tactic])
    assert {Square(5, 1), Square(5, 9)} == set(item.targets)


def test_last_to_here_is_a_recapture() -> None:
    """`last: capture to here`: ▲同飛 takes back where the opponent just took; a move
    elsewhere after the capture does not fit."""
    rook = "4k4/9/7p1/9/7P1/9/9/7R1/4K4 b P 1"
    assert {"先手": 3} == found("last: 歩 capture to here", rook, "2e2d", "2c2d", "2h2d")
    assert {} == found("last: 歩 capture to here", rook, "2e2d", "2c2d", "2h2e")
