"""The notations, and the public API for adding one (docs/adding-a-notation.md).

A notation is a grammar, a reader that turns what the grammar parsed into notation-level
events for :class:`GameBuilder` (moves as written, comments, times, specials, variations), a
writer, and a :class:`Format` that names them; a third-party package registers its
``Format`` under the ``kifu_lark.formats`` entry point. Everything a plugin needs is here,
by these names: the modules below this package are the library's own and may change.
"""

from kifu_lark.formats.base import Capabilities, Format, ReadOptions, WriteOptions
from kifu_lark.formats.engine import (
    GRAMMAR_LOADER,
    Declaration,
    Inexact,
    parse,
    parser,
    read,
    transform,
)
from kifu_lark.formats.specials import written_special
from kifu_lark.rules.replay import GameBuilder

__all__ = [
    "GRAMMAR_LOADER",
    "Capabilities",
    "Declaration",
    "Format",
    "GameBuilder",
    "Inexact",
    "ReadOptions",
    "WriteOptions",
    "parse",
    "parser",
    "read",
    "transform",
    "written_special",
]
