"""Engine evaluations in comment lines: reading them (``grammars/evaluation.lark``), resolving
their PVs, and the lines writers put in each format.

Reading is lazy: readers keep comments as text, and :attr:`Node.evaluation` calls
:func:`node_evaluation` when asked. A line is an evaluation line when the grammar reads it;
a line that only looks like one (``*互角``, ``* 1 2 3``) is an ordinary comment, so the
property never raises: :func:`parse_evaluation` is the strict reading that does.

A node's evaluation merges its evaluation lines in order, the first value of each field
winning: ShogiHome writes one ``key=value`` per line, and the CSA writer may add
``*深さ=21`` beside a ``'**`` line for what the ``'**`` form cannot hold.

Canonical lines (what :func:`evaluation_lines` writes, as comment texts):

- ``csa``: ``* <score> <pv in CSA> [#<nodes>]``, then ``*詰み=…``, ``*深さ=…``,
  ``*エンジン=…`` for what that line cannot hold; without a score, every field as a
  ``*key=value`` line (``*読み筋=`` with the PV in CSA). Written ``'** …`` / ``'**詰み=…``.
- ``kif``, ``ki2``, ``jkf``: ShogiHome's ``#評価値=…``, ``#詰み=先手勝ち:7手``,
  ``#読み筋=▲２五歩(26)△８五歩(84)`` (KIF words for KIF, KI2 words otherwise), ``#深さ=…``,
  ``#ノード数=…``, ``#エンジン=…``. Written ``*#評価値=…`` in KIF and KI2.
- ``set`` (``node.evaluation = …``): the ``#key=value`` lines with the PV tokens as given.

Numbers are always written from black's point of view, as every program reads them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Sequence
from typing import Any

from lark import Token, Transformer, v_args

from kifu_lark.errors import KifuSyntaxError
from kifu_lark.formats.engine import parsing
from kifu_lark.formats.evaluation_fast import (
    GRAMMAR,
    fast_fields,
    looks_like_evaluation,
)
from kifu_lark.formats.move_text import write_move_text
from kifu_lark.model.color import Color
from kifu_lark.model.evaluation import Evaluation, PVError, read_evaluation, token_notation
from kifu_lark.model.move import Move
from kifu_lark.model.position import Position
from kifu_lark.rules.board import Board as EngineBoard
from kifu_lark.rules.violations import ALL_TOLERABLE

_KEY_FIELDS = {"score", "mate", "depth", "nodes", "pv", "engine"}


# --- reading ---------------------------------------------------------------------------------


@v_args(inline=True)
class _Fields(Transformer[Token, Any]):
    """A line → ``{field: value}`` (the fields it gives)."""

    def start(self, fields: dict[str, Any]) -> dict[str, Any]:
        return fields

    def csa_line(self, _star: Token, score: Token, *rest: Any) -> dict[str, Any]:
        fields: dict[str, Any] = {"score": int(score)}
        for item in rest:
            if isinstance(item, tuple):
                fields["pv"] = item
            else:  # NODES
                fields["nodes"] = int(item[1:])
        return fields

    def key_line(self, _prefix: Token, item: tuple[str, Any]) -> dict[str, Any]:
        return dict([item])

    def analysis_line(self, _star: Token, _word: Token, *items: Any) -> dict[str, Any]:
        fields: dict[str, Any] = {}
        for item in items:
            if isinstance(item, tuple) and item[0] in _KEY_FIELDS:
                fields.setdefault(item[0], item[1])
        return fields

    def piyo_line(
        self, _hash: Token, _label: Token, score: Token, pv: tuple[str, ...] | None = None
    ) -> dict[str, Any]:
        fields: dict[str, Any] = {"score": int(score)}
        if pv:
            fields["pv"] = pv
        return fields

    def analysis_mate(self, sign: Token, plies: Token | None = None) -> tuple[str, int | float]:
        length: int | float = math.inf if plies is None else int(plies)
        return ("mate", length if sign[0] == "+" else -length)

    def score(self, value: Token, _bound: Token | None = None) -> tuple[str, int]:
        return ("score", int(value))

    def pv_item(self, pv: tuple[str, ...] | None = None) -> tuple[str, tuple[str, ...]]:
        return ("pv", pv or ())

    def mate(self, winner: Token, plies: Token | None = None) -> tuple[str, int | float]:
        length: int | float = math.inf if plies is None else int(plies)
        return ("mate", length if winner == "先手勝ち" else -length)

    def depth(self, value: Token, _selective: Token | None = None) -> tuple[str, int]:
        return ("depth", int(value))

    def nodes(self, value: Token) -> tuple[str, int]:
        return ("nodes", int(value))

    def engine(self, name: Token) -> tuple[str, str]:
        return ("engine", str(name).rstrip())

    def elapsed(self, _value: Token) -> tuple[str, None]:
        return ("elapsed", None)

    def pv(self, *moves: Token) -> tuple[str, ...]:
        return tuple(str(move) for move in moves)


_FIELDS = _Fields()


def parse_line(line: str) -> dict[str, Any]:
    """The fields one comment line gives (``score``, ``mate``, ``depth``, ``nodes``, ``pv``,
    ``engine``).

    Raises:
        KifuSyntaxError: when the line is not an evaluation line, with the column and a hint
            naming what was expected.
    """
    line = line.rstrip("\r\n")
    fields = fast_fields(line)
    if fields is not None:
        return fields
    parser = parsing.parser(GRAMMAR)
    tree = parsing.parse(parser, line, "evaluation")
    found: dict[str, Any] = parsing.transform(_FIELDS, tree, line, "evaluation")
    return found


def _merge(lines: Sequence[str], strict: bool) -> Evaluation | None:
    merged: dict[str, Any] = {}
    used: list[str] = []
    for line in lines:
        if not looks_like_evaluation(line):
            continue
        try:
            fields = parse_line(line)
        except KifuSyntaxError:
            if strict:
                raise
            continue  # only looks like one: an ordinary comment
        used.append(line)
        for name, value in fields.items():
            merged.setdefault(name, value)
    if "score" not in merged and "mate" not in merged and "pv" not in merged:
        return None
    get = merged.get
    return read_evaluation(
        get("score"),
        get("mate"),
        get("depth"),
        get("nodes"),
        get("pv", ()),
        get("engine"),
        tuple(used),
    )


def node_evaluation(lines: Sequence[str]) -> Evaluation | None:
    """The evaluation ``lines`` (a node's comments) give, ``None`` when they give none.
    Lines that do not read as evaluation lines are ignored: they are comments."""
    if not lines:
        return None
    return _merge(lines, strict=False)


def parse_evaluation(lines: str | Sequence[str]) -> Evaluation:
    """The evaluation in ``lines`` (comment texts as a node keeps them, or one line), read
    strictly: a line that starts like an evaluation line must be one.

    Raises:
        KifuSyntaxError: for such a line that does not read, or when no line gives a score,
            a mate or a PV.
    """
    if isinstance(lines, str):
        lines = lines.split("\n")
    found = _merge(lines, strict=True)
    if found is None:
        raise KifuSyntaxError(
            "no evaluation in these lines",
            format="evaluation",
            text=lines[0] if lines else None,
            hint="e.g. '* 113 -3334FU +2625FU' (CSA '**), '#評価値=159', '*解析 0 … 評価値 -101'",
        )
    return found


def evaluation_line_indexes(lines: Sequence[str]) -> list[int]:
    """Indexes of the lines of ``lines`` that read as evaluation lines."""
    found = []
    for i, line in enumerate(lines):
        if looks_like_evaluation(line):
            try:
                parse_line(line)
            except KifuSyntaxError:
                continue
            found.append(i)
    return found


# --- writing ---------------------------------------------------------------------------------


def _mate_text(mate: int | float) -> str:
    winner = "先手勝ち" if mate > 0 else "後手勝ち"
    return winner if math.isinf(mate) else f"{winner}:{int(abs(mate))}手"


def _pv_text(tokens: Sequence[str], separator: str) -> str:
    return separator.join(tokens)


def evaluation_lines(
    evaluation: Evaluation, form: str, pv: Sequence[str] | None = None
) -> list[str]:
    """The comment lines of ``evaluation`` in ``form`` (``csa``, ``kif``, ``ki2``, ``jkf``,
    ``set``; see the module's doc), with ``pv`` as the PV tokens to write (the evaluation's
    own tokens when ``None``)."""
    ev = evaluation.for_side(Color.BLACK)
    tokens = list(ev.pv if pv is None else pv)
    lines: list[str] = []
    if form == "csa":
        if ev.score is not None:
            head = f"* {ev.score}"
            if tokens:
                head += " " + " ".join(tokens)
            if ev.nodes is not None:
                head += f" #{ev.nodes}"
            lines.append(head)
            if ev.mate is not None:
                lines.append("*詰み=" + _mate_text(ev.mate))
            if ev.depth is not None:
                lines.append(f"*深さ={ev.depth}")
        else:
            lines += _key_lines(ev, "*", " ".join(tokens))
            return lines
        if ev.engine is not None:
            lines.append(f"*エンジン={ev.engine}")
        return lines
    separator = "" if all(token_notation(t) == "japanese" for t in tokens) else " "
    return _key_lines(ev, "#", _pv_text(tokens, separator))


def _key_lines(ev: Evaluation, prefix: str, pv: str) -> list[str]:
    lines = []
    if ev.score is not None:
        lines.append(f"{prefix}評価値={ev.score}")
    if ev.mate is not None:
        lines.append(f"{prefix}詰み=" + _mate_text(ev.mate))
    if pv:
        lines.append(f"{prefix}読み筋={pv}")
    if ev.depth is not None:
        lines.append(f"{prefix}深さ={ev.depth}")
    if ev.nodes is not None:
        lines.append(f"{prefix}ノード数={ev.nodes}")
    if ev.engine is not None:
        lines.append(f"{prefix}エンジン={ev.engine}")
    return lines


def replace_lines(comments: Sequence[str], new: Sequence[str]) -> list[str]:
    """``comments`` with their evaluation lines replaced by ``new`` (where the first of them
    stood; after the other comments when there was none)."""
    indexes = evaluation_line_indexes(comments)
    if not indexes:
        return [*comments, *new]
    drop = set(indexes)
    out: list[str] = []
    for i, line in enumerate(comments):
        if i == indexes[0]:
            out += new
        if i not in drop:
            out.append(line)
    return out


def set_evaluation(comments: Sequence[str], evaluation: Evaluation | None) -> list[str]:
    """``comments`` with their evaluation lines replaced by the canonical ``#評価値=…``
    lines of ``evaluation`` (``Node.evaluation``'s setter), or removed for ``None``."""
    new = [] if evaluation is None else evaluation_lines(evaluation, "set")
    return replace_lines(comments, new)


# --- converting between formats (writers) ----------------------------------------------------

#: The formats whose writers convert evaluations, and the lines each keeps as they are.
TARGETS = ("csa", "kif", "ki2", "jkf")


def _native(evaluation: Evaluation, target: str) -> bool:
    """True when ``evaluation``'s lines are already a form ``target``'s readers know."""
    lines = evaluation.lines
    csa_form = all(line.startswith("*") and not _LOOKS_KEY.match(line) for line in lines)
    notation = evaluation.pv_notation
    if target == "csa":
        return csa_form and notation in (None, "csa", "usi")
    return not csa_form and notation in (None, "japanese")


def _set_form(evaluation: Evaluation) -> bool:
    """True for lines no program writes but ``node.evaluation = …`` does: ``key=value``
    lines with a PV in CSA or USI. Writers convert them even for the format read."""
    key_form = any(not line.startswith("*") or _LOOKS_KEY.match(line) for line in evaluation.lines)
    return key_form and evaluation.pv_notation in ("csa", "usi")


#: A ``読み筋=`` line with a PV in CSA or USI (what the setter writes from moves).
_SET_PV = re.compile(r"[#*]読み筋=[^▲△☗☖▼▽]")
_LOOKS_KEY = re.compile(r"\*(?:評価値|読み筋|詰み|深さ|ノード数|エンジン)=|\*(?:解析|対局|検討)")


def converted_comments(game: Any, target: str) -> dict[int, list[str]]:
    """For each node of ``game`` (by ``id``) whose evaluation lines ``target`` should write
    in its own form, the node's comments with those lines converted: the PV resolved and
    written in the target's notation. When the game was read from ``target``, only the lines
    ``node.evaluation = …`` wrote (a PV in CSA or USI in ``key=value`` lines): what was read
    is written as read. Nothing for a format that does not convert. A PV that cannot be
    resolved leaves the lines as read (they stay comments: nothing is dropped)."""
    if target not in TARGETS:
        return {}
    same = game.format == target
    wanted = _SET_PV.match if same else looks_like_evaluation
    if not any(wanted(line) for node in game.root.walk() for line in node.comment_lines):
        return {}
    notation = {"csa": "csa", "kif": "kif"}.get(target, "ki2")
    out: dict[int, list[str]] = {}
    board = EngineBoard.from_position(game.start)
    board.hashing = False
    for node, previous, position in _walk_positions(game, board):
        comments = node.comment_lines
        if not comments:
            continue
        evaluation = node_evaluation(comments)
        if evaluation is None or _native(evaluation, target):
            continue
        if same and not _set_form(evaluation):
            continue  # lines read from this format: written as read
        try:
            moves = evaluation.resolve(position, previous)
        except PVError:
            continue
        pv_board = EngineBoard.from_position(position)
        pv_board.hashing = False
        tokens = []
        last = previous
        for move in moves:
            tokens.append(write_move_text(pv_board, move, last, notation))
            pv_board.push(move)
            last = move
        out[id(node)] = replace_lines(comments, evaluation_lines(evaluation, target, tokens))
    return out


def comments_of(node: Any, converted: dict[int, list[str]]) -> Sequence[str]:
    """``node``'s comment lines as a writer writes them: converted (see
    :func:`converted_comments`) or as read."""
    if converted:
        found = converted.get(id(node))
        if found is not None:
            return found
    lines: Sequence[str] = node.comment_lines
    return lines


def _walk_positions(game: Any, board: Any) -> Iterator[tuple[Any, Move | None, Position]]:
    """Every node of the tree with the move before it and the position after its move
    (depth first, one board pushed and popped)."""
    yield game.root, None, game.start
    stack: list[tuple[Any, int]] = [(child, 0) for child in reversed(list(game.root.children))]
    depth = 0
    played: list[Move | None] = []
    while stack:
        node, level = stack.pop()
        while depth > level:
            if played.pop() is not None:
                board._unmake()
            depth -= 1
        move = node.move
        if move is not None:
            board.push(move, ALL_TOLERABLE)
        played.append(move)
        depth += 1
        previous = next((m for m in reversed(played) if m is not None), None)
        yield node, previous, board.to_position()
        stack.extend((child, depth) for child in reversed(list(node.children)))
