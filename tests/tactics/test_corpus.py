"""Our tactics against the ones other programs wrote into corpus records (bioshogi's
先手の戦法 / 先手の戦型 / 先手の囲い / 先手の手筋 / 先手の備考 headers, and 戦型 for the game).

Every agreement and difference is printed as a table (``pytest -s``); a difference must be
explained, either generally (a name we do not ship) or in KNOWN below. Skips without the
corpus."""

from __future__ import annotations

from pathlib import Path

import kifu_lark
from kifu_lark import tactics
from tests.conftest import require_corpus

SIDES = ("先手", "後手")
#: Header categories as bioshogi has written them over the years → ours.
CATEGORY = {"戦法": "戦法", "戦型": "戦法", "囲い": "囲い", "手筋": "手筋", "備考": "備考"}
#: Other programs' spellings of our names.
SPELLING = {"対抗型": "対抗形", "対振り": "対振り飛車"}
#: (record file name, side or "game", name) → why we differ.
KNOWN = {
    ("sample.ki2", "先手", "穴熊"): "the header names 先手's 居飛車穴熊 (as we do) but predates "
    "the 穴熊 / 対穴熊 notes: the note follows from the castle",
    ("sample.ki2", "後手", "対穴熊"): "see 先手's 穴熊: the opponent of a 穴熊",
    ("sample.ki2", "後手", "対居飛車"): "the header notes 対振り for the 居飛車 side and "
    "nothing for the 振り飛車 side; we note each side facing the other's style",
    ("sample.ki2", "先手", "持久戦"): "bioshogi writes no 持久戦 note; its 戦法 対振り持久戦 "
    "says it for 先手",
    ("sample.ki2", "後手", "持久戦"): "as for 先手: the note is of the game, both sides get it",
    ("sample01.jkf.expected.kif", "game", "居飛車"): "2 moves: we note 居飛車 from ply 20 on",
    ("sample1.ki2", "game", "(戦法)"): "a placeholder, not a name",
    ("sample.ki2", "後手", "片美濃囲い"): "we drop it once 片銀冠 (ply 34) stands: 片銀冠 "
    "replaces 片美濃囲い; bioshogi keeps both",
    ("sample.ki2", "後手", "銀冠"): "△7二金 (ply 34) makes the crown with the other gold still "
    "on 4一, not on 7三: 片銀冠, the name bioshogi's own later shapes give it (銀冠 asks "
    "for that gold); the header predates 片銀冠",
    ("sample.ki2", "後手", "片銀冠"): "see 銀冠: silver 8三 over the king on 8二, gold 7二, "
    "no gold on 7三",
    ("sample.ki2", "先手", "三間飛車"): "the rook goes to 7八 at ply 41, in the middle game; "
    "our 振り飛車 戦法 count the opening only (ply ≤ 40)",
    ("sample.ki2", "先手", "超速▲3七銀"): "▲3六歩-▲3七銀 at ply 11-13 against △5二飛 is the "
    "超速 (it replaces the 早繰り銀 that ▲4六銀 makes at ply 15); bioshogi names no silver 戦法",
    ("sample.ki2", "後手", "突き捨て"): "△5六歩 (ply 56) is taken by ▲同歩 and 後手 plays "
    "△6五金 instead of taking back: the pawn was given; the record's 手筋 header names "
    "垂れ歩 only",
    ("sample.ki2", "先手", "遠見の角"): "▲4八角 (ply 87) from the 8th rank, its diagonal open "
    "to 9三 in the opponent's camp after the fight began; the header names 垂れ歩 only",
    ("sample.ki2", "先手", "肩金"): "▲7三金打 (ply 113) with the king on 8二 diagonally ahead "
    "of it (no 金の両取り: the king can take it); the header names 垂れ歩 only",
    ("反則二歩.ki2", "game", "中飛車"): "先手's 中飛車 keeps the bishop's diagonal open (▲7六歩, "
    "▲7七角) with the pawn on 5五: our ゴキゲン中飛車, which replaces 中飛車; the record "
    "names the family",
}


def corpus_records(root: Path) -> list[Path]:
    found = []
    for path in sorted(root.rglob("*")):
        if path.suffix not in (".kif", ".ki2", ".kifu", ".csa") or not path.is_file():
            continue
        head = path.read_bytes()[:4000].decode("utf-8", errors="ignore")
        if "戦型：" in head or "の戦法：" in head or "の囲い：" in head:
            found.append(path)
    return found


def compare(path: Path) -> list[tuple[str, str, str, str]]:
    """(side or game, name, agree | only theirs | only ours, explanation) for one record."""
    game = kifu_lark.load(path)
    ours = tactics.find(game)
    shipped = {n.name for n in tactics.names()}
    rows = []
    claimed: dict[tuple[str, str], set[str]] = {}
    for key, value in game.headers.items():
        for side in SIDES:
            for category, mine in CATEGORY.items():
                if key == f"{side}の{category}":
                    names = {SPELLING.get(n.strip(), n.strip()) for n in value.split(",")}
                    claimed.setdefault((side, mine), set()).update(names)
    for (side, category), names in claimed.items():
        found = {f.name for f in ours if f.side.kanji == side and f.category == category}
        for name in sorted(names | found):
            status = (
                "agree"
                if name in names and name in found
                else ("only theirs" if name in names else "only ours")
            )
            rows.append((side, name, status))
    if "戦型" in game.headers:
        name = game.headers["戦型"].strip()
        everything = {f.name for f in ours}
        rows.append(("game", name, "agree" if name in everything else "only theirs"))
    table = []
    for who, name, status in rows:
        why = ""
        if status != "agree":
            why = KNOWN.get((path.name, who, name), "")
            if not why and name not in shipped:
                why = "not a tactic we ship"
        table.append((who, name, status, why))
    return table


def test_corpus_tactics_agree_or_are_explained() -> None:
    """The comparison runs on the corpus; every difference has an explanation."""
    root = require_corpus()
    records = corpus_records(root)
    assert records, "the corpus holds no record with tactic headers"
    unexplained = []
    agreements = 0
    print()
    for path in records:
        for who, name, status, why in compare(path):
            print(f"{path.name:32} {who:4} {name:12} {status:12} {why}")
            agreements += status == "agree"
            if not why and status != "agree":
                unexplained.append((path.name, who, name, status))
    print(f"{agreements} agreements")
    assert [] == unexplained
    assert agreements >= 1
