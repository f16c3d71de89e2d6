"""``Node.children``: a list view of a node's continuations (kept apart from the node's own
module, which the compiled build compiles: this class derives from an ABC)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, MutableSequence, Sequence
from typing import TYPE_CHECKING, overload

if TYPE_CHECKING:
    from kifu_lark.model.node import Node


class Children(MutableSequence["Node"]):
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
