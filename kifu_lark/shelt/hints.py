"""What to check or do about each シェルト error code (docs/shelt.md, "What the checker
checks"): the hint an error carries when the place that raises it has no more specific one."""

from __future__ import annotations

HINTS = {
    # the move as written
    "UNKNOWN_PIECE": "name a piece by its three letters (pal … tem) or its kanji (縦 … 永)",
    "WRONG_NUMBER": "plies are numbered 1, 2, 3 … across both sides",
    "WRONG_SIDE": "アルシェ (a, 青) plays the odd plies, ソーン (s, 赤) the even ones",
    "BAD_ANNOTATION": "give each piece of information once, and one teems operation a move",
    "NO_PREVIOUS": "write the square: k-/同 repeats the square the previous ply ended on",
    # where the piece stands
    "EMPTY_SQUARE": "check the square, and the plies before: one may be missing",
    "NOT_ON_BOARD": "the piece was captured or never stood there: check the name and the plies",
    "NOT_THERE": "the piece stands elsewhere: check the square, the name and the plies before",
    "NOT_YOUR_PIECE": "move a piece of the side to move (odd plies are アルシェ's)",
    "OWN_PIECE": "a piece cannot take one of its own side: check the destination",
    "NULL_MOVE": "a move ends on another square; turning in place is written as a turn (kr_)",
    # turning and 随伴
    "NOT_TURNABLE": "only the front row (前衛) and teems turn (方向転換)",
    "NOT_FRONT": "only front-row pieces (前衛), or teems carrying one, move together (随伴)",
    "NOT_ADJACENT": "随伴 moves two pieces that stand side by side, not diagonally",
    "OKKE_VECTOR": "the partner moves by the leader's step: check its destination",
    "OKKE_BLOCKED": "随伴 lands on empty squares only: capture with an ordinary move",
    "OFF_BOARD": "the partner moves by the leader's step and must stay on the 7x7 board",
    # teems
    "NOT_TEEMS": "name teems (tem, 永) or its square for placing, taking back or replacing",
    "NOT_CAPTURED": "place a piece from the side's captures: an enemy piece it has taken",
    "ALREADY_PLACED": "replace it (ft_) or take it back first",
    "NOTHING_PLACED": "take back or replace only the piece this side placed on teems",
    # information
    "CAPTURE_MISMATCH": "this information may be left out: the position determines it",
    "USED_UP_MISMATCH": "this information may be left out: the position determines it",
    "BAD_CHECK": "kt_/ss_ name an enemy piece still on the board after the move",
    "MAGIC_RANGE": "the count is of the enemy's magic pieces the mover holds: 1 to 4",
    "MAGIC_DECREASE": "captured pieces stay captured: a side's count never goes down",
    # records
    "BAD_POSITION": (
        "each piece at most once and teems once on the board; a side holds only enemy "
        "pieces; only front pieces and teems on the board are turned"
    ),
    "BAD_RESULT": "xeltsoldes|artansoldes|teomsast WINNER (artansoldes with points 0-4), or daim",
    "LATE_DIRECTIVE": "write the @ lines before the first move",
    "STATE_MISMATCH": "the move or its slax is wrong: slax is the position after the move",
    "BAD_MSF": "see the Mino Seslax Format 0.2: aptex, kit, fixt, seslax of {ov, slax, mit}",
}


def hint_for(code: str) -> str | None:
    """The hint for ``code`` (``None`` for a code without one)."""
    return HINTS.get(code)
