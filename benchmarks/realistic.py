"""Records shaped like real ones, the other libraries' readers, and the headline lines.

Real records are not what our writer makes: they carry headers (players, event, dates, time
control), a time per move with running totals that rarely repeat, floodgate's engine line
after every CSA move, several moves to a KI2 line, and now and then a board diagram as the
start. The games are random legal games (reproducible by seed); the text is written by
cshogi's exporters when cshogi is installed (``pip install -e '.[bench]'``), by our own
writers with the same decoration otherwise.

The headline of each reader's benchmark (``section``) prints, in this order: the real-shaped
lines with the peers' figures on the same texts, the corpus line, the per-record fixed cost
apart from the per-move cost, what an archive of short records (0 to 30 moves) costs per
record, and the bytes a kept game costs per move.
"""

from __future__ import annotations

import gc
import io
import json
import random
import subprocess
import sys
import time
import tracemalloc
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import kifu_lark
from benchmarks.common import corpus_folder, corpus_texts, in_turn, rate
from kifu_lark.errors import LossyWriteWarning
from kifu_lark.formats.move_text import write_kif_move
from kifu_lark.model.color import Color
from kifu_lark.model.game import Game, Node
from kifu_lark.model.headers import HeaderKey
from kifu_lark.model.move import Move, Special, SpecialKind, Time
from kifu_lark.model.position import Position
from kifu_lark.rules.board import Board
from kifu_lark.rules.movegen import legal_moves

try:
    import cshogi
    import cshogi.CSA
    import cshogi.KI2
    import cshogi.KIF
except ImportError:  # the bench extra is optional: our own writers stand in
    cshogi = None

RECORDS = 150
"""Records per real-shaped line (the issue's figure)."""

REPEAT = 10
"""Timed runs of each headline line (the best counts): these machines are noisy."""

BOD_EVERY = 5
"""One record in this many starts from a board diagram (a position 10 to 40 plies in)."""

_NAMES = ("山田太郎", "佐藤花子", "鈴木一郎 五段", "高橋次郎", "田中三郎 四段", "伊藤桜")
_ENGINES = ("Gikou_2.0.2", "Apery_WCSC28", "YaneuraOu-7.6", "dlshogi_gct", "Kristallweizen")
_EVENTS = ("第12期 朝霧杯 予選", "練習対局", "順位戦 C級2組", "新人王戦 1回戦")


@dataclass(frozen=True)
class Plan:
    """One record's content, before any text: the game and what real files say about it."""

    seed: int
    start: Position
    standard: bool
    moves: tuple[Move, ...]
    seconds: tuple[int, ...]
    black: str
    white: str
    engines: tuple[str, str]
    event: str
    started: datetime
    minutes: int
    byoyomi: int

    def cut(self, plies: int) -> Plan:
        """The same record stopped after ``plies`` moves."""
        return replace(self, moves=self.moves[:plies], seconds=self.seconds[:plies])

    def totals(self) -> list[int]:
        """Each move's mover's running total, in seconds."""
        sums = [0, 0]
        out = []
        for i, spent in enumerate(self.seconds):
            sums[i % 2] += spent
            out.append(sums[i % 2])
        return out


def plan(seed: int, plies: int | None = None, bod: bool = False) -> Plan:
    """A random legal game (``plies`` long, or 40 to 180) with players, times and dates;
    ``bod`` starts it from the position some random plies in."""
    rng = random.Random(seed)
    board = Board.from_position(Position.initial())
    if bod:
        for _ in range(rng.randint(10, 40)):
            board.push(rng.choice(legal_moves(board)))
    start = board.to_position()
    moves: list[Move] = []
    for _ in range(rng.randint(40, 180) if plies is None else plies):
        legal = legal_moves(board)
        if not legal:
            break
        moves.append(board.push(rng.choice(legal)))
    # Book moves are quick, then the long tail of a think.
    seconds = tuple(
        rng.randint(0, 2) if i < 12 else min(int(rng.expovariate(1 / 25)), 900)
        for i in range(len(moves))
    )
    black, white = rng.sample(_NAMES, 2)
    engine_black, engine_white = rng.sample(_ENGINES, 2)
    return Plan(
        seed=seed,
        start=start,
        standard=not bod,
        moves=tuple(moves),
        seconds=seconds,
        black=black,
        white=white,
        engines=(engine_black, engine_white),
        event=rng.choice(_EVENTS),
        started=datetime(2024, 1, 1) + timedelta(minutes=rng.randint(0, 500_000)),
        minutes=rng.choice((10, 60, 180, 360)),
        byoyomi=rng.choice((0, 10, 30, 60)),
    )


