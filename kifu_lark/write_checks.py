"""What every writer refuses, or warns of, before it writes: what a format declares it
cannot hold (variations, other start positions, a start's move number, a foul's
declaration), checked once here rather than in each writer."""

from __future__ import annotations

import warnings

from kifu_lark.board import FOUL_DECLARATIONS, Board
from kifu_lark.errors import (
    MAINLINE_ONLY,
    IllegalMoveError,
    LossyWriteWarning,
    UnsupportedFeatureError,
)
from kifu_lark.formats.base import Format
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game, Node
from kifu_lark.model.move import SpecialKind


def check_capabilities(game: Game, fmt: Format, mainline_only: bool) -> None:
    """Refuse, for every writer alike, what a format declares it cannot hold: variations
    (unless ``mainline_only``) and start positions other than the variant's usual one."""
    caps = fmt.capabilities
    if not caps.start_positions and game.start.sfen(ply=1) != game.start.variant.start_sfen:
        raise UnsupportedFeatureError(
            f"{fmt.name} holds games from the usual start position only",
            format=fmt.name,
            hint=f"this game starts from {game.start.sfen()}",
        )
    if not caps.start_ply and game.start.ply != 1:
        warnings.warn(
            LossyWriteWarning(
                f"{fmt.name} has no move number for the start position: "
                f"move {game.start.ply} is written as move 1",
                format=fmt.name,
                kind="START_PLY",
                written=None,
            ),
            stacklevel=4,
        )
    if (
        not caps.branches
        and not mainline_only
        and any(node.variations for node in (game.root, *game.root.walk()))
    ):
        raise UnsupportedFeatureError(
            f"{fmt.name} holds one line of moves; the game has variations",
            format=fmt.name,
            hint=f"pass {MAINLINE_ONLY} to drop them",
            settings=(MAINLINE_ONLY,),
        )
    if game.summary_line is not None and not caps.summary_line:
        _summary_line_left_out(game, fmt)
    if caps.moves and not caps.turns:
        _refuse_moves_out_of_turn(game, fmt)
    kinds = caps.special_kinds
    if not caps.specials or (kinds is not None and not FOUL_DECLARATIONS <= kinds):
        _refuse_undeclared_fouls(game, fmt)


def _summary_line_left_out(game: Game, fmt: Format) -> None:
    """A KIF/KI2 まで line kept as read (it disagrees with the game: another count of
    moves, winner or ending) has no place in a format without one: CSA, JKF, USI, BOD,
    SFEN, MSK and 勝田将棋盤 write the special read (its side as written), not the line.
    A comment would read back as a comment, not as the line, so none is written."""
    assert game.summary_line is not None
    warnings.warn(
        LossyWriteWarning(
            f"{fmt.name} has no まで line: the line read, {game.summary_line.text!r}, which "
            "disagrees with the game, is left out (the special read is written)",
            format=fmt.name,
            kind="SUMMARY_LINE",
            written=None,
        ),
        stacklevel=4,
    )


def _refuse_moves_out_of_turn(game: Game, fmt: Format) -> None:
    """A format whose sides alternate by rule (KIF's numbered lines) cannot write a move out
    of turn the game was read with (a wrong turn before ``%-ILLEGAL_ACTION``, or one read
    with ``tolerate``): its reader would read it as the other side's move, and refuse it.
    Any other move out of turn (a tree built by hand) is ``check_tree``'s to refuse."""
    read_so = any(w.code == "WRONG_TURN" for w in game.warnings)
    start = game.start.turn
    # lines through ``next``, variations from a stack (a comparison per node, as check_tree)
    stack: list[tuple[Node | None, Color, int]] = [(game.root.next, start, 1)]
    stack += [(v, start, 1) for v in game.root.variations]
    while stack:
        node, turn, ply = stack.pop()
        while node is not None:
            move = node.move
            if move is not None:
                if move.color is not turn and (read_so or _declared(node)):
                    raise UnsupportedFeatureError(
                        f"{fmt.name} cannot say whose move each is: move {ply} "
                        f"({move.usi()}) is {move.color.kanji}'s, with {turn.kanji} to move",
                        format=fmt.name,
                        hint="a move out of turn (a foul the record declares, or one read "
                        "with tolerate) is written by the formats that mark each move's "
                        "side: CSA, KI2, JKF",
                    )
                turn = move.color.opponent
                ply += 1
            if node.variations:
                stack += [(v, turn, ply) for v in node.variations]
            node = node.next


def _declared(node: Node) -> bool:
    """Whether a special declaring a foul (反則勝ち, ``%ILLEGAL_MOVE``) follows ``node``."""
    after = node.next
    return (
        after is not None and after.special is not None and after.special.kind in FOUL_DECLARATIONS
    )


def _refuse_undeclared_fouls(game: Game, fmt: Format) -> None:
    """A record may end in a foul that its result declares (反則勝ち after an illegal move):
    a format that cannot write that declaration would write a record its reader refuses."""

    caps = fmt.capabilities
    for node in game.root.walk():
        special = node.special
        if special is None or special.kind not in FOUL_DECLARATIONS or node.parent is None:
            continue
        kinds = caps.special_kinds
        if caps.specials and kinds is not None and special.kind in kinds:
            continue
        if caps.specials and kinds is not None and SpecialKind.ILLEGAL_WIN in kinds:
            continue  # ILLEGAL_MOVE after its foul is written as 反則勝ち (formats.specials)
        board = Board(game.start)
        try:
            for step in node.parent.path():
                if step.move is not None:
                    board.push(step.move)
        except IllegalMoveError as err:
            raise UnsupportedFeatureError(
                f"{fmt.name} cannot declare the foul that ends this game "
                f"({special.kind.name} after move {node.parent.ply}: {err.message})",
                format=fmt.name,
                hint="write it in a format that declares fouls (KIF, KI2, CSA, JKF)",
            ) from None
