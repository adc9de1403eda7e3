"""JSON text laid out as ``json.dumps(value, ensure_ascii=False, indent=N)`` lays it out,
character for character, made by the standard library's C encoder.

With ``indent`` set, the json module encodes in Python: its C encoder writes only text
without line breaks, several times faster. Here the containers are walked in Python down
to the *flat* ones (non-empty containers of scalars: strings, numbers, booleans, null)
and the lists of flat ones (a reference's authors, its tokens); those, and each run of
scalar values in a dict, are put in batches by depth and kind, and each batch is encoded
in one call of the C encoder, whose item separator carries the line break and the
indentation of the batch's depth (decision 0052).

The encoder's text of a batch is cut into its members by text alone. JSON text has a raw
line break only between tokens (the encoder writes ``\\n`` in a string); no scalar ends
with ``]`` or ``}`` nor starts with ``[`` or ``{``. So between two flat containers the
encoder writes ``],`` (or ``},``), the line break and the depth's indentation, then ``[``
(``{``), and that text is found nowhere else in the batch; between two lists of flat
containers the same with ``]],`` ... ``[[``.
"""

from __future__ import annotations

import functools
import json
from itertools import chain
from typing import Any

_SCALARS = frozenset({str, int, float, bool, type(None)})
_ARRAYS = frozenset({list, tuple})
_STR = frozenset({str})
_CLOSING = {"[": "]", "{": "}"}


class _Writer:
    """One call's text: its pieces in order, and the batches that fill some of them."""

    __slots__ = ("batches", "encoders", "indents", "out", "step")

    def __init__(self, indent: int) -> None:
        self.step = " " * indent
        self.indents: list[str] = []  # "\n" and the indentation of each depth
        self.encoders: list[json.JSONEncoder] = []  # separating members at each depth
        self.out: list[str] = []
        # (depth of the members, opening bracket, a list of flat containers?) ->
        # the values and the pieces of ``out`` they fill
        self.batches: dict[tuple[int, str, bool], tuple[list[Any], list[int]]] = {}

    def reach(self, depth: int) -> None:
        """Make the indentation and the encoder of ``depth`` and of those above it."""
        while len(self.indents) <= depth:
            newline = "\n" + self.step * len(self.indents)
            self.indents.append(newline)
            self.encoders.append(_encoder("," + newline))

    def defer(self, value: Any, depth: int, opening: str, nested: bool, wrap: bool = True) -> None:
        """A piece of ``out`` that the batch of (``depth``, ``opening``, ``nested``) fills:
        ``value``'s text, or without ``wrap`` only what is between its brackets."""
        key = (depth, opening, nested)
        batch = self.batches.get(key)
        if batch is None:
            batch = self.batches[key] = ([], [])
        batch[0].append(value)
        batch[1].append(len(self.out) if wrap else ~len(self.out))
        self.out.append("")

    def write(self, value: Any, depth: int) -> None:
        """The text of ``value``, whose first line is already indented to ``depth``."""
        kind = value.__class__
        if kind in _SCALARS:
            self.reach(depth + 1)
            self.out.append(self.encoders[depth + 1].encode(value))
        elif not value or not (kind is dict or kind in _ARRAYS):
            self.out.append(self.fallback(value, depth))
        elif kind is dict:
            if not _STR.issuperset(map(type, value)):
                self.out.append(self.fallback(value, depth))
            elif _SCALARS.issuperset(map(type, value.values())):
                self.defer(value, depth + 1, "{", False)
            else:
                self.write_dict(value, depth)
        elif _SCALARS.issuperset(map(type, value)):
            self.defer(value, depth + 1, "[", False)
        else:
            opening = _flat_members(value)
            if opening:
                self.defer(value, depth + 2, opening, True)
                return
            self.reach(depth + 1)
            inner = self.indents[depth + 1]
            self.out.append("[" + inner)
            for index, member in enumerate(value):
                if index:
                    self.out.append("," + inner)
                self.write(member, depth + 1)
            self.out.append(self.indents[depth] + "]")

    def write_dict(self, value: dict[str, Any], depth: int) -> None:
        """A dict with a container among its values; each run of scalar values is
        deferred as a dict of its own, put in without its braces."""
        self.reach(depth + 1)
        inner = self.indents[depth + 1]
        encode = self.encoders[depth + 1].encode
        out = self.out
        out.append("{")
        separator = inner
        run: dict[str, Any] = {}
        for key, member in value.items():
            if member.__class__ in _SCALARS:
                run[key] = member
                continue
            if run:
                out.append(separator)
                self.defer(run, depth + 1, "{", False, wrap=False)
                separator = "," + inner
                run = {}
            out.append(separator + encode(key) + ": ")
            separator = "," + inner
            self.write(member, depth + 1)
        if run:
            out.append(separator)
            self.defer(run, depth + 1, "{", False, wrap=False)
        out.append(self.indents[depth] + "}")

    def fill(self) -> str:
        """Encode each batch, put its members' text in their places, and join."""
        out = self.out
        for (depth, opening, nested), (values, slots) in self.batches.items():
            self.reach(depth)
            closing = _CLOSING[opening]
            inner, middle = self.indents[depth], self.indents[depth - 1]
            text = self.encoders[depth].encode(values)
            if nested:
                # cut first: between two lists of lists, "]],...[[" holds "],...["
                outer = self.indents[depth - 2]
                within = f"{closing},{inner}{opening}"
                laid = f"{middle}{closing},{middle}{opening}{inner}"
                bodies = [
                    body.replace(within, laid)
                    for body in text[3:-3].split(f"{closing}],{inner}[{opening}")
                ]
                before = f"[{middle}{opening}{inner}"
                after = f"{middle}{closing}{outer}]"
            else:
                before, after = opening + inner, middle + closing
                bodies = text[2:-2].split(f"{closing},{inner}{opening}")
            for slot, body in zip(slots, bodies, strict=True):
                if slot >= 0:
                    out[slot] = before + body + after
                else:
                    out[~slot] = body
        return "".join(out)

    def fallback(self, value: Any, depth: int) -> str:
        """``json.dumps`` itself, its lines shifted to ``depth``."""
        text = json.dumps(value, ensure_ascii=False, indent=len(self.step))
        return text.replace("\n", self.indents[depth]) if depth else text


