"""docs/tactics.md keeps up with the shipped tactics, and its worked example is a valid file."""

from __future__ import annotations

import re

from kifu_lark import tactics
from kifu_lark.tactics.language import parse_tactic
from tests.conftest import ROOT

DOC = ROOT / "docs" / "tactics.md"


def test_the_list_matches_names() -> None:
    """Every row of the list is a tactic of names(), with its aliases, and every one has a
    row (regenerate with `make tactics-docs`); every shipped file has its picture."""
    text = DOC.read_text(encoding="utf-8")
    listed = text.split("<!-- tactics list: make tactics-docs -->")[1]
    listed = listed.split("<!-- end of tactics list -->")[0]
    rows = []
    for line in [row for row in listed.splitlines() if row.startswith("|")][2:]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        aliases = tuple(a.strip() for a in cells[2].split(",") if a.strip())
        rows.append((cells[0], cells[1], aliases))
    assert [(n.category, n.name, n.aliases) for n in tactics.names()] == rows
    for tactic in tactics.shipped():
        assert (ROOT / "docs" / "tactics" / f"{tactic.name}.svg").is_file(), tactic.name


def test_the_worked_example_reads() -> None:
    """The file of the worked example is a valid tactic file with a trigger."""
    blocks = re.findall(r"```text\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    (block,) = [b for b in blocks if "name: ダイヤモンド美濃" in b]
    tactic = parse_tactic(block)
    assert ("ダイヤモンド美濃", "囲い", 1) == (tactic.name, tactic.category, len(tactic.triggers))
