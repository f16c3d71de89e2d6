"""The record shapes real programs write, each beside the same moves without its feature.

Issue 33's "no cliffs": a shape that real programs write must read within 1.25x of the same
moves without that feature. Each :class:`Shape` holds both sets of texts, written by our own
writers from :mod:`benchmarks.realistic` games (so that the texts do not depend on which
other libraries are installed) and decorated with the feature:

- a feature that adds text to every move (engine lines, analysis lines, variations) is
  compared per move, every move read counting (a variation's too);
- a fixed block per record (comment lines before the version line, V3.0's encoding line, a
  board-diagram start) is compared per record, both sides holding as many moves;
- a very long line (a 1 MB comment line) is compared with the same characters in lines of
  ordinary length: a long line should cost what its characters cost, whichever way it is
  read.

``python -m benchmarks shapes`` times them; ``python -m benchmarks.instructions --shapes``
counts their instructions (deterministic).
"""

from __future__ import annotations

import random
import re
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import kifu_lark
from benchmarks import realistic
from kifu_lark.errors import LossyWriteWarning
from kifu_lark.formats.diagram import write_diagram
from kifu_lark.model.game import Game, Node
from kifu_lark.model.position import Position
from kifu_lark.rules.board import Board
from kifu_lark.rules.movegen import legal_moves

BAR = 1.25
"""The most a shape may cost over the same moves without its feature (issue 33, step 6)."""

PLIES = 100
"""Moves of each record's main line."""

LONG_LINE = 1_000_000
"""Characters of the very long comment line."""

LONG_RECORDS = 3
"""Records of the long-line shapes (each holds a line of ``LONG_LINE`` characters)."""

GAMES_PER_TEXT = 5
"""Records in each text of the multi-game CSA shape."""


@dataclass(frozen=True)
class Shape:
    """A record shape: texts with its feature and the same moves without it."""

    name: str
    format: str
    feature: str
    per: str
    """What the ratio is taken per: ``move``, ``record`` or ``character``."""
    with_feature: tuple[str, ...]
    without: tuple[str, ...]
    moves_with: int
    """Every move read in ``with_feature`` (variations' too)."""
    moves_without: int

    def ratio(self, cost_with: float, cost_without: float) -> float:
        """The cost of a move with the feature over one without, from the costs of reading
        each set of texts (for the fixed-block and long-line shapes both hold the same moves:
        the ratio per record, per character)."""
        return (cost_with / self.moves_with) / (cost_without / self.moves_without)


# ---------------------------------------------------------------------------------------
# The texts, one function per decoration


def _csa_v22(plan: realistic.Plan) -> str:
    """Our CSA writer's record as a server writes it (``+7776FU,T12``), version V2.2 and no
    encoding line: the plain shape the CSA shapes decorate."""
    text = realistic.decorated_csa(plan, floodgate=False)
    head, _, rest = text.partition("V3.0\n")
    assert head == "'CSA encoding=UTF-8\n", head
    return "V2.2\n" + rest


def _csa_summary_first(plan: realistic.Plan) -> str:
    """Floodgate's summary block, placed before the version line."""
    rng = random.Random(plan.seed)
    black, white = plan.engines
    block = (
        f"'summary:toryo:{black} win:{white} lose\n"
        f"'black_rate:{black}+{rng.getrandbits(64):016x}:{rng.uniform(1500, 4000):.1f}\n"
        f"'white_rate:{white}+{rng.getrandbits(64):016x}:{rng.uniform(1500, 4000):.1f}\n"
        f"'rating:{black}:{white}\n"
    )
    return block + _csa_v22(plan)


def _csa_engine_lines(plan: realistic.Plan) -> str:
    """Floodgate's ``'** score pv…`` line after every move."""
    rng = random.Random(plan.seed)
    out: list[str] = []
    ply = 0
    for line in _csa_v22(plan).split("\n"):
        out.append(line)
        if line[:1] in "+-" and ",T" in line:
            out.append(realistic.engine_line(rng, plan, ply))
            ply += 1
    return "\n".join(out)


def _csa_v30(plan: realistic.Plan) -> str:
    """V3.0 with its encoding line, as our writer and ShogiHome write it."""
    return "'CSA encoding=UTF-8\nV3.0\n" + _csa_v22(plan).removeprefix("V2.2\n")


def _long_comment(mark: str) -> str:
    """A comment line of ``LONG_LINE`` characters (letters, digits and kana, no line end)."""
    rng = random.Random(LONG_LINE)
    words = ("評価値", "読み筋", "abc", "12345", "▲７六歩", "△３四歩", "depth", "nodes")
    out: list[str] = []
    size = 0
    while size < LONG_LINE:
        word = rng.choice(words)
        out.append(word)
        size += len(word) + 1
    return mark + " ".join(out)[:LONG_LINE]


