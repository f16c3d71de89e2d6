"""KI2 reader and writer: notation, resolution against the position, layout, branches."""

from __future__ import annotations

import pytest

import kifu_lark
from kifu_lark.errors import AmbiguousMoveError, IllegalMoveError, KifuSyntaxError
from kifu_lark.formats.japanese_move import write_ki2_move
from kifu_lark.formats.ki2 import FORMAT
from kifu_lark.formats.registry import get_format
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game
from kifu_lark.model.move import Move, Special, SpecialKind
from kifu_lark.model.piece import Piece, PieceKind
from kifu_lark.model.position import Position
from kifu_lark.model.square import Square
from kifu_lark.model.variant import MINISHOGI
from kifu_lark.rules.board import Board

B, W = Color.BLACK, Color.WHITE


def usi(text: str, **options: object) -> list[str]:
    """The main line of a KI2 text as USI moves."""
    game = kifu_lark.loads(text, "ki2", **options)  # type: ignore[arg-type]
    return [n.move.usi() for n in game.mainline() if n.move is not None]


def test_reads_moves_with_same_and_promotion() -> None:
    """Destination, 同, 成 are resolved to full moves."""
    assert ["7g7f", "3c3d", "8h2b+", "3a2b"] == usi("▲７六歩 △３四歩 ▲２二角成 △同　銀\n")


def test_moves_glued_or_spaced_and_other_marks() -> None:
    """Moves may follow each other without blanks, with ☗☖ ▼▽ marks and full-width blanks."""
    expected = ["7g7f", "3c3d", "2g2f", "8c8d"]
    assert expected == usi("☗７六歩☖３四歩▼２六歩　▽８四歩")
    assert expected == usi("▲７六歩\t△３四歩    ▲２六歩△８四歩\n")


def test_same_spellings() -> None:
    """同歩, 同　歩 and the book style ８六同歩 all mean the previous destination."""
    head = "▲７六歩 △３四歩 ▲２二角成 "
    for same in ("△同銀", "△同　銀", "△２二同銀", "△同 銀"):
        assert "3a2b" == usi(head + same)[-1]


def test_ascii_digits_and_aliases() -> None:
    """76歩 with ASCII digits, 竜 for 龍, 生 for 不成 and an old origin (77) are read."""
    assert ["7g7f", "3c3d", "8h2b"] == usi("▲76歩 △34歩 ▲22角生\n")
    assert ["7g7f"] == usi("▲７六歩(77)\n")


def test_relative_words_choose_the_piece() -> None:
    """５八金右 and ５八金左 move different golds from the start position."""
    assert ["4i5h"] == usi("▲５八金右\n")
    assert ["6i5h"] == usi("▲５八金左\n")


def test_ambiguous_move_names_candidates_and_place() -> None:
    """A move that fits two pieces fails with both origins, its line and column."""
    with pytest.raises(AmbiguousMoveError) as info:
        kifu_lark.loads("▲７六歩 △３四歩\n▲５八金\n", "ki2")
    err = info.value
    assert (2, 1, 3, ["49", "69"]) == (err.line, err.column, err.ply, err.candidates)


def test_contradicting_word_strict_and_tolerated() -> None:
    """▲７八金左 fits no gold: an error, or with tolerate a warning and the only gold."""
    with pytest.raises(IllegalMoveError) as info:
        kifu_lark.loads("▲７八金左\n", "ki2")
    assert "RELATIVE_MISMATCH" == info.value.code
    game = kifu_lark.loads("▲７八金左\n", "ki2", tolerate=["relative_words"])
    assert ["6i7h"] == [n.move.usi() for n in game.mainline() if n.move]
    assert [("RELATIVE_MISMATCH", 1, 1, 1)] == [
        (w.code, w.ply, w.line, w.column) for w in game.warnings
    ]


def test_drop_without_and_with_da() -> None:
    """A bishop no board piece can match is dropped; 打 forces a drop."""
    text = "▲７六歩 △３四歩 ▲２二角成 △同　銀 ▲４五角 △５二金右 ▲５五角打\n"
    with pytest.raises(IllegalMoveError):
        kifu_lark.loads(text, "ki2")  # the bishop on 4五 is not in hand any more
    moves = usi("▲７六歩 △３四歩 ▲２二角成 △同　銀 ▲４五角\n")
    assert "B*4e" == moves[-1]


