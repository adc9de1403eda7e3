"""Shared fixtures: where the shared benchmark data lives (beside the clone)."""

from __future__ import annotations

from pathlib import Path

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared"
