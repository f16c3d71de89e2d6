"""BOD board diagrams: positions with hands, side to move and move number."""

from __future__ import annotations

import pytest
from hypothesis import given

import kifu_lark
from kifu_lark.errors import InvalidRecordError, KifuError
from kifu_lark.formats.diagram import write_diagram, write_hand
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game
from kifu_lark.model.hand import Hand
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.position import Position
from kifu_lark.model.variant import MINISHOGI, STANDARD
from tests.strategies import positions

EMPTY_ROWS = "".join(f"| ・ ・ ・ ・ ・ ・ ・ ・ ・|{r}\n" for r in "二三四五六七八")


def board(first: str, last: str) -> str:
    """A 9x9 diagram with the given first and ninth rank rows and empty ranks between."""
    return (
        "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n"
        + f"|{first}|一\n"
        + EMPTY_ROWS
        + f"|{last}|九\n+---------------------------+\n"
    )


KINGS = board(" ・ ・ ・ ・v玉 ・ ・ ・ ・", " ・ ・ ・ ・ 玉 ・ ・ ・ ・")


def test_hands_turn_and_move_count() -> None:
    """Hands (with counts up to 十八), 後手番 and 手数＝N make the position."""
    text = "後手の持駒：歩十八　香\n" + KINGS + "先手の持駒：飛二 角\n後手番\n手数＝31\n"
    game = kifu_lark.loads(text, "bod")
    assert "4k4/9/9/9/9/9/9/9/4K4 w 2RBl18p 32" == game.start.sfen()


def test_hand_separators_and_none() -> None:
    """Items may be separated by full-width, ASCII or no spaces; なし is empty."""
    for items in ("金　銀二　", "金 銀二", "金銀二"):
        game = kifu_lark.loads(f"先手の持駒：{items}\n後手の持駒：なし\n" + KINGS, "bod")
        assert Hand.of({PieceKind.GOLD: 1, PieceKind.SILVER: 2}) == game.start.hands[0]
        assert Hand() == game.start.hands[1]


def test_black_marks_and_white_v() -> None:
    """v/V mark white pieces; a space, ^ or + marks black ones."""
    text = board("v香V桂^銀+金 玉 ・ ・ ・ ・", " ・ ・ ・ ・ ・ ・ ・ ・ ・")
    start = kifu_lark.loads(text, "bod").start
    assert "lnSGK4/9/9/9/9/9/9/9/9 b - 1" == start.sfen()


def test_handicap_side_names() -> None:
    """上手/下手 name the hands and turn of handicap diagrams."""
    text = "上手の持駒：銀\n" + KINGS + "下手の持駒：なし\n上手番\n"
    start = kifu_lark.loads(text, "bod").start
    assert (Color.WHITE, 1) == (start.turn, start.hands[1][PieceKind.SILVER])
    assert "上手の持駒：銀　" == write_hand(Color.WHITE, start.hands[1], handicap=True)


def test_minishogi_diagram() -> None:
    """A 5x5 diagram is a minishogi position, written back the same."""
    lines = write_diagram(Position.initial(MINISHOGI))
    game = kifu_lark.loads("\n".join(lines) + "\n", "bod")
    assert Position.initial(MINISHOGI) == game.start
    assert "|v飛v角v銀v金v玉|一" == lines[3]


@given(positions(STANDARD))
def test_standard_positions_round_trip(position: Position) -> None:
    """write then read gives the same position."""
    text = kifu_lark.dumps(Game(start=position), "bod")
    assert position == kifu_lark.loads(text, "bod").start


@given(positions(MINISHOGI))
def test_minishogi_positions_round_trip(position: Position) -> None:
    """write then read gives the same 5x5 position."""
    text = kifu_lark.dumps(Game(start=position), "bod")
    assert position == kifu_lark.loads(text, "bod").start