def plans(count: int = RECORDS, seed: int = 0, plies: int | None = None) -> list[Plan]:
    """``count`` records (seeds ``seed`` …), one in ``BOD_EVERY`` from a board diagram."""
    return [plan(seed + i, plies, bod=i % BOD_EVERY == BOD_EVERY - 1) for i in range(count)]


def writer_name(fmt: str) -> str:
    """Whose writer makes the real-shaped texts of ``fmt``."""
    if fmt == "jkf":
        return "our JKF writer (no peer writes JKF)"
    if cshogi is None:
        return "our writer, decorated (cshogi is not installed)"
    return "cshogi's move notation" if fmt == "ki2" else "cshogi's exporter"


# ---------------------------------------------------------------------------------------
# Texts


def _ended(plan: Plan) -> str:
    return plan.started.strftime("%Y/%m/%d %H:%M:%S")


def _finished(plan: Plan) -> str:
    return (plan.started + timedelta(seconds=sum(plan.seconds))).strftime("%Y/%m/%d %H:%M:%S")


def _time_limit(plan: Plan) -> str:
    return f"{plan.minutes}分+{plan.byoyomi}秒"


def game(plan: Plan) -> Game:
    """``plan`` as our model holds it: headers, times (with running totals), resignation."""
    record = Game(start=plan.start)
    headers = record.headers
    headers.add(HeaderKey.START_TIME, _ended(plan))
    headers.add(HeaderKey.END_TIME, _finished(plan))
    headers.add(HeaderKey.EVENT, plan.event)
    headers.add(HeaderKey.TIME_LIMIT, _time_limit(plan))
    headers.add(HeaderKey.BLACK, plan.black)
    headers.add(HeaderKey.WHITE, plan.white)
    node: Node = record.root
    for move, spent, total in zip(plan.moves, plan.seconds, plan.totals(), strict=True):
        node = node.add_variation(move)
        node.time = Time(float(spent), float(total))
    loser = plan.start.turn if len(plan.moves) % 2 == 0 else plan.start.turn.opponent
    node.add_variation(special=Special(SpecialKind.RESIGN, loser))
    return record


def _cshogi_board(plan: Plan) -> Any:
    return cshogi.Board(plan.start.sfen())


def _cshogi_moves(plan: Plan) -> list[int]:
    board = _cshogi_board(plan)
    out = []
    for move in plan.moves:
        code = board.move_from_usi(move.usi())
        board.push(code)
        out.append(code)
    return out


def kif_text(plan: Plan, analysis: bool = False) -> str:
    """A KIF record as a GUI saves it: headers, ``( 0:12/00:03:27)`` times, 投了, まで….
    ``analysis`` adds what Kifu for Windows' analysis writes: a ``**解析 … 評価値 … 読み筋
    …`` comment line after every move."""
    rng = random.Random(plan.seed)
    if cshogi is None:
        record = game(plan)
        if analysis:
            for ply, node in enumerate(n for n in record.mainline() if n.move is not None):
                node.comments = [analysis_line(rng, plan, ply)[1:]]
        return kifu_lark.dumps(record, "kif")
    out = io.StringIO()
    exporter = cshogi.KIF.Exporter()
    exporter.kifu, exporter.prev_move, exporter.move_number = out, None, 1
    out.write("# ---- kifu-lark benchmark record (cshogi's KIF exporter) ----\n")
    out.write(f"終了日時：{_finished(plan)}\n棋戦：{plan.event}\n持ち時間：{_time_limit(plan)}\n")
    handicap = None if plan.standard else _cshogi_board(plan)
    exporter.header([plan.black, plan.white], plan.started, handicap)
    totals = plan.totals()
    for ply, (code, spent, total) in enumerate(
        zip(_cshogi_moves(plan), plan.seconds, totals, strict=True)
    ):
        exporter.move(code, spent, total)
        if analysis:
            out.write(analysis_line(rng, plan, ply) + "\n")
    last = totals[-2] if len(totals) >= 2 else 0
    exporter.end("resign", 5, last + 5)
    return out.getvalue()


