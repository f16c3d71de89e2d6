"""``kifu-lark validate --verdicts``: an ending the rules contradict makes a record invalid
(exit 1, code ``VERDICT`` on the ending's line), in each report style; records in
fixtures/verdicts/, one agreeing and one contradicted per format."""

from __future__ import annotations

import json
import sys
from io import BytesIO, TextIOWrapper
from pathlib import Path

import pytest

from kifu_lark.cli import main
from tests.conftest import FIXTURES

FOLDER = FIXTURES / "verdicts"
#: Each contradicted record: where the error is located (line, column) and the reason's start.
CONTRADICTED = {
    "mate-contradicted.csa": (7, 1, "not mate: 後手 is not in check"),
    "mate-contradicted.kif": (6, None, "not mate: 後手 is not in check"),
    "resign-contradicted.ki2": (3, 1, "先手 is written as the side that resigns"),
    # JKF is JSON: the reader keeps no line for a special or a move
    "repetition-contradicted.jkf": (None, None, "no repetition"),
}
AGREEING = [
    "resign-agrees.csa",
    "repetition-agrees.kif",
    "resign-agrees.ki2",
    "resign-agrees.jkf",
    "entering-king-30-points.kif",
]
IMPASSE = FOLDER / "entering-king-30-points.kif"


