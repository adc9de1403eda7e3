"""Small helpers shared by the benchmark scripts."""

from __future__ import annotations

import importlib.util
import resource
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"


def bench_scorer() -> ModuleType:
    """``../shared/bench/score.py`` (the scorer) as a module."""
    path = SHARED / "bench" / "score.py"
    spec = importlib.util.spec_from_file_location("bench_score", path)
    if spec is None or spec.loader is None or not path.is_file():
        raise SystemExit(f"{path}: score.py not found")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def timed(func: Callable[[], object]) -> float:
    """Wall-clock seconds one call of ``func`` takes."""
    start = time.perf_counter()
    func()
    return time.perf_counter() - start


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def percentile(values: list[float], pct: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(pct / 100 * (len(ordered) - 1))))
    return ordered[index]


def peak_rss_mb() -> float:
    """Peak resident memory of this process (and its waited-for children), in MB."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(own, kids) / 1024
