"""The shared corpus: JKF files read, and every (input, expected JKF) pair matches.

For each pair the input (CSA, KIF, KI2 or JKF) is read with our reader for its extension,
written as JKF, and compared with the JKF the source project expects, after the
normalisations listed in :data:`NORMALISATIONS` (applied to both sides). A pair whose input
format is not registered is skipped with that reason.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import kifu_lark
from kifu_lark.errors import KifuError
from kifu_lark.formats.registry import format_for_path
from tests.conftest import corpus_dir, require_corpus

_JKF_FOLDER = "json-kifu-format"
_CONVERTER_FOLDER = "shogi-kifu-converter"


def _pairs() -> list[tuple[Path, Path]]:
    root = corpus_dir()
    if root is None:
        return []
    pairs = []
    expected_root = root / _JKF_FOLDER / "expected-jkf"
    for expected in sorted(expected_root.glob("*/*.jkf.json")):
        source = root / _JKF_FOLDER / expected.parent.name / expected.name.removesuffix(".jkf.json")
        if source.is_file():
            pairs.append((source, expected))
    for expected in sorted((root / _CONVERTER_FOLDER).glob("*/*.json")):
        for source in sorted(expected.parent.glob(expected.stem + ".*")):
            if source.suffix != ".json":
                pairs.append((source, expected))
    return pairs


def _jkf_files() -> list[Path]:
    root = corpus_dir()
    return sorted(root.rglob("*.jkf")) if root is not None else []


PAIRS = _pairs()
#: Inputs our readers refuse on purpose, with the error code expected instead of a match.
REFUSED: dict[str, str] = {}
JKF_FILES = _jkf_files()


def _walk(record: dict[str, Any], fix: Callable[[dict[str, Any]], None]) -> None:
    """Apply ``fix`` to every element of ``moves`` and of every fork, moves[0] excluded."""

    def line(elements: list[dict[str, Any]]) -> None:
        for element in elements:
            fix(element)
            for fork in element.get("forks") or []:
                line(fork)

    line(record["moves"][1:])


def _no_handicap_header(record: dict[str, Any]) -> None:
    """1. KIF's 手合割 header: json-kifu-format copies it into ``header`` as written ("平手　　");
    the start position is what matters and ``initial`` carries it, so the key is dropped."""
    record["header"].pop("手合割", None)


def _initial_default(record: dict[str, Any]) -> None:
    """2. ``initial`` absent or null means 平手: written as ``{"preset": "HIRATE"}``."""
    if record.get("initial") is None:
        record["initial"] = {"preset": "HIRATE"}


def _no_declined_promotion(record: dict[str, Any]) -> None:
    """3. ``promote: false``: json-kifu-format writes it only where the source wrote 不成 (or
    for CSA, where it computes it); we write it wherever a promotion was possible and
    declined. Both sides drop it (``promote: true`` is compared)."""

    def fix(element: dict[str, Any]) -> None:
        move = element.get("move")
        if move is not None and move.get("promote") is False:
            del move["promote"]

    _walk(record, fix)


def _first_comments(record: dict[str, Any]) -> None:
    """4. ``moves[0]``: the schema's singular ``comment`` is the same as ``comments``; an
    empty list is no comment."""
    first = record["moves"][0]
    if "comment" in first:
        first.setdefault("comments", []).append(first.pop("comment"))
    if not first.get("comments"):
        first.pop("comments", None)


def _empty_lists(record: dict[str, Any]) -> None:
    """5. Empty ``comments`` and ``forks`` arrays and null fields are the same as absent."""

    def fix(element: dict[str, Any]) -> None:
        for key in ("comments", "forks"):
            if element.get(key) == [] or (key in element and element[key] is None):
                del element[key]
        move = element.get("move")
        if move is not None:
            for key in [k for k, v in move.items() if v is None]:
                del move[key]

    _walk(record, fix)


def _kif_file_comments(record: dict[str, Any]) -> None:
    """6. KIF ``#`` lines: our KIF reader keeps them as ``#`` header entries (nothing read is
    dropped), json-kifu-format and shogi-kifu-converter drop them."""
    record["header"].pop("#", None)


def _handicap_player_keys(record: dict[str, Any]) -> None:
    """7. 下手 / 上手: the expected JKF keeps the key as written; our model reads them as the
    standard 先手 / 後手 keys, written back under those names."""
    header = record["header"]
    for written, standard in (("下手", "先手"), ("上手", "後手")):
        if written in header:
            header.setdefault(standard, header.pop(written))


def _csa_opening_key(record: dict[str, Any]) -> None:
    """8. CSA ``$OPENING``: json-kifu-format keeps the CSA name ``OPENING``, we map it to the
    standard 戦型 key."""
    if "OPENING" in record["header"]:
        record["header"].setdefault("戦型", record["header"].pop("OPENING"))


def _no_same(record: dict[str, Any]) -> None:
    """9. ``same``: json-kifu-format sets it only where the source wrote 同, we wherever the
    destination is the previous one (a KIF may write ３二龍 for it). ``to`` is always there,
    so both sides drop it."""

    def fix(element: dict[str, Any]) -> None:
        if "move" in element:
            element["move"].pop("same", None)

    _walk(record, fix)


#: Normalisations of one record, applied to the expected JKF and to ours alike.
NORMALISATIONS: list[Callable[[dict[str, Any]], None]] = [
    _no_handicap_header,
    _initial_default,
    _no_declined_promotion,
    _first_comments,
    _empty_lists,
    _kif_file_comments,
    _handicap_player_keys,
    _csa_opening_key,
    _no_same,
]


def _csa_comments_before_the_position(theirs: dict[str, Any], ours: dict[str, Any]) -> None:
    """10. CSA comment lines before the start position: the expected JKF drops them, we keep
    them as comments of the start. Ours may hold more leading lines than theirs."""
    expected = theirs["moves"][0].get("comments", [])
    found = ours["moves"][0].get("comments", [])
    if len(found) > len(expected) and found[len(found) - len(expected) :] == expected:
        if expected:
            ours["moves"][0]["comments"] = expected
        else:
            del ours["moves"][0]["comments"]


def _csa_star_comments(theirs: dict[str, Any], ours: dict[str, Any]) -> None:
    """11. CSA ``'*`` comments: the expected JKF keeps the ``*`` (``'** 104`` gives ``** 104``);
    our CSA reader takes ``'*`` as the comment mark, as Kifu for Windows does for KIF ``*``."""

    def fix(element: dict[str, Any]) -> None:
        if "comments" in element:
            element["comments"] = [c.removeprefix("*") for c in element["comments"]]

    fix(theirs["moves"][0])
    _walk(theirs, fix)


