"""BibTeX and BibLaTeX, written and read through bibtexparser 2.

Writing: each reference becomes a ``bibtexparser.model.Entry`` (``to_entry``); text is
LaTeX-encoded with bibtexparser's ``LatexEncodingMiddleware`` (plain ASCII text, the vast
majority, takes a fast path that gives the same result), names are joined as
``von Last, Jr, First and ...`` with corporate names braced, capitals in titles are
protected with braces. ``iter_bibtex`` gives, a few hundred entries at a time (a large
export never exists twice in memory), the text ``bibtexparser.write_string`` writes for
those entries, joined without building the objects (a test holds the two equal; see
docs/decisions/0012-bibtex-entry-text.md).

Reading: ``bibtexparser.parse_string`` with an empty parse stack splits the file; we
resolve ``@string`` macros ourselves so that entries bibtexparser sets aside (a key used
twice: ``DuplicateBlockKeyBlock``; a field given twice: ``DuplicateFieldKeyBlock``) are
read exactly like the others. Names are split with bibtexparser's own name splitter
before any LaTeX is decoded (so ``{World Health Organization}`` stays one literal name),
then ``LatexDecodingMiddleware`` turns the LaTeX into Unicode.
"""

from __future__ import annotations

import functools
import logging
import re
import unicodedata
from collections.abc import Iterable, Iterator

from bibtexparser.entrypoint import parse_string, write_string
from bibtexparser.library import Library
from bibtexparser.middlewares import LatexDecodingMiddleware, LatexEncodingMiddleware
from bibtexparser.middlewares.names import parse_single_name_into_parts
from bibtexparser.model import (
    Block,
    DuplicateBlockKeyBlock,
    DuplicateFieldKeyBlock,
    Entry,
    Field,
    ParsingFailedBlock,
    String,
)
from bibtexparser.writer import BibtexFormat

from refmanager.formats.common import (
    CSL_TYPES,
    Problem,
    ReadResult,
    date_from_text,
    iso_date,
)
from refmanager.formats.keys import KeyMaker
from refmanager.model import Date, Name, Reference

# pylatexenc warns on the logging root for every character it has no macro for (CJK):
# the character is kept as it is, which is what we want, so the warning is noise.
# bibtexparser also logs each broken block, which we report as a Problem instead.
# (A NullHandler only stops Python's last-resort printing to stderr; an application that
# configures logging still sees these records.)
logging.getLogger("pylatexenc").addHandler(logging.NullHandler())
logging.getLogger("bibtexparser").addHandler(logging.NullHandler())

CHUNK = 500  # entries per piece of text iter_bibtex gives

_JOURNAL_TYPES = frozenset(
    {"article-journal", "article-magazine", "article-newspaper", "review", "review-book"}
)
_SERIES_TYPES = frozenset(
    {"book", "chapter", "paper-conference", "entry-encyclopedia", "entry-dictionary"}
)
_BOOKTITLE_TYPES = frozenset(
    {"chapter", "paper-conference", "entry-encyclopedia", "entry-dictionary"}
)

# CSL type -> (BibTeX entry type, BibLaTeX entry type)
_EXPORT_TYPES: dict[str, tuple[str, str]] = {
    "article-journal": ("article", "article"),
    "article-magazine": ("article", "article"),
    "article-newspaper": ("article", "article"),
    "review": ("article", "article"),
    "review-book": ("article", "article"),
    "paper-conference": ("inproceedings", "inproceedings"),
    "chapter": ("incollection", "incollection"),
    "entry-encyclopedia": ("incollection", "inreference"),
    "entry-dictionary": ("incollection", "inreference"),
    "book": ("book", "book"),
    "collection": ("book", "collection"),
    "thesis": ("phdthesis", "thesis"),
    "report": ("techreport", "report"),
    "manuscript": ("unpublished", "unpublished"),
    "pamphlet": ("booklet", "booklet"),
    "webpage": ("misc", "online"),
    "post-weblog": ("misc", "online"),
    "software": ("misc", "software"),
    "dataset": ("misc", "dataset"),
    "patent": ("misc", "patent"),
    "periodical": ("misc", "periodical"),
}

# BibTeX/BibLaTeX entry type -> CSL type
_IMPORT_TYPES: dict[str, str] = {
    "article": "article-journal",
    "inproceedings": "paper-conference",
    "conference": "paper-conference",
    "incollection": "chapter",
    "inbook": "chapter",
    "inreference": "entry-encyclopedia",
    "book": "book",
    "mvbook": "book",
    "bookinbook": "chapter",
    "collection": "book",
    "mvcollection": "book",
    "proceedings": "book",
    "mvproceedings": "book",
    "reference": "book",
    "mvreference": "book",
    "manual": "book",
    "phdthesis": "thesis",
    "mastersthesis": "thesis",
    "thesis": "thesis",
    "techreport": "report",
    "report": "report",
    "unpublished": "manuscript",
    "booklet": "pamphlet",
    "online": "webpage",
    "electronic": "webpage",
    "www": "webpage",
    "software": "software",
    "dataset": "dataset",
    "patent": "patent",
    "periodical": "periodical",
    "misc": "article",
    "preprint": "article",
}

_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH_NAMES = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
# BibTeX's predefined macros.
_PREDEFINED = dict(zip(_MONTHS, _MONTH_NAMES, strict=True))

# Fields written and read verbatim (no LaTeX): identifiers and links.
_VERBATIM = frozenset({"doi", "url", "eprint", "file", "isbn", "issn", "urldate", "date"})

