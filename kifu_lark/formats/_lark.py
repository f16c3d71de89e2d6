"""Loading grammars and turning lark's exceptions into :class:`KifuSyntaxError`.

This is the only module that catches lark exceptions: readers call :func:`parse` (or
:func:`convert_lark_error` around their own parser use) and see only ``KifuError``.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from lark import (
    Lark,
    Transformer,
    Tree,
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)
from lark.exceptions import LarkError, VisitError
from lark.lexer import PatternRE, TerminalDef
from lark.load_grammar import FromPackageLoader

from kifu_lark.errors import KifuError, KifuSyntaxError

GRAMMAR_PACKAGE = "kifu_lark.grammars"
#: Loader for ``%import`` of our grammars from a third party's grammar.
GRAMMAR_LOADER = FromPackageLoader(GRAMMAR_PACKAGE)


_NAMED_GROUP = re.compile(r"\(\?P<\w+>")


def _uncaptured(terminal: TerminalDef) -> None:
    """Make the named groups inside ``terminal``'s regex non-capturing.

    Readers take a line apart with a terminal's named groups (``bod.terminal_regex`` builds
    its own lexer for that); the parser's lexer only needs where a token ends. Inside a
    possessive repeat (``MOVES_BLOCK``: a whole run of move lines, matched without keeping a
    backtracking point per line) capturing groups trip a CPython ``re`` bug ("The span of
    capturing group is wrong", seen on 3.11.7), and they cost time everywhere else.
    """
    pattern = terminal.pattern
    if isinstance(pattern, PatternRE) and "(?P<" in pattern.value:
        terminal.pattern = PatternRE(_NAMED_GROUP.sub("(?:", pattern.value), pattern.flags)


@functools.cache
def parser(grammar: str, start: str = "start", **options: Any) -> Lark:
    """The LALR parser of ``grammar`` (a file in ``kifu_lark.grammars``), built once."""
    opts: dict[str, Any] = {
        "parser": "lalr",
        "propagate_positions": False,
        "maybe_placeholders": False,
        "edit_terminals": _uncaptured,
    }
    opts.update(options)
    return Lark.open_from_package(GRAMMAR_PACKAGE, grammar, start=start, **opts)


def parse(lark: Lark, text: str, format: str) -> Tree[Any]:
    """Parse ``text``; lark errors become :class:`KifuSyntaxError`."""
    try:
        return lark.parse(text)
    except LarkError as err:
        raise convert_lark_error(err, text, format) from None


def transform(transformer: Transformer[Any, Any], tree: Tree[Any], text: str, format: str) -> Any:
    """Run ``transformer`` over ``tree``; a ``KifuError`` it raises comes out unwrapped (lark
    wraps it in ``VisitError``), any other lark error as :class:`KifuSyntaxError`."""
    try:
        return transformer.transform(tree)
    except LarkError as err:
        raise convert_lark_error(err, text, format) from None


def convert_lark_error(err: LarkError, text: str, format: str) -> KifuError:
    """The ``KifuError`` for a lark exception raised while parsing ``text``."""
    if isinstance(err, VisitError) and isinstance(err.orig_exc, KifuError):
        return err.orig_exc
    if isinstance(err, UnexpectedInput):
        line = getattr(err, "line", None)
        column = getattr(err, "column", None)
        if line is not None and line < 1:
            line = column = None
        lines = text.splitlines()
        if line is None and lines:
            line, column = len(lines), len(lines[-1]) + 1
        source_line = lines[line - 1] if line is not None and 0 < line <= len(lines) else None
        expected: set[str] = set()
        offending: str | None = None
        if isinstance(err, UnexpectedToken):
            expected = set(err.accepts or err.expected)
            offending = str(err.token) if err.token.type != "$END" else None
            message = (
                f"unexpected {err.token.type.lower()} {offending!r}"
                if offending
                else "unexpected end of input"
            )
        elif isinstance(err, UnexpectedCharacters):
            expected = set(err.allowed or ())
            offending = err.char
            message = f"unexpected character {offending!r}"
        elif isinstance(err, UnexpectedEOF):
            expected = set(err.expected or ())
            message = "unexpected end of input"
        else:
            message = "syntax error"
        if source_line is not None and offending is None and column is not None:
            offending = source_line[column - 1 : column + 19] or None
        hint = None
        if expected:
            shown = sorted(expected)
            hint = "expected " + ", ".join(shown[:8]) + (" …" if len(shown) > 8 else "")
        return KifuSyntaxError(
            message,
            format=format,
            line=line,
            column=column,
            text=offending,
            hint=hint,
            source_line=source_line,
        )
    return KifuSyntaxError(str(err), format=format)
