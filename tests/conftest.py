"""Shared test configuration: hypothesis profiles, corpus location, golden updates."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures"

settings.register_profile(
    "ci",
    max_examples=150,
    deadline=timedelta(seconds=5),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)
settings.register_profile(
    "dev",
    max_examples=20,
    deadline=timedelta(seconds=5),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def corpus_dir() -> Path | None:
    """``../shared/corpus`` beside the repository, or ``None`` when it is absent."""
    path = ROOT.parent / "shared" / "corpus"
    return path if path.is_dir() else None


def record_texts(suffixes: tuple[str, ...]) -> list[str]:
    """The decoded texts of every fixture and corpus file with one of ``suffixes``; files
    that do not decode are left out (they are the fuzz tests' business)."""
    from kifu_lark.errors import KifuError
    from kifu_lark.textio import decode

    texts = []
    for root in [FIXTURES, *(r for r in [corpus_dir()] if r is not None)]:
        for path in sorted(root.rglob("*")):
            if path.is_file() and path.suffix.lower() in suffixes:
                try:
                    texts.append(decode(path.read_bytes())[0])
                except KifuError:
                    continue
    return texts


def require_corpus() -> Path:
    """The corpus folder; skips the calling test when it is absent."""
    path = corpus_dir()
    if path is None:
        pytest.skip("../shared/corpus is absent: third-party records are not in the repo")
    return path


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-goldens",
        action="store_true",
        default=False,
        help="rewrite expected golden files (.json, .out, .err) from the current code",
    )


@pytest.fixture
def update_goldens(request: pytest.FixtureRequest) -> bool:
    """True when ``--update-goldens`` was given."""
    return bool(request.config.getoption("--update-goldens"))
