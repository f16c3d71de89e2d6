"""Start-up builds only the lark parsers a run needs: reading floodgate CSA and taking the
scores of its ``'**`` lines for training records builds no LALR parser at all: the usual
record is matched whole by a pattern of the CSA grammar's terminals and the scores by one of
the evaluation grammar's, both taken from the parser cache's terminal tables (lark parses a
record or an evaluation line only when the fast path cannot)."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import FIXTURES, ROOT

_CHILD = """
import json, sys
import kifu_lark
from kifu_lark.dataset.training import hcpe_records
from kifu_lark.formats.engine import parsing

game = kifu_lark.load(sys.argv[1])
assert len(list(hcpe_records(game))) > 0
print(json.dumps([[key[0], dict(key[2:]).get("parser", "lalr")] for key in parsing._PARSERS]))
"""


def _built(record: str) -> list[tuple[str, str | None]]:
    """(grammar, parser kind) of every parser a fresh process built for ``record``."""
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, record],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return [(grammar, kind) for grammar, kind in json.loads(done.stdout.strip().splitlines()[-1])]


def test_floodgate_training_records_build_no_evaluation_parser() -> None:
    built = _built(str(FIXTURES / "evaluations" / "floodgate.csa"))
    assert ("evaluation.lark", "lalr") not in built
    assert ("csa.lark", "lalr") not in built
