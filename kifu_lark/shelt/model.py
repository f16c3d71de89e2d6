"""The シェルト (xelto) model: board, pieces, sides, positions, plies and the record.

シェルト is not shogi, so it has its own small model. What is confirmed, inferred and unknown
about the game is listed in ``docs/shelt.md``; the tables below follow it. A position is the
MSF ``State``: the 7x7 board, each side's captured pieces (``txifol``), the piece each side has
placed on teems (``evol``), the turned pieces (``korol``) and the side to move.
"""

from __future__ import annotations

import enum
from typing import ClassVar

from attrs import define, evolve, field, frozen

#: Rank letters from the Sorn side (velm) down to the Arxe side (palt).
RANKS = "vestbip"
FILES = 7


class Side(enum.Enum):
    """The two armies; the value is the letter records use (``[35a]``)."""

    ARXE = "a"
    SORN = "s"

    @property
    def opponent(self) -> Side:
        """The other side."""
        return Side.SORN if self is Side.ARXE else Side.ARXE

    @property
    def msf(self) -> str:
        """The MSF ``Player`` name (``"arxe"``)."""
        return "arxe" if self is Side.ARXE else "sorn"

    @property
    def kanji(self) -> str:
        """The colour word of 漢字式: 青 for アルシェ, 赤 for ソーン."""
        return "青" if self is Side.ARXE else "赤"

    @classmethod
    def from_msf(cls, name: str) -> Side:
        """The side of an MSF ``Player`` name."""
        return cls.ARXE if name == "arxe" else cls.SORN


TEEMS = "tem"
TEEMS_KANJI = "永"
#: Piece names in the order of the 漢字式 kind table: front row then back row (docs/shelt.md).
ARXE_PIECES = (
    "pal",
    "ful",
    "mik",
    "fav",
    "zan",
    "gil",
    "ruj",
    "dyu",
    "lis",
    "mel",
    "ser",
    "dia",
    "vio",
    "ral",
)
SORN_PIECES = (
    "tan",
    "jil",
    "lax",
    "mat",
    "kun",
    "rez",
    "din",
    "len",
    "lin",
    "ket",
    "mir",
    "pin",
    "nen",
    "rav",
)
#: One kanji per counterpart pair (inferred from 古城's list and faras's example).
KIND_KANJI = "縦横斜塔斗黄従色跳扉月戸兆巴"
PIECES = (*ARXE_PIECES, *SORN_PIECES)
ALL_NAMES = (*PIECES, TEEMS)
SIDE_OF: dict[str, Side] = {
    **{p: Side.ARXE for p in ARXE_PIECES},
    **{p: Side.SORN for p in SORN_PIECES},
}
KANJI_OF: dict[str, str] = {
    **dict(zip(ARXE_PIECES, KIND_KANJI, strict=True)),
    **dict(zip(SORN_PIECES, KIND_KANJI, strict=True)),
    TEEMS: TEEMS_KANJI,
}
NAME_OF_KANJI: dict[tuple[str, Side], str] = {(KANJI_OF[p], SIDE_OF[p]): p for p in PIECES}
#: 前衛: the pieces that can turn (with teems) and move together (随伴).
FRONT = frozenset(ARXE_PIECES[:7] + SORN_PIECES[:7])
TURNABLE = FRONT | {TEEMS}
#: 月駒 (confirmed objective; the names are inferred) and 魔駒 (inferred, see docs).
MOON = frozenset({"ser", "mir"})
MAGIC = frozenset({"dyu", "ral", "mel", "dia", "len", "rav", "ket", "pin"})
MAX_MAGIC = 4


@frozen(order=True)
class Square:
    """A square: ``rank`` 0–6 (v … p, MSF ``soom``) and ``file`` 1–7 (MSF ``alsia`` + 1)."""

    rank: int = field()
    file: int = field()

    @rank.validator
    def _check_rank(self, _attr: object, value: int) -> None:
        if not 0 <= value < len(RANKS):
            raise ValueError(f"rank must be 0..6, got {value!r}")

    @file.validator
    def _check_file(self, _attr: object, value: int) -> None:
        if not 1 <= value <= FILES:
            raise ValueError(f"file must be 1..7, got {value!r}")

    @classmethod
    def parse(cls, text: str) -> Square:
        """``"b4"`` → ``Square(4, 4)``; raises ValueError on anything else."""
        if len(text) != 2 or text[0] not in RANKS or not "1" <= text[1] <= "7":
            raise ValueError(f"not a square: {text!r}")
        return cls(RANKS.index(text[0]), int(text[1]))

    @classmethod
    def inside(cls, rank: int, file: int) -> Square | None:
        """The square at ``rank``/``file``, or None when that is off the board."""
        if 0 <= rank < len(RANKS) and 1 <= file <= FILES:
            return cls(rank, file)
        return None

    @property
    def name(self) -> str:
        """The written form, ``"b4"``."""
        return f"{RANKS[self.rank]}{self.file}"

    def __str__(self) -> str:
        return self.name


