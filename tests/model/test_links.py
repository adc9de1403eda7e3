"""What links and identifiers may leave refmanager in an exported file."""

from __future__ import annotations

import pytest

from refmanager.model import Reference
from refmanager.model.identifiers import bare_doi
from refmanager.model.links import export_safe, web_link


@pytest.mark.parametrize(
    "url",
    [
        "https://example.org/a?b=1#c",
        "http://arxiv.org/abs/1706.03762",
        "HTTPS://EXAMPLE.ORG",
        "ftp://ftp.example.org/pub/x.ps",
        "doi:10.1000/182",
        "www.example.org/paper.pdf",
        "example.org",
    ],
)
def test_web_links_pass(url: str) -> None:
    assert web_link(url) == url


@pytest.mark.parametrize(
    "url",
    [
        "javascript:alert(1)",
        "JavaScript:alert(document.cookie)",
        "java\tscript:alert(1)",
        "vbscript:msgbox(1)",
        "data:text/html,<script>alert(1)</script>",
        "file:///etc/passwd",
        "FILE:/etc/shadow",
        "smb://host/share",
        "/etc/shadow",
        "~/secret.pdf",
        "../../x.pdf",
        "C:\\Users\\me\\cv.pdf",
        "\\\\server\\share\\x",
        "https://example.org/\x00",
        "not a url at all",
    ],
)
def test_other_links_do_not(url: str) -> None:
    assert web_link(url) == ""


def test_dois() -> None:
    assert bare_doi("10.1000/182") == "10.1000/182"
    assert bare_doi("https://doi.org/10.1000/182") == "10.1000/182"
    assert bare_doi("doi: 10.1145/3458817.3476165") == "10.1145/3458817.3476165"
    sici = "10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-O"
    assert bare_doi(sici) == sici
    for bad in ("javascript:alert(1)//10.1/x", "not a doi", "<script>", "10.1/x", "10.1000/a b"):
        assert bare_doi(bad) == ""


def test_export_safe_removes_and_reports() -> None:
    ref = Reference.from_csl(
        {
            "type": "article-journal",
            "title": "T",
            "URL": "javascript:alert(1)",
            "DOI": "javascript:alert(1)//10.1/x",
            "file": "/etc/shadow",
        }
    )
    assert export_safe(ref) == ["URL", "DOI", "file"]
    assert ref.to_csl() == {"type": "article-journal", "title": "T"}
    good = Reference.from_csl(
        {"type": "book", "URL": "https://example.org", "DOI": "https://doi.org/10.1000/182"}
    )
    assert export_safe(good) == []
    assert good.get("DOI") == "10.1000/182" and good.get("URL") == "https://example.org"