# BibTeX field -> CSL variable, for the fields that map one to one in both directions.
_SIMPLE_IMPORT: dict[str, str] = {
    "title": "title",
    "series": "collection-title",
    "volume": "volume",
    "edition": "edition",
    "type": "genre",
    "doi": "DOI",
    "url": "URL",
    "isbn": "ISBN",
    "issn": "ISSN",
    "note": "note",
    "abstract": "abstract",
    "keywords": "keyword",
    "language": "language",
    "shorttitle": "title-short",
    "eventtitle": "event-title",
    "version": "version",
    "pubstate": "status",
    "pagetotal": "number-of-pages",
    "annote": "annote",
    "annotation": "annote",
    "journal": "container-title",
    "journaltitle": "container-title",
    "booktitle": "container-title",
    "publisher": "publisher",
    "school": "publisher",
    "institution": "publisher",
    "organization": "publisher",
    "address": "publisher-place",
    "location": "publisher-place",
    "issue": "issue",
}
_SIMPLE_EXPORT: dict[str, str] = {
    "title": "title",
    "collection-title": "series",
    "volume": "volume",
    "edition": "edition",
    "genre": "type",
    "DOI": "doi",
    "URL": "url",
    "ISBN": "isbn",
    "ISSN": "issn",
    "note": "note",
    "abstract": "abstract",
    "keyword": "keywords",
    "language": "language",
    "title-short": "shorttitle",
    "event-title": "eventtitle",
    "version": "version",
    "status": "pubstate",
    "number-of-pages": "pagetotal",
    "annote": "annote",
}
# Handled by hand on export (type-dependent) or not written as a field at all.
_SPECIAL_CSL = frozenset(
    {
        "container-title",
        "publisher",
        "publisher-place",
        "issue",
        "number",
        "collection-number",
        "page",
        "citation-key",
    }
)
_SPECIAL_BIB = frozenset(
    {"author", "editor", "translator", "year", "month", "day", "date", "urldate", "pages"}
    | {"number", "eid", "howpublished", "entrysubtype", "key", "crossref"}
)
_FIELD_NAME = re.compile(r"[a-z][a-z0-9_.:-]*")

_CONTROL_WORD = re.compile(r"\\[a-zA-Z]+")
# ASCII text the fast path cannot take: LaTeX-active characters, URLs, ligatures.
_ASCII_SPECIALS = re.compile(r"[$~^\\{}\[\]]|https?://|www\.|--|``|''|[?!]`")
_ASCII_ACTIVE = re.compile(r"[$~^\\{}\[\]&%#_]|https?://|www\.|--|``|''|[?!]`")
_ASCII_LATEX = re.compile(r"[~^\\{}\[\]]|https?://|www\.")
_SIMPLE_ESCAPES = str.maketrans({"&": r"\&", "%": r"\%", "#": r"\#", "_": r"\_"})
_CIRCUMFLEX = re.compile(r"\{\\textasciicircum\}|\\textasciicircum(?:\{\}|\b)")
_URL_MACRO = re.compile(r"\\url\{([^{}]*)\}")
_DOTLESS = re.compile(r"(\\[`'^\"~=.uvHcdbtkr])\s*(?:\{\\([ij])\}|\\([ij])(?![a-zA-Z]))")
_AND_WORD = re.compile(r"\band\b", re.IGNORECASE)
_GROUP = r"\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\}"  # a brace group, nested up to 3 deep
_NAME_MACRO = re.compile(
    r"\\(?:[`'^\"~=.]|[uvHcdbtkr](?![a-zA-Z]))\s*(?:" + _GROUP + r"|\\[a-zA-Z]+|[a-zA-Z])"
    r"|\\[a-zA-Z]+(?:" + _GROUP + r")?"
)
_NOT_IN_MATH = re.compile(r"(?<!\\)[%#&]")  # a comment or alignment: not inline math
_MATH = re.compile(r"(\$(?:[^\s$\\]|[^\s$][^$]*[^\s$\\])\$)")
_UNESCAPED_DOLLAR = re.compile(r"(?<!\\)\$")
# TeX ligatures that would read back as other characters: -- ``  '' ?` !`
_LIGATURE = re.compile(r"(?<=-)(?=-)|(?<=`)(?=`)|(?<=')(?=')|(?<=[?!])(?=`)")
_SIMPLE_UNESCAPE = re.compile(r"\\([&%#_$])")
_NEEDS_DECODER = re.compile(r"[\\$~]|--|``|''|[?!]`")
_TEX_LOGOS = re.compile(r"\\(LaTeXe|LaTeX|TeX|BibTeX)\b(?:\{\})?")
_SPACES = re.compile(r"\s+")
_AND_OR_BRACE = re.compile(r"(?<!\\)[{}]|\s+and\s+", re.IGNORECASE)
_DASHES = re.compile(r"\s*(?:-{1,3}|–|—|\\textendash\{\}|\\textendash)\s*")

_ENCODER = LatexEncodingMiddleware(allow_inplace_modification=True)
_DECODER = LatexDecodingMiddleware(allow_inplace_modification=True)
_EMPTY = Library()


# --------------------------------------------------------------------------- writing


def encode(value: str) -> str:
    """``value`` LaTeX-encoded by bibtexparser's ``LatexEncodingMiddleware``.

    Plain ASCII without LaTeX-active characters (most text) takes a fast path that
    gives the middleware's result; other strings go through the middleware, cached
    because names and venues repeat across a library. Whatever the encoder would not
    give back on reading (``"`` becomes ``''``, ``Ŧ`` becomes ``\\={T}``, a literal ``--``
    is an en dash, ``?` `` is ¿) is written so that it reads back as it was.
    """
    if value.isascii():
        if not _ASCII_ACTIVE.search(value):
            return value  # nothing to escape (what the translation below would give)
        if not _ASCII_SPECIALS.search(value):
            return value.translate(_SIMPLE_ESCAPES)
    if "$" in value:
        return _encode_with_math(value)
    if value.isascii() and not _ASCII_LATEX.search(value):
        text = value.translate(_SIMPLE_ESCAPES)  # only ligatures to break
    else:
        text = _encode_slow(value)
    return _LIGATURE.sub("{}", text)


