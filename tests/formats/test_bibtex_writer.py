"""iter_bibtex writes exactly what bibtexparser's writer makes of the same entries."""

from __future__ import annotations

import random

import pytest
from bibtexparser.entrypoint import write_string
from bibtexparser.library import Library
from bibtexparser.model import Block, Entry, Field
from bibtexparser.writer import BibtexFormat

from refmanager.formats.bibtex.entrytext import CHUNK, entry_fields, iter_bibtex
from refmanager.formats.keys import KeyMaker
from refmanager.model import Date, Name, Reference
from tests.formats.conftest import sample

_TYPES = ["article-journal", "book", "thesis", "report", "chapter", "webpage", "song", ""]
_VARIABLES = ["title", "container-title", "publisher", "page", "DOI", "URL", "note", "Title"]
_VALUES = ["Deep {DNA}", "A and B", "Ünïcödé: über", "50% & $x^2$", "12--14", "x_y", "", "Z"]


def _varied(count: int) -> list[Reference]:
    rng = random.Random(3)
    # empty ones: entries without fields
    refs = [sample(), Reference(type="document"), Reference(type="thesis")]
    for index in range(count):
        ref = Reference(type=rng.choice(_TYPES), id=f"r{index}")
        for name in rng.sample(_VARIABLES, rng.randint(0, len(_VARIABLES))):
            ref.fields[name] = rng.choice(_VALUES)
        ref.author = [
            Name(family=rng.choice(["Smith", "de la Cruz", "Ørsted"]), given=rng.choice(["", "J."]))
            for _ in range(rng.randint(0, 3))
        ]
        ref.issued = rng.choice([None, Date(2020), Date(2020, 5, 3), Date(literal="in press")])
        refs.append(ref)
    return refs


def _to_entry(ref: Reference, key: str, biblatex: bool) -> Entry:
    """One reference as a bibtexparser Entry, values LaTeX-encoded and enclosed."""
    entry_type, fields = entry_fields(ref, biblatex)
    return Entry(entry_type, key, [Field(name, value) for name, value in fields])


def _write_entries(entries: list[Entry]) -> str:
    """Entries as ``bibtexparser.write_string`` writes them in refmanager's layout (values
    are enclosed already: no middleware needs to touch them)."""
    layout = BibtexFormat()  # type: ignore[no-untyped-call]
    layout.indent = "  "
    layout.block_separator = "\n"
    blocks: list[Block] = list(entries)
    return write_string(Library(blocks), unparse_stack=[], bibtex_format=layout)


@pytest.mark.parametrize("biblatex", [False, True])
def test_iter_bibtex_is_what_bibtexparser_writes(biblatex: bool) -> None:
    refs = _varied(2 * CHUNK + 37)  # more than two pieces
    keys = KeyMaker()
    entries = [_to_entry(ref, keys.key(ref), biblatex) for ref in refs]
    pieces = [_write_entries(entries[i : i + CHUNK]) for i in range(0, len(entries), CHUNK)]

    written = list(iter_bibtex(refs, biblatex))

    assert "".join(written) == "\n".join(pieces)
    assert len(written) == 2 * len(pieces) - 1  # a piece, a separator, a piece, ...
    assert "@misc{anon,\n}\n" in written[0]  # an entry without fields


@pytest.mark.parametrize(
    "family", ["Smith", "O'Brien", "O''Brien", "And", "O'And", "Anderson", "A"]
)
@pytest.mark.parametrize("given", ["", "J.", "Jean-Pierre", "J. R. R.", "Ana, B", "A--B", "www.x"])
def test_plain_names_take_a_shortcut_to_the_same_text(family: str, given: str) -> None:
    from refmanager.formats.bibtex.encode import _bib_name, bib_name

    assert bib_name(Name(family=family, given=given)) == _bib_name(("", family, given, "", "", ""))
