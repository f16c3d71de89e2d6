"""The shipped tactic files (package data ``kifu_lark.tactics_data``): one
``<category>/<name>.tactic`` per tactic, read by ``kifu_lark.tactics``."""