def _encode_with_math(value: str) -> str:
    """Keep ``$x^2$`` (no space inside the dollars, balanced braces) as math; escape other $."""
    out: list[str] = []
    for index, part in enumerate(_MATH.split(value)):
        if index % 2 and _balanced(part) and not _NOT_IN_MATH.search(part):
            out.append(part)
        else:
            out.append("\\$".join(encode(piece) for piece in part.split("$")))
    return "".join(out)


@functools.lru_cache(maxsize=50_000)
def _encode_slow(value: str) -> str:
    pieces: list[str] = []
    plain: list[str] = []
    for char in value:
        if char == '"' or (not char.isascii() and _keep_raw(char)):
            if plain:
                pieces.append(_middleware_encode("".join(plain)))
                plain = []
            pieces.append(char)
        else:
            plain.append(char)
    if plain:
        pieces.append(_middleware_encode("".join(plain)))
    return "".join(pieces)


def _middleware_encode(value: str) -> str:
    block = _ENCODER.transform_entry(Entry("misc", "x", [Field("v", value)]), _EMPTY)
    if isinstance(block, Entry):
        # accents on dotless \\i and \\j: LaTeX reads \\'i as well, pandoc only \\'i
        return _DOTLESS.sub(
            lambda m: m.group(1) + (m.group(2) or m.group(3)), block.fields[0].value
        )
    return _escape_braces(value.translate(_SIMPLE_ESCAPES))  # pragma: no cover


@functools.lru_cache(maxsize=4096)
def _keep_raw(char: str) -> bool:
    """Non-ASCII characters written as UTF-8 rather than LaTeX: punctuation and symbols
    (``–``, ``“``, ``×``, ``€``: LaTeX reads them as UTF-8, and pandoc knows neither
    ``\\textendash`` nor ``\\texttimes``), and whatever the encoder cannot give back."""
    if unicodedata.category(char)[0] in "PS":
        return True
    return not _round_trips(char)


@functools.lru_cache(maxsize=4096)
def _round_trips(char: str) -> bool:
    """Whether the encoder's LaTeX for ``char`` decodes back to it (NFC)."""
    return decode(_middleware_encode(char))[0] == unicodedata.normalize("NFC", char)


def _escape_braces(text: str) -> str:
    return text.replace("\\", r"\textbackslash{}").replace("{", r"\{").replace("}", r"\}")


def _balanced(text: str, skip_escaped: bool = False) -> bool:
    """Whether braces nest properly; with ``skip_escaped``, ``\\{`` and ``\\}`` do not count."""
    depth = 0
    for index, char in enumerate(text):
        if skip_escaped and index and text[index - 1] == "\\":
            continue
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


def _verbatim(value: str) -> str:
    """A URL or identifier as BibTeX can hold it (only braces need care)."""
    if "{" not in value and "}" not in value:
        return value
    return value.replace("{", "%7B").replace("}", "%7D") if not _balanced(value) else value


def _protect_title(encoded: str) -> str:
    """Brace words so that styles and pandoc keep the case as stored.

    BibTeX styles and pandoc turn titles into sentence case, but the stored title
    already has the case the paper printed. So: every word with a capital is braced
    (``Convex {Optimization}``, ``{DNA}``, ``{U-Net}``), except a first word capitalised
    at its first letter only (both keep that one); a lower-case first word and any word
    after a colon or full stop are braced too (pandoc capitalises those). A word that
    starts with a control sequence gets two pairs of braces (BibTeX reads ``{\\'E...}``
    as one "special character" and would lower it).
    """
    head, space, rest = encoded.partition(" ")
    if rest.islower() and not _TITLE_MARKS.search(encoded):
        # the common case: every word after the first is lower case, no subtitle, no math
        if head[:1].isupper() and head.isalpha() and (len(head) == 1 or head[1:].islower()):
            return encoded  # and the first is capitalised at its first letter only
        return _protect_words(head) + space + rest
    return _protect_words(encoded)


_TITLE_MARKS = re.compile(r"[$:.?!]")


def _protect_words(encoded: str) -> str:
    words = encoded.split(" ")
    in_math = False
    after_colon = False
    for index, word in enumerate(words):
        first, subtitle = index == 0, after_colon
        after_colon = word.endswith((":", ".", "?", "!"))
        if not (first or subtitle or in_math) and word.islower() and "$" not in word:
            continue  # the common case: a plain lower-case word
        dollars = len(_UNESCAPED_DOLLAR.findall(word)) if "$" in word else 0
        skip = in_math or dollars > 0
        in_math = in_math != (dollars % 2 == 1)
        core = word.rstrip(":,.;")
        if skip or not core:
            continue
        if ("{" in core or "}" in core) and not _balanced(core, skip_escaped=True):
            continue
        plain = _CONTROL_WORD.sub("", core) if "\\" in core else core
        letters = [c for c in plain if c.isalpha()]
        capitals = [c.isupper() for c in letters]
        if not letters:
            continue
        if first:
            # kept as it is by BibTeX; pandoc capitalises it, so protect a lower-case one
            protect = not capitals[0] or any(capitals[1:])
        elif subtitle:
            protect = True  # pandoc capitalises or lowers the word after a colon
        else:
            protect = any(capitals)
        if protect:
            braced = "{{" + core + "}}" if core.startswith("\\") else "{" + core + "}"
            words[index] = braced + word[len(core) :]
    return " ".join(words)


