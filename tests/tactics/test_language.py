"""The tactic language: every shipped file reads; every mistake in a file is a located
KifuError (line, column, offending text, hint), never a lark or Python error."""

from __future__ import annotations

import pytest

from kifu_lark import tactics
from kifu_lark.errors import KifuError, KifuSyntaxError
from kifu_lark.model.color import Color
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.square import Square
from kifu_lark.tactics.language import TRIGGER, TacticError, parse_tactic

BOARD = """\
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・*金 ・*銀*玉 ・|八
| ・ ・ ・ ・ ・ 金 ・ 桂 香|九
+---------------------------+
"""


def test_every_shipped_file_reads_and_is_named_after_its_tactic() -> None:
    """shipped() reads each file (it checks file and folder names and `replaces`)."""
    shipped = tactics.shipped()
    assert len(shipped) >= 5
    assert len({t.name for t in shipped}) == len(shipped)


def test_a_file_reads_into_its_fields() -> None:
    """Keys and the board become the Tactic's fields, squares from 先手's side."""
    text = (
        "# comment\nname: 美濃囲い   # trailing comment\ncategory: 囲い\n"
        "aliases: 本美濃, 本美濃囲い\n"
        "replaces: 片美濃囲い\nply: 10..60\nside: 先手\ncaptures: ..2\nhand: 歩 only\n"
        "also: opponent\n" + BOARD
    )
    tactic = parse_tactic(text)
    assert ("美濃囲い", "囲い", ("本美濃", "本美濃囲い")) == (
        tactic.name,
        tactic.category,
        tactic.aliases,
    )
    assert (("片美濃囲い",), (10, 60), Color.BLACK, (0, 2)) == (
        tactic.replaces,
        tactic.ply,
        tactic.side,
        tactic.captures,
    )
    assert ("only", frozenset({PieceKind.PAWN}), True) == (
        tactic.hand.rule,
        tactic.hand.kinds,
        tactic.also_opponent,
    )
    triggers = {(c.square, c.kind) for c in tactic.cells if c.need == TRIGGER}
    assert {
        (Square(5, 8), PieceKind.GOLD),
        (Square(3, 8), PieceKind.SILVER),
        (Square(2, 8), PieceKind.KING),
    } == triggers
    assert 6 == len(tactic.cells)


HEAD = "name: x\ncategory: 囲い\n"
# (text, error class, line, column, a word of the message, offending text)
BAD = [
    ("nmae: x\ncategory: 囲い\n", TacticError, 1, 1, "unknown key", "nmae"),
    ("name: x\n", TacticError, None, None, "no 'category'", None),
    ("name: x\nname: y\ncategory: 囲い\n", TacticError, 2, 1, "twice", "name"),
    ("name: x\ncategory: 城\n", TacticError, 2, 11, "not allowed", "城"),
    (HEAD + "ply: 30..10\n", TacticError, 3, 6, "empty range", "30..10"),
    (HEAD + "ply: ten\n", TacticError, 3, 6, "not a range", "ten"),
    (HEAD + "side: 先手番\n", TacticError, 3, 7, "not allowed", "先手番"),
    (HEAD + "hand: 飛車 only\n", TacticError, 3, 7, "not a piece", "飛車 only"),
    (HEAD + "hand: lots\n", TacticError, 3, 7, "hand rule", "lots"),
    (HEAD + "predicate: golden\n", TacticError, 3, 12, "no predicate", "golden"),
    (HEAD + "variant: chess\n", TacticError, 3, 10, "unknown variant", "chess"),
    (HEAD + "aliases: a,,b\n", TacticError, 3, 10, "not a name", "a,,b"),
    (HEAD + "replaces: x\n", TacticError, 3, 11, "itself", "x"),
    (HEAD + "when: end\n" + BOARD, TacticError, 3, 7, "when: end", "end"),
    (HEAD + BOARD.replace("*金", "q金"), KifuSyntaxError, 5, 10, "unexpected", "q"),
    (HEAD + BOARD.replace("*玉 ・|八", "*玉|八"), TacticError, 5, 2, "cells", None),
    (HEAD + BOARD.replace("|八", "|"), TacticError, 5, 18, "no rank", None),
    (HEAD + BOARD.replace("|八", "|九"), TacticError, 6, 21, "each once", "九"),
    (HEAD + BOARD.replace("*金", "a金"), TacticError, 5, 10, "group 'a' has one cell", "a金"),
    (HEAD + BOARD.replace("９ ８", "８ ９"), TacticError, 3, 1, "column numbers", None),
    (HEAD + "variant: minishogi\n" + BOARD, TacticError, 4, 1, "column numbers", None),
    (HEAD + "moved: drop\n" + BOARD.replace(" 桂", " ◎"), TacticError, 3, 8, "no square", "drop"),
]


@pytest.mark.parametrize(("text", "error", "line", "column", "word", "offending"), BAD)
def test_each_mistake_is_located(
    text: str,
    error: type[KifuError],
    line: int | None,
    column: int | None,
    word: str,
    offending: str | None,
) -> None:
    """The error names the line and column, the offending text, and renders a message."""
    with pytest.raises(KifuError) as caught:
        parse_tactic(text, "x.tactic")
    err = caught.value
    assert type(err) is error
    assert (line, column) == (err.line, err.column)
    assert word in err.message
    if offending is not None:
        assert err.text is not None and offending in err.text
    assert err.format == "x.tactic" and err.hint
    assert str(err).startswith("x.tactic")


def test_a_misspelled_key_hint_names_the_key() -> None:
    """`nmae:` suggests `name`."""
    with pytest.raises(TacticError) as caught:
        parse_tactic("nmae: x\n")
    assert "'name'" in (caught.value.hint or "")


def test_a_file_without_final_newline_reads() -> None:
    """The last line needs no newline; CRLF line ends read too."""
    assert "x" == parse_tactic("name: x\r\ncategory: 手筋").name
