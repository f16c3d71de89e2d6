"""Reading a tactic file (grammars/tactic.lark) into a :class:`Tactic`.

The grammar fixes the shape (key lines, a framed board); this module gives each key and cell
its meaning and turns every mistake into a :class:`TacticError` with line, column, the
offending text and a hint. See docs/tactics.md for the language.
"""

from __future__ import annotations

import difflib
from typing import Any

from attrs import frozen
from lark import Token, Tree

from kifu_lark.formats.engine import parsing
from kifu_lark.model.color import Color
from kifu_lark.model.piece import HAND_KINDS, PieceKind
from kifu_lark.model.square import Square
from kifu_lark.model.variant import STANDARD, Variant, find_variant
from kifu_lark.tactics.clauses import ANY_RANGE, NO_MOTION, Motion, Range
from kifu_lark.tactics.predicates import PREDICATES
from kifu_lark.tactics.values import GLYPHS, TacticError, ValueReader

# Re-exported: the values module holds them, this one is where the language is read.
__all__ = [
    "ANY_RANGE",
    "CATEGORIES",
    "GLYPHS",
    "Cell",
    "HandRule",
    "Range",
    "Tactic",
    "TacticError",
    "parse_tactic",
]

CATEGORIES = ("戦法", "囲い", "手筋", "備考")
SIDES = {"先手": Color.BLACK, "後手": Color.WHITE, "any": None}
MOVED = ("any", "drop", "capture", "board", "no-capture")

RANK_NAMES = "一二三四五六七八九"
FULL_DIGITS = "１２３４５６７８９"

# What each cell prefix (or blank-prefixed mark) asks of its square.
OWN, OPPONENT, TRIGGER, NOT_OWN, NOT_OPPONENT, GROUP = (
    "own",
    "opp",
    "trigger",
    "not-own",
    "not-opp",
    "group",
)
EMPTY, OCCUPIED, ORIGIN, NOT_ORIGIN = "empty", "occupied", "origin", "not-origin"
_PREFIX = {" ": OWN, "v": OPPONENT, "*": TRIGGER, "x": NOT_OWN, "y": NOT_OPPONENT}
#: Group letters: lower case, the mover's pieces; upper case, the opponent's.
OPPONENT_GROUPS = "ABCDE"
_MARK = {"○": EMPTY, "●": OCCUPIED, "◎": ORIGIN, "×": NOT_ORIGIN}


@frozen
class Cell:
    """One constrained square of a pattern, seen from the mover's side (as if 先手).

    Attributes:
        square: the square in the mover's view.
        need: what the square must hold (``own``, ``opp``, ``trigger``, ``empty`` …).
        kind: the piece kind the cell names, for piece cells.
        group: the group letter of a ``group`` cell (``a``–``e`` the mover's pieces,
            ``A``–``E`` the opponent's).
    """

    square: Square
    need: str
    kind: PieceKind | None = None
    group: str | None = None


@frozen
class HandRule:
    """What the mover's hand must hold after the move: ``any``, ``empty``, ``only`` some
    kinds (nothing else; none at all is fine) or ``has`` each of some kinds."""

    rule: str = "any"
    kinds: frozenset[PieceKind] = frozenset()


@frozen(cache_hash=True)
class Tactic:
    """A tactic as read from its file (see docs/tactics.md for each field's meaning)."""

    name: str
    category: str
    aliases: tuple[str, ...] = ()
    replaces: tuple[str, ...] = ()
    ply: Range = ANY_RANGE
    side: Color | None = None
    moved: str = "any"
    pieces: frozenset[PieceKind] = frozenset()
    took: frozenset[PieceKind] = frozenset()
    captures: Range = ANY_RANGE
    hand: HandRule = HandRule()
    start: str = "平手"
    also_opponent: bool = False
    variant: Variant = STANDARD
    predicate: str | None = None
    at_end: bool = False
    cells: tuple[Cell, ...] = ()
    anchored: bool = False
    mirror: bool = False
    ranks: frozenset[int] = frozenset()
    files: frozenset[int] = frozenset()
    motion: Motion = NO_MOTION
    conditions: tuple[str, ...] = ()
    source: str = "tactic"

    @property
    def triggers(self) -> tuple[Cell, ...]:
        """The trigger cells: any one may be where the moved piece landed."""
        return tuple(cell for cell in self.cells if cell.need == TRIGGER)


