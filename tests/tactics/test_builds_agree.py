"""The compiled matcher (kifu_lark/tactics/match.py, index.py and motion.py are compiled
with mypyc) finds what the pure-Python one finds, on every tactic fixture."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import kifu_lark
from kifu_lark import tactics
from tests.conftest import ROOT
from tests.tactics.expect import records

# Prints, for each record path given on stdin (one a line), what find reports, as JSON.
_SCRIPT = """
import json, sys
import kifu_lark
from kifu_lark import tactics

def report(path):
    return [
        [f.side.kanji, f.category, f.name, f.ply, list(f.parents),
         [str(s) for s in f.squares], [str(s) for s in f.targets], list(f.clauses)]
        for f in tactics.find(kifu_lark.load(path))
    ]

print(kifu_lark.compiled)
print(json.dumps({p: report(p) for p in sys.stdin.read().splitlines()}))
"""


def _report(path: str) -> list[list[object]]:
    return [
        [
            f.side.kanji,
            f.category,
            f.name,
            f.ply,
            list(f.parents),
            [str(s) for s in f.squares],
            [str(s) for s in f.targets],
            list(f.clauses),
        ]
        for f in tactics.find(kifu_lark.load(path))
    ]


def test_the_compiled_and_pure_builds_find_the_same_tactics() -> None:
    """Side, category, name, ply, parents, squares, targets and clauses of every tactic found
    in every fixture: this process (compiled) against a pure-Python child."""
    if not kifu_lark.compiled:
        pytest.skip("the pure build is running: nothing compiled to compare with")
    paths = [str(p) for p in records()]
    assert paths, "no tactic fixtures"
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT],
        input="\n".join(paths),
        env={**os.environ, "KIFU_LARK_PURE": "1"},
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    flag, text = done.stdout.split("\n", 1)
    assert flag == "False", "the child did not run the pure build"
    pure = json.loads(text)
    found = 0
    for path in paths:
        compiled = _report(path)
        assert compiled == pure[path], path
        found += len(compiled)
    assert found, "no fixture finds any tactic: nothing was compared"
