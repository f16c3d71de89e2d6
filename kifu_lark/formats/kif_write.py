"""The KIF writer: Kifu for Windows layout (column alignment, ``同　``, zero-padded times,
``+`` marks, 変化 sections in Kifu for Windows order)."""

from __future__ import annotations

from collections.abc import Iterator

from kifu_lark.formats._nested import drive
from kifu_lark.formats.base import Capabilities, WriteOptions
from kifu_lark.formats.engine.memo import remember
from kifu_lark.formats.evaluation import comments_of, converted_comments
from kifu_lark.formats.japanese import (
    SPECIAL_FOLDS,
    SPECIAL_WORDS,
    display_width,
    one_line,
    write_summary,
)
from kifu_lark.formats.japanese_head import is_handicap, write_header_section
from kifu_lark.formats.move_text import write_kif_move
from kifu_lark.formats.other_specials import written_word
from kifu_lark.formats.specials import foul_before, written_special
from kifu_lark.formats.summary_line import SIDED, written_summary
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game, Node
from kifu_lark.model.move import SpecialKind, Time
from kifu_lark.model.position import Position

MOVES_HEADER = "手数----指手---------消費時間--"
#: Display width of the move column (full-width characters count two).
MOVE_WIDTH = 12

#: Move-column texts padded to MOVE_WIDTH, by the pieces they are made of (the writer's
#: hot path: a dict lookup instead of measuring display widths).
_PADDED: dict[str, str] = {}


def _padded(text: str) -> str:
    padded = _PADDED.get(text)
    if padded is None:
        padded = text + " " * max(0, MOVE_WIDTH - display_width(text))
        remember(_PADDED, text, padded, 20000)  # distinct texts are few in practice
    return padded


def time_text(time: Time, total: float | None = None) -> str:
    """``( 0:16/00:00:16)``: minutes:seconds spent (minutes may pass 59), then the running
    total as hours:minutes:seconds (``total`` when the time holds none, as CSA times do);
    ``( 0:16)`` when neither knows it."""
    # Tables instead of format specs: a time is written per move.
    minutes, seconds = divmod(round(time.spent or 0), 60)
    spent = _MINUTES[minutes] if 0 <= minutes < 100 else f"{minutes:>2}"
    if time.total is not None:
        total = time.total
    if total is None:
        return f"({spent}:{_TWO_DIGITS[seconds]})"
    hours, rest = divmod(round(total), 3600)
    two = _TWO_DIGITS
    h = two[hours] if 0 <= hours < 100 else f"{hours:02}"
    return f"({spent}:{two[seconds]}/{h}:{two[rest // 60]}:{two[rest % 60]})"


# ` 0` … `99` and `00` … `99` (seconds and minutes use the first 60)
_MINUTES = tuple(f"{n:>2}" for n in range(100))
_TWO_DIGITS = tuple(f"{n:02}" for n in range(100))
#: Move numbers right-aligned in four columns.
_NUMBERS = tuple(f"{n:>4}" for n in range(1000))


