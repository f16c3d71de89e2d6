"""Typed entry points for シェルト records (``kifu_lark.loads`` is typed for shogi games).

>>> from kifu_lark import shelt
>>> record = shelt.loads("1. b5vio\\n2. s5lin\\n", "shelt-normal")
>>> shelt.dumps(record, "shelt-strict")
'[1a]b5-vio\\n[2s]s5-lin\\n'
"""

from __future__ import annotations

import os
from typing import Any

from kifu_lark.errors import KifuError, UnknownFormatError
from kifu_lark.formats.registry import all_formats, get_format
from kifu_lark.shelt.model import SheltRecord


def _check(name: str | None) -> None:

    if name is not None and get_format(name).game != "shelt":
        raise UnknownFormatError(
            f"{name!r} is not a シェルト format",
            hint="known: " + ", ".join(f.name for f in all_formats() if f.game == "shelt"),
        )


def _one(records: list[Any]) -> SheltRecord:
    if not records or not isinstance(records[0], SheltRecord):
        raise KifuError(
            "the text holds no シェルト record",
            code="EMPTY",
            hint="check that the text is a シェルト record, and its format",
        )
    return records[0]


def loads(text: str, format: str | None = None) -> SheltRecord:
    """Read a シェルト record from ``text`` (format detected when omitted)."""
    import kifu_lark  # noqa: PLC0415 (kifu_lark imports the shelt formats, and so this)

    _check(format)
    return _one(kifu_lark.loads_all(text, format))


def load(path: str | os.PathLike[str], format: str | None = None) -> SheltRecord:
    """Read a シェルト record from the file at ``path``."""
    import kifu_lark  # noqa: PLC0415 (kifu_lark imports the shelt formats, and so this)

    _check(format)
    return _one(kifu_lark.load_all(path, format))


def dumps(record: SheltRecord, format: str) -> str:
    """Write ``record`` in ``format`` (a シェルト format)."""
    import kifu_lark  # noqa: PLC0415 (kifu_lark imports the shelt formats, and so this)

    _check(format)
    text: str = kifu_lark.dumps(record, format)  # type: ignore[arg-type]
    return text
