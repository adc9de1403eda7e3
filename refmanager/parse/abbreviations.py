"""The word abbreviations serial titles are made of ("Nucl.", "Phys.", "Biol."; ISO 4's list of
title word abbreviations, written by ``tools.fieldcorpus.lexicons``), read once."""

from __future__ import annotations

from collections.abc import KeysView
from functools import cache
from importlib import resources


@cache
def _words() -> dict[str, None]:
    """The abbreviations as the keys of a dict: a dict holding only strings is not tracked
    by the collector (``gc.is_tracked``), whose full passes would otherwise walk all 31,000
    members of a set each time, reading every string's header from memory (a set is
    always tracked)."""
    path = resources.files("refmanager.parse").joinpath("data/serial-abbreviations.txt")
    words = dict.fromkeys(path.read_text("utf-8").splitlines())
    for line in [w for w in words if not w or w[0] == "#"]:  # blank lines, comments
        del words[line]
    return words


def serial_abbreviations() -> KeysView[str]:
    """The abbreviations, lower case and without their periods, of two letters or more."""
    return _words().keys()


def is_serial_abbreviation(word: str) -> bool:
    """Whether ``word`` (as printed, without its period) abbreviates a serial-title word:
    capitalised and on the list ("Nucl", "Gynecol"; not "Rome", not "J")."""
    return word[:1].isupper() and word.lower() in _words()