Board = tuple[tuple[str | None, ...], ...]
_INITIAL_ROWS = (
    ("rav", "nen", "pin", "mir", "ket", "lin", "len"),
    ("din", "rez", "kun", "mat", "lax", "jil", "tan"),
    (None,) * 7,
    (None, None, None, TEEMS, None, None, None),
    (None,) * 7,
    ARXE_PIECES[:7],
    ("dyu", "lis", "mel", "ser", "dia", "vio", "ral"),
)


@frozen
class State:
    """A position, as MSF's ``State``.

    Attributes:
        board: 7 rows (v … p) of 7 cells (files 1 … 7), each a piece name or None.
        side: the side to move.
        pools: captured pieces not on teems, per side (Arxe's, Sorn's), in capture order.
        placed: the piece each side has placed on teems (Arxe's, Sorn's), or None.
        turned: the turned pieces (MSF ``korol``), in turning order.
    """

    board: Board
    side: Side = Side.ARXE
    pools: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    placed: tuple[str | None, str | None] = (None, None)
    turned: tuple[str, ...] = ()

    @classmethod
    def initial(cls) -> State:
        """The start position (MSF's example state); Arxe moves first."""
        return cls(_INITIAL_ROWS)

    def at(self, square: Square) -> str | None:
        """The piece on ``square``."""
        return self.board[square.rank][square.file - 1]

    def find(self, name: str) -> Square | None:
        """Where ``name`` stands, or None when it is not on the board."""
        for rank, row in enumerate(self.board):
            if name in row:
                return Square(rank, row.index(name) + 1)
        return None

    def pool(self, side: Side) -> tuple[str, ...]:
        """``side``'s captured pieces (not counting the one on teems)."""
        return self.pools[0 if side is Side.ARXE else 1]

    def placed_by(self, side: Side) -> str | None:
        """The piece ``side`` has placed on teems."""
        return self.placed[0 if side is Side.ARXE else 1]

    def with_pieces(self, changes: dict[Square, str | None]) -> State:
        """A copy with the given squares changed."""
        rows = [list(row) for row in self.board]
        for square, name in changes.items():
            rows[square.rank][square.file - 1] = name
        return evolve(self, board=tuple(tuple(row) for row in rows))

    def with_holdings(self, side: Side, pool: tuple[str, ...], placed: str | None) -> State:
        """A copy where ``side`` holds ``pool`` and has ``placed`` on teems."""
        i = 0 if side is Side.ARXE else 1
        pools = list(self.pools)
        places = list(self.placed)
        pools[i], places[i] = pool, placed
        return evolve(self, pools=(pools[0], pools[1]), placed=(places[0], places[1]))

    def same_as(self, other: State) -> bool:
        """Equal positions, ignoring the order of captured and turned pieces.

        MSF lists are ordered but the order carries no rule we know of (the 2007 record puts a
        piece captured by teems first), so comparisons against MSF states use this.
        """
        return (
            self.board == other.board
            and self.side is other.side
            and self.placed == other.placed
            and [sorted(p) for p in self.pools] == [sorted(p) for p in other.pools]
            and sorted(self.turned) == sorted(other.turned)
        )


class PlyKind(enum.Enum):
    """What a ply does; values are the MSF ``pit`` names (``ft`` has none in MSF)."""

    MOVE = "leim"
    OKKE = "okke"
    TURN = "kor"
    PLACE = "ev"
    TAKE_BACK = "sed"
    REPLACE = "ft"


@frozen
class Ply:
    """One ply, with what the position determines filled in by the checker.

    Attributes:
        kind: the kind of ply.
        side: who plays it.
        piece: the moving piece (the leading piece of 随伴, the turned piece, ``tem`` for
            teems operations).
        to: where it ends (its own square for a turn, teems' square for teems operations).
        from_: where a moving piece starts (MOVE and OKKE).
        partner: the accompanied piece of 随伴, with ``partner_from``/``partner_to``.
        placed: the piece placed (PLACE), taken back (TAKE_BACK) or put on instead (REPLACE).
        captured: the piece taken (derived from the position).
        used_up: the placed piece consumed or lost by this ply (derived; 厳密式 ``yx_``).
        axis: 軸移動 (``af``) as written; its meaning is unknown and it is only kept.
        checks: pieces said to be in check (``kt_``), as written.
        mates: pieces said to be mated (``ss_``), as written.
        magic: the mover's count of magic pieces won, as written (1–4).
        time: the MSF ``im`` of the ply (RFC 3339 text).
        comment: the MSF ``oprens`` of the ply.
        listed: the order in which the source (MSF) listed the captured pieces of Arxe and
            Sorn and the turned pieces after this ply; positions keep it, so MSF is written
            back as read. Not part of equality: the order carries no rule.
    """

    kind: PlyKind
    side: Side
    piece: str
    to: Square
    from_: Square | None = None
    partner: str | None = None
    partner_from: Square | None = None
    partner_to: Square | None = None
    placed: str | None = None
    captured: str | None = None
    used_up: str | None = None
    axis: bool = False
    checks: tuple[str, ...] = ()
    mates: tuple[str, ...] = ()
    magic: int | None = None
    time: str | None = None
    comment: str | None = None
    line: int | None = field(default=None, eq=False, repr=False)
    column: int | None = field(default=None, eq=False, repr=False)
    listed: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] | None = field(
        default=None, eq=False, repr=False
    )