def test_wrong_mark_is_an_error() -> None:
    """A ▲ where white is to move is WRONG_TURN, located on that move."""
    with pytest.raises(IllegalMoveError) as info:
        kifu_lark.loads("▲７六歩▲２六歩\n", "ki2")
    assert ("WRONG_TURN", 1, 5) == (info.value.code, info.value.line, info.value.column)


def test_syntax_error_points_at_the_move() -> None:
    """A malformed move is reported at its own column."""
    with pytest.raises(KifuSyntaxError) as info:
        kifu_lark.loads("▲７六歩 △３四歩\n▲２六歩 △８四\n", "ki2")
    assert (2, 6) == (info.value.line, info.value.column)


@pytest.mark.parametrize(
    ("summary", "kind", "color"),
    [
        ("まで2手で後手の勝ち", SpecialKind.RESIGN, B),
        ("まで2手で中断", SpecialKind.INTERRUPT, B),
        ("まで2手で千日手", SpecialKind.REPETITION, B),
        ("まで2手で持将棋", SpecialKind.IMPASSE, B),
        ("まで2手で時間切れにより後手の勝ち", SpecialKind.TIME_UP, B),
        ("まで2手で先手の反則勝ち", SpecialKind.ILLEGAL_WIN, B),
        ("まで2手で先手の反則負け", SpecialKind.ILLEGAL_LOSS, B),
        ("まで2手で先手の入玉勝ち", SpecialKind.ENTERING_KING_WIN, B),
        ("まで2手で詰み", SpecialKind.MATE, B),
        ("まで2手詰", SpecialKind.MATE, B),
        ("まで2手で封じ手", SpecialKind.SEALED, B),
    ],
)
def test_summary_line_gives_the_result(summary: str, kind: SpecialKind, color: Color) -> None:
    """The まで line ends the line read with the special it states."""
    game = kifu_lark.loads(f"▲７六歩 △３四歩\n{summary}\n", "ki2")
    assert Special(kind, color) == game.mainline()[-1].special


def test_special_written_as_a_move() -> None:
    """△投了 in the move stream is a special; the まで line after it adds nothing."""
    game = kifu_lark.loads("▲７六歩 △投了\nまで1手で先手の勝ち\n", "ki2")
    assert [None, Special(SpecialKind.RESIGN, W)] == [
        n.special for n in game.mainline()
    ]


def test_comments_and_bookmarks_attach_to_the_move_before() -> None:
    """`*` and `&` lines belong to the last move read, or to the start before any move."""
    game = kifu_lark.loads("*序盤\n▲７六歩 △３四歩\n*角道\n&定跡\n▲２六歩\n", "ki2")
    line = game.mainline()
    assert (["序盤"], ["角道"], "定跡", []) == (
        game.root.comments,
        line[1].comments,
        line[1].bookmark,
        line[2].comments,
    )


def test_variations_branch_from_the_line_read() -> None:
    """変化 sections hang alternatives where they replace a move, nested ones included."""
    text = (
        "▲７六歩 △３四歩 ▲２六歩\nまで3手で中断\n\n"
        "変化：2手\n△８四歩 ▲６八銀\n\n変化：3手\n▲７八金\n\n変化：1手\n▲２六歩\n"
    )
    game = kifu_lark.loads(text, "ki2")
    first = game.root.children
    assert ["7g7f", "2g2f"] == [n.move.usi() for n in first if n.move]
    second = first[0].children
    assert ["3c3d", "8c8d"] == [n.move.usi() for n in second if n.move]
    assert ["7i6h", "6i7h"] == [n.move.usi() for n in second[1].children if n.move]


def test_footer_after_dashes_is_not_the_record() -> None:
    """A `-----` line and what follows (激指 exports) are skipped."""
    assert ["7g7f"] == usi("▲７六歩\n------------\n  generated by something\n")