def _needs_group(text: str) -> bool:
    """A name part that BibTeX would split wrongly unless braced."""
    return (
        "," in text
        or re.search(r"\band\b", text, re.IGNORECASE) is not None
        or any(w[:1].islower() for w in text.split())
    )


def bib_name(name: Name) -> str:
    """One name as BibTeX writes it: ``von Last, Jr, First`` or ``{Corporate Name}``."""
    # the usual name, a capitalised ASCII family name and an ASCII given name: as it is
    if not (
        name.literal or name.non_dropping_particle or name.dropping_particle or name.suffix
    ) and _PLAIN_NAME.fullmatch(name.family + "\x00" + name.given):
        return name.family + ", " + name.given if name.given else name.family
    return _bib_name(
        (
            name.literal,
            name.family,
            name.given,
            name.non_dropping_particle,
            name.dropping_particle,
            name.suffix,
        )
    )


# A family name needing no braces nor LaTeX (one capitalised word, not holding the word
# "and") and a given name needing no LaTeX and no braces (no comma), separated by NUL (a
# doubled ' or -, www. take the encoder's slow path).
_PLAIN_NAME = re.compile(
    r"(?!.*(?:''|--|www\.))(?![Aa][Nn][Dd]['\x00])(?!.*'[Aa][Nn][Dd]['\x00])"
    r"[A-Z][A-Za-z']*\x00(?:[A-Za-z][A-Za-z.' -]*)?"
)


def _brace_specials(text: str) -> str:
    """Put each top-level accent or letter macro in braces: ``\\~O`` -> ``{\\~O}``.

    BibTeX's name rules (and bibtexparser's name splitter, which reads ``\\~`` as a
    space) only treat an accented letter as one letter inside such a group.
    """
    if "\\" not in text:
        return text
    out: list[str] = []
    depth = 0
    index = 0
    in_math = False
    while index < len(text):
        char = text[index]
        if char == "$" and (index == 0 or text[index - 1] != "\\"):
            in_math = not in_math
        if depth == 0 and char == "\\" and not in_math:
            match = _NAME_MACRO.match(text, index)
            if match:
                out.append("{" + match.group(0) + "}")
                index = match.end()
                continue
        if char == "{" and (index == 0 or text[index - 1] != "\\"):
            depth += 1
        elif char == "}" and (index == 0 or text[index - 1] != "\\"):
            depth = max(0, depth - 1)
        out.append(char)
        index += 1
    return "".join(out)


@functools.lru_cache(maxsize=50_000)
def _bib_name(parts: tuple[str, str, str, str, str, str]) -> str:
    literal, family, given, particle, dropping, suffix = parts

    def enc(value: str) -> str:
        return _brace_specials(encode(value))

    if literal or not family:
        text = literal or given
        return "{" + enc(text) + "}" if text else ""
    last = enc(family)
    if _needs_group(family) or " " in family.strip():
        last = "{" + last + "}"
    particles = " ".join(enc(p) for p in (dropping, particle) if p)
    last = f"{particles} {last}".strip()
    first = enc(given) if given else ""
    if first and "," in given:
        first = "{" + first + "}"
    if suffix:
        return f"{last}, {enc(suffix)}, {first}" if first else f"{last}, {enc(suffix)}, {{}}"
    return f"{last}, {first}" if first else last


_RANGE = re.compile(r"\w\s*[-–—]+\s*\w")


def _pages(value: str) -> str:
    return _DASHES.sub("--", value) if _RANGE.search(value) else value


def bibtex_type(ref: Reference, biblatex: bool) -> tuple[str, str]:
    """The entry type for ``ref`` and the CSL type to record when it does not say it all."""
    types = _EXPORT_TYPES.get(ref.type, ("misc", "misc"))
    entry_type = types[1] if biblatex else types[0]
    if ref.type == "thesis" and not biblatex and "master" in ref.get("genre").lower():
        entry_type = "mastersthesis"
    subtype = "" if _IMPORT_TYPES.get(entry_type) == ref.type else ref.type
    return entry_type, subtype


@functools.lru_cache(maxsize=512)
def _plan(csl_type: str, biblatex: bool) -> dict[str, str]:
    """CSL variable -> BibTeX field for one type, in the order fields are written.

    An empty field name means "not written as a field" (the key, say).
    """
    plan: dict[str, str] = {"title": "title"}
    if csl_type in _JOURNAL_TYPES:
        plan["container-title"] = "journaltitle" if biblatex else "journal"
    elif csl_type in _BOOKTITLE_TYPES:
        plan["container-title"] = "booktitle"
    else:
        plan["container-title"] = "howpublished"
    if csl_type == "thesis":
        plan["publisher"] = "institution" if biblatex else "school"
    elif csl_type == "report":
        plan["publisher"] = "institution"
    else:
        plan["publisher"] = "publisher"
    plan["publisher-place"] = "location" if biblatex else "address"
    for csl, bib in _SIMPLE_EXPORT.items():
        plan.setdefault(csl, bib)
    if csl_type in _JOURNAL_TYPES:
        plan.update({"issue": "number", "number": "eid"})
    elif csl_type in _SERIES_TYPES:
        plan.update({"collection-number": "number", "issue": "issue", "number": "eid"})
    else:
        plan.update({"number": "number", "issue": "issue"})
    plan["page"] = "pages"
    plan["citation-key"] = ""
    return plan


