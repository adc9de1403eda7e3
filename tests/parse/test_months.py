"""Month names in the languages reference lists print."""

from __future__ import annotations

import pytest

from refmanager.parse.months import ANY_MONTH, month_number


@pytest.mark.parametrize(
    ("word", "number"),
    [("Sept", 9), ("march", 3), ("Mai", 5), ("septembre", 9), ("Dezember", 12),
     ("settembre", 9), ("dez", 12), ("Oktober", 10), ("graph", None)],
)  # fmt: skip
def test_month_number(word: str, number: int | None) -> None:
    assert month_number(word) == number
    assert (word.lower() in ANY_MONTH) == (number is not None)
