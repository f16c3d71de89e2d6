"""USI records (``position startpos moves 7g7f …``) and SFEN positions.

Both formats share ``grammars/usi.lark``: a ``.sfen`` file may hold bare SFEN lines or USI
position lines (GUIs paste either). They hold the main line's moves only: comments, times,
headers and variations have no place in them (variations are refused unless
``mainline_only``).
"""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer, v_args

from kifu_lark.errors import MAINLINE_ONLY, InvalidRecordError, UnsupportedFeatureError
from kifu_lark.formats.base import Capabilities, Format, ReadOptions, WriteOptions
from kifu_lark.formats.engine import parsing
from kifu_lark.formats.specials import folds_everything, written_special
from kifu_lark.model.game import Game
from kifu_lark.model.move import SpecialKind
from kifu_lark.model.piece import PieceKind
from kifu_lark.model.position import SFEN_HINT, Position
from kifu_lark.model.square import Square
from kifu_lark.model.variant import STANDARD
from kifu_lark.rules.replay import GameBuilder

_SPECIALS = {"resign": SpecialKind.RESIGN, "win": SpecialKind.ENTERING_KING_WIN}
_SPECIAL_NAMES = {v: k for k, v in _SPECIALS.items()}


@v_args(inline=True)
class _ToGames(Transformer[Token, Any]):
    """Turns each record line into a game; moves are replayed by the rules engine."""

    def __init__(self, fmt: str, options: ReadOptions, text: str) -> None:
        super().__init__()
        self.fmt = fmt
        self.options = options
        self.text = text

    def sfen(
        self, board: Token, turn: Token, hands: Token, number: Token | None = None
    ) -> Position:
        text = f"{board} {turn} {hands} {number or 1}"
        try:
            return Position.from_sfen(text)
        except ValueError as err:
            raise InvalidRecordError(
                str(err),
                code="BAD_POSITION",
                format=self.fmt,
                line=board.line,
                column=board.column,
                text=text,
                hint=SFEN_HINT,
                source_line=_line_of(self.text, board.line),
            ) from None

    def bare_sfen(self, position: Position) -> Game:
        return GameBuilder(position, format=self.fmt).finish()

    def position(self, *items: Token | Position) -> Game:
        rest = list(items)
        if isinstance(rest[0], Token) and rest[0].type == "POSITION":
            rest.pop(0)
        head = rest.pop(0)
        start = Position.initial(STANDARD) if isinstance(head, Token) else head
        builder = GameBuilder(
            start, format=self.fmt, tolerate=self.options.tolerate, source=self.text
        )
        for token in rest:
            assert isinstance(token, Token)
            if token.type == "USI_SPECIAL":
                builder.special(_SPECIALS[str(token)], line=token.line, column=token.column)
                continue
            # a run of moves on one line: each move where its USI_MOVE starts
            column = token.column or 1
            for found in parsing.terminal_regex("usi.lark", "USI_MOVE").finditer(token):
                _play(builder, found.group(), token.line, column + found.start())
        return builder.finish()

    def start(self, *games: Game) -> list[Game]:
        return list(games)


def _line_of(text: str, line: int | None) -> str | None:
    if line is None:
        return None
    lines = text.splitlines()
    return lines[line - 1] if 0 < line <= len(lines) else None


def _play(builder: GameBuilder, move: str, line: int | None, column: int) -> None:
    """Play one USI move (a USI_MOVE's text) through the builder's entry for its kind."""
    if move[1] == "*":
        to = Square(int(move[2]), ord(move[3]) - 96)
        piece = PieceKind.from_usi(move[0])
        builder.move_piece(to, None, piece, None, True, "", move, line, column)
        return
    to_file, to_rank = int(move[2]), ord(move[3]) - 96
    from_file, from_rank = int(move[0]), ord(move[1]) - 96
    promote = len(move) == 5
    builder.move_between(
        to_file, to_rank, from_file, from_rank, None, None, None, promote, move, line, column
    )


