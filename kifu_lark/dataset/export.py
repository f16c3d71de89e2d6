"""``export``: records to the ``games`` and ``positions`` tables, part files per shard."""

from __future__ import annotations

import json
import shutil
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from kifu_lark.dataset.engines import Progress, check_engine, pool_workers, run
from kifu_lark.dataset.extras import require
from kifu_lark.dataset.output import DONE, PLAN, SUFFIXES, TABLES, TEST_FOLDERS, TRAINING
from kifu_lark.dataset.shards import Shard, plan
from kifu_lark.dataset.sources import expand_sources
from kifu_lark.dataset.tasks import ExportTask, ReadOptions
from kifu_lark.dataset.training_filter import Split, TrainingFilter, TrainingStats
from kifu_lark.dataset.verdict_reports import IMPASSE_RULES
from kifu_lark.errors import KifuError, Setting
from kifu_lark.files import write_atomically

#: What ``export`` writes: ``to=`` values.
OUTPUTS = tuple(SUFFIXES)

# The settings export's messages name, each interface in its own words (Setting).
_RESUME = Setting("resume", True)
_OVERWRITE = Setting("overwrite", True)
_OUT = Setting("out")
_GLOBS = Setting("globs")


@dataclass
class Summary:
    """What an export did.

    Attributes:
        records: rows of the ``games`` table (games read, and entries that failed).
        games: games read.
        plies: main-line moves of the games read (rows of ``positions``).
        failures: entries that did not read, by error code.
        shards: shards in the plan.
        resumed: shards found complete and skipped (``resume=True``).
        seconds: wall time.
        training: for ``hcpe`` and ``psv``, what was written and left out
            (:class:`~kifu_lark.dataset.training.TrainingStats`), else ``None``.
    """

    records: int = 0
    games: int = 0
    plies: int = 0
    failures: dict[str, int] = field(default_factory=dict)
    shards: int = 0
    resumed: int = 0
    seconds: float = 0.0
    output: str = ""
    to: str = ""
    engine: str = ""
    workers: int = 1
    training: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        """The summary as a JSON-ready dict."""
        return asdict(self)