def _split(line: str, mark: str, width: int = 100) -> str:
    """``line`` (a comment) cut into comment lines of ``width`` characters."""
    body = line[len(mark) :]
    return "\n".join(mark + body[at : at + width] for at in range(0, len(body), width))


def _after_move(text: str, ply: int, is_move: Callable[[str], bool], insert: str) -> str:
    """``text`` with ``insert`` (lines) placed after its ``ply``-th move line (from 1)."""
    lines = text.split("\n")
    seen = 0
    for at, line in enumerate(lines):
        if is_move(line):
            seen += 1
            if seen == ply:
                return "\n".join([*lines[: at + 1], insert, *lines[at + 1 :]])
    raise ValueError(f"no move {ply} in the text")


def _csa_move(line: str) -> bool:
    return line[:1] in "+-" and len(line) > 1


def _kif_move(line: str) -> bool:
    return line[:4].strip().isdigit()


def _kif(game: Game) -> str:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LossyWriteWarning)
        return kifu_lark.dumps(game, "kif")


def _kif_analysis(plan: realistic.Plan) -> str:
    """Kifu for Windows' ``**解析 …`` comment line after every move."""
    rng = random.Random(plan.seed)
    game = realistic.game(plan)
    for ply, node in enumerate(n for n in game.mainline() if n.move is not None):
        node.comments = [realistic.analysis_line(rng, plan, ply)[1:]]
    return _kif(game)


def with_variations(game: Game, seed: int, every: int = 10, length: int = 6) -> Game:
    """``game`` with a variation of up to ``length`` random legal moves branching off every
    ``every``-th move of its main line (a different move from the main line's)."""
    rng = random.Random(seed)
    board = Board.from_position(game.start)
    node: Node = game.root
    ply = 0
    while node.children:
        main = node.children[0]
        if main.move is None:
            break
        ply += 1
        if ply % every == every // 2:
            branch = Board.from_position(board.to_position())
            others = [m for m in legal_moves(branch) if m != main.move]
            if others:
                tip = node.add_variation(branch.push(rng.choice(others)))
                for _ in range(length - 1):
                    legal = legal_moves(branch)
                    if not legal:
                        break
                    tip = tip.add_variation(branch.push(rng.choice(legal)))
        board.push(main.move)
        node = main
    return game


# ---------------------------------------------------------------------------------------
# The shapes