def _csa_plain_comments(theirs: dict[str, Any], ours: dict[str, Any]) -> None:
    """13. CSA plain ``'`` lines (notes on the file): the expected JKF strips the ``'`` and
    keeps the rest, as it does for ``'*`` lines; we keep the apostrophe (``'text``) so that
    a CSA writer can put them back as plain lines. Applied first."""

    def fix(element: dict[str, Any]) -> None:
        if "comments" in element:
            element["comments"] = [
                c if c.startswith("*") else "'" + c for c in element["comments"]
            ]

    fix(theirs["moves"][0])
    _walk(theirs, fix)


def _starred_header_lines(theirs: dict[str, Any], ours: dict[str, Any]) -> None:
    """12. KI2 ``*key：value`` lines among the headers: json-kifu-format makes them header
    entries named ``*key``; we read them as comments of the start (``key：value``)."""
    starred = [k for k in theirs["header"] if k.startswith("*")]
    if starred:
        lines = [f"{k[1:]}：{theirs['header'].pop(k)}" for k in starred]
        first = theirs["moves"][0]
        first["comments"] = lines + first.get("comments", [])


def _illegal_move_is_a_foul_of_the_side_to_move(
    theirs: dict[str, Any], ours: dict[str, Any]
) -> None:
    """13. KIF/KI2 反則負け: json-kifu-format writes ILLEGAL_MOVE; our model has 反則負け as a
    foul of the side to move, written as that side's ``±ILLEGAL_ACTION`` (CSA's meaning)."""

    def line(a: list[dict[str, Any]], b: list[dict[str, Any]], mover: int | None) -> None:
        for x, y in zip(a, b, strict=False):
            offender = "-" if mover == 0 else "+"
            if x.get("special") == "ILLEGAL_MOVE" and mover is not None and (
                y.get("special") == offender + "ILLEGAL_ACTION"
            ):
                x["special"] = y["special"]
            for fx, fy in zip(x.get("forks", []), y.get("forks", []), strict=False):
                line(fx, fy, mover)
            if "move" in x:
                mover = x["move"]["color"]

    line(theirs["moves"][1:], ours["moves"][1:], None)


