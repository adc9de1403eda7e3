"""Round trips through the real clients (issue 13): every gold entry of the dev bench and
the seed, exported by us, read and re-written by the client, and imported again, keeps its
fields. Skipped, with the reason, when a client or ../shared is not there.

What a client itself cannot hold is named here, one reason each (never a count):
- pandoc 2.17 reads ``@misc`` as no type at all and ``@software`` as a book, so a CSL type
  we can only write as one of those (software, standard, webpage in BibTeX, ...) comes back
  as pandoc's guess; it reads ``howpublished`` (where a ``@misc`` keeps its container) as
  the publisher; and it turns 'single quotes' in a title into "double" ones.
- biber's data model drops a ``volume`` that is not an integer (``LIX``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from refmanager.formats.bibtex.plan import bibtex_type
from refmanager.model import Reference
from tests.formats.clients import CLIENTS, Figures, Missing, gold_references, keyed, sentence_cased

_PANDOC_TYPELESS = frozenset({"misc", "software", "online"})


def _refs() -> list[Reference]:
    try:
        return keyed(gold_references())
    except Missing as why:
        pytest.skip(str(why))


def _run(name: str) -> tuple[list[Reference], Figures]:
    refs = _refs()
    try:
        return refs, CLIENTS[name](refs)
    except Missing as why:
        pytest.skip(str(why))


def _pandoc_limit(ref: Reference, name: str, before: Any, after: Any, biblatex: bool) -> bool:
    entry_type = bibtex_type(ref, biblatex)[0]
    if name == "type":
        return entry_type in _PANDOC_TYPELESS
    if name == "container-title":
        return entry_type in _PANDOC_TYPELESS and after is None
    if name == "title" and isinstance(before, str) and isinstance(after, str):
        return sentence_cased(re.sub("[‘’]", "", before), re.sub("[“”]", "", after))
    return False


def _biber_limit(ref: Reference, name: str, before: Any, after: Any, biblatex: bool) -> bool:
    return name == "volume" and after is None and not str(before).isdigit()


def _no_limit(ref: Reference, name: str, before: Any, after: Any, biblatex: bool) -> bool:
    return False


_LIMITS: dict[str, Callable[[Reference, str, Any, Any, bool], bool]] = {
    "pandoc-bibtex": _pandoc_limit,
    "pandoc-biblatex": _pandoc_limit,
    "biber": _biber_limit,
    "bibtex": _no_limit,
    "bibtexparser": _no_limit,
}


@pytest.mark.parametrize("client", list(CLIENTS))
def test_fields_survive_the_client(client: str) -> None:
    refs, figures = _run(client)
    assert figures.written == len(refs)
    assert figures.read == len(refs)
    by_key = {ref.get("citation-key"): ref for ref in refs}
    limit = _LIMITS[client]
    biblatex = client in ("pandoc-biblatex", "biber")
    lost = [
        (key, name, before, after)
        for key, name, before, after in figures.changed
        if not limit(by_key[key], name, before, after, biblatex)
    ]
    assert lost == []


_WARNING_KEY = re.compile(r"Entry '([^']*)'")


def test_biber_warns_only_where_biblatex_has_no_field() -> None:
    """biber --validate-datamodel: no ``@report`` without ``type``, no ``issue`` outside
    journals, no arXiv id as a ``number``, no ``publisher`` where biblatex has none. (A
    thesis that does not say its degree has no ``type`` to give.)"""
    refs, figures = _run("biber")
    by_key = {ref.get("citation-key"): ref for ref in refs}
    for message in figures.messages:
        match = _WARNING_KEY.search(message)
        ref = by_key[match.group(1)] if match else Reference()
        assert "'issue'" not in message
        assert "'publisher'" not in message
        if "mandatory field 'type'" in message:
            assert ref.type == "thesis" and not ref.get("genre")
        if "Invalid field 'number'" in message:
            assert not ref.get("number").startswith("arXiv:")
