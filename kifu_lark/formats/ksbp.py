"""勝田将棋盤 (Katsuda shogi board) V3.0 applet parameters, format ``ksbp``.

The applet replays a game given as ``<param name="…" value="…">`` elements (syntax:
``grammars/ksbp.lark``). A value is ``FFTT``: from-square then to-square (``7776`` = 7七 to
7六), with a trailing ``*`` when the move promotes. Black moves first and sides alternate.
A name is the move's place in the tree: the main line is ``1``, ``2`` …; the ``k``-th move
of the ``i``-th alternative to the node named ``P`` is ``P`` + letter ``i`` (``A`` first) +
``k``: ``6A1``, ``6A2`` … replace ``6``; ``6A4A1`` replaces ``6A4``; ``6B2`` is the second
move of the second alternative to ``6``. V2.0 applets understand the main-line names only.

What the format cannot hold, and what kifu-lark does about it:

- **Drops and start positions are not documented** (no source shows a drop value or a
  start-position parameter): the writer refuses a game with a drop or a start other than
  the standard one, and the reader refuses any parameter whose name is not a move name or
  whose value is not ``FFTT[*]``, with :class:`UnsupportedFeatureError`.
- Specials (投了 …), comments, times and headers have no parameter: the writer leaves them
  out (the author's own conversion writes no parameter for 投了). Variations that replace a
  special (another move where the game was resigned or stopped) have no name either, as a
  variation is named after the move it replaces: they are left out, and the
  ``LossyWriteWarning`` says how many, with how many moves, from which first moves.
- At most 26 alternatives per move (letters ``A`` to ``Z``); beyond that is unknown.

The writer lists parameters in KIF file order (main line, then the alternatives from the
last branch point up, each followed by its own alternatives), as the author's example does;
the applet ignores the order.
"""

from __future__ import annotations

import re
import string
import warnings

from lark import Token, Tree

from kifu_lark.errors import (
    MAINLINE_ONLY,
    InvalidRecordError,
    KifuError,
    LossyWriteWarning,
    UnsupportedFeatureError,
)
from kifu_lark.formats.base import Capabilities, Format, ReadOptions, WriteOptions
from kifu_lark.formats.engine import parsing
from kifu_lark.formats.specials import folds_everything, written_special
from kifu_lark.model.game import Game, Node
from kifu_lark.model.handicap import is_standard_start
from kifu_lark.model.position import Position
from kifu_lark.model.square import Square
from kifu_lark.model.variant import STANDARD
from kifu_lark.rules.replay import GameBuilder

_NAME = "ksbp"
_LETTERS = string.ascii_uppercase
_STEP = re.compile(r"([A-Z])([0-9]+)")
# Name and value inside a MOVE_PARAM token (its shape is the grammar's).
_PARTS = re.compile(r'[^"]*"([^"]*)"[^"]*"([^"]*)"')
_SQUARES = {f"{f}{r}": Square(f, r) for f in range(1, 10) for r in range(1, 10)}
APPLET_TAG = '<applet code="ksbp3.class" width="450" height="340">'


class _Line:
    """A line of moves read from the parameters: its moves by index (1-based) and, per
    index, the alternatives to that move by letter."""

    __slots__ = ("alternatives", "moves")

    def __init__(self) -> None:
        self.moves: dict[int, Token] = {}
        self.alternatives: dict[int, dict[str, _Line]] = {}


def read_ksbp(text: str, options: ReadOptions) -> list[Game]:
    """Read the parameter list of one or more applets (one game each).

    Raises:
        KifuSyntaxError: text that is not ``<param name=… value=…>`` elements.
        UnsupportedFeatureError: a parameter that is no documented move (drops, start
            positions, other applet settings).
        InvalidRecordError: a repeated name, or a name whose branch has no start.
        IllegalMoveError: a move breaks a rule.
    """
    tree = parsing.parse(parsing.parser("ksbp.lark"), text, _NAME)
    applets = [c for c in tree.children if isinstance(c, Tree) and c.data == "applet"]
    groups = [a.children for a in applets] if applets else [tree.children]
    games = []
    for group in groups:
        params = [p for p in group if isinstance(p, Token) and p.type != "APPLET_OPEN"]
        main = _collect(params, text)
        builder = GameBuilder(
            Position.initial(STANDARD), format=_NAME, tolerate=options.tolerate, source=text
        )
        _play(builder, main, text)
        games.append(builder.finish())
    return games


