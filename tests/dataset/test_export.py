"""``kifu_lark.dataset.export``: the same archive through every engine gives the same bytes,
every record a row, every bad record an error row; resume; JSON lines."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kifu_lark.dataset import engines, export
from kifu_lark.dataset.records import read_games
from kifu_lark.errors import KifuError
from tests.dataset.archive import BAD, Archive, build

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")


@pytest.fixture(autouse=True)
def every_pool_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The archives here are small: a pool would leave them to one process
    (engines.pool_workers), so the pool's own path would go untested."""
    monkeypatch.setattr(engines, "POOL_ENTRIES", 1)


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Archive:
    return build(tmp_path_factory.mktemp("archive"))


def _sources(archive: Archive) -> list[str]:
    return [str(archive.folder), str(archive.zip), str(archive.tgz)]


def _hashes(out: Path) -> dict[str, str]:
    return {
        p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(out.rglob("*"))
        if p.is_file()
    }


def _table(out: Path, name: str) -> Any:
    return pa.concat_tables(pq.read_table(p) for p in sorted((out / name).glob("*.parquet")))


def _expected_rows(archive: Archive) -> tuple[int, int]:
    """(games rows, positions rows) one copy of the archive must give, read file by file."""
    rows = plies = 0
    for name, data in archive.files.items():
        try:
            games = read_games(data, name)
        except KifuError:
            rows += 1
            continue
        rows += len(games)
        plies += sum(sum(1 for n in g.mainline() if n.move is not None) for g in games)
    return rows, plies


