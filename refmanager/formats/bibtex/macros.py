"""Reading, stage 2: field values with their delimiters removed, ``#`` concatenations and
``@string`` macros resolved (bibtexparser's ``ResolveStringReferencesMiddleware`` resolves
a field that is one macro name only, and skips the entries it sets aside as duplicates).

Expansion is bounded: a value that macros make longer than ``MAX_EXPANDED`` characters,
or a file whose macros expand to more than ``EXPANSION_BUDGET`` characters in all, stops
the reading with ``ExpansionLimit`` (a few hundred bytes of nested ``@string``s can
otherwise ask for gigabytes). Text written out in the file is never limited here.
"""

from __future__ import annotations

from dataclasses import dataclass

from refmanager.model.limits import MAX_FIELD_CHARS

MAX_EXPANDED = MAX_FIELD_CHARS  # characters one value may reach through macros
EXPANSION_BUDGET = 20_000_000  # characters all the macro uses of one file may add up to


class ExpansionLimit(Exception):
    """The file's ``@string`` macros expand beyond the limits (the message says which)."""


@dataclass(slots=True)
class Expansion:
    """The macro characters spent so far in one file, against ``EXPANSION_BUDGET``."""

    spent: int = 0

    def spend(self, what: str, pieces: list[str]) -> None:
        size = sum(map(len, pieces))
        if size > MAX_EXPANDED:
            raise ExpansionLimit(
                f"{what} expands to more than {MAX_EXPANDED:,} characters through "
                "@string macros; the file looks built to exhaust memory, so it was not read"
            )
        self.spent += size
        if self.spent > EXPANSION_BUDGET:
            raise ExpansionLimit(
                f"the @string macros expand to more than {EXPANSION_BUDGET:,} characters "
                f"in all (at {what}); the file looks built to exhaust memory, so it was not read"
            )


def _split_top(value: str, sep: str) -> list[str]:
    """Split on ``sep`` outside braces and quotes."""
    parts: list[str] = []
    depth = 0
    quoted = False
    start = 0
    escaped = False
    for index, char in enumerate(value):
        if escaped:
            escaped = False
            continue
        if char == "\\":
            escaped = True
        elif char == "{":
            depth += 1
        elif char == "}":
            depth = max(0, depth - 1)
        elif char == '"' and depth == 0:
            quoted = not quoted
        elif char == sep and depth == 0 and not quoted:
            parts.append(value[start:index])
            start = index + 1
    parts.append(value[start:])
    return parts


def one_group(text: str, opener: str, closer: str) -> bool:
    """``text`` is one group ``{...}`` (or ``"..."``) from its first to its last character."""
    if len(text) < 2 or text[0] != opener or text[-1] != closer:
        return False
    if opener == '"':
        return True
    depth = 0
    for index, char in enumerate(text):
        if char == "{" and (index == 0 or text[index - 1] != "\\"):
            depth += 1
        elif char == "}" and text[index - 1] != "\\":
            depth -= 1
            if depth == 0 and index < len(text) - 1:
                return False
    return depth == 0


def resolve(
    value: str,
    strings: dict[str, str],
    undefined: list[str],
    budget: Expansion,
    what: str,
) -> str:
    """A field's text: delimiters removed, ``#`` concatenations and macros resolved.

    Raises:
        ExpansionLimit: macros make ``what`` (named in the message) too long.
    """
    if "#" not in value:
        # one value (the splitter has checked its delimiters match)
        piece = value.strip()
        if len(piece) >= 2 and (piece[0], piece[-1]) in (("{", "}"), ('"', '"')):
            return piece[1:-1]
    pieces: list[str] = []
    expanded = False
    for raw_piece in _split_top(value, "#"):
        piece = raw_piece.strip()
        if one_group(piece, "{", "}") or one_group(piece, '"', '"'):
            pieces.append(piece[1:-1])
        elif piece.isdigit() or not piece:
            pieces.append(piece)
        elif piece.lower() in strings:
            pieces.append(strings[piece.lower()])
            expanded = True
        else:
            undefined.append(piece)
            pieces.append(piece)
    if expanded:
        budget.spend(what, pieces)
    return "".join(pieces)