def analysis_line(rng: random.Random, plan: Plan, ply: int) -> str:
    """Kifu for Windows' analysis comment on move ``ply`` (from 0): time, depth, nodes,
    score and the expected continuation in KIF moves."""
    words, previous = [], plan.moves[ply]
    for move in plan.moves[ply + 1 : ply + 1 + rng.randint(1, 12)]:
        mark = "▲" if move.color is Color.BLACK else "△"
        words.append(mark + write_kif_move(move, previous))
        previous = move
    depth = rng.randint(8, 30)
    return (
        f"**解析 0 ▲候補1 時間 00:{rng.randint(0, 59):02}.{rng.randint(0, 9)} "
        f"深さ {depth}/{depth + rng.randint(0, 12)} ノード数 {rng.randint(1_000, 9_999_999)} "
        f"評価値 {rng.randint(-1500, 1500)} 読み筋 {' '.join(words)}"
    )


def csa_text(plan: Plan, floodgate: bool = False) -> str:
    """A CSA record (V2.2, ``+7776FU,T12``); ``floodgate`` adds that server's lines: the
    start as nine rows, ``'`` settings and an ``'** score pv…`` line after every move."""
    if cshogi is None:
        return decorated_csa(plan, floodgate)
    out = io.StringIO()
    exporter = cshogi.CSA.Exporter()
    exporter.f = out
    board = _cshogi_board(plan)
    names = list(plan.engines) if floodgate else [plan.black, plan.white]
    if floodgate:
        out.write(floodgate_head(plan))
        out.write(board.csa_pos())
        exporter.turn = board.turn
    else:
        info = {
            "EVENT": plan.event,
            "START_TIME": _ended(plan),
            "END_TIME": _finished(plan),
            "TIME_LIMIT": f"{plan.minutes // 60:02}:{plan.minutes % 60:02}+{plan.byoyomi:02}",
        }
        exporter.info(board, names, info, version="V2.2")
    codes = _cshogi_moves(plan)
    rng = random.Random(plan.seed)
    for i, (code, spent) in enumerate(zip(codes, plan.seconds, strict=True)):
        exporter.move(code, spent, sep=",")
        if floodgate:
            out.write(engine_line(rng, plan, i) + "\n")
    exporter.endgame("%TORYO")
    return out.getvalue()


def engine_line(rng: random.Random, plan: Plan, ply: int) -> str:
    """Floodgate's comment: ``'** <score> <the expected continuation in CSA moves>``."""
    pv = " ".join(m.csa() for m in plan.moves[ply + 1 : ply + 1 + rng.randint(1, 12)])
    return f"'** {rng.randint(-1500, 1500)} {pv}".rstrip()


def floodgate_head(plan: Plan) -> str:
    """Floodgate's lines before the start position: version, engines, event, settings."""
    black, white = plan.engines
    stamp = plan.started.strftime("%Y%m%d%H%M%S")
    return (
        f"V2\nN+{black}\nN-{white}\n$EVENT:wdoor+floodgate-300-10F+{black}+{white}+{stamp}\n"
        f"$START_TIME:{_ended(plan)}\n'Max_Moves:256\n'Least_Time_Per_Move:0\n'Increment:10\n"
    )


def decorated_csa(plan: Plan, floodgate: bool) -> str:
    """Our CSA writer's text made to look like a server's (no cshogi to write it);
    ``floodgate`` writes floodgate's head in place of ours (as :func:`csa_text` does)."""
    out: list[str] = []
    rng = random.Random(plan.seed)
    ply = 0
    lines = kifu_lark.dumps(game(plan), "csa").split("\n")
    if floodgate:  # floodgate's head in place of ours (the lines before the position's)
        lines = lines[next(i for i, line in enumerate(lines) if line[:1] == "P") :]
        out.append(floodgate_head(plan).rstrip("\n"))
    for line in lines:
        if line.startswith("T") and out and out[-1][:1] in "+-" and len(out[-1]) == 7:
            out[-1] += "," + line
            if floodgate:
                out.append(engine_line(rng, plan, ply))
            ply += 1
        elif line == "PI" and floodgate:
            out.append(INITIAL_ROWS)
        else:
            out.append(line)
    return "\n".join(out)


