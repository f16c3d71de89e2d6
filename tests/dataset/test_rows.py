"""The ``games`` table's rows (kifu_lark.dataset.rows): what docs/datasets.md says of them."""

from __future__ import annotations

import re

from kifu_lark.dataset.rows import GAME_COLUMNS, Tables
from kifu_lark.errors import KifuSyntaxError
from tests.conftest import ROOT


def _documented_failure_columns() -> set[str]:
    text = (ROOT / "docs" / "datasets.md").read_text(encoding="utf-8")
    found = re.search(r"A failure row fills (.*?); every other column is null", text, re.S)
    assert found, "docs/datasets.md says which columns a failure row fills"
    return set(re.findall(r"`(\w+)`", found.group(1)))


def test_a_failure_row_fills_the_columns_the_docs_name() -> None:
    """A record that does not read gives a row whose filled columns are the ones
    docs/datasets.md lists, every other one null."""
    tables = Tables(positions=False)
    err = KifuSyntaxError("not a move", format="csa", line=3, column=1, hint="check it")
    tables.add_error("games.zip", "a/1.csa", err)
    row = {name: values[0] for name, values in tables.games.items()}
    assert set(GAME_COLUMNS) == set(row)
    filled = {name for name, value in row.items() if value is not None}
    assert _documented_failure_columns() == filled
    assert ("games.zip/a/1.csa#0", 0, "SYNTAX") == (
        row["game_id"],
        row["index"],
        row["error"]["code"],
    )
