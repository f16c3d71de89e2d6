"""The evaluation reader's fast path: the common lines (floodgate's ``* 113 -3334FU …``,
ShogiHome's ``#評価値=…``) matched whole by patterns built from ``grammars/evaluation.lark``'s
own terminals, and anything else left to lark (``kifu_lark.formats.evaluation``).

Compiled with mypyc in the compiled build (``_build.py``): the export reads a score from
every move's comment, so the loop around the pattern is on its hot path.
tests/formats/test_evaluation_fast_path.py checks that both paths read every line alike.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from kifu_lark.formats.engine import parsing

GRAMMAR = "evaluation.lark"
#: What a line must start with to be worth parsing: most comments are not evaluations, and
#: this keeps them from lark (``Node.evaluation`` runs it over every comment line).
_LOOKS: Final = re.compile(
    r"\*[ \t]*[-+0-9]|[#*](?:評価値|読み筋|詰み|深さ|ノード数|エンジン)=|\*(?:解析|対局|検討)"
    r"|#(?:指し手|形勢)\["
)


def looks_like_evaluation(line: str) -> bool:
    """True when ``line`` starts as an evaluation line does (cheap; the grammar decides)."""
    return _LOOKS.match(line) is not None


# lark makes a token of every PV move, and a floodgate line holds about 30: reading every
# evaluation of a record through lark would dwarf reading the record (the CSA reader cuts
# its MOVE_RUN from the CSA grammar's terminals the same way).

_BLANKS = "[ \t\u3000]"
_PLAIN_GROUP = re.compile(r"(?<!\\)\((?!\?)")


def _sources() -> tuple[str, str, str, str]:
    """The fast path's patterns (``csa``, ``key``, ``move``, ``csa_score``), built from the
    grammar's terminals."""
    # the grammar's terminals alone: lark's LALR parser is built only when a line needs it
    lark = parsing.lexer_only(GRAMMAR)

    def term(name: str) -> str:
        return f"(?:{parsing.terminal_pattern(GRAMMAR, name)})"

    blanks = _BLANKS + "+"
    # the same blanks, a plain space tried first: a set holding a character past Latin-1
    # (the ideographic space) is slow to test in CPython's re, and this runs once a move
    before = "(?: |[\t\u3000])[ \t\u3000]*"
    signed, number, move = term("SIGNED_INT"), term("INT"), term("PV_MOVE")
    csa = (
        rf"\*{_BLANKS}*(?P<score>{signed})(?P<pv>(?:{before}{move})*)"
        rf"(?:{blanks}(?P<nodes>{term('NODES')}))?{_BLANKS}*"
    )
    key = (
        rf"[#*](?:評価値={_BLANKS}*(?P<score>{signed})|深さ={_BLANKS}*(?P<depth>{number})"
        rf"|ノード数={_BLANKS}*(?P<nodes>{number})|読み筋=(?P<pv>(?:{_BLANKS}*{move})*))"
        rf"{_BLANKS}*"
    )
    # The same CSA line for its score alone (tables and training data want no PV):
    # possessive repeats, as nothing after the moves could match a move's text.
    # Floodgate's PVs only: CSA moves and specials, two of PV_MOVE's parts, taken from the
    # grammar one by one (lark inlines them into PV_MOVE; compiling the grammar again
    # keeps them, and copies its trees). Other PVs are left to node_evaluation: trying
    # every part per token would slow floodgate's, the common ones.
    parts = ("CSA_MOVE", "CSA_SPECIAL")
    kept = {t.name: t for t in lark.grammar.compile(lark.options.start, set(parts))[0]}
    # Their groups made non-capturing: inside a possessive repeat, capturing groups trip a
    # CPython re bug (see parsing._uncaptured).
    csa_move, csa_special = (
        f"(?:{_PLAIN_GROUP.sub('(?:', kept[name].pattern.to_regexp())})" for name in parts
    )
    csa_first = f"{csa_move}|{csa_special}"
    csa_score = (
        # `*` then ASCII blanks only, as _LOOKS asks: a line it matches looks like one. The
        # moves a single space apart first (as floodgate writes them), then any blanks and
        # any PV word: a move after one space is what the second repeat would take there
        # too (nothing else it tries starts that way), so the line matches alike, with
        # fewer steps a move.
        rf"\*[ \t]*({signed})(?: {csa_move})*+(?:{before}(?:{csa_first}))*+"
        rf"(?:{blanks}{term('NODES')})?{_BLANKS}*"
    )
    return csa, key, move, csa_score


