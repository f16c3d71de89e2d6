"""tsshogi (ShogiHome's record library) reads the evaluation lines we write, converted to each
format's own form, as those comment lines: ShogiHome shows and reads them as it does its own.

tsshogi keeps a node's comment as text (``comment``, lines joined by line breaks); it has
no evaluation of its own to compare, so the comparison is the text, and that text read back
by our grammar gives the evaluations of the record we wrote."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

import kifu_lark
from kifu_lark.formats.evaluation import node_evaluation
from tests.conformance.kit import require_kit
from tests.conftest import ROOT

FIXTURES = sorted((ROOT / "fixtures" / "evaluations").iterdir())
#: Our outputs, in UTF-8 (tsshogi's host decodes .kif and .ki2 as Shift_JIS).
OUTPUTS = {".kifu": "kif", ".ki2u": "ki2", ".csa": "csa", ".jkf": "jkf"}

# Prints, per file, tsshogi's comment of every main-line node (the start first).
_SCRIPT = """
import fs from "node:fs";
import * as T from "tsshogi";
const IMPORT = {".kifu": T.importKIF, ".ki2u": T.importKI2, ".csa": T.importCSA,
                ".jkf": T.importJKFString};
for (const file of process.argv.slice(1)) {
  const ext = file.slice(file.lastIndexOf("."));
  const rec = IMPORT[ext](fs.readFileSync(file, "utf-8"));
  if (rec instanceof Error) { console.log(JSON.stringify({file, error: String(rec)})); continue; }
  const comments = [];
  for (let n = rec.first; n; n = n.next) comments.push(n.comment);
  console.log(JSON.stringify({file, comments}));
}
"""


def their_comments(paths: list[Path]) -> dict[str, list[str] | str]:
    """tsshogi's main-line comments of each file (its error text when it refuses one)."""
    kit = require_kit()
    done = subprocess.run(
        ["node", "--input-type=module", "-e", _SCRIPT, *map(str, paths)],
        cwd=kit,  # the script's imports resolve in the kit's node_modules
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    found: dict[str, list[str] | str] = {}
    for line in done.stdout.splitlines():
        result = json.loads(line)
        found[result["file"]] = result.get("error") or result["comments"]
    return found


@pytest.mark.parametrize("path", FIXTURES, ids=[p.name for p in FIXTURES])
def test_tsshogi_reads_our_evaluation_lines_as_we_wrote_them(path: Path, tmp_path: Path) -> None:
    require_kit()
    game = kifu_lark.load(path)
    written = {}
    for suffix, fmt in OUTPUTS.items():
        out = tmp_path / f"{path.stem}{suffix}"
        kifu_lark.dump(game, out, fmt, encoding="utf-8")
        written[suffix] = (out, kifu_lark.load(out, fmt))
    theirs = their_comments([out for out, _ in written.values()])
    for suffix, (out, ours) in written.items():
        comments = theirs[str(out)]
        assert isinstance(comments, list), comments
        nodes = [ours.root, *ours.mainline()]
        evaluations = 0
        for node, text in zip(nodes, comments, strict=False):
            lines = text.rstrip("\n").split("\n") if text else []
            if suffix == ".csa":  # tsshogi drops plain ' lines (notes on the file)
                mine = [c for c in node.comment_lines if not c.startswith("'")]
            else:
                mine = list(node.comment_lines)
            assert lines == mine, (suffix, node.ply)
            if node.evaluation is not None:
                assert node_evaluation(lines) == node.evaluation
                evaluations += 1
        assert evaluations == 4, suffix
