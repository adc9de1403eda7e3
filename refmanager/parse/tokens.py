"""Tokens of a reference string, the printed label in front of it, and the exact rules.

A token is a span of the raw text: a URL, a DOI, an arXiv identifier, a run of CJK
characters, a word, a number, or one punctuation character. Whitespace is never a token.
Letters joined by hyphens ("state-of-the-art", "Easy-to-use") are one word, so a field
cannot end inside a compound; numbers are still split at a hyphen ("12-19").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from refmanager.model import CSL_FIELDS
from refmanager.model.identifiers import ARXIV_ID, DOI_IN_TEXT, trim_identifier
from refmanager.model.typecodes import is_type_code

# Field labels the sequence labeller assigns; "O" is punctuation and glue ("In:", "pp.").
LABELS: tuple[str, ...] = ("author", "editor", *CSL_FIELDS, "issued", "accessed", "O")

CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"

# Letters, an accent typed as a combining mark after its letter staying with them
# ("Pelle\u0301as"), after the first letter; a word is letters joined by apostrophes and
# hyphens ("state-of-the-art")
_LETTERS = r"[^\W\d_]*(?:[\u0300-\u036f]+[^\W\d_]*)*+"
# (An address ends at a full-width mark or a CJK stop: "…/990407.htm，访问于 2001-07-08".)
# The kinds of token, tried in this order at each place. Each alternative opens with a
# character or a set of them, which the matcher checks before it enters the alternative,
# and ends with an empty group that names its kind (``lastindex``, ``_KINDS``): a named
# group around each alternative was entered, marked and left again at every place (a
# third of the matching's instructions). The repeats inside a word give nothing back
# (``*+``): what follows them may match nothing, so they never had to.
_TOKEN_RE = re.compile(
    r"https? ?: ?//[^\s<>\"\u201c\u201d\u3000-\u303f\uff00-\uffef]+(?P<url>)"
    r"|ftp ?: ?//[^\s<>\"\u201c\u201d\u3000-\u303f\uff00-\uffef]+(?P<url_ftp>)"
    r"|www\.[^\s<>\"\u3000-\u303f\uff00-\uffef]+\.[a-z]{2,}"
    r"[^\s<>\"\u3000-\u303f\uff00-\uffef]*(?P<url_www>)"
    rf"|{DOI_IN_TEXT.pattern}(?P<doi>)"
    rf"|ar[Xx]iv:\s?{ARXIV_ID}(?:v\d+)?(?P<arxiv>)"
    rf"|[{CJK}][{CJK}]*(?P<cjk>)"
    rf"|[^\W\d_]{_LETTERS}(?:['\u2019\-\u2010][^\W\d_]{_LETTERS})*+(?P<word>)"
    r"|\d\d*(?P<num>)"
    r"|\S(?P<other>)"
)

KIND_URL, KIND_DOI, KIND_ARXIV, KIND_CJK, KIND_WORD, KIND_NUM, KIND_PUNCT = (
    "url",
    "doi",
    "arxiv",
    "cjk",
    "word",
    "num",
    "other",
)
# a match's ``lastindex`` -> the kind of its token (the group's name up to "_"; every
# alternative ends in a group, so no match has none), as the very objects above: a kind
# compared with KIND_WORD ... is then the same object, which ``==`` tells at once (the
# group names are other string objects, compared character by character)
_GROUPS = _TOKEN_RE.groupindex
_OWN = {
    kind: kind
    for kind in (KIND_URL, KIND_DOI, KIND_ARXIV, KIND_CJK, KIND_WORD, KIND_NUM, KIND_PUNCT)
}
_KINDS = ("", *(_OWN[name.partition("_")[0]] for name in sorted(_GROUPS, key=_GROUPS.__getitem__)))


@dataclass(slots=True)
class Tok:
    """One token: its text, its span in the raw string and what kind of token it is."""

    text: str
    start: int
    end: int
    kind: str


def tokenize(text: str, start: int = 0) -> list[Tok]:
    """Split ``text[start:]`` into tokens with spans into ``text``."""
    out: list[Tok] = []
    append = out.append
    kinds = _KINDS
    for m in _TOKEN_RE.finditer(text, start):
        kind = kinds[m.lastindex or 0]
        s, e = m.span()
        if kind in (KIND_URL, KIND_DOI):
            whole = m.group()
            trimmed = trim_identifier(whole) or whole[:1]
            cut = s + len(trimmed)
            append(Tok(trimmed, s, cut, kind))
            # what was trimmed (sentence punctuation, a glued-on ".PMID") is tokens of its own
            for rest in _TOKEN_RE.finditer(text, cut, e):
                append(Tok(rest.group(), rest.start(), rest.end(), kinds[rest.lastindex or 0]))
            continue
        word = m.group()
        if kind == KIND_PUNCT and word > "\x7f":
            if "\uff01" <= word <= "\uff5e":
                # full-width punctuation ("．" "，" "：" "（") reads as its ASCII form; the
                # span still points at the printed character
                word = unicodedata.normalize("NFKC", word)
            else:
                # the hyphen (U+2010), the non-breaking hyphen word processors print in
                # ranges (U+2011, "559‑578") and the figure dash read as the dashes the
                # model knows
                word = _DASHES.get(word, word)
        append(Tok(word, s, e, kind))
    if "/" in text and _TLD_SLASH.search(text, start):
        out = _bare_addresses_joined(text, start, out)
    return out


_DASHES = {"\u2010": "-", "\u2011": "-", "\u2012": "\u2013"}


# MLA 9's web addresses printed without their scheme ("graphsociety.org/standards",
# "journals.sagepub.com/doi/full/..."): a host ending in a known top-level domain and a path
_TLDS = r"(?:com|org|net|edu|gov|int|io|info|eu|uk|de|fr|es|it|nl|br|cn|jp|ca|au|ch|se|no|dk|fi|pt)"
_BARE_URL = re.compile(
    rf"(?<![\w@./:-])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+{_TLDS}/[^\s<>\"\u201c\u201d]*",
    re.IGNORECASE,
)
# a scheme a line break cut from its address: "https:// " right before it
_CUT_SCHEME = re.compile(r"(?:https?|ftp) ?: ?//\s+$", re.IGNORECASE)
# (the quick test first: a top-level domain and a slash, which most strings lack)
_TLD_SLASH = re.compile(rf"\.{_TLDS}/", re.IGNORECASE)


def _bare_addresses_joined(text: str, start: int, toks: list[Tok]) -> list[Tok]:
    """``toks`` with the tokens of each address ``_BARE_URL`` finds made one URL token, where
    the address starts and ends where tokens do and holds no identifier already read."""
    for m in _BARE_URL.finditer(text, start):
        a = m.start()
        b = a + len(trim_identifier(m.group()) or m.group())
        scheme = _CUT_SCHEME.search(text, start, a)
        if scheme is not None:
            a = scheme.start()  # "[https:// arxiv.org/abs/...]": a line break after "//"
        inside = [i for i, t in enumerate(toks) if a <= t.start < b]
        if not inside or toks[inside[0]].start != a or toks[inside[-1]].end != b:
            continue
        if any(toks[i].kind in (KIND_URL, KIND_DOI) for i in inside):
            continue
        k = inside[0] - 1
        if k > 0 and toks[k].kind == KIND_PUNCT and toks[k - 1].end == toks[k].start:
            k -= 1  # (the cut address's last "." is a token of its own)
        if k >= 0 and toks[k].kind == KIND_URL:
            continue  # ("http://www. boston.com/...": an address a line break cut, joined later)
        toks[inside[0] : inside[-1] + 1] = [Tok("".join(text[a:b].split()), a, b, KIND_URL)]
    return toks


def word_set(text: str) -> frozenset[str]:
    """The words of ``text`` (a word list written as one string) as a set."""
    return frozenset(text.split())


def may_hold(text: str, cores: tuple[str, ...]) -> bool:
    """A quick test before a case-insensitive search for words: whether ``text`` holds one
    of ``cores`` (a piece of each word, in lower case), or a letter that the search's case
    folding reads as "i" or "s" and ``str.lower`` does not make one (dotless i, dotted
    capital I, long s). False: the search finds nothing."""
    low = text.lower()
    for core in cores:  # (a loop, not any() over a generator: it is hot)
        if core in low:
            return True
    return not text.isascii() and ("\u0131" in text or "\u0130" in text or "\u017f" in text)


def label_runs(labels: Sequence[str]) -> list[tuple[str, int, int]]:
    """(label, first index, last index + 1) for each run of equal labels, "O" included."""
    runs: list[tuple[str, int, int]] = []
    if not labels:
        return runs
    start = 0
    run = labels[0]
    for i, label in enumerate(labels):  # (no indexing per label: it is hot)
        if label != run:
            runs.append((run, start, i))
            start = i
            run = label
    runs.append((run, start, len(labels)))
    return runs


# ------------------------------------------------------------------ the printed label

# A bare number is a label only before a given name's initial ("5 N. Ode", "9 S.-M. Ode":
# RSC's and AIP's lists; "12H. Ode", a superscript label glued to it); "100 Years of ..."
# opens a title.
_LABEL_RE = re.compile(
    r"^\s*(?:\[(?P<b>[^\[\]\n]{1,60})\]|\((?P<p>\d{1,3})\)|(?P<d>\d{1,3})[.)](?![\d.])"
    r"|(?P<n>\d{1,3})\s*(?=[A-Z]\.(?:\s|-|[A-Z]\.)))\s*"
)


# The marker of a compound entry's part ("[12] a) A. Ode, ...; b) B. Abe, ..."), after the
# label or opening the text of a part cut from such an entry (before a capital there).
_PART_MARKER = re.compile(r"\(?[a-z]\s?\)\s*")
_PART_OPENING = re.compile(r"\s*\(?[a-z]\s?\)\s*(?=[A-Z\u00c0-\u00de])")


def split_label(text: str) -> tuple[str, int]:
    """The printed label at the start of ``text`` ("12", "HKL19") and where the entry starts
    (after a compound entry's part marker: "[12] a) A. Ode" starts at "A. Ode"; a part cut
    from one, "b) B. Abe", has no label and starts at "B. Abe")."""
    m = _LABEL_RE.match(text)
    if not m:
        part = _PART_OPENING.match(text)
        return "", part.end() if part else 0
    label = m.group("b") or m.group("p") or m.group("d") or m.group("n") or ""
    label = label.strip()
    if m.group("b") is not None and is_type_code(label):
        return "", 0  # a GB/T type code, not a label
    part = _PART_MARKER.match(text, m.end())
    return label, part.end() if part else m.end()


# ------------------------------------------------------------------ exact rules

# "arXiv:1504.01230", "arXiv preprint 1504.01230", "ArXiv, abs/1906.00591" (Semantic Scholar)
# "arXiv:1901.01234", "arXiv preprint arXiv:...", "ArXiv, abs/1901.01234" and an abstract's or
# PDF's address, "https://arxiv.org/abs/1901.01234"
ARXIV_RE = re.compile(
    rf"[Aa]r[Xx]iv(?:\.org/(?:abs|pdf)/|(?:\s*preprint)?\s*:?\s*(?:,\s*abs/)?)"
    rf"({ARXIV_ID}(?:v\d+)?)"
)
# A book's ISBN-13 as DOIs print it ("978-3-030-00000-0"), Springer's chapter DOIs ending
# with it and the chapter's number ("10.1007/978-3-030-00000-0_2")
BOOK_ISBN_IN_DOI = r"97[89](?:-\d{1,7}){3}-[\dX]"
ISBN_RE = re.compile(r"ISBN(?:-1[03])?[:\s]*((?:97[89][-\s\u2010]?)?(?:\d[-\s\u2010]?){9}[\dXx])")
ISSN_RE = re.compile(r"ISSN[:\s]*(\d{4}[-\u2010]\d{3}[\dXx])")
YEAR_RE = re.compile(r"(?<!\d)(1[5-9]\d\d|20\d\d)(?!\d)")