@pytest.mark.parametrize("name", sorted([*CONTRADICTED, *AGREEING]))
def test_without_verdicts_every_ending_is_believed(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without --verdicts a contradicted ending reads as valid, as before (a まで line
    that disagrees with the record is a warning, see below)."""
    assert 0 == main(["validate", str(FOLDER / name)])
    assert ["1 files, 1 valid, 0 invalid"] == _errors(capsys.readouterr().out)


def _errors(out: str) -> list[str]:
    """The lines of ``out`` other than warnings (text and GitHub styles)."""
    return [x for x in out.splitlines() if ": warning: " not in x and "::warning " not in x]


def test_a_summary_line_that_disagrees_is_a_warning(capsys: pytest.CaptureFixture[str]) -> None:
    """KI2 ``まで1手で後手の勝ち`` after 先手's move: valid, with a SUMMARY_WINNER warning
    on the まで line."""
    path = str(FOLDER / "resign-contradicted.ki2")
    assert 0 == main(["validate", path])
    (warning, summary) = capsys.readouterr().out.splitlines()
    assert warning.startswith(f"{path}:3:1: warning: the まで line names 後手 the winner")
    assert warning.endswith("[SUMMARY_WINNER]")
    assert "1 files, 1 valid, 0 invalid" == summary


@pytest.mark.parametrize("name", AGREEING)
def test_an_agreeing_ending_is_valid(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """An ending the rules bear out: exit 0, no error; --json lists the verdict, agreeing."""
    path = str(FOLDER / name)
    assert 0 == main(["validate", "--verdicts", path])
    assert "1 files, 1 valid, 0 invalid\n" == capsys.readouterr().out
    assert 0 == main(["validate", "--verdicts", "--json", path])
    report = json.loads(capsys.readouterr().out)["files"][0]
    assert (True, [], 1) == (report["valid"], report["errors"], len(report["verdicts"]))
    assert report["verdicts"][0]["agrees"] is True


@pytest.mark.parametrize("name", sorted(CONTRADICTED))
def test_a_contradicted_ending_is_an_error_on_its_line(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Text: exit 1, one error line ``file:line:col: error: … [VERDICT] (rule)``."""
    line, column, reason = CONTRADICTED[name]
    path = str(FOLDER / name)
    assert 1 == main(["validate", "--verdicts", path])
    out = _errors(capsys.readouterr().out)
    where = ":".join(str(n) for n in (line, column) if n is not None)
    prefix = f"{path}:{where}: error: " if where else f"{path}: error: "
    assert 2 == len(out)
    assert out[0].startswith(prefix + "the ending ")
    assert f"is contradicted by the rules: {reason}" in out[0]
    assert "[VERDICT] (" in out[0]
    assert "1 files, 0 valid, 1 invalid" == out[1]


@pytest.mark.parametrize("name", sorted(CONTRADICTED))
def test_a_contradicted_ending_in_json(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """--json: the file invalid, a VerdictError located on the ending, the verdict listed
    with ``agrees`` false."""
    line, column, reason = CONTRADICTED[name]
    assert 1 == main(["validate", "--verdicts", "--json", str(FOLDER / name)])
    report = json.loads(capsys.readouterr().out)
    found = report["files"][0]
    (error,) = found["errors"]
    assert (False, "VERDICT", "VerdictError") == (found["valid"], error["code"], error["type"])
    assert (line, column) == (error["line"], error["column"])
    assert reason in error["message"]
    (item,) = found["verdicts"]
    assert (False, line) == (item["agrees"], item["line"])
    assert item["reason"].startswith(reason)
    assert {"files": 1, "valid": 0, "invalid": 1, "skipped": 0} == report["summary"]


@pytest.mark.parametrize("name", sorted(CONTRADICTED))
def test_a_contradicted_ending_as_a_github_annotation(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """--format github: one ``::error`` annotation on the ending's line, the summary on
    standard error."""
    line, column, reason = CONTRADICTED[name]
    path = str(FOLDER / name)
    assert 1 == main(["validate", "--verdicts", "--format", "github", path])
    captured = capsys.readouterr()
    parts = [f"file={path}"]
    parts += [f"line={line}"] if line is not None else []
    parts += [f"col={column}"] if column is not None else []
    (annotation,) = _errors(captured.out)
    assert annotation.startswith(f"::error {','.join(parts)}::the ending ")
    assert annotation.endswith("[VERDICT]")
    assert reason in annotation
    assert "1 files, 0 valid, 1 invalid\n" == captured.err


def test_a_folder_counts_the_contradicted_records(capsys: pytest.CaptureFixture[str]) -> None:
    """A folder of both kinds: one error per contradicted record, exit 1."""
    assert 1 == main(["validate", "--verdicts", str(FOLDER)])
    out = capsys.readouterr().out.splitlines()
    assert len(CONTRADICTED) == sum("[VERDICT]" in line for line in out)
    total = len(CONTRADICTED) + len(AGREEING)
    assert f"{total} files, {len(AGREEING)} valid, {len(CONTRADICTED)} invalid" == out[-1]


def test_the_impasse_rule_changes_the_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    """30 points declared by 先手: a win under the 27-point rule (the default), a draw under
    the 24-point rule, so the declared win is contradicted; the hint names the other rule as
    the option that chooses it."""
    assert 0 == main(["validate", "--verdicts", "--impasse", "27", str(IMPASSE)])
    capsys.readouterr()
    assert 1 == main(["validate", "--verdicts", "--impasse", "24", str(IMPASSE)])
    line = capsys.readouterr().out.splitlines()[0]
    assert f"{IMPASSE}:16: error: the ending 入玉勝ち is contradicted by the rules: " in line
    assert "30 points under the 24-point rule: a draw (24 to 30), not a win" in line
    assert "--impasse 27 judges by the 27-point rule)" in line
    assert "impasse=" not in line
    assert 1 == main(["validate", "--verdicts", "--impasse", "24", "--json", str(IMPASSE)])
    (error,) = json.loads(capsys.readouterr().out)["files"][0]["errors"]
    assert "--impasse 27 judges by the 27-point rule" in error["hint"]


def test_nothing_to_contradict_is_not_an_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """中断 (nothing the rules can contradict) and a line with no ending: valid; --json
    lists their verdicts with ``agrees`` null."""
    path = FOLDER / "resign-agrees.csa"
    text = path.read_text(encoding="utf-8")
    stopped = text.replace("%TORYO", "%CHUDAN")
    assert 0 == _validate_stdin(monkeypatch, stopped, ["--verdicts", "--json", "--from", "csa"])
    found = json.loads(capsys.readouterr().out)["files"][0]
    assert (True, [], "-") == (found["valid"], found["errors"], found["file"])
    assert [("INTERRUPT", None)] == [(v["declared"], v["agrees"]) for v in found["verdicts"]]
    unended = text.replace("%TORYO\n", "")
    assert 0 == _validate_stdin(monkeypatch, unended, ["--verdicts", "--json", "--from", "csa"])
    (item,) = json.loads(capsys.readouterr().out)["files"][0]["verdicts"]
    assert (None, None, 2) == (item["declared"], item["agrees"], item["plies"])


def test_standard_input_is_judged_too(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``-`` reads standard input: a contradicted ending there is an error on its line."""
    text = (FOLDER / "mate-contradicted.csa").read_text(encoding="utf-8")
    assert 1 == _validate_stdin(monkeypatch, text, ["--verdicts", "--from", "csa"])
    out = capsys.readouterr().out
    assert out.startswith("-:7:1: error: the ending 詰み is contradicted by the rules: ")


def test_impasse_without_verdicts_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    """--impasse alone chooses nothing: exit 2, saying to add --verdicts."""
    assert 2 == main(["validate", "--impasse", "24", str(IMPASSE)])
    err = capsys.readouterr().err
    assert "--impasse 24 chooses the rule --verdicts judges by [USAGE]" in err
    assert "add --verdicts" in err
    assert 2 == main(["validate", "--verdicts", "--impasse", "25", str(IMPASSE)])


def test_help_names_the_verdict_options(capsys: pytest.CaptureFixture[str]) -> None:
    """validate --help explains --verdicts and --impasse."""
    assert 0 == main(["validate", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for words in ("--verdicts", "--impasse {27,24}", "code VERDICT", "24 (JSA"):
        assert words in shown


def _validate_stdin(monkeypatch: pytest.MonkeyPatch, text: str, options: list[str]) -> int:
    """``kifu-lark validate OPTIONS -`` with ``text`` on standard input."""
    monkeypatch.setattr(sys, "stdin", TextIOWrapper(BytesIO(text.encode("utf-8"))))
    return main(["validate", *options, "-"])


def test_a_file_of_several_games_names_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """CSA games parted by ``/``: each judged; the error names the game it is about."""
    good = (FOLDER / "resign-agrees.csa").read_text(encoding="utf-8")
    bad = (FOLDER / "mate-contradicted.csa").read_text(encoding="utf-8")
    path = tmp_path / "two.csa"
    path.write_text(good + "/\n" + bad, encoding="utf-8")
    assert 1 == main(["validate", "--verdicts", str(path)])
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith(f"{path}:14:1: error: game 2: the ending 詰み is contradicted")
    assert 1 == main(["validate", "--verdicts", "--json", str(path)])
    found = json.loads(capsys.readouterr().out)["files"][0]
    assert [(0, True), (1, False)] == [(v["index"], v["agrees"]) for v in found["verdicts"]]
