"""What the KIF and KI2 whole-record patterns share: a terminal placed where lark's lexer
would take it, and the board diagram (hands, framed board, side to move) that a record
started from a position other than the usual one carries before its moves.

A whole-record pattern is a grammar's terminals in a row, each an atomic group, so that each
takes what lark's lexer takes (its first match, none of it given back). lark's contextual
lexer tries, in the parser's state, the terminals that state accepts (and the ignored ones)
in one order: priority, width, pattern length. :func:`lexed_as` puts a terminal where the
lexer would take it: behind a lookahead that refuses any text one of the terminals tried
before it would take. What the lookahead refuses goes to lark, as any text the pattern does
not match. tests/formats/equivalence/test_tokens.py checks the tokens are lark's.

The diagram is part of the pattern because records with one (handicaps, problems, games from
a set position) are common, and without it lark would lex and parse its twenty lines.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from lark import Lark, Token

from kifu_lark.formats.engine.tokens import RANK_LINE

#: The groups of :func:`diagram` and their token types, in the order of the text.
DIAGRAM_GROUPS = (
    ("rotated", "ROTATED_LINE"),
    ("hand_before", "HAND_LINE"),
    ("columns", "bod__COLUMNS_LINE"),
    ("frame", "bod__FRAME_LINE"),
    ("ranks", RANK_LINE),
    ("frame_end", "bod__FRAME_LINE"),
    ("hand_after", "HAND_LINE"),
    ("move_count", "MOVE_COUNT_LINE"),
    ("turn", "TURN_LINE"),
    ("head_after", "HEAD_BLOCK"),
)


def _accepted(lark: Lark, after: Sequence[str]) -> set[str]:
    """The terminals the parser accepts once it has read tokens of types ``after``."""
    interactive = lark.parse_interactive("")
    for kind in after:
        interactive.feed_token(Token(kind, ""))
    accepted: set[str] = interactive.accepts()  # type: ignore[no-untyped-call]
    return accepted


def lexed_as(lark: Lark, name: str, states: Iterable[Sequence[str]]) -> str:
    """Terminal ``name`` of ``lark`` as an atomic group, behind a lookahead refusing what
    the terminals lark's lexer tries before it would take, in any of the parser's states
    after each token type sequence of ``states``."""
    accepted: set[str] = set(lark.lexer_conf.ignore)
    for after in states:
        accepted |= _accepted(lark, after)
    order = [t.name for t in lark.parser.lexer.root_lexer.terminals]
    first = [t for t in order[: order.index(name)] if t in accepted]
    own = f"(?>{lark.get_terminal(name).pattern.to_regexp()})"
    if not first:
        return own
    tried = "|".join(f"(?:{lark.get_terminal(t).pattern.to_regexp()})" for t in first)
    # the terminal's own pattern first: where it does not match (most places the pattern
    # tries it), the others are not tried
    return f"(?={own})(?!{tried}){own}"


def diagram(lark: Lark, blanks: str) -> str:
    """The regex of a diagram as the usual writers place it, each part optional: Kifu for
    Windows' ``盤面回転`` line, a hand line, the board (column numbers, frame, a rank line a
    rank, frame), a hand line, the move count line (``手数＝N``: a diagram some moves into
    a game), a side-to-move line and the header lines after them; ``blanks`` between the
    parts (none between rank lines). Its groups are :data:`DIAGRAM_GROUPS`'."""
    # the parser's states where each part can start: before any item (the start state, or
    # after an item of the head), inside the board after its column numbers or a rank line
    head: tuple[list[str], ...] = ([], ["HEAD_BLOCK"])
    board_start: tuple[list[str], ...] = ([], ["HEAD_BLOCK"], ["bod__COLUMNS_LINE"])

    def part(group: str, name: str, states: Iterable[Sequence[str]] = head) -> str:
        return f"(?P<{group}>{lexed_as(lark, name, states)})"

    rank = lexed_as(lark, RANK_LINE, (["bod__FRAME_LINE"], ["bod__FRAME_LINE", RANK_LINE]))
    frame_end = lexed_as(lark, "bod__FRAME_LINE", (["bod__FRAME_LINE", RANK_LINE],))
    return (
        f"(?:{part('rotated', 'ROTATED_LINE')}{blanks})?+"
        f"(?:{part('hand_before', 'HAND_LINE')}{blanks})?+"
        f"(?:(?:{part('columns', 'bod__COLUMNS_LINE')}{blanks})?+"
        f"{part('frame', 'bod__FRAME_LINE', board_start)}{blanks}"
        f"(?P<ranks>(?:{rank})++)(?P<frame_end>{frame_end}){blanks})?+"
        f"(?:{part('hand_after', 'HAND_LINE')}{blanks})?+"
        f"(?:{part('move_count', 'MOVE_COUNT_LINE')}{blanks})?+"
        f"(?:{part('turn', 'TURN_LINE')}{blanks})?+"
        f"(?:{part('head_after', 'HEAD_BLOCK')}{blanks})?+"
    )


def variations(lark: Lark, blanks: str, main: Sequence[str]) -> tuple[str, re.Pattern[str]]:
    """The 変化 sections after the main line as the usual writers place them, each a
    VARIATION_LINE and one MOVES_BLOCK with ``blanks`` after each: the regex of them all,
    in a group ``variations`` (to follow the main line, whose tokens are of the types
    ``main``, and its summary line), and the pattern of one section, with groups ``line``
    and ``moves``, that ``tokens.tokens_with_variations`` cuts the group with."""
    # the parser's states where a section's parts start: after the main line (its summary
    # line or not) or a section's moves, and after a variation line
    ended = (tuple(main), (*main, "SUMMARY_LINE"))
    line = lexed_as(lark, "VARIATION_LINE", ended)
    moves = lexed_as(lark, "MOVES_BLOCK", [(*after, "VARIATION_LINE") for after in ended])
    section = f"{line}{blanks}{moves}{blanks}"
    return (
        f"(?P<variations>(?:{section})*+)",
        re.compile(f"(?P<line>{line}){blanks}(?P<moves>{moves}){blanks}"),
    )
