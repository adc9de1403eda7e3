"""Reading, stage 2: field values with their delimiters removed, ``#`` concatenations and
``@string`` macros resolved (bibtexparser's ``ResolveStringReferencesMiddleware`` resolves
a field that is one macro name only, and skips the entries it sets aside as duplicates)."""

from __future__ import annotations


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


def resolve(value: str, strings: dict[str, str], undefined: list[str]) -> str:
    """A field's text: delimiters removed, ``#`` concatenations and macros resolved."""
    if "#" not in value:
        # one value (the splitter has checked its delimiters match)
        piece = value.strip()
        if len(piece) >= 2 and (piece[0], piece[-1]) in (("{", "}"), ('"', '"')):
            return piece[1:-1]
    pieces: list[str] = []
    for raw_piece in _split_top(value, "#"):
        piece = raw_piece.strip()
        if one_group(piece, "{", "}") or one_group(piece, '"', '"'):
            pieces.append(piece[1:-1])
        elif piece.isdigit() or not piece:
            pieces.append(piece)
        elif piece.lower() in strings:
            pieces.append(strings[piece.lower()])
        else:
            undefined.append(piece)
            pieces.append(piece)
    return "".join(pieces)
