"""BOD board diagrams (盤面図) as a format: one position with hands, side to move and move number.

A file holds one diagram (read and written by :mod:`kifu_lark.formats.diagram`, which KIF
and KI2 share for their custom start positions), optionally with header lines (player
names) and ``手数＝N``, the number of moves already played (the last-move text some copies add
after it, such as ``▲２八飛成``, is kept verbatim as the header ``最終手``: the position
alone cannot check it); the writer draws the final position of the main line.
"""

from __future__ import annotations

from lark import Token

from kifu_lark.errors import InvalidRecordError
from kifu_lark.formats.base import Capabilities, Format, ReadOptions, WriteOptions
from kifu_lark.formats.diagram import DIAGRAM_LINES, DiagramReader, write_diagram
from kifu_lark.formats.engine import parsing
from kifu_lark.formats.engine.parsing import terminal_regex
from kifu_lark.formats.japanese import comment_text, write_comment
from kifu_lark.formats.japanese_head import (
    LAST_MOVE_KEY,
    check_not_a_hand,
    header_key,
    split_header_line,
    write_header,
)
from kifu_lark.model.game import Game
from kifu_lark.model.headers import ROTATED, Headers
from kifu_lark.model.position import Position

# kif_read still takes the diagram's names from this module (pyproject.toml lists that import
# until it takes them from formats.diagram and formats.engine.parsing).
__all__ = ["DIAGRAM_LINES", "FORMAT", "DiagramReader", "read_bod", "terminal_regex", "write_bod"]

FORMAT_NAME = "bod"


# --- the bod format -------------------------------------------------------------------------


def read_bod(text: str, options: ReadOptions) -> list[Game]:
    """Read one BOD position (with optional headers and comments)."""
    if not text.endswith("\n"):
        text += "\n"
    tree = parsing.parse(parsing.parser("bod.lark"), text, FORMAT_NAME)
    diagram = DiagramReader(FORMAT_NAME, text)
    headers = Headers()
    comments: list[str] = []
    for item in tree.children:
        if diagram.add(item):
            continue
        assert isinstance(item, Token)
        kind = item.type
        if kind == "HEADER_LINE":
            key, value = split_header_line(item)
            check_not_a_hand(key, item, FORMAT_NAME)
            headers.add(header_key(key), value)
        elif kind == "HASH_LINE":
            headers.add("#", item.rstrip("\r\n")[1:])
        elif kind == "COMMENT_LINE":
            comments.append(comment_text(item))
    if diagram.board is None:
        raise InvalidRecordError(
            "no board diagram",
            code="NO_POSITION",
            format=FORMAT_NAME,
            line=1,
            column=1,
            hint="a BOD record is a board diagram: a frame of nine ranks between +---+ lines",
        )
    if diagram.last_move is not None:
        headers.add(LAST_MOVE_KEY, diagram.last_move)
    if diagram.rotated:
        headers.add(ROTATED, "")
    game = Game(headers=headers, start=diagram.position(Position.initial()))
    game.root.comments = comments
    game.format = FORMAT_NAME
    return [game]


def write_bod(game: Game, options: WriteOptions) -> str:
    """The diagram of the final position of the main line, after the headers and with the
    start comments."""
    position = game.final_position()
    entries = game.headers.entries
    # the display flag (盤面回転 with no value) is its own line; a value makes it a header
    lines = [write_header(k, v, fmt="bod") for k, v in entries if (k, v) != (ROTATED, "")]
    if (ROTATED, "") in entries:
        lines.append(ROTATED)
    lines += write_diagram(position)
    lines += [write_comment(c, "bod") for c in game.root.comments]
    return "\n".join(lines) + "\n"


def _detect(text: str) -> float:
    head = text[:4000]
    if "の持駒" in head and "+---" in head and "|" in head:
        return 0.6
    return 0.0


FORMAT = Format(
    name=FORMAT_NAME,
    description="BOD board diagram: one position with hands, side to move, move number",
    extensions=(".bod",),
    reader=read_bod,
    writer=write_bod,
    grammar="bod.lark",
    variants=frozenset({"any"}),
    capabilities=Capabilities(
        moves=False, start_positions=True, start_ply=True, headers=True, comments=True
    ),
    detect=_detect,
)
