"""Use case: retrain a library's own parser model with the corrections stored in it."""

from __future__ import annotations

from pathlib import Path

from refmanager.model import InputError


def retrain_library(folder: Path) -> tuple[int, dict[str, float]]:
    """Train the library's own parser model with its stored corrections (under a minute).

    Returns how many corrections were used and the training figures. New imports and
    re-parses use that model from then on. Opens the library itself, so it runs as well
    in a worker process (the window runs it in one; an ``InputError`` pickles back).

    Raises:
        InputError: no corrections yet, no library there, or training is not installed.
    """
    from refmanager.service.parsing import library_model_path, stored_corrections, train

    corrections = stored_corrections(folder)
    if not corrections:
        raise InputError(str(folder), "no corrections yet: edit some fields first")
    return len(corrections), train(library_model_path(folder), corrections)
