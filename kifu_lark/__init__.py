"""kifu-lark: read, convert and validate shogi game records with Lark grammars.

>>> import kifu_lark
>>> game = kifu_lark.loads("position startpos moves 7g7f 3c3d 8h2b+", "usi")
>>> game.position_at(game.mainline()[-1]).sfen()
'lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPP1P/7R1/LNSGKGSNL w B 4'
"""

import importlib
from typing import Any

# _build first: with KIFU_LARK_PURE=1 no compiled module may load before it is imported.
from kifu_lark import _build
from kifu_lark import api as _api
from kifu_lark.api import dump, dumps, load, load_all, loads, loads_all
from kifu_lark.board import Board, ImpasseDeclaration, Outcome, Termination
from kifu_lark.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidRecordError,
    KifuEncodingError,
    KifuError,
    KifuFileNotFoundError,
    KifuIOError,
    KifuSyntaxError,
    KifuWarning,
    LossyWriteWarning,
    MultipleGamesWarning,
    PVError,
    UnknownFormatError,
    UnsupportedFeatureError,
    VerdictError,
)
from kifu_lark.formats.base import Capabilities, Format
from kifu_lark.formats.evaluation import parse_evaluation
from kifu_lark.formats.registry import get_format
from kifu_lark.model import (
    MATE_UNKNOWN_LENGTH,
    MINISHOGI,
    STANDARD,
    Color,
    Evaluation,
    Game,
    Hand,
    HeaderKey,
    Headers,
    Move,
    Node,
    Piece,
    PieceKind,
    Position,
    Special,
    SpecialKind,
    Square,
    SummaryLine,
    Time,
    Variant,
    find_variant,
)
from kifu_lark.rating import ratings
from kifu_lark.record.verdicts import Verdict, verdict
from kifu_lark.rules import replay as _engine
from kifu_lark.views import install_views

__version__ = "0.1.0"

# The model's views (Game.positions, Node.evaluation, the notebook pictures) reach the
# layers above the model through what this installs: see kifu_lark.model.views.
install_views()

compiled: bool = _build.is_compiled(_engine)
"""True when the rules engine and the readers run compiled with mypyc (see README, "Compiled
build"); False for the pure-Python build (no C compiler at install, or ``KIFU_LARK_PURE=1``)."""


class _Formats:
    # `kifu_lark.formats` names both this function and the subpackage of readers. A plain
    # function here hid the subpackage from `import kifu_lark.formats.csa as csa`, which looks
    # the name up attribute by attribute; so calls list the formats and attributes reach the
    # subpackage.
    __doc__ = _api.formats.__doc__

    def __call__(self) -> list[str]:
        return _api.formats()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(importlib.import_module("kifu_lark.formats"), name)

    def __repr__(self) -> str:
        return "<function kifu_lark.formats>"


formats = _Formats()


__all__ = [
    "MATE_UNKNOWN_LENGTH",
    "MINISHOGI",
    "STANDARD",
    "AmbiguousMoveError",
    "Board",
    "Capabilities",
    "Color",
    "Evaluation",
    "Format",
    "Game",
    "Hand",
    "HeaderKey",
    "Headers",
    "IllegalMoveError",
    "ImpasseDeclaration",
    "InvalidRecordError",
    "KifuEncodingError",
    "KifuError",
    "KifuFileNotFoundError",
    "KifuIOError",
    "KifuSyntaxError",
    "KifuWarning",
    "LossyWriteWarning",
    "Move",
    "MultipleGamesWarning",
    "Node",
    "Outcome",
    "PVError",
    "Piece",
    "PieceKind",
    "Position",
    "Special",
    "SpecialKind",
    "Square",
    "SummaryLine",
    "Termination",
    "Time",
    "UnknownFormatError",
    "UnsupportedFeatureError",
    "Variant",
    "Verdict",
    "VerdictError",
    "compiled",
    "dump",
    "dumps",
    "find_variant",
    "formats",
    "get_format",
    "load",
    "load_all",
    "loads",
    "loads_all",
    "parse_evaluation",
    "ratings",
    "verdict",
]
