"""The ``まで N手で…`` line of KIF and KI2, read: the special it names, and what it declares.

A まで line closes a line of moves. Where the line read has no special yet, it adds the one
the まで line names, and the side that line names is the special's (``まで1手で後手の勝ち``
is 先手 resigning, whoever is to move): what the record declares is kept, never recomputed
from the side to move. What it declares is then checked against the line read: the moves
it counts against the moves played, and the winner it names against the winner the special
gives, as the position has it (the side to move resigns, declares, wins by a foul), and
the ending it names against the special line read before it (``まで80手で千日手`` after
``投了``; a plain ``先手の勝ち`` names a winner, not how the game was won, see
:func:`~kifu_lark.rules.endings.summary_describes`). A disagreement is a warning on the game
(``SUMMARY_MOVES``, ``SUMMARY_WINNER``, ``SUMMARY_KIND``), and the main line's まで line is
kept as :class:`~kifu_lark.model.game.SummaryLine` so that the writers write it back as read
(KIF and KI2; every other writer warns that it leaves it out).
"""

from __future__ import annotations

import warnings

from attrs import frozen
from lark import Token

from kifu_lark.errors import KifuSyntaxError, LossyWriteWarning, UnsupportedFeatureError
from kifu_lark.formats.japanese import SPECIAL_WORDS, SUMMARY_HINT, read_summary
from kifu_lark.formats.other_specials import summary_special
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game, Issue, SummaryLine
from kifu_lark.model.move import Special, SpecialKind
from kifu_lark.model.node import Node
from kifu_lark.rules.endings import declared_winner, summary_describes
from kifu_lark.rules.replay import GameBuilder

#: The kinds a まで line names a side with (先手の勝ち, 後手の反則勝ち …): the special's
#: color is the side it names; the others take the side to move.
SIDED = frozenset(
    {
        SpecialKind.RESIGN,
        SpecialKind.TIME_UP,
        SpecialKind.ILLEGAL_WIN,
        SpecialKind.ILLEGAL_LOSS,
        SpecialKind.ENTERING_KING_WIN,
        SpecialKind.DEFAULT_WIN,
        SpecialKind.DEFAULT_LOSS,
    }
)


class SummaryReader:
    """Reads the まで lines of one record into its builder, and keeps the main line's
    where it disagrees (see :meth:`finish`)."""

    def __init__(self, format: str) -> None:
        self.format = format
        # (the node the line closes, what it declares) for each まで line that disagrees
        self.kept: list[tuple[Node, SummaryLine]] = []

    def read(self, builder: GameBuilder, token: Token, add: bool = True) -> bool:
        """Read the まで line ``token`` after the moves ``builder`` has read: add the special
        it names when ``add`` and the line has none yet, and check what it declares.
        Returns whether a special was added.

        Raises:
            KifuSyntaxError: for a move written after the line's result (it would be lost).
        """
        had = builder.node.special
        text = token.strip(" \t　\r\n")
        try:
            result = read_summary(text)
        except ValueError as err:
            raise KifuSyntaxError(
                str(err),
                format=self.format,
                line=token.line,
                column=token.column,
                text=str(token),
                hint=SUMMARY_HINT,
            ) from None
        if result is None:
            return False
        plies, kind, side = result
        added = False
        if had is None and add:
            if kind is not None:
                color = side if kind in SIDED else builder.color
                builder.special(kind, color=color, line=token.line, column=token.column)
                added = True
            elif (word := summary_special(token)) is not None:  # a word no kind names
                builder.special(SpecialKind.OTHER, word=word, line=token.line, column=token.column)
                added = True
        sided = kind is not None and kind in SIDED
        named = declared_winner(Special(kind, side)) if kind is not None and sided else None
        said = _Said(plies, kind, named, sided)
        self._check(builder, text, token, said, had)
        return added

    def _check(
        self,
        builder: GameBuilder,
        text: str,
        token: Token,
        said: _Said,
        before: Special | None,
    ) -> None:
        """Warn where the line's count, ending or winner disagrees with the line read
        (``before``: the special read before the まで line, whose kind is compared)."""
        plies, named, names_side = said.plies, said.winner, said.sided
        played = builder.ply
        node = builder.node
        issues: list[Issue] = []
        if plies != played:
            issues.append(
                Issue(
                    "SUMMARY_MOVES",
                    f"the まで line counts {_moves(plies)}, but the record plays {_moves(played)}",
                    None,  # located by its own line, after the moves
                    token.line,
                    token.column,
                )
            )
        if (
            before is not None
            and said.kind is not None
            and not summary_describes(said.kind, before.kind)
        ):
            issues.append(_kind_issue(text, before, token))
            names_side = False  # the ending differs: its winner is part of that
        special = node.special
        if names_side and special is not None:
            # the winner the special gives where it stands: the side to move resigns,
            # declares or wins by the other side's foul
            implied = declared_winner(Special(special.kind, builder.color, special.word))
            if implied is not named:
                gives = "no winner" if implied is None else f"{implied.kanji} the win"
                assert named is not None  # a sided kind names a side
                issues.append(
                    Issue(
                        "SUMMARY_WINNER",
                        f"the まで line names {named.kanji} the winner, but the "
                        f"{special.kind.name} ending gives {gives} with "
                        f"{builder.color.kanji} to move after {_moves(played)}",
                        None,  # located by its own line, after the moves
                        token.line,
                        token.column,
                    )
                )
        if issues:
            builder.warnings.extend(issues)
            self.kept.append((node, SummaryLine(plies, named, text, said.kind)))

    def finish(self, game: Game) -> Game:
        """Keep on ``game`` the main line's まで line, when it disagreed."""
        for node, line in self.kept:
            if on_main_line(node):
                game.summary_line = line
        return game


