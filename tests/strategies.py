"""Hypothesis strategies for every test: squares, positions, and random legal game trees.

``games(fmt)`` draws only what a format declares it can hold (its ``Capabilities`` and
variants), so the round-trip property needs no per-format code. New model features join
these strategies.
"""

from __future__ import annotations

from hypothesis import strategies as st

from kifu_lark.formats.base import Capabilities, Format
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game, Node
from kifu_lark.model.handicap import HANDICAPS, handicap_position
from kifu_lark.model.headers import HeaderKey, Headers
from kifu_lark.model.move import Special, SpecialKind, Time
from kifu_lark.model.position import Position
from kifu_lark.model.square import Square
from kifu_lark.model.variant import MINISHOGI, STANDARD, Variant, board_variant
from kifu_lark.rules.board import Board
from kifu_lark.rules.movegen import legal_moves

# Characters a comment or header value may hold in every text format: letters, digits,
# kana, kanji, full-width forms and harmless punctuation (no record syntax at line start).
_TEXT_ALPHABET = (
    "abcxyzABCXYZ0123456789 あいうえおアイウエオ将棋先手後手角換わり矢倉振飛車"
    "！？（）「」、。・ー▲△.?!()[]=+-/"
)

#: Words an OTHER special may have (a program's own words KIF and KI2 keep as read).
OTHER_WORDS = ("指し直し", "封じ手開封", "ほげ")


def special_of(kind: SpecialKind, color: Color | None, word: str = OTHER_WORDS[0]) -> Special:
    """A special of ``kind``; an OTHER special gets ``word`` (the others have none)."""
    return Special(kind, color, word if kind is SpecialKind.OTHER else None)


def squares(variant: Variant = STANDARD) -> st.SearchStrategy[Square]:
    """Squares on ``variant``'s board."""
    return st.builds(Square, st.integers(1, variant.files), st.integers(1, variant.ranks))


def text_lines(min_size: int = 1, max_size: int = 20) -> st.SearchStrategy[str]:
    """One line of free text (multi-script, no leading or trailing blanks)."""
    return (
        st.text(_TEXT_ALPHABET, min_size=min_size, max_size=max_size)
        .map(str.strip)
        .filter(lambda s: len(s) >= min_size)
    )


def comments(max_lines: int = 3) -> st.SearchStrategy[list[str]]:
    """A comment: zero or more lines."""
    return st.lists(text_lines(), max_size=max_lines)


_STANDARD_KEYS = (HeaderKey.BLACK, HeaderKey.WHITE, HeaderKey.EVENT, HeaderKey.SITE)


def headers() -> st.SearchStrategy[Headers]:
    """Headers: some standard keys and some unknown ones (kept verbatim). The players come
    first, black then white, as CSA's standard order writes them (N+, N-, then $ lines)."""
    standard = st.lists(
        st.tuples(st.sampled_from(_STANDARD_KEYS), text_lines()),
        max_size=3,
        unique_by=lambda kv: kv[0],
    )
    unknown = st.lists(
        st.tuples(st.from_regex(r"X_[A-Z]{1,6}", fullmatch=True), text_lines()),
        max_size=2,
        unique_by=lambda kv: kv[0],
    )
    names = (HeaderKey.BLACK, HeaderKey.WHITE)
    return st.builds(
        lambda a, b: Headers(sorted(a, key=lambda kv: names.index(kv[0]) if kv[0] in names else 2)
        + list(b)),
        standard,
        unknown,
    )


def variants_of(fmt: Format) -> list[Variant]:
    """The variants a format holds, among standard, minishogi and a 3x3 board."""
    found = [v for v in (STANDARD, MINISHOGI) if fmt.holds_variant(v.name)]
    if "any" in fmt.variants:
        found.append(board_variant(3, 3))
    return found


@st.composite
def positions(draw: st.DrawFn, variant: Variant = STANDARD, max_plies: int = 30) -> Position:
    """A position reached by random legal moves from the variant's start (or a handicap),
    with the move number reset to 1."""
    if variant is STANDARD and draw(st.booleans()):
        start = handicap_position(draw(st.sampled_from([n for n, s in HANDICAPS.items() if s])))
        assert start is not None
    else:
        start = Position.initial(variant)
    board = Board.from_position(start)
    for _ in range(draw(st.integers(0, max_plies))):
        moves = legal_moves(board)
        if not moves:
            break
        board.push(moves[draw(st.integers(0, len(moves) - 1))])
    position = board.to_position()
    return Position(position.variant, position.board, position.hands, position.turn, 1)


def _starts(variant: Variant, caps: Capabilities) -> st.SearchStrategy[Position]:
    initial = Position.initial(variant)
    if not caps.start_positions:
        return st.just(initial)
    return st.one_of(st.just(initial), positions(variant))


