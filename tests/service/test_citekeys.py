"""Stable citation keys: once written, a key changes only when the user changes it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from refmanager.library import Library, WrittenKey
from refmanager.model import InputError, Reference
from refmanager.service.citekeys import key_pattern, set_key_pattern
from refmanager.service.exchange import export, format_library_references


def _ref(title: str, family: str, year: int, key: str = "") -> Reference:
    item: dict[str, object] = {
        "type": "article-journal",
        "title": title,
        "author": [{"family": family, "given": "A."}],
        "issued": {"date-parts": [[year]]},
    }
    if key:
        item["citation-key"] = key
    return Reference.from_csl(item)


@pytest.fixture
def library(tmp_path: Path) -> Iterator[Library]:
    lib = Library.open(tmp_path / "lib")
    yield lib
    lib.close()


def _keys(library: Library, tmp_path: Path, fmt: str = "bibtex") -> list[str]:
    out = tmp_path / "out.bib"
    export(library, fmt, out)
    return re.findall(r"^@\w+\{([^,]+),", out.read_text("utf-8"), re.MULTILINE)


def test_keys_survive_edits_of_title_authors_and_year(library: Library, tmp_path: Path) -> None:
    ids = library.references.add_references(
        [_ref("Deep learning", "LeCun", 2015), _ref("Attention is all you need", "Vaswani", 2017)]
    )
    first = _keys(library, tmp_path)
    assert first == ["lecun2015deep", "vaswani2017attention"]
    library.references.set_field(ids[0], "title", "Shallow thinking")
    library.references.set_field(ids[0], "issued", "1999")
    library.references.set_field(ids[1], "author", "Smith, John")
    assert _keys(library, tmp_path) == first
    # the same keys in every format and on the clipboard
    assert format_library_references(library, ids, "bibtex").startswith("@article{lecun2015deep,")
    out = tmp_path / "out.ris"
    export(library, "ris", out)
    assert "ID  - vaswani2017attention" in out.read_text("utf-8")


def test_a_key_written_under_the_old_rule_is_kept(library: Library, tmp_path: Path) -> None:
    # Exports from the library used to cut hyphenated title words ("U-Net" -> "net"); the
    # one rule keeps them whole now, but a key already written stays the key it was.
    ids = library.references.add_references(
        [_ref("U-Net: convolutional networks", "Ronneberger", 2015)] * 2
    )
    library.exports.store_keys([WrittenKey(ids[0], "ronneberger2015net", "")])
    assert _keys(library, tmp_path) == ["ronneberger2015net", "ronneberger2015unet"]
    assert _keys(library, tmp_path) == ["ronneberger2015net", "ronneberger2015unet"]


def test_the_user_changes_a_key_by_editing_it(library: Library, tmp_path: Path) -> None:
    ids = library.references.add_references([_ref("Deep learning", "LeCun", 2015)])
    assert _keys(library, tmp_path) == ["lecun2015deep"]
    library.references.set_field(ids[0], "citation-key", "lecun-nature")
    assert _keys(library, tmp_path) == ["lecun-nature"]
    library.references.set_field(ids[0], "title", "Other")
    assert _keys(library, tmp_path) == ["lecun-nature"]


def test_imported_keys_are_kept_and_collisions_never_move_old_keys(
    library: Library, tmp_path: Path
) -> None:
    library.references.add_references([_ref("Deep learning", "LeCun", 2015, key="LeCun2015")])
    assert _keys(library, tmp_path) == ["LeCun2015"]
    # a later reference whose key would collide gets a suffix; the first keeps its key
    library.references.add_references([_ref("Deep nets", "Lecun", 2015, key="lecun2015")])
    library.references.add_references([_ref("Deep learning", "LeCun", 2015)])
    library.references.add_references([_ref("Deep learning", "LeCun", 2015)])
    assert _keys(library, tmp_path) == [
        "LeCun2015",
        "lecun2015a",
        "lecun2015deep",
        "lecun2015deepa",
    ]


def test_the_key_pattern_shapes_new_keys_only(library: Library, tmp_path: Path) -> None:
    library.references.add_references([_ref("Deep learning", "LeCun", 2015)])
    assert _keys(library, tmp_path) == ["lecun2015deep"]
    set_key_pattern(library, "[Auth]_[shortyear][ShortTitle]")
    assert key_pattern(library) == "[Auth]_[shortyear][ShortTitle]"
    library.references.add_references([_ref("Graph neural networks for chemistry", "Gilmer", 2017)])
    assert _keys(library, tmp_path) == ["lecun2015deep", "Gilmer_17GraphNeuralNetworks"]
    for bad in ("[nope]", "", "[auth", "plain"):
        with pytest.raises(InputError, match="key pattern"):
            set_key_pattern(library, bad)


def test_a_read_only_library_gives_the_same_keys_without_storing(tmp_path: Path) -> None:
    folder = tmp_path / "lib"
    with Library.open(folder) as lib:
        lib.references.add_references([_ref("Deep learning", "LeCun", 2015)])
        assert _keys(lib, tmp_path) == ["lecun2015deep"]
        lib.references.add_references([_ref("Deep learning", "LeCun", 2015)])
    with Library.open(folder, read_only=True) as lib:
        assert _keys(lib, tmp_path) == ["lecun2015deep", "lecun2015deepa"]
        assert len(lib.exports.written_keys(lib.search.search_ids(""))) == 1


def test_colliding_keys_cost_a_query_per_base_not_per_candidate(
    library: Library, tmp_path: Path
) -> None:
    # issue 26 defect 6: each colliding key tried every suffix with a query of its own
    # (quadratic: 20,000 references sharing a base ran for over 6 minutes)
    n = 400
    library.references.add_references([_ref("Same", "Smith", 2020) for _ in range(n)])
    statements: list[str] = []
    library.conn.set_trace_callback(statements.append)
    try:
        keys = _keys(library, tmp_path)
    finally:
        library.conn.set_trace_callback(None)
    assert len(keys) == n and len(set(keys)) == n
    assert keys[:3] == ["smith2020same", "smith2020samea", "smith2020sameb"]
    lookups = [s for s in statements if "citation_keys" in s and s.lstrip().startswith("SELECT")]
    assert len(lookups) < 20
