"""What the readers' fast-path tests share: a scanning parser keeps lark's order of terminals,
and tokens compared as lark locates them."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from lark.lexer import TerminalDef

from kifu_lark.formats import _lark


def assert_terminals_in_place(
    grammar: str, scanning: Callable[[TerminalDef], None], name: str, scan: str
) -> None:
    """The parser whose terminal ``name`` is matched with ``scan`` (``_lark.scanning``)
    tries its terminals in the order the grammar's own parser does: lark orders them by
    priority, width and then pattern length."""
    scanner = _lark.parser(grammar, edit_terminals=scanning)
    exact = _lark.parser(grammar)
    order = [t.name for t in scanner.parser.lexer.root_lexer.terminals]
    assert order == [t.name for t in exact.parser.lexer.root_lexer.terminals]
    pattern = scanner.get_terminal(name).pattern
    assert pattern.value.startswith(scan)
    assert len(pattern.value) == len(exact.get_terminal(name).pattern.value)


def located(tokens: Iterable[Any]) -> list[tuple[Any, ...]]:
    """Tokens as comparable data: type, text, offset, line, column."""
    return [(t.type, str(t), t.start_pos, t.line, t.column) for t in tokens]
