"""The record: headers, start position and a tree of nodes (moves with variations)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, MutableSequence, Sequence
from typing import ClassVar, overload

from attrs import define, field

from kifu_lark.model.color import Color
from kifu_lark.model.evaluation import Evaluation
from kifu_lark.model.headers import Headers
from kifu_lark.model.move import Move, Special, Time
from kifu_lark.model.position import Position

_new_node = object.__new__


@define(eq=False, init=False, repr=False)
class Node:
    """One ply of the record tree.

    The root holds no move: only the comments written before the first move. Every other node
    holds a ``move`` or a ``special`` (投了 …). ``children[0]`` (also ``next``) continues the
    main line; the other children are variations, in the order the record gives them.

    ``children`` and ``comments`` behave as lists. A node keeps no list object of its own
    until it needs one (a comment, a second child): a record of N moves is then N objects for
    the garbage collector rather than 3N, which halves the time a large read spends in it.
    """

    move: Move | None
    special: Special | None
    _comments: list[str] | None = field(alias="comments")
    time: Time | None
    bookmark: str | None
    _next: Node | None = field(alias="next")
    _variations: list[Node] | None = field(alias="variations")
    parent: Node | None
    line: int | None
    column: int | None

    def __init__(
        self,
        move: Move | None = None,
        special: Special | None = None,
        comments: list[str] | None = None,
        time: Time | None = None,
        bookmark: str | None = None,
        children: Iterable[Node] | None = None,
        parent: Node | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        self.move = move
        self.special = special
        self._comments = comments or None
        self.time = time
        self.bookmark = bookmark
        self._next = None
        self._variations = None
        if children is not None:
            self._set_children(list(children))
        self.parent = parent
        self.line = line
        self.column = column

    # --- children and comments as lists ----------------------------------------------------

    @property
    def children(self) -> Children:
        """The continuations: ``[0]`` the main line, the rest variations (a live list view)."""
        return Children(self)

    @children.setter
    def children(self, nodes: Iterable[Node]) -> None:
        self._set_children(list(nodes))

    def _set_children(self, nodes: list[Node]) -> None:
        self._next = nodes[0] if nodes else None
        self._variations = nodes[1:] or None

    @property
    def next(self) -> Node | None:
        """The main-line continuation (``children[0]``), ``None`` at the end of a line."""
        return self._next

    @property
    def variations(self) -> Sequence[Node]:
        """The continuations other than the main line (``children[1:]``), read-only."""
        return self._variations or ()

    @property
    def comments(self) -> list[str]:
        """The comment lines attached to this node (a list, created on first use)."""
        comments = self._comments
        if comments is None:
            comments = self._comments = []
        return comments

    @comments.setter
    def comments(self, lines: list[str]) -> None:
        self._comments = lines

    @property
    def comment_lines(self) -> Sequence[str]:
        """The comments, read-only, without creating a list on a node that has none."""
        return self._comments or ()

    @property
    def evaluation(self) -> Evaluation | None:
        """The engine evaluation this node's comment lines hold (floodgate ``'** 113 …``,
        ShogiHome ``#評価値=…``, Kifu for Windows ``**解析 …``), read from them on each
        access (nothing is stored: the lines stay as read); ``None`` when they hold none. A
        line that only looks like an evaluation is a comment here:
        :func:`kifu_lark.parse_evaluation` reads strictly.

        Setting it replaces the evaluation lines (where the first stood) by the canonical
        ``#評価値=…`` / ``#詰み=…`` / ``#読み筋=…`` / ``#深さ=…`` / ``#ノード数=…`` /
        ``#エンジン=…`` lines, black's view, the PV tokens as given; ``None`` removes them.
        Writers convert them to each format's own form.
        """
        comments = self._comments
        if not comments:
            return None
        from kifu_lark.formats.evaluation import node_evaluation

        return node_evaluation(comments)

    @evaluation.setter
    def evaluation(self, evaluation: Evaluation | None) -> None:
        from kifu_lark.formats.evaluation import evaluation_lines, replace_lines

        new = [] if evaluation is None else evaluation_lines(evaluation, "set")
        self._comments = replace_lines(self._comments or [], new) or None

    # --- comparison ------------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Node):
            return NotImplemented
        # Iterative: a recursive comparison overflows the stack on games of a few hundred moves.
        stack: list[tuple[Node, Node]] = [(self, other)]
        while stack:
            a, b = stack.pop()
            if not (
                a.move == b.move
                and a.special == b.special
                and (a._comments or []) == (b._comments or [])
                and a.time == b.time
                and a.bookmark == b.bookmark
                and (a._next is None) == (b._next is None)
                and len(a._variations or ()) == len(b._variations or ())
            ):
                return False
            if a._next is not None and b._next is not None:
                stack.append((a._next, b._next))
                stack.extend(zip(a._variations or (), b._variations or (), strict=True))
        return True

    __hash__ = None  # type: ignore[assignment]  # mutable tree

    def __repr__(self) -> str:
        # Children are counted, not shown: a record's repr would otherwise be its whole tree.
        parts = [
            f"{name}={value!r}"
            for name, value in (
                ("move", self.move),
                ("special", self.special),
                ("comments", self._comments),
                ("time", self.time),
                ("bookmark", self.bookmark),
            )
            if value is not None
        ]
        parts.append(f"children={len(self.children)}")
        return f"Node({', '.join(parts)})"

    # --- the tree --------------------------------------------------------------------------

    def add(self, child: Node) -> Node:
        """Append ``child`` as the last variation (the main line if it is the first)."""
        child.parent = self
        self._link(child)
        return child

    def _link(self, child: Node) -> None:
        """Append ``child`` to the continuations (its ``parent`` is the caller's business)."""
        if self._next is None:
            self._next = child
        elif self._variations is None:
            self._variations = [child]
        else:
            self._variations.append(child)

    def grow(self, move: Move, line: int | None, column: int | None) -> Node:
        """Append a new child holding ``move`` (read at ``line``, ``column``) and return it:
        :meth:`add_variation` for readers, which call it once per move read (it sets the
        slots directly, at two thirds of the cost of ``Node(...)`` and :meth:`add`)."""
        node = _new_node(Node)
        node.move = move
        node.special = None
        node._comments = None
        node.time = None
        node.bookmark = None
        node._next = None
        node._variations = None
        node.parent = self
        node.line = line
        node.column = column
        if self._next is None:  # _link, inlined: once per move read
            self._next = node
        else:
            self._link(node)
        return node

    def add_variation(self, move: Move | None = None, special: Special | None = None) -> Node:
        """Create and append a child node holding ``move`` or ``special``."""
        return self.add(Node(move, special))

    def promote_to_main(self) -> None:
        """Make this node the main line of its parent."""
        if self.parent is not None:
            siblings = list(self.parent.children)
            siblings.remove(self)
            siblings.insert(0, self)
            self.parent._set_children(siblings)

    @property
    def ply(self) -> int:
        """Depth in the tree: 0 for the root, 1 for the first move."""
        depth, node = 0, self
        while node.parent is not None:
            depth += 1
            node = node.parent
        return depth

    def path(self) -> list[Node]:
        """The nodes from the first move down to this one (the root excluded)."""
        nodes: list[Node] = []
        node: Node | None = self
        while node is not None and node.parent is not None:
            nodes.append(node)
            node = node.parent
        nodes.reverse()
        return nodes

    def mainline(self) -> list[Node]:
        """This node's main continuation, first child after first child."""
        nodes: list[Node] = []
        node = self._next
        while node is not None:
            nodes.append(node)
            node = node._next
        return nodes

    def __reduce__(self) -> tuple[object, ...]:
        # As Game.__reduce__: pickle and deepcopy would follow the tree recursively and
        # overflow the stack on a long line. A node goes with its subtree, flat, without
        # its parent (the copy is the top of its own tree).
        return (_build, (_flatten(self),))

    def walk(self) -> Iterator[Node]:
        """Every node below this one, depth first, main line before variations."""
        stack = list(reversed(self.children))
        while stack:
            node = stack.pop()
            yield node
            if node._next is not None:
                stack.extend(reversed(node._variations or ()))
                stack.append(node._next)


class Children(MutableSequence[Node]):
    """``Node.children``: a list view of a node's continuations, main line first.

    Supports everything a list of nodes is used for (index, slice, iterate, ``len``,
    ``append``, ``insert``, ``remove``, ``pop``, ``clear``, ``==`` with a list); changes go
    to the node. ``append`` and ``insert`` do not set the child's ``parent`` (as on a list):
    :meth:`Node.add` does.
    """

    __slots__ = ("_node",)

    def __init__(self, node: Node) -> None:
        self._node = node

    def _list(self) -> list[Node]:
        node = self._node
        if node._next is None:
            return []
        return [node._next, *(node._variations or ())]

    def __len__(self) -> int:
        node = self._node
        if node._next is None:
            return 0
        return 1 + len(node._variations or ())

    def __bool__(self) -> bool:
        return self._node._next is not None

    def __iter__(self) -> Iterator[Node]:
        return iter(self._list())

    @overload
    def __getitem__(self, index: int) -> Node: ...
    @overload
    def __getitem__(self, index: slice) -> list[Node]: ...
    def __getitem__(self, index: int | slice) -> Node | list[Node]:
        if index == 0 and self._node._next is not None:
            return self._node._next
        return self._list()[index]

    @overload
    def __setitem__(self, index: int, value: Node) -> None: ...
    @overload
    def __setitem__(self, index: slice, value: Iterable[Node]) -> None: ...
    def __setitem__(self, index: int | slice, value: Node | Iterable[Node]) -> None:
        nodes = self._list()
        nodes[index] = value  # type: ignore[index, assignment]
        self._node._set_children(nodes)

    def __delitem__(self, index: int | slice) -> None:
        nodes = self._list()
        del nodes[index]
        self._node._set_children(nodes)

    def insert(self, index: int, value: Node) -> None:
        """Insert ``value`` before ``index`` (0: it becomes the main line)."""
        nodes = self._list()
        nodes.insert(index, value)
        self._node._set_children(nodes)

    def append(self, value: Node) -> None:
        """Add ``value`` as the last continuation."""
        self._node._link(value)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Children):
            return self._list() == other._list()
        if isinstance(other, Sequence) and not isinstance(other, str):
            return self._list() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._list())


