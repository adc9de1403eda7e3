"""Reading, stage 4: LaTeX to Unicode (bibtexparser's ``LatexDecodingMiddleware``)."""

from __future__ import annotations

import functools
import re
import unicodedata

from bibtexparser.library import Library
from bibtexparser.middlewares import LatexDecodingMiddleware
from bibtexparser.model import Entry, Field

from refmanager.formats.bibtex.vocab import SPACES

_CIRCUMFLEX = re.compile(r"\{\\textasciicircum\}|\\textasciicircum(?:\{\}|\b)")
_URL_MACRO = re.compile(r"\\url\{([^{}]*)\}")
_SIMPLE_UNESCAPE = re.compile(r"\\([&%#_$])")
_NEEDS_DECODER = re.compile(r"[\\$~]|--|``|''|[?!]`")
_LATEX_CHARS = re.compile(r"[\\$~`'?!]")  # what the decoder reads besides dashes and braces
_TEX_LOGOS = re.compile(r"\\(LaTeXe|LaTeX|TeX|BibTeX)\b(?:\{\})?")

# LaTeX text styles -> CSL-JSON rich text (what pandoc and Zotero read \textit{} as).
_STYLES = {
    "emph": ("<i>", "</i>"),
    "textit": ("<i>", "</i>"),
    "textbf": ("<b>", "</b>"),
    "textsc": ('<span style="font-variant:small-caps;">', "</span>"),
    "textsuperscript": ("<sup>", "</sup>"),
    "textsubscript": ("<sub>", "</sub>"),
}
_STYLE = re.compile(r"\\(" + "|".join(_STYLES) + r")\s*\{")
_MAX_STYLE_DEPTH = 8  # styles nested deeper are decoded as plain text
_MARK = re.compile("\ue002(\\d+)\ue003")
_DECODER = LatexDecodingMiddleware(allow_inplace_modification=True)
_EMPTY = Library()


def decode(value: str) -> tuple[str, bool]:
    """``value`` from LaTeX to Unicode (bibtexparser's ``LatexDecodingMiddleware``).

    Text whose only LaTeX is braces and escaped ``& % # _ $`` takes a fast path; the
    rest goes through the middleware, cached. The flag is False when decoding failed
    and the text was kept as it was.
    """
    plain = _SIMPLE_UNESCAPE.sub(r"\1", value) if "\\" in value else value
    if not _NEEDS_DECODER.search(plain):
        return _tidy(plain.replace("{", "").replace("}", "")), True
    if not _LATEX_CHARS.search(plain):
        # only dashes (page ranges): ``---`` and ``--`` are read as the decoder reads them,
        # before the braces go (``-{}-`` stays two hyphens)
        dashes = plain.replace("---", "\u2014").replace("--", "\u2013")
        return _tidy(dashes.replace("{", "").replace("}", "")), True
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
    marks: list[str] = []
    if "\\" in text and _STYLE.search(text):
        text = _mark_styles(text, marks)
    block = _DECODER.transform_entry(Entry("misc", "x", [Field("v", text)]), _EMPTY)
    if isinstance(block, Entry):
        decoded = str(block.fields[0].value).replace("\x1e", "^")
        decoded = re.sub("\ue000(\\d+)\ue001", lambda m: urls[int(m.group(1))], decoded)
        if marks:
            decoded = _MARK.sub(lambda m: marks[int(m.group(1))], decoded)
        return _tidy(decoded), True
    return _tidy(value), False


def _mark_styles(text: str, marks: list[str], depth: int = 0) -> str:
    """``\\textit{x}`` -> ``<mark>{x}<mark>``, the marks standing for ``<i>`` and ``</i>``
    (the braces stay, so the decoder sees the group it would have seen)."""
    out: list[str] = []
    index = 0
    for match in _STYLE.finditer(text):
        if match.start() < index:
            continue  # inside a group already rewritten
        close = _closing_brace(text, match.end() - 1)
        if close < 0:
            continue
        opener, closer = _STYLES[match.group(1)]
        first = len(marks)
        marks.extend((opener, closer))
        inner = text[match.end() - 1 : close + 1]
        if depth < _MAX_STYLE_DEPTH:
            inner = _mark_styles(inner, marks, depth + 1)
        out.append(text[index : match.start()])
        out.append(f"\ue002{first}\ue003{inner}\ue002{first + 1}\ue003")
        index = close + 1
    out.append(text[index:])
    return "".join(out)


def _closing_brace(text: str, start: int) -> int:
    """The index of the ``}`` closing the ``{`` at ``start``, or -1."""
    depth = 0
    for index in range(start, len(text)):
        char = text[index]
        if char == "\\":
            continue
        if char == "{" and text[index - 1] != "\\":
            depth += 1
        elif char == "}" and text[index - 1] != "\\":
            depth -= 1
            if depth == 0:
                return index
    return -1


DECODE_FAILED = "some LaTeX could not be decoded and was kept as it is"


def decode_all(values: dict[str, str]) -> tuple[dict[str, str], str]:
    out: dict[str, str] = {}
    failed = False
    for key, value in values.items():
        out[key], ok = decode(value)
        failed = failed or not ok
    return out, DECODE_FAILED if failed else ""


def _tidy(text: str) -> str:
    """White space runs (no-break spaces too) as one space, none at the ends; NFC."""
    text = " ".join(text.split())  # (str.split's white space is the \s of SPACES)
    return text if text.isascii() else unicodedata.normalize("NFC", text)


def unescape_verbatim(value: str) -> str:
    value = value.strip()
    match = re.fullmatch(r"\\url\{(.*)\}", value, re.DOTALL)
    if match:
        value = match.group(1)
    for char in "_%&#$~":
        value = value.replace("\\" + char, char)
    return SPACES.sub(" ", value.replace("{", "").replace("}", "")).strip()