#: The standard start as CSA board rows (floodgate writes them instead of PI).
INITIAL_ROWS = """P1-KY-KE-GI-KI-OU-KI-GI-KE-KY
P2 * -HI *  *  *  *  * -KA *
P3-FU-FU-FU-FU-FU-FU-FU-FU-FU
P4 *  *  *  *  *  *  *  *  *
P5 *  *  *  *  *  *  *  *  *
P6 *  *  *  *  *  *  *  *  *
P7+FU+FU+FU+FU+FU+FU+FU+FU+FU
P8 * +KA *  *  *  *  * +HI *
P9+KY+KE+GI+KI+OU+KI+GI+KE+KY"""


def ki2_text(plan: Plan, per_line: int = 6) -> str:
    """A KI2 record: headers (or a diagram), ``per_line`` moves to a line, まで…."""
    if cshogi is None:
        return kifu_lark.dumps(game(plan), "ki2")
    board = _cshogi_board(plan)
    out = [
        f"開始日時：{_ended(plan)}",
        f"終了日時：{_finished(plan)}",
        f"棋戦：{plan.event}",
        f"持ち時間：{_time_limit(plan)}",
    ]
    out.append("手合割：平手" if plan.standard else cshogi.KIF.board_to_bod(board))
    out += [f"先手：{plan.black}", f"後手：{plan.white}", ""]
    row: list[str] = []
    for move in plan.moves:
        code = board.move_from_usi(move.usi())
        text = cshogi.KI2.move_to_ki2(code, board)
        board.push(code)
        row.append(text + " " * max(1, 12 - 2 * len(text)))
        if len(row) == per_line:
            out.append("".join(row).rstrip())
            row = []
    if row:
        out.append("".join(row).rstrip())
    winner = "先手" if board.turn == cshogi.WHITE else "後手"
    out.append(f"まで{len(plan.moves)}手で{winner}の勝ち")
    return "\n".join(out) + "\n"


def jkf_text(plan: Plan) -> str:
    """A JKF record from our writer (neither peer writes JKF): header, times, preset or
    diagram start."""
    return kifu_lark.dumps(game(plan), "jkf")


TEXTS: dict[str, Callable[[Plan], str]] = {
    "csa": csa_text,
    "kif": kif_text,
    "ki2": ki2_text,
    "jkf": jkf_text,
}


# ---------------------------------------------------------------------------------------
# The other libraries' readers

Reader = Callable[[str], object]


def peers(fmt: str) -> list[tuple[str, Reader]]:
    """The installed peers that read ``fmt``, as (label, read one text)."""
    found: list[tuple[str, Reader]] = []
    if cshogi is not None:
        found += _cshogi_peers(fmt)
    try:
        import shogi
        import shogi.CSA
        import shogi.KIF
    except ImportError:
        shogi = None
    if shogi is not None:
        if fmt == "csa":
            found.append(("python-shogi CSA.Parser + is_legal + push", python_shogi_csa))
        elif fmt == "kif":
            found.append(
                ("python-shogi KIF.Parser (moves not checked)", shogi.KIF.Parser.parse_str)
            )
    return found


def _cshogi_peers(fmt: str) -> list[tuple[str, Reader]]:
    if fmt == "csa":
        parser = cshogi.Parser()
        board = cshogi.Board()

        def loop(text: str) -> object:
            # The loop machine-learning users run on floodgate archives.
            parser.parse_csa_str(text)
            board.set_sfen(parser.sfen)
            for move in parser.moves:
                if not board.is_legal(move):
                    raise ValueError("illegal")
                board.push(move)
            return parser

        return [
            ("cshogi Parser.parse_csa_str (C++)", cshogi.CSA.Parser().parse_csa_str),
            ("cshogi parse + is_legal + push per move", loop),
        ]
    if fmt == "kif":
        return [("cshogi KIF.Parser (Python + C++ board)", cshogi.KIF.Parser.parse_str)]
    if fmt == "ki2":
        return [("cshogi KI2.Parser (Python + C++ board)", cshogi.KI2.Parser.parse_str)]
    return []