def _pairs(
    plans: Sequence[realistic.Plan],
    with_feature: Callable[[realistic.Plan], str],
    without: Callable[[realistic.Plan], str],
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return tuple(map(with_feature, plans)), tuple(map(without, plans))


def _kif_plain(plan: realistic.Plan) -> str:
    return _kif(realistic.game(plan))


def _long_line_pair(
    plans: Sequence[realistic.Plan],
    plain: Callable[[realistic.Plan], str],
    mark: str,
    is_move: Callable[[str], bool],
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The long comment line after the middle move of each record, and the same characters
    in comment lines of ordinary length there."""
    long = _long_comment(mark)
    short = _split(long, mark)
    chosen = plans[:LONG_RECORDS]
    return (
        tuple(_after_move(plain(p), len(p.moves) // 2, is_move, long) for p in chosen),
        tuple(_after_move(plain(p), len(p.moves) // 2, is_move, short) for p in chosen),
    )


def _multi_game(
    plans: Sequence[realistic.Plan],
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``GAMES_PER_TEXT`` records to a text, ``/`` between them, and each record alone."""
    single = [_csa_v22(p) for p in plans]
    joined = tuple(
        "/\n".join(single[at : at + GAMES_PER_TEXT]) for at in range(0, len(single), GAMES_PER_TEXT)
    )
    return joined, tuple(single)


def _kif_diagram(plan: realistic.Plan) -> str:
    """The record with its start drawn as a board diagram (the standard start, drawn) in
    place of ``手合割：平手``: the same moves from the same positions, so that the diagram's
    cost alone shows (a real diagram starts some moves in, where the rules cost more a
    move)."""
    drawn = "\n".join(write_diagram(Position.initial())) + "\n"
    text = _kif_plain(plan)
    assert "手合割：平手\n" in text
    return text.replace("手合割：平手\n", drawn, 1)


def _kif_diagram_rotated(plan: realistic.Plan) -> str:
    """The drawn start behind Kifu for Windows' ``盤面回転`` line (tsume records carry it)."""
    return _kif_diagram(plan).replace("後手の持駒：なし\n", "盤面回転\n後手の持駒：なし\n", 1)


DIAGRAM_PLY = 20
"""The ``手数＝`` line of the diagram shape that has one."""


def _kif_diagram_ply(plan: realistic.Plan) -> str:
    """The drawn start with a ``手数＝`` line after it, as a real diagram some moves into a
    game has, the moves numbered on from it (as Kifu for Windows numbers them)."""
    text = _kif_diagram(plan).replace(
        "先手の持駒：なし\n", f"先手の持駒：なし\n手数＝{DIAGRAM_PLY}\n", 1
    )
    return re.sub(
        r"^ *([0-9]+) ",
        lambda m: f"{int(m[1]) + DIAGRAM_PLY:>4} ",
        text,
        flags=re.MULTILINE,
    )


def _ki2_plain(plan: realistic.Plan) -> str:
    return kifu_lark.dumps(realistic.game(plan), "ki2")


def _kif_variations(plan: realistic.Plan) -> str:
    return _kif(with_variations(realistic.game(plan), plan.seed))


def _ki2_variations(plan: realistic.Plan) -> str:
    return kifu_lark.dumps(with_variations(realistic.game(plan), plan.seed), "ki2")


Pair = tuple[tuple[str, ...], tuple[str, ...]]

#: Each shape: its format, its feature, what its ratio is per, and its texts from the plans.
_TABLE: dict[str, tuple[str, str, str, Callable[[Sequence[realistic.Plan]], Pair]]] = {
    "csa-comments-first": (
        "csa",
        "floodgate's summary block (4 comment lines) before V2.2",
        "record",
        lambda plans: _pairs(plans, _csa_summary_first, _csa_v22),
    ),
    "csa-engine-lines": (
        "csa",
        "a '** engine line after every move",
        "move",
        lambda plans: _pairs(plans, _csa_engine_lines, _csa_v22),
    ),
    "csa-v30": (
        "csa",
        "V3.0 with its encoding line (against V2.2)",
        "record",
        lambda plans: _pairs(plans, _csa_v30, _csa_v22),
    ),
    "csa-multi-game": (
        "csa",
        f"{GAMES_PER_TEXT} records to a text, / between them",
        "move",
        _multi_game,
    ),
    "csa-long-line": (
        "csa",
        "a 1 MB ' comment line (against the same text in 100-character lines)",
        "character",
        lambda plans: _long_line_pair(plans, _csa_v22, "'", _csa_move),
    ),
    "kif-analysis": (
        "kif",
        "a **解析 analysis line after every move (Kifu for Windows)",
        "move",
        lambda plans: _pairs(plans, _kif_analysis, _kif_plain),
    ),
    "kif-diagram": (
        "kif",
        "a board-diagram start (the standard start drawn, against 手合割：平手)",
        "record",
        lambda plans: _pairs(plans, _kif_diagram, _kif_plain),
    ),
    "kif-diagram-ply": (
        "kif",
        f"a board-diagram start with 手数＝{DIAGRAM_PLY} (against 手合割：平手)",
        "record",
        lambda plans: _pairs(plans, _kif_diagram_ply, _kif_plain),
    ),
    "kif-diagram-rotated": (
        "kif",
        "a board-diagram start behind 盤面回転 (against 手合割：平手)",
        "record",
        lambda plans: _pairs(plans, _kif_diagram_rotated, _kif_plain),
    ),
    "kif-variations": (
        "kif",
        "変化 variations (6 moves off every 10th move)",
        "move",
        lambda plans: _pairs(plans, _kif_variations, _kif_plain),
    ),
    "kif-long-line": (
        "kif",
        "a 1 MB * comment line (against the same text in 100-character lines)",
        "character",
        lambda plans: _long_line_pair(plans, _kif_plain, "*", _kif_move),
    ),
    "ki2-variations": (
        "ki2",
        "変化 variations (6 moves off every 10th move)",
        "move",
        lambda plans: _pairs(plans, _ki2_variations, _ki2_plain),
    ),
}

SHAPES = tuple(_TABLE)
"""The shapes' names."""


def shapes(count: int = 30, seed: int = 40_000, names: Sequence[str] = SHAPES) -> list[Shape]:
    """The shapes of ``names`` on ``count`` records of ``PLIES`` moves (seeds ``seed`` …;
    the long-line shapes on ``LONG_RECORDS`` of them), from the standard start but the
    diagram's."""
    plans = [realistic.plan(seed + i, PLIES) for i in range(count)]
    found: list[Shape] = []
    for name in names:
        fmt, feature, per, make = _TABLE[name]
        with_feature, without = make(plans)
        moves_with, moves_without = moves_read(fmt, with_feature), moves_read(fmt, without)
        found.append(
            Shape(name, fmt, feature, per, with_feature, without, moves_with, moves_without)
        )
    return found


def moves_read(fmt: str, texts: Sequence[str]) -> int:
    """Every move our reader reads in ``texts`` (variations' too, every record's)."""
    total = 0
    for text in texts:
        for game in kifu_lark.loads_all(text, fmt):
            stack = list(game.root.children)
            while stack:
                node = stack.pop()
                total += node.move is not None
                stack.extend(node.children)
    return total
