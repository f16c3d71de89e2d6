"""Decoding the JSON formats (JKF, MSF) with every failure a located ``KifuSyntaxError``.

The json module's own limits are turned into errors at their place in the text: integers
longer than Python converts (``sys.get_int_max_str_digits``, 4 300 digits) and nesting deeper
than its recursion allows; syntax errors keep the line and column json reports.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from kifu_lark.errors import KifuSyntaxError


class _TooLong(ValueError):
    """An integer literal too long to convert (raised from ``parse_int``)."""


def _parse_int(literal: str) -> int:
    if len(literal) > sys.get_int_max_str_digits():
        raise _TooLong(literal)
    return int(literal)


def load_json(
    text: str,
    format: str,
    hint: str,
    object_pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None = None,
) -> Any:
    """``json.loads(text)`` whose failures are ``KifuSyntaxError`` with line and column.

    Raises:
        KifuSyntaxError: for a syntax error, an integer too long to convert, or nesting too
            deep for the decoder, each at its place in ``text``.
    """
    try:
        return json.loads(text, object_pairs_hook=object_pairs_hook, parse_int=_parse_int)
    except json.JSONDecodeError as err:
        raise _located(text, format, err.msg[0].lower() + err.msg[1:], err.pos, hint) from None
    except _TooLong as err:
        literal = str(err)
        message = f"an integer of {len(literal.lstrip('-'))} digits"
        where = max(text.find(literal), 0)
        raise _located(text, format, message, where, "no JKF or MSF number is that long") from None
    except RecursionError:
        depth, where = _deepest(text)
        message = f"JSON nested {depth} levels deep, more than the decoder follows"
        raise _located(text, format, message, where, "no record nests this deep") from None


def _located(text: str, format: str, message: str, pos: int, hint: str) -> KifuSyntaxError:
    line = text.count("\n", 0, pos) + 1
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    source = text[start : end if end >= 0 else len(text)]
    column = pos - start + 1
    return KifuSyntaxError(
        message,
        format=format,
        line=line,
        column=column,
        text=source[column - 1 : column + 19] or None,
        source_line=source,
        hint=hint,
    )


def _deepest(text: str) -> tuple[int, int]:
    """The greatest nesting of arrays and objects in ``text`` (strings skipped) and where it
    is first reached."""
    depth = best = where = 0
    in_string = escaped = False
    for i, char in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > best:
                best, where = depth, i
        elif char in "]}":
            depth -= 1
    return best, where
