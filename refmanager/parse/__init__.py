"""Reference string -> CSL item: a CRF field labeller with exact rules and name splitting.

Public API:
    parse_entries(entries, model_path=None) -> list[Reference]
    parse_reference(text, model_path=None) -> Reference      (never raises)
    align_labels(raw, corrected) -> list[str]                (per-character labels)
    example_from_correction(raw, corrected) -> Example
    train_model(examples, path) -> stats                     (writes a model file)
"""

from __future__ import annotations

from refmanager.parse.parser import parse_entries, parse_reference, parse_text
from refmanager.parse.tokens import LABELS

TYPE_CHECKING = False  # typing is not imported at run time (start-up, see 0015)
if TYPE_CHECKING:
    from typing import Any

    from refmanager.parse.parser import DEFAULT_MODEL
    from refmanager.parse.train import (
        Example,
        align_labels,
        example_from_correction,
        token_labels,
        train_model,
    )

# Training and alignment are imported on first use: parsing (refmanager extract) needs
# neither.
_TRAIN_NAMES = frozenset(
    {"Example", "align_labels", "example_from_correction", "token_labels", "train_model"}
)


def __getattr__(name: str) -> Any:
    if name == "DEFAULT_MODEL":  # a pathlib.Path: pathlib is imported when it is asked for
        from refmanager.parse import parser

        return parser.DEFAULT_MODEL
    if name in _TRAIN_NAMES:
        from refmanager.parse import train

        return getattr(train, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DEFAULT_MODEL",
    "LABELS",
    "Example",
    "align_labels",
    "example_from_correction",
    "parse_entries",
    "parse_reference",
    "parse_text",
    "token_labels",
    "train_model",
]
