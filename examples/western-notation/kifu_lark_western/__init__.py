"""Western shogi notation for kifu-lark, registered through the ``kifu_lark.formats`` entry
point: the worked example of docs/adding-a-notation.md.

A move is a piece letter (``+`` before it for a promoted piece), an optional origin, ``-`` for
a move, ``x`` for a capture or ``*`` for a drop, the destination, then ``+`` (promotes) or
``=`` (declines). The writer always gives the origin, which every reader of the notation
accepts; the reader resolves moves written without one through kifu-lark's rules engine.
"""

from __future__ import annotations

import functools
import re

from lark import Lark, Token

from kifu_lark.errors import KifuSyntaxError, UnsupportedFeatureError
from kifu_lark.formats.base import Capabilities, Format, ReadOptions, WriteOptions
from kifu_lark.formats.engine import parse
from kifu_lark.formats.specials import written_special
from kifu_lark.model import Game, PieceKind, Position, SpecialKind, Square
from kifu_lark.rules.replay import GameBuilder

_SQUARE = re.compile(r"([1-9])([a-i])")


@functools.cache
def _parser() -> Lark:
    return Lark.open_from_package("kifu_lark_western", "western.lark", parser="lalr")


def _square(text: str) -> Square:
    return Square(int(text[0]), ord(text[1]) - ord("a") + 1)


def read(text: str, options: ReadOptions) -> list[Game]:
    """Read one game of Western notation from the standard start."""
    tree = parse(_parser(), text, "western")
    builder = GameBuilder(
        Position.initial(), format="western", tolerate=options.tolerate, source=text
    )
    for token in tree.scan_values(lambda v: isinstance(v, Token)):
        if token.type == "RESULT":
            builder.special(SpecialKind.RESIGN, line=token.line, column=token.column)
        elif token.type == "WESTERN_MOVE":
            _move(builder, token)
    return [builder.finish()]


def _move(builder: GameBuilder, token: Token) -> None:
    word = str(token)
    promoted = word.startswith("+")
    body = word[1:] if promoted else word
    kind = PieceKind.from_usi(("+" if promoted else "") + body[0])
    squares = _SQUARE.findall(body)
    to = _square("".join(squares[-1]))
    origin = _square("".join(squares[0])) if len(squares) == 2 else None
    drop = "*" in body
    if drop and origin is not None:
        raise KifuSyntaxError(
            "a drop has no origin",
            format="western",
            line=token.line,
            column=token.column,
            text=word,
            hint="write S*5e",
        )
    builder.move(
        to,
        from_=origin,
        piece=kind,
        promote=True if body.endswith("+") else False if body.endswith("=") else None,
        drop=drop or None,
        text=word,
        line=token.line,
        column=token.column,
    )


CAPABILITIES = Capabilities(specials=True, special_kinds=frozenset({SpecialKind.RESIGN}))


def write(game: Game, options: WriteOptions) -> str:
    """Numbered moves, two per line, each with its origin."""
    words: list[str] = []
    for node in game.mainline():
        if node.move is None:
            assert node.special is not None
            # "resigns" is the notation's one special; any other is refused, not disguised
            written_special(node.special.kind, CAPABILITIES, "western")
            words.append("resigns")
            continue
        move = node.move
        letter = move.piece.usi
        if move.from_ is None:
            words.append(f"{letter}*{move.to.usi()}")
            continue
        sign = "x" if move.captured else "-"
        suffix = "+" if move.promote else ""
        words.append(f"{letter}{move.from_.usi()}{sign}{move.to.usi()}{suffix}")
    if not words:  # an empty text is no record: its reader would refuse it
        raise UnsupportedFeatureError("western notation holds moves; the game has none")
    lines = [f"{i // 2 + 1}. " + " ".join(words[i : i + 2]) for i in range(0, len(words), 2)]
    return "\n".join(lines) + "\n"


FORMAT = Format(
    name="western",
    description="Western notation (P-7f, Bx2b+, S*5e), main line from the standard start",
    extensions=(".wst",),
    reader=read,
    writer=write,
    capabilities=CAPABILITIES,
)