def export(
    sources: Iterable[str],
    out: str,
    *,
    to: str = "parquet",
    engine: str = "serial",
    jobs: int = 1,
    scheduler: str | None = None,
    shard_size: int | None = None,
    resume: bool = False,
    overwrite: bool = False,
    positions: bool = True,
    tactics: bool = False,
    source_format: str | None = None,
    encoding: str | None = None,
    tolerate: Iterable[str] = (),
    globs: Iterable[str] = (),
    progress: bool = False,
    training: TrainingFilter | None = None,
    impasse: str = "27",
    split: Split | None = None,
) -> Summary:
    """Read every record of ``sources`` and write the ``games`` (and ``positions``) tables
    under the folder ``out``, one part file per shard: ``games/part-00000.parquet`` ….

    Records that do not read are rows with ``error`` set; the run goes on. The output is
    the same, byte for byte, whatever the engine and number of workers.

    Args:
        sources: files, folders, globs, ``@list`` files and archives (see
            :func:`kifu_lark.dataset.sources.expand_sources`).
        out: the output folder; it must be empty or absent unless ``resume`` or
            ``overwrite``.
        to: ``parquet`` (needs pyarrow: ``kifu-lark[parquet]``), ``jsonl``, or engine
            training records ``hcpe`` / ``psv`` / ``hcpe3`` (``<to>/part-N.<to>`` files, see
            docs/training-data.md).
        engine: ``serial``, ``pool`` or ``dask`` (see :func:`kifu_lark.dataset.engines.run`;
            a pool too small to share runs in this process, and the summary's ``workers``
            says 1).
        jobs: worker processes for ``pool`` and a local Dask cluster.
        scheduler: the address of a running Dask scheduler.
        shard_size: entries (files or archive members) per shard; by default the entries
            are cut into shards that any number of workers shares
            (:func:`kifu_lark.dataset.shards.shard_size_for`), the same whatever ``jobs``.
        resume: skip the shards a previous run with the same options completed.
        overwrite: replace a previous export in ``out``.
        positions: write the ``positions`` table.
        tactics: fill the ``tactics`` column (``kifu_lark.tactics.find``; costs time).
        source_format, encoding, tolerate, globs: how records are found and read, as
            ``kifu-lark validate`` takes them.
        progress: show a progress line on standard error when it is a terminal.
        training: for ``hcpe``, ``psv`` and ``hcpe3``, which games and positions to write and how
            scores are bounded (default: every game with a result).
        impasse: the impasse rule the ``termination`` and ``verdict_agrees`` columns judge
            入玉宣言 and 持将棋 by (:func:`kifu_lark.verdict`): ``"27"`` or ``"24"``.
        split: for training records, the test share of the files
            (:class:`~kifu_lark.dataset.training_filter.Split`), written to
            ``<to>-test/part-N.<to>`` beside ``<to>/``; the summary's ``training`` counts
            its ``test`` files, games and records.

    Raises:
        KifuError: ``USAGE`` for bad arguments, sources that name nothing or an output
            folder in use; ``MISSING_EXTRA`` naming the extra to install. Each is raised
            before anything is written.
    """
    started = time.perf_counter()
    if to not in OUTPUTS:
        raise KifuError(
            f"cannot export to {to!r}", code="USAGE", hint=f"one of {', '.join(OUTPUTS)}"
        )
    if to == "parquet":
        require("pyarrow.parquet", "parquet", Setting("to", "parquet"))
    check_engine(engine)
    if impasse not in IMPASSE_RULES:
        raise KifuError(
            f"unknown impasse rule {impasse!r}",
            code="USAGE",
            hint=" or ".join(str(Setting("impasse", rule)) for rule in IMPASSE_RULES),
            settings=tuple(Setting("impasse", rule) for rule in IMPASSE_RULES),
        )
    for given, what, which in ((training, "training filters apply", "the filters"),
                               (split, "a test split applies", "the split")):
        if given is not None and to not in TRAINING:
            targets = [Setting("to", name) for name in TRAINING]
            raise KifuError(
                f"{what} to {' and '.join(TRAINING)}, not to {to}",
                code="USAGE",
                hint=" or ".join(map(str, targets)) + f", or leave {which} out",
                settings=targets,
            )
    tolerated = sorted(tolerate)
    settings: dict[str, Any] = {
        "to": to,
        "positions": positions,
        "tactics": tactics,
        "source_format": source_format,
        "encoding": encoding,
        "tolerate": tolerated,
        "shard_size": shard_size,
        "training": _filter_settings(training),
        "impasse": impasse,
    }
    if split is not None:  # absent otherwise: a resume of an export made before splits
        settings["split"] = {"test": split.test, "seed": split.seed}
    # Every refusal comes before the first write: the sources are walked (a .7z needs its
    # extra) once the output folder is known to be usable, and only then is it touched.
    state = _output_state(Path(out), settings, resume, overwrite)
    entries = expand_sources(sources, source_format, globs, game="shogi")
    if not entries:
        raise KifuError(
            "no record files found",
            code="USAGE",
            hint=f"check the paths; in a folder, files are found by extension ({_GLOBS})",
            settings=(_GLOBS,),
        )
    _prepare(Path(out), settings, state)
    shards = plan(entries, str(Path(out) / PLAN), shard_size)
    task = ExportTask(
        str(Path(out).resolve()),
        to,
        ReadOptions(source_format, encoding, tuple(tolerated)),
        positions,
        tactics,
        training,
        impasse,
        split,
    )
    results: dict[int, dict[str, Any]] = {}
    pending: list[Shard] = []
    for shard in shards:
        previous = task.done(shard) if resume else None
        if previous is None:
            pending.append(shard)
        else:
            results[shard.index] = previous
    resumed = len(results)
    meter = Progress("export", sum(s.count for s in pending)) if progress else None
    for result in run(task, pending, engine=engine, jobs=jobs, scheduler=scheduler, progress=meter):
        results[result["index"]] = result
    _remove_stale(Path(out), len(shards))
    failures: Counter[str] = Counter()
    for result in results.values():
        failures.update(result["failures"])
    return Summary(
        records=sum(r["records"] for r in results.values()),
        games=sum(r["games"] for r in results.values()),
        plies=sum(r["plies"] for r in results.values()),
        failures=dict(sorted(failures.items())),
        shards=len(shards),
        resumed=resumed,
        seconds=round(time.perf_counter() - started, 3),
        output=out,
        to=to,
        engine=engine,
        workers=_workers(engine, jobs, pending),
        training=_training_totals(results.values()) if to in TRAINING else None,
    )


def _workers(engine: str, jobs: int, shards: list[Shard]) -> int:
    """The worker processes the run had: a pool's only when it started
    (:func:`~kifu_lark.dataset.engines.pool_workers`), else this process."""
    if engine == "dask":
        return jobs
    return (pool_workers(jobs, shards) or 1) if engine == "pool" else 1