@functools.lru_cache(maxsize=4096)
def _other_field(csl_name: str) -> str:
    """The BibTeX field for a variable no plan maps (kept under its own name), or ""."""
    if csl_name in _SPECIAL_CSL:
        return ""
    name = csl_name.lower()
    return name if _FIELD_NAME.fullmatch(name) and name not in _SPECIAL_BIB else ""


_TITLE_FIELDS = frozenset({"title", "booktitle", "series", "shorttitle", "eventtitle"})
# BibLaTeX list fields: " and " separates items, so a name holding "and" is braced.
_LIST_FIELDS = frozenset({"publisher", "institution", "school", "organization", "location"})


# How a field's value is written (see to_entry).
_PLAIN, _AS_IS, _TITLE_TEXT, _PAGE_RANGE, _LIST_TEXT = range(5)
_SKIP: tuple[int, str, int] = (0, "", _PLAIN)


def _kind(name: str) -> int:
    if name in _VERBATIM:
        return _AS_IS
    if name in _TITLE_FIELDS:
        return _TITLE_TEXT
    if name == "pages":
        return _PAGE_RANGE
    return _LIST_TEXT if name in _LIST_FIELDS else _PLAIN


@functools.lru_cache(maxsize=512)
def _layout(csl_type: str, biblatex: bool) -> dict[str, tuple[int, str, int]]:
    """CSL variable -> (rank, BibTeX field, kind) for one type; ``_SKIP`` when not written.

    Variables no plan maps are added the first time they are met (see ``_spot``).
    """
    ranks = _ranks(csl_type, biblatex)
    return {
        csl: (ranks.get(bib, len(ranks)), bib, _kind(bib)) if bib else _SKIP
        for csl, bib in _plan(csl_type, biblatex).items()
    }


def _spot(
    layout: dict[str, tuple[int, str, int]], csl_name: str, ranks: dict[str, int]
) -> tuple[int, str, int]:
    name = _other_field(csl_name)
    spot = (ranks.get(name, len(ranks)), name, _kind(name)) if name else _SKIP
    if len(layout) < 1000:  # remember it (a bounded number of variable names per type)
        layout[csl_name] = spot
    return spot


@functools.lru_cache(maxsize=4096)
def _program(
    csl_type: str, biblatex: bool, variables: tuple[str, ...]
) -> tuple[tuple[str, int, tuple[str, ...]], ...]:
    """How to write a reference of ``csl_type`` that has ``variables``: the BibTeX fields
    in the order they are written, each with its kind and the variables that feed it.

    Fields come by rank (``_plan``'s order), then name; when several variables feed one
    field, the least non-empty value is written (what sorting (rank, name, value) and
    keeping the first gives).
    """
    layout = _layout(csl_type, biblatex)
    ranks = _ranks(csl_type, biblatex)
    groups: dict[str, tuple[int, int, list[str]]] = {}
    for csl_name in variables:
        spot = layout.get(csl_name)
        if spot is None:
            spot = _spot(layout, csl_name, ranks)
        rank, name, kind = spot
        if name:
            groups.setdefault(name, (rank, kind, []))[2].append(csl_name)
    order = sorted(groups.items(), key=lambda item: (item[1][0], item[0]))
    return tuple((name, kind, tuple(sources)) for name, (_, kind, sources) in order)


@functools.lru_cache(maxsize=20_000)
def _protect_short_title(value: str) -> str:
    return _protect_title(encode(value))


@functools.lru_cache(maxsize=20_000)
def _encode_short(value: str) -> str:
    """``encode`` for short values, which repeat (venues, publishers, volume numbers)."""
    return encode(value)


def to_entry(ref: Reference, key: str, biblatex: bool = False) -> Entry:
    """One reference as a bibtexparser Entry, values LaTeX-encoded and enclosed."""
    entry_type, fields = _entry_fields(ref, biblatex)
    return Entry(entry_type, key, [Field(name, value) for name, value in fields])


def _entry_fields(ref: Reference, biblatex: bool) -> tuple[str, list[tuple[str, str]]]:
    """The entry type and the (field, enclosed value) pairs of ``to_entry``."""
    if ref.type == "thesis":
        entry_type, subtype = bibtex_type(ref, biblatex)
    else:
        entry_type, subtype = _entry_type(ref.type, biblatex)
    fields: list[tuple[str, str]] = []
    for role, people in (("author", ref.author), ("editor", ref.editor)):
        if people:
            joined = " and ".join([t for t in map(bib_name, people) if t])
            if joined:
                fields.append((role, "{" + joined + "}"))
    values = ref.fields
    dates_written = False
    for name, kind, sources in _program(ref.type, biblatex, tuple(values)):
        if len(sources) == 1:
            value = values[sources[0]]
            if not value:
                continue
        else:  # several variables written to one field: the least value wins
            candidates = [v for v in map(values.__getitem__, sources) if v]
            if not candidates:
                continue
            value = min(candidates)
        if kind == _PLAIN:
            text = _encode_short(value) if len(value) < 80 else encode(value)
        elif kind == _TITLE_TEXT:
            if name == "title" or len(value) >= 80:
                text = _protect_title(encode(value))
            else:  # a booktitle or series: repeated
                text = _protect_short_title(value)
        elif kind == _AS_IS:
            text = _verbatim(value)
        elif kind == _PAGE_RANGE:
            text = _pages(encode(value))
        else:
            text = _encode_short(value) if len(value) < 80 else encode(value)
            if _AND_WORD.search(value):
                text = "{" + text + "}"
        fields.append((name, "{" + text + "}"))
        if name == "title":
            fields.extend(_date_fields(ref, biblatex))
            dates_written = True
    if not dates_written:
        fields.extend(_date_fields(ref, biblatex))
    if subtype:
        fields.append(("entrysubtype", "{" + subtype + "}"))
    return entry_type, fields