def _collect(params: list[Token], text: str) -> _Line:
    """Sort the move parameters into lines by name; refuse the others."""
    main = _Line()
    seen: set[str] = set()
    for param in params:
        if param.type != "MOVE_PARAM":
            raise _error(
                UnsupportedFeatureError,
                "not a documented move parameter",
                param,
                text,
                "only board moves FFTT[*] are documented: no drops, start positions or settings",
            )
        found = _PARTS.match(param)
        assert found is not None  # MOVE_PARAM has this shape
        name, value = found.groups()
        if name in seen:
            raise _error(
                InvalidRecordError,
                f"parameter {name} is repeated",
                param,
                text,
                "each move has one parameter: check the numbers of the moves around it",
            )
        seen.add(name)
        head = re.match(r"[0-9]+", name)
        assert head is not None  # a name starts with digits
        line, index = main, int(head.group())
        for letter, k in _STEP.findall(name[head.end() :]):
            line = line.alternatives.setdefault(index, {}).setdefault(letter, _Line())
            index = int(k)
        # Errors point at the value, on the tag's line unless the tag spans lines.
        before = param[: found.start(2)]
        column = (param.column or 1) + (len(before) if "\n" not in before else 0)
        line.moves[index] = Token("MOVE_VALUE", value, line=param.line, column=column)
    return main


def _play(builder: GameBuilder, line: _Line, text: str) -> None:
    """Play ``line`` from the current node, then its alternatives, last branch first
    so that each branch point is still on the builder's path."""
    start = builder.ply
    for index in range(1, len(line.moves) + 1):
        value = line.moves.get(index)
        if value is None:
            missing = min(k for k in line.moves if k > index)
            raise _error(
                InvalidRecordError,
                f"move {index} of this line is missing",
                line.moves[missing],
                text,
                "a line's moves are numbered 1, 2, 3 … without a gap: check the names",
            )
        builder.move(
            _SQUARES[value[2:4]],
            from_=_SQUARES[value[:2]],
            promote=value.endswith("*"),
            text=str(value),
            line=value.line,
            column=value.column,
        )
    for index in sorted(line.alternatives, reverse=True):
        alternatives = line.alternatives[index]
        if index > len(line.moves):
            token = next(iter(alternatives.values())).moves.get(1)
            raise _error(
                InvalidRecordError,
                f"a variation replaces move {index}, which this line does not have",
                token,
                text,
                "6A1 replaces move 6 of its line: check the number before the letter",
            )
        for letter in sorted(alternatives):
            builder.back_to(start + index - 1)
            _play(builder, alternatives[letter], text)


def _error(
    kind: type[KifuError], message: str, token: Token | None, text: str, hint: str | None = None
) -> KifuError:
    line = token.line if token is not None else None
    column = token.column if token is not None else None
    lines = text.splitlines()
    source = lines[line - 1] if line is not None and 0 < line <= len(lines) else None
    return kind(
        message,
        format=_NAME,
        line=line,
        column=column,
        text=None if token is None else str(token),
        hint=hint,
        source_line=source,
    )


# --- writing ----------------------------------------------------------------------------------


#: The applet replays moves: it has no parameter for a special, so each is left out (with a
#: ``LossyWriteWarning``).
CAPABILITIES = Capabilities(
    branches=True,
    multiple_games=True,
    drops=False,
    special_folds=folds_everything(),
    turns=False,
)


def write_ksbp(game: Game, options: WriteOptions) -> str:
    """The parameter list of an applet replaying the game (``extra["applet"] = False``: the
    ``<param>`` lines alone; ``mainline_only``: no variations).

    Raises:
        UnsupportedFeatureError: a drop, a start other than the standard one, or more than
            26 alternatives to one move.
    """
    if game.start.variant is not STANDARD or not is_standard_start(game.start, STANDARD):
        raise UnsupportedFeatureError(
            "ksbp has no documented start-position parameter: only the standard start",
            format=_NAME,
            hint="write it as KIF, CSA, JKF or USI, which hold any start",
        )
    lines: list[str] = []
    if game.root.children:
        _write_line(game.root.children[0], "", 1, options.mainline_only, lines)
    if options.extra.get("applet", True):
        lines = [APPLET_TAG, *lines, "</applet>"]
    return "\n".join(lines) + "\n"