@st.composite
def _line(
    draw: st.DrawFn,
    board: Board,
    parent: Node,
    caps: Capabilities,
    length: int,
    totals: list[float],
    exclude: frozenset[str] = frozenset(),
) -> Node:
    """Extend ``parent`` by up to ``length`` random legal moves (and maybe a special);
    returns the last node. ``board`` is left as it was."""
    node = parent
    pushed = 0
    for i in range(length):
        moves = legal_moves(board)
        if i == 0 and exclude:
            moves = [m for m in moves if m.usi() not in exclude]
        if not caps.drops:
            moves = [m for m in moves if m.from_ is not None]
        if not moves:
            break
        move = board.push(moves[draw(st.integers(0, len(moves) - 1))])
        pushed += 1
        child = Node(move=move)
        if caps.comments:
            child.comments = draw(comments())
        if caps.times:
            child.time = _time(draw, caps, totals, move.color)
        node = node.add(child)
    kinds = caps.special_kinds
    allowed = sorted(kinds if kinds is not None else SpecialKind, key=lambda k: k.value)
    may_end = parent.parent is None or pushed or caps.variation_specials
    if caps.specials and allowed and may_end and draw(st.booleans()):
        kind = draw(st.sampled_from(allowed))
        word = draw(st.sampled_from(OTHER_WORDS))
        special = Node(special=special_of(kind, board.color, word))
        if caps.comments:
            special.comments = draw(comments())
        node = node.add(special)
    for _ in range(pushed):
        board.pop()
    return node


def _time(draw: st.DrawFn, caps: Capabilities, totals: list[float], color: Color) -> Time:
    if caps.time_resolution == 0:
        spent: float = draw(st.integers(0, 36000)) / 10
    else:
        spent = float(draw(st.integers(0, 3600)))
    side = 0 if color is Color.BLACK else 1
    totals[side] += spent
    # Readers give every move's time its running total, whether the format writes it or not.
    return Time(spent, totals[side])


@st.composite
def games(
    draw: st.DrawFn,
    fmt: Format,
    max_plies: int = 24,
    max_branches: int = 3,
) -> Game:
    """A random legal game tree holding only what ``fmt`` can hold."""
    caps = fmt.capabilities
    variant = draw(st.sampled_from(variants_of(fmt)))
    start = draw(_starts(variant, caps))
    game = Game(start=start)
    if caps.headers:
        game.headers = draw(headers())
    if caps.comments:
        game.root.comments = draw(comments())
    board = Board.from_position(start)
    draw(_line(board, game.root, caps, draw(st.integers(0, max_plies)), [0.0, 0.0]))
    if caps.branches:
        for _ in range(draw(st.integers(0, max_branches))):
            _add_branch(draw, game, caps)
    if caps.times:
        _fix_totals(game)
    return game


def _add_branch(draw: st.DrawFn, game: Game, caps: Capabilities) -> None:
    """Add a variation at a random node that already has a continuation."""
    candidates = [n for n in [game.root, *game.root.walk()] if n.children]
    if not candidates:  # no move at all: nothing to branch from
        return
    parent = draw(st.sampled_from(candidates))
    board = Board.from_position(game.start)
    for step in parent.path():
        if step.move is not None:
            board.push(step.move)
    taken = frozenset(c.move.usi() for c in parent.children if c.move is not None)
    before = len(parent.children)
    draw(_line(board, parent, caps, draw(st.integers(1, 6)), [0.0, 0.0], taken))
    if len(parent.children) == before:
        return
    new = parent.children[-1]
    if new.special is not None and not caps.variation_specials:
        parent.children.pop()


def _fix_totals(game: Game) -> None:
    """Make every total the running sum of its side's spent times along its path."""
    stack: list[tuple[Node, tuple[float, float]]] = [(game.root, (0.0, 0.0))]
    while stack:
        node, totals = stack.pop()
        for child in node.children:
            t = totals
            if child.time is not None and child.move is not None:
                side = 0 if child.move.color is Color.BLACK else 1
                spent = child.time.spent or 0.0
                t = (totals[0] + spent, totals[1]) if side == 0 else (totals[0], totals[1] + spent)
                child.time = Time(child.time.spent, t[side])
            stack.append((child, t))


_EVALUATION_TOKENS = st.sampled_from(
    (
        "-3334FU", "+7776FU", "+0055KA", "-2288UM", "%TORYO", "+PASS", "2g2f", "#123", "#",
        "+77FU", "42", "-7", "+5", "評価値=3", "▲７六歩", "x", "",
        "+0000FU", "+1010FU", "+7776XX", "+7776fu", "%", "%toryo", "%TO RYO", "#12a", "#１",
        "+PAS", "*", "\r", "１２３",
    )
)


def evaluation_lines() -> st.SearchStrategy[str]:
    """Comment lines near floodgate's ``'** <score> <pv>`` (as a node keeps them: ``* …``):
    real ones, and ones a token, a blank or a prefix away from being one."""
    heads = st.sampled_from(["*", "* ", "*\t", "#評価値=", "*解析 0 ", "** ", "*　", "comment "])
    scores = st.sampled_from(["113", "-42", "+5", "0", "99999999999", "", "x1"])
    gaps = st.sampled_from([" ", "  ", "\t", "", "　"])
    rest = st.lists(st.tuples(gaps, _EVALUATION_TOKENS), max_size=6)
    return st.builds(lambda h, s, r: h + s + "".join(g + t for g, t in r), heads, scores, rest)
