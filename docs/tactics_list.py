"""Regenerate the list of shipped tactics in docs/tactics.md and a picture of each
(docs/tactics/<name>.svg): ``make tactics-docs``.

Each picture is the position of a fixture game (fixtures/tactics/*.expect) at the move where
the tactic is found, that move highlighted and the squares its pattern names marked. The list
sits between the two marker lines of docs/tactics.md; tests/tactics/test_docs.py checks that
it matches ``kifu_lark.tactics.names()``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import kifu_lark
from kifu_lark import tactics
from kifu_lark.render.svg import svg_board

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "tactics.md"
PICTURES = ROOT / "docs" / "tactics"
FIXTURES = ROOT / "fixtures" / "tactics"
BEGIN, END = "<!-- tactics list: make tactics-docs -->", "<!-- end of tactics list -->"


def first_fixture(name: str) -> tuple[Path, str, int] | None:
    """A fixture record where ``name`` is claimed found: (record, side, ply), the tactic's own
    game first (so that another game added later does not change its picture), then 先手's."""
    found = []
    for expect in sorted(FIXTURES.glob("*.expect")):
        for line in expect.read_text(encoding="utf-8").splitlines():
            words = line.split("#", 1)[0].split()
            if len(words) == 3 and words[1] == name and words[2].isdigit():
                other = expect.stem != name
                found.append((other, words[0] != "先手", expect, words[0], int(words[2])))
    if not found:
        return None
    _, _, expect, side, ply = min(found)
    record = next(
        expect.with_suffix(s) for s in (".kif", ".ki2", ".csa") if expect.with_suffix(s).exists()
    )
    return record, side, ply


def picture(tactic: tactics.Tactic) -> str | None:
    """The SVG of ``tactic`` found in its fixture, or ``None`` without a fixture."""
    where = first_fixture(tactic.name)
    if where is None:
        return None
    record, side, ply = where
    game = kifu_lark.load(record)
    node = game.mainline()[ply - 1]
    position = game.position_at(node)

    # The squares find() says matched: the pattern's as placed on the board (a pattern
    # drawn around the moved piece, or mirrored, stands elsewhere than drawn) and the pieces
    # its motion clauses point at.
    hits = [
        f
        for f in tactics.find(game, tactics=[tactic])
        if f.name == tactic.name and f.side.kanji == side
    ]
    found = [*hits[0].squares, *hits[0].targets] if hits else []
    marks = [square for square in dict.fromkeys(found) if position[square] is not None]
    title = f"{tactic.category} {tactic.name}: {side} move {ply} of {record.name}"
    return svg_board(position, node.move, marks, title=title)


def listing() -> str:
    """The Markdown list: shipped tactics with pictures, then the notes."""
    lines = ["| category | name | other names | found in | picture |", "|---|---|---|---|---|"]
    by_name = {t.name: t for t in tactics.shipped()}
    PICTURES.mkdir(exist_ok=True)
    for entry in tactics.names():
        tactic = by_name.get(entry.name)
        shown, source = "", ""
        if tactic is not None:
            svg = picture(tactic)
            where = first_fixture(entry.name)
            if svg is not None and where is not None:
                (PICTURES / f"{entry.name}.svg").write_text(svg, encoding="utf-8")
                shown = f"![{entry.name}](tactics/{entry.name}.svg)"
                source = f"`{where[0].name}` move {where[2]}"
        else:
            source = "a note (see Notes)"
        aliases = ", ".join(entry.aliases)
        lines.append(f"| {entry.category} | {entry.name} | {aliases} | {source} | {shown} |")
    return "\n".join(lines)


def main() -> int:
    text = DOC.read_text(encoding="utf-8")
    head, begin, rest = text.partition(BEGIN)
    _, end, tail = rest.partition(END)
    if not begin or not end:
        print(f"{DOC}: the marker lines {BEGIN!r} and {END!r} are missing", file=sys.stderr)
        return 2
    DOC.write_text(head + BEGIN + "\n" + listing() + "\n" + END + tail, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
