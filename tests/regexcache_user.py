"""Compiles patterns for tests/test_regexcache.py as a module of refmanager's would."""

from __future__ import annotations

import re
from typing import Any


def compile_here(patterns: list[tuple[Any, int, Any]]) -> list[re.Pattern[Any]]:
    return [re.compile(p, f) for p, f, _ in patterns]
