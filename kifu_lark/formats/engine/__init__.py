"""The reader engine: the one place that knows lark's internals.

A format declares its grammar and its fast ways (:class:`Declaration`); :func:`read` reads
a text the fastest way that reads it exactly, the grammar as written being the reference.
The rest is what readers build with: the parsers (built once, shared by threads), lark's
errors turned into :class:`~kifu_lark.errors.KifuSyntaxError`, tokens located as lark
locates them, and bounded memo tables.

A plugin's grammar may ``%import`` ours through :data:`GRAMMAR_LOADER`; it parses with
:func:`parse`, runs its transformer with :func:`transform`, and sees only ``KifuError``.
"""

from kifu_lark.formats.engine.memo import remember
from kifu_lark.formats.engine.parsing import (
    GRAMMAR_LOADER,
    convert_lark_error,
    parse,
    parser,
    transform,
)
from kifu_lark.formats.engine.reader import Declaration, Inexact, read, read_fast

__all__ = [
    "GRAMMAR_LOADER",
    "Declaration",
    "Inexact",
    "convert_lark_error",
    "parse",
    "parser",
    "read",
    "read_fast",
    "remember",
    "transform",
]
