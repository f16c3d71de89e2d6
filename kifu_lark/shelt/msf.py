"""MSF (Mino Seslax Format 0.2): シェルト records as JSON, with the position after every ply.

The reader checks each ply with the replay checker and compares the position it reaches with
the one the file stores (captured and turned pieces as sets: their order carries no rule we
know of), and reads the variations (``mit``). The writer (:mod:`kifu_lark.shelt.msf_write`)
stores the position after every ply, as MSF does. 厳密式 information beyond the move (check,
mate, count, axis) has no place in MSF and is left out; replacing the piece on teems (``ft_``)
has no MSF move and is refused.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from attrs import evolve

from kifu_lark.errors import (
    InvalidRecordError,
    KifuError,
)
from kifu_lark.formats.base import ReadOptions
from kifu_lark.formats.json_locate import PATH, Path, at, dotted, locate
from kifu_lark.formats.json_text import load_json
from kifu_lark.shelt.checker import Checker
from kifu_lark.shelt.hints import hint_for
from kifu_lark.shelt.model import (
    ALL_NAMES,
    RANKS,
    RESULT_KINDS,
    Ply,
    Result,
    SheltRecord,
    Side,
    Square,
    State,
    Variation,
)
from kifu_lark.shelt.text import state_problem
from kifu_lark.shelt.written import Written

NAME = "msf"
_MOVE_HINT = (
    "an ov is {pit: leim, luul: [{i, a}]}, {pit: okke, luul: [{i, a}, {i, a}]}, "
    "{pit: kor, ka}, {pit: ev, evol: NAME} or {pit: sed}; squares are {soom, alsia}"
)
_STATE_HINT = (
    "a slax is {ele: 7 rows of 7 names or null, sast: arxe|sorn, arxe and sorn: "
    "{txifol: [names], evol: name or null}, korol: [names]}, each piece once, teems once"
)


def _line_of(text: str, needle: str, nth: int) -> int | None:
    at = -1
    for _ in range(nth + 1):
        at = text.find(needle, at + 1)
        if at < 0:
            return None
    return text.count("\n", 0, at) + 1


def _bad(message: str, text: str, line: int | None = None, code: str = "BAD_MSF") -> KifuError:
    """An error at ``line``, with the code's hint."""
    return _located(message, text, line, 1 if line else None, code, None, None)


def _bad_at(
    message: str, text: str, path: PATH, code: str = "BAD_MSF", hint: str | None = None
) -> KifuError:
    """A located error for the value at ``path`` (found by parsing the text once more: this
    runs only when the record is refused); its hint is ``hint``, or the code's."""
    line, column = locate(text, path)
    return _located(message, text, line, column, code, dotted(path), hint)


def _located(
    message: str,
    text: str,
    line: int | None,
    column: int | None,
    code: str,
    offending: str | None,
    hint: str | None,
) -> KifuError:
    lines = text.splitlines()
    source = lines[line - 1] if line and 0 < line <= len(lines) else None
    return InvalidRecordError(
        message,
        code=code,
        format=NAME,
        line=line,
        column=column,
        source_line=source,
        text=offending,
        hint=hint or hint_for(code),
    )


@contextmanager
def _checking(
    text: str, path: PATH, prefix: str = "", code: str = "BAD_MSF", hint: str | None = None
) -> Iterator[None]:
    """Turn the value errors of the checks inside into errors located at ``path``."""
    try:
        yield
    except KifuError:
        raise
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as err:
        raise _bad_at(f"{prefix}{err}", text, path, code, hint) from None


def _square(obj: Any) -> Square:
    if not isinstance(obj, dict) or not all(type(obj.get(k)) is int for k in ("soom", "alsia")):
        raise ValueError(f"not a position: {obj!r}")
    return Square(obj["soom"], obj["alsia"] + 1)


def _names(obj: Any) -> tuple[str, ...]:
    if not isinstance(obj, list) or not all(x in ALL_NAMES for x in obj):
        raise ValueError(f"not a list of piece names: {obj!r}")
    return tuple(obj)


def _optional_name(obj: Any) -> str | None:
    if obj is not None and obj not in ALL_NAMES:
        raise ValueError(f"not a piece name: {obj!r}")
    return obj  # type: ignore[no-any-return]


