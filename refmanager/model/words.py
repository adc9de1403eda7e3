"""Word lists the layers use, kept as data in one compact form (``data/words.json``: each
list one string of words apart by spaces, with what it is for), read once."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources


@cache
def _lists() -> dict[str, dict[str, str]]:
    text = resources.files("refmanager.model").joinpath("data/words.json").read_text("utf-8")
    lists: dict[str, dict[str, str]] = json.loads(text)
    return lists


def word_list(name: str) -> frozenset[str]:
    """The words of list ``name`` (``key-function-words``, ``title-stopwords``,
    ``title-small-words``).

    Raises:
        KeyError: no such list.
    """
    return frozenset(_lists()[name]["words"].split())