def python_shogi_csa(text: str) -> object:
    """python-shogi reads ``text`` and plays every move, checking each (the peer's loop)."""
    import shogi
    import shogi.CSA

    for record in shogi.CSA.Parser.parse_str(text):
        board = shogi.Board(record["sfen"])
        for usi in record["moves"]:
            move = shogi.Move.from_usi(usi)
            if not board.is_legal(move):
                raise ValueError("illegal")
            board.push(move)
    return text


# ---------------------------------------------------------------------------------------
# The headline lines


def ours(fmt: str) -> Reader:
    """Our reader of ``fmt`` (read + validate every move, every record of the text)."""
    return lambda text: kifu_lark.loads_all(text, fmt)


def compare(label: str, fmt: str, texts: Sequence[str], moves: Sequence[int]) -> float:
    """Time our reader on ``texts`` (``moves[i]`` main-line moves each), then each installed
    peer on the same texts (those it reads) in turn with ours again, and the ratio of the
    two. Returns our rate."""
    read = ours(fmt)
    total = sum(moves)
    mine = rate(f"{label}: kifu-lark read+validate", total, _all(read, texts), repeat=REPEAT)
    found = peers(fmt)
    if not found and fmt == "jkf":
        print("  peers: neither cshogi nor python-shogi reads JKF")
    elif not found:
        print(f"  peers: none installed that read {fmt} (pip install -e '.[bench]')")
    for which, (name, theirs) in enumerate(found):
        readable = _readable(fmt, which, texts)
        if not readable:
            print(f"  {name}: reads none of these {len(texts)} records")
            continue
        subset = [texts[i] for i in readable]
        count = sum(moves[i] for i in readable)
        note = "" if len(subset) == len(texts) else f", the {len(subset)} of {len(texts)} it reads"
        us, them = in_turn([_all(read, subset), _all(theirs, subset)], REPEAT)
        print(f"  {name}{note}: {count / them:,.0f} moves/s ({count} moves in {them:.3f} s)")
        print(
            f"    kifu-lark / {name.split(' (')[0]}: {them / us:.2f}x "
            f"(kifu-lark {count / us:,.0f} moves/s, timed in turn with it)",
            flush=True,
        )
    return mine


def _all(read: Reader, texts: Sequence[str]) -> Callable[[], object]:
    return lambda: [read(t) for t in texts]


def _readable(fmt: str, which: int, texts: Sequence[str]) -> list[int]:
    """Indices of ``texts`` that peer ``which`` of ``fmt`` reads without an error, tried in
    a child process: cshogi's C++ parser crashes the interpreter on some real records (a
    segmentation fault on a corpus CSA file), so a crash counts as a failure there."""
    unique = list(dict.fromkeys(texts))
    good: set[str] = set()
    start = 0
    while start < len(unique):
        child = subprocess.run(
            [sys.executable, "-m", "benchmarks.realistic", fmt, str(which), str(start)],
            input=json.dumps(unique),
            capture_output=True,
            text=True,
            check=False,
        )
        trying = len(unique)
        for line in child.stdout.split():
            index = int(line[1:])
            if line[0] == "+":
                good.add(unique[index])
            trying = index
        if child.returncode == 0:
            break
        start = trying + 1
    return [i for i, t in enumerate(texts) if t in good]


def _probe(argv: list[str]) -> None:
    """The child of ``_readable``: ``fmt which start``, the texts as JSON on stdin; prints
    ``?i`` before trying text ``i`` and ``+i`` / ``-i`` after."""
    fmt, which, start = argv[0], int(argv[1]), int(argv[2])
    texts = json.load(sys.stdin)
    read = peers(fmt)[which][1]
    for index in range(start, len(texts)):
        print(f"?{index}", flush=True)
        print(f"{'+' if _reads(read, texts[index]) else '-'}{index}", flush=True)


