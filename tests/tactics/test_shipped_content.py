"""The shipped tactics against their fixture games, beyond "found here, not there".

A fixture whose ``.expect`` carries the line ``# complete`` lists every 戦法, 囲い and 手筋
its game yields: a tactic that fires there without a claim is a definition that fires in a
game it does not describe (a castle found in an unrelated opening), so the test fails and
names it. Each shipped tactic also needs its own pair of games: ``<name>.kif`` where it is
claimed at a ply and ``<name>-near.kif`` where it is claimed absent, or a claim of either
kind in some other fixture (片美濃囲い and 棒銀 are claimed inside 美濃囲い's games).

The claims were checked by hand on the boards (``str(kifu_lark.Board(...))`` after the
moves); the matcher is never asked to write them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import kifu_lark
from kifu_lark import tactics
from tests.conftest import FIXTURES

FOLDER = FIXTURES / "tactics"
FILE_CATEGORIES = ("戦法", "囲い", "手筋")
COMPLETE = "# complete"

Claim = tuple[str, str]  # (side, name)


def _claims(expect: Path) -> tuple[dict[Claim, int], set[Claim]]:
    """The positive claims (with their ply) and the ``not`` claims of one .expect file."""
    found: dict[Claim, int] = {}
    absent: set[Claim] = set()
    for raw in expect.read_text(encoding="utf-8").splitlines():
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        if words[0] == "not":
            absent.add((words[1], words[2]))
        else:
            found[(words[0], words[1])] = int(words[2])
    return found, absent


def _found(kif: Path) -> dict[Claim, int]:
    """What the matcher finds in a fixture's main line: file tactics only, not 備考."""
    game = kifu_lark.load(kif)
    return {
        (f.side.kanji, f.name): f.ply for f in tactics.find(game) if f.category in FILE_CATEGORIES
    }


def _complete_fixtures() -> list[Path]:
    return sorted(
        kif
        for kif in FOLDER.glob("*.kif")
        if COMPLETE in kif.with_suffix(".expect").read_text(encoding="utf-8")
    )


@pytest.mark.parametrize("kif", _complete_fixtures(), ids=lambda p: p.stem)
def test_a_complete_fixture_yields_exactly_its_claims(kif: Path) -> None:
    claimed, absent = _claims(kif.with_suffix(".expect"))
    file_names = {t.name for t in tactics.shipped()}
    claimed = {claim: ply for claim, ply in claimed.items() if claim[1] in file_names}
    got = _found(kif)
    unclaimed = {claim: ply for claim, ply in got.items() if claim not in claimed}
    assert not unclaimed, f"fires without a claim (a definition too loose?): {unclaimed}"
    wrong = {
        claim: (ply, got.get(claim)) for claim, ply in claimed.items() if got.get(claim) != ply
    }
    assert not wrong, f"claimed (side, name): (ply, found ply): {wrong}"
    assert not absent & set(got), f"claimed absent but found: {absent & set(got)}"


def test_there_are_complete_fixtures() -> None:
    # Guards the parametrisation above: an empty glob would pass without checking anything.
    assert len(_complete_fixtures()) >= 70


@pytest.mark.parametrize("tactic", tactics.shipped(), ids=lambda t: t.name)
def test_every_shipped_tactic_has_a_found_and_a_near_miss_game(tactic: tactics.Tactic) -> None:
    positive = absent = False
    for expect in FOLDER.glob("*.expect"):
        found, not_found = _claims(expect)
        positive |= any(name == tactic.name for _, name in found)
        absent |= any(name == tactic.name for _, name in not_found)
    assert positive, f"no fixture claims {tactic.name} found"
    assert absent, f"no fixture claims {tactic.name} absent (its near-miss)"
    own, near = FOLDER / f"{tactic.name}.kif", FOLDER / f"{tactic.name}-near.kif"
    if own.exists():
        # The game named after the tactic finds it where its .expect says, and the near-miss
        # named after it does not find it for the side claimed.
        found, _ = _claims(own.with_suffix(".expect"))
        got = _found(own)
        mine = {claim: ply for claim, ply in found.items() if claim[1] == tactic.name}
        assert mine and all(got.get(claim) == ply for claim, ply in mine.items()), (mine, got)
        assert near.exists(), f"{near.name} is missing"
        _, not_found = _claims(near.with_suffix(".expect"))
        sides = {side for side, name in not_found if name == tactic.name}
        assert sides, f"{near.name}'s .expect does not claim {tactic.name} absent"
        assert not sides & {side for side, name in _found(near) if name == tactic.name}


def test_the_definitions_page_lists_every_replacement() -> None:
    """docs/tactics-definitions.md's list of `child ← parents` is the files' `replaces:`."""
    page = (FOLDER.parents[1] / "docs" / "tactics-definitions.md").read_text(encoding="utf-8")
    listed: dict[str, set[str]] = {}
    for line in page.splitlines():
        if line.startswith("  - ") and " ← " in line:
            child, parents = line[4:].split(" ← ")
            listed[child.strip()] = {p.strip() for p in parents.split("(")[0].split(",")}
    files = {t.name: set(t.replaces) for t in tactics.shipped() if t.replaces}
    assert listed == files