def state_from_msf(obj: Any) -> State:
    """The :class:`State` of an MSF ``State`` object (ValueError when malformed)."""
    if not isinstance(obj, dict) or obj.get("sast") not in ("arxe", "sorn"):
        raise ValueError("a state needs sast: arxe|sorn")
    rows = obj.get("ele")
    if not isinstance(rows, list) or len(rows) != len(RANKS):
        raise ValueError("ele must be 7 rows")
    board = []
    for row in rows:
        if not isinstance(row, list) or len(row) != len(RANKS):
            raise ValueError("each row of ele must hold 7 squares")
        board.append(tuple(_optional_name(x) for x in row))
    holds: list[dict[str, Any]] = []
    for side in ("arxe", "sorn"):
        hold = obj.get(side)
        if not isinstance(hold, dict):
            raise ValueError("arxe and sorn must be objects")
        holds.append(hold)
    state = State(
        tuple(board),
        Side.from_msf(obj["sast"]),
        (_names(holds[0]["txifol"]), _names(holds[1]["txifol"])),
        (_optional_name(holds[0]["evol"]), _optional_name(holds[1]["evol"])),
        _names(obj.get("korol")),
    )
    problem = state_problem(state)
    if problem:
        raise ValueError(problem)
    return state


def _result(obj: Any) -> Result:
    if not isinstance(obj, dict) or obj.get("pit") not in RESULT_KINDS:
        raise ValueError("fixt.pit must be xeltsoldes, artansoldes, teomsast or daim")
    kind = obj["pit"]
    winner = None if kind == "daim" else Side.from_msf(_player(obj.get("vastan")))
    points = obj.get("ito") if kind == "artansoldes" else None
    if kind == "artansoldes" and points not in (0, 1, 2, 3, 4):
        raise ValueError("artansoldes needs ito 0..4")
    return Result(kind, winner, points, _text(obj.get("im")), _text(obj.get("oprens")))


def _player(value: Any) -> str:
    if value not in ("arxe", "sorn"):
        raise ValueError(f"not a player: {value!r}")
    return str(value)


def _text(value: Any) -> str | None:
    if value is not None and not isinstance(value, str):
        raise ValueError(f"not a string: {value!r}")
    return value


def _written(ov: Any, node: dict[str, Any], line: int | None) -> Written:
    if not isinstance(ov, dict):
        raise ValueError("ov must be an object")
    pit = ov.get("pit")
    w = Written(
        "move",
        line,
        1 if line else None,
        time=_text(node.get("im")),
        comment=_text(node.get("oprens")),
    )
    luul = ov.get("luul")
    if pit == "leim" and isinstance(luul, list) and len(luul) == 1:
        w.from_, w.to = _square(luul[0].get("i")), _square(luul[0].get("a"))
    elif pit == "okke" and isinstance(luul, list) and len(luul) == 2:
        w.form = "okke"
        w.from_, w.to = _square(luul[0].get("i")), _square(luul[0].get("a"))
        w.partner_from, w.partner_to = _square(luul[1].get("i")), _square(luul[1].get("a"))
    elif pit == "kor":
        w.form, w.to = "turn", _square(ov.get("ka"))
    elif pit == "ev" and ov.get("evol") in ALL_NAMES:
        w.form, w.placed = "place", ov["evol"]
    elif pit == "sed":
        w.form = "take_back"
    else:
        raise ValueError(f"not an MSF move: {json.dumps(ov)[:60]}")
    return w


def read_msf(text: str, options: ReadOptions) -> list[SheltRecord]:
    """Read an MSF record, checking every ply and the positions it stores."""
    del options
    data = load_json(text, NAME, "MSF is JSON: check commas, quotes and brackets")
    return [_record(data, text)]


def _ov_lines(data: Any, text: str) -> dict[int, int]:
    """The line of every node (by ``id``), from the ``"ov"`` tokens in document order."""
    starts = [text.count("\n", 0, i) + 1 for i in _find_all(text, '"ov"')]
    found: dict[int, int] = {}
    count = 0

    def walk(obj: Any) -> None:
        nonlocal count
        if isinstance(obj, dict):
            for key, value in obj.items():
                if key == "ov":
                    if count < len(starts):
                        found[id(obj)] = starts[count]
                    count += 1
                walk(value)
        elif isinstance(obj, list):
            for item in obj:
                walk(item)
        elif obj == "ov":
            count += 1

    walk(data)
    return found


def _find_all(text: str, needle: str) -> list[int]:
    out, at = [], text.find(needle)
    while at >= 0:
        out.append(at)
        at = text.find(needle, at + 1)
    return out


