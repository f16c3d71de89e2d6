"""kifu_lark.render.animate: GIF, APNG and WebP decoded back with Pillow: a frame per
position, the first and last frames the start and final positions drawn alone, durations
as asked (fixed or from the moves' times)."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageStat

import kifu_lark
from kifu_lark import Time
from kifu_lark.render import animate, animation_format, png
from kifu_lark.render.animation import AnimationFormat, frame_delays
from tests.render.images import (
    FIXTURES,
    decode,
    frames,
    has_webp,
    need_images_extra,
    same_pixels,
)


@pytest.fixture(autouse=True)
def _images() -> None:
    need_images_extra()


def formats() -> list[AnimationFormat]:
    """The formats to check: WebP where this Pillow has it."""
    found: list[AnimationFormat] = ["gif", "apng"]
    return [*found, "webp"] if has_webp() else found


#: Pillow's name for each format, as it reads the file back.
PILLOW_NAMES = {"gif": "GIF", "apng": "PNG", "webp": "WEBP"}

RECORDS = [
    "kif/canonical/minishogi.kifu",  # 5x5, four moves then 投了 (no frame of its own)
    "kif/canonical/handicap.kifu",  # 香落ち: white moves first
]


@pytest.mark.parametrize("fmt", formats())
@pytest.mark.parametrize("name", RECORDS)
def test_a_frame_per_position_the_ends_drawn_alone(name: str, fmt: AnimationFormat) -> None:
    """Frames = moves + 1; the first frame is the start drawn alone, the last the final
    position drawn alone (its last move marked), pixel for pixel."""
    game = kifu_lark.load(FIXTURES / name)
    moves = sum(1 for node in game.mainline() if node.move is not None)
    data = animate(game, fmt, glyphs="letters", delay=100)
    image = decode(data)
    assert PILLOW_NAMES[fmt] == image.format
    assert moves + 1 == getattr(image, "n_frames", 1)
    decoded = [frame for frame, _ in frames(data)]
    first = decode(png(game, 0, glyphs="letters")).convert("RGB")
    last = decode(png(game, glyphs="letters")).convert("RGB")
    if fmt == "gif":  # 256 colours: whole areas within a few levels, edge blends near
        for alone, frame in ((first, decoded[0]), (last, decoded[-1])):
            assert alone.size == frame.size
            assert mean_difference(alone, frame) < 0.5
            assert areas_moved(alone, frame) <= 4
    else:
        assert same_pixels(first, decoded[0])
        assert same_pixels(last, decoded[-1])
    assert not same_pixels(decoded[0], decoded[1])


def areas_moved(alone: Image.Image, frame: Image.Image, colours: int = 8) -> int:
    """How far (the largest difference of a channel) the pixels of the ``colours`` most
    common colours of ``alone`` (background, board, pieces, lines, highlights) moved in
    ``frame``."""
    counted = alone.getcolors(maxcolors=alone.size[0] * alone.size[1]) or []
    ranked = [colour for _, colour in sorted(counted, reverse=True)]
    common = {bytes(colour) for colour in ranked[:colours] if isinstance(colour, tuple)}
    a, b = alone.tobytes(), frame.tobytes()
    return max(
        (
            max(abs(x - y) for x, y in zip(a[i : i + 3], b[i : i + 3], strict=True))
            for i in range(0, len(a), 3)
            if a[i : i + 3] in common
        ),
        default=0,
    )


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    """The mean absolute difference of two RGB images' pixels, 0 … 255."""
    mean: list[float] = ImageStat.Stat(ImageChops.difference(a, b).convert("L")).mean
    return mean[0]


@pytest.mark.parametrize("fmt", formats())
def test_fixed_delay_and_end_delay(fmt: AnimationFormat) -> None:
    """delay=250: every frame 250 ms but the last, which shows for end_delay."""
    game = kifu_lark.loads("position startpos moves 7g7f 3c3d 2g2f", "usi")
    data = animate(game, fmt, glyphs="letters", delay=250, end_delay=1500)
    assert [250, 250, 250, 1500] == [duration for _, duration in frames(data)]


