"""The fixtures of tactics: ``fixtures/tactics/<name>.kif`` (or .ki2, .csa) and a sidecar
``<name>.expect`` with one claim a line (see /docs/tactics.md, "Fixtures"):

    先手 美濃囲い 17         the side has the tactic, first found at that ply
    not 先手 片美濃囲い       the side does not have it
"""

from __future__ import annotations

from pathlib import Path

from attrs import frozen

from tests.conftest import FIXTURES

FOLDER = FIXTURES / "tactics"
RECORD_SUFFIXES = (".kif", ".ki2", ".csa")


@frozen
class Claim:
    """One line of an ``.expect`` file."""

    side: str
    name: str
    ply: int | None  # None: the side must not have the tactic
    line: int


def records() -> list[Path]:
    """Every fixture record that has an ``.expect`` beside it."""
    return sorted(
        p
        for p in FOLDER.iterdir()
        if p.suffix in RECORD_SUFFIXES and p.with_suffix(".expect").is_file()
    )


def claims(record: Path) -> list[Claim]:
    """The claims of a record's ``.expect`` file."""
    found = []
    text = record.with_suffix(".expect").read_text(encoding="utf-8")
    for number, raw in enumerate(text.splitlines(), 1):
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        if words[0] == "not" and len(words) == 3:
            found.append(Claim(words[1], words[2], None, number))
        elif len(words) == 3 and words[2].isdigit():
            found.append(Claim(words[0], words[1], int(words[2]), number))
        else:
            raise ValueError(f"{record.name}.expect:{number}: cannot read {raw!r}")
        if found[-1].side not in ("先手", "後手"):
            raise ValueError(f"{record.name}.expect:{number}: side is 先手 or 後手")
    return found
