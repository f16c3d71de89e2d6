"""The standard handicaps (手合割) and their start positions."""

from __future__ import annotations

from kifu_lark.model.position import Position
from kifu_lark.model.variant import MINISHOGI, STANDARD, Variant

_TAIL = "/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL"

#: Handicap name (as KIF writes it) → SFEN of the start position. 上手 (white) moves first
#: in every handicap but 平手.
HANDICAPS: dict[str, str] = {
    "平手": "lnsgkgsnl/1r5b1" + _TAIL + " b - 1",
    "香落ち": "lnsgkgsn1/1r5b1" + _TAIL + " w - 1",
    "右香落ち": "1nsgkgsnl/1r5b1" + _TAIL + " w - 1",
    "角落ち": "lnsgkgsnl/1r7" + _TAIL + " w - 1",
    "飛車落ち": "lnsgkgsnl/7b1" + _TAIL + " w - 1",
    "飛香落ち": "lnsgkgsn1/7b1" + _TAIL + " w - 1",
    "二枚落ち": "lnsgkgsnl/9" + _TAIL + " w - 1",
    "三枚落ち": "lnsgkgsn1/9" + _TAIL + " w - 1",
    "四枚落ち": "1nsgkgsn1/9" + _TAIL + " w - 1",
    "五枚落ち": "2sgkgsn1/9" + _TAIL + " w - 1",
    "左五枚落ち": "1nsgkgs2/9" + _TAIL + " w - 1",
    "六枚落ち": "2sgkgs2/9" + _TAIL + " w - 1",
    "左七枚落ち": "2sgkg3/9" + _TAIL + " w - 1",
    "右七枚落ち": "3gkgs2/9" + _TAIL + " w - 1",
    "八枚落ち": "3gkg3/9" + _TAIL + " w - 1",
    "十枚落ち": "4k4/9" + _TAIL + " w - 1",
    "その他": "",
}
#: Other spellings seen in real records.
HANDICAP_ALIASES: dict[str, str] = {
    "平手戦": "平手",
    "香落": "香落ち",
    "角落": "角落ち",
    "飛落ち": "飛車落ち",
    "飛車落": "飛車落ち",
    "飛香落": "飛香落ち",
    "二枚落": "二枚落ち",
    "四枚落": "四枚落ち",
    "六枚落": "六枚落ち",
    "八枚落": "八枚落ち",
    "十枚落": "十枚落ち",
    "5五将棋": "5五将棋",
}
MINISHOGI_NAME = "5五将棋"


#: Handicaps that widely used readers do not know (tsshogi, ShogiHome's library, has no
#: preset for them and starts such records from the usual position): writers give the
#: position itself as well as, or instead of, the name.
NOT_EVERYWHERE = frozenset({"三枚落ち", "五枚落ち", "左五枚落ち"})


def handicap_position(name: str) -> Position | None:
    """The start position of a named handicap (``None`` for その他 or an unknown name)."""
    name = HANDICAP_ALIASES.get(name.strip(), name.strip())
    if name == MINISHOGI_NAME:
        return Position.initial(MINISHOGI)
    sfen = HANDICAPS.get(name)
    return Position.from_sfen(sfen, STANDARD) if sfen else None


def handicap_name(position: Position) -> str | None:
    """The handicap whose start position equals ``position`` (move number ignored)."""
    # Writers ask several times per record (header, diagram, 上手/下手 wording), and each
    # answer compares the whole position with every handicap's: the last few answers are
    # kept, by identity (positions are immutable; the entry holds the position, so its id
    # is not reused).
    recent = _RECENT.get(id(position))
    if recent is not None and recent[0] is position:
        return recent[1]
    name = _handicap_name(position)
    if len(_RECENT) >= 16:
        _RECENT.clear()
    _RECENT[id(position)] = (position, name)
    return name


_RECENT: dict[int, tuple[Position, str | None]] = {}


def _handicap_name(position: Position) -> str | None:
    key = position.sfen(ply=1)
    if position.variant is MINISHOGI and key == MINISHOGI.start_sfen:
        return MINISHOGI_NAME
    for name, sfen in _BY_SFEN.items():
        if sfen == key:
            return name
    return None


def is_standard_start(position: Position, variant: Variant) -> bool:
    """True when ``position`` is the variant's usual start (move number ignored)."""
    return variant.start_sfen is not None and position.sfen(ply=1) == variant.start_sfen


_BY_SFEN = {name: sfen for name, sfen in HANDICAPS.items() if sfen}
