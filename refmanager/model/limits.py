"""Size limits every reader applies to what it takes in.

One value (a title, an abstract, a name) longer than ``MAX_FIELD_CHARS`` is no
bibliographic data a person wrote: it is a damaged or hostile file. Readers cut such a
value to the limit and say so (a problem naming the entry and the field), so importing one
stays fast and small in memory and nothing is cut without a word.
"""

from __future__ import annotations

MAX_FIELD_CHARS = 1_000_000  # characters one field may hold (the longest abstracts: ~50,000)
MAX_YEAR = 9999  # the largest year a date may hold (an ISO 8601 year; SQLite's integers)


def over_limit_message(field: str, size: int) -> str:
    """The problem reported for a value of ``size`` characters cut to the limit."""
    return (
        f"field {field} has {size:,} characters, more than the {MAX_FIELD_CHARS:,} a field "
        f"may hold; only the first {MAX_FIELD_CHARS:,} were kept"
    )