def test_minishogi_record() -> None:
    """A 5x5 record (diagram start) reads, and writes back identically."""
    start = Position.initial(MINISHOGI)
    board = Board.from_position(start)
    game = Game(start=start)
    node = game.root
    for text in ("4e4d", "2a2b", "4d4c"):
        node = node.add_variation(board.push(_usi_move(board, text)))
    text = kifu_lark.dumps(game, "ki2")
    assert "▲４四金    △２二金    ▲４三金\n" in text
    assert game == kifu_lark.loads(text, "ki2")


def _usi_move(board: Board, text: str) -> Move:
    frm, to = Square.from_usi(text[:2]), Square.from_usi(text[2:4])
    kind = board.piece_kind(frm)
    assert kind is not None
    return Move(board.color, to, kind, frm, text.endswith("+"))


# --- writing ------------------------------------------------------------------------------


def test_write_layout_six_a_line_padded() -> None:
    """Moves are padded to 12 cells, six a line, 同　 with one character after it only."""
    text = "▲７六歩 △３四歩 ▲２二角成 △同　銀 ▲７八金 △８八角 ▲同　銀\n"
    out = kifu_lark.dumps(kifu_lark.loads(text, "ki2"), "ki2")
    assert out.endswith(
        "▲７六歩    △３四歩    ▲２二角成  △同　銀    ▲７八金    △８八角\n▲同　銀\n"
    )


def test_write_same_with_two_characters_after_it() -> None:
    """同 is followed by a full-width blank only when one character follows (同角成)."""
    game = kifu_lark.loads("▲７六歩 △３四歩 ▲２二角成 △同　銀 ▲３三角 △同桂\n", "ki2")
    assert "△同　桂" in kifu_lark.dumps(game, "ki2")


def test_write_promotion_words() -> None:
    """成 when promoting, 不成 when the move could promote and does not, nothing otherwise."""
    board = Board.from_position(Position.from_sfen("4k4/9/9/4S4/9/9/9/9/4K4 b - 1"))
    frm = Square(5, 4)
    promote = Move(B, Square(5, 3), PieceKind.SILVER, frm, True)
    stay = Move(B, Square(5, 3), PieceKind.SILVER, frm)
    back = Move(B, Square(4, 5), PieceKind.SILVER, frm)
    assert ["▲５三銀成", "▲５三銀不成", "▲４五銀"] == [
        write_ki2_move(board, move, None) for move in (promote, stay, back)
    ]


def test_three_dragons_cannot_be_set_up() -> None:
    """A set has two rooks: a position with three dragons (which the writer's relative words
    once handled) is refused where it is made, naming the kind and the set's count."""
    position = Position.from_sfen("4k4/9/9/9/9/5+R3/9/4+R4/4K4 b - 1")
    expected = r"3 飛 \(HI\) on the board and in hand, where the set has 2"
    with pytest.raises(ValueError, match=expected):
        position.with_piece(Square(1, 5), Piece(PieceKind.DRAGON, B))


def test_write_variations_in_kifu_for_windows_order() -> None:
    """Deepest variations come first, each after the line it branches from."""
    text = (
        "▲７六歩 △３四歩 ▲２六歩\n\n変化：2手\n△８四歩 ▲６八銀\n\n変化：3手\n▲７八金\n"
        "\n変化：1手\n▲２六歩\n"
    )
    out = kifu_lark.dumps(kifu_lark.loads(text, "ki2"), "ki2")
    assert ["変化：2手", "変化：3手", "変化：1手"] == [
        line for line in out.splitlines() if line.startswith("変化")
    ]


def test_format_declaration() -> None:
    """ki2 is registered with both extensions and their encodings."""
    fmt = get_format(".ki2u")
    assert (FORMAT.name, (".ki2", ".ki2u"), "cp932", "utf-8") == (
        fmt.name,
        fmt.extensions,
        fmt.encoding_for(".ki2"),
        fmt.encoding_for(".ki2u"),
    )


def test_detected_from_text() -> None:
    """A text whose lines start with turn marks is recognised as KI2, KIF move lines are not."""
    assert "ki2" == kifu_lark.loads("開始日時：2024/01/01\n▲７六歩 △３四歩\n").format
    kif = "手数----指手---------消費時間--\n   1 ７六歩(77)\n"
    assert "ki2" != kifu_lark.loads(kif).format