@functools.lru_cache(maxsize=512)
def _ranks(csl_type: str, biblatex: bool) -> dict[str, int]:
    return {name: rank for rank, name in enumerate(_plan(csl_type, biblatex).values()) if name}


@functools.lru_cache(maxsize=512)
def _entry_type(csl_type: str, biblatex: bool) -> tuple[str, str]:
    """``bibtex_type`` for a type other than thesis (the only one whose genre counts)."""
    return bibtex_type(Reference(type=csl_type), biblatex)


def _date_fields(ref: Reference, biblatex: bool) -> list[tuple[str, str]]:
    date = ref.issued
    if date is not None and date.month is None and ref.accessed is None and not biblatex:
        year = date.year
        if year is not None:  # the usual case: a year alone
            return [("year", "{" + str(year) + "}")]
    fields: list[tuple[str, str]] = []
    if date is not None:
        if date.year is None:
            if date.literal:
                fields.append(("year", "{" + encode(date.literal) + "}"))
        elif biblatex:
            fields.append(("date", "{" + iso_date(date) + "}"))
        else:
            fields.append(("year", "{" + str(date.year) + "}"))
            if date.month is not None and 1 <= date.month <= 12:
                fields.append(("month", _MONTHS[date.month - 1]))
                if date.day is not None:
                    fields.append(("date", "{" + iso_date(date) + "}"))
    if ref.accessed and iso_date(ref.accessed):
        fields.append(("urldate", "{" + iso_date(ref.accessed) + "}"))
    return fields


def writer_format() -> BibtexFormat:
    """The layout of refmanager's BibTeX, as bibtexparser's writer takes it."""
    fmt = BibtexFormat()  # type: ignore[no-untyped-call]
    fmt.indent = "  "
    fmt.block_separator = "\n"
    return fmt


def write_entries(entries: Iterable[Entry]) -> str:
    """Entries as ``bibtexparser.write_string`` writes them in ``writer_format()``.

    Values are enclosed by ``to_entry`` already: no middleware needs to touch them.
    """
    blocks: list[Block] = list(entries)
    return write_string(Library(blocks), unparse_stack=[], bibtex_format=writer_format())


def _entry_text(entry_type: str, key: str, fields: list[tuple[str, str]]) -> str:
    """One entry's text, exactly as ``write_entries`` gives it (a test holds them equal)."""
    if not fields:
        return "@" + entry_type + "{" + key + ",\n}\n"
    body = ",\n  ".join([name + " = " + value for name, value in fields])
    return "@" + entry_type + "{" + key + ",\n  " + body + "\n}\n"


def iter_bibtex(refs: Iterable[Reference], biblatex: bool = False) -> Iterator[str]:
    """The BibTeX (or BibLaTeX) text of ``refs``, in pieces of a few hundred entries.

    The text is what ``write_entries`` makes of ``to_entry``'s entries, joined here
    without building those objects (see docs/decisions/0012-bibtex-entry-text.md).
    """
    keys = KeyMaker()
    batch: list[str] = []
    for ref in refs:
        key = keys.key(ref)
        entry_type, fields = _entry_fields(ref, biblatex)
        batch.append(_entry_text(entry_type, key, fields))
        if len(batch) >= CHUNK:
            yield "\n".join(batch)
            yield "\n"
            batch = []
    if batch:
        yield "\n".join(batch)


def to_bibtex(refs: Iterable[Reference], biblatex: bool = False) -> str:
    """``refs`` as one BibTeX (``biblatex=False``) or BibLaTeX file."""
    return "".join(iter_bibtex(refs, biblatex))


# --------------------------------------------------------------------------- reading


def _split_top(value: str, sep: str) -> list[str]:
    """Split on ``sep`` outside braces and quotes."""
    parts: list[str] = []
    depth = 0
    quoted = False
    start = 0
    escaped = False
    for index, char in enumerate(value):
        if escaped:
            escaped = False
            continue
        if char == "\\":
            escaped = True
        elif char == "{":
            depth += 1
        elif char == "}":
            depth = max(0, depth - 1)
        elif char == '"' and depth == 0:
            quoted = not quoted
        elif char == sep and depth == 0 and not quoted:
            parts.append(value[start:index])
            start = index + 1
    parts.append(value[start:])
    return parts


def _one_group(text: str, opener: str, closer: str) -> bool:
    """``text`` is one group ``{...}`` (or ``"..."``) from its first to its last character."""
    if len(text) < 2 or text[0] != opener or text[-1] != closer:
        return False
    if opener == '"':
        return True
    depth = 0
    for index, char in enumerate(text):
        if char == "{" and (index == 0 or text[index - 1] != "\\"):
            depth += 1
        elif char == "}" and text[index - 1] != "\\":
            depth -= 1
            if depth == 0 and index < len(text) - 1:
                return False
    return depth == 0


def _resolve(value: str, strings: dict[str, str], undefined: list[str]) -> str:
    """A field's text: delimiters removed, ``#`` concatenations and macros resolved."""
    if "#" not in value:
        # one value (the splitter has checked its delimiters match)
        piece = value.strip()
        if len(piece) >= 2 and (piece[0], piece[-1]) in (("{", "}"), ('"', '"')):
            return piece[1:-1]
    pieces: list[str] = []
    for raw_piece in _split_top(value, "#"):
        piece = raw_piece.strip()
        if _one_group(piece, "{", "}") or _one_group(piece, '"', '"'):
            pieces.append(piece[1:-1])
        elif piece.isdigit() or not piece:
            pieces.append(piece)
        elif piece.lower() in strings:
            pieces.append(strings[piece.lower()])
        else:
            undefined.append(piece)
            pieces.append(piece)
    return "".join(pieces)


