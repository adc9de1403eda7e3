"""Helpers shared by the sub-commands: library location, output, errors."""

from __future__ import annotations

import argparse
import json
import os
import sys
from math import isfinite as _isfinite

TYPE_CHECKING = False  # typing is not imported at run time (start-up, see 0015)
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any, TextIO


ENV_LIBRARY = "REFMANAGER_LIBRARY"


def default_library_path() -> Path:
    """The library folder: ``--library``, else ``$REFMANAGER_LIBRARY``, else the user data dir."""
    from pathlib import Path  # here: extract and parse do not need pathlib (start-up)

    env = os.environ.get(ENV_LIBRARY)
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_path

    return user_data_path("refmanager", appauthor=False) / "library"


def library_path(args: argparse.Namespace) -> Path:
    from pathlib import Path

    value = getattr(args, "library", None)
    return Path(value).expanduser() if value else default_library_path()


def add_library_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--library",
        metavar="PATH",
        help=f"library folder (default: ${ENV_LIBRARY} or the user data folder)",
    )


def note(message: str) -> None:
    """A one-line message for the user on stderr."""
    print(f"refmanager: {message}", file=sys.stderr)


# ------------------------------------------------------------------ JSON output

# json.dump with an indent runs the pure-Python encoder (a generator per container,
# about 3x slower than the C encoder used without one). write_json prints the very same
# text: strings through the C string encoder, lists of scalar rows ("_tokens") through
# the C encoder and two str.replace calls, anything unexpected through json.dump itself.
_encode_str = json.encoder.encode_basestring  # the C function when _json is present
_encode_compact = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


class _Unusual(Exception):
    """A value the fast writer leaves to json.dump (non-string key, NaN, other types)."""


def write_json(value: Any, out: TextIO, indent: int = 1) -> None:
    """``json.dump(value, out, ensure_ascii=False, indent=indent)``: the same text, faster."""
    parts: list[str] = []
    try:
        _json_parts(value, parts, "\n", " " * indent)
    except (_Unusual, RecursionError):
        json.dump(value, out, ensure_ascii=False, indent=indent)
        return
    out.write("".join(parts))


def _json_parts(value: Any, parts: list[str], nl: str, step: str) -> None:
    """Append the text of ``value`` at the indentation ``nl`` ("\n" + spaces)."""
    cls = value.__class__
    if cls is str:
        parts.append(_encode_str(value))
    elif cls is dict:
        if not value:
            parts.append("{}")
            return
        inner = nl + step
        sep = "{" + inner
        for key, item in value.items():
            if key.__class__ is not str:
                raise _Unusual
            parts.append(sep)
            parts.append(_encode_str(key))
            parts.append(": ")
            _json_parts(item, parts, inner, step)
            sep = "," + inner
        parts.append(nl + "}")
    elif cls is list:
        if not value:
            parts.append("[]")
            return
        inner = nl + step
        if value[0].__class__ is list and _json_rows(value, parts, nl, inner, inner + step):
            return
        sep = "[" + inner
        for item in value:
            parts.append(sep)
            _json_parts(item, parts, inner, step)
            sep = "," + inner
        parts.append(nl + "]")
    elif cls is int:
        parts.append(int.__repr__(value))
    elif cls is float:
        if not _isfinite(value):  # json prints NaN / Infinity: left to it
            raise _Unusual
        parts.append(float.__repr__(value))
    elif value is True:
        parts.append("true")
    elif value is False:
        parts.append("false")
    elif value is None:
        parts.append("null")
    else:
        raise _Unusual


def _json_rows(rows: list[Any], parts: list[str], nl: str, inner: str, inner2: str) -> bool:
    """A list of non-empty lists of scalars, from its compact C-encoded text; False when
    the rows are not that (or a string in them holds "," "[" or "]")."""
    if not all(row.__class__ is list for row in rows):
        return False
    text = _encode_compact(rows)
    n = len(rows)
    if (
        text.count("[") != n + 1
        or text.count("]") != n + 1
        or text.count(",") != sum(map(len, rows)) - 1
        or "[]" in text
        or "{" in text
    ):
        return False
    body = text[2:-2].replace(",", "," + inner2)
    body = body.replace("]," + inner2 + "[", inner + "]," + inner + "[" + inner2)
    parts.append("[" + inner + "[" + inner2 + body + inner + "]" + nl + "]")
    return True