@pytest.fixture(scope="module")
def serial(archive: Archive, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("serial") / "out"
    export(_sources(archive), str(out), shard_size=40)
    return out


def _children() -> list[Any]:
    psutil = pytest.importorskip("psutil")  # installed with distributed

    # multiprocessing's resource tracker is one per interpreter and ends with it: not a worker
    return [
        p
        for p in psutil.Process().children(recursive=True)
        if p.is_running() and "resource_tracker" not in " ".join(p.cmdline())
    ]


@pytest.fixture
def no_stray_processes() -> Iterator[None]:
    """The engine's worker processes are gone when it returns."""
    before = {p.pid for p in _children()}
    yield
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        left = [p for p in _children() if p.pid not in before and p.status() != "zombie"]
        if not left:
            return
        time.sleep(0.2)
    assert [] == [p.cmdline() for p in left]


def test_every_entry_is_a_row_and_every_bad_record_an_error_row(
    archive: Archive, serial: Path
) -> None:
    """Three copies of the archive: three times the rows of one, reasons kept per bad file."""
    games, positions = _table(serial, "games"), _table(serial, "positions")
    rows, plies = _expected_rows(archive)
    assert (3 * rows, 3 * plies) == (games.num_rows, positions.num_rows)
    errors = {
        (r["source"], r["member"]): r["error"]["code"]
        for r in games.to_pylist()
        if r["error"] is not None
    }
    for name, (_, code) in BAD.items():
        folder_copy = (f"{archive.folder.as_posix()}/{name}", None)
        assert code == errors[folder_copy]
        assert code == errors[(str(archive.zip), name)]
        assert code == errors[(str(archive.tgz), f"records/{name}")]


def test_generated_games_have_their_moves_result_and_positions(
    archive: Archive, serial: Path
) -> None:
    """Each generated game: its plies, winner, end reason, and one position row per move
    with the result from the side to move."""
    games = {r["game_id"]: r for r in _table(serial, "games").to_pylist()}
    positions = _table(serial, "positions").to_pylist()
    for name, (plies, winner) in archive.games.items():
        row = games[f"{archive.zip}/{name}#0"]
        assert (plies, winner, "RESIGN", None) == (
            row["plies"],
            row["winner"],
            row["end_reason"],
            row["error"],
        )
        assert plies == len(row["moves"])
        mine = [p for p in positions if p["game_id"] == row["game_id"]]
        assert list(range(1, plies + 1)) == [p["ply"] for p in mine]
        assert row["moves"] == [p["move"] for p in mine]
        expected = [1 if p["side_to_move"] == winner else -1 for p in mine]
        assert expected == [p["result"] for p in mine]
        assert mine[0]["sfen"] == row["start_sfen"]


def test_pool_of_two_gives_the_same_bytes(
    archive: Archive, serial: Path, tmp_path: Path, no_stray_processes: None
) -> None:
    """A 2-process pool writes the very files the serial engine writes."""
    out = tmp_path / "out"
    summary = export(_sources(archive), str(out), engine="pool", jobs=2, shard_size=40)
    assert _hashes(serial) == _hashes(out)
    assert summary.shards > 2


def test_dask_local_cluster_gives_the_same_bytes(
    archive: Archive, serial: Path, tmp_path: Path, no_stray_processes: None
) -> None:
    """A distributed.LocalCluster of 2 worker processes writes the very same files."""
    pytest.importorskip("distributed")
    pytest.importorskip("dask.bag")
    out = tmp_path / "out"
    export(_sources(archive), str(out), engine="dask", jobs=2, shard_size=40)
    assert _hashes(serial) == _hashes(out)


def test_seven_zip_members_read_as_the_others(archive: Archive, tmp_path: Path) -> None:
    """A .7z copy gives the rows the tar.gz copy gives (same member names)."""
    if archive.sevenz is None:
        pytest.skip("py7zr is not installed")
    rows: dict[str, list[tuple[Any, ...]]] = {}
    for copy in (archive.sevenz, archive.tgz):
        out = tmp_path / copy.name
        export([str(copy)], str(out), to="jsonl")
        parts = sorted((out / "games").glob("*.jsonl"))
        lines = [line for p in parts for line in p.read_text(encoding="utf-8").splitlines()]
        rows[copy.name] = [
            (r["member"], r["moves"], r["error"] and r["error"]["code"])
            for r in map(json.loads, lines)
        ]
    assert rows["records.tar.gz"] == rows["records.7z"]
    assert {f"records/{name}" for name in archive.files} == {r[0] for r in rows["records.7z"]}


def test_resume_redoes_only_what_is_missing(archive: Archive, serial: Path, tmp_path: Path) -> None:
    """A part lost (or its marker) is written again on --resume; the others are kept as
    they are; the result is the same bytes."""
    out = tmp_path / "out"
    export(_sources(archive), str(out), shard_size=40)
    (out / "_done" / "part-00001.json").unlink()
    (out / "positions" / "part-00002.parquet").write_bytes(b"half a file")
    kept = (out / "games" / "part-00000.parquet").stat().st_mtime_ns
    summary = export(_sources(archive), str(out), shard_size=40, resume=True)
    assert summary.resumed == summary.shards - 2
    assert kept == (out / "games" / "part-00000.parquet").stat().st_mtime_ns
    assert _hashes(serial) == _hashes(out)
    assert summary.records == _table(out, "games").num_rows


def test_an_output_in_use_is_refused_without_resume_or_overwrite(
    archive: Archive, tmp_path: Path
) -> None:
    """A second export into the same folder says how to go on; other options on resume too."""
    out = tmp_path / "out"
    export([str(archive.zip)], str(out), to="jsonl")
    with pytest.raises(KifuError) as refused:
        export([str(archive.zip)], str(out), to="jsonl")
    assert ("USAGE", "resume=True") == (refused.value.code, (refused.value.hint or "")[:11])
    with pytest.raises(KifuError, match="other options"):
        export([str(archive.zip)], str(out), to="jsonl", tactics=True, resume=True)
    fewer = export([str(archive.tgz)], str(out), to="jsonl", overwrite=True, shard_size=10_000)
    assert 1 == fewer.shards
    assert ["part-00000.jsonl"] == sorted(p.name for p in (out / "games").iterdir())


def test_jsonl_rows_match_the_parquet_rows(archive: Archive, serial: Path, tmp_path: Path) -> None:
    """The JSON lines output holds the Parquet output's rows (headers as key/value pairs)."""
    out = tmp_path / "out"
    export(_sources(archive), str(out), to="jsonl", shard_size=40)
    lines = [
        json.loads(line)
        for p in sorted((out / "games").glob("*.jsonl"))
        for line in p.read_text(encoding="utf-8").splitlines()
    ]
    parquet = _table(serial, "games").to_pylist()
    assert [r["game_id"] for r in parquet] == [r["game_id"] for r in lines]
    assert [r["moves"] for r in parquet] == [r["moves"] for r in lines]
    assert [[list(kv) for kv in r["headers"] or []] for r in parquet] == [
        r["headers"] or [] for r in lines
    ]


@pytest.mark.parametrize("to", ["parquet", "jsonl"])
def test_positions_written_in_row_groups_as_they_come_hold_the_same_rows(
    archive: Archive, serial: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, to: str
) -> None:
    """A shard's positions go out every ROW_GROUP_ROWS rows (memory stays bounded): with a
    bound of 100 rows, each Parquet part holds several row groups and every table the same
    rows as the shards written at once; the second run gives the same bytes."""
    import kifu_lark.dataset.tasks as tasks

    monkeypatch.setattr(tasks, "ROW_GROUP_ROWS", 100)
    out = tmp_path / "small-groups"
    export(_sources(archive), str(out), shard_size=40, to=to)
    again = tmp_path / "again"
    export(_sources(archive), str(again), shard_size=40, to=to)
    assert _hashes(out) == _hashes(again)
    if to == "parquet":
        parts = sorted((out / "positions").glob("*.parquet"))
        assert max(pq.ParquetFile(p).num_row_groups for p in parts) > 1
        assert _table(serial, "positions").to_pylist() == _table(out, "positions").to_pylist()
        assert _table(serial, "games").to_pylist() == _table(out, "games").to_pylist()
    else:
        lines = [
            json.loads(line)
            for part in sorted((out / "positions").glob("*.jsonl"))
            for line in part.read_text(encoding="utf-8").splitlines()
        ]
        expected = _table(serial, "positions").to_pylist()
        assert expected == lines
    # no temporary file is left behind
    assert not [p for p in out.rglob("*") if p.name.startswith(".")]


def test_tactics_column_is_filled_when_asked(tmp_path: Path) -> None:
    """With tactics=True, a fixture opening's tactics are in its row; without, null."""
    from tests.conftest import FIXTURES

    source = str(FIXTURES / "tactics" / "美濃囲い.kif")
    export([source], str(tmp_path / "with"), to="jsonl", tactics=True)
    export([source], str(tmp_path / "without"), to="jsonl")
    row = json.loads((tmp_path / "with" / "games" / "part-00000.jsonl").read_text("utf-8"))
    bare = json.loads((tmp_path / "without" / "games" / "part-00000.jsonl").read_text("utf-8"))
    assert "美濃囲い" in {t["name"] for t in row["tactics"]}
    assert bare["tactics"] is None


def test_evaluations_and_ratings_of_a_floodgate_record(tmp_path: Path) -> None:
    """The '** scores land on their moves' rows from the mover's side; the black_rate /
    white_rate notes are the ratings column."""
    import kifu_lark
    from tests.conftest import FIXTURES

    source = FIXTURES / "evaluations" / "floodgate.csa"
    export([str(source)], str(tmp_path / "out"))
    game_row = _table(tmp_path / "out", "games").to_pylist()[0]
    assert {"black": 2950.0, "white": 3010.5} == game_row["ratings"]
    rows = _table(tmp_path / "out", "positions").to_pylist()
    game = kifu_lark.load(source)
    expected = []
    for node in game.mainline():
        if node.move is None:
            continue
        found = node.evaluation
        turned = None if found is None else found.for_side(node.move.color)
        expected.append(None if turned is None else {"score": turned.score, "mate": None})
    assert expected == [r["evaluation"] for r in rows]
    assert [50, -42] == [r["evaluation"]["score"] for r in rows[:2]]


@pytest.mark.parametrize("to", ["parquet", "jsonl"])
def test_every_evaluation_fixture_gives_node_evaluation_turned_to_the_mover(
    tmp_path: Path, to: str
) -> None:
    """Each program's evaluation lines (fixtures/evaluations: scores, mates of known and
    unknown length, PV-only lines, nodes with none) become the positions' evaluation column:
    node.evaluation from the mover's side, null where it gives no score and no mate."""
    import math

    import kifu_lark
    from kifu_lark.dataset.replay import MATE_UNKNOWN
    from kifu_lark.model.evaluation import Evaluation
    from tests.conftest import FIXTURES

    folder = tmp_path / "records"
    folder.mkdir()
    for path in sorted((FIXTURES / "evaluations").iterdir()):
        (folder / path.name).write_bytes(path.read_bytes())
    # mates (known and unknown length, each side) and a depth alone, written as ShogiHome does
    game = kifu_lark.load(FIXTURES / "evaluations" / "shogihome.kif")
    moves = [n for n in game.mainline() if n.move is not None]
    for node, value in zip(
        moves[-4:],
        [Evaluation(mate=7), Evaluation(mate=-math.inf), Evaluation(depth=5), Evaluation(mate=-3)],
        strict=False,
    ):
        node.evaluation = value
    kifu_lark.dump(game, folder / "mates.kif")
    export([str(folder)], str(tmp_path / "out"), to=to)
    if to == "parquet":
        rows = _table(tmp_path / "out", "positions").to_pylist()
    else:
        rows = [
            json.loads(line)
            for part in sorted((tmp_path / "out" / "positions").glob("*.jsonl"))
            for line in part.read_text(encoding="utf-8").splitlines()
        ]
    expected: list[dict[str, int | None] | None] = []
    for path in sorted(folder.iterdir()):
        for node in kifu_lark.load(path).mainline():
            if node.move is None:
                continue
            found = node.evaluation
            turned = None if found is None else found.for_side(node.move.color)
            if turned is None or (turned.score is None and turned.mate is None):
                expected.append(None)
                continue
            mate = turned.mate
            if mate is not None and math.isinf(mate):
                mate = MATE_UNKNOWN if mate > 0 else -MATE_UNKNOWN
            expected.append({"score": turned.score, "mate": None if mate is None else int(mate)})
    got = [r["evaluation"] for r in rows]
    assert expected == got
    # the fixtures hold each kind: scores, mates, and moves without an evaluation
    assert any(e is not None and e["mate"] is not None for e in expected)
    assert any(e is not None and e["score"] is not None for e in expected)
    assert None in expected


def test_mates_keep_their_sign_and_unknown_lengths_a_sentinel() -> None:
    """A mate in 7 for black is +7 for black, -7 for white; an unknown length ±32767."""
    import math

    from kifu_lark.dataset.replay import MATE_UNKNOWN, evaluation_row
    from kifu_lark.model.color import Color
    from kifu_lark.model.evaluation import Evaluation

    mate = Evaluation(mate=7)
    assert (None, 7) == evaluation_row(mate, Color.BLACK)
    assert (None, -7) == evaluation_row(mate, Color.WHITE)
    unknown = Evaluation(mate=math.inf)
    assert (None, -MATE_UNKNOWN) == evaluation_row(unknown, Color.WHITE)


def test_a_running_cluster_by_its_address(
    archive: Archive,
    serial: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    no_stray_processes: None,
) -> None:
    """--scheduler ADDRESS: export writes the serial engine's bytes; validate reports the
    bad records as it does serially."""
    distributed = pytest.importorskip("distributed")
    pytest.importorskip("dask.bag")
    import logging

    from kifu_lark.cli import main

    out = tmp_path / "out"
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, dashboard_address=None, silence_logs=logging.ERROR
    ) as cluster:
        address = cluster.scheduler_address
        export(_sources(archive), str(out), scheduler=address, engine="dask", shard_size=40)
        assert 1 == main(["validate", str(archive.zip), "--scheduler", address])
        on_cluster = capsys.readouterr().out
    assert _hashes(serial) == _hashes(out)
    assert 1 == main(["validate", str(archive.zip)])
    assert capsys.readouterr().out == on_cluster


