"""The record tree's node, and the walk every reader runs over a tree it built
(:func:`fill_times`).

A node is made for every move read, and a game keeps them all: in the compiled build
(``_build.py``) this module is compiled and ``Node`` is a native class. It holds its time as
two unboxed numbers rather than a ``Time`` object and a boxed running total, and readers fill
it without a call into interpreted code (``make bench`` prints what a kept move costs).
What few nodes hold (a bookmark, a time whose numbers a C double cannot hold exactly) lives
in a side object, so that every other node stays small. Interpreted, the same class is a
plain class with ``__slots__``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from types import FunctionType
from typing import TYPE_CHECKING, Any, Final

from kifu_lark.model.children import Children
from kifu_lark.model.clock import (
    COLUMN_BITS,
    EXACT,
    ODD,
    SHIFT,
    SPENT,
    SPENT_INT,
    TIMED,
    TOTAL,
    TOTAL_INT,
    Extra,
    place,
)
from kifu_lark.model.move import Move, Special, Time
from kifu_lark.model.views import views

if TYPE_CHECKING:
    from kifu_lark.model.evaluation import Evaluation

class Node:
    """One ply of the record tree.

    The root holds no move: only the comments written before the first move. Every other node
    holds a ``move`` or a ``special`` (投了 …). ``children[0]`` (also ``next``) continues the
    main line; the other children are variations, in the order the record gives them.

    ``children`` and ``comments`` behave as lists. A node keeps no list object of its own
    until it needs one (a comment, a second child): a record of N moves is then N objects for
    the garbage collector rather than 3N, which halves the time a large read spends in it.
    ``time`` is a :class:`Time` made from the node's numbers on each access (equal, not the
    same object, from one access to the next).
    """

    __slots__ = (
        "_clock",
        "_comments",
        "_extra",
        "_next",
        "_place",
        "_spent",
        "_total",
        "_variations",
        "move",
        "parent",
        "special",
    )

    move: Move | None
    special: Special | None
    _comments: list[str] | str | None  # a lone comment as itself: no list to collect
    _extra: Extra | None
    _next: Node | None
    _variations: list[Node] | None
    parent: Node | None
    _place: int
    _clock: int
    _spent: float
    _total: float

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
        self._extra = None if bookmark is None else Extra(bookmark, None)
        self._next = None
        self._variations = None
        self.parent = parent
        self._place = place(line, column)
        self._clock = 0
        self._spent = 0.0
        self._total = 0.0
        if time is not None:
            self._set(time)
        if children is not None:
            self._set_children(list(children))

    # --- what a node holds -----------------------------------------------------------------

    @property
    def time(self) -> Time | None:
        """Time used for the move and the mover's running total (``None`` when not given)."""
        clock = self._clock
        if not clock:
            return None
        if clock & ODD:
            extra = self._extra
            return None if extra is None else extra.time
        return Time(
            self._spent_held() if clock & SPENT else None,
            self._total_held() if clock & TOTAL else None,
        )

    @time.setter
    def time(self, time: Time | None) -> None:
        if time is None:
            self._clock = 0
            self._keep(self.bookmark, None)
        else:
            self._set(time)

    def _spent_held(self) -> Any:
        return int(self._spent) if self._clock & SPENT_INT else self._spent

    def _total_held(self) -> Any:
        return int(self._total) if self._clock & TOTAL_INT else self._total

    def _set(self, time: Time) -> None:
        # Its halves read as Any: compiled, reading them as Time declares them (float or
        # None) would refuse any other number a user put there, and turn an int into a float
        held: Any = time
        self.set_time(held.spent, held.total)

    def set_time(self, spent: Any, total: Any) -> None:
        """Set the time to ``Time(spent, total)`` without making one (what readers call):
        each an int, a float or ``None`` (another number is kept too, in a ``Time``)."""
        # Any, not ``float``: compiled, an int passed as ``float`` arrives a float. No helper
        # for the tests of a number: readers call this once per move, interpreted too.
        clock = TIMED
        if spent is not None:
            kind = type(spent)
            if kind is float:
                clock = TIMED | SPENT
            elif kind is int and -EXACT <= spent <= EXACT:
                clock = TIMED | SPENT | SPENT_INT
            else:
                self._odd(spent, total)
                return
            self._spent = spent
        if total is not None:
            kind = type(total)
            if kind is float:
                clock |= TOTAL
            elif kind is int and -EXACT <= total <= EXACT:
                clock |= TOTAL | TOTAL_INT
            else:
                self._odd(spent, total)
                return
            self._total = total
        self._clock = clock
        if self._extra is not None:
            self._keep(self._extra.bookmark, None)

    def _odd(self, spent: Any, total: Any) -> None:
        """Hold ``Time(spent, total)`` apart: a double cannot hold one of its numbers."""
        self._keep(self.bookmark, Time(spent, total))
        self._clock = ODD

    @property
    def bookmark(self) -> str | None:
        """The bookmark (KIF ``&`` line) set on this node."""
        extra = self._extra
        return None if extra is None else extra.bookmark

    @bookmark.setter
    def bookmark(self, bookmark: str | None) -> None:
        extra = self._extra
        self._keep(bookmark, None if extra is None else extra.time)

    def _keep(self, bookmark: str | None, time: Time | None) -> None:
        """Hold ``bookmark`` and an odd ``time`` apart (nothing when both are ``None``)."""
        self._extra = None if bookmark is None and time is None else Extra(bookmark, time)

    @property
    def line(self) -> int | None:
        """The line of the record the move was read at (from 1), when read from a text."""
        line = self._place >> SHIFT
        return line - 1 if line else None

    @line.setter
    def line(self, line: int | None) -> None:
        self._place = place(line, self.column)

    @property
    def column(self) -> int | None:
        """The column of the move in its line (from 1), when read from a text."""
        column = self._place & COLUMN_BITS
        return column - 1 if column else None

    @column.setter
    def column(self, column: int | None) -> None:
        self._place = place(self.line, column)

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
        elif isinstance(comments, str):
            comments = self._comments = [comments]
        return comments

    @comments.setter
    def comments(self, lines: list[str]) -> None:
        self._comments = lines

    @property
    def comment_lines(self) -> Sequence[str]:
        """The comments, read-only, without creating a list on a node that has none (or one
        comment)."""
        comments = self._comments
        if comments is None:
            return ()
        return (comments,) if isinstance(comments, str) else comments

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
        comments = self.comment_lines
        if not comments:
            return None
        return views().read_evaluation(comments)

    @evaluation.setter
    def evaluation(self, evaluation: Evaluation | None) -> None:
        self._comments = views().write_evaluation(self.comment_lines, evaluation) or None

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
                and _comment_list(a) == _comment_list(b)
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

    # No __hash__: a mutable tree, unhashable as any class with __eq__ alone (compiled too,
    # where ``__hash__ = None`` would cost every node a slot)

    def __repr__(self) -> str:
        # Children are counted, not shown: a record's repr would otherwise be its whole tree.
        parts = [
            f"{name}={value!r}"
            for name, value in (
                ("move", self.move),
                ("special", self.special),
                ("comments", _comment_list(self) or None),
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
        :meth:`add_variation` for readers, which call it once per move read."""
        if _NATIVE:
            node = Node(move, None, None, None, None, None, self, line, column)
        else:
            # Interpreted, setting the slots directly skips Node.__init__'s call and checks
            node = _new_node(Node)
            node.move = move
            node.special = None
            node._comments = None
            node._extra = None
            node._next = None
            node._variations = None
            node.parent = self
            # _place, written out for a line read with or without a column (and 2**32 written
            # as such: interpreted, each global costs a look-up)
            if line is not None and line >= 0:
                if column is None:
                    node._place = (line + 1) << 32
                elif 0 <= column < 4294967295:
                    node._place = ((line + 1) << 32) + column + 1
                else:
                    node._place = place(line, column)
            else:
                node._place = place(line, column)
            node._clock = 0  # and no _spent, _total: read only where _clock says they are set
        if self._next is None:  # _link, inlined: once per move read
            self._next = node
        else:
            self._link(node)
        return node

    def add_variation(self, move: Move | None = None, special: Special | None = None) -> Node:
        """Create and append a child node holding ``move`` or ``special``.

        Raises:
            TypeError: for a ``move`` that is not a ``Move`` (a USI text is read with
                ``Move.from_usi(text, game.position_at(node))``: a node knows no position).
        """
        if move is not None and not isinstance(move, Move):
            raise TypeError(
                f"Node.add_variation() takes a Move, not {type(move).__name__}; for a USI "
                "text: Move.from_usi(text, game.position_at(node))"
            )
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
        return (build, (flatten(self),))

    def walk(self) -> Iterator[Node]:
        """Every node below this one, depth first, main line before variations."""
        stack = list(reversed(self.children))
        while stack:
            node = stack.pop()
            yield node
            if node._next is not None:
                stack.extend(reversed(node._variations or ()))
                stack.append(node._next)


_new_node = object.__new__
#: True when this module runs compiled: ``Node`` is then a native class, which
#: ``object.__new__`` cannot make.
_NATIVE: Final = not isinstance(Node.grow, FunctionType)


def _comment_list(node: Node) -> list[str]:
    """``node``'s comments as a list (a new one when it holds one comment or none)."""
    comments = node._comments
    if comments is None:
        return []
    return [comments] if isinstance(comments, str) else comments


Flat = tuple[
    Move | None,
    Special | None,
    list[str] | None,
    Time | None,
    str | None,
    int | None,
    int | None,
    int,
]
"""A node as :func:`flatten` gives it: its fields and the index of its parent."""


def flatten(top: Node) -> list[Flat]:
    """``top`` and every node below it, each as its fields and the index of its parent
    (-1 for ``top``), in walk order: what pickle and deepcopy follow without recursion."""
    nodes = [top, *top.walk()]
    index = {id(node): i for i, node in enumerate(nodes)}
    return [
        (
            n.move,
            n.special,
            _comment_list(n) or None,
            n.time,
            n.bookmark,
            n.line,
            n.column,
            -1 if n is top or n.parent is None else index[id(n.parent)],
        )
        for n in nodes
    ]


def build(flat: list[Flat]) -> Node:
    """The tree :func:`flatten` flattened; its top node."""
    nodes: list[Node] = []
    for move, special, comments, time, bookmark, line, column, parent in flat:
        node = Node(move, special, comments, time, bookmark, None, None, line, column)
        if parent >= 0:
            nodes[parent].add(node)
        nodes.append(node)
    return nodes[0]
