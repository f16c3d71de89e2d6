"""Verdicts tallied over records other programs wrote: every record the conformance kit makes
for the seeds the conformance tests use (tsshogi's writers), and ../shared/corpus.

    python -m tests.conformance.verdict_tally [--corpus] [--kit] [--impasse 27] [--json]

Each file is read as the validate command reads it with ``--tolerate two_pawns,wrong_turn``;
each game's main line and every variation that ends with a special are judged
(:func:`kifu_lark.verdict`). The tally: how many agree, the contradicted ones with file and
reason, the ones not judged by reason, the files that do not read. A real record the rules
contradict is a finding about the record, not about the rules.
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import kifu_lark
from kifu_lark.dataset.verdict_reports import variation_ends, variation_path, variation_words
from kifu_lark.errors import KifuError
from kifu_lark.formats.registry import format_for_path
from kifu_lark.model.game import Game
from kifu_lark.record import Verdict

#: How the corpus is read: the breaches real records are known to hold, let through.
TOLERATE = ("two_pawns", "wrong_turn")
#: The seeds of tests/conformance (test_their_writers, test_their_readers,
#: test_their_endings): (seed, games, flags).
KIT_SEEDS = [
    (101, 50, ("--branches", "--sjis")),
    (202, 40, ("--sjis", "--crlf")),
    (303, 30, ("--branches", "--crlf", "--sjis")),
    (404, 30, ("--branches",)),
    (505, 60, ("--branches",)),
    (606, 10, ("--sjis",)),
]


def judged_lines(game: Game, impasse: str = "27") -> Iterator[tuple[list[int], Verdict]]:
    """The main line's verdict, then each variation's that ends with a special, with the
    variation's path (empty for the main line)."""
    yield [], kifu_lark.verdict(game, impasse=impasse)
    for end in variation_ends(game):
        found = kifu_lark.verdict(game, line=end, impasse=impasse)
        if found.declared is not None:
            yield variation_path(end), found


def record_files(root: Path) -> Iterator[tuple[Path, str]]:
    """The shogi record files under ``root`` and their format, in name order: those a
    format claims by extension, and the corpus's ``.json`` files, which are JKF (the
    expected outputs of json-kifu-format and shogi-kifu-converter), but for its schema."""
    for path in sorted(root.rglob("*")):
        if not path.is_file():
            continue
        if path.suffix == ".json" and "schema" not in path.name and path.name != "manifest.json":
            yield path, "jkf"
            continue
        fmt = format_for_path(path.name)
        if fmt is not None and fmt.game == "shogi":
            yield path, fmt.name


def _reason_kind(found: Verdict) -> str:
    """A not-judged verdict's reason, its figures left out (for grouping)."""
    if found.declared is None:
        return "no ending declared"
    return f"{found.declared.kind.name}: " + re.sub(r"\d+", "N", found.reason)


