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