def _filter_settings(training: TrainingFilter | None) -> dict[str, Any] | None:
    """A filter as the settings file records it (a resume must use the same)."""
    if training is None:
        return None
    if training.ratings is not None:
        raise KifuError(
            "export takes ratings from the records: a TrainingFilter with its own ratings "
            f"function cannot be recorded for {_RESUME}",
            code="USAGE",
            hint="leave TrainingFilter.ratings unset",
            settings=(_RESUME,),
        )
    ends = training.end_reasons
    return {
        "min_plies": training.min_plies,
        "min_rating": training.min_rating,
        "end_reasons": None if ends is None else sorted(kind.name for kind in ends),
        "eval_limit": training.eval_limit,
        "mate_score": training.mate_score,
        "require_evaluation": training.require_evaluation,
        "unfinished": training.unfinished,
        # absent when off: a resume of an export made before the option
        **({"legal_only": True} if training.legal_only else {}),
    }


def _training_totals(results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The shards' training counts added up."""
    total = TrainingStats()
    test: Counter[str] = Counter()
    split = False
    for result in results:
        if "test" in result:
            split = True
            test.update(result["test"])
        counts = result["training"]
        total.games += counts["games"]
        total.games_written += counts["games_written"]
        total.records += counts["records"]
        total.skipped_games.update(counts["skipped_games"])
        total.skipped_positions.update(counts["skipped_positions"])
    totals = total.to_dict()
    if split:
        totals["test"] = {key: test[key] for key in ("files", "games", "records")}
    return totals


def _output_state(out: Path, settings: dict[str, Any], resume: bool, overwrite: bool) -> str:
    """Check the output folder, writing nothing: ``"new"`` (absent or empty), ``"resume"``
    (a previous export with these settings) or ``"overwrite"`` (a previous export to
    replace).

    Raises:
        KifuError: ``USAGE`` for a folder in use, or one exported with other settings.
    """
    settings_file = out / PLAN / "settings.json"
    if out.exists() and not out.is_dir():
        raise KifuError(
            f"{out} is not a folder",
            code="USAGE",
            hint=f"{_OUT} names the output folder",
            settings=(_OUT,),
        )
    used = out.is_dir() and any(out.iterdir())
    if used and resume:
        try:
            before = json.loads(settings_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raise KifuError(
                f"{out} holds no export to resume", code="USAGE", hint="choose another folder"
            ) from None
        if before != settings:
            changed = sorted(k for k in settings if before.get(k) != settings[k])
            raise KifuError(
                f"{out} was exported with other options ({', '.join(changed)})",
                code="USAGE",
                hint=f"resume with the same options, or pass {_OVERWRITE}",
                settings=(_OVERWRITE,),
            )
        return "resume"
    if used and overwrite:
        return "overwrite"
    if used:
        raise KifuError(
            f"{out} is not empty",
            code="USAGE",
            hint=f"{_RESUME} to finish the export in it, {_OVERWRITE} to replace it",
            settings=(_RESUME, _OVERWRITE),
        )
    return "new"


def _prepare(out: Path, settings: dict[str, Any], state: str) -> None:
    """Make the output folder ready (``state`` from :func:`_output_state`) and record the
    settings the export is made with."""
    if state == "resume":
        _remove_temporaries(out)
    elif state == "overwrite":
        for name in (*TABLES, *TRAINING, *TEST_FOLDERS, DONE, PLAN):
            shutil.rmtree(out / name, ignore_errors=True)
    settings_file = out / PLAN / "settings.json"
    write_atomically(settings_file, json.dumps(settings, indent=1).encode("utf-8"))


def _remove_temporaries(out: Path) -> None:
    """Drop the temporary files a run ended outright (SIGKILL, a power cut) left: hidden
    ``.NAME.XXXX.part`` files, as :mod:`kifu_lark.files` names them, never complete."""
    for name in (*TABLES, *TRAINING, *TEST_FOLDERS, DONE, PLAN):
        folder = out / name
        if folder.is_dir():
            for path in folder.glob(".*.part"):
                path.unlink(missing_ok=True)


def _remove_stale(out: Path, shards: int) -> None:
    """Drop parts and markers of shards past the plan's last (left by a larger plan)."""
    for name in (*TABLES, *TRAINING, *TEST_FOLDERS, DONE):
        folder = out / name
        if not folder.is_dir():
            continue
        for path in folder.glob("part-*"):
            number = path.name[len("part-") :].split(".")[0]
            if number.isdigit() and int(number) >= shards:
                path.unlink()