def test_writer_draws_the_final_position() -> None:
    """A game with moves is drawn at the end of its main line, with 手数＝N."""
    game = kifu_lark.loads("position startpos moves 7g7f 3c3d", "usi")
    text = kifu_lark.dumps(game, "bod")
    assert text.endswith("先手の持駒：なし\n手数＝2\n")
    assert game.final_position() == kifu_lark.loads(text, "bod").start


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("先手の持駒：なし\n", "NO_POSITION"),
        ("後手の持駒：玉\n" + KINGS, "BAD_POSITION"),
        (KINGS.replace("|一", "|二", 1), "BAD_POSITION"),
    ],
)
def test_bad_diagrams(text: str, code: str) -> None:
    """Missing boards, kings in hand and misplaced ranks are InvalidRecordErrors."""
    with pytest.raises(InvalidRecordError) as info:
        kifu_lark.loads(text, "bod")
    assert code == info.value.code


def test_syntax_error_has_a_location() -> None:
    """A line that is not a diagram line fails with its line number."""
    with pytest.raises(KifuError) as info:
        kifu_lark.loads(KINGS + "なにか\n", "bod")
    assert 13 == info.value.line


def test_last_move_text_after_the_move_count_is_kept() -> None:
    """The text after 手数＝N is kept verbatim as the header 最終手, in BOD and in KIF."""
    from tests.conftest import FIXTURES

    text = (FIXTURES / "bod" / "last_move_text.bod").read_text(encoding="utf-8")
    game = kifu_lark.loads(text, "bod")
    assert "▲５八馬(22)  まで" == game.headers.get("最終手")
    assert game == kifu_lark.loads(kifu_lark.dumps(game, "bod"), "bod")
    kif = kifu_lark.loads(text + "手数----指手---------消費時間--\n", "kif")
    assert "▲５八馬(22)  まで" == kif.headers.get("最終手")


def test_a_rank_is_cut_into_the_cells_bod_cell_reads() -> None:
    """Every cell a rank can hold (each board piece name after each side mark, and ・) reads,
    from the shared cell table and again once it is filled, as BOD_CELL's own groups say:
    the piece its ``bod_piece`` names, white after v or V."""
    from kifu_lark.formats import diagram
    from kifu_lark.formats.engine.parsing import terminal_regex
    from kifu_lark.formats.japanese import BOARD_PIECE_NAMES

    names = "".join(BOARD_PIECE_NAMES) + "・"
    text = "".join(side + name for side in ("", " ", "v", "V", "^", "+") for name in names)
    cell = terminal_regex("bod.lark", "BOD_CELL")
    expected = [
        None
        if m["bod_piece"] == "・"
        else (BOARD_PIECE_NAMES[m["bod_piece"]], m["bod_side"] in ("v", "V"))
        for m in cell.finditer(text)
    ]
    diagram._CELLS.clear()
    for _ in range(2):
        read = [
            None if piece is None else (piece.kind, piece.color is Color.WHITE)
            for piece in diagram._row_cells(text)
        ]
        assert expected == read
    assert len(expected) == 6 * len(names)


@pytest.mark.parametrize(
    ("text", "message", "line"),
    [
        (KINGS.replace("|七", "|六", 1), "rank 六 stands where rank 7 belongs", 9),
        (
            KINGS.replace("| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n", "", 1),
            "rank 七 stands where rank 6 belongs",
            8,
        ),
        (KINGS.replace(" ・|五", "|五", 1), "rank 5 has 8 squares, rank 1 has 9", 7),
    ],
)
def test_a_rank_reads_alike_from_a_fresh_table_and_a_filled_one(
    text: str, message: str, line: int
) -> None:
    """A rank's line is matched once and kept (its cells and numeral): read again from the
    table, a misplaced or short rank fails with the same message at the same line, and a
    good diagram gives the same position."""
    from kifu_lark.formats import diagram

    errors = []
    positions = []
    diagram._ROWS.clear()
    for _ in range(2):
        with pytest.raises(InvalidRecordError) as info:
            kifu_lark.loads(text, "bod")
        errors.append((info.value.message, info.value.line))
        positions.append(kifu_lark.loads(KINGS, "bod").start)
    assert errors[0] == errors[1] == (message, line)
    assert positions[0] == positions[1] == Position.from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1")
