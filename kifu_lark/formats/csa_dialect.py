"""What CSA's reader and writer share with its dialects (MSK): header keys, specials, boards."""

from __future__ import annotations

import re

from attrs import frozen

from kifu_lark.errors import KifuSyntaxError
from kifu_lark.formats.engine import parsing
from kifu_lark.model.headers import HeaderKey, Key
from kifu_lark.model.move import SpecialKind
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.variant import STANDARD, Variant

#: ``$KEY`` ↔ standard header key. Other standard keys are written as ``$`` + their enum
#: name (``$TITLE``) and read back from it, so they survive a round trip too.
CSA_KEYS: dict[str, HeaderKey] = {
    "EVENT": HeaderKey.EVENT,
    "SITE": HeaderKey.SITE,
    "START_TIME": HeaderKey.START_TIME,
    "END_TIME": HeaderKey.END_TIME,
    "TIME_LIMIT": HeaderKey.TIME_LIMIT,
    "OPENING": HeaderKey.OPENING,
    "NOTE": HeaderKey.NOTE,
    "MAX_MOVES": HeaderKey.MAX_MOVES,
    "JISHOGI": HeaderKey.JISHOGI,
}
#: ``$KEY`` as read → header key (standard keys by CSA name or enum name, others verbatim).
KEY_OF_NAME: dict[str, Key] = {
    **{k.name: k for k in HeaderKey if k not in (HeaderKey.BLACK, HeaderKey.WHITE)},
    **CSA_KEYS,
}
#: Header key → the ``$KEY`` written.
NAME_OF_KEY: dict[HeaderKey, str] = {
    key: name for name, key in KEY_OF_NAME.items() if isinstance(key, HeaderKey)
}

#: ``%NAME`` ↔ special (``%+ILLEGAL_ACTION``/``%-ILLEGAL_ACTION`` apart, see ``Dialect``).
CSA_SPECIALS: dict[str, SpecialKind] = {
    k.value: k
    for k in (
        SpecialKind.RESIGN,
        SpecialKind.INTERRUPT,
        SpecialKind.REPETITION,
        SpecialKind.TIME_UP,
        SpecialKind.ILLEGAL_MOVE,
        SpecialKind.IMPASSE,
        SpecialKind.ENTERING_KING_WIN,
        SpecialKind.DRAW_DECLARATION,
        SpecialKind.MAX_MOVES,
        SpecialKind.MATTA,
        SpecialKind.MATE,
        SpecialKind.NO_MATE,
        SpecialKind.ERROR,
    )
}
ILLEGAL_ACTION = "ILLEGAL_ACTION"


@frozen
class Dialect:
    """What differs between CSA and its derivatives: names, grammar, board, specials.

    Attributes:
        name: the format name.
        grammar: the ``.lark`` file.
        variant: the board the records are played on.
        version: the version line the writer emits by default (``V3.0``, ``V2.1-55``).
        specials: ``%NAME`` → kind, for the specials the dialect knows.
        illegal_action: whether ``%+ILLEGAL_ACTION``/``%-ILLEGAL_ACTION`` exist. They name
            the side that fouled: ILLEGAL_LOSS when it is the side to move, else ILLEGAL_WIN.
    """

    name: str
    grammar: str
    variant: Variant
    version: str
    specials: dict[str, SpecialKind]
    illegal_action: bool = True

    def special_kinds(self) -> frozenset[SpecialKind]:
        """Every special the dialect can write."""
        kinds = frozenset(self.specials.values())
        if self.illegal_action:
            kinds |= {SpecialKind.ILLEGAL_WIN, SpecialKind.ILLEGAL_LOSS}
        return kinds

    def explain(self, err: KifuSyntaxError) -> KifuSyntaxError:
        """Name the statement a syntax error falls in, with its shape as the hint (lark's own
        message only lists terminal names)."""
        if err.source_line is None or err.column is None:
            return err
        line = err.source_line
        start = max(line.rfind(",", 0, err.column - 1), -1) + 1  # statements split at commas
        statement = line[start:].split(",", 1)[0].strip() if line[start : start + 1] != "'" else ""
        if not statement:
            return err
        variant = self.variant
        squares = f"11…{variant.files}{variant.ranks}"
        pieces = " ".join(k.value for k in PieceKind if k in variant.kinds)
        shapes = {
            "+": (
                "malformed move",
                f"+7776FU: side, origin (00 = drop), destination, piece "
                f"after the move; squares {squares}, pieces {pieces}",
            ),
            "%": (
                "unknown special",
                "known: "
                + ", ".join(
                    ["%" + k for k in self.specials]
                    + (["%+ILLEGAL_ACTION", "%-ILLEGAL_ACTION"] if self.illegal_action else [])
                ),
            ),
            "P": (
                "malformed start position line",
                f"PI[<square><piece>…], P1…P{variant.ranks} "
                f"with {variant.files} cells ( * , +FU, -FU), or P+/P- <square|00><piece>…; "
                f"squares {squares}, pieces {pieces}",
            ),
            "$": ("malformed game information line", "$KEY:value"),
            "T": ("misplaced or malformed time", "T<seconds> right after a move or a special"),
            "V": (
                "unknown version line",
                f"{self.version} (older CSA versions read too)"
                if self.name == "csa"
                else self.version,
            ),
            "N": ("malformed player name line", "N+<black's name> or N-<white's name>"),
        }
        key = "+" if statement[0] in "+-" and len(statement) > 1 else statement[0]
        if key not in shapes:
            return err
        message, hint = shapes[key]
        if statement[1:2].isdigit() and key == "P":
            # A board row is one token: point at the cell that does not read.
            err.column = start + self._row_stop(line[start:]) + 1
        err.message = f"{message}: {statement!r}"
        err.args = (err.message,)
        err.hint = hint
        return err


    def _row_stop(self, row: str) -> int:
        """Where the cells of a ``P1``… row stop reading (0-based, blanks skipped)."""
        cell = parsing.terminal_pattern(self.grammar, "CELL")
        pattern = re.compile(r"[ \t]*(?:" + cell + ")")
        pos = 2
        for _ in range(self.variant.files):
            found = pattern.match(row, pos)
            if found is None:
                break
            pos = found.end()
        while pos < len(row) and row[pos] in " \t":
            pos += 1
        return pos


CSA = Dialect("csa", "csa.lark", STANDARD, "V3.0", CSA_SPECIALS)
