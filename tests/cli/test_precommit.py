"""The pre-commit hook definition points at a real command and covers our extensions."""

from __future__ import annotations

import re

from kifu_lark.cli import COMMANDS
from kifu_lark.formats.registry import all_formats
from tests.conftest import ROOT


def test_hook_runs_validate_on_every_registered_extension() -> None:
    """The hook's entry is `kifu-lark validate` and its file pattern matches every format."""
    text = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    entry = re.search(r"^\s*entry:\s*(.+)$", text, re.MULTILINE)
    files = re.search(r"^\s*files:\s*(.+)$", text, re.MULTILINE)
    assert entry is not None and files is not None
    program, command = entry.group(1).split()
    assert ("kifu-lark", True) == (program, command in COMMANDS)
    pattern = re.compile(files.group(1).strip())
    for fmt in all_formats():
        if fmt.name == "western":  # the example plugin is not part of the library
            continue
        for ext in fmt.extensions:
            assert pattern.search("records/game" + ext), ext