def _ki2_result_line(theirs: dict[str, Any], ours: dict[str, Any]) -> None:
    """14. KI2 ``まで102手で下手の勝ち`` without a 投了 line: our KI2 reader records the end
    as TORYO (as json-kifu-format does); shogi-kifu-converter records nothing."""
    mine, expected = ours["moves"], theirs["moves"]
    if len(mine) == len(expected) + 1 and "special" in mine[-1] and "special" not in expected[-1]:
        mine.pop()


def _floodgate_notes(theirs: dict[str, Any], ours: dict[str, Any]) -> None:
    """15. Floodgate's notes (``'black_rate:…``, ``'summary:…``): the expected JKF keeps them
    as comments (those before the start position not at all); our CSA reader makes them
    headers under their own names. After 13."""
    from kifu_lark.formats.csa import FLOODGATE_KEYS as notes

    def fix(element: dict[str, Any]) -> None:
        kept = []
        for comment in element.get("comments", []):
            key, colon, value = comment[1:].partition(":")
            if comment.startswith("'") and colon and key in notes:
                theirs["header"][key] = value
            else:
                kept.append(comment)
        if kept:
            element["comments"] = kept
        else:
            element.pop("comments", None)

    fix(theirs["moves"][0])
    _walk(theirs, fix)
    for key in notes:  # lines before the start position, which the expected JKF drops
        if key not in theirs["header"]:
            ours["header"].pop(key, None)


def _evaluations_as_values(theirs: dict[str, Any], ours: dict[str, Any]) -> None:
    """16. Engine evaluations (``'** 113 -3334FU …``): the expected JKF keeps the CSA line;
    our JKF writer writes ShogiHome's ``#評価値=`` lines with a KI2 PV. Both sides' lines
    become the numbers they give (the PVs are compared as moves in
    tests/formats/test_evaluations.py). After 11."""
    from kifu_lark.formats.evaluation import evaluation_line_indexes, node_evaluation

    def fix(element: dict[str, Any]) -> None:
        comments = element.get("comments")
        if not comments:
            return
        evaluation = node_evaluation(comments)
        if evaluation is None:
            return
        drop = set(evaluation_line_indexes(comments))
        said = f"evaluation {evaluation.score} {evaluation.mate} {evaluation.nodes}"
        element["comments"] = [said] + [c for i, c in enumerate(comments) if i not in drop]

    for record in (theirs, ours):
        fix(record["moves"][0])
        _walk(record, fix)


#: Normalisations that compare the two records, by input extension (applied in order).
PAIR_NORMALISATIONS: dict[str, list[Callable[[dict[str, Any], dict[str, Any]], None]]] = {
    ".csa": [
        _csa_plain_comments,
        _floodgate_notes,
        _csa_comments_before_the_position,
        _csa_star_comments,
        _evaluations_as_values,
    ],
    ".kif": [_illegal_move_is_a_foul_of_the_side_to_move],
    ".kifu": [_illegal_move_is_a_foul_of_the_side_to_move],
    ".ki2": [_starred_header_lines, _illegal_move_is_a_foul_of_the_side_to_move],
    ".ki2u": [_starred_header_lines, _illegal_move_is_a_foul_of_the_side_to_move],
}
#: Only for shogi-kifu-converter's expected JKF.
CONVERTER_NORMALISATIONS: dict[str, list[Callable[[dict[str, Any], dict[str, Any]], None]]] = {
    ".ki2": [_ki2_result_line],
    ".ki2u": [_ki2_result_line],
}