def read_usi(text: str, options: ReadOptions) -> list[Game]:
    """Read USI position lines (and bare SFEN lines), one game per line."""
    tree = parsing.parse(parsing.parser("usi.lark"), text, "usi")
    games: list[Game] = parsing.transform(_ToGames("usi", options, text), tree, text, "usi")
    return games


def read_sfen(text: str, options: ReadOptions) -> list[Game]:
    """Read SFEN lines (USI position lines are accepted too)."""
    games = read_usi(text, options)
    for game in games:
        game.format = "sfen"
    return games


#: USI has words for 投了 and 入玉勝ち; other specials are left out (with a warning).
CAPABILITIES = Capabilities(
    start_positions=True,
    start_ply=True,
    multiple_games=True,
    specials=True,
    special_kinds=frozenset(_SPECIAL_NAMES),
    special_folds=folds_everything(_SPECIAL_NAMES),
    turns=False,
)


def _mainline_moves(game: Game, options: WriteOptions, fmt: str) -> list[str]:
    tokens: list[str] = []
    node = game.root
    while node.next is not None:
        if node.variations and not options.mainline_only:
            raise UnsupportedFeatureError(
                f"{fmt} holds one line of moves; the game has variations",
                format=fmt,
                hint=f"pass {MAINLINE_ONLY} to drop them",
                settings=(MAINLINE_ONLY,),
            )
        node = node.next
        if node.move is not None:
            tokens.append(node.move.usi())
        elif node.special is not None and fmt == "usi":
            kind = written_special(node.special.kind, CAPABILITIES, fmt)
            if kind is not None:
                tokens.append(_SPECIAL_NAMES[kind])
    return tokens


def _sfen(position: Position, fmt: str) -> str:
    """The position's SFEN, refused for boards of one rank: the grammar (and other
    programs) know a board by its ``/``, so such a board would not read back (the formats
    declare it: ``min_ranks=2``)."""
    if position.variant.ranks < 2:
        raise UnsupportedFeatureError(
            f"{fmt} cannot hold a board of one rank ({position.variant.name})",
            format=fmt,
            hint="SFEN tells the board by its '/' between ranks; write BOD or KIF instead",
        )
    return position.sfen()


def write_usi(game: Game, options: WriteOptions) -> str:
    """``position startpos|sfen … moves …`` for the main line."""
    moves = _mainline_moves(game, options, "usi")
    if game.start.variant is STANDARD and game.start.sfen(ply=1) == STANDARD.start_sfen:
        head = "position startpos"
    else:
        head = "position sfen " + _sfen(game.start, "usi")
    return head + (" moves " + " ".join(moves) if moves else "") + "\n"


def write_sfen(game: Game, options: WriteOptions) -> str:
    """The SFEN of the final position of the main line."""
    _mainline_moves(game, options, "sfen")
    return _sfen(game.final_position(), "sfen") + "\n"


def _detect_usi(text: str) -> float:
    head = text.lstrip()[:80]
    if head.startswith(("position ", "startpos", "sfen ")):
        return 0.9
    return 0.0


def _detect_sfen(text: str) -> float:
    first = text.strip().split("\n", 1)[0].split()
    if len(first) in (3, 4) and first[0].count("/") >= 2 and first[1] in ("b", "w"):
        return 0.9
    return 0.0


FORMATS = [
    Format(
        name="sfen",
        description="SFEN position (written: the final position of the main line)",
        extensions=(".sfen",),
        reader=read_sfen,
        writer=write_sfen,
        grammar="usi.lark",
        variants=frozenset({"any"}),
        min_ranks=2,
        capabilities=Capabilities(
            moves=False, start_positions=True, start_ply=True, multiple_games=True
        ),
        detect=_detect_sfen,
    ),
    Format(
        name="usi",
        description="USI position command: start position and main-line moves",
        extensions=(".usi",),
        reader=read_usi,
        writer=write_usi,
        aliases=("position",),
        grammar="usi.lark",
        variants=frozenset({"any"}),
        min_ranks=2,
        capabilities=CAPABILITIES,
        detect=_detect_usi,
    ),
]
