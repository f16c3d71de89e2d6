"""The small archive the dataset tests read: our fixtures plus generated records, good and
bad, as a folder, a zip, a tar.gz and (with py7zr) a 7z, built in a temporary folder."""

from __future__ import annotations

import tarfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import kifu_lark
from kifu_lark.model.move import Special, SpecialKind
from tests.conftest import FIXTURES

#: A legal opening, cut at every length for the generated games.
OPENING = [
    "7g7f",
    "3c3d",
    "2g2f",
    "8c8d",
    "2f2e",
    "8d8e",
    "6i7h",
    "4a3b",
    "2e2d",
    "2c2d",
    "2h2d",
    "8e8f",
    "8g8f",
    "8b8f",
]
#: Bad records: name → (bytes, the error code each must report).
BAD: dict[str, tuple[bytes, str]] = {
    "bad/wrong_turn.csa": (b"PI\n+\n+7776FU\n+2726FU\n", "WRONG_TURN"),
    "bad/not_a_record.csa": (b"PI\n+\nthis is no move\n", "SYNTAX"),
    "bad/empty.kif": (b"", "EMPTY"),
    "bad/undecodable.kif": (b"\xff\xfe\xfd\x80\x81\xff" * 4, "ENCODING"),
    "bad/two_pawns.kif": (
        "手数----指手---------消費時間--\n"
        "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７五歩(76)\n   4 ３五歩(34)\n"
        "   5 ７四歩(75)\n   6 ３六歩(35)\n   7 ７三歩成(74)\n   8 ３七歩成(36)\n"
        "   9 ２六歩打\n".encode("cp932"),
        "TWO_PAWNS",
    ),
}


@dataclass
class Archive:
    """Where the archive's copies are, and what reading them must give."""

    folder: Path
    zip: Path
    tgz: Path
    sevenz: Path | None
    #: generated good games in one copy: name → (plies, winner)
    games: dict[str, tuple[int, str]] = field(default_factory=dict)
    #: every entry of one copy: name → bytes
    files: dict[str, bytes] = field(default_factory=dict)


def _generated() -> tuple[dict[str, bytes], dict[str, tuple[int, str]]]:
    files: dict[str, bytes] = {}
    games: dict[str, tuple[int, str]] = {}
    for n in range(1, len(OPENING) + 1):
        game = kifu_lark.loads("position startpos moves " + " ".join(OPENING[:n]), "usi")
        loser = game.final_position().turn  # the side to move resigns
        game.mainline()[-1].add_variation(special=Special(SpecialKind.RESIGN, loser))
        winner = "white" if loser.usi == "b" else "black"
        fmt = ("csa", "kif", "ki2")[n % 3]
        name = f"gen/{n:02d}.{fmt}"
        files[name] = kifu_lark.dumps(game, fmt).encode("cp932" if fmt != "csa" else "utf-8")
        games[name] = (n, winner)
    return files, games


def build(root: Path) -> Archive:
    """Write the archive's copies under ``root``."""
    files: dict[str, bytes] = {}
    for sub in ("csa", "kif", "ki2"):
        for path in sorted((FIXTURES / sub).rglob(f"*.{sub}")):
            files[f"fixtures/{path.relative_to(FIXTURES).as_posix()}"] = path.read_bytes()
    generated, games = _generated()
    files.update(generated)
    files.update({name: data for name, (data, _) in BAD.items()})
    folder = root / "records"
    for name, data in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    zipped = root / "records.zip"
    with zipfile.ZipFile(zipped, "w") as z:
        for name in reversed(list(files)):  # out of order: the reader sorts
            z.writestr(name, files[name])
    tgz = root / "records.tar.gz"
    with tarfile.open(tgz, "w:gz") as t:
        t.add(folder, arcname="records")
    sevenz: Path | None = None
    try:
        import py7zr
    except ImportError:
        pass
    else:
        sevenz = root / "records.7z"
        with py7zr.SevenZipFile(sevenz, "w") as s:
            s.writeall(folder, arcname="records")
    return Archive(folder, zipped, tgz, sevenz, games, files)