def _normalise(record: dict[str, Any]) -> dict[str, Any]:
    for fix in NORMALISATIONS:
        fix(record)
    return record


def _first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """Where two JSON values first differ, for a readable failure."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if key not in a or key not in b:
                return f"{path}.{key}: {a.get(key)!r} != {b.get(key)!r}"
            found = _first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            found = _first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        if len(a) != len(b):
            return f"{path}: {len(a)} elements != {len(b)}"
        return None
    return None if a == b else f"{path}: {a!r} != {b!r}"


@pytest.mark.parametrize(
    ("source", "expected"),
    PAIRS,
    ids=[f"{s.parent.parent.name}/{s.parent.name}/{s.name}" for s, _ in PAIRS],
)
def test_corpus_pair_written_as_jkf_matches_expected(source: Path, expected: Path) -> None:
    """Our read of the input, written as JKF, equals the expected JKF after normalisation."""
    require_corpus()
    fmt = format_for_path(source.name)
    if fmt is None:
        pytest.skip(f"no reader registered for {source.suffix} yet")
    if source.name in REFUSED:
        with pytest.raises(KifuError) as info:
            kifu_lark.load(source, fmt.name)
        assert REFUSED[source.name] == info.value.code
        return
    game = kifu_lark.load(source, fmt.name)
    ours = _normalise(json.loads(kifu_lark.dumps(game, "jkf")))
    theirs = _normalise(json.loads(expected.read_text(encoding="utf-8")))
    for fix in PAIR_NORMALISATIONS.get(source.suffix, []):
        fix(theirs, ours)
    if _CONVERTER_FOLDER in source.parts:
        for fix in CONVERTER_NORMALISATIONS.get(source.suffix, []):
            fix(theirs, ours)
    assert _first_difference(theirs, ours) is None
    assert theirs == ours


@pytest.mark.parametrize(
    "source",
    sorted({s for s, _ in PAIRS}),
    ids=[f"{s.parent.parent.name}/{s.parent.name}/{s.name}" for s in sorted({s for s, _ in PAIRS})],
)
def test_corpus_input_written_as_jkf_validates_against_the_schema(source: Path) -> None:
    """Every corpus input we can read, written as JKF, validates against the JKF schema."""
    root = require_corpus()
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is a test extra")
    fmt = format_for_path(source.name)
    if fmt is None:
        pytest.skip(f"no reader registered for {source.suffix} yet")
    if source.name in REFUSED:
        pytest.skip(f"{source.name} is refused on purpose ({REFUSED[source.name]})")
    schema_path = root / _JKF_FOLDER / "specification" / "json-kifu-format.schema.json"
    validator = jsonschema.Draft202012Validator(json.loads(schema_path.read_text("utf-8")))
    record = json.loads(kifu_lark.dumps(kifu_lark.load(source, fmt.name), "jkf"))
    assert [] == [e.message for e in validator.iter_errors(record)]


@pytest.mark.parametrize("path", JKF_FILES, ids=[p.name for p in JKF_FILES])
def test_corpus_jkf_file_reads_and_writes_back_to_the_same_game(path: Path) -> None:
    """Every corpus .jkf file reads; writing it and reading that gives the same game."""
    require_corpus()
    game = kifu_lark.load(path, "jkf")
    assert game == kifu_lark.loads(kifu_lark.dumps(game, "jkf"), "jkf")


def test_corpus_is_found_or_skipped() -> None:
    """The corpus holds pairs and JKF files when present (guards against a moved folder)."""
    require_corpus()
    assert len(PAIRS) > 50
    assert len(JKF_FILES) >= 5
