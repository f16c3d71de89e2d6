"""Western shogi notation (``P-7f``, ``Bx2b+``, ``S*5e``) for kifu-lark, registered through
the ``kifu_lark.formats`` entry point: the worked example of docs/adding-a-notation.md. The
writer always gives the origin; the reader resolves moves written without one through
kifu-lark's rules engine."""

from __future__ import annotations

import functools
import re

from lark import Lark, Token, Transformer

from kifu_lark.errors import UnsupportedFeatureError
from kifu_lark.formats import (
    Capabilities,
    Format,
    GameBuilder,
    ReadOptions,
    WriteOptions,
    parse,
    transform,
    written_special,
)
from kifu_lark.model import Game, PieceKind, Position, SpecialKind, Square

_SQUARE = re.compile(r"([1-9])([a-i])")


@functools.cache
def _parser() -> Lark:
    return Lark.open_from_package("kifu_lark_western", "western.lark", parser="lalr")


class _Events(Transformer[Token, None]):
    """Each terminal, in the order of the text, becomes an event for the builder."""

    def __init__(self, builder: GameBuilder) -> None:
        super().__init__()
        self.builder = builder

    def RESULT(self, token: Token) -> None:
        self.builder.special(SpecialKind.RESIGN, line=token.line, column=token.column)

    def WESTERN_MOVE(self, token: Token) -> None:
        word = str(token)
        body = word.lstrip("+")
        squares = [Square(int(f), ord(r) - ord("a") + 1) for f, r in _SQUARE.findall(body)]
        self.builder.move(
            squares[-1],
            from_=squares[0] if len(squares) == 2 else None,
            piece=PieceKind.from_usi(word[: len(word) - len(body) + 1]),
            promote=True if body.endswith("+") else False if body.endswith("=") else None,
            drop="*" in body or None,
            text=word,
            line=token.line,
            column=token.column,
        )


def read(text: str, options: ReadOptions) -> list[Game]:
    """Read one game of Western notation from the standard start."""
    builder = GameBuilder(
        Position.initial(), format="western", tolerate=options.tolerate, source=text
    )
    transform(_Events(builder), parse(_parser(), text, "western"), text, "western")
    return [builder.finish()]


CAPABILITIES = Capabilities(specials=True, special_kinds=frozenset({SpecialKind.RESIGN}))


def write(game: Game, options: WriteOptions) -> str:
    """Numbered moves, two per line, each with its origin."""
    words: list[str] = []
    for node in game.mainline():
        if node.special is not None:
            # "resigns" is the notation's one special; any other is refused, not disguised
            written_special(node.special.kind, CAPABILITIES, "western")
            words.append("resigns")
        elif (move := node.move) is not None and move.from_ is None:
            words.append(f"{move.piece.usi}*{move.to.usi()}")
        elif move is not None:
            sign, suffix = "x" if move.captured else "-", "+" if move.promote else ""
            words.append(f"{move.piece.usi}{move.from_.usi()}{sign}{move.to.usi()}{suffix}")
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
