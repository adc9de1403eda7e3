"""Writing, stage 2: values and names as LaTeX (bibtexparser's ``LatexEncodingMiddleware``).

Plain ASCII text, the vast majority, takes a fast path that gives the middleware's
result. Names are joined as ``von Last, Jr, First`` with corporate names braced;
capitals in titles are protected with braces.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass

from bibtexparser.library import Library
from bibtexparser.middlewares import LatexEncodingMiddleware
from bibtexparser.model import Entry, Field

from refmanager.formats.bibtex.decode import decode
from refmanager.model import Name
from refmanager.model.words import word_list

_CONTROL_WORD = re.compile(r"\\[a-zA-Z]+")
_ASCII_SPECIALS = re.compile(r"[$~^\\{}\[\]]|https?://|www\.|--|``|''|[?!]`")
_ASCII_ACTIVE = re.compile(r"[$~^\\{}\[\]&%#_]|https?://|www\.|--|``|''|[?!]`")
_ASCII_LATEX = re.compile(r"[~^\\{}\[\]]|https?://|www\.")
_SIMPLE_ESCAPES = str.maketrans({"&": r"\&", "%": r"\%", "#": r"\#", "_": r"\_"})
_DOTLESS = re.compile(r"(\\[`'^\"~=.uvHcdbtkr])\s*(?:\{\\([ij])\}|\\([ij])(?![a-zA-Z]))")
_GROUP = r"\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\}"  # a brace group, nested up to 3 deep
_NAME_MACRO = re.compile(
    r"\\(?:[`'^\"~=.]|[uvHcdbtkr](?![a-zA-Z]))\s*(?:" + _GROUP + r"|\\[a-zA-Z]+|[a-zA-Z])"
    r"|\\[a-zA-Z]+(?:" + _GROUP + r")?"
)
_NOT_IN_MATH = re.compile(r"(?<!\\)[%#&]")  # a comment or alignment: not inline math
_MATH = re.compile(r"(\$(?:[^\s$\\]|[^\s$][^$]*[^\s$\\])\$)")
_UNESCAPED_DOLLAR = re.compile(r"(?<!\\)\$")
_LIGATURE = re.compile(r"(?<=-)(?=-)|(?<=`)(?=`)|(?<=')(?=')|(?<=[?!])(?=`)")

_ENCODER = LatexEncodingMiddleware(allow_inplace_modification=True)
_EMPTY = Library()


def encode(value: str) -> str:
    """``value`` LaTeX-encoded by bibtexparser's ``LatexEncodingMiddleware``.

    Plain ASCII without LaTeX-active characters (most text) takes a fast path that
    gives the middleware's result; other strings go through the middleware, cached
    because names and venues repeat across a library. Whatever the encoder would not
    give back on reading (``"`` becomes ``''``, ``Ŧ`` becomes ``\\={T}``, a literal ``--``
    is an en dash, ``?` `` is ¿) is written so that it reads back as it was. CSL rich
    text (``<i>``, ``<b>``, ``<sup>``, ``<sub>``, small caps, ``nocase``) becomes the
    LaTeX that pandoc and Zotero read back as it.
    """
    if "<" in value and _RICH_TAG.search(value):
        return _encode_rich(value)
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


_RICH_TAG = re.compile(
    r"<(/?)(i|b|sup|sub|span)((?: (?:style|class)=\"[^\"<>]*\")?)>", re.IGNORECASE
)
_RICH_OPEN = {
    "i": "\\textit{",
    "b": "\\textbf{",
    "sup": "\\textsuperscript{",
    "sub": "\\textsubscript{",
}


def _encode_rich(value: str) -> str:
    """CSL-JSON rich text as LaTeX: ``<i>x</i>`` -> ``\\textit{x}``; tags that do not
    nest properly are encoded as the text they are."""
    out: list[str] = []
    open_tags: list[str] = []
    index = 0
    for match in _RICH_TAG.finditer(value):
        out.append(_plain_encode(value[index : match.start()]))
        index = match.end()
        closing, tag, attributes = match.group(1), match.group(2).lower(), match.group(3)
        if closing:
            if not open_tags or open_tags.pop() != tag:
                return _plain_encode(value)
            out.append("}")
        elif tag == "span":
            if "small-caps" in attributes:
                out.append("\\textsc{")
            elif "nocase" in attributes:
                out.append("{")
            else:
                return _plain_encode(value)
            open_tags.append(tag)
        else:
            out.append(_RICH_OPEN[tag])
            open_tags.append(tag)
    if open_tags:
        return _plain_encode(value)
    out.append(_plain_encode(value[index:]))
    return "".join(out)


def _plain_encode(value: str) -> str:
    """``encode`` for text whose ``<`` are characters, not tags."""
    if "<" not in value:
        return encode(value)
    return "<".join(encode(piece) if piece else "" for piece in value.split("<"))


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


# A web address as the encoder sees one (it writes it as ``\url{...}``, braces and all).
_URL_RUN = re.compile(r"(?:https?://|www\.)\S*")


def _url_braces(match: re.Match[str]) -> str:
    return match.group(0).replace("{", "%7B").replace("}", "%7D")


def _middleware_encode(value: str) -> str:
    if "{" in value or "}" in value:
        # a brace in or after an address would go inside \url{...} unbalanced and lose the
        # entry on reading back: in an address it is written as it may be, %7B and %7D
        value = _URL_RUN.sub(_url_braces, value)
    block = _ENCODER.transform_entry(Entry("misc", "x", [Field("v", value)]), _EMPTY)
    if isinstance(block, Entry):
        # accents on dotless \\i and \\j: LaTeX reads \\'i as well, pandoc only \\'i
        return _DOTLESS.sub(
            lambda m: m.group(1) + (m.group(2) or m.group(3)), block.fields[0].value
        )
    escaped = value.translate(_SIMPLE_ESCAPES)  # pragma: no cover
    return escaped.replace("\\", r"\textbackslash{}").replace("{", r"\{").replace("}", r"\}")


@functools.lru_cache(maxsize=4096)
def _keep_raw(char: str) -> bool:
    """Non-ASCII characters written as UTF-8 rather than LaTeX: punctuation and symbols
    (``–``, ``“``, ``×``, ``€``: LaTeX reads them as UTF-8, and pandoc knows neither
    ``\\textendash`` nor ``\\texttimes``), letters the encoder would write as math or as a
    text symbol macro (``α`` as ``\\ensuremath{\\alpha}``, ``µ`` as ``{\\textmu}``: pandoc
    drops both, while pandoc, biber and LaTeX read UTF-8), and whatever the encoder cannot
    give back."""
    if unicodedata.category(char)[0] in "PS":
        return True
    if "\\ensuremath" in _middleware_encode(char) or "\\text" in _middleware_encode(char):
        return True
    return not _round_trips(char)


@functools.lru_cache(maxsize=4096)
def _round_trips(char: str) -> bool:
    """Whether the encoder's LaTeX for ``char`` decodes back to it (NFC)."""
    return decode(_middleware_encode(char))[0] == unicodedata.normalize("NFC", char)


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


def verbatim(value: str) -> str:
    """A URL or identifier as BibTeX can hold it (only braces need care, and a backslash
    before one: BibTeX reads ``\\}`` as no closing brace, so a value ending in a
    backslash gets a space, which reading strips)."""
    if value.endswith("\\"):
        value += " "
    if "{" not in value and "}" not in value:
        return value
    if not _balanced(value) or "\\{" in value or "\\}" in value:
        return value.replace("{", "%7B").replace("}", "%7D")
    return value


def protect_title(encoded: str) -> str:
    """Brace the words that BibTeX styles (and pandoc) would wrongly lower-case.

    Styles and pandoc turn titles into sentence case, and they are right to for most
    words: only what must keep its capitals is braced, by evidence the title gives.

    - a word with a capital after its first letter (``{DNA}``, ``{U-Net}``, ``{iPhone}``,
      ``{LaTeX}``): an acronym or a name, in any title;
    - a word capitalised at its first letter only, in a title written in sentence case (its
      other words lower case): a proper noun (``A study of {Paris}``). In a title written
      in Title Case (``Effect of Practical Losses``) the capitals say nothing, and the
      style decides;
    - nothing else: not the first word (styles keep or capitalise it), nor a word after a
      colon or a full stop (``Proc. of the Conf.``), nor a lower-case word, nor text
      without case (CJK).

    A word that starts with a control sequence gets two pairs of braces (BibTeX reads
    ``{\\'E...}`` as one "special character" and would lower it).
    """
    head, _space, rest = encoded.partition(" ")
    plain = encoded.isascii() and rest.islower() and not _TITLE_MARKS.search(encoded)
    if plain and _shape(head) != "inner":
        return encoded  # the common case: sentence case, nothing to keep
    return _protect_words(encoded)


_TITLE_MARKS = re.compile(r"[$:.?!{}\\]")


_STYLED_WORD = re.compile(r"((?:\\text(?:it|bf|sc|superscript|subscript)\{|\{)*)([^{}\\]*)(\}*)")

# Words a Title Case title leaves in lower case: they say nothing of the title's style.
_SMALL_WORDS = word_list("title-small-words")


@dataclass(slots=True)
class _Word:
    """A word of a title as protection sees it: where its text is, and its case."""

    index: int
    lead: str
    core: str
    first: bool
    subtitle: bool
    shape: str  # "inner" (a capital after the first letter), "capital", "lower"


def _title_words(words: list[str]) -> list[_Word]:
    """The words of a title that hold cased letters, outside math, with their shape."""
    out: list[_Word] = []
    in_math = False
    after_colon = False
    for index, word in enumerate(words):
        subtitle = after_colon
        after_colon = word.endswith((":", ".", "?", "!"))
        dollars = len(_UNESCAPED_DOLLAR.findall(word)) if "$" in word else 0
        skip = in_math or dollars > 0
        in_math = in_math != (dollars % 2 == 1)
        core = word.rstrip(":,.;")
        if skip or not core:
            continue
        lead = ""
        if ("{" in core or "}" in core) and not _balanced(core, skip_escaped=True):
            # a word that opens or closes rich text: \textit{Escherichia  coli}
            styled = _STYLED_WORD.fullmatch(core)
            if not styled or not styled.group(2) or not _balanced(styled.group(2), True):
                continue
            lead, core = styled.group(1), styled.group(2)
        plain = _CONTROL_WORD.sub("", core) if "\\" in core else core
        shape = _shape(plain)
        if shape:
            out.append(_Word(index, lead, core, index == 0, subtitle, shape))
    return out


def _shape(plain: str) -> str:
    """ "inner" for a capital after the first cased letter of a part (a hyphenated word of
    capitalised parts, ``Self-Supervised``, is "capital"), "capital", "lower", or "" for
    text without case."""
    parts = [[c.isupper() for c in part if c.isupper() or c.islower()] for part in plain.split("-")]
    cased = [p for p in parts if p]
    if not cased:
        return ""
    if any(any(p[1:]) for p in cased) or (len(cased) > 1 and any(p == [True] for p in cased)):
        return "inner"
    if cased[0][0]:
        return "capital"
    return "inner" if any(p[0] for p in cased[1:]) else "lower"


def _protect_words(encoded: str) -> str:
    words = encoded.split(" ")
    found = _title_words(words)
    judged = [
        w
        for w in found
        if not (w.first or w.subtitle)
        and w.shape != "inner"
        and _CONTROL_WORD.sub("", w.core).lower() not in _SMALL_WORDS
    ]
    title_case = bool(judged) and 2 * sum(w.shape == "capital" for w in judged) >= len(judged)
    for w in found:
        if w.shape == "inner":
            protect = True
        elif w.first or w.subtitle or w.shape == "lower":
            protect = False
        else:
            protect = not title_case
        if protect:
            word = words[w.index]
            braced = "{{" + w.core + "}}" if w.core.startswith("\\") else "{" + w.core + "}"
            words[w.index] = w.lead + braced + word[len(w.lead) + len(w.core) :]
    return " ".join(words)


def protect_name(encoded: str) -> str:
    """A venue's or series' name (``booktitle``, ``series``) kept as written: braced whole
    when it holds a capital (``{Proc. of the 2020 Conf. on Empirical Methods}``), not word
    by word. A name that starts with a control sequence is protected word by word, as a
    title (a group that starts with one is a "special character" to BibTeX)."""
    if not any(c.isupper() for c in encoded):
        return encoded
    if encoded.startswith("\\"):
        return protect_title(encoded)
    return "{" + encoded + "}"


def _needs_group(text: str) -> bool:
    """A name part that BibTeX would split wrongly unless braced."""
    return (
        "," in text
        or re.search(r"\band\b", text, re.IGNORECASE) is not None
        or any(w[:1].islower() for w in text.split())
    )


def bib_name(name: Name) -> str:
    """One name as BibTeX writes it: ``von Last, Jr, First`` or ``{Corporate Name}``."""
    if name.literal == "others" and not name.family:
        return "others"  # "et al.": BibTeX's own word for it, unbraced
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
# "and", not a lone "others") and a given name needing no LaTeX and no braces (no comma,
# no word "and"), separated by NUL (a doubled ' or -, www. take the encoder's slow path).
_PLAIN_NAME = re.compile(
    r"(?!.*(?:''|--|www\.))(?![Aa][Nn][Dd]['\x00])(?!.*'[Aa][Nn][Dd]['\x00])"
    r"(?![Oo][Tt][Hh][Ee][Rr][Ss]\x00$)(?!.*\x00(?:.* )?[Aa][Nn][Dd](?: |$))"
    r"[A-Z][A-Za-z']*\x00(?:[A-Za-z][A-Za-z.' -]*)?"
)
_SPACE_RUN = re.compile(r"(\s+)")


def _brace_and_words(text: str) -> str:
    """Each word ``and`` (any case) outside braces put in braces: ``Mary {and}``.

    BibTeX splits a name list on ``and`` between spaces at brace depth 0, wherever it
    stands in a name (a given name, a particle, a suffix).
    """
    if "and" not in text.lower():
        return text
    pieces = _SPACE_RUN.split(text)
    depth = 0
    for index, piece in enumerate(pieces):
        if depth == 0 and piece.lower() == "and":
            pieces[index] = "{" + piece + "}"
        depth = max(0, depth + piece.count("{") - piece.count("\\{"))
        depth = max(0, depth - piece.count("}") + piece.count("\\}"))
    return "".join(pieces)


def _not_others(text: str) -> str:
    """A whole name that is the word ``others`` (BibTeX's "et al.", which readers take in
    any case) with its first letter braced, so it stays a person: ``{O}thers``."""
    return "{" + text[0] + "}" + text[1:] if text.lower() == "others" else text


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
        if not literal and text.lower() == "others":
            return _not_others(text)  # a given name alone: braced whole, it would be et al.
        return "{" + enc(text) + "}" if text else ""
    if not (given or particle or dropping or suffix) and family.lower() == "others":
        return _not_others(family)
    last = enc(family)
    if _needs_group(family) or " " in family.strip():
        last = "{" + last + "}"
    particles = " ".join(_brace_and_words(enc(p)) for p in (dropping, particle) if p)
    last = f"{particles} {last}".strip()
    first = enc(given) if given else ""
    if first and "," in given:
        first = "{" + first + "}"
    first = _brace_and_words(first)
    if suffix:
        jr = _brace_and_words(enc(suffix))
        return f"{last}, {jr}, {first}" if first else f"{last}, {jr}, {{}}"
    return f"{last}, {first}" if first else last


_RANGE = re.compile(r"\w\s*[-–—]+\s*\w")


_EN_DASH = re.compile(r"\s*(?:-{2,3}|–|—|\\textendash\{\}|\\textendash)\s*")
_HYPHEN = re.compile(r"(?<=\w)\s*-\s*(?=\w)")


def page_range(value: str) -> str:
    """An encoded page range: an en dash written ``--``, a hyphen kept a hyphen (styles
    and biblatex turn either into their range dash; reading gives back what was stored)."""
    if not _RANGE.search(value):
        return value
    return _HYPHEN.sub("-", _EN_DASH.sub("--", value))
