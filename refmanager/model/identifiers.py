"""Identifiers of a work (DOI, arXiv id, ISBN): found in text, cleaned, and keyed for matching.

- A **bare DOI** is ``10.<registrant>/<suffix>`` without a resolver or ``doi:`` prefix.
- A **key** (:func:`doi_key`, :func:`arxiv_key`, :func:`isbn_key`) is the form two records
  of the same work share: lower case, no version, no hyphens. The library matches works
  and duplicates on keys; the fields keep the identifier as written.
"""

from __future__ import annotations

import re

# A DOI somewhere in a text (quotes, angle brackets, full-width marks and CJK stops end it:
# "DOI:10.13328/j.cnki.jos.005678，2020-01-01").
DOI_IN_TEXT = re.compile(r"10\.\d{4,9}/[^\s\"<>\u201c\u201d\u3000-\u303f\uff00-\uffef]+")
# A whole value that is a DOI.
_DOI = re.compile(r"10\.\d{4,9}/\S+")
DOI_PREFIX = re.compile(r"^(?:https?://(?:dx\.)?doi\.org/|doi:\s*)", re.IGNORECASE)
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
# An arXiv identifier, new style (2101.01234) or old style (hep-th/9901001), no version.
# A new-style arXiv identifier's digits ("1504.01230"); ARXIV_ID adds the old style.
NEW_ARXIV_ID = r"\d{4}\.\d{4,5}"
ARXIV_ID = rf"(?:{NEW_ARXIV_ID}|[a-z\-]+(?:\.[A-Z]{{2}})?/\d{{7}})"
# An arXiv category as a list prints it after an identifier ("[hep-ph]", "[astro-ph.CO]",
# "[cond-mat.str-el]", "[cs.CL]").
ARXIV_CATEGORY = r"[a-z]+(?:-[a-z]+)?(?:\.[A-Za-z]+(?:-[a-z]+)?)?"
_ARXIV_KEY = re.compile(rf"(?:arxiv[:\s/]*|abs/)?({ARXIV_ID})(?:v\d+)?", re.IGNORECASE)
# Sentence punctuation that ends a sentence rather than an identifier or a URL.
_TRAIL = ".,;:\u3002\uff0c"
# The label of the next item, glued on where a text layer lost the space after a period
# ("10.1103/PhysRevD.93.085012.URL https://...", "10.1210/jc.2017-02717.PMID: 29590401",
# "10.1103/RevModPhys.75.715.URLhttps://...").
_GLUED_LABEL = re.compile(r"\.(?:URL|PMID|PMCID|ISSN|ISBN|arXiv)(?=$|:|https?(?:\s*:|$))")
# In a DOI, a comma before letters is the next item glued on ("...96.181602,hep-th/0603001"),
# and so is a square bracket opening small letters or an arXiv mention ("...073[arXiv:1408.
# 3203]", "nrn2947[doi]"); ASCE's "(asce)" and "(2015)" are a DOI's own.
_DOI_GLUED = re.compile(r",(?=[^\W\d_])|\[(?=[a-z]|arXiv)")
# After a URL, an access note or a date in brackets ("...pdf(accessed: May 2019)",
# "...net(30/01/2015)"), or a comma and a word with no path after it, after a file's
# extension or a number ("...pdf,NACA", "...070,in press"), or a semicolon before a second
# address ("...0908.1674v1;http://arxiv.org/pdf/..."), is the next item glued on where the
# text layer lost the space.
_URL_GLUED = re.compile(
    r"[(\[](?=(?:accessed|visited|retrieved|last|consulted|cited|abgerufen|consult)\b"
    r"|\d{1,2}[/.]\d{1,2}[/.]\d{2,4}[)\]])"
    r"|(?:(?<=\.pdf)|(?<=\.html)|(?<=\.htm)|(?<=\d)),(?=[^\W\d_]{2}[^/=&?#%]*$)"
    r"|;(?=https?://)",
    re.IGNORECASE,
)


def _first_unclosed(text: str) -> int:
    """The index of the first opening bracket that nothing closes, or -1."""
    openers: list[int] = []
    for i, ch in enumerate(text):
        if ch in "([":
            openers.append(i)
        elif ch in ")]" and openers:
            openers.pop()
    return openers[0] if openers else -1


def trim_identifier(text: str) -> str:
    """``text`` (a DOI or URL found in running text) without the sentence punctuation and
    unbalanced closing brackets after it, and without what a text layer glued onto it: the
    next item's label, and in a DOI an arXiv mention ("10.1007/JHEP01(2015)073[arXiv:...]"),
    a bracket that nothing closes before a word ("...551(in Korean") or a comma and the next
    identifier. A bracket that nothing closes before a number stays: the text lost the
    closing bracket of "10.1061/(ASCE)0733-9399(1984)110:5(794)"."""
    label = _GLUED_LABEL.search(text)
    if label:
        text = text[: label.start()]
    if text.startswith(("http://", "https://", "www.")):
        text = _URL_GLUED.split(text, maxsplit=1)[0]
    if DOI_PREFIX.match(text) or text.startswith("10."):
        text = _DOI_GLUED.split(text, maxsplit=1)[0]
        unclosed = _first_unclosed(text)
        if unclosed > 0 and text[unclosed + 1 : unclosed + 2].isalpha():
            text = text[:unclosed]
    while text:
        last = text[-1]
        opener = "(" if last == ")" else "["
        unbalanced = last in ")]" and text.count(opener) < text.count(last)
        if last in _TRAIL or unbalanced or last in "([":  # (an opening bracket ends nothing)
            text = text[:-1]
        else:
            break
    return text


def strip_doi_prefix(text: str) -> str:
    """``text`` without a resolver (``https://doi.org/``) or ``doi:`` prefix."""
    return DOI_PREFIX.sub("", text.strip()).strip()


def bare_doi(doi: str) -> str:
    """The DOI in ``doi`` without a resolver prefix, or "" when it is not a DOI."""
    value = strip_doi_prefix(doi)
    if _CONTROL.search(value) or not _DOI.fullmatch(value):
        return ""
    return value


def find_doi(text: str) -> str:
    """The first DOI in ``text`` (without the punctuation that follows it), or ""."""
    m = DOI_IN_TEXT.search(text)
    return trim_identifier(m.group()) if m else ""


def doi_key(doi: str) -> str:
    """The DOI as works are matched on: bare, lower case, no trailing punctuation."""
    return strip_doi_prefix(doi).rstrip(".,;").lower()


def arxiv_key(value: str) -> str:
    """The arXiv identifier in ``value`` (an id, an ``arXiv:`` mention or an abs/ URL),
    lower case and without its version, or ""."""
    match = _ARXIV_KEY.search(value.strip())
    return match.group(1).lower() if match else ""


def isbn_key(value: str) -> str:
    """The ISBN's 10 or 13 digits (X as the check digit), or "" when it has neither."""
    digits = re.sub(r"[^0-9Xx]", "", value).upper()
    return digits if len(digits) in (10, 13) else ""
