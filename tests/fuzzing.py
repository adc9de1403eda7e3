"""What every fuzzed input must do (issue 26), shared by the suite's hypothesis tests and
``benchmarks/fuzz.py``: come back as data, or as an ``InputError`` naming the cause; never
as any other exception (an internal error), never without end (a hang: the script times
each input).

- :func:`read_checked`: a BibTeX, RIS, CSL-JSON or CSV text read; what comes back holds no
  control character nor a year beyond 9999, and is CSL-JSON again;
- :func:`round_trip`: references written in every format and read back, each one there;
- :func:`stored`: references stored in a library and exported from it (the database's
  own limits: integers, ``NOCASE`` keys);
- :func:`parsed`: reference strings through the field parser.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from refmanager.formats import WRITE_FORMATS, format_string, read_string
from refmanager.formats.bounds import CONTROL
from refmanager.library import Library
from refmanager.model import InputError, Reference
from refmanager.model.limits import MAX_YEAR
from refmanager.service.exchange import export
from refmanager.service.parsing import parse_text

READ_FORMAT = {"bibtex": "bibtex", "biblatex": "bibtex", "ris": "ris", "csl-json": "csl-json"}


def read_checked(text: str, fmt: str) -> list[Reference]:
    """The references of ``text`` in ``fmt``, checked; [] when the reader refused it."""
    try:
        result = read_string(text, fmt)
    except InputError:
        return []
    for ref in result.references:
        item = ref.to_csl()
        json.dumps(item, ensure_ascii=False)
        for value in ref.fields.values():
            assert not CONTROL.search(value), (fmt, value[:80])
        for date in (ref.issued, ref.accessed):
            assert date is None or date.year is None or abs(date.year) <= MAX_YEAR, date
    return result.references


def round_trip(refs: Sequence[Reference]) -> None:
    """Write ``refs`` in every format and read them back: each one comes back."""
    for fmt in WRITE_FORMATS:
        text = format_string(fmt, refs)
        if fmt == "csv":
            back = read_string(text, "csv") if refs else None
        else:
            back = read_string(text, READ_FORMAT[fmt]) if refs else None
        if back is not None:
            assert len(back.references) == len(refs), (fmt, len(back.references), len(refs))


def stored(refs: Sequence[Reference], folder: Path) -> None:
    """Store ``refs`` in the library at ``folder`` and export them in every format."""
    with Library.open(folder) as lib:
        ids = lib.references.add_references(list(refs))
        for fmt in WRITE_FORMATS:
            export(lib, fmt, folder.parent / f"out.{fmt}", ids=ids)


def parsed(text: str) -> list[Reference]:
    """The references the parser makes of ``text`` (one a line)."""
    refs = parse_text(text)
    for ref in refs:
        json.dumps(ref.to_csl(), ensure_ascii=False)
    return refs
