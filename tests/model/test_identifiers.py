"""Identifiers: found in text, bare, and keyed for matching works."""

from __future__ import annotations

import pytest

from refmanager.model.identifiers import (
    arxiv_key,
    bare_doi,
    doi_key,
    find_doi,
    isbn_key,
    strip_doi_prefix,
    trim_identifier,
)


def test_find_doi_in_running_text() -> None:
    assert find_doi("https://doi.org/10.1145/3458817.3476209.") == "10.1145/3458817.3476209"
    assert find_doi("doi: 10.1109/TPAMI.2020.1234567") == "10.1109/TPAMI.2020.1234567"
    assert find_doi("(see 10.1000/abc(1)2).") == "10.1000/abc(1)2"
    assert find_doi("no doi here") == ""


def test_trim_identifier_keeps_balanced_brackets() -> None:
    assert trim_identifier("http://x.org/a_(b)).") == "http://x.org/a_(b)"
    assert trim_identifier("10.1000/x]\u3002") == "10.1000/x"


def test_trim_identifier_drops_the_next_items_label_glued_on() -> None:
    # a text layer that lost the space after the period glues the next label on
    assert trim_identifier("10.1103/PhysRevD.93.085012.URL") == "10.1103/PhysRevD.93.085012"
    assert trim_identifier("10.1210/jc.2017-02717.PMID:") == "10.1210/jc.2017-02717"
    assert trim_identifier("10.1103/RevModPhys.75.715.URLhttps://x.org/a") == (
        "10.1103/RevModPhys.75.715"
    )
    # the text layer split "URLhttps : //": the token ends on the scheme
    assert trim_identifier("10.1103/RevModPhys.75.715.URLhttps") == "10.1103/RevModPhys.75.715"
    # in a DOI, an arXiv mention or a note glued on after it
    assert trim_identifier("10.1007/JHEP01(2015)073[arXiv:1408.3203[hep-th]].") == (
        "10.1007/JHEP01(2015)073"
    )
    assert trim_identifier("10.14191/atmos.2019.29.5.551(inkoreanwith") == (
        "10.14191/atmos.2019.29.5.551"
    )
    assert trim_identifier("10.1103/PhysRevLett.96.181602,hep-th/0603001.") == (
        "10.1103/PhysRevLett.96.181602"
    )
    # brackets a DOI closes are its own, and an unclosed one before a number; a URL keeps its comma
    assert trim_identifier("10.1061/(asce)0733-9399(1984)110:5(794.") == (
        "10.1061/(asce)0733-9399(1984)110:5(794"
    )
    assert trim_identifier("10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-O") == (
        "10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-O"
    )
    assert trim_identifier("https://x.org/a,b") == "https://x.org/a,b"
    # a DOI whose own suffix ends in capitals is kept
    assert trim_identifier("10.1000/ABC.URLX") == "10.1000/ABC.URLX"


@pytest.mark.parametrize(
    ("value", "bare"),
    [
        ("https://doi.org/10.1000/XYZ", "10.1000/XYZ"),
        ("doi: 10.1000/xyz ", "10.1000/xyz"),
        ("http://dx.doi.org/10.1000/a.b", "10.1000/a.b"),
        ("javascript:alert(1)", ""),
        ("10.1000/a\x00b", ""),
        ("", ""),
    ],
)
def test_bare_doi(value: str, bare: str) -> None:
    assert bare_doi(value) == bare


def test_strip_prefix_keeps_what_is_not_a_doi() -> None:
    assert strip_doi_prefix("  doi:banana ") == "banana"


def test_keys_match_the_same_work() -> None:
    assert doi_key("https://doi.org/10.1000/ABC.") == doi_key("10.1000/abc") == "10.1000/abc"
    assert arxiv_key("arXiv:2101.01234v3") == arxiv_key("https://arxiv.org/abs/2101.01234")
    assert arxiv_key("hep-th/9901001v2") == "hep-th/9901001"
    assert arxiv_key("no id") == ""
    assert isbn_key("ISBN 978-0-262-03384-8") == "9780262033848"
    assert isbn_key("0-262-03384-x") == "026203384X"
    assert isbn_key("12345") == ""


def test_trim_identifier_drops_an_access_note_or_word_glued_after_a_url() -> None:
    assert trim_identifier("https://x.org/a.pdf(accessed") == "https://x.org/a.pdf"
    assert trim_identifier("http://x.net(30/01/2015).") == "http://x.net"
    assert trim_identifier("http://x.org/report-1247.pdf,NACA") == "http://x.org/report-1247.pdf"
    # a URL's own brackets and commas stay
    assert trim_identifier("https://en.wikipedia.org/wiki/Foo_(bar)") == (
        "https://en.wikipedia.org/wiki/Foo_(bar)"
    )
    assert trim_identifier("https://x.org/a?x=1,2") == "https://x.org/a?x=1,2"
    assert trim_identifier("https://x.org/a,b/c") == "https://x.org/a,b/c"


def test_trim_identifier_drops_an_opening_bracket_and_a_second_address_glued_on() -> None:
    assert trim_identifier("http://x.net(") == "http://x.net"
    assert trim_identifier("10.1007/JHEP03(2014)118[") == "10.1007/JHEP03(2014)118"
    assert trim_identifier("http://x.org/abs/1;http://x.org/pdf/1") == "http://x.org/abs/1"
    # a semicolon inside an address stays
    assert trim_identifier("http://x.org/a;jsessionid=1") == "http://x.org/a;jsessionid=1"
