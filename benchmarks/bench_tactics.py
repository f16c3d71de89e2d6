"""What finding tactics costs on top of reading: KIF records read and validated, against
read, validated and searched for every shipped tactic and note (``kifu_lark.tactics.find``).
Target (issue 38): at most 30 % more time, with 250 tactics. The same ratio in instructions,
steady on a busy machine: ``python -m benchmarks.instructions --tactics``.

Records: the realistic set (``benchmarks.realistic``: players, times, one in five from a
board diagram), the fixture games of fixtures/tactics (real openings, repeated) and the
shared corpus's KIF and KI2 records when present."""

from __future__ import annotations

from pathlib import Path

import kifu_lark
from benchmarks import realistic
from benchmarks.common import corpus_records, rounds_in_turn
from kifu_lark import tactics

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "tactics"
#: ``find`` given no tactic file: the matcher's replay of the line and the notes (備考) only.
NO_TACTICS: tuple[tactics.Tactic, ...] = ()


def measure(label: str, texts: list[tuple[str, str]]) -> None:
    """Print both rates and the overhead of ``find`` for ``texts`` ((text, format) pairs)."""
    if not texts:
        return
    games = [kifu_lark.loads(text, fmt) for text, fmt in texts]
    moves = sum(1 for g in games for n in g.mainline() if n.move is not None)

    def read() -> None:
        for text, fmt in texts:
            kifu_lark.loads(text, fmt)

    def read_and_find() -> None:
        for text, fmt in texts:
            tactics.find(kifu_lark.loads(text, fmt))

    def read_and_replay() -> None:
        for text, fmt in texts:
            tactics.find(kifu_lark.loads(text, fmt), tactics=NO_TACTICS)

    best, ratios = rounds_in_turn([read, read_and_find, read_and_replay], repeat=7)
    plain, searched, _ = best
    # the overheads from each round's own ratios (a round's runs follow each other)
    overhead = (ratios[1] - 1) * 100
    floor = (ratios[2] - 1) * 100
    print(
        f"{label}: read+validate {moves / plain:,.0f} moves/s, +find {moves / searched:,.0f} "
        f"moves/s: find costs {overhead:.0f} % (the median round's; {len(texts)} records, "
        f"{moves} moves, {len(tactics.names())} tactics and notes; its replay and notes alone, no "
        f"tactic file: {floor:.0f} %)",
        flush=True,
    )


def main() -> None:
    """The realistic records, the tactic fixtures and the corpus, in turn."""
    tactics.shipped()  # read the files once, outside the timing
    measure("realistic kif", [(realistic.kif_text(p), "kif") for p in realistic.plans()])
    fixtures = [(p.read_text(encoding="utf-8"), "kif") for p in sorted(FIXTURES.glob("*.kif"))]
    measure("fixture openings kif (x20)", fixtures * 20)
    for suffixes, fmt in (((".kif", ".kifu"), "kif"), ((".ki2", ".ki2u"), "ki2")):
        found, _ = corpus_records(suffixes, fmt)
        measure(f"corpus {fmt}", [(text, fmt) for text in found])