def _four_texts(value: object) -> bool:
    return isinstance(value, tuple) and len(value) == 4 and all(isinstance(v, str) for v in value)


class _Fields:
    """The patterns of :func:`fast_fields`: ``csa``, ``key`` and ``move``."""

    def __init__(self, texts: tuple[str, str, str, str]) -> None:
        self.csa = re.compile(texts[0])
        self.key = re.compile(texts[1])
        self.move = re.compile(texts[2])


class _Fast:
    """The compiled patterns of the fast path (their texts kept in the parser cache: making
    them compiles the evaluation grammar). The score's pattern is compiled at once, the
    others' (:meth:`fields`) when a line's fields are first asked for: an export that
    takes scores alone does not compile them."""

    def __init__(self) -> None:
        source = str(Path(__file__).with_name("evaluation_fast.py"))
        self.texts: tuple[str, str, str, str] = parsing.derived(
            "evaluation-fast", _sources, _four_texts, source
        )
        self.csa_score = re.compile(self.texts[3])
        self._fields: _Fields | None = None

    def fields(self) -> _Fields:
        """The patterns of :func:`fast_fields`, compiled once."""
        found = self._fields
        if found is None:
            found = self._fields = _Fields(self.texts)
        return found


# Final: the compiled build keeps it in a C static (it is read once a move by the export)
_FAST: Final[list[_Fast]] = []


def fast_fields(line: str) -> dict[str, Any] | None:
    """The fields of ``line`` when it is one of the common lines (``* 113 -3334FU …``,
    ``#評価値=…``, ``#読み筋=…``, ``#深さ=…``, ``#ノード数=…``), else ``None`` (lark reads it)."""
    try:
        return _fast_fields(line)
    except ValueError:  # a number past int()'s digit limit: lark reports it, located
        return None


def _fast() -> _Fast:
    fast = _FAST[0] if _FAST else None
    if fast is None:
        fast = _Fast()
        _FAST.append(fast)
    return fast


def fast_score(lines: Sequence[str]) -> tuple[bool, int | None]:
    """``node_evaluation(lines).score`` without reading PVs, when the fast path can tell:
    ``(True, score)`` when every evaluation line of ``lines`` is a CSA ``* score pv`` line
    with a PV in CSA notation, as floodgate writes (``score`` is the first one's, ``None``
    when there is none); ``(False, None)`` when another kind of line is there and
    ``node_evaluation`` must decide."""
    match = _fast().csa_score.fullmatch
    first: int | None = None
    for line in lines:
        found = match(line)
        if found is None:
            if looks_like_evaluation(line):
                return False, None
            continue
        if first is None:
            try:
                first = int(found[1])
            except ValueError:  # past int()'s digit limit: lark reports it
                return False, None
    return True, first


def _fast_fields(line: str) -> dict[str, Any] | None:
    fast = _fast().fields()
    m = fast.csa.fullmatch(line)
    if m is not None:
        fields: dict[str, Any] = {"score": int(m.group("score"))}
        pv = m.group("pv")
        if pv:
            # one move between blanks each: split, unless a 同 word holds a blank itself
            fields["pv"] = (
                tuple(pv.split())
                if "同" not in pv
                else tuple(found.group() for found in fast.move.finditer(pv))
            )
        nodes = m.group("nodes")
        if nodes is not None:
            fields["nodes"] = int(nodes[1:])
        return fields
    m = fast.key.fullmatch(line)
    if m is None:
        return None
    name = m.lastgroup
    assert name is not None
    value = m.group(name)
    if name == "pv":
        return {"pv": tuple(found.group() for found in fast.move.finditer(value))}
    return {name: int(value)}