RESULT_KINDS = ("xeltsoldes", "artansoldes", "teomsast", "daim")


@frozen
class Result:
    """How the game ended (MSF ``fixt``): ``kind`` is one of :data:`RESULT_KINDS`."""

    kind: str = "daim"
    winner: Side | None = None
    points: int | None = None
    time: str | None = None
    comment: str | None = None


@frozen
class Variation:
    """Alternative plies (MSF ``mit``) replacing the ply after the first ``at`` plies of the
    line that holds them.

    Attributes:
        at: plies of the holding line played before the variation starts.
        plies: the variation's plies.
        result: how the variation ends (``daim`` when it does not say).
        variations: variations of the variation (``at`` counted in its own plies, from 1).
    """

    at: int
    plies: tuple[Ply, ...]
    result: Result = Result()
    variations: tuple[Variation, ...] = ()


def _empty_warnings() -> list[str]:
    return []


@define
class SheltRecord:
    """A シェルト game record: what every シェルト format reads and writes.

    Attributes:
        tags: MSF ``aptex`` (players, title …) in order.
        start: the start position.
        fala: plies played before ``start`` (continued games; MSF ``fala``).
        plies: the main line, checked.
        result: the result (``daim`` when none is given).
        variations: alternatives to main-line plies (MSF only).
        start_time: MSF ``kit.im``; start_comment: MSF ``kit.oprens``.
        format, encoding, warnings: as on ``kifu_lark.Game``; not part of equality.
    """

    tags: tuple[tuple[str, str], ...] = ()
    start: State = field(factory=State.initial)
    fala: int = 0
    plies: tuple[Ply, ...] = ()
    result: Result = Result()
    variations: tuple[Variation, ...] = ()
    start_time: str | None = None
    start_comment: str | None = None
    format: str | None = field(default=None, eq=False)
    encoding: str | None = field(default=None, eq=False)
    warnings: list[str] = field(factory=_empty_warnings, eq=False)
    #: The game the record is of, as ``Format.game`` names it.
    game: ClassVar[str] = "shelt"

    def positions(self) -> list[State]:
        """The start position and the position after every ply."""
        from kifu_lark.shelt.checker import apply  # noqa: PLC0415 (it imports this module)

        states = [self.start]
        for ply in self.plies:
            states.append(apply(states[-1], ply))
        return states

    def _repr_svg_(self) -> str:
        """The position at the end as SVG, for Jupyter."""
        from kifu_lark.shelt.svg import board_svg  # noqa: PLC0415 (it imports this module)

        return board_svg(self)

    def to_data(self) -> dict[str, object]:
        """A canonical, readable dict of the record (golden fixtures; see tests/canonical.py)."""
        from kifu_lark.shelt.text import state_text  # noqa: PLC0415 (it imports this module)

        result: dict[str, object] = {"kind": self.result.kind}
        if self.result.winner is not None:
            result["winner"] = self.result.winner.msf
        for key in ("points", "time", "comment"):
            if getattr(self.result, key) is not None:
                result[key] = getattr(self.result, key)
        data: dict[str, object] = {
            "game": "shelt",
            "tags": [list(t) for t in self.tags],
            "start": state_text(self.start),
            "fala": self.fala,
            "start_time": self.start_time,
            "start_comment": self.start_comment,
            "result": result,
            "plies": [_ply_data(p) for p in self.plies],
            "end": state_text(self.positions()[-1]),
        }
        if self.variations:
            data["variations"] = [_variation_data(v) for v in self.variations]
        return data


def _variation_data(variation: Variation) -> dict[str, object]:
    data: dict[str, object] = {
        "at": variation.at,
        "plies": [_ply_data(p) for p in variation.plies],
        "result": variation.result.kind,
    }
    if variation.variations:
        data["variations"] = [_variation_data(v) for v in variation.variations]
    return data


def _ply_data(ply: Ply) -> dict[str, object]:
    data: dict[str, object] = {"kind": ply.kind.value, "side": ply.side.value, "piece": ply.piece}
    for key in (
        "from_",
        "to",
        "partner",
        "partner_from",
        "partner_to",
        "placed",
        "captured",
        "used_up",
        "magic",
        "time",
        "comment",
    ):
        value = getattr(ply, key)
        if value is not None:
            data[key.rstrip("_")] = str(value) if isinstance(value, Square) else value
    if ply.axis:
        data["axis"] = True
    if ply.checks:
        data["checks"] = list(ply.checks)
    if ply.mates:
        data["mates"] = list(ply.mates)
    return data
