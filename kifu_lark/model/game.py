"""The record: headers, start position and a tree of nodes (moves with variations)."""

from __future__ import annotations

from collections.abc import Iterator

from attrs import define, field

from kifu_lark.model.headers import Headers
from kifu_lark.model.move import Move, Special, Time
from kifu_lark.model.position import Position


@define(eq=False)
class Node:
    """One ply of the record tree.

    The root holds no move: only the comments written before the first move. Every other node
    holds a ``move`` or a ``special`` (投了 …). ``children[0]`` continues the main line; the
    other children are variations, in the order the record gives them.
    """

    move: Move | None = None
    special: Special | None = None
    comments: list[str] = field(factory=list)
    time: Time | None = None
    bookmark: str | None = None
    children: list[Node] = field(factory=list)
    parent: Node | None = field(default=None, repr=False)
    line: int | None = field(default=None, repr=False)
    column: int | None = field(default=None, repr=False)

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
                and a.comments == b.comments
                and a.time == b.time
                and a.bookmark == b.bookmark
                and len(a.children) == len(b.children)
            ):
                return False
            stack.extend(zip(a.children, b.children, strict=True))
        return True

    __hash__ = None  # type: ignore[assignment]  # mutable tree

    def add(self, child: Node) -> Node:
        """Append ``child`` as the last variation (the main line if it is the first)."""
        child.parent = self
        self.children.append(child)
        return child

    def add_variation(self, move: Move | None = None, special: Special | None = None) -> Node:
        """Create and append a child node holding ``move`` or ``special``."""
        return self.add(Node(move=move, special=special))

    def promote_to_main(self) -> None:
        """Make this node the main line of its parent."""
        if self.parent is not None:
            siblings = self.parent.children
            siblings.remove(self)
            siblings.insert(0, self)

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
        node = self
        while node.children:
            node = node.children[0]
            nodes.append(node)
        return nodes

    def walk(self) -> Iterator[Node]:
        """Every node below this one, depth first, main line before variations."""
        stack = list(reversed(self.children))
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))


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

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (
            self.headers == other.headers and self.start == other.start and self.root == other.root
        )

    __hash__ = None  # type: ignore[assignment]

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

        board = Board.from_position(self.start)
        for step in node.path():
            if step.move is not None:
                board.push(step.move)
        return board.to_position()

    def final_position(self) -> Position:
        """The position at the end of the main line."""
        line = self.mainline()
        return self.position_at(line[-1]) if line else self.start
