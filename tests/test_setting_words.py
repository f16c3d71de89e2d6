"""Messages name settings in the words of the interface that shows them: the Python API
says ``mainline_only=True``, ``format=…``, ``resume=True``; the command line says
``--mainline-only``, ``--from FORMAT``, ``--resume`` (issue 37, item 20)."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from pathlib import Path

import pytest

import kifu_lark
from kifu_lark import dataset
from kifu_lark.cli import build_parser, main
from kifu_lark.dataset.training_filter import TrainingFilter
from kifu_lark.errors import KifuError, Setting
from kifu_lark.files import write_atomically
from tests.conftest import ROOT

#: A game with a variation: CSA, USI and ksbp hold one line of moves.
FORKED = (ROOT / "fixtures/kif/quirks/fork_marks.kifu").read_text(encoding="utf-8")
NIFU = "position sfen 4k4/9/9/9/9/9/4P4/9/4K4 b P 1 moves P*5e\n"
NOT_TEXT = b"\xff\xfe\x81\n"
#: A KIF record whose bytes end inside a character (歩 cut after its first byte).
CUT = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩".encode()[:-2]
CSA = "PI\n+\n+7776FU\n-3334FU\n%TORYO\n"

#: A keyword argument as Python writes it (``name=True``, ``name=…``, ``name='x'``, ``name={``).
PYTHON_WORDS = re.compile(r"\b[a-z_]+=(True|False|…|'|\{)")


def _raised(call: Callable[[], object]) -> KifuError:
    with pytest.raises(KifuError) as caught:
        call()
    return caught.value


def _export_in_use(tmp_path: Path) -> None:
    (tmp_path / "a.csa").write_text(CSA)
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "notes.txt").write_text("mine")
    dataset.export([str(tmp_path / "a.csa")], str(tmp_path / "out"), to="jsonl")


def _filters_on_jsonl(tmp_path: Path) -> None:
    (tmp_path / "a.csa").write_text(CSA)
    dataset.export(
        [str(tmp_path / "a.csa")], str(tmp_path / "o"), to="jsonl", training=TrainingFilter()
    )


def _existing(tmp_path: Path) -> None:
    (tmp_path / "x.csa").write_text("")
    write_atomically(tmp_path / "x.csa", b"", overwrite=False)


API_CASES: dict[str, tuple[Callable[[Path], object], str]] = {
    "variations": (lambda _: kifu_lark.dumps(kifu_lark.loads(FORKED, "kif"), "csa"),
                   "pass mainline_only=True to drop them"),
    "usi": (lambda _: kifu_lark.dumps(kifu_lark.loads(FORKED, "kif"), "usi"), "mainline_only=True"),
    "encoding": (lambda _: kifu_lark.loads(NOT_TEXT, "kif"), "pass encoding=…"),
    "format": (lambda _: kifu_lark.loads("hello world\n"), "name it with format=…"),
    "tolerate": (lambda _: kifu_lark.loads(NIFU, "usi"), "tolerate={'two_pawns'} reads it"),
    "truncated": (lambda _: kifu_lark.loads(CUT, "kif"),
                  "tolerate={'truncated'} reads the complete lines"),
    "export": (_export_in_use, "resume=True to finish the export in it, overwrite=True"),
    "training": (_filters_on_jsonl, "to='hcpe' or to='psv'"),
    "exists": (_existing, "pass overwrite=True to replace it"),
}


@pytest.mark.parametrize("case", sorted(API_CASES))
def test_the_api_names_its_keyword_arguments(case: str, tmp_path: Path) -> None:
    """The library's errors name keyword arguments, never a command-line option."""
    call, expected = API_CASES[case]
    err = _raised(lambda: call(tmp_path))
    assert expected in str(err)
    assert "--" not in str(err) and "CLI" not in str(err)
    assert err.settings, "the settings named are kept as fields, for other interfaces"