def decode(value: str) -> tuple[str, bool]:
    """``value`` from LaTeX to Unicode (bibtexparser's ``LatexDecodingMiddleware``).

    Text whose only LaTeX is braces and escaped ``& % # _ $`` takes a fast path; the
    rest goes through the middleware, cached. The flag is False when decoding failed
    and the text was kept as it was.
    """
    plain = _SIMPLE_UNESCAPE.sub(r"\1", value)
    if not _NEEDS_DECODER.search(plain):
        return _tidy(plain.replace("{", "").replace("}", "")), True
    return _decode_slow(value)


@functools.lru_cache(maxsize=50_000)
def _decode_slow(value: str) -> tuple[str, bool]:
    text = _TEX_LOGOS.sub(lambda m: m.group(1), value)
    # pylatexenc reads \textasciicircum as U+02C6, not the ^ it stands for
    text = _CIRCUMFLEX.sub("\x1e", text)
    # \url{...} is verbatim: its % and & are not LaTeX, so keep them from the decoder
    urls: list[str] = []

    def hide(match: re.Match[str]) -> str:
        urls.append(match.group(1))
        return f"\ue000{len(urls) - 1}\ue001"

    text = _URL_MACRO.sub(hide, text)
    block = _DECODER.transform_entry(Entry("misc", "x", [Field("v", text)]), _EMPTY)
    if isinstance(block, Entry):
        decoded = str(block.fields[0].value).replace("\x1e", "^")
        decoded = re.sub("\ue000(\\d+)\ue001", lambda m: urls[int(m.group(1))], decoded)
        return _tidy(decoded), True
    return _tidy(value), False


def _decode_all(values: dict[str, str]) -> tuple[dict[str, str], str]:
    out: dict[str, str] = {}
    failed = False
    for key, value in values.items():
        out[key], ok = decode(value)
        failed = failed or not ok
    return out, "some LaTeX could not be decoded and was kept as it is" if failed else ""


def _tidy(text: str) -> str:
    return unicodedata.normalize("NFC", _SPACES.sub(" ", text.replace("\xa0", " ")).strip())


def _unescape_verbatim(value: str) -> str:
    value = value.strip()
    match = re.fullmatch(r"\\url\{(.*)\}", value, re.DOTALL)
    if match:
        value = match.group(1)
    for char in "_%&#$~":
        value = value.replace("\\" + char, char)
    return _SPACES.sub(" ", value.replace("{", "").replace("}", "")).strip()


def split_persons(text: str) -> list[str]:
    """A name field split on `` and `` outside braces.

    (bibtexparser's ``split_multiple_persons_names`` drops a ``\\v`` that follows an
    ``and``, turning ``and \\v{Z}idek`` into ``Zidek``.)
    """
    people: list[str] = []
    depth = 0
    start = 0
    for match in _AND_OR_BRACE.finditer(text):
        token = match.group(0)
        if token == "{":
            depth += 1
        elif token == "}":
            depth = max(0, depth - 1)
        elif depth == 0:
            people.append(text[start : match.start()])
            start = match.end()
    people.append(text[start:])
    return [p.strip() for p in people if p.strip()]


def _split_names(text: str) -> list[tuple[str, ...]]:
    """People of a name field: ("literal", text) or ("person", first, von, last, jr)."""
    people: list[tuple[str, ...]] = []
    for raw_person in split_persons(text):
        person = raw_person.strip().rstrip(",").strip()
        if person and person.lower() != "others":
            people.append(_split_person(person))
    return people


@functools.lru_cache(maxsize=50_000)
def _split_person(person: str) -> tuple[str, ...]:
    if _one_group(person, "{", "}"):
        return ("literal", person[1:-1])
    try:
        parts = parse_single_name_into_parts(person, strict=False)
    except ValueError:
        return ("literal", person)
    return (
        "person",
        " ".join(parts.first),
        " ".join(parts.von),
        " ".join(parts.last),
        " ".join(parts.jr),
    )


def _month(value: str) -> int | None:
    text = value.strip().lower()
    if text.isdigit():
        number = int(text)
        return number if 1 <= number <= 12 else None
    for index, name in enumerate(_MONTHS):
        if text.startswith(name):
            return index + 1
    return None


def _csl_type(entry_type: str, subtype: str) -> str:
    subtype = subtype.strip().lower()
    if subtype in CSL_TYPES:
        return subtype
    base = _IMPORT_TYPES.get(entry_type.lower(), "article")
    if base == "article-journal" and subtype in ("magazine", "newspaper"):
        return f"article-{subtype}"
    return base


def _line_of(block: object) -> int:
    line = getattr(block, "start_line", None)
    return line + 1 if isinstance(line, int) else 0


