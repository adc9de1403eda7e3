"""Text clean-up: safe normalisation, and joining an entry's lines into one.

NFKC is applied only to characters whose compatibility form is a plain spelling of the
same text (ligatures, odd spaces, mathematical letters); CJK punctuation, dashes and
accented letters stay as printed. Spacing accents that pdfTeX prints before a letter are
combined with it.
"""

from __future__ import annotations

import re
import unicodedata

# Spacing accent followed by the letter it belongs on (pdfTeX's separate-accent output).
_SPACING_ACCENTS = {
    "\u00b4": "\u0301",  # acute

    "\u00a8": "\u0308",  # diaeresis
    "\u02c6": "\u0302",  # circumflex
    "\u02dc": "\u0303",  # tilde
    "\u00b8": "\u0327",  # cedilla
    "\u02c7": "\u030c",  # caron
    "\u02d8": "\u0306",  # breve
    "\u02d9": "\u0307",  # dot above
    "\u02da": "\u030a",  # ring
    "\u02dd": "\u030b",  # double acute
    "\u00af": "\u0304",  # macron
}
_ACCENT_RE = re.compile("([" + "".join(_SPACING_ACCENTS) + "])\\s?([A-Za-z\u0131])")


def _nfkc_safe(ch: str) -> bool:
    code = ord(ch)
    return (
        0xFB00 <= code <= 0xFB06  # Latin ligatures
        or code in (0x00A0, 0x202F, 0x205F)  # no-break and narrow spaces
        or 0x2000 <= code <= 0x200A  # typographic spaces
        or 0x1D400 <= code <= 0x1D7FF  # mathematical letters and digits
    )


_CONTROL = re.compile("[\u0000-\u0008\u000b-\u001f\u007f\u00ad\u200b-\u200d\u2060\ufeff\ufffe]")


def normalize(text: str) -> str:
    """Safe normalisation of one line's text."""
    if not text:
        return text
    text = _CONTROL.sub("", text)
    if any(_nfkc_safe(c) for c in text):
        text = "".join(unicodedata.normalize("NFKC", c) if _nfkc_safe(c) else c for c in text)
    if _ACCENT_RE.search(text):
        text = _ACCENT_RE.sub(
            lambda m: m.group(2).replace("\u0131", "i") + _SPACING_ACCENTS[m.group(1)], text
        )
    text = unicodedata.normalize("NFC", text)
    return re.sub(r"[ \t]{2,}", " ", text).strip()


_URL_TAIL = re.compile(
    r"(?:https?://|ftp://|www\.|doi:\s?|\b10\.\d{4,9}/|arxiv\.org/|\bdoi\.org/)\S*$", re.I
)
_HYPHENS = "-\u2010"
# First parts that commonly form a hyphenated compound with whatever follows.
_COMPOUND_HEADS = frozenset(
    """
    high low large small fine coarse long short self non cross multi end open real state
    data deep well ill semi un pre post co re anti inter intra over under full half top
    bottom two three four one first second third zero few many time task domain model
    user world client server peer point word sentence document graph tree object life
    cost energy error noise hand rule memory cache lock wait second third
    """.split()
)
_COMPOUND_TAILS = frozenset(
    """
    based scale level time aware free specific driven oriented trained grained order
    world art end wise like dependent independent efficient sensitive agnostic tuning
    shot step stage layer source making learning ahead the of to and in on
    """.split()
)


def _ends_in_url(text: str) -> bool:
    return bool(_URL_TAIL.search(text))


def join_break(left: str, right: str) -> str:
    """The separator between two lines of one entry: '', ' ', or drop a hyphen ('-')."""
    if not left or not right:
        return ""
    last = left[-1]
    first = right[0]
    tail = left.rsplit(" ", 1)[-1]
    # A number range broken after its dash: 392-/397.
    if last in "\u2013\u2014" and first.isdigit() and len(left) >= 2 and left[-2].isdigit():
        return ""
    # A URL or DOI broken over lines continues without a space.
    if _ends_in_url(left) and not re.search(r"(?i)(doi|url|https?|www):?$", tail):
        if last in "/.-_=?&#:~%":
            if last == "." and right[:1].isupper() and right[1:2].islower():
                return " "
            return ""
        if last not in ",;)]" and (first.isalnum() or first in "/._-#?=&%~") and " " not in tail:
            # mid-token break: the next line starts lower-case or with a digit
            head = right.split(" ", 1)[0]
            if re.match(r"^[a-z0-9/._\-#?=&%~]+", head) and not right[:1].isupper():
                return ""
    if last in _HYPHENS and len(left) >= 2 and left[-2].isalpha():
        word = re.findall(r"[^\W\d_]+(?:[-\u2010][^\W\d_]+)*[-\u2010]$", tail)
        if not first.isalpha() or first.isupper():
            return ""  # keep the hyphen: Klaus-/Robert, COVID-/19
        head = right.split(" ", 1)[0]
        head_word = re.match(r"[^\W\d_]+", head)
        prefix = tail[:-1].rsplit("-", 1)[-1].lower()
        if word and ("-" in tail[:-1] or "\u2010" in tail[:-1]):
            return ""  # state-of-the-/art: a compound already
        if prefix in _COMPOUND_HEADS or (
            head_word is not None and head_word.group(0).lower() in _COMPOUND_TAILS
        ):
            return ""
        return "-"  # a word split by hyphenation: drop the hyphen
    if _is_cjk(last) and _is_cjk(first):
        return ""
    return " "


def _is_cjk(ch: str) -> bool:
    code = ord(ch)
    return (
        0x3000 <= code <= 0x9FFF
        or 0xF900 <= code <= 0xFAFF
        or 0xFF00 <= code <= 0xFFEF
        or 0xAC00 <= code <= 0xD7AF
    )


def join_lines(parts: list[str]) -> tuple[str, list[int]]:
    """One line from an entry's lines, and the offset in it where each part starts."""
    out = ""
    starts: list[int] = []
    for part in parts:
        part = part.strip()
        if not part:
            starts.append(len(out))
            continue
        if out:
            sep = join_break(out, part)
            if sep == "-":
                out = out[:-1]
                sep = ""
            out += sep
        starts.append(len(out))
        out += part
    return out, starts
