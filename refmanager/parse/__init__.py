"""Reference string -> CSL item: a CRF field labeller with exact rules and name splitting.

Public API:
    parse_entries(entries, model_path=None) -> list[Reference]
    iter_parsed(entries, model_path=None) -> Iterator[Reference]   (one at a time)
    parse_reference(text, model_path=None) -> Reference      (never raises)
    align_labels(raw, corrected) -> list[str]                (per-character labels)
    example_from_correction(raw, corrected) -> Example
    train_model(examples, path) -> stats                     (writes a model file)
"""

from __future__ import annotations

from refmanager.parse.parser import iter_parsed, parse_entries, parse_reference, parse_text
from refmanager.parse.tagger import DEFAULT_MODEL
from refmanager.parse.train import Example, align_labels, example_from_correction, train_model

__all__ = [
    "DEFAULT_MODEL",
    "Example",
    "align_labels",
    "example_from_correction",
    "iter_parsed",
    "parse_entries",
    "parse_reference",
    "parse_text",
    "train_model",
]