KEYS = (
    "name",
    "category",
    "aliases",
    "replaces",
    "ply",
    "side",
    "moved",
    "piece",
    "took",
    "captures",
    "hand",
    "start",
    "also",
    "variant",
    "predicate",
    "when",
    "anchor",
    "mirror",
    "rank",
    "file",
    "attacks",
    "check",
    "skewers",
    "exposed",
    "reaches",
    "last",
    "previous",
)
#: The keys that name a tactic rather than ask something of a move (not in ``conditions``).
_NAMING = ("name", "category", "aliases", "replaces")
_MOTION = ("attacks", "check", "skewers", "exposed", "reaches", "last", "previous")
_REQUIRED = ("name", "category")


def parse_tactic(text: str, source: str = "tactic") -> Tactic:
    """Read one tactic file's text; ``source`` (its path) is the error's ``format``.

    Raises:
        KifuSyntaxError: the text does not have the file's shape.
        TacticError: a key, value or cell means nothing, or the pattern cannot match.
    """
    if not text.endswith("\n"):
        text += "\n"  # the grammar ends every line with a newline
    tree = parsing.parse(parsing.parser("tactic.lark"), text, source)
    return _Reader(text, source).read(tree)


class _Reader(ValueReader):
    def read(self, tree: Tree[Any]) -> Tactic:
        values: dict[str, Token] = {}
        board: Tree[Any] | None = None
        for child in tree.children:
            if isinstance(child, Tree) and child.data == "entry":
                key, *rest = _tokens(child)
                name = str(key)
                if name not in KEYS:
                    close = difflib.get_close_matches(name, KEYS, n=1)
                    hint = f"did you mean {close[0]!r}?" if close else "keys: " + ", ".join(KEYS)
                    raise self.error(f"unknown key {name!r}", key, hint)
                if name in values:
                    raise self.error(f"{name!r} given twice", key, "give each key once")
                values[name] = _stripped(rest[0]) if rest else _empty_after(key)
            elif isinstance(child, Tree) and child.data == "board":
                board = child
        for name in _REQUIRED:
            if name not in values or not str(values[name]):
                raise self.error(
                    f"the file has no {name!r}", values.get(name), f"write '{name}: …'"
                )
        fields: dict[str, Any] = {"source": self.source}
        motion: dict[str, Any] = {}
        for name, token in values.items():
            getattr(self, "key_" + name)(token, motion if name in _MOTION else fields)
        fields["motion"] = Motion(**motion)
        fields["conditions"] = tuple(
            f"{name}: {token}" for name, token in values.items() if name not in _NAMING
        )
        variant: Variant = fields.get("variant", STANDARD)
        if board is not None:
            fields["cells"] = self.board(board, variant)
        tactic = Tactic(**fields)
        self.check(tactic, values)
        return tactic

    # --- keys -------------------------------------------------------------------------

    def key_name(self, token: Token, fields: dict[str, Any]) -> None:
        fields["name"] = self.one_name(token)

    def key_category(self, token: Token, fields: dict[str, Any]) -> None:
        fields["category"] = self.choice(token, CATEGORIES)

    def key_aliases(self, token: Token, fields: dict[str, Any]) -> None:
        fields["aliases"] = self.names(token)

    def key_replaces(self, token: Token, fields: dict[str, Any]) -> None:
        fields["replaces"] = self.names(token)

    def key_ply(self, token: Token, fields: dict[str, Any]) -> None:
        fields["ply"] = self.range(token)

    def key_captures(self, token: Token, fields: dict[str, Any]) -> None:
        fields["captures"] = self.range(token)

    def key_side(self, token: Token, fields: dict[str, Any]) -> None:
        fields["side"] = SIDES[self.choice(token, tuple(SIDES))]

    def key_moved(self, token: Token, fields: dict[str, Any]) -> None:
        fields["moved"] = self.choice(token, MOVED)

    def key_piece(self, token: Token, fields: dict[str, Any]) -> None:
        fields["pieces"] = self.kinds(token, str(token))

    def key_took(self, token: Token, fields: dict[str, Any]) -> None:
        fields["took"] = frozenset(self.glyph(token, name) for name in self.names(token))

    def key_start(self, token: Token, fields: dict[str, Any]) -> None:
        fields["start"] = self.choice(token, ("平手", "any"))

    def key_also(self, token: Token, fields: dict[str, Any]) -> None:
        fields["also_opponent"] = self.choice(token, ("opponent",)) == "opponent"

    def key_when(self, token: Token, fields: dict[str, Any]) -> None:
        fields["at_end"] = self.choice(token, ("end",)) == "end"

    def key_variant(self, token: Token, fields: dict[str, Any]) -> None:
        try:
            fields["variant"] = find_variant(str(token))
        except KeyError:
            raise self.error(
                f"unknown variant {str(token)!r}", token, "shogi, minishogi or NxM (5x5 …)"
            ) from None

    def key_predicate(self, token: Token, fields: dict[str, Any]) -> None:

        name = self.one_name(token)
        if name not in PREDICATES:
            close = difflib.get_close_matches(name, list(PREDICATES), n=1)
            known = ", ".join(sorted(PREDICATES)) or "none"
            hint = f"did you mean {close[0]!r}?" if close else f"registered: {known}"
            raise self.error(f"no predicate named {name!r}", token, hint)
        fields["predicate"] = name

    def key_hand(self, token: Token, fields: dict[str, Any]) -> None:
        words = str(token).split()
        if words in (["any"], ["empty"]):
            fields["hand"] = HandRule(words[0])
            return
        if len(words) >= 2 and (words[0] == "has" or words[-1] == "only"):
            rule = "has" if words[0] == "has" else "only"
            named = words[1:] if rule == "has" else words[:-1]
            kinds = frozenset(self.glyph(token, word) for word in named)
            if not kinds <= set(HAND_KINDS):
                raise self.error(
                    "a hand holds only unpromoted pieces", token, "歩 香 桂 銀 金 角 飛"
                )
            fields["hand"] = HandRule(rule, kinds)
            return
        raise self.error(
            f"a hand rule means nothing: {str(token)!r}", token, "any, empty, '歩 only' or 'has 角'"
        )

    # --- the board --------------------------------------------------------------------

    def board(self, tree: Tree[Any], variant: Variant) -> tuple[Cell, ...]:
        tokens = [c for c in tree.children if isinstance(c, Token)]
        rows = [c for c in tree.children if isinstance(c, Tree)]
        files_token = next((t for t in tokens if t.type == "FILES"), None)
        if files_token is not None:
            digits = [
                int(ch) if ch.isdigit() and ch.isascii() else FULL_DIGITS.index(ch) + 1
                for ch in str(files_token)
                if ch.strip() and ch != "　"
            ]
            expected = list(range(variant.files, 0, -1))
            if digits != expected:
                raise self.error(
                    "the column numbers do not match the board",
                    files_token,
                    f"{variant.name} has files {' '.join(map(str, expected))}",
                )
        cells: list[Cell] = []
        group_tokens: dict[str, list[Token]] = {}
        last_rank = 0
        for row in rows:
            row_cells = [c for c in _tokens(row) if c.type == "CELL"]
            rank_tokens = [c for c in _tokens(row) if c.type == "RANK"]
            if not rank_tokens:
                raise self.error(
                    "the row names no rank", row_cells[-1], "end the row with |一 … |九"
                )
            rank_token = rank_tokens[0]
            rank = RANK_NAMES.index(str(rank_token)) + 1
            if rank > variant.ranks:
                raise self.error(
                    f"{variant.name} has no rank {rank_token}",
                    rank_token,
                    f"ranks {RANK_NAMES[0]} to {RANK_NAMES[variant.ranks - 1]}",
                )
            if rank <= last_rank:
                raise self.error("ranks go down the board, each once", rank_token, "一 above 二 …")
            last_rank = rank
            if len(row_cells) != variant.files:
                raise self.error(
                    f"the row has {len(row_cells)} cells, the board {variant.files} files",
                    row_cells[0],
                    "two characters a cell, ' ・' for don't care",
                )
            for i, token in enumerate(row_cells):
                cell = self.cell(token, Square(variant.files - i, rank))
                if cell is not None:
                    cells.append(cell)
                if cell is not None and cell.group is not None:
                    group_tokens.setdefault(cell.group, []).append(token)
        for letter, members in group_tokens.items():
            if len(members) == 1:
                raise self.error(
                    f"group {letter!r} has one cell",
                    members[0],
                    "a group needs two or more cells with its letter; else a blank prefix",
                )
        return tuple(cells)

    def cell(self, token: Token, square: Square) -> Cell | None:
        prefix, glyph = str(token)[0], str(token)[1]
        if glyph == "・":
            return None
        if glyph in _MARK:
            return Cell(square, _MARK[glyph])
        kind = GLYPHS[glyph]
        if prefix in _PREFIX:
            return Cell(square, _PREFIX[prefix], kind)
        return Cell(square, GROUP, kind, prefix)  # a–e the mover's, A–E the opponent's

    def check(self, tactic: Tactic, values: dict[str, Token]) -> None:
        """What each key means alone is checked; here, whether they fit together."""
        if tactic.at_end and (
            tactic.triggers or any(c.need in (ORIGIN, NOT_ORIGIN) for c in tactic.cells)
        ):
            raise self.error(
                "'when: end' has no moved piece to trigger on or come from",
                values["when"],
                "drop the * / ◎ / × cells, or 'when: end'",
            )
        if any(c.need in (ORIGIN, NOT_ORIGIN) for c in tactic.cells) and tactic.moved == "drop":
            raise self.error(
                "a dropped piece comes from no square", values["moved"], "moved: board"
            )
        if tactic.anchored and len(tactic.triggers) != 1:
            raise self.error(
                "'anchor: moved' draws the board around one trigger cell",
                values["anchor"],
                "mark the moved piece with one * cell",
            )
        size = tactic.variant
        for key, numbers, most in (
            ("rank", tactic.ranks, size.ranks),
            ("file", tactic.files, size.files),
            ("reaches", tactic.motion.reaches, size.ranks),
        ):
            if numbers and not (min(numbers) >= 1 and max(numbers) <= most):
                raise self.error(
                    f"the board has no {key} {max(numbers)}", values[key], f"1 to {most}"
                )
        if (tactic.ranks or tactic.files) and tactic.at_end:
            raise self.error(
                "'when: end' has no destination", values.get("rank", values.get("file")),
                "drop 'rank:' / 'file:' or 'when: end'",
            )
        if tactic.motion.asks and tactic.at_end:
            raise self.error(
                "'when: end' has no move for a motion clause", values["when"],
                "drop the motion clauses or 'when: end'",
            )
        if tactic.name in tactic.replaces:
            raise self.error(
                "a tactic cannot replace itself", values["replaces"], "name its parent tactic"
            )


def _tokens(tree: Tree[Any]) -> list[Token]:
    """The tokens among ``tree``'s children."""
    return [child for child in tree.children if isinstance(child, Token)]


def _stripped(token: Token) -> Token:
    """The value without its trailing blanks (the grammar's VALUE runs to '#' or the end)."""
    return Token(token.type, str(token).rstrip(" \t　"), token.start_pos, token.line, token.column)


def _empty_after(key: Token) -> Token:
    """An empty value token placed after ``key`` (for 'name:' with nothing after it)."""
    column = (key.column or 1) + len(str(key)) + 1
    return Token("VALUE", "", key.start_pos, key.line, column)
