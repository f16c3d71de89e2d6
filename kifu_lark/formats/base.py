"""What a format declares: names, grammar, reader, writer and what it can hold."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from attrs import field, frozen

from kifu_lark.model.move import SpecialKind
from kifu_lark.rules.violations import Violation


@frozen
class Capabilities:
    """What a format can hold; writers refuse the rest, round-trip tests project on it.

    Attributes:
        moves: a record of moves; ``False`` for position-only formats (SFEN, BOD), which
            write the final position of the main line.
        branches: variations (変化).
        comments: comments on moves and before the first move.
        times: time per move (``time_resolution`` seconds: 1 for whole seconds).
        total_times: the running total next to each move's time.
        start_positions: arbitrary start positions (not only the standard start).
        start_ply: the number of the start position's next move (KIF's 手数＝, SFEN's last
            field); formats without it write 1, with a ``LossyWriteWarning``.
        headers: record headers (``False``: none at all).
        specials: terminal events such as 投了.
        multiple_games: several games in one text (``loads_all``).
        time_resolution: smallest time step stored, in seconds (``0`` = any decimal).
        special_kinds: the specials it can write (``None``: every ``SpecialKind``).
        special_folds: the specials it writes as another one (the value) or leaves out
            (``None``), each time with a ``LossyWriteWarning``; any other special outside
            ``special_kinds`` is refused (see :mod:`kifu_lark.formats.specials`).
        consecutive_specials: whether a special may follow a special (CSA and KIF write
            each on its line; KI2's one まで line cannot).
        variation_specials: whether a variation may end in a special (or start with one).
        drops: whether moves may be drops (打); ``False`` for notations that cannot write
            them (勝田将棋盤 parameters).
        turns: whether each move says whose it is (CSA's ``+``/``-``, KI2's ▲△, JKF's
            ``color``); ``False`` where sides alternate by rule (KIF's numbered lines, USI,
            勝田将棋盤): a move out of turn, which a declared foul or ``tolerate`` lets
            through, is refused there rather than written as another side's move.
        summary_line: whether it writes back a KIF/KI2 まで line kept as read
            (``game.summary_line``: one that disagrees with the game); any other writer
            leaves it out with a ``LossyWriteWarning`` naming the line.
    """

    moves: bool = True
    branches: bool = False
    comments: bool = False
    times: bool = False
    total_times: bool = False
    start_positions: bool = False
    start_ply: bool = False
    headers: bool = False
    specials: bool = False
    multiple_games: bool = False
    time_resolution: float = 1.0
    special_kinds: frozenset[SpecialKind] | None = None
    special_folds: Mapping[SpecialKind, SpecialKind | None] = field(factory=dict, hash=False)
    consecutive_specials: bool = True
    variation_specials: bool = True
    drops: bool = True
    turns: bool = True
    summary_line: bool = False


@frozen
class ReadOptions:
    """Options every reader understands.

    Attributes:
        tolerate: rule breaches to let through (reported on ``game.warnings``).
        extra: format-specific options, by name.
    """

    tolerate: frozenset[Violation] = frozenset()
    extra: dict[str, Any] = field(factory=dict, hash=False)


@frozen
class WriteOptions:
    """Options every writer understands.

    Attributes:
        mainline_only: write the main line and drop variations instead of refusing them.
        extra: format-specific options (e.g. CSA ``version="2.2"``).
        encoding: the encoding the text will be stored in (``None``: kept as a ``str``);
            writers of formats that declare their encoding declare this one.
    """

    mainline_only: bool = False
    extra: dict[str, Any] = field(factory=dict, hash=False)
    encoding: str | None = None


# Shogi formats read and write ``Game``; formats of other games (シェルト) use their own
# record type, hence ``Any`` here.
Reader = Callable[[str, ReadOptions], list[Any]]
Writer = Callable[[Any, WriteOptions], str]
#: Renders a record's position after ``ply`` moves (``None``: the end) for ``kifu-lark show``.
BoardText = Callable[[Any, int | None], str]
Detector = Callable[[str], float]
#: The encoding to store a text in, from the file extension and the writer's options (CSA
#: V2.2 is Shift_JIS whatever the extension); ``None`` falls back to ``Format.encodings``.
EncodingRule = Callable[[str, dict[str, Any]], str | None]


def _never(_text: str) -> float:
    return 0.0


@frozen
class Format:
    """A registered notation.

    Attributes:
        name: the lowercase id (``"csa"``).
        description: one line for ``kifu-lark formats``.
        extensions: file extensions with the dot (``".kif"``), the first is the default.
        reader: text → games.
        writer: game → text, or ``None`` for a read-only format.
        aliases: other names accepted.
        grammar: the ``.lark`` file in ``kifu_lark.grammars`` defining the syntax.
        variants: the variant names the format holds (``"standard"``, ``"minishogi"``,
            ``"any"`` for every board size).
        min_ranks: the fewest ranks a board it holds may have (SFEN and USI: 2, their
            text tells the board's size by the ``/`` between ranks).
        capabilities: what it can hold.
        detect: a score in [0, 1] that a text is in this format.
        encodings: file encoding to write per extension (default UTF-8).
        game: ``"shogi"`` or another game's name (シェルト formats carry their own model).
        board_text: for formats of other games, how ``kifu-lark show`` draws a record.
        board_svg: for formats of other games, how ``kifu-lark show --svg`` pictures a
            record (same arguments as ``board_text``: the record and a ply or None).
        encoding_rule: chooses the encoding from the writer's options where the extension
            alone does not say it.
        read_options: the names of the reader's own keyword options (``ReadOptions.extra``);
            ``loads`` refuses any other with a ``TypeError``.
        write_options: the same for the writer (CSA ``version``, JKF ``dialect``).
    """

    name: str
    description: str
    extensions: tuple[str, ...]
    reader: Reader
    writer: Writer | None = None
    aliases: tuple[str, ...] = ()
    grammar: str | None = None
    variants: frozenset[str] = frozenset({"standard"})
    min_ranks: int = 1
    capabilities: Capabilities = Capabilities()
    detect: Detector = _never
    encodings: dict[str, str] = field(factory=dict, hash=False)
    game: str = "shogi"
    board_text: BoardText | None = None
    board_svg: BoardText | None = None
    encoding_rule: EncodingRule | None = field(default=None, hash=False)
    read_options: frozenset[str] = frozenset()
    write_options: frozenset[str] = frozenset()

    def holds_variant(self, name: str) -> bool:
        """True when games of variant ``name`` can be written in this format."""
        return "any" in self.variants or name in self.variants

    def encoding_for(self, extension: str, options: dict[str, Any] | None = None) -> str:
        """The encoding ``dump`` uses for a file with ``extension`` written with the writer
        ``options``."""
        if self.encoding_rule is not None:
            chosen = self.encoding_rule(extension.lower(), options or {})
            if chosen is not None:
                return chosen
        return self.encodings.get(extension.lower(), "utf-8")


def names(collection: Collection[Format]) -> list[str]:
    """The names of ``collection`` in order."""
    return [f.name for f in collection]
