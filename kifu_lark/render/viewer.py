"""A record as one HTML page that works offline: :func:`html` (``kifu-lark html``).

The page is one file with nothing to fetch: its style sheet and script (``viewer.css`` and
``viewer.js`` beside this module, shipped as package data) are written into it, and its
board is the picture :mod:`kifu_lark.render.svg` draws, in two views (from black's side and
from white's) whose pieces and hands the script places with the same numbers. Everything
the script needs is worked out here, once per node of the record's tree: the SFEN of the
position, the last move's squares and the comments, in a JSON block; the move list is
plain HTML, in the notation's own words. The script then only draws and steps through.

Every text from the record (headers, comments, move texts) is untrusted: it reaches the
HTML through :func:`html.escape`, and the JSON block with ``<``, ``>`` and ``&`` written as
``\\u`` escapes, so that no text can close the block or open a tag.

Keys, the root element's ``data-*`` attributes and the script API: ``docs/viewer.md``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from functools import cache
from html import escape
from importlib import resources
from typing import Any

from attrs import frozen

from kifu_lark.drawing import CELL, COLORS
from kifu_lark.formats.japanese import SPECIAL_FOLDS, SPECIAL_WORDS, side_name, write_summary
from kifu_lark.formats.japanese_head import is_handicap
from kifu_lark.formats.line_text import line_texts
from kifu_lark.formats.move_text import MARKS, check_notation
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game, Node
from kifu_lark.model.headers import HeaderKey
from kifu_lark.model.piece import HAND_KINDS, Piece, PieceKind
from kifu_lark.model.piece_count import piece_set
from kifu_lark.model.position import Position
from kifu_lark.model.variant import Variant
from kifu_lark.render.charts import MainStep, charts
from kifu_lark.render.marks import TacticMark, badges, header_rows, tactic_marks
from kifu_lark.render.svg import (
    BOARD_X,
    BOARD_Y,
    HAND_STEP,
    Glyphs,
    board_frame,
    hand_anchors,
    hand_label,
    hand_mark_svg,
    piece_svg,
)
from kifu_lark.render.tsume import is_problem

__all__ = ["html"]

#: The headers the page shows under the title, in this order, with their KIF names (a
#: problem's title, author and where it was published among them).
_SHOWN_HEADERS: tuple[HeaderKey | str, ...] = (
    HeaderKey.EVENT,
    HeaderKey.TITLE,
    "作品名",
    "作者",
    "発表誌",
    HeaderKey.SITE,
    HeaderKey.START_TIME,
    HeaderKey.END_TIME,
    HeaderKey.TIME_LIMIT,
    HeaderKey.OPENING,
)


@frozen
class _Step:
    """One node of the tree as the page holds it (its index is its place in ``steps``).

    Attributes:
        node: the record's node.
        parent: the index of its parent (-1 for the root).
        depth: how deeply nested in variations its line is (0: the main line).
        opens: whether it starts a variation (a child other than the first).
        position: the position after its move (before it, for a special).
        text: its move or special in the notation (the root's: 開始局面).
        number: its move number (a special takes the number of the move it stands for).
    """

    node: Node
    parent: int
    depth: int
    opens: bool
    position: Position
    text: str
    number: int


def html(
    game: Game,
    *,
    notation: str | None = None,
    glyphs: Glyphs = "kanji",
    title: str | None = None,
    marks: str = MARKS,
    ply: int = 0,
    tactics: bool | Sequence[TacticMark] = True,
    tsume: bool | None = None,
) -> str:
    """``game`` as one self-contained HTML page: the board (flip it with ``f``), the move
    list with its variations as a tree and the tactics marked where they first hold, the
    comments of the move shown, the headers and the result, stepped through with the keys
    listed on the page or the script API ``window.kifuLark`` (see ``docs/viewer.md``). A
    problem (tsume) opens with its answer hidden until asked.

    Args:
        game: the record (a shogi game; any board size the model holds).
        notation: the move list's words: ``"kif"`` (``▲７六歩(77)``), ``"ki2"``
            (``▲７六歩``), ``"csa"`` or ``"usi"``; by default KIF's for a record read from
            KIF, KI2's for any other.
        glyphs: the board's letters: ``"kanji"`` (歩) or ``"letters"`` (``P``).
        title: the page's title; by default the players (先手 対 後手), the 表題 header or
            "kifu-lark".
        marks: black's and white's marks in KIF and KI2 texts (``"▲△"``; ``"▲▽"``; ``""``).
        ply: the step of the main line the page opens at (0: the start; a number past the
            end opens at the end), as ``kifuLark.go(ply)`` would show it.
        tactics: whether to find the tactics (``kifu_lark.tactics``) of both sides along
            every line and mark them: on their moves, and the main line's among the
            headers; or the marks themselves (:func:`kifu_lark.render.marks.tactic_marks`).
            A problem's page marks none.
        tsume: ``True`` to open the page as a problem (the board at the start, the moves,
            comments and charts hidden until the "show answer" button or ``a``), ``False``
            never to; by default a record is a problem when
            :func:`kifu_lark.render.tsume.is_problem` says so.

    Returns:
        The page as text (UTF-8 when encoded, as its ``<meta charset>`` says).

    Raises:
        UnknownFormatError: for a notation other than kif, ki2, csa and usi.
        ValueError: for ``glyphs`` other than ``"kanji"`` and ``"letters"``.

    Example:
        >>> import kifu_lark
        >>> from kifu_lark.render import html
        >>> page = html(kifu_lark.loads("position startpos moves 7g7f 3c3d", "usi"))
        >>> 'data-ply="0"' in page and "▲７六歩" in page
        True
    """
    if notation is None:
        notation = "kif" if game.format == "kif" else "ki2"
    notation = check_notation(notation, marks)
    steps = _steps(game, notation, marks)
    problem = is_problem(game) if tsume is None else tsume
    found: Sequence[TacticMark] = ()
    if problem or tactics is False:
        found = ()
    elif tactics is True:
        found = tactic_marks(game)
    else:
        found = tactics
    index = {id(step.node): i for i, step in enumerate(steps)}
    names = {color: side_name(color, is_handicap(game.start)) for color in Color}
    variant = game.start.variant
    name = title if title is not None else _default_title(game)
    views = "".join(
        f'<div class="kl-view kl-view-{side}">'
        f"{board_frame(variant.files, variant.ranks, glyphs=glyphs, flipped=flipped, title=name)}"
        "</div>"
        for side, flipped in (("black", False), ("white", True))
    )
    start = steps[0].position.sfen()
    return _PAGE.format(
        title=escape(name),
        css=_asset("viewer.css"),
        js=_asset("viewer.js"),
        sfen=escape(start),
        ply=max(0, ply),
        answer=' data-answer="hidden"' if problem else "",
        headers=_headers(game, header_rows(found, game, index, names)),
        views=views,
        moves=_move_list(steps, badges(found)),
        charts=_charts(steps),
        result=escape(result_line(game)),
        sprites=_sprites(glyphs),
        data=_json(_data(steps, variant, glyphs)),
    )


# The page. Its parts are filled in by ``str.format``: every brace of the page itself is
# doubled, and the style sheet and script come in as values, so theirs are not.
_PAGE = """<!DOCTYPE html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="kifu-lark">
<title>{title}</title>
<style>
{css}</style>
</head>
<body>
<main id="kifu-lark" class="kifu-lark" data-ply="0" data-sfen="{sfen}" data-flipped="false" \
data-node="0" data-start="{ply}"{answer}>
<header>
<h1>{title}</h1>
{headers}
</header>
<div class="kl-main">
<section class="kl-board-panel" aria-label="board">
<div class="kl-board">{views}</div>
<div class="kl-now" aria-live="polite"></div>
<nav class="kl-controls" aria-label="moves">
<button type="button" data-do="first" title="first (Home)">|◀</button>
<button type="button" data-do="prev" title="back (← or k)">◀</button>
<button type="button" data-do="next" title="forward (→ or j)">▶</button>
<button type="button" data-do="last" title="last (End)">▶|</button>
<button type="button" data-do="flip" title="flip the board (f)">反転</button>
<button type="button" data-do="answer" class="kl-answer" title="show the answer (a)">\
解答を表示</button>
</nav>
<div class="kl-comments"></div>
</section>
<section class="kl-record" aria-label="moves">
<p class="kl-hidden-note">詰将棋: the answer is hidden (解答を表示, or <kbd>a</kbd>)</p>
<div class="kl-moves">{moves}</div>
<p class="kl-result">{result}</p>
</section>
</div>
{charts}
<footer class="kl-keys">Keys: <kbd>←</kbd>/<kbd>→</kbd> or <kbd>k</kbd>/<kbd>j</kbd> one move \
back/forward · <kbd>Home</kbd>/<kbd>End</kbd> the start/end · <kbd>↑</kbd>/<kbd>↓</kbd> or \
<kbd>Shift</kbd>+<kbd>←</kbd>/<kbd>→</kbd> at a move marked + (or before one) the other \
variations · <kbd>f</kbd> flip the board · click a move or a chart to jump there\
<span class="kl-answer"> · <kbd>a</kbd> show the answer</span>.</footer>
</main>
{sprites}
<script type="application/json" id="kifu-lark-data">{data}</script>
<script>
{js}</script>
</body>
</html>
"""


@cache
def _asset(name: str) -> str:
    """A file shipped beside this module (the style sheet, the script)."""
    return resources.files("kifu_lark.render").joinpath(name).read_text(encoding="utf-8")


def _default_title(game: Game) -> str:
    black, white = game.headers.get(HeaderKey.BLACK), game.headers.get(HeaderKey.WHITE)
    if black and white:
        return f"{black} 対 {white}"
    return game.headers.get(HeaderKey.TITLE) or game.headers.get("作品名") or "kifu-lark"


def _order(root: Node) -> Iterator[tuple[Node, int, bool]]:
    """(node, depth, opens a variation) for every node below ``root``, in the move list's
    order: each move, then the variations that replace it (each with its own), then the
    move after it. A stack, not recursion: a record's nesting has no limit."""
    stack: list[tuple[Node, int, bool]] = []
    if root.children:
        stack.append((root.children[0], 0, False))
    while stack:
        node, depth, opens = stack.pop()
        yield node, depth, opens
        after = node.next
        if after is not None:
            stack.append((after, depth, False))
        parent = node.parent
        if parent is not None and parent.children[0] is node:
            stack.extend((other, depth + 1, True) for other in reversed(parent.children[1:]))


def _steps(game: Game, notation: str, marks: str) -> list[_Step]:
    """The tree's nodes with their positions and texts, the root first, then in the move
    list's order. Each line (the main line, and each variation) is replayed from the start
    by the library, for its positions and for its texts; a variation keeps only what comes
    from the node where it leaves its parent line."""
    placed: dict[int, tuple[Position, str]] = {}
    starts = [v for v, _, opens in _order(game.root) if opens]
    if game.root.children:
        starts.insert(0, game.root.children[0])
    for first in starts:
        skip = len(first.path()) - 1  # the moves before it belong to its parent line
        nodes = game.line(first)
        texts = line_texts(game.start, nodes, notation, marks, name_unwritten=True)
        positions = [position for _, position in game.positions(first)][1:]
        for node, position, text in zip(nodes[skip:], positions[skip:], texts[skip:], strict=True):
            placed[id(node)] = (position, text)
    steps = [_Step(game.root, -1, 0, False, game.start, "開始局面", game.start.ply - 1)]
    index = {id(game.root): 0}
    for node, depth, opens in _order(game.root):
        assert node.parent is not None
        position, text = placed[id(node)]
        number = position.ply if node.move is None else position.ply - 1
        index[id(node)] = len(steps)
        steps.append(_Step(node, index[id(node.parent)], depth, opens, position, text, number))
    return steps


def _charts(steps: list[_Step]) -> str:
    """The evaluation graph and time chart of the main line (:mod:`kifu_lark.render.charts`):
    its steps are the nodes of depth 0, in order (the move list's order keeps a line's
    nodes in order)."""
    main = [(i, step) for i, step in enumerate(steps) if i > 0 and step.depth == 0]
    moves = [
        MainStep(i, n, step.number, step.node)
        for n, (i, step) in enumerate(main, start=1)
        if step.node.move is not None
    ]
    return charts(moves, len(main))


def _move_list(steps: list[_Step], marked: dict[int, str]) -> str:
    """The move list: one button per node, in blocks by line (a variation's block indented
    one step further, headed 変化 and its move number); a move that has alternatives is
    marked (class ``kl-alt``), a move where tactics first hold carries their badges
    (``marked``, by ``id(node)``)."""
    out = ['<div class="kl-line" style="--d:0">', _button(0, steps[0], "kl-start")]
    depth = 0
    for i, step in enumerate(steps[1:], start=1):
        if step.opens or step.depth != depth:
            depth = step.depth
            kind = "kl-line kl-var" if depth else "kl-line"
            out.append(f'</div><div class="{kind}" style="--d:{depth}">')
            if step.opens:
                out.append(f'<span class="kl-vh">変化 {step.number}手</span>')
        parent = step.node.parent
        classes = ["kl-alt"] if parent is not None and len(parent.children) > 1 else []
        if step.node.move is None:
            classes.append("kl-special")
        out.append(_button(i, step, " ".join(classes), marked.get(id(step.node), "")))
    out.append("</div>")
    return "".join(out)


def _button(index: int, step: _Step, classes: str, badges: str = "") -> str:
    number = "" if index == 0 else str(step.number)
    return (
        f'<button type="button" class="{" ".join(["kl-mv", classes]).strip()}" '
        f'data-n="{index}"><span class="kl-no">{number}</span>{escape(step.text)}{badges}'
        "</button>"
    )


def _headers(game: Game, tactics: list[tuple[str, str]]) -> str:
    """The players, the handicap, the other headers the page shows and the ``tactics``
    rows (term, HTML), as a ``<dl>``."""
    handicap = is_handicap(game.start)
    rows: list[tuple[str, str]] = []
    for color, key in ((Color.BLACK, HeaderKey.BLACK), (Color.WHITE, HeaderKey.WHITE)):
        name = game.headers.get(key)
        if name:
            rows.append((side_name(color, handicap), name))
    if game.handicap is not None:
        rows.append(("手合割", game.handicap))
    for shown in _SHOWN_HEADERS:
        value = game.headers.get(shown)
        if value:
            rows.append((shown.value if isinstance(shown, HeaderKey) else shown, value))
    items = [f"<div><dt>{escape(k)}</dt><dd>{escape(v)}</dd></div>" for k, v in rows]
    items += [f'<div class="kl-tactics"><dt>{escape(k)}</dt><dd>{v}</dd></div>' for k, v in tactics]
    return f'<dl class="kl-headers">{"".join(items)}</dl>' if items else ""


def result_line(game: Game) -> str:
    """The main line's end as KIF's まで line says it: まで64手で先手の勝ち, まで30手で中断;
    まで30手 when the line ends on a move."""
    last = game.root
    while last.next is not None:
        last = last.next
    position = game.position_at(last)
    special = last.special
    if special is None:
        return f"まで{position.ply - 1}手"
    if special.word is not None:  # a word no kind names, as the record wrote it
        return f"まで{position.ply - 1}手で{special.word}"
    kind = SPECIAL_FOLDS.get(special.kind, special.kind) or special.kind
    if kind not in SPECIAL_WORDS:
        return f"まで{position.ply - 1}手で{kind.name.lower().replace('_', ' ')}"
    return write_summary(position.ply - 1, kind, special.color, is_handicap(game.start))


def _sprites(glyphs: Glyphs) -> str:
    """The pieces and hand marks the script places with ``<use>``, drawn once, centred on
    (0, 0): ``#kl-Pu`` (a pawn pointing up), ``#kl-xRd`` (a dragon pointing down),
    ``#kl-mark-b`` and ``#kl-mark-w``. A ``<use>``'s copy takes its font from where it is
    placed: the board's ``<svg>``, which names the pictures' fonts."""
    out = ['<svg class="kl-sprites" xmlns="http://www.w3.org/2000/svg" aria-hidden="true"><defs>']
    for kind in PieceKind:
        key = kind.usi.replace("+", "x")
        for turned, way in ((False, "u"), (True, "d")):
            color = Color.WHITE if turned else Color.BLACK
            body = "".join(piece_svg(Piece(kind, color), 0, 0, glyphs, turned))
            out.append(f'<g id="kl-{key}{way}">{body}</g>')
    out.append(f'<g id="kl-mark-b">{hand_mark_svg(Color.BLACK, 0, 0)}</g>')
    out.append(f'<g id="kl-mark-w">{hand_mark_svg(Color.WHITE, 0, 0)}</g>')
    out.append("</defs></svg>")
    return "".join(out)


def _data(steps: list[_Step], variant: Variant, glyphs: Glyphs) -> dict[str, Any]:
    """What the script reads: the board's numbers, the hands' labels (by count, up to the
    variant's number of each piece; the script writes a larger count as a number) and, for
    each node, its parent ``p``, SFEN ``s``, last move ``m`` (the squares it left and
    reached, ``"7776"``, or reached, ``"45"``, as CSA writes them; a special's is the move
    before it) and comments ``c``."""
    files, ranks = variant.files, variant.ranks
    top, bottom = hand_anchors(files, ranks)
    held = piece_set(variant)
    labels = {
        kind.usi: [""] + [hand_label(kind, n, glyphs) for n in range(1, held.get(kind, 0) + 1)]
        for kind in HAND_KINDS
    }
    nodes: list[dict[str, Any]] = []
    moves: list[str] = []
    for step in steps:
        move = step.node.move
        if move is not None:
            origin = "" if move.from_ is None else move.from_.csa()
            last = origin + move.to.csa()
        else:
            last = moves[step.parent] if step.parent >= 0 else ""
        moves.append(last)
        item: dict[str, Any] = {"p": step.parent, "s": step.position.sfen(), "m": last}
        if step.node.comments:
            item["c"] = list(step.node.comments)
        nodes.append(item)
    return {
        "board": {
            "files": files, "ranks": ranks, "x": BOARD_X, "y": BOARD_Y, "cell": CELL,
            "top": top, "bottom": bottom, "step": HAND_STEP, "last": COLORS["last"],
        },
        "hands": {"order": [kind.usi for kind in HAND_KINDS], "labels": labels},
        "nodes": nodes,
    }


def _json(value: object) -> str:
    """``value`` as JSON that is safe inside ``<script>``: no ``<``, ``>`` or ``&`` (so no
    ``</script>`` nor ``<!--``), and no line separators U+2028/U+2029."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    for char, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                          ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(char, escaped)
    return text