@pytest.mark.parametrize("fmt", formats())
def test_delays_from_the_moves_times(fmt: AnimationFormat) -> None:
    """delay_from="times": each position shows for the next move's time (1, 2, 3, 4 s in
    the record) times time_scale, clipped to 5 s; the last for end_delay."""
    game = kifu_lark.load(FIXTURES / "kif" / "canonical" / "minishogi.kifu")
    spent = [node.time.spent for node in game.mainline() if node.time is not None]
    assert [1, 2, 3, 4, 5] == spent  # the fixture's times (the 5th is 投了's)
    data = animate(game, fmt, glyphs="letters", delay_from="times", time_scale=2.0)
    assert [2000, 4000, 5000, 5000, 3000] == [duration for _, duration in frames(data)]


def test_times_missing_take_the_delay_and_short_ones_the_floor() -> None:
    """A move without a time shows for delay; a time scaled below 200 ms shows for 200,
    durations are rounded to 10 ms."""
    game = kifu_lark.loads("position startpos moves 7g7f 3c3d 2g2f", "usi")
    a, b, c = game.mainline()
    a.time, c.time = Time(0.5), Time(12.344)
    delays = frame_delays([a, b, c], delay=700, delay_from="times", end_delay=900)
    assert [200, 700, 1230, 900] == delays
    assert [700, 700, 700, 900] == frame_delays([a, b, c], delay=700, end_delay=900)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"delay": 5}, "delay must be 20 to 60000 ms"),
        ({"end_delay": 70_000}, "end_delay must be 20 to 60000 ms"),
        ({"time_scale": 0}, "time_scale must be above 0"),
        ({"delay_from": "clock"}, "delay_from must be 'times'"),
    ],
)
def test_delays_out_of_range_are_refused(options: dict[str, object], message: str) -> None:
    """Delays outside 20 ms … 60 s, a scale not above 0, an unknown source: ValueError."""
    with pytest.raises(ValueError, match=message):
        frame_delays([], **options)  # type: ignore[arg-type]


def test_a_variation_is_animated_through_its_node() -> None:
    """line=node: the frames follow that node's line (its moves + 1), the last frame its
    final position."""
    game = kifu_lark.load(FIXTURES / "kif" / "canonical" / "branches.kif")
    branch = game.mainline()[3].parent
    assert branch is not None and len(branch.children) > 1
    node = branch.children[1]
    moves = [n for n in game.line(node) if n.move is not None]
    data = animate(game, "apng", line=node, glyphs="letters", delay=100)
    decoded = [frame for frame, _ in frames(data)]
    assert len(moves) + 1 == len(decoded)
    end = kifu_lark.Board.from_sfen(game.start.sfen())
    for step in moves:
        end.push(step.move)  # type: ignore[arg-type]
    assert same_pixels(decode(png(end, glyphs="letters")).convert("RGB"), decoded[-1])


def test_width_and_flip_reach_every_frame() -> None:
    """width= sizes every frame; flipped frames are the flipped pictures."""
    game = kifu_lark.loads("position startpos moves 7g7f 3c3d", "usi")
    data = animate(game, "apng", glyphs="letters", width=300, flipped=True)
    decoded = [frame for frame, _ in frames(data)]
    assert all(300 == frame.size[0] for frame in decoded)
    alone = decode(png(game, glyphs="letters", width=300, flipped=True)).convert("RGB")
    assert same_pixels(alone, decoded[-1])


@pytest.mark.parametrize(
    ("path", "expected"),
    [("a.gif", "gif"), ("a.PNG", "apng"), ("x/a.apng", "apng"), ("a.webp", "webp")],
)
def test_the_format_from_the_suffix(path: str, expected: str) -> None:
    """.gif, .png/.apng (APNG) and .webp name their formats, in any case."""
    assert expected == animation_format(path)


def test_an_unknown_suffix_is_refused() -> None:
    """A suffix that names no animation format: ValueError listing those that do."""
    with pytest.raises(ValueError, match=r"'\.mp4'.*\.gif"):
        animation_format("game.mp4")


def test_a_game_of_no_move_is_one_frame() -> None:
    """A record with no move: one frame, the start (a GIF shows it for end_delay)."""
    game = kifu_lark.loads("position startpos", "usi")
    alone = decode(png(game, glyphs="letters")).convert("RGB")
    ((frame, _),) = frames(animate(game, "apng", glyphs="letters"))
    assert same_pixels(alone, frame)
    ((frame, duration),) = frames(animate(game, "gif", glyphs="letters", end_delay=400))
    assert 400 == duration and mean_difference(alone, frame) < 0.5