@define(eq=False)
class Issue:
    """A rule breach let through in lenient mode, or another observation on the record."""

    code: str
    message: str
    ply: int | None = None
    line: int | None = None
    column: int | None = None


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
    """

    headers: Headers = field(factory=Headers)
    start: Position = field(factory=Position.initial)
    root: Node = field(factory=Node)
    encoding: str | None = None
    format: str | None = None
    warnings: list[Issue] = field(factory=list)
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
        flat = _flatten(self.root)
        state = (self.headers, self.start, flat, self.encoding, self.format, self.warnings)
        return (_unflatten, state)

    @property
    def handicap(self) -> str | None:
        """The standard handicap name of the start position (平手 for the usual start)."""
        from kifu_lark.model.handicap import handicap_name

        return handicap_name(self.start)

    @property
    def variant_name(self) -> str:
        """The name of the start position's variant."""
        return self.start.variant.name

    def mainline(self) -> list[Node]:
        """The nodes of the main line, first move first (a final special included)."""
        return self.root.mainline()

    def position_at(self, node: Node) -> Position:
        """The position after ``node``'s move (the start position for the root)."""
        from kifu_lark.rules.board import Board
        from kifu_lark.rules.violations import ALL_TOLERABLE

        board = Board.from_position(self.start)
        for step in node.path():
            if step.move is not None:
                # a game read may hold breaches it tolerated or a declared foul
                board.push(step.move, ALL_TOLERABLE)
        return board.to_position()

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
        from kifu_lark.rules.board import Board
        from kifu_lark.rules.violations import ALL_TOLERABLE

        nodes = self.line(line)
        board = Board.from_position(self.start)
        board.hashing = False
        position = self.start
        yield self.root, position
        for node in nodes:
            if node.move is not None:
                # a game read may hold breaches it tolerated or a declared foul
                board.push(node.move, ALL_TOLERABLE)
                position = board.to_position()
            yield node, position

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
        from kifu_lark.model.evaluation import PVError

        previous: Move | None = None
        for node, position in self.positions(line):
            if node.move is not None:
                previous = node.move
            evaluation = node.evaluation
            if evaluation is None:
                continue
            try:
                moves: tuple[Move, ...] | None = evaluation.resolve(position, previous)
            except PVError as err:
                if strict:
                    err.locate(format=self.format, line=node.line)
                    raise
                moves = None
            yield node, position, evaluation, moves

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
        from kifu_lark.move_text import check_notation, write_move_text, write_special_text
        from kifu_lark.rules.board import Board
        from kifu_lark.rules.violations import ALL_TOLERABLE

        name = check_notation(notation, marks)
        board = Board.from_position(self.start)
        board.hashing = False
        texts: list[str] = []
        previous: Move | None = None
        for node in nodes:
            move = node.move
            if move is None:
                assert node.special is not None
                texts.append(write_special_text(node.special, name, board.color))
                continue
            texts.append(write_move_text(board, move, previous, name, marks))
            board.push(move, ALL_TOLERABLE)
            previous = move
        return texts

    def final_position(self) -> Position:
        """The position at the end of the main line."""
        line = self.mainline()
        return self.position_at(line[-1]) if line else self.start

    def _repr_svg_(self) -> str:
        """The board at the end of the main line as SVG, for Jupyter."""
        from kifu_lark.render.notebook import options
        from kifu_lark.render.svg import game_svg

        return game_svg(self, glyphs=options.glyphs)

    def _repr_html_(self) -> str:
        """The board at the end of the main line and the move list, for Jupyter (see
        :mod:`kifu_lark.render.notebook`)."""
        from kifu_lark.render.notebook import game_html

        return game_html(self)