def _reads(reader: Reader, text: str) -> bool:
    try:
        reader(text)
    except Exception:  # the peers' own failures (IndexError, KeyError …) on valid records
        return False
    return True


def mainline_moves(fmt: str, texts: Sequence[str]) -> list[int]:
    """Main-line moves of each text (every record in it), as our reader counts them."""
    return [
        sum(1 for g in kifu_lark.loads_all(t, fmt) for n in g.mainline() if n.move is not None)
        for t in texts
    ]


def fixed_cost(fmt: str, lengths: Sequence[int] = (0, 1, 20, 60, 120), count: int = 60) -> None:
    """The per-record cost apart from the per-move cost: ``count`` real-shaped records (no
    diagrams) cut to each of ``lengths`` moves, each set timed; the time per record is fitted
    to a line in the moves per record (least squares)."""
    make = TEXTS[fmt]
    full = [plan(10_000 + i, plies=max(lengths)) for i in range(count)]
    readers: list[tuple[str, Reader]] = [("kifu-lark", ours(fmt)), *peers(fmt)]
    for name, read in readers:
        points: list[tuple[float, float]] = []
        if fmt == "ki2" and name != "kifu-lark":
            # cshogi's reader takes one move a line only (see section)
            make, name = (lambda p: ki2_text(p, per_line=1)), f"{name}, one move a line"
        for length in lengths:
            texts = [make(p.cut(length)) for p in full]
            if not all(_reads(read, t) for t in texts):
                break
            per_move = sum(mainline_moves(fmt, texts)) / len(texts)
            points.append((per_move, _per_record(read, texts)))
        if len(points) < len(lengths):
            print(f"  fixed cost, {name}: fails on some of these records")
            continue
        intercept, slope = _line(points)
        print(
            f"  fixed cost, {name}: {points[0][1] * 1e6:,.0f} µs to read a record of 0 moves, "
            f"{points[1][1] * 1e6:,.0f} µs of 1 move; fit over {lengths[0]}…{lengths[-1]} "
            f"moves: {intercept * 1e6:,.0f} µs per record + {slope * 1e6:.2f} µs per move "
            f"({1 / slope if slope > 0 else float('inf'):,.0f} moves/s)",
            flush=True,
        )


def short_records(fmt: str, count: int = 120) -> None:
    """What an archive of short records costs: ``count`` real-shaped records of 0 to 30
    moves (one in five from a diagram; for CSA, every other one floodgate-shaped), read one
    after the other, in µs per record, ours and each peer's that reads them all."""
    rng = random.Random(77)
    records = [
        plan(20_000 + i, plies=rng.randint(0, 30), bod=i % BOD_EVERY == BOD_EVERY - 1)
        for i in range(count)
    ]
    with warnings.catch_warnings():  # JKF has no move number for a diagram's start: fine here
        warnings.simplefilter("ignore", LossyWriteWarning)
        texts = [
            csa_text(p, floodgate=True) if fmt == "csa" and i % 2 else TEXTS[fmt](p)
            for i, p in enumerate(records)
        ]
    for name, read in [("kifu-lark", ours(fmt)), *peers(fmt)]:
        if not all(_reads(read, t) for t in texts):
            print(f"  short records, {name}: fails on some of them")
            continue
        print(
            f"  short records (0-30 moves, {count} of them), {name}: "
            f"{_per_record(read, texts) * 1e6:,.0f} µs per record",
            flush=True,
        )


def _per_record(read: Reader, texts: Sequence[str], budget: float = 0.1) -> float:
    """Seconds per record reading ``texts`` (best of 5 rounds of at least ``budget`` s)."""
    best = float("inf")
    for _ in range(5):
        gc.collect()
        rounds = 0
        started = time.perf_counter()
        while True:
            for text in texts:
                read(text)
            rounds += 1
            elapsed = time.perf_counter() - started
            if elapsed >= budget:
                break
        best = min(best, elapsed / (rounds * len(texts)))
    return best


