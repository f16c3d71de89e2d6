"""The record layer: what a game record means once its moves are played.

It sits above the rules engine and below the formats: the model (:mod:`kifu_lark.model`)
holds the record as data, the rules engine plays moves, and this layer replays a line of a
game's tree through the engine (the positions along it, the position at a node, the
evaluations with their principal variations played). ``Game.positions()`` and its kin call
these functions (see :mod:`kifu_lark.model.views`). :func:`check_tree` replays a whole tree
as its readers would, before a writer writes it. :func:`verdict` weighs the ending a
line declares against what the rules say of its last position. :func:`watch_reads` shows
a function each position the readers play, as they play it.
"""

from kifu_lark.record.line import evaluations, position_at, positions
from kifu_lark.record.tree_check import check_tree
from kifu_lark.record.verdicts import Verdict, plays_as_read, verdict, verdict_played
from kifu_lark.record.watch import Watcher, watch_reads

__all__ = [
    "Verdict",
    "Watcher",
    "check_tree",
    "evaluations",
    "plays_as_read",
    "position_at",
    "positions",
    "verdict",
    "verdict_played",
    "watch_reads",
]
