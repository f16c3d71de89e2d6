"""シェルト formats: the four text notations and MSF (the code lives in ``kifu_lark.shelt``).

Their readers return :class:`kifu_lark.shelt.SheltRecord`, not shogi games (``game="shelt"``);
conversions between them go through that model and the replay checker.
"""

from __future__ import annotations

import re

from kifu_lark.formats.base import Capabilities, Format
from kifu_lark.shelt import kanji, msf, msf_write, normal, simple, strict
from kifu_lark.shelt.board import board_text, board_text_kanji
from kifu_lark.shelt.svg import board_svg
from kifu_lark.shelt.text import iter_lines

_TEXT_CAPS = Capabilities(start_positions=True, headers=True, specials=True)
_MOVE = re.compile(r"^(?:[1-9][0-9]*\.\s*)?(?:[vestbip][1-7][a-z]{3}|k-[a-z]{3}|[+*][a-z.]{3})")


def _moves(text: str) -> list[str]:
    return [x for x in iter_lines(text) if not x.startswith("@")][:20]


def _detect_strict(text: str) -> float:
    lines = _moves(text)
    hits = sum(bool(re.match(r"\[[1-9][0-9]*[as]\]", x)) for x in lines)
    return 0.95 if lines and hits == len(lines) else 0.0


def _detect_kanji(text: str) -> float:
    lines = _moves(text)
    hits = sum(
        bool(re.match(r"[1-9][0-9]*\.\s*(?:[vestbip][1-7]|同)[縦横斜塔斗黄従色跳扉月戸兆巴永]", x))
        for x in lines
    )
    return 0.95 if lines and hits == len(lines) else 0.0


def _detect_normal(text: str) -> float:
    lines = _moves(text)
    if not lines or not all(_MOVE.match(x) for x in lines):
        return 0.0
    special = any(re.search(r"tem\*|k-|[a-z]\+", x) for x in lines)
    return 0.6 if special else 0.4


def _detect_simple(text: str) -> float:
    lines = _moves(text)
    if not lines or not all(_MOVE.match(x) for x in lines):
        return 0.0
    return 0.5 if any(re.search(r"^(?:[0-9]+\.\s*)?[+*]", x) for x in lines) else 0.3


def _detect_msf(text: str) -> float:
    head = text.lstrip()[:2000]
    return 0.95 if head.startswith("{") and '"seslax"' in text and '"kit"' in text else 0.0


FORMATS = [
    Format(
        name="shelt-simple",
        description="シェルト 簡易式 (simple notation)",
        extensions=(".shsi",),
        reader=simple.read_simple,
        writer=simple.write_simple,
        grammar="shelt_simple.lark",
        variants=frozenset({"shelt"}),
        capabilities=_TEXT_CAPS,
        detect=_detect_simple,
        game="shelt",
        board_text=board_text,
        board_svg=board_svg,
    ),
    Format(
        name="shelt-normal",
        description="シェルト 普通式 (normal notation)",
        extensions=(".shno",),
        reader=normal.read_normal,
        writer=normal.write_normal,
        grammar="shelt_normal.lark",
        variants=frozenset({"shelt"}),
        capabilities=_TEXT_CAPS,
        detect=_detect_normal,
        game="shelt",
        board_text=board_text,
        board_svg=board_svg,
    ),
    Format(
        name="shelt-strict",
        description="シェルト 厳密式 (strict notation)",
        extensions=(".shst",),
        reader=strict.read_strict,
        writer=strict.write_strict,
        grammar="shelt_strict.lark",
        variants=frozenset({"shelt"}),
        capabilities=_TEXT_CAPS,
        detect=_detect_strict,
        game="shelt",
        board_text=board_text,
        board_svg=board_svg,
    ),
    Format(
        name="shelt-kanji",
        description="シェルト 漢字式 (kanji notation)",
        extensions=(".shkj",),
        reader=kanji.read_kanji,
        writer=kanji.write_kanji,
        grammar="shelt_kanji.lark",
        variants=frozenset({"shelt"}),
        capabilities=_TEXT_CAPS,
        detect=_detect_kanji,
        game="shelt",
        board_text=board_text_kanji,
        board_svg=board_svg,
    ),
    Format(
        name="msf",
        description="Mino Seslax Format: シェルト records as JSON",
        extensions=(".msf",),
        reader=msf.read_msf,
        writer=msf_write.write_msf,
        variants=frozenset({"shelt"}),
        capabilities=Capabilities(
            branches=True,
            times=True,
            comments=True,
            start_positions=True,
            headers=True,
            specials=True,
        ),
        detect=_detect_msf,
        game="shelt",
        board_text=board_text,
        board_svg=board_svg,
    ),
]