def _line(points: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """Least-squares intercept and slope of ``points``."""
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    slope = sum((x - mx) * (y - my) for x, y in points) / sxx if sxx else 0.0
    return my - slope * mx, slope


def kept_bytes(read: Callable[[str], object], texts: Sequence[str]) -> tuple[int, int]:
    """(bytes the results of ``read`` over ``texts`` hold, bytes that stayed in the readers'
    tables): what reading allocated that dropping the results frees (tracemalloc), after a
    first pass fills the tables, as in a long-running program."""
    for text in texts:
        read(text)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        games = [read(t) for t in texts]
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0]
        del games
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return kept - after, after - before


def memory(fmt: str, texts: Sequence[str], moves: int) -> None:
    """Bytes a kept game costs per move: what reading ``texts`` allocated that dropping the
    games frees (tracemalloc), per main-line move; and what stayed in the readers' tables."""
    held, stayed = kept_bytes(ours(fmt), texts)
    size = sum(len(t.encode("utf-8")) for t in texts)
    per_move = held / moves
    print(
        f"  memory: a kept game costs {per_move:,.0f} bytes per move ({len(texts)} records, "
        f"{moves} moves; {per_move / (size / moves):.1f}x the {size / moves:.0f} bytes of "
        f"UTF-8 text per move); {stayed:+,} bytes stayed in tables",
        flush=True,
    )


def corpus(fmt: str, suffixes: tuple[str, ...], repeat: int = 5) -> None:
    """Our reader and the peers on the real records of the shared corpus, when present."""
    folder = corpus_folder()
    if folder is None:
        print("corpus: skipped (no shared/corpus folder beside the repository)")
        return
    found = corpus_texts(folder, suffixes, fmt)
    if not found:
        print(f"corpus: no {'/'.join(suffixes)} record of {folder} reads as {fmt}")
        return
    texts = [t for t, _ in found] * repeat
    moves = [m for _, m in found] * repeat
    compare(f"corpus, the {len(found)} {'/'.join(suffixes)} records x{repeat}", fmt, texts, moves)


def section(fmt: str, suffixes: tuple[str, ...]) -> None:
    """The headline lines of ``fmt``'s benchmark: real-shaped records (CSA also
    floodgate-shaped) with the peers, the corpus, fixed cost, memory."""
    records = plans()
    shaped = [TEXTS[fmt](p) for p in records]
    counts = mainline_moves(fmt, shaped)
    diagrams = sum(not p.standard for p in records)
    print(
        f"real-shaped: {len(shaped)} records by {writer_name(fmt)}, {sum(counts)} moves, "
        f"{diagrams} from a diagram, {sum(map(len, shaped)) // 1024} KiB",
        flush=True,
    )
    compare(f"{fmt} real-shaped", fmt, shaped, counts)
    if fmt == "csa":
        flood = [csa_text(p, floodgate=True) for p in records]
        compare("csa floodgate-shaped ('** line after every move)", fmt, flood, counts)
    if fmt == "kif":
        analysed = [kif_text(p, analysis=True) for p in records]
        compare("kif analysis-shaped (a **解析 line after every move)", fmt, analysed, counts)
    if fmt == "ki2" and cshogi is not None:
        # cshogi's KI2 reader loses its place after the second move of a line (it takes a
        # match's end in the rest of the line for one in the line): one move a line, as its
        # own exporter writes, is what it can read.
        single = [ki2_text(p, per_line=1) for p in records]
        compare("ki2 real-shaped, one move a line", fmt, single, counts)
    corpus(fmt, suffixes)
    fixed_cost(fmt)
    short_records(fmt)
    memory(fmt, shaped, sum(counts))
    if fmt == "csa":
        memory(fmt, flood, sum(counts))
    print("synthetic (our own writer's texts):", flush=True)


if __name__ == "__main__":
    _probe(sys.argv[1:])


def write_csa_folder(folder: Path, records: int) -> int:
    """``records`` floodgate-shaped CSA records written into ``folder``, one file each
    (``00000.csa`` …); returns their number of moves."""
    moves = 0
    for n, plan in enumerate(plans(records)):
        (folder / f"{n:05d}.csa").write_text(csa_text(plan, floodgate=True))
        moves += len(plan.moves)
    return moves
