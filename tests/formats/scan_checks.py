"""What the readers' fast-path tests share: a scanning parser keeps lark's order of terminals,
and tokens compared as lark locates them."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from lark import Tree
from lark.lexer import TerminalDef

from kifu_lark.formats.engine import parsing


def assert_terminals_in_place(
    grammar: str, scanning: Callable[[TerminalDef], None], name: str, scan: str
) -> None:
    """The parser whose terminal ``name`` is matched with ``scan`` (``parsing.scanning``)
    tries its terminals in the order the grammar's own parser does: lark orders them by
    priority, width and then pattern length."""
    scanner = parsing.parser(grammar, edit_terminals=scanning)
    exact = parsing.parser(grammar)
    order = [t.name for t in scanner.parser.lexer.root_lexer.terminals]
    assert order == [t.name for t in exact.parser.lexer.root_lexer.terminals]
    pattern = scanner.get_terminal(name).pattern
    assert pattern.value.startswith(scan)
    assert len(pattern.value) == len(exact.get_terminal(name).pattern.value)


def located(items: Iterable[Any]) -> list[tuple[Any, ...]]:
    """Tokens as comparable data: type, text, offset, line, column; a tree as its rule's
    name, then its tokens."""
    found: list[tuple[Any, ...]] = []
    for item in items:
        if isinstance(item, Tree):
            found.append(("tree", str(item.data)))
            found += located(item.children)
        else:
            found.append((item.type, str(item), item.start_pos, item.line, item.column))
    return found


#: A board diagram as Kifu for Windows writes one (here the usual start, black to move).
DIAGRAM = (
    "後手の持駒：なし\n"
    "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"
    "+---------------------------+\n"
    "|v香v桂v銀v金v玉v金v銀v桂v香|一\n"
    "| ・v飛 ・ ・ ・ ・ ・v角 ・|二\n"
    "|v歩v歩v歩v歩v歩v歩v歩v歩v歩|三\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
    "| 歩 歩 歩 歩 歩 歩 歩 歩 歩|七\n"
    "| ・ 角 ・ ・ ・ ・ ・ 飛 ・|八\n"
    "| 香 桂 銀 金 玉 金 銀 桂 香|九\n"
    "+---------------------------+\n"
    "先手の持駒：なし\n"
    "先手番\n"
)

#: Lines that damage a diagram, for the hypothesis tests.
DIAGRAM_LINES = [
    "+---------------------------+\n",
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n",
    "  ９ ８ ７ ６ ５ ４ ３ ２ １\n",
    "先手の持駒：歩二\n",
    "後手番\n",
    "手数＝0\n",
    "盤面回転\n",
]


def diagram_cases(moves: str) -> list[tuple[str, bool]]:
    """Records with a diagram before ``moves`` (a move section), and whether a whole-record
    pattern should take each: the parts as writers place them, or else lark reads it."""
    rows = DIAGRAM.splitlines(keepends=True)
    no_columns = "".join(row for row in rows if "９" not in row)
    bare = "".join(row for row in rows if "持駒" not in row and "番" not in row)
    spaced = DIAGRAM.replace("１\n", "１\n\n").replace("+\n|v香", "+\n\n|v香")
    gap = DIAGRAM.replace("|四\n", "|四\n\n")
    turn_first = "".join([*rows[:-2], rows[-1], rows[-2]])
    return [
        ("先手：a\n" + DIAGRAM + moves, True),
        (DIAGRAM + moves, True),  # no head
        ("先手：a\n" + no_columns + moves, True),
        ("先手：a\n" + bare + moves, True),  # no hands, no side to move
        ("先手：a\n" + spaced + "\n" + moves, True),  # blank lines between the parts
        ("先手：a\n" + DIAGRAM + "後手：b\n*a comment\n" + moves, True),  # head after
        ("先手：a\n" + gap + moves, False),  # a blank line between ranks: to lark
        ("先手：a\n" + turn_first + moves, False),  # parts in another order: to lark
        ("先手：a\n" + DIAGRAM + "手数＝0\n" + moves, False),  # a move count: to lark
        ("先手：a\n" + DIAGRAM.replace("|一", "|x") + moves, False),  # not a rank line
        ("先手：a\n" + DIAGRAM.replace("|五\n", "|五\n先手番\n") + moves, False),
    ]


# `*+ ?+ ++ {n}+` → `* ? + {n}`, `(?>` → `(?:`: the same regex without the speed marks.
_POSSESSIVE = re.compile(r"(?<!\\)([*+?}])\+")


def without_marks(pattern: str) -> str:
    """``pattern`` without its possessive and atomic marks."""
    return _POSSESSIVE.sub(r"\1", pattern).replace("(?>", "(?:")


def assert_marks_change_no_match(
    pattern: str, texts: Iterable[str], after: str = "\n", somewhere: bool = True
) -> None:
    """From the start of each text and after each character of ``after``, ``pattern`` matches
    the same text as it does without its possessive and atomic marks (and, with
    ``somewhere``, matches at one of those places at least)."""
    fast, plain = re.compile(pattern), re.compile(without_marks(pattern))
    assert plain.pattern != fast.pattern, "no possessive or atomic mark"
    matched = 0
    for text in texts:
        for start in [0, *(m.end() for m in re.finditer(f"[{after}]", text[:-1]))]:
            a, b = fast.match(text, start), plain.match(text, start)
            assert (None if a is None else a.span()) == (None if b is None else b.span())
            matched += a is not None
    assert matched > 0 or not somewhere
