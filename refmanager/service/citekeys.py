"""Stable citation keys: a key, once written, never changes unless the user changes it.

Every export from the library gives each reference the key it was first written with
(the library keeps it: ``citation_keys``). A reference never exported gets its own
``citation-key`` field (the key it was imported with, or one the user typed), else a key
made from the library's key pattern (``formats.keys``, default
``[auth][year][title]``); a key another reference holds gets ``a``, ``b``, ... and the
result is stored. Editing a title, authors or year changes no key; editing the
reference's ``citation-key`` field gives it that key from then on. A library open
read-only gives the same keys without storing new ones.
"""

from __future__ import annotations

from collections.abc import Sequence

from refmanager.formats.keys import (
    DEFAULT_PATTERN,
    check_pattern,
    clean_key,
    key_from_pattern,
    key_suffix,
)
from refmanager.library import Library, WrittenKey
from refmanager.model import Reference

KEY_PATTERN = "key_pattern"  # the library setting holding the pattern of new keys


def key_pattern(library: Library) -> str:
    """The pattern new keys of this library are made from."""
    return library.exports.setting(KEY_PATTERN, DEFAULT_PATTERN)


def set_key_pattern(library: Library, pattern: str) -> None:
    """Make new keys from ``pattern`` (keys already written stay as they are).

    Raises:
        InputError: an unknown field or an unmatched bracket in the pattern.
    """
    library.exports.set_setting(KEY_PATTERN, check_pattern(pattern))


class StableKeys:
    """Sets the stable key of each reference an export writes (one instance per export)."""

    def __init__(self, library: Library) -> None:
        self.library = library
        self.pattern = key_pattern(library)
        self._given: set[str] = set()  # keys handed out by this instance, lower case
        self._taken: dict[str, dict[str, int]] = {}  # base -> stored keys starting with it
        self._next: dict[str, int] = {}  # base -> the suffix number given last

    def apply(self, rows: Sequence[tuple[int, Reference]]) -> None:
        """Give each ``(id, reference)`` its key in the ``citation-key`` field; keys new to
        the library are stored (unless it is read-only)."""
        written = self.library.exports.written_keys([ref_id for ref_id, _ in rows])
        wanted: dict[int, tuple[str, str]] = {}  # id -> (own field, base key), new keys only
        for ref_id, ref in rows:
            own = clean_key(ref.get("citation-key"))
            known = written.get(ref_id)
            if known is not None and known.source == own:
                self._given.add(known.key.lower())
            else:
                wanted[ref_id] = (own, own or key_from_pattern(ref, self.pattern))
        owners = (
            self.library.exports.key_owners([base for _, base in wanted.values()]) if wanted else {}
        )
        new: list[WrittenKey] = []
        for ref_id, ref in rows:
            if ref_id not in wanted:
                ref.set("citation-key", written[ref_id].key)
                continue
            own, base = wanted[ref_id]
            lower = base.lower()
            if owners.get(lower, ref_id) == ref_id and lower not in self._given:
                key = base  # free: the common case, answered by the one query above
                self._given.add(lower)
            else:
                key = self._unique(base, ref_id)
            new.append(WrittenKey(ref_id, key, own))
            ref.set("citation-key", key)
        if new and not self.library.read_only:
            self.library.exports.store_keys(new)

    def _unique(self, base: str, ref_id: int) -> str:
        """``base`` with the first suffix (``a``, ``b``, ...) free in the library and in this
        export: the library's keys with that start are read once per base, and the search
        goes on from the suffix last given (one query per base, not per candidate: 20,000
        references sharing a base were quadratic)."""
        lower = base.lower()
        taken = self._taken.get(lower)
        if taken is None:
            taken = self._taken[lower] = self.library.exports.keys_starting(base)
        number = self._next.get(lower, 0)
        key = base + key_suffix(number)
        while True:
            owner = taken.get(key.lower())
            if (owner is None or owner == ref_id) and key.lower() not in self._given:
                break
            number += 1
            key = base + key_suffix(number)
        self._next[lower] = number
        self._given.add(key.lower())
        return key
