"""The rules engine's list tables (``step_at``, ``ray_at``, ``line_at``) say what its set and
dict tables (``steps``, ``ray_dir``, ``line``) say, for every difference of two indices and
every pair of indices, on boards of every size the engine plays."""

from __future__ import annotations

import pytest

from kifu_lark.model.variant import MINISHOGI, STANDARD, Variant, board_variant
from kifu_lark.rules.geometry import Geometry

VARIANTS = [
    STANDARD,
    MINISHOGI,
    board_variant(3, 4),
    board_variant(7, 5),
    board_variant(9, 2),
    board_variant(2, 1),
]


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_the_list_tables_agree_with_the_set_and_dict_tables(variant: Variant) -> None:
    g = Geometry(variant)
    n = g.size
    for c in (0, 1):
        for k in range(15):
            assert len(g.step_at[c][k]) == len(g.ray_at[c][k]) == 2 * n
            for d in range(-n + 1, n):
                assert g.step_at[c][k][d + n] == (d in g.steps[c][k]), (c, k, d)
                assert g.ray_at[c][k][d + n] == g.ray_dir[c][k].get(d, 0), (c, k, d)
    for a in range(n):
        row = g.line.get(a, {})
        assert [row.get(b, 0) for b in range(n)] == g.line_at[a], a
    # the tables hold something to agree about
    assert any(any(row) for row in g.line_at)
    assert any(any(ray) for side in g.ray_at for ray in side)
