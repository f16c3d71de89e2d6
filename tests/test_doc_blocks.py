"""Every code block of README.md and docs/*.md runs, so the docs stay true.

A fenced block says what it is:
- ``python`` with ``>>>`` prompts: a doctest; the blocks of one page share one session and
  must print what they show;
- ``python`` without prompts: a script; the blocks of one page run in order in one namespace
  and must not raise;
- any block after ``<!-- excerpt: PATH -->``: its lines stand, in order, in that file of the
  repository (code quoted from the worked plugin example);
- ``text``: a sample of a format's text or an output, not code; ``toml``: must parse.
Indented command lines starting ``kifu-lark `` run in the same sample folder and must exit 0.

Everything runs in a fresh folder holding the files the docs name: ``game.kif`` (the demo
record as a CP932 ``.kif``), ``game.ki2`` (a 二歩 at move 11), ``game.shst``, and folders
``records/``, ``kif/``, ``dump/`` of records without variations.
"""

from __future__ import annotations

import contextlib
import doctest
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

import kifu_lark
from tests.conftest import FIXTURES, ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
_BLOCK = re.compile(
    r"(?:^<!-- (?P<mark>[^\n]*?) -->\n)?^```(?P<lang>[\w-]*)\n(?P<body>.*?)^```",
    flags=re.DOTALL | re.MULTILINE,
)
_COMMAND = re.compile(r"^    (kifu-lark [^\n]*?)(?:\s+#[^\n]*)?$", flags=re.MULTILINE)
_KNOWN = {"python", "text", "toml"}


def _blocks(page: Path) -> list[re.Match[str]]:
    return list(_BLOCK.finditer(page.read_text(encoding="utf-8")))


@pytest.fixture
def samples(tmp_path: Path) -> Iterator[Path]:
    """A folder holding the files the docs' examples name, as the current directory."""
    demo = kifu_lark.load(FIXTURES / "demo" / "yagura.kifu")
    kifu_lark.dump(demo, tmp_path / "game.kif")
    shutil.copy(FIXTURES / "ki2" / "errors" / "two_pawns.ki2", tmp_path / "game.ki2")
    shutil.copy(FIXTURES / "shelt-strict" / "annotated.shst", tmp_path / "game.shst")
    shutil.copy(FIXTURES / "csa" / "multi.csa", tmp_path / "games.csa")
    mainline = kifu_lark.loads(kifu_lark.dumps(demo, "kif", mainline_only=True), "kif")
    for folder, names in (
        ("records", ("a.kif", "b.ki2", "c.csa")),
        ("kif", ("a.kif", "b.kif")),
        ("dump", ("a.json",)),
    ):
        (tmp_path / folder).mkdir()
        for name in names:
            fmt = "jkf" if name.endswith(".json") else None
            kifu_lark.dump(mainline, tmp_path / folder / name, fmt)
    before = Path.cwd()
    os.chdir(tmp_path)
    try:
        yield tmp_path
    finally:
        os.chdir(before)


def test_every_block_says_what_it_is() -> None:
    """A block without a language (or with one this runner does not know) would go unchecked."""
    unmarked = [
        f"{page.name}: block {n} ({m['lang'] or 'no language'})"
        for page in PAGES
        for n, m in enumerate(_blocks(page), 1)
        if m["lang"] not in _KNOWN
    ]
    assert [] == unmarked


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_python_block_runs(page: Path, samples: Path) -> None:
    """The page's doctest blocks print what they show; its script blocks run without error."""
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    session: dict[str, object] = {"__name__": "__doc_session__"}
    ran = 0
    for n, m in enumerate(_blocks(page), 1):
        if m["lang"] != "python" or m["mark"]:
            continue
        body = m["body"]
        if ">>>" in body:
            test = parser.get_doctest(body, session, f"{page.name} block {n}", str(page), 0)
            runner.run(test, clear_globs=False)
            session.update(test.globs)  # a DocTest works on a copy: carry the names over
        else:
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(body, f"{page.name} block {n}", "exec"), session)
        ran += 1
    if not ran:
        pytest.skip(f"{page.name} has no python block to run")
    assert 0 == runner.summarize(verbose=False).failed


def _excerpts() -> list[tuple[str, str, str]]:
    return [
        (f"{page.name} block {n}", m["mark"].removeprefix("excerpt:").strip(), m["body"])
        for page in PAGES
        for n, m in enumerate(_blocks(page), 1)
        if m["mark"] and m["mark"].startswith("excerpt:")
    ]


@pytest.mark.parametrize(("where", "source", "body"), _excerpts(), ids=lambda v: str(v)[:40])
def test_every_excerpt_stands_in_its_file(where: str, source: str, body: str) -> None:
    """A quoted block's lines appear in its source file, one after the other."""
    text = (ROOT / source).read_text(encoding="utf-8")
    assert body in text, f"{where} is no longer a part of {source}"


def test_every_toml_block_parses() -> None:
    found = [m["body"] for page in PAGES for m in _blocks(page) if m["lang"] == "toml"]
    assert found
    for body in found:
        tomllib.loads(body)


def _commands() -> list[tuple[str, str]]:
    return [
        (page.name, m.group(1))
        for page in PAGES
        for m in _COMMAND.finditer(_BLOCK.sub("", page.read_text(encoding="utf-8")))
    ]


@pytest.mark.parametrize(("page", "command"), _commands(), ids=lambda v: str(v)[:60])
def test_every_command_line_runs(page: str, command: str, samples: Path) -> None:
    """``kifu-lark …`` as the docs show it, on the sample files: exit status 0."""
    argv = shlex.split(command)
    done = subprocess.run(
        [sys.executable, "-m", "kifu_lark", *argv[1:]],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert "Traceback" not in done.stderr
    assert 0 == done.returncode, f"{page}: {command}\n{done.stdout[-2000:]}\n{done.stderr}"


#: Pages whose prompts need no sample file: each passes ``python -m doctest PAGE`` as it
#: stands, run from anywhere (the blocks above run them in the sample folder instead).
STANDALONE = [
    "docs/tactics.md",
    "docs/api.md",
    "docs/shelt.md",
    "docs/endings.md",
    "README.md",
]


@pytest.mark.parametrize("page", STANDALONE)
def test_python_m_doctest_passes(page: str, tmp_path: Path) -> None:
    """``python -m doctest`` on the page passes (an expected output ran into the block's
    closing fence once: a blank line ends it)."""
    done = subprocess.run(
        [sys.executable, "-m", "doctest", str(ROOT / page)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (0, "") == (done.returncode, done.stdout), done.stdout
