"""The values of a tactic file's key lines: names, choices, ranges, pieces, and the motion
clauses (kifu_lark/tactics/motion.py), each mistake a :class:`TacticError` located in the
file. kifu_lark/tactics/language.py reads the file with these."""

from __future__ import annotations

import re
from typing import Any

from lark import Token

from kifu_lark.errors import KifuError
from kifu_lark.model.piece import PieceKind
from kifu_lark.tactics.clauses import (
    CHECKS,
    PAST_MOVED,
    PLACES,
    Attacks,
    PastMove,
    Range,
    Skewer,
)

GLYPHS: dict[str, PieceKind] = {kind.kanji: kind for kind in PieceKind}
GLYPHS.update({"王": PieceKind.KING, "竜": PieceKind.DRAGON})
_RANGE = re.compile(r"(\d{1,4})?(\.\.)?(\d{1,4})?")
_NAME = re.compile(r"[^\s,:|#]+")
_COUNT = re.compile(r"[0-9]{1,2}")


class TacticError(KifuError):
    """A tactic file breaks the pattern language (an unknown key, a bad value or cell …)."""

    default_code = "TACTIC"


class ValueReader:
    """Reads the values of one file's key lines (``key_*`` methods fill ``fields``)."""

    def __init__(self, text: str, source: str) -> None:
        self.lines = text.splitlines()
        self.source = source

    def error(self, message: str, token: Token | None, hint: str | None = None) -> TacticError:
        line = token.line if token is not None else None
        column = token.column if token is not None else None
        source_line = self.lines[line - 1] if line is not None and line <= len(self.lines) else None
        text = str(token).strip() if token is not None else None
        return TacticError(
            message,
            format=self.source,
            line=line,
            column=column,
            text=text,
            hint=hint,
            source_line=source_line,
        )

    # --- values -----------------------------------------------------------------------

    def one_name(self, token: Token) -> str:
        names = self.names(token)
        if len(names) != 1:
            raise self.error("give one name here", token, "a name without commas or blanks")
        return names[0]

    def names(self, token: Token) -> tuple[str, ...]:
        parts = [part.strip() for part in str(token).replace("、", ",").split(",")]
        for part in parts:
            if not _NAME.fullmatch(part):
                raise self.error(f"not a name: {part!r}", token, "names separated by commas")
        return tuple(parts)

    def choice(self, token: Token, allowed: tuple[str, ...]) -> str:
        value = str(token)
        if value not in allowed:
            raise self.error(
                f"{value!r} is not allowed here", token, "one of " + ", ".join(allowed)
            )
        return value

    def range(self, token: Token) -> Range:
        match = _RANGE.fullmatch(str(token))
        if match is None or not (match[1] or match[3]):
            raise self.error(f"not a range: {str(token)!r}", token, "N, A..B, A.. or ..B")
        low, dots, high = match[1], match[2], match[3]
        if not dots:
            if high is not None:
                raise self.error(f"not a range: {str(token)!r}", token, "N, A..B, A.. or ..B")
            return int(low), int(low)
        start = int(low) if low else 0
        end = int(high) if high else None
        if end is not None and end < start:
            raise self.error(f"empty range {str(token)!r}", token, "write the smaller end first")
        return start, end

    def glyph(self, token: Token, word: str) -> PieceKind:
        kind = GLYPHS.get(word)
        if kind is None:
            raise self.error(
                f"not a piece: {word!r}", token, "玉 飛 龍 角 馬 金 銀 全 桂 圭 香 杏 歩 と"
            )
        return kind

    # --- motion and destination keys (see kifu_lark/tactics/motion.py) --------------------

    def key_anchor(self, token: Token, fields: dict[str, Any]) -> None:
        fields["anchored"] = self.choice(token, ("moved",)) == "moved"

    def key_mirror(self, token: Token, fields: dict[str, Any]) -> None:
        fields["mirror"] = self.choice(token, ("yes", "no")) == "yes"

    def key_rank(self, token: Token, fields: dict[str, Any]) -> None:
        fields["ranks"] = self.numbers(token)

    def key_file(self, token: Token, fields: dict[str, Any]) -> None:
        fields["files"] = self.numbers(token)

    def key_reaches(self, token: Token, fields: dict[str, Any]) -> None:
        fields["reaches"] = self.numbers(token)

    def key_exposed(self, token: Token, fields: dict[str, Any]) -> None:
        fields["exposed"] = self.range(token)

    def key_check(self, token: Token, fields: dict[str, Any]) -> None:
        fields["check"] = self.choice(token, CHECKS[1:])

    def key_attacks(self, token: Token, fields: dict[str, Any]) -> None:
        rules = []
        for part in str(token).split(";"):
            words = part.split()
            none = bool(words) and words[0] == "no"
            least = 1
            if none:
                words = words[1:]
            elif len(words) >= 3 and words[1] == "of" and _COUNT.fullmatch(words[0]):
                least, words = int(words[0]), words[2:]
            if not words or least < 1:
                raise self.error(
                    f"an attack rule means nothing: {part.strip()!r}",
                    token,
                    "'2 of 玉 飛 角', '飛 龍' (at least one) or 'no 金 銀'; rules split by ';'",
                )
            rules.append(Attacks(least, self.kinds(token, " ".join(words)), none))
        fields["attacks"] = tuple(rules)

    def key_skewers(self, token: Token, fields: dict[str, Any]) -> None:
        parts = str(token).split("/")
        if len(parts) != 2:
            raise self.error(
                "a skewer names the front and the back pieces", token, "'角 飛 / 玉 飛 金'"
            )
        fields["skewers"] = Skewer(self.kinds(token, parts[0]), self.kinds(token, parts[1]))

    def key_last(self, token: Token, fields: dict[str, Any]) -> None:
        fields["last"] = self.past(token, last=True)

    def key_previous(self, token: Token, fields: dict[str, Any]) -> None:
        fields["previous"] = self.past(token, last=False)

    def past(self, token: Token, *, last: bool) -> PastMove:
        kinds: set[PieceKind] = set()
        moved: set[str] = set()
        to = "anywhere"
        words = str(token).split()
        places = PLACES if not last else PLACES[:-1]
        hint = (
            "piece kinds, one of " + ", ".join(PAST_MOVED[1:]) + ", then 'to' one of "
            + ", ".join(places[1:])
        )
        i = 0
        while i < len(words):
            word = words[i]
            if word in GLYPHS:
                kinds.add(GLYPHS[word])
            elif word in PAST_MOVED[1:]:
                moved.add(word)
            elif word == "to" and i + 1 < len(words) and words[i + 1] in places[1:]:
                to = words[i + 1]
                i += 1
            else:
                raise self.error(f"{word!r} means nothing here", token, hint)
            i += 1
        return PastMove(frozenset(kinds), frozenset(moved), to)

    def kinds(self, token: Token, text: str) -> frozenset[PieceKind]:
        words = text.replace(",", " ").replace("、", " ").split()
        if not words:
            raise self.error("name some pieces", token, "玉 飛 龍 角 馬 金 銀 全 桂 圭 香 杏 歩 と")
        return frozenset(self.glyph(token, word) for word in words)

    def numbers(self, token: Token) -> frozenset[int]:
        found: set[int] = set()
        for part in str(token).replace("、", ",").split(","):
            low, high = self.range(_part(token, part.strip()))
            found.update(range(low, (high if high is not None else low) + 1))
        return frozenset(found)


def _part(token: Token, text: str) -> Token:
    """``text`` (a part of ``token``'s value) as a token at ``token``'s place."""
    return Token(token.type, text, token.start_pos, token.line, token.column)