_Flat = tuple[
    Move | None,
    Special | None,
    list[str] | None,
    Time | None,
    str | None,
    int | None,
    int | None,
    int,
]


def fill_times(root: Node) -> None:
    """Give every move's time both halves, as KIF writes them: a missing running total is
    the mover's previous total (0 at the start) plus the time spent, a missing time spent
    is the total less that previous total. CSA records give the time spent only and JKF or
    KIF lines may lack either; after this every reader's times read alike. A special's time
    counts for nobody's total and is left as read.

    >>> import kifu_lark
    >>> game = kifu_lark.loads("position startpos moves 7g7f 3c3d 2g2f", "usi")
    >>> a, b, c = game.mainline()
    >>> a.time, b.time, c.time = Time(14), Time(5), Time(None, 17)
    >>> fill_times(game.root)
    >>> [(n.time.spent, n.time.total) for n in (a, b, c)]
    [(14, 14.0), (5, 5.0), (3.0, 17)]
    """
    # Every reader calls this once per record, so it runs once per move read: each line is
    # walked through the nodes' own links (no ``children`` view per node), and variations
    # wait on a stack with the totals at their branch point.
    stack: list[tuple[Node | None, float, float]] = [(root._next, 0.0, 0.0)]
    stack.extend((child, 0.0, 0.0) for child in root._variations or ())
    black_color = Color.BLACK
    while stack:
        node, black, white = stack.pop()
        while node is not None:
            time, move = node.time, node.move
            if time is not None and move is not None:
                is_black = move.color is black_color
                before = black if is_black else white
                spent, total = time.spent, time.total
                if total is None:
                    total = before + (spent or 0)
                    node.time = Time(spent, total)
                elif spent is None and total >= before:
                    node.time = Time(total - before, total)
                if is_black:
                    black = total
                else:
                    white = total
            variations = node._variations
            if variations:
                stack.extend((child, black, white) for child in variations)
            node = node._next


