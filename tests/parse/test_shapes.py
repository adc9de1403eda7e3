"""How a field's value fits its field's usual shape (evidence for the confidence)."""

from __future__ import annotations

from refmanager.parse.shapes import value_shapes


def test_pages() -> None:
    assert value_shapes("page", "1755-1769") == ["range"]
    assert value_shapes("page", "1755\u20139") == ["short"]
    assert value_shapes("page", "L95") == ["one"]
    assert value_shapes("page", "378100-149") == ["short"]
    assert value_shapes("page", "90-12") == ["down"]
    assert value_shapes("page", "18 L95 x") == ["odd"]


def test_volumes_and_issues() -> None:
    assert value_shapes("volume", "61") == ["num"]
    assert value_shapes("volume", "1870160") == ["long"]
    assert value_shapes("volume", "XIV") == ["roman"]
    assert value_shapes("issue", "3-4") == ["range"]
    assert value_shapes("volume", "B12") == ["lettered"]
    assert value_shapes("volume", "Version 2.3") == ["odd"]


def test_years_identifiers() -> None:
    assert value_shapes("issued", "", 1998) == ["ok"]
    assert value_shapes("issued", "", 1066) == ["odd"]
    assert value_shapes("DOI", "10.1038/nrn2947") == ["ok"]
    assert value_shapes("DOI", "10.1038/nrn2947[doi]") == ["odd"]
    assert value_shapes("URL", "https://example.org/a(") == ["odd"]
    assert value_shapes("URL", "https://example.org/a/") == ["ok"]
    assert value_shapes("ISBN", "978-0-306-40615-7") == ["ok"]
    assert value_shapes("ISBN", "978-0-306-40615-6") == ["odd"]
    assert value_shapes("ISBN", "0-306-40615-2") == ["ok"]


def test_text_fields() -> None:
    assert value_shapes("title", "Graph kernels (a survey") == ["unbalanced"]
    assert value_shapes("title", "Graph kernels for sparse routing") == []
    assert value_shapes("container-title", "Nucl. Phys.") == ["abbr=all"]
    assert value_shapes("container-title", "Journal of Sparse Routing") == ["abbr=none"]
    assert value_shapes("publisher", "elsevier 2019") == ["digits", "lower"]
    assert value_shapes("note", "anything") == []