def entry_to_reference(
    entry_type: str,
    *,
    key: str,
    fields: list[tuple[str, str]],
    strings: dict[str, str],
    line: int,
    problems: list[Problem],
) -> Reference:
    """One split BibTeX entry (raw field values) as a Reference; repairs go to ``problems``."""
    values: dict[str, str] = {}
    undefined: list[str] = []
    for raw_name, raw_value in fields:
        name = raw_name.strip().lower()
        if name in values:
            problems.append(Problem(line, f"entry {key}: field {name} given twice; kept the first"))
            continue
        values[name] = _resolve(str(raw_value), strings, undefined)
    for macro in undefined:
        problems.append(Problem(line, f"entry {key}: undefined @string {macro!r} kept as text"))

    ref = Reference(id=key)
    ref.type = _csl_type(entry_type, values.get("entrysubtype", ""))
    if key:
        ref.fields["citation-key"] = key

    people = {
        role: _split_names(values[role])
        for role in ("author", "editor", "translator")
        if role in values
    }
    to_decode: dict[str, str] = {}
    for role, persons in people.items():
        for index, person in enumerate(persons):
            for part_index, part in enumerate(person[1:]):
                if part:
                    to_decode[f"\x00{role}.{index}.{part_index}"] = part
    verbatim: dict[str, str] = {}
    for name, value in values.items():
        if name in people or name == "entrysubtype":
            continue
        if name in _VERBATIM:
            verbatim[name] = _unescape_verbatim(value)
        else:
            to_decode[name] = value
    decoded, error = _decode_all(to_decode)
    if error:
        problems.append(Problem(line, f"entry {key}: {error}"))

    for role, persons in people.items():
        names: list[Name] = []
        for index, person in enumerate(persons):
            parts = [decoded.get(f"\x00{role}.{index}.{i}", "") for i in range(len(person) - 1)]
            if person[0] == "literal":
                if parts[0]:
                    names.append(Name(literal=parts[0]))
                continue
            first, von, last, jr = parts
            if not last:
                last, first = first, ""
            if last:
                names.append(Name(family=last, given=first, non_dropping_particle=von, suffix=jr))
        if role == "author":
            ref.author = names
        elif role == "editor":
            ref.editor = names
        elif names:
            ref.extra[role] = [n.to_csl() for n in names]

    text = {**decoded, **verbatim}
    journal_like = ref.type in _JOURNAL_TYPES
    series_like = ref.type in _SERIES_TYPES
    for name, value in text.items():
        if not value or name.startswith("\x00"):
            continue
        if name in ("year", "month", "day", "date", "urldate"):
            continue
        if name == "pages":
            ref.set("page", _DASHES.sub("-", value))
        elif name == "number":
            target = "issue" if journal_like else "collection-number" if series_like else "number"
            if not ref.get(target):
                ref.set(target, value)
        elif name == "eid":
            ref.set("number", ref.get("number") or value)
        elif name == "howpublished":
            if re.match(r"https?://", value) and not ref.get("URL"):
                ref.set("URL", value)
            elif not ref.get("container-title"):
                ref.set("container-title", value)
        elif name in _SIMPLE_IMPORT:
            target = _SIMPLE_IMPORT[name]
            if not ref.get(target):
                ref.set(target, value)
        elif name in ("key", "crossref", "file", "eprint"):
            if name == "eprint":
                ref.set("eprint", value)
        elif _FIELD_NAME.fullmatch(name):
            ref.set(name, value)

    ref.issued = _read_issued(text, line, key, problems)
    if text.get("urldate"):
        ref.accessed = date_from_text(text["urldate"])
    return ref


def _read_issued(text: dict[str, str], line: int, key: str, problems: list[Problem]) -> Date | None:
    if text.get("date"):
        date = date_from_text(text["date"].split("/")[0])
        if date is not None:
            return date
    year = text.get("year", "").strip()
    if not year:
        return None
    date = date_from_text(year)
    if date is None or date.year is None:
        return date
    if date.month is None and text.get("month"):
        date.month = _month(text["month"])
        if date.month is None:
            problems.append(Problem(line, f"entry {key}: month {text['month']!r} not understood"))
        elif text.get("day", "").strip().isdigit():
            day = int(text["day"])
            date.day = day if 1 <= day <= 31 else None
    return date


def _failure_reason(block: ParsingFailedBlock) -> str:
    message = str(block.error)
    if "bibtex:" in message:
        message = message.split("bibtex:", 1)[1]
    message = _SPACES.sub(" ", message).strip().rstrip(".")
    if message:
        return message
    raw = block.raw or ""
    if raw.count("{") != raw.count("}"):
        return "unbalanced braces (a { without its }, or the reverse)"
    if raw.count('"') % 2:
        return "a quoted value is not closed"
    return "not a valid entry (check the commas and = signs)"


def read_bibtex(text: str) -> ReadResult:
    """All the entries of a BibTeX/BibLaTeX text, in file order; broken ones reported."""
    result = ReadResult(format="bibtex")
    library = parse_string(text, parse_stack=[])
    strings: dict[str, str] = dict(_PREDEFINED)
    undefined: list[str] = []
    items: list[tuple[int, Entry]] = []
    for block in library.blocks:
        line = _line_of(block)
        if isinstance(block, (DuplicateBlockKeyBlock, DuplicateFieldKeyBlock)):
            inner = block.ignore_error_block
            if isinstance(inner, Entry):
                if isinstance(block, DuplicateBlockKeyBlock):
                    result.problems.append(
                        Problem(line, f"citation key {inner.key} used again; both entries kept")
                    )
                items.append((line, inner))
            continue
        if isinstance(block, ParsingFailedBlock):
            head = (block.raw or "").strip().splitlines()[:1]
            what = f"entry {head[0][:60]}" if head else "entry"
            result.problems.append(
                Problem(line, f"malformed {what} skipped: {_failure_reason(block)}")
            )
            continue
        if isinstance(block, String):
            strings[block.key.lower()] = _resolve(str(block.value), strings, undefined)
        elif isinstance(block, Entry):
            items.append((line, block))
    for line, entry in items:
        fields = [(f.key, f.value) for f in entry.fields]
        result.references.append(
            entry_to_reference(
                entry.entry_type,
                key=entry.key,
                fields=fields,
                strings=strings,
                line=line,
                problems=result.problems,
            )
        )
    result.problems.sort(key=lambda p: p.line)
    return result