def _write_line(first: Node, prefix: str, number: int, mainline: bool, out: list[str]) -> None:
    """Write ``first`` and its main continuation, named ``prefix`` + ``number``, ``number``
    + 1 …, then the alternatives to each of them, last first (KIF file order)."""
    branch_points: list[tuple[str, list[Node]]] = []
    node: Node | None = first
    while node is not None and node.move is not None:
        move = node.move
        if move.from_ is None:
            raise UnsupportedFeatureError(
                f"move {node.ply} is a drop: drops are not documented for this applet",
                format=_NAME,
                text=move.usi(),
                hint="write it as KIF, CSA, JKF or USI, which hold drops",
            )
        name = f"{prefix}{number}"
        value = move.from_.csa() + move.to.csa() + ("*" if move.promote else "")
        out.append(f'<param name="{name}" value="{value}">')
        assert node.parent is not None
        alternatives = [c for c in node.parent.variations if c.move is not None]
        if node.parent.next is node and alternatives and not mainline:
            if len(alternatives) > len(_LETTERS):
                raise UnsupportedFeatureError(
                    f"move {node.ply} has {len(alternatives)} alternatives; names hold 26",
                    format=_NAME,
                    hint=f"write it as KIF or JKF, or pass {MAINLINE_ONLY}",
                    settings=(MAINLINE_ONLY,),
                )
            branch_points.append((name, alternatives))
        for special in node.parent.variations:
            if special.special is not None and not mainline:
                written_special(special.special.kind, CAPABILITIES, _NAME)  # left out, said
        node = node.next
        number += 1
    if node is not None and node.special is not None:
        written_special(node.special.kind, CAPABILITIES, _NAME)  # left out, said
        if not mainline:
            _replacing_a_special(node)
    for name, alternatives in reversed(branch_points):
        for letter, alternative in zip(_LETTERS, alternatives, strict=False):
            _write_line(alternative, name + letter, 1, mainline, out)


def _replacing_a_special(special: Node) -> None:
    """Warn that the variations replacing ``special`` are left out, naming what they hold: a
    variation is named after the move it replaces (``6A1`` replaces ``6``), and a special
    has no parameter, so no name reaches them."""
    assert special.parent is not None
    for other in special.parent.variations:
        if other.special is not None:
            written_special(other.special.kind, CAPABILITIES, _NAME)  # left out, said
    lost = [v for v in special.parent.variations if v.move is not None]
    if not lost:
        return
    assert special.special is not None
    moves = sum(1 + sum(n.move is not None for n in v.walk()) for v in lost)
    firsts = ", ".join(v.move.usi() for v in lost if v.move is not None)
    warnings.warn(
        LossyWriteWarning(
            f"{_NAME} names a variation after the move it replaces, and the "
            f"{special.special.kind.name} at move {special.ply} has no parameter: "
            f"the {len(lost)} variation(s) replacing it, {moves} move(s) from {firsts}, "
            "are left out",
            format=_NAME,
            kind="VARIATION",
            written=None,
        ),
        stacklevel=5,
    )


def _detect(text: str) -> float:
    head = text[:2000].lower()
    if "ksbp" in head and ("<param" in head or "<applet" in head):
        return 0.95
    return 0.6 if re.search(r'<param\s+name\s*=\s*"1"', head) else 0.0


FORMAT = Format(
    name=_NAME,
    description='勝田将棋盤 V3.0 applet parameters (<param name="6A1" value="3122">)',
    extensions=(".ksbp",),
    reader=read_ksbp,
    writer=write_ksbp,
    aliases=("katsuda", "ksbp3"),
    grammar="ksbp.lark",
    capabilities=CAPABILITIES,
    detect=_detect,
    write_options=frozenset({"applet"}),
)