@pytest.mark.parametrize("to", ["hcpe", "psv", "hcpe3"])
def test_training_records_of_the_archive(
    archive: Archive, tmp_path: Path, to: str, no_stray_processes: None
) -> None:
    """--to hcpe|psv: each game's training_records in the entries' order, the same bytes on
    a 2-process pool; bad records counted as failures; the filters' counts summed."""
    from kifu_lark.dataset import training

    keep = training.TrainingFilter(min_plies=3)
    serial_out, pool_out = tmp_path / "serial", tmp_path / "pool"
    summary = export([str(archive.zip)], str(serial_out), to=to, shard_size=40, training=keep)
    export(
        [str(archive.zip)],
        str(pool_out),
        to=to,
        shard_size=40,
        training=keep,
        engine="pool",
        jobs=2,
    )
    assert _hashes(serial_out) == _hashes(pool_out)
    expected = b""
    for name in sorted(archive.files):
        try:
            games = read_games(archive.files[name], name)
        except KifuError:
            continue
        for game in games:
            expected += b"".join(training.training_records(game, to, keep))
    written = b"".join(p.read_bytes() for p in sorted((serial_out / to).iterdir()))
    assert expected == written
    size = training.TRAINING_FORMATS[to][1]
    assert summary.training is not None
    assert len(written) == size * summary.training["records"] or to == "hcpe3"
    assert {code for _, code in BAD.values()} <= set(summary.failures)
    skipped = summary.training["skipped_games"]
    assert isinstance(skipped, dict)
    assert skipped["plies"] >= 2  # the generated 1- and 2-move games


