"""The record: headers, start position and a tree of nodes (moves with variations)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from attrs import define, field, frozen

from kifu_lark.model.children import Children
from kifu_lark.model.color import Color
from kifu_lark.model.evaluation import Evaluation
from kifu_lark.model.handicap import handicap_name
from kifu_lark.model.headers import Headers
from kifu_lark.model.move import Move, SpecialKind
from kifu_lark.model.node import Flat, Node, build, flatten
from kifu_lark.model.position import Position
from kifu_lark.model.times import fill_times
from kifu_lark.model.views import views

__all__ = ["Children", "Game", "Issue", "Node", "SummaryLine", "fill_times"]


@define(eq=False)
class Issue:
    """A rule breach let through in lenient mode, or another observation on the record
    (``hint``: what to do about it, where the reader has more to say than the message)."""

    code: str
    message: str
    ply: int | None = None
    line: int | None = None
    column: int | None = None
    hint: str | None = None


@frozen
class SummaryLine:
    """The ``まで N手で…`` line a KIF or KI2 record closes its main line with, where it says
    something the moves and the special read do not: a count of moves other than those
    played, a winner other than the one the special gives, or another ending than the
    special line's (``まで80手で千日手`` after ``投了``).

    Attributes:
        plies: the moves the line says were played (its N).
        winner: the side it names the winner (先手/下手 black, 後手/上手 white); ``None``
            when it names none (中断, 千日手 …).
        text: the line as read, which KIF and KI2 writers write back in place of the line
            they would make from the game.
        kind: the ending it names, as the readers read it: ``先手の勝ち`` is RESIGN (a win,
            which any ending with that winner bears out, see
            :func:`kifu_lark.rules.endings.summary_describes`), ``千日手`` REPETITION;
            ``None`` for a word no kind names (``指し直し``) or a line built without one.
    """

    plies: int
    winner: Color | None
    text: str
    kind: SpecialKind | None = None


@define(eq=False)
class Game:
    """A game record.

    Attributes:
        headers: ordered headers.
        start: the position before the first move.
        root: the tree's root node (comments before the first move; ``children[0]`` is the
            first move of the main line).
        encoding: the text encoding the record was read in, when read from bytes.
        format: the name of the format it was read from.
        warnings: rule breaches let through by ``tolerate`` and other observations.
        summary_line: the まで line the record closed its main line with, when it
            disagrees with the game read (kept as declared, and written back as read by
            KIF and KI2); ``None`` when there was none or it agreed. Like ``warnings`` it
            is about the text read, not part of the game's equality.
    """

    headers: Headers = field(factory=Headers)
    start: Position = field(factory=Position.initial)
    root: Node = field(factory=Node)
    encoding: str | None = None
    format: str | None = None
    warnings: list[Issue] = field(factory=list)
    summary_line: SummaryLine | None = None
    #: The game the record is of, as ``Format.game`` names it (シェルト records: "shelt").
    game: ClassVar[str] = "shogi"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (
            self.headers == other.headers and self.start == other.start and self.root == other.root
        )

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[object, ...]:
        # pickle and deepcopy follow references recursively: a tree of a few hundred moves
        # (one node linking the next) overflows the stack. The tree goes flat instead: every
        # node's fields and the index of its parent, in walk order (siblings in order).
        flat = flatten(self.root)
        state = (
            self.headers,
            self.start,
            flat,
            self.encoding,
            self.format,
            self.warnings,
            self.summary_line,
        )
        return (_unflatten, state)

    @property
    def handicap(self) -> str | None:
        """The standard handicap name of the start position (平手 for the usual start)."""
        return handicap_name(self.start)

    @property
    def variant_name(self) -> str:
        """The name of the start position's variant."""
        return self.start.variant.name

    def mainline(self) -> list[Node]:
        """The nodes of the main line, first move first (a final special included)."""
        return self.root.mainline()

    def position_at(self, node: Node) -> Position:
        """The position after ``node``'s move (the start position for the root), replayed
        by the rules engine (:func:`kifu_lark.record.position_at`)."""
        return views().position_at(self, node)

    def line(self, node: Node | None = None) -> list[Node]:
        """The nodes of a line, first move first: the main line, or with ``node`` the path
        from the first move down to ``node`` and on along first children to the line's end.

        Raises:
            ValueError: when ``node`` is not in this game's tree.
        """
        if node is None:
            return self.root.mainline()
        return self._path(node) + node.mainline()

    def _path(self, node: Node) -> list[Node]:
        """``node.path()``, checking that ``node`` is in this game's tree."""
        top = node
        while top.parent is not None:
            top = top.parent
        if top is not self.root:
            raise ValueError("the node is not in this game's tree")
        return node.path()

    def positions(self, line: Node | None = None) -> Iterator[tuple[Node, Position]]:
        """(node, position after its move) along a line, the root with the start position
        first; a special repeats the position before it. The line is the main line, or the
        one through ``line`` (see :meth:`line`). Each move is played once: a whole game
        costs one replay, not one per position as :meth:`position_at` in a loop would.

        Raises:
            ValueError: when ``line`` is not in this game's tree.

        Example:
            >>> import kifu_lark
            >>> game = kifu_lark.loads("position startpos moves 7g7f 3c3d", "usi")
            >>> [position.sfen() for _, position in game.positions()][-1]
            'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3'
        """
        return views().positions(self, line)

    def evaluations(
        self, line: Node | None = None, *, strict: bool = True
    ) -> Iterator[tuple[Node, Position, Evaluation, tuple[Move, ...] | None]]:
        """(node, position after its move, its evaluation, the PV as moves) for every node
        of a line that holds an evaluation: the main line, or the one through ``line`` (see
        :meth:`line`). One replay for the line; each PV is played from the node's position.

        Args:
            strict: raise on a PV that cannot be played; ``False`` yields ``None`` as its
                moves instead.

        Raises:
            PVError: (strict) naming the PV token, its index and the node's line.
            ValueError: when ``line`` is not in this game's tree.

        Example:
            >>> import kifu_lark
            >>> game = kifu_lark.loads("+7776FU\\n'** 30 -3334FU +2726FU\\n", "csa")
            >>> [(ev.score, [m.usi() for m in pv]) for _, _, ev, pv in game.evaluations()]
            [(30, ['3c3d', '2g2f'])]
        """
        return views().evaluations(self, line, strict)

    def move_text(self, node: Node, notation: str = "kif", *, marks: str = "▲△") -> str:
        """The text of ``node``'s move as ``notation`` (kif, ki2, csa, usi) writes it in a
        record: ``▲７六歩(77)`` / ``△同　歩(23)``, ``▲同　馬左``, ``+7776FU``, ``7g7f``; a
        special gives its word (``投了``, ``%TORYO``, ``resign``). ``marks`` are black's and
        white's marks in KIF and KI2 (``"▲▽"``, or ``""`` for none). Replays the moves
        before ``node``; for a whole line :meth:`move_texts` replays once.

        Raises:
            ValueError: for the root or a node of another game.
            UnknownFormatError: for another notation.
            UnsupportedFeatureError: for a special the notation has no word for.
        """
        if node.parent is None:
            raise ValueError("the root holds no move")
        return self._texts(self._path(node), notation, marks)[-1]

    def move_texts(
        self, notation: str = "kif", *, line: Node | None = None, marks: str = "▲△"
    ) -> list[str]:
        """The texts (see :meth:`move_text`) of every node of a line, first move first: the
        main line, or the one through ``line`` (see :meth:`line`). Replays the line once.

        Example:
            >>> import kifu_lark
            >>> game = kifu_lark.loads("position startpos moves 7g7f 3c3d 8h2b+ 3a2b", "usi")
            >>> game.move_texts("ki2")
            ['▲７六歩', '△３四歩', '▲２二角成', '△同　銀']
        """
        return self._texts(self.line(line), notation, marks)

    def _texts(self, nodes: list[Node], notation: str, marks: str) -> list[str]:
        return views().move_texts(self, nodes, notation, marks)

    def final_position(self) -> Position:
        """The position at the end of the main line."""
        line = self.mainline()
        return self.position_at(line[-1]) if line else self.start

    def _repr_svg_(self) -> str:
        """The board at the end of the main line as SVG, for Jupyter."""
        return views().game_svg(self)

    def _repr_html_(self) -> str:
        """The record viewer (:func:`kifu_lark.render.html`) in a frame, opened at the end
        of the main line, for Jupyter (see :mod:`kifu_lark.render.notebook`)."""
        return views().game_html(self)


def _unflatten(
    headers: Headers,
    start: Position,
    flat: list[Flat],
    encoding: str | None,
    format: str | None,
    warnings: list[Issue],
    summary_line: SummaryLine | None = None,
) -> Game:
    """The game :meth:`Game.__reduce__` flattened."""
    game = Game(headers, start, build(flat))
    game.encoding, game.format, game.warnings = encoding, format, warnings
    game.summary_line = summary_line
    return game
