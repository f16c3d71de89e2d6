"""Checking decoded JSON values, and where a value stands in the text, for the errors of the
JSON formats (JKF, and シェルト's MSF).

The json module keeps no positions, so after it has accepted a text and a reader finds a bad
field or an illegal move, the text is parsed once more with ``grammars/jkf.lark`` (a plain
JSON grammar, positions on) and the value is found by its path of keys and indices. This runs
only on the error path.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from lark import Token, Tree
from lark.exceptions import LarkError

from kifu_lark.errors import InvalidRecordError, KifuError
from kifu_lark.formats.engine import parsing


class Path:
    """A value's place in the document: object keys and array indices from the top, kept as
    a link to the parent's place, so that a deeper place costs one object however deep
    (a tuple copied at every level made reading nested forks quadratic)."""

    __slots__ = ("key", "parent")

    def __init__(self, parent: Path | None, key: str | int) -> None:
        self.parent = parent
        self.key = key

    def __iter__(self) -> Iterator[str | int]:
        keys: list[str | int] = []
        node: Path | None = self
        while node is not None:
            keys.append(node.key)
            node = node.parent
        return reversed(keys)


#: A place given as a Path or as a tuple of keys and indices.
PATH = Path | tuple[str | int, ...]


def at(path: PATH, *keys: str | int) -> Path:
    """The place of ``keys`` below ``path``."""
    node: Path | None = None
    if isinstance(path, Path):
        node = path
    else:
        for key in path:
            node = Path(node, key)
    for key in keys:
        node = Path(node, key)
    assert node is not None, "a place has at least one key"
    return node


class JsonChecker:
    """Type checks on decoded JSON whose failures are located in ``text``.

    Attributes:
        shape: the hint of a failure whose raiser gives none (the format's layout).
    """

    shape: str | None = None

    def __init__(self, text: str, format: str) -> None:
        self.text = text
        self.format = format

    def bad(self, message: str, path: PATH, hint: str | None = None) -> KifuError:
        """An ``InvalidRecordError`` (code ``BAD_FIELD``) located at the value at ``path``;
        its hint is ``hint``, or :attr:`shape`."""
        err = InvalidRecordError(
            message, code="BAD_FIELD", hint=hint or self.shape, text=dotted(path)
        )
        return self.locate(err, path)

    def locate(self, err: KifuError, path: PATH) -> KifuError:
        """Fill in ``err``'s location from ``path``."""
        line, column = locate(self.text, path)
        lines = self.text.splitlines()
        source = lines[line - 1] if line is not None and 0 < line <= len(lines) else None
        return err.locate(format=self.format, line=line, column=column, source_line=source)

    def expect(self, value: Any, kind: type | tuple[type, ...], path: PATH, what: str) -> Any:
        """``value`` when it is of ``kind``, else a located error."""
        kinds = kind if isinstance(kind, tuple) else (kind,)
        # bool is an int in Python, never a number in JSON.
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            raise self.bad(f"{dotted(path)} must be {what}, not {_json_type(value)}", path)
        return value


def dotted(path: PATH) -> str:
    """``moves[3].move.to`` for a path."""
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else step)
    return text or "the record"


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "an array" if isinstance(value, list) else "an object"


def locate(text: str, path: PATH) -> tuple[int | None, int | None]:
    """The 1-based line and column of the value at ``path`` (keys and array indices); the
    deepest value found on the way when the path goes further than the text."""
    try:
        tree = parsing.parser("jkf.lark", propagate_positions=True).parse(text)
    except LarkError:
        return None, None
    node = tree.children[0]  # start -> value
    assert isinstance(node, Tree)
    for step in path:
        inner = node.children[0]
        if not isinstance(inner, Tree):
            break
        found = _step(inner, step)
        if found is None:
            break
        node = found
    return _position(node)


def _step(container: Tree[Any], step: str | int) -> Tree[Any] | None:
    if container.data == "array" and isinstance(step, int):
        values = [c for c in container.children if isinstance(c, Tree)]
        return values[step] if 0 <= step < len(values) else None
    if container.data == "object" and isinstance(step, str):
        found = None
        for pair in container.children:
            if isinstance(pair, Tree) and json.loads(str(pair.children[0])) == step:
                found = pair.children[1]  # the last of repeated keys wins, as in json
        return found
    return None


def _position(node: Tree[Any]) -> tuple[int | None, int | None]:
    if getattr(node.meta, "empty", True):
        first = node.children[0] if node.children else None
        if isinstance(first, Token):
            return first.line, first.column
        return None, None
    return node.meta.line, node.meta.column