def test_hcpe_positions_are_the_positions_table_sfens(archive: Archive, tmp_path: Path) -> None:
    """cshogi decodes every exported HCPE position to an SFEN of the positions table."""
    cshogi = pytest.importorskip("cshogi")
    np = pytest.importorskip("numpy")
    export([str(archive.zip)], str(tmp_path / "h"), to="hcpe")
    export([str(archive.zip)], str(tmp_path / "p"))
    table = _table(tmp_path / "p", "positions").to_pylist()
    ours = {" ".join(r["sfen"].split()[:3]) for r in table}
    parts = sorted((tmp_path / "h" / "hcpe").glob("*.hcpe"))
    data = b"".join(part.read_bytes() for part in parts)
    hcpe = np.frombuffer(data, cshogi.HuffmanCodedPosAndEval)
    board = cshogi.Board()
    decoded = set()
    for record in hcpe:
        board.set_hcp(record["hcp"])
        decoded.add(" ".join(board.sfen().split()[:3]))
    assert len(hcpe) > 50
    assert decoded <= ours


def test_the_default_cut_gives_the_same_bytes_on_one_process_and_two(
    archive: Archive, tmp_path: Path, no_stray_processes: None
) -> None:
    """No --shard-size: the entries are cut by their number alone, so -j 2 (a pool of two,
    the archive being large enough to share) writes the very files one process writes."""
    from kifu_lark.dataset.shards import shard_size_for

    one, two = tmp_path / "one", tmp_path / "two"
    first = export(_sources(archive), str(one), to="jsonl")
    second = export(_sources(archive), str(two), to="jsonl", engine="pool", jobs=2)
    assert _hashes(one) == _hashes(two)
    entries = len(_sources(archive)) * len(archive.files)
    assert first.shards == second.shards == -(-entries // shard_size_for(entries)) > 1


def _split_expected(archive: Archive, split: Any, to: str) -> tuple[bytes, bytes, int]:
    """(train bytes, test bytes, test files) of the zip's entries, in their order."""
    from kifu_lark.dataset import training

    train = test = b""
    files = 0
    for name in sorted(archive.files):
        try:
            games = read_games(archive.files[name], name)
        except KifuError:
            continue
        data = b"".join(r for g in games for r in training.training_records(g, to))
        if split.tests(str(archive.zip), name):
            test += data
            files += 1
        else:
            train += data
    return train, test, files


@pytest.mark.parametrize("to", ["hcpe", "hcpe3"])
def test_a_test_split_by_file_is_the_same_whatever_the_engine(
    archive: Archive, tmp_path: Path, to: str, no_stray_processes: None
) -> None:
    """--split test=0.3 --seed 7: the files the split picks write to <to>-test/, the others
    to <to>/, on one process and on a pool alike, counted in the summary; another seed picks
    other files."""
    from kifu_lark.dataset.training_filter import Split

    split = Split(0.3, 7)
    serial_out, pool_out = tmp_path / "serial", tmp_path / "pool"
    summary = export([str(archive.zip)], str(serial_out), to=to, split=split, shard_size=40)
    export(
        [str(archive.zip)],
        str(pool_out),
        to=to,
        split=split,
        engine="pool",
        jobs=2,
        shard_size=40,
    )
    assert _hashes(serial_out) == _hashes(pool_out)
    train, test, files = _split_expected(archive, split, to)
    assert 0 < files < len(archive.files) / 2
    read = {
        folder: b"".join(p.read_bytes() for p in sorted((serial_out / folder).iterdir()))
        for folder in (to, f"{to}-test")
    }
    assert (train, test) == (read[to], read[f"{to}-test"])
    assert summary.training is not None
    counted = summary.training["test"]
    assert files == counted["files"] and counted["records"] > 0
    other = Split(0.3, 8)
    assert [n for n in archive.files if split.tests("", n)] != [
        n for n in archive.files if other.tests("", n)
    ]
    plain = export([str(archive.zip)], str(tmp_path / "plain"), to=to, shard_size=40)
    assert plain.training is not None and "test" not in plain.training
    assert not (tmp_path / "plain" / f"{to}-test").exists()


def test_a_split_is_refused_for_tables(archive: Archive, tmp_path: Path) -> None:
    """split= with to="jsonl": USAGE, before the output folder is made."""
    from kifu_lark.dataset.training_filter import Split

    with pytest.raises(KifuError) as raised:
        export([str(archive.zip)], str(tmp_path / "t"), to="jsonl", split=Split(0.1))
    assert "USAGE" == raised.value.code
    assert "a test split applies to hcpe" in str(raised.value)
    assert "leave the split out" in str(raised.value.hint)
    assert not (tmp_path / "t").exists()


def test_training_filters_are_refused_for_tables(archive: Archive, tmp_path: Path) -> None:
    """training= with to="jsonl": USAGE naming the filters, before the folder is made."""
    from kifu_lark.dataset.training_filter import TrainingFilter

    with pytest.raises(KifuError) as raised:
        export([str(archive.zip)], str(tmp_path / "t"), to="jsonl", training=TrainingFilter())
    assert "USAGE" == raised.value.code
    assert "training filters apply to hcpe" in str(raised.value)
    assert "leave the filters out" in str(raised.value.hint)
    assert not (tmp_path / "t").exists()
