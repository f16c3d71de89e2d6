"""シェルト (xelto), the Arka board game: its own model, replay checker and notations.

Formats (registered by ``kifu_lark.formats.shelt``): ``shelt-simple`` (簡易式),
``shelt-normal`` (普通式), ``shelt-strict`` (厳密式), ``shelt-kanji`` (漢字式) and ``msf``
(Mino Seslax Format, JSON). Readers return :class:`SheltRecord` objects; see docs/shelt.md.
"""

from kifu_lark.shelt.api import dumps, load, loads
from kifu_lark.shelt.checker import Checker, apply, replay
from kifu_lark.shelt.model import (
    Ply,
    PlyKind,
    Result,
    SheltRecord,
    Side,
    Square,
    State,
    Variation,
)
from kifu_lark.shelt.written import Info, Written, written_of

__all__ = [
    "Checker",
    "Info",
    "Ply",
    "PlyKind",
    "Result",
    "SheltRecord",
    "Side",
    "Square",
    "State",
    "Variation",
    "Written",
    "apply",
    "dumps",
    "load",
    "loads",
    "replay",
    "written_of",
]