class _Writer:
    def __init__(self, game: Game, options: WriteOptions) -> None:
        self.lines: list[str] = []
        self.mainline_only = options.mainline_only
        self.handicap = is_handicap(game.start)
        # evaluation lines of another format, in KIF's own (ShogiHome) form
        self.converted = converted_comments(game, "kif")
        # the main line's まで line as read, where it disagreed with the game
        self.kept_summary = written_summary(game, "kif")
        self.root = game.root
        self.start_turn = game.start.turn
        self.start = game.start

    def write(self, first: Node) -> None:
        """Write the main line from ``first`` and every variation, to any depth: each
        :meth:`line` hands the variations it meets back to this loop (a generator per
        line, no recursion), which writes them before that line goes on."""
        drive(self.line(first, 1, True), lambda request: self.line(*request))

    def line(
        self,
        first: Node,
        number: int,
        with_first_siblings: bool,
        totals: tuple[float, float] = (0.0, 0.0),
    ) -> Iterator[tuple[Node, int, bool, tuple[float, float]]]:
        """Write the line starting at ``first`` (move ``number``), then ask for its
        variations, latest branch point first (Kifu for Windows order). ``totals`` are each
        side's time used before ``first``: a time without its running total (from CSA)
        gets the sum, as every KIF reader expects ``( 0:16/00:00:16)``."""
        nodes = [first]
        node: Node | None = first.next
        while node is not None:
            nodes.append(node)
            node = node.next
        append = self.lines.append
        marks = not self.mainline_only
        numbers = _NUMBERS
        parent = first.parent
        black, white = totals
        before: list[tuple[float, float]] = []  # the totals before each node, for variations
        special_kind: SpecialKind | None = None  # as written, for the まで line
        # one move line, then its bookmark and comments, per node (inline: the hot path)
        for n, node in enumerate(nodes, number):
            before.append((black, white))
            move = node.move
            if move is not None:
                text = _padded(write_kif_move(move, parent.move if parent is not None else None))
            else:
                special_kind = _special_kind(node, self.start)
                if _summary_only(self, node, first):
                    parent = node
                    continue
                text = _padded(_special_text(node, special_kind))
            # a later sibling follows: the + mark (children[-1] is not node)
            later = parent.variations if parent is not None else ()
            fork = marks and bool(later) and later[-1] is not node
            head = numbers[n] if n < 1000 else f"{n:>4}"
            time = node.time
            if time is not None:
                if move is None:  # a special's time counts for nobody's total
                    line = f"{head} {text} {time_text(time)}"
                elif move.color is Color.BLACK:
                    black = time.total if time.total is not None else black + (time.spent or 0)
                    line = f"{head} {text} {time_text(time, black)}"
                else:
                    white = time.total if time.total is not None else white + (time.spent or 0)
                    line = f"{head} {text} {time_text(time, white)}"
                append(line + "+" if fork else line)
            else:
                append(f"{head} {text} +".rstrip() if fork else f"{head} {text}".rstrip())
            if node.bookmark is not None:
                append("&" + node.bookmark)
            comments = node.comment_lines
            if comments and self.converted:
                comments = comments_of(node, self.converted)
            for comment in comments:
                append("*" + one_line(comment))
            parent = node
        last = nodes[-1]
        if last.special is not None and special_kind is not None:
            # the moves played: every special at the line's end left out (不詰 then 中断)
            moves = number - 1 + sum(1 for n in nodes if n.move is not None)
            word = last.special.word if special_kind is SpecialKind.OTHER else None
            kept = self.kept_summary if first is self.root.next else None
            color = last.special.color
            append(kept or write_summary(moves, special_kind, color, self.handicap, word))
        if self.mainline_only:
            return
        stop = 0 if with_first_siblings else 1
        for i in range(len(nodes) - 1, stop - 1, -1):
            parent = nodes[i].parent
            assert parent is not None
            for alternative in parent.variations:
                append("")
                append(f"変化：{number + i}手")
                yield alternative, number + i, False, before[i]


#: The specials KIF spells with a word of its own (OTHER: the word it was read as);
#: SPECIAL_FOLDS says what the others become.
KIF_SPECIALS: frozenset[SpecialKind] = frozenset(SPECIAL_WORDS) | {SpecialKind.OTHER}
CAPABILITIES = Capabilities(
    branches=True,
    comments=True,
    times=True,
    total_times=True,
    start_positions=True,
    start_ply=True,
    headers=True,
    specials=True,
    special_kinds=KIF_SPECIALS,
    special_folds=SPECIAL_FOLDS,
    variation_specials=True,
    time_resolution=1.0,
    turns=False,  # a numbered move line has no side: sides alternate
    summary_line=True,
)


def _summary_only(self: _Writer, node: Node, first: Node) -> bool:
    """Whether the main line's closing special is left to the まで line alone: one whose
    side (a まで line names it, as :data:`SIDED` lists) is not the side to move, which a
    move line (``投了``) cannot say. Only a special with nothing else on its line (no
    time, comment, bookmark or sibling) is: the まで line has no place for them."""
    special = node.special
    parent = node.parent
    if (
        special is None
        or special.kind not in SIDED
        or special.color is None
        or first is not self.root.next
        or node.next is not None
        or parent is None
        or parent.variations
        or node.time is not None
        or node.comment_lines
        or node.bookmark is not None
    ):
        return False
    to_move = self.start_turn if parent.move is None else parent.move.color.opponent
    return special.color is not to_move


def _special_kind(node: Node, start: Position) -> SpecialKind:
    """The special written for ``node``'s (itself, or its declared fold; 反則勝ち for an
    ``ILLEGAL_MOVE`` whose foul is the move before it)."""
    assert node.special is not None
    kind = node.special.kind
    fouled = kind is SpecialKind.ILLEGAL_MOVE and foul_before(start, node)
    written = written_special(kind, CAPABILITIES, "kif", foul_in_moves=fouled)
    assert written is not None, "KIF folds no special into nothing"
    return written


def _special_text(node: Node, kind: SpecialKind) -> str:
    """The word of ``node``'s special as written (``kind``: itself or its fold)."""
    assert node.special is not None
    if kind is SpecialKind.OTHER:
        return written_word(node.special, "kif")
    return SPECIAL_WORDS[kind]


def write_kif(game: Game, options: WriteOptions) -> str:
    """The record in Kifu for Windows layout.

    Boards other than 9x9 are written as a diagram (as the reader reads them).
    """
    writer = _Writer(game, options)
    lines = writer.lines
    # write_header_section checks that each header line reads back as that header
    lines.extend(write_header_section(game.headers, game.start, options.encoding))
    lines.append(MOVES_HEADER)
    root = game.root
    if root.bookmark is not None:
        lines.append("&" + root.bookmark)
    lines += ["*" + one_line(c) for c in comments_of(root, writer.converted)]
    if root.next is not None:
        writer.write(root.next)
    return "\n".join(lines) + "\n"
