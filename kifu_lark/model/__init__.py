"""The shared record model: attrs value types and the game tree."""

from kifu_lark.model.color import Color
from kifu_lark.model.evaluation import MATE_UNKNOWN_LENGTH, Evaluation
from kifu_lark.model.game import Game, Issue, Node, SummaryLine
from kifu_lark.model.hand import Hand
from kifu_lark.model.handicap import HANDICAPS, handicap_name, handicap_position
from kifu_lark.model.headers import HeaderKey, Headers
from kifu_lark.model.move import Move, Special, SpecialKind, Time
from kifu_lark.model.piece import HAND_KINDS, Piece, PieceKind
from kifu_lark.model.position import Position
from kifu_lark.model.square import Square
from kifu_lark.model.variant import MINISHOGI, STANDARD, Variant, board_variant, find_variant

__all__ = [
    "HANDICAPS",
    "HAND_KINDS",
    "MATE_UNKNOWN_LENGTH",
    "MINISHOGI",
    "STANDARD",
    "Color",
    "Evaluation",
    "Game",
    "Hand",
    "HeaderKey",
    "Headers",
    "Issue",
    "Move",
    "Node",
    "Piece",
    "PieceKind",
    "Position",
    "Special",
    "SpecialKind",
    "Square",
    "SummaryLine",
    "Time",
    "Variant",
    "board_variant",
    "find_variant",
    "handicap_name",
    "handicap_position",
]