def _record(data: Any, text: str) -> SheltRecord:
    with _checking(text, (), "not an MSF record: "):
        if not isinstance(data, dict) or not all(
            k in data for k in ("aptex", "kit", "fixt", "seslax")
        ):
            raise ValueError("an MSF record holds aptex, kit, fixt and seslax")
    kit, nodes, tags = data["kit"], data["seslax"], data["aptex"]
    with _checking(text, ("aptex",)):
        if not isinstance(tags, dict) or not all(isinstance(v, str) for v in tags.values()):
            raise ValueError("aptex must be an object of strings")
    with _checking(text, ("kit",)):
        if not isinstance(kit, dict):
            raise ValueError("kit must be an object")
    fala = kit.get("fala")
    with _checking(text, ("kit", "fala")):
        if type(fala) is not int or not 0 <= fala <= 2147483647:
            raise ValueError("kit.fala must be a whole number 0..2147483647")
    with _checking(text, ("kit", "slax"), "kit.slax: ", "BAD_POSITION", _STATE_HINT):
        start = state_from_msf(kit.get("slax"))
    with _checking(text, ("fixt",)):
        result = _result(data["fixt"])
    with _checking(text, ("kit",)):
        start_time, start_comment = _text(kit.get("im")), _text(kit.get("oprens"))
    reader = _LineReader(text, _ov_lines(data, text))
    plies, variations = reader.line(
        start, fala, nodes, at((), "seslax"), kit.get("mit"), at((), "kit", "mit")
    )
    return SheltRecord(
        tags=tuple(tags.items()),
        start=start,
        fala=fala,
        plies=plies,
        result=result,
        variations=variations,
        start_time=start_time,
        start_comment=start_comment,
        format=NAME,
    )


class _LineReader:
    """Checks one line of nodes (and, recursively, its variations)."""

    def __init__(self, text: str, lines: dict[int, int]) -> None:
        self.text = text
        self.lines = lines

    def line(
        self, start: State, fala: int, nodes: Any, path: Path, first_mit: Any, mit_path: Path
    ) -> tuple[tuple[Ply, ...], tuple[Variation, ...]]:
        """The plies of ``nodes`` (at ``path``) from ``start``, and the variations:
        ``first_mit`` replaces the first node, each node's ``mit`` the node after it."""
        with _checking(self.text, path):
            if not isinstance(nodes, list):
                raise ValueError("seslax must be a list")
        variations = self.variations(start, fala, 0, first_mit, mit_path)
        checker = Checker(start, NAME, self.text, fala)
        for i, node in enumerate(nodes):
            place = at(path, i)
            with _checking(self.text, place):
                if not isinstance(node, dict):
                    raise ValueError("each seslax entry must be an object")
            self.node(checker, node, fala + i + 1, place)
            variations += self.variations(
                checker.state, fala + i + 1, i + 1, node.get("mit"), at(place, "mit")
            )
        return tuple(checker.plies), variations

    def variations(
        self, state: State, fala: int, ply: int, mit: Any, path: Path
    ) -> tuple[Variation, ...]:
        """The variations of list ``mit`` (at ``path``), each starting from ``state``."""
        if mit is None:
            mit = []
        with _checking(self.text, path):
            if not isinstance(mit, list):
                raise ValueError("mit must be a list")
        out = []
        for i, entry in enumerate(mit):
            place = at(path, i)
            with _checking(self.text, place):
                if not isinstance(entry, dict):
                    raise ValueError("each mit entry must be an object")
            plies, nested = self.line(
                state, fala, entry.get("seslax"), at(place, "seslax"), None, at(place, "mit")
            )
            with _checking(self.text, at(place, "fixt")):
                result = _result(entry.get("fixt"))
            out.append(Variation(ply, plies, result, nested))
        return tuple(out)

    def node(self, checker: Checker, node: dict[str, Any], number: int, path: Path) -> None:
        """Check one node (at ``path``): its move and the position it stores."""
        line = self.lines.get(id(node))
        with _checking(self.text, at(path, "ov"), f"move {number}: ", hint=_MOVE_HINT):
            written = _written(node.get("ov"), node, line)
        checker.push(written)
        slax, prefix = at(path, "slax"), f"move {number}: slax: "
        with _checking(self.text, slax, prefix, "BAD_POSITION", _STATE_HINT):
            stored = state_from_msf(node.get("slax"))
        if not checker.state.same_as(stored):
            raise _bad(
                f"move {number}: the stored position is not the one the move leads to",
                self.text,
                line,
                "STATE_MISMATCH",
            )
        # keep the order the file lists captured and turned pieces in (it follows no rule)
        listed = (stored.pools[0], stored.pools[1], stored.turned)
        checker.plies[-1] = evolve(checker.plies[-1], listed=listed)
        checker.state = evolve(checker.state, pools=stored.pools, turned=stored.turned)