@frozen
class _Said:
    """What a まで line says: the moves it counts, the ending it names (``None`` for a word
    no kind names), the winner it names and whether it names a side at all."""

    plies: int
    kind: SpecialKind | None
    winner: Color | None
    sided: bool


#: The hint of a SUMMARY_KIND warning.
SUMMARY_KIND_HINT = (
    "the special line and the まで line should name one ending: correct the one that is "
    "wrong; both are kept as written, and the special line's ending is the game's"
)


def _kind_issue(text: str, special: Special, token: Token) -> Issue:
    """The SUMMARY_KIND warning: the まで line ``text`` names another ending than the
    special line read before it."""
    written = special.word if special.word is not None else SPECIAL_WORDS.get(special.kind)
    return Issue(
        "SUMMARY_KIND",
        f"the まで line {text!r} names another ending than the special line before it, "
        f"{written or special.kind.name} ({special.kind.name})",
        None,  # located by its own line, after the moves
        token.line,
        token.column,
        SUMMARY_KIND_HINT,
    )


def _moves(n: int) -> str:
    return f"{n} move" if n == 1 else f"{n} moves"


def on_main_line(node: Node) -> bool:
    """Whether ``node`` is on its tree's main line (every node above it a first child)."""
    while node.parent is not None:
        if node.parent.children[0] is not node:
            return False
        node = node.parent
    return True


def written_summary(game: Game, format: str, special: Special | None = None) -> str | None:
    """The まで line a KIF or KI2 writer writes for the main line's end: the one kept as
    read (:attr:`Game.summary_line`), or ``None`` to make one from the game.

    ``special`` is the special a KI2 writer states with the line (KI2 has no other place
    for it): a kept line naming another one is left out, with a ``LossyWriteWarning``,
    rather than read back as another ending.

    Raises:
        UnsupportedFeatureError: for a kept line that would not read back as a まで line.
    """
    kept = game.summary_line
    if kept is None:
        return None
    text = kept.text
    try:
        result = None if "\n" in text or "\r" in text else read_summary(text)
    except ValueError:
        result = None
    if result is None or result[0] != kept.plies:
        raise UnsupportedFeatureError(
            f"{format} cannot write the まで line {text!r}: it would not read back as itself",
            format=format,
            text=text,
            hint="game.summary_line.text is a まで line (まで64手で先手の勝ち) counting its "
            "plies; set game.summary_line to None to write the line the game gives",
        )
    if special is not None and not _states(text, result[1], result[2], special):
        warnings.warn(
            LossyWriteWarning(
                f"{format} states the {special.kind.name} ending in its まで line: the "
                f"まで line read, {text!r}, names another and is left out",
                format=format,
                kind="SUMMARY_LINE",
                written=None,
            ),
            stacklevel=3,
        )
        return None
    return text


def _states(text: str, kind: SpecialKind | None, side: Color | None, special: Special) -> bool:
    """Whether a KI2 reader reads ``special`` back from the まで line ``text`` (``kind``
    and ``side`` as :func:`read_summary` gives them; the side counts for a kind naming one,
    the others taking the side to move)."""
    if kind is None:
        word = summary_special(text)
        return special.kind is SpecialKind.OTHER and word is not None and word == special.word
    return kind is special.kind and (kind not in SIDED or side is special.color)
