"""The JKF writer (see :mod:`kifu_lark.formats.jkf` for the format).

Output is UTF-8 JSON that validates against the JKF schema. Layout: one element of ``moves``
per line, ``forks`` opening nested arrays on the lines below, so records diff well and each
line is encoded by the json module's C encoder.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Generator
from typing import Any

from kifu_lark.errors import KifuError, LossyWriteWarning, UnsupportedFeatureError
from kifu_lark.formats.base import Capabilities, WriteOptions
from kifu_lark.formats.evaluation import comments_of, converted_comments
from kifu_lark.formats.specials import perpetual_checker, written_special
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game, Node
from kifu_lark.model.handicap import NOT_EVERYWHERE, handicap_name
from kifu_lark.model.headers import REMARK, Headers
from kifu_lark.model.move import Move, Special, SpecialKind, Time
from kifu_lark.model.piece import HAND_KINDS
from kifu_lark.model.position import Position
from kifu_lark.model.square import Square
from kifu_lark.model.variant import STANDARD
from kifu_lark.rules import relative
from kifu_lark.rules.board import Board
from kifu_lark.rules.fouls import foul_allowance

#: Handicap name (as ``model.handicap`` spells it) → JKF preset.
PRESETS: dict[str, str] = {
    "平手": "HIRATE",
    "香落ち": "KY",
    "右香落ち": "KY_R",
    "角落ち": "KA",
    "飛車落ち": "HI",
    "飛香落ち": "HIKY",
    "二枚落ち": "2",
    "三枚落ち": "3",
    "四枚落ち": "4",
    "五枚落ち": "5",
    "左五枚落ち": "5_L",
    "六枚落ち": "6",
    "左七枚落ち": "7_L",
    "右七枚落ち": "7_R",
    "八枚落ち": "8",
    "十枚落ち": "10",
}
#: The specials JKF holds, by their JKF name (``ILLEGAL_ACTION`` gets the offender's sign).
JKF_SPECIALS: dict[SpecialKind, str] = {
    SpecialKind.RESIGN: "TORYO",
    SpecialKind.INTERRUPT: "CHUDAN",
    SpecialKind.REPETITION: "SENNICHITE",
    SpecialKind.TIME_UP: "TIME_UP",
    SpecialKind.ILLEGAL_MOVE: "ILLEGAL_MOVE",
    SpecialKind.ILLEGAL_WIN: "ILLEGAL_ACTION",
    SpecialKind.ILLEGAL_LOSS: "ILLEGAL_ACTION",
    SpecialKind.IMPASSE: "JISHOGI",
    SpecialKind.ENTERING_KING_WIN: "KACHI",
    SpecialKind.DRAW_DECLARATION: "HIKIWAKE",
    SpecialKind.MATTA: "MATTA",
    SpecialKind.MATE: "TSUMI",
    SpecialKind.NO_MATE: "FUZUMI",
    SpecialKind.ERROR: "ERROR",
}
#: Specials the schema lacks, written as the nearest one it has (read back as that one):
#: 封じ手 and 最大手数 stop the game (CHUDAN, as json-kifu-format does); 連続王手の千日手 is
#: written as the checker's foul (``±ILLEGAL_ACTION``, see ``_special``) where the rules
#: find the perpetual check, else as a 千日手 (who loses is not kept); a word no kind names
#: (OTHER, 指し直し …) stops the game too, the warning naming the word.
FOLDED_SPECIALS: dict[SpecialKind, SpecialKind | None] = {
    SpecialKind.SEALED: SpecialKind.INTERRUPT,
    SpecialKind.OTHER: SpecialKind.INTERRUPT,
    SpecialKind.MAX_MOVES: SpecialKind.INTERRUPT,
    SpecialKind.PERPETUAL_CHECK: SpecialKind.REPETITION,
}
#: Specials outside the schema that widely used writers emit (ShogiHome / tsshogi writes
#: ``MAX_MOVES``); read always, written instead of the fold with ``dialect="shogihome"``.
EXTENDED_SPECIALS: dict[SpecialKind, str] = {SpecialKind.MAX_MOVES: "MAX_MOVES"}
#: ``dialect`` option of the JKF writer: ``"schema"`` (default) writes only the specials of
#: the JKF schema, folding the rest; ``"shogihome"`` writes ``EXTENDED_SPECIALS`` by name.
DIALECTS = ("schema", "shogihome")
#: What the JKF writer holds (the format's declaration, in :mod:`kifu_lark.formats.jkf`).
CAPABILITIES = Capabilities(
    branches=True,
    comments=True,
    times=True,
    total_times=True,
    start_positions=True,
    headers=True,
    specials=True,
    special_kinds=frozenset(JKF_SPECIALS),
    special_folds=FOLDED_SPECIALS,
)
_LETTERS = {"左": "L", "直": "C", "右": "R", "上": "U", "寄": "M", "引": "D", "打": "H"}
# JKF lists hands 歩 first, the reverse of the model's order.
_HAND_ORDER = tuple(reversed(HAND_KINDS))
_encode = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode
# An element of ``moves``: the JSON object without its forks, and the fork lines.
_Element = tuple[dict[str, Any], list[list[Any]]]


def write_jkf(game: Game, options: WriteOptions) -> str:
    """The game as a JKF record (``options.mainline_only`` drops the forks).

    Raises:
        UnsupportedFeatureError: for a board other than 9x9, or a special JKF cannot name.
    """
    if game.start.variant is not STANDARD:
        raise UnsupportedFeatureError(
            f"JKF holds 9x9 shogi only, not {game.start.variant.name}",
            format="jkf",
            hint=f"choose a format that holds {game.start.variant.name} games",
        )
    writer = _Writer(game, options)
    out = ["{", '  "header": ' + _header(game.headers) + ","]
    out.append('  "initial": ' + _initial(game.start) + ",")
    out.append('  "moves": [')
    first: dict[str, Any] = {}
    comments = _comments(game.root, writer.converted)
    if comments:
        first["comments"] = comments
    elements: list[_Element] = [(first, [])]
    if game.root.children:
        elements += writer.tree(game.root.children[0])
    _emit(elements, 4, out)
    out += ["  ]", "}"]
    return "\n".join(out) + "\n"


def _header(headers: Headers) -> str:
    # Written pair by pair: a repeated key stays repeated (readers that keep the last value
    # see what json-kifu-format would keep).
    pairs = []
    for key, value in headers.entries:
        if key == REMARK:
            _remark_left_out(value)
            continue
        pairs.append("    " + _encode(Headers.key_name(key)) + ": " + _encode(value))
    if not pairs:
        return "{}"
    return "{\n" + ",\n".join(pairs) + "\n  }"


def _remark_left_out(value: str) -> None:
    """A file remark (a KIF ``#`` line) has no place in JKF: not a header of the game, and
    not a comment (json-kifu-format's KIF reader skips such lines too)."""
    warnings.warn(
        LossyWriteWarning(
            f"jkf has no file remark: the # line {value!r} is left out",
            format="jkf",
            kind="REMARK",
            written=None,
        ),
        stacklevel=4,
    )


def _initial(start: Position) -> str:
    name = handicap_name(start)
    # JKF keeps no move number; a preset some readers lack is written as its position
    if name in PRESETS and name not in NOT_EVERYWHERE:
        return _encode({"preset": PRESETS[name]})
    columns = []
    for x in range(1, STANDARD.files + 1):
        column = []
        for y in range(1, STANDARD.ranks + 1):
            piece = start[Square(x, y)]
            column.append(
                {} if piece is None else {"color": _color(piece.color), "kind": piece.kind.value}
            )
        columns.append("        " + _encode(column))
    hands = [{kind.value: hand[kind] for kind in _HAND_ORDER} for hand in start.hands]
    return (
        '{\n    "preset": "OTHER",\n    "data": {\n'
        f'      "color": {_color(start.turn)},\n'
        '      "board": [\n' + ",\n".join(columns) + "\n      ],\n"
        '      "hands": ' + _encode(hands) + "\n    }\n  }"
    )


#: Forks nested deeper than this are refused: each takes three JSON levels, and JSON decoders
#: (Python's json, whose recursion stops near a thousand) could not read the file back.
MAX_FORK_DEPTH = 250
#: Forks nest deeper than this are not indented further: the output stays proportional to
#: the record however deep its variations go (indenting every level grows with the square).
MAX_INDENT = 64


def _emit(elements: list[_Element], indent: int, out: list[str]) -> None:
    """Append the lines of ``elements`` and of their forks, to any depth (a task stack, no
    recursion): one element a line, each fork's elements on the lines below, indented up to
    :data:`MAX_INDENT`."""
    tasks: list[str | tuple[list[_Element], int]] = [(elements, indent)]
    while tasks:
        task = tasks.pop()
        if isinstance(task, str):
            out.append(task)
            continue
        items, depth = task
        pad = " " * min(depth, MAX_INDENT)
        last = len(items) - 1
        pending: list[str | tuple[list[_Element], int]] = []
        for i, (obj, forks) in enumerate(items):
            comma = "," if i < last else ""
            text = _encode(obj)
            if not forks:
                pending.append(pad + text + comma)
                continue
            pending.append(pad + text[:-1] + ', "forks": [')
            for j, fork in enumerate(forks):
                pending += [pad + "  [", (fork, depth + 4)]
                pending.append(pad + "  ]" + ("," if j < len(forks) - 1 else ""))
            pending.append(pad + "]}" + comma)
        tasks.extend(reversed(pending))


def _color(color: Color) -> int:
    return 0 if color is Color.BLACK else 1


def _comments(node: Node, converted: dict[int, list[str]]) -> list[str]:
    # json-kifu-format keeps a KIF bookmark (& line) as a comment starting with &: so a
    # comment that starts with & itself gets one & more, which the reader takes off.
    lines = ["&" + line if line[:1] == "&" else line for line in comments_of(node, converted)]
    bookmark = node.bookmark
    if bookmark is None:
        return lines
    if bookmark[:1] == "&":
        warnings.warn(
            LossyWriteWarning(
                f"jkf writes a bookmark as a comment starting with &: the bookmark {bookmark!r} "
                "starts with & itself and reads back as the comment it looks like",
                format="jkf",
                kind="BOOKMARK",
                written="COMMENT",
            ),
            stacklevel=2,
        )
    return [*lines, "&" + bookmark]


def _clock(seconds: float, hours: bool) -> dict[str, int]:
    s = round(seconds)
    if hours:
        return {"h": s // 3600, "m": s % 3600 // 60, "s": s % 60}
    return {"m": s // 60, "s": s % 60}


class _Writer:
    """Walks the tree line by line; keeps a board only when relative words are written."""

    def __init__(self, game: Game, options: WriteOptions) -> None:

        self.mainline_only = options.mainline_only
        # evaluation lines of another format, in ShogiHome's form (it reads JKF comments so)
        self.converted = converted_comments(game, "jkf")
        dialect = options.extra.get("dialect", "schema")
        if dialect not in DIALECTS:
            raise KifuError(
                f"unknown JKF dialect {dialect!r}",
                format="jkf",
                code="USAGE",
                hint="dialect is one of: " + ", ".join(DIALECTS),
            )
        self.extended = dialect == "shogihome"
        self.zone = game.start.variant.zone
        self.ranks = game.start.variant.ranks
        self.relative_words = getattr(relative, "relative_words", None)
        self.board = None
        self.start = game.start
        if self.relative_words is not None:

            self.board = Board.from_position(game.start)

    def tree(self, first: Node) -> list[_Element]:
        """The elements of the main line from ``first``, with every fork to any depth: each
        :meth:`line` asks this loop for the lines of its forks (a generator per line, no
        recursion) and gets them back in order."""
        stack = [self.line(first, (0.0, 0.0))]
        result: list[_Element] | None = None
        while True:
            try:
                request = stack[-1].send(result)
            except StopIteration as done:
                stack.pop()
                result = done.value
                if not stack:
                    return result
                continue
            result = None
            if len(stack) > MAX_FORK_DEPTH:
                raise UnsupportedFeatureError(
                    f"variations nested more than {MAX_FORK_DEPTH} deep",
                    format="jkf",
                    hint="JSON decoders (Python's among them) stop at about a thousand levels, "
                    "three a fork: write such a tree in KIF or KI2",
                )
            stack.append(self.line(*request))

    def line(
        self, first: Node, totals: tuple[float, float]
    ) -> Generator[tuple[Node, tuple[float, float]], list[_Element] | None, list[_Element]]:
        """The elements of the line starting at ``first`` (its main continuation), with the
        alternatives to each node as forks. ``totals`` are the running totals before it."""
        elements: list[_Element] = []
        board = self.board
        pushed = 0
        node = first
        while True:
            parent = node.parent
            assert parent is not None
            forks: list[list[Any]] = []
            if not self.mainline_only and parent.variations and parent.next is node:
                for alt in parent.variations:
                    fork = yield alt, totals  # its elements, made by :meth:`tree`
                    assert fork is not None
                    forks.append(fork)
            obj: dict[str, Any] = {}
            move = node.move
            if move is not None:
                obj["move"] = self.move(move, parent.move)
                if board is not None:
                    board.push(move, foul_allowance(node))  # a declared foul is written
                    pushed += 1
            elif node.special is not None:
                checker = None
                if node.special.kind is SpecialKind.PERPETUAL_CHECK:
                    checker = perpetual_checker(self.start, node)
                obj["special"] = _special(node.special, self.extended, checker)
            else:
                raise UnsupportedFeatureError(
                    "a node without a move or a special cannot be written",
                    format="jkf",
                    hint="give the node a move or a special, or remove it",
                )
            if node.time is not None:
                obj["time"], totals = _time(node, totals)
            comments = _comments(node, self.converted)
            if comments:
                obj["comments"] = comments
            elements.append((obj, forks))
            if node.next is None:
                break
            node = node.next
        if board is not None:
            for _ in range(pushed):
                board.pop()
        return elements

    def move(self, move: Move, previous: Move | None) -> dict[str, Any]:
        obj: dict[str, Any] = {"color": 0 if move.color is Color.BLACK else 1}
        frm = move.from_
        to = move.to
        if frm is not None:
            obj["from"] = {"x": frm.file, "y": frm.rank}
        obj["to"] = {"x": to.file, "y": to.rank}
        obj["piece"] = move.piece.value
        if previous is not None and previous.to == to:
            obj["same"] = True
        if move.promote:
            obj["promote"] = True
        elif frm is not None and move.piece.can_promote and self.in_zone(move.color, frm, to):
            obj["promote"] = False
        if move.captured is not None:
            obj["capture"] = move.captured.value
        if self.relative_words is not None and self.board is not None:
            letters = _relative(self.relative_words(self.board, move))
            if letters:
                obj["relative"] = letters
        return obj

    def in_zone(self, color: Color, frm: Square, to: Square) -> bool:
        if color is Color.BLACK:
            return frm.rank <= self.zone or to.rank <= self.zone
        edge = self.ranks - self.zone
        return frm.rank > edge or to.rank > edge


def _relative(words: str | None) -> str:
    if not words:  # None: no words tell the pieces apart; ``from`` says it anyway
        return ""
    letters = "".join(_LETTERS.get(ch, "") for ch in words)
    # JKF puts the position (L C R) before the movement (U M D).
    return "".join(sorted(letters, key="LCRUMDH".index))


def _special(special: Special, extended: bool = False, checker: Color | None = None) -> str:
    """The JKF name of ``special``. ``checker``: for a 王手千日手, the side the rules find
    checking throughout, whose foul (``±ILLEGAL_ACTION``) it is written as, keeping the
    loser, where the schema's nearest word, SENNICHITE, would read back as a draw."""
    kind, color = special.kind, special.color
    if kind is SpecialKind.PERPETUAL_CHECK and checker is not None:
        warnings.warn(
            LossyWriteWarning(
                f"jkf has no PERPETUAL_CHECK: written as {checker.value}ILLEGAL_ACTION, the "
                f"foul of {checker.kanji}, who checked throughout (the loser is kept; the "
                "ending reads back as a foul, not as 王手千日手)",
                format="jkf",
                kind=kind.name,
                written="ILLEGAL_ACTION",
            ),
            stacklevel=4,
        )
        return checker.value + "ILLEGAL_ACTION"
    written = written_special(
        kind,
        CAPABILITIES,
        "jkf",
        also_exact=EXTENDED_SPECIALS if extended else (),
        word=special.word,
    )
    assert written is not None, "JKF folds no special into nothing"
    kind = written
    name = (extended and EXTENDED_SPECIALS.get(kind)) or JKF_SPECIALS[kind]
    if name == "ILLEGAL_ACTION":
        mover = color or Color.BLACK
        offender = mover if kind is SpecialKind.ILLEGAL_LOSS else mover.opponent
        return offender.value + name
    return name


def _time(node: Node, totals: tuple[float, float]) -> tuple[dict[str, Any], tuple[float, float]]:
    """The JKF time of ``node`` and the running totals after it. The schema wants both
    ``now`` and ``total``: a missing total is the running sum, a missing time 0."""
    time: Time | None = node.time
    assert time is not None
    color = node.move.color if node.move is not None else (node.special and node.special.color)
    side = 1 if color is Color.WHITE else 0
    spent = time.spent or 0.0
    total = time.total if time.total is not None else totals[side] + spent
    if node.move is not None:
        totals = (total, totals[1]) if side == 0 else (totals[0], total)
    return {"now": _clock(spent, False), "total": _clock(total, True)}, totals
