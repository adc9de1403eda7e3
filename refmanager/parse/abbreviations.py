"""The word abbreviations serial titles are made of ("Nucl.", "Phys.", "Biol."; ISO 4's list of
title word abbreviations, written by ``tools.fieldcorpus.lexicons``), read once."""

from __future__ import annotations

from functools import cache
from importlib import resources


@cache
def serial_abbreviations() -> frozenset[str]:
    """The abbreviations, lower case and without their periods, of two letters or more."""
    path = resources.files("refmanager.parse").joinpath("data/serial-abbreviations.txt")
    lines = path.read_text("utf-8").splitlines()
    return frozenset(w for w in lines if w and not w.startswith("#"))


def is_serial_abbreviation(word: str) -> bool:
    """Whether ``word`` (as printed, without its period) abbreviates a serial-title word:
    capitalised and on the list ("Nucl", "Gynecol"; not "Rome", not "J")."""
    return word[:1].isupper() and word.lower() in serial_abbreviations()
