"""Rule codes: each breach a move can commit, with a message template."""

from __future__ import annotations

import enum

from kifu_lark.errors import Setting


class Violation(enum.Enum):
    """A rule a move breaks. The value is the stable code used in errors and reports."""

    OFF_BOARD = "OFF_BOARD"
    NO_PIECE = "NO_PIECE"
    NOT_OWN_PIECE = "NOT_OWN_PIECE"
    PIECE_MISMATCH = "PIECE_MISMATCH"
    PIECE_NOT_IN_VARIANT = "PIECE_NOT_IN_VARIANT"
    BAD_MOVEMENT = "BAD_MOVEMENT"
    PATH_BLOCKED = "PATH_BLOCKED"
    OWN_PIECE_ON_TARGET = "OWN_PIECE_ON_TARGET"
    NOT_IN_HAND = "NOT_IN_HAND"
    DROP_PROMOTED = "DROP_PROMOTED"
    DROP_ON_PIECE = "DROP_ON_PIECE"
    PROMOTION_OUTSIDE_ZONE = "PROMOTION_OUTSIDE_ZONE"
    UNPROMOTABLE = "UNPROMOTABLE"
    ALREADY_PROMOTED = "ALREADY_PROMOTED"
    UNPROMOTE = "UNPROMOTE"
    DEAD_PIECE = "DEAD_PIECE"
    TWO_PAWNS = "TWO_PAWNS"
    PAWN_DROP_MATE = "PAWN_DROP_MATE"
    KING_IN_CHECK = "KING_IN_CHECK"
    WRONG_TURN = "WRONG_TURN"
    CAPTURE_MISMATCH = "CAPTURE_MISMATCH"
    NO_PREVIOUS_MOVE = "NO_PREVIOUS_MOVE"
    RELATIVE_MISMATCH = "RELATIVE_MISMATCH"

    @property
    def message(self) -> str:
        """A short description of the rule."""
        return _MESSAGES[self]

    @property
    def hint(self) -> str:
        """What to check or do about the breach (for tolerable ones: how to read it anyway)."""
        hint = _HINTS[self]
        for setting in self.settings:
            hint += f"; {setting} reads it and reports it"
        return hint

    @property
    def settings(self) -> tuple[Setting, ...]:
        """The setting the hint names: for a tolerable breach, ``tolerate`` with its name."""
        name = next((k for k, v in TOLERABLE.items() if v is self), None)
        return () if name is None else (Setting("tolerate", (name,)),)


_MESSAGES = {
    Violation.OFF_BOARD: "square is off the board",
    Violation.NO_PIECE: "no piece on the origin square",
    Violation.NOT_OWN_PIECE: "the piece on the origin belongs to the other side",
    Violation.PIECE_MISMATCH: "the piece named is not the piece on the origin square",
    Violation.PIECE_NOT_IN_VARIANT: "this piece is not used in this variant",
    Violation.BAD_MOVEMENT: "the piece cannot move that way",
    Violation.PATH_BLOCKED: "the path is blocked",
    Violation.OWN_PIECE_ON_TARGET: "the destination holds one's own piece",
    Violation.NOT_IN_HAND: "the piece is not in hand",
    Violation.DROP_PROMOTED: "a promoted piece cannot be dropped",
    Violation.DROP_ON_PIECE: "a piece can only be dropped on an empty square",
    Violation.PROMOTION_OUTSIDE_ZONE: "promotion outside the promotion zone",
    Violation.UNPROMOTABLE: "this piece cannot promote",
    Violation.ALREADY_PROMOTED: "the piece is already promoted",
    Violation.UNPROMOTE: "a promoted piece cannot turn back",
    Violation.DEAD_PIECE: "the piece would have no legal move left (行き所のない駒)",
    Violation.TWO_PAWNS: "a second unpromoted pawn on the same file (二歩)",
    Violation.PAWN_DROP_MATE: "checkmate by a pawn drop (打ち歩詰め)",
    Violation.KING_IN_CHECK: "the move leaves or puts one's own king in check",
    Violation.WRONG_TURN: "it is the other side's turn",
    Violation.CAPTURE_MISMATCH: "the captured piece named is not the piece on the destination",
    Violation.NO_PREVIOUS_MOVE: "同 (same square) with no previous move",
    Violation.RELATIVE_MISMATCH: "the words 右 左 上 引 寄 直 fit no piece that can go there",
}

_HINTS = {
    Violation.OFF_BOARD: "check the square's file and rank against the board's size",
    Violation.NO_PIECE: "check the origin square, and the moves before: one may be missing",
    Violation.NOT_OWN_PIECE: "check the side to move and the origin: a move may be missing",
    Violation.PIECE_MISMATCH: "the origin holds another piece: check the piece or the origin",
    Violation.PIECE_NOT_IN_VARIANT: "this variant's set has no such piece",
    Violation.BAD_MOVEMENT: "check the destination and the origin: the piece cannot get there",
    Violation.PATH_BLOCKED: "a piece stands between the origin and the destination",
    Violation.OWN_PIECE_ON_TARGET: "check the destination, and the moves before this one",
    Violation.NOT_IN_HAND: "a drop needs the piece in hand: check the drop and the captures",
    Violation.DROP_PROMOTED: "drop the unpromoted piece: a piece returns to hand unpromoted",
    Violation.DROP_ON_PIECE: "check the destination; a board move names its origin",
    Violation.PROMOTION_OUTSIDE_ZONE: "the origin or the destination must be in the far ranks",
    Violation.UNPROMOTABLE: "gold and king never promote: leave the promotion out",
    Violation.ALREADY_PROMOTED: "leave the promotion out: the piece is promoted already",
    Violation.UNPROMOTE: "name the piece as promoted: it stays promoted",
    Violation.DEAD_PIECE: "promote the piece on this move",
    Violation.TWO_PAWNS: "the file already holds an unpromoted pawn of this side",
    Violation.PAWN_DROP_MATE: "a pawn drop may check, not mate",
    Violation.KING_IN_CHECK: "check the move: the king must not be left in check",
    Violation.WRONG_TURN: "check the side marks: a move may be missing or doubled",
    Violation.CAPTURE_MISMATCH: "check the captured piece named",
    Violation.NO_PREVIOUS_MOVE: "write the square: 同 needs a move before it",
    Violation.RELATIVE_MISMATCH: "check the words against the pieces that can reach the square",
}

#: Breaches that real records contain and that ``tolerate=`` may let through, by name.
TOLERABLE = {
    "two_pawns": Violation.TWO_PAWNS,
    "wrong_turn": Violation.WRONG_TURN,
    "pawn_drop_mate": Violation.PAWN_DROP_MATE,
    "dead_piece": Violation.DEAD_PIECE,
    "king_in_check": Violation.KING_IN_CHECK,
    "relative_words": Violation.RELATIVE_MISMATCH,
}
#: Every tolerable breach: what a record may hold once it has been read (with ``tolerate``,
#: or as a foul its result declares), so what replaying a game already read lets through.
ALL_TOLERABLE = frozenset(TOLERABLE.values())