@functools.cache
def _encoder(separator: str) -> json.JSONEncoder:
    """The encoder whose item separator is ``separator`` (kept: it holds no state)."""
    return json.JSONEncoder(ensure_ascii=False, separators=(separator, ": "))


def _flat_members(value: list[Any] | tuple[Any, ...]) -> str:
    """``[`` for a list of non-empty lists of scalars, ``{`` for a list of non-empty dicts
    of scalars with string keys, else the empty string."""
    if not all(value):
        return ""
    kinds = set(map(type, value))
    if kinds <= _ARRAYS:
        members = chain.from_iterable(value)
        opening = "["
    elif kinds == {dict} and _STR.issuperset(map(type, chain.from_iterable(value))):
        members = chain.from_iterable(map(dict.values, value))
        opening = "{"
    else:
        return ""
    return opening if _SCALARS.issuperset(map(type, members)) else ""


def dumps_indented(value: Any, indent: int) -> str:
    """``json.dumps(value, ensure_ascii=False, indent=indent)``, the same text, faster.

    ``value`` is made of dicts with string keys, lists, tuples, strings, numbers,
    booleans and None; a part holding anything else (another key type, a subclass) is
    handed to ``json.dumps`` itself, which also raises what it raises for it. A value
    that holds itself is not looked for (``json.dumps`` raises ``ValueError``; here
    Python's recursion limit is reached).
    """
    writer = _Writer(indent)
    writer.write(value, 0)
    return writer.fill()