class Tally:
    """The verdicts of many files."""

    def __init__(self) -> None:
        self.agree = 0
        self.agreeing: collections.Counter[str] = collections.Counter()  # by ending
        self.contradicted: list[dict[str, Any]] = []
        self.not_judged: collections.Counter[str] = collections.Counter()
        self.unread: list[dict[str, str]] = []
        self.files = 0
        self.lines = 0

    def add_file(self, path: Path, fmt: str, label: str, impasse: str = "27") -> None:
        """Read ``path`` in ``fmt`` and tally its verdicts under ``label``."""
        self.files += 1
        try:
            games = kifu_lark.load_all(path, fmt, tolerate=TOLERATE)
        except KifuError as err:
            self.unread.append({"file": label, "error": f"{err.code}: {err.message}"})
            return
        for index, game in enumerate(games):
            if game.game != "shogi":
                continue
            for variation, found in judged_lines(game, impasse):
                self.lines += 1
                if found.agrees is True:
                    assert found.declared is not None
                    self.agree += 1
                    self.agreeing[found.declared.kind.name] += 1
                elif found.agrees is False:
                    assert found.declared is not None
                    self.contradicted.append(
                        {
                            "file": label + (f"#{index + 1}" if len(games) > 1 else ""),
                            "variation": variation or None,
                            "declared": found.declared.kind.name,
                            "reason": found.reason,
                        }
                    )
                else:
                    self.not_judged[_reason_kind(found)] += 1

    def add_files(self, files: Iterable[tuple[Path, str, str]], impasse: str = "27") -> Tally:
        """Tally each (path, format, label) of ``files``."""
        for path, fmt, label in files:
            self.add_file(path, fmt, label, impasse)
        return self

    def as_dict(self) -> dict[str, Any]:
        return {
            "files": self.files,
            "lines judged": self.lines,
            "agree": self.agree,
            "agree by ending": dict(self.agreeing.most_common()),
            "contradicted": self.contradicted,
            "not judged": dict(self.not_judged.most_common()),
            "unread": self.unread,
        }

    def text(self, title: str, examples: int = 3) -> str:
        """The tally in words: counts, the contradicted grouped by ending and reason (up to
        ``examples`` files each), the not judged by reason, the unread files."""
        out = [
            f"## {title}",
            f"{self.files} files, {self.lines} lines judged (main lines and variations ending "
            f"with a special): {self.agree} agree, {len(self.contradicted)} contradicted, "
            f"{sum(self.not_judged.values())} not judged, {len(self.unread)} files unread",
        ]
        if self.agreeing:
            out.append("agree: " + ", ".join(f"{k} {n}" for k, n in self.agreeing.most_common()))
        groups: dict[str, list[dict[str, Any]]] = collections.defaultdict(list)
        for item in self.contradicted:
            key = f"{item['declared']}: " + re.sub(r"\d+", "N", item["reason"])
            groups[key].append(item)
        if groups:
            out.append("contradicted:")
        for key, items in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            out.append(f"  {len(items)} × {key}")
            for item in items[:examples]:
                where = f" ({variation_words(item['variation'])})" if item["variation"] else ""
                out.append(f"      {item['file']}{where}: {item['reason']}")
        if self.not_judged:
            out.append("not judged:")
            out += [f"  {n} × {why}" for why, n in self.not_judged.most_common()]
        if self.unread:
            out.append("unread:")
            out += [f"  {u['file']}: {u['error']}" for u in self.unread]
        return "\n".join(out)


def corpus_tally(root: Path, impasse: str = "27") -> Tally:
    """The verdicts of every record file of the corpus at ``root``."""
    return Tally().add_files(
        ((p, fmt, str(p.relative_to(root))) for p, fmt in record_files(root)), impasse
    )


def kit_tally(work: Path, impasse: str = "27") -> Tally:
    """The verdicts of every record file the kit makes for :data:`KIT_SEEDS` (in ``work``)."""
    from tests.conformance.kit import generate

    paths: list[tuple[Path, str, str]] = []
    for seed, count, flags in KIT_SEEDS:
        out = work / f"seed{seed}"
        for folder in generate(out, seed, count, *flags):
            paths += [(p, fmt, str(p.relative_to(work))) for p, fmt in record_files(folder)]
    return Tally().add_files(paths, impasse)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", action="store_true", help="tally ../shared/corpus")
    parser.add_argument("--kit", action="store_true", help="tally the conformance kit's records")
    parser.add_argument("--impasse", choices=("27", "24"), default="27")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--examples", type=int, default=3, help="files shown per group")
    args = parser.parse_args(argv)
    both = not (args.corpus or args.kit)
    tallies: dict[str, Tally] = {}
    if args.corpus or both:
        from tests.conftest import corpus_dir

        root = corpus_dir()
        if root is None:
            print("../shared/corpus is absent", file=sys.stderr)
        else:
            tallies["corpus"] = corpus_tally(root, args.impasse)
    if args.kit or both:
        with tempfile.TemporaryDirectory(prefix="verdict-tally-") as work:
            tallies["conformance kit (tsshogi's writers)"] = kit_tally(Path(work), args.impasse)
    if args.json:
        print(json.dumps({k: t.as_dict() for k, t in tallies.items()}, ensure_ascii=False))
    else:
        print("\n\n".join(t.text(k, args.examples) for k, t in tallies.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