CLI_CASES: dict[str, tuple[list[str], str]] = {
    "variations": (["convert", "{forked}", "--to", "csa"], "pass --mainline-only to drop them"),
    "encoding": (["convert", "{bytes}", "--to", "csa"], "pass --encoding ENCODING"),
    "format": (["convert", "{words}", "--to", "csa"], "name it with --from FORMAT"),
    "tolerate": (["validate", "{nifu}"], "--tolerate two_pawns reads it"),
    "tolerate-json": (["validate", "--json", "{nifu}"], "--tolerate two_pawns reads it"),
    "truncated": (["validate", "{cut}"], "--tolerate truncated reads the complete lines"),
    "truncated-convert": (["convert", "{cut}", "--to", "csa"],
                          "--tolerate truncated reads the complete lines"),
    "export": (["export", "{csa}", "-o", "{used}", "--to", "jsonl"],
               "--resume to finish the export in it, --overwrite to replace it"),
    "training": (["export", "{csa}", "-o", "{tmp}/o", "--to", "jsonl", "--min-plies", "3"],
                 "--to hcpe or --to psv"),
    "exists": (["convert", "{csa}", "-o", "{used}/notes.txt", "--to", "csa"],
               "pass --force to replace it"),
}


@pytest.mark.parametrize("case", sorted(CLI_CASES))
def test_the_command_line_names_its_options(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same errors from ``kifu-lark`` name its options, never ``name=value``."""
    files = {
        "forked": ("forked.kifu", FORKED.encode()),
        "bytes": ("bytes.kif", NOT_TEXT),
        "words": ("words.txt", b"hello world\n"),
        "nifu": ("nifu.usi", NIFU.encode()),
        "cut": ("cut.kif", CUT),
        "csa": ("a.csa", CSA.encode()),
    }
    names = {"tmp": str(tmp_path), "used": str(tmp_path / "used")}
    for key, (name, data) in files.items():
        (tmp_path / name).write_bytes(data)
        names[key] = str(tmp_path / name)
    (tmp_path / "used").mkdir()
    (tmp_path / "used" / "notes.txt").write_text("mine")
    argv, expected = CLI_CASES[case]
    assert main([a.format(**names) for a in argv]) in (1, 2)
    said = capsys.readouterr()
    shown = said.out + said.err
    assert expected in shown
    assert not PYTHON_WORDS.search(shown), shown
    assert "CLI" not in shown


def test_a_setting_is_worded_by_each_command_s_own_options() -> None:
    """``overwrite`` is convert's --force for a file written, export's --overwrite; a
    format read is --from, written --to; an option no command has is still an option."""
    parser = build_parser()
    convert = parser.parse_args(["convert", "x"]).words
    export = parser.parse_args(["export", "x", "-o", "y"]).words
    assert "--force" == convert(Setting("overwrite", True, writing=True))
    assert "--overwrite" == export(Setting("overwrite", True))
    assert "--from FORMAT" == convert(Setting("format"))
    assert "--to FORMAT" == convert(Setting("format", writing=True))
    assert "--out-encoding utf-8" == convert(Setting("encoding", "utf-8", writing=True))
    assert "--tolerate two_pawns,wrong_turn" == convert(
        Setting("tolerate", ("two_pawns", "wrong_turn"))
    )
    assert "--engine dask" == convert(Setting("engine", "dask"))  # export's option
    assert "--no-such-thing" == convert(Setting("no_such_thing", True))


@pytest.mark.parametrize("command", ["convert", "export", "validate", "tactics"])
def test_a_command_built_alone_words_settings_as_with_every_command(command: str) -> None:
    """A run builds its own command's parser alone (``main`` passes the command's name);
    the other commands' options, which word a setting it has none for, are built when one
    is asked for, and say the same."""
    settings = [
        Setting("overwrite", True, writing=True),
        Setting("format"),
        Setting("format", writing=True),
        Setting("encoding", "utf-8", writing=True),
        Setting("engine", "dask"),
        Setting("tolerate", ("two_pawns",)),
        Setting("mainline_only", True),
        Setting("no_such_thing", True),
    ]
    argv = {
        "convert": ["convert", "x"],
        "export": ["export", "x", "-o", "y"],
        "validate": ["validate", "x"],
        "tactics": ["tactics", "x"],
    }[command]
    every = build_parser().parse_args(argv).words
    alone_parser = build_parser(command)
    commands = [a for a in alone_parser._actions if isinstance(a, argparse._SubParsersAction)]
    assert [command] == list(commands[0].choices)
    alone = alone_parser.parse_args(argv).words
    assert [every(s) for s in settings] == [alone(s) for s in settings]