def _flatten(top: Node) -> list[_Flat]:
    """``top`` and every node below it, each as its fields and the index of its parent
    (-1 for ``top``), in walk order: what pickle and deepcopy follow without recursion."""
    nodes = [top, *top.walk()]
    index = {id(node): i for i, node in enumerate(nodes)}
    return [
        (
            n.move,
            n.special,
            n._comments,
            n.time,
            n.bookmark,
            n.line,
            n.column,
            -1 if n is top or n.parent is None else index[id(n.parent)],
        )
        for n in nodes
    ]


def _build(flat: list[_Flat]) -> Node:
    """The tree :func:`_flatten` flattened; its top node."""
    nodes: list[Node] = []
    for move, special, comments, time, bookmark, line, column, parent in flat:
        node = Node(move, special, comments, time, bookmark, None, None, line, column)
        if parent >= 0:
            nodes[parent].add(node)
        nodes.append(node)
    return nodes[0]


def _unflatten(
    headers: Headers,
    start: Position,
    flat: list[_Flat],
    encoding: str | None,
    format: str | None,
    warnings: list[Issue],
) -> Game:
    """The game :meth:`Game.__reduce__` flattened."""
    game = Game(headers, start, _build(flat))
    game.encoding, game.format, game.warnings = encoding, format, warnings
    return game
