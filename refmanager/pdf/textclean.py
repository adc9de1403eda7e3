"""Text clean-up: safe normalisation, and joining an entry's lines into one.

NFKC is applied only to characters whose compatibility form is a plain spelling of the
same text (ligatures, odd spaces, mathematical letters, Kangxi radicals); CJK punctuation,
dashes and accented letters stay as printed. Spacing accents that pdfTeX prints before a letter are
combined with it. A cedilla or an ogonek can also follow its letter: LaTeX's ``\\c`` and
``\\k`` overlay them on a letter whose height is not the font's x-height (a capital, a
font other than Computer Modern) after it ("Franc¸ois", "Gonc¸alves"); such an accent
goes on the letter before it when that letter takes it (makes one precomposed character)
and the letter after does not (or it is a capital, whose accent LaTeX always sets after it).
"""

from __future__ import annotations

import gzip
import re
import unicodedata
from functools import cache
from importlib import resources

# Spacing accent followed by the letter it belongs on (pdfTeX's separate-accent output).
SPACING_ACCENTS = {
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
    "\u02db": "\u0328",  # ogonek
}
_ACCENT_RE = re.compile("([" + "".join(SPACING_ACCENTS) + "])\\s?([A-Za-z\u0131])")
# A spacing tilde after a slash is a URL's "~" (LaTeX's \~{} in a home page's address),
# not an accent on the letter after it.
_URL_TILDE = re.compile("(?<=/)\u02dc(?=\\w)")
# A cedilla or an ogonek right after a letter (LaTeX's \c and \k overlay it after).
_BELOW_AFTER = re.compile("([^\\W\\d_])([\u00b8\u02db])")


def _takes(letter: str, accent: str) -> bool:
    """Whether ``letter`` with the combining ``accent`` is one precomposed character."""
    return len(unicodedata.normalize("NFC", letter + accent)) == 1


def _accent_below_after(m: re.Match[str]) -> str:
    letter, accent = m.group(1), SPACING_ACCENTS[m.group(2)]
    after = m.string[m.end() : m.end() + 1]
    # Both could take it: a capital's is always set after it (no capital is 1 ex high).
    if _takes(letter, accent) and (
        letter.isupper() or not (after.isalpha() and _takes(after, accent))
    ):
        return unicodedata.normalize("NFC", letter + accent)
    return m.group(0)


# Characters whose NFKC form is a plain spelling of the same text: Latin ligatures,
# no-break, narrow and typographic spaces (not the em space: layout reads it as a wide
# gap), mathematical letters and digits, and the Kangxi and CJK radicals (a CJK font maps
# a radical and its ideograph to one glyph, and writers such as Qt's give the glyph the
# lower code point: "⽂" U+2F42 for "文" U+6587).
_NFKC_SAFE = re.compile(
    "[\ufb00-\ufb06\u00a0\u202f\u205f\u2000-\u2002\u2004-\u200a\u2e80-\u2fdf\U0001d400-\U0001d7ff]"
)


_SPACES = re.compile(r"[ \t]{2,}")
# Control characters, soft hyphens, zero-width marks, and lone surrogates (a broken
# ToUnicode map's half of a UTF-16 pair: no text holds one, and no encoder writes it).
_CONTROL = re.compile(
    "[\u0000-\u0008\u000b-\u001f\u007f\u00ad\u200b-\u200d\u2060\ufeff\ufffe\ud800-\udfff]"
)


def normalize(text: str) -> str:
    """Safe normalisation of one line's text."""
    if not text:
        return text
    text = _CONTROL.sub("", text)
    if text.isascii():  # none of the characters below is ASCII
        return _SPACES.sub(" ", text).strip(" \t\u2003")
    if _NFKC_SAFE.search(text):
        text = _NFKC_SAFE.sub(lambda m: unicodedata.normalize("NFKC", m.group(0)), text)
    if _BELOW_AFTER.search(text):
        text = _BELOW_AFTER.sub(_accent_below_after, text)
    if "/\u02dc" in text:
        text = _URL_TILDE.sub("~", text)
    if _ACCENT_RE.search(text):
        text = _ACCENT_RE.sub(
            lambda m: m.group(2).replace("\u0131", "i") + SPACING_ACCENTS[m.group(1)], text
        )
    if not text.isascii():
        text = unicodedata.normalize("NFC", text)
    return _SPACES.sub(" ", text).strip(" \t\u2003")


_URL_TAIL = re.compile(
    r"(?:https?:\s?//|ftp://|www\.|doi:\s?|\b10\.\d{4,9}/|arxiv\.org/|\bdoi\.org/)\S*$", re.I
)
# What opens an address of its own: a line that starts with one after a URL or DOI does not
# go on with it (but for one after a slash or a query's "=": an archive's or a redirect's).
_NEW_ADDRESS = re.compile(r"(?i)(?:https?|ftp):|www\.|doi:")
_HYPHENS = "-\u2010"
# First parts that commonly form a hyphenated compound with whatever follows.
_COMPOUND_HEADS = frozenset(
    [
        "anti",
        "multi",
        "on",
        "up",
        "pseudo",
        "high",
        "low",
        "large",
        "small",
        "fine",
        "coarse",
        "long",
        "short",
        "self",
        "non",
        "cross",
        "end",
        "open",
        "real",
        "state",
        "data",
        "deep",
        "well",
        "ill",
        "post",
        "full",
        "half",
        "top",
        "bottom",
        "two",
        "three",
        "four",
        "one",
        "first",
        "second",
        "third",
        "zero",
        "few",
        "many",
        "time",
        "task",
        "domain",
        "model",
        "user",
        "world",
        "client",
        "server",
        "peer",
        "point",
        "word",
        "sentence",
        "document",
        "graph",
        "tree",
        "object",
        "life",
        "cost",
        "energy",
        "error",
        "noise",
        "hand",
        "rule",
        "memory",
        "cache",
        "lock",
        "wait",
    ]
)
_COMPOUND_TAILS = frozenset(
    [
        "induced",
        "associated",
        "controlled",
        "walled",
        "term",
        "based",
        "scale",
        "level",
        "time",
        "aware",
        "free",
        "specific",
        "driven",
        "oriented",
        "trained",
        "training",
        "grained",
        "order",
        "world",
        "art",
        "end",
        "wise",
        "like",
        "dependent",
        "independent",
        "efficient",
        "sensitive",
        "agnostic",
        "tuning",
        "tuned",
        "shot",
        "step",
        "stage",
        "layer",
        "source",
        "making",
        "learning",
        "ahead",
        "supervised",
        "label",
        "labeled",
        "labelled",
        "invariant",
        "intensive",
        "dimensional",
        "modal",
        "lingual",
        "related",
        "analysis",
        "analyses",
        "the",
        "of",
        "to",
        "and",
        "in",
        "on",
    ]
)


# Breaks TeX makes where no space was printed: before closing punctuation, before a
# GB/T 7714 type code ("flow[J/OL]"), after "//", and between a volume and "(issue)".
_NO_SPACE_BEFORE = re.compile(
    r"^(?:[,.;:!?)\]}\u3001\u3002\uff0c\uff1b\uff1a]|\[[A-Z]{1,2}(?:/OL)?\])"
)
_ISSUE = re.compile(r"^\(\d{1,3}(?:[-\u2013]\d{1,3})?\)")


def vocabulary(texts: list[str]) -> set[str]:
    """Words of the document, for telling a hyphenated word from a compound.

    Holds lower-cased words seen whole (the halves of a word broken at a line end are
    left out) and compounds seen as ``a-b``.
    """
    vocab: set[str] = set()
    broken = False
    for text in texts:
        words = text.split()
        if not words:
            continue
        start = 1 if broken else 0
        broken = words[-1].endswith(("-", "\u2010"))
        end = len(words) - 1 if broken else len(words)
        # Matches never cross the spaces between words, so one pass over the line will do.
        for part in _WORD.findall(" ".join(words[start:end]).lower()):
            vocab.add(part)
            if "-" in part:
                vocab.update(part.split("-"))
    return vocab


_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


@cache
def known_words() -> frozenset[str]:
    """Words printed whole in reference lists (``data/words.txt.gz``, written by
    ``tools.realdata.words``): what a document too short to show a word whole relies on."""
    data = resources.files("refmanager.pdf").joinpath("data/words.txt.gz").read_bytes()
    return frozenset(gzip.decompress(data).decode("utf-8").split())


def breaks_a_word(
    left_word: str,
    right_word: str,
    vocab: set[str] | None,
    known: frozenset[str] | None = None,
) -> bool:
    """Whether a line-end hyphen between these halves is a hyphenation (to be removed);
    ``vocab``: the document's words; ``known``: words known whole (``known_words()`` when
    None; decision 0051).

    The document's own words decide first (the word seen whole, or the compound seen with
    its hyphen). A right half that is a compound itself (of-the-Earth) keeps the hyphen
    after a known word that does not make a word with its first part. A right half with
    a capital keeps the hyphen but for a word in capitals
    (GRAM-/FORT), a known camel-case name (Tensor-/Flow) and Mc-/Clelland. One letter, or
    capitals before lower case, make a compound (C-/reactive, DNA-/binding). Then a word
    known whole is a word broken (net-/work, dimensionali-/ty); a compound's usual head or
    tail (self-, -based), or both halves known words (theorem-/proving, follow-/up), make
    a compound; anything else is a word broken."""
    lw, rw = left_word, right_word
    joined = (lw + rw).lower()
    if vocab:
        if joined in vocab and f"{lw}-{rw}".lower() not in vocab:
            return True
        if f"{lw}-{rw}".lower() in vocab:
            return False
    if len(lw) == 1 or (lw.isupper() and rw[0].islower()):
        # No typesetter breaks a word after its first letter (TeX and Word keep two), nor
        # a word in capitals to go on in lower case: C-/reactive, k-/limiting, DNA-/binding.
        return False
    if known is None:
        known = known_words()
    if "-" in rw:
        # The right half a compound already (Nap-/of-the-Earth, ultrashort-/laser-pulse):
        # TeX breaks a word with a hyphen only at its hyphens, and house styles forbid a
        # second hyphen in a compound, so a known word before the hyphen is a compound's
        # part, unless it and the right half's first part make a word (strong-/ly-coupled).
        if (lw + rw.split("-", 1)[0]).lower() in known:
            return True
        if len(lw) >= 3 and (lw.lower() in known or (vocab is not None and lw.lower() in vocab)):
            return False
    if rw[0].isupper():
        if lw.isupper() and rw.isupper() and len(lw) > 1:
            return True  # an all-capitals word broken: GRAM-/FORT
        if not lw.isupper() and rw[1:].islower() and joined in known:
            return True  # a name printed in camel case: Tensor-/Flow
        # Mc-/Clelland is one name; Klaus-/Robert and U-/Net keep their hyphen.
        return len(lw) == 2 and lw[0].isupper() and lw[1].islower()
    if joined in known:
        return True
    if lw.lower() in _COMPOUND_HEADS or rw.lower() in _COMPOUND_TAILS:
        return False
    left, right = lw.lower(), rw.lower()
    return not (
        len(lw) >= 4
        and len(rw) >= 2
        and (left in known or (vocab is not None and left in vocab))
        and (right in known or (vocab is not None and right in vocab))
    )


def _last_words(text: str) -> int:
    """Where the last two words of ``text`` start (its last word and the one before, if one
    space parts them): a URL or DOI that ends the text starts there (``_URL_TAIL``), so it
    is looked for there, not in all of the text joined so far (a long entry's lines are
    joined one by one: searching all of it each time took seconds for a list of
    thousands of lines)."""
    k = len(text)
    while k > 0 and not text[k - 1].isspace():
        k -= 1
    if k == 0:
        return 0
    k -= 1  # the space before the last word
    while k > 0 and not text[k - 1].isspace():
        k -= 1
    return k


def join_break(left: str, right: str, vocab: set[str] | None = None) -> str:
    """The separator between two lines of one entry: '', ' ', or drop a hyphen ('-')."""
    if not left or not right:
        return ""
    last = left[-1]
    first = right[0]
    tail = left.rsplit(" ", 1)[-1]
    head = right.split(" ", 1)[0]
    # A number range broken after its dash: 392-/397.
    if last in "\u2013\u2014" and first.isdigit() and len(left) >= 2 and left[-2].isdigit():
        return ""
    # A URL or DOI broken over lines continues without a space.
    if re.search(r"(?i)\b(?:https?|ftp):$", tail) and right.startswith("//"):
        return ""
    if re.search(r"(?i)\b(?:http|ftp)$", tail) and re.match(r"s?://", right):
        return ""
    if _URL_TAIL.search(left, _last_words(left)) and not re.search(r"(?i)(doi|url):$", tail):
        if _NEW_ADDRESS.match(head) and last not in "/=?&#%":
            return " "  # a second address opens the line: "...201601.URL" + "https://..."
        if last in "/.-_=?&#:~%":
            if last == "." and not re.match(r"^[a-z0-9/]", head):
                return " "
            return ""
        if (
            last not in ",;)]"
            and re.match(r"^[\w/.\-#?=&%~()<>:;+]+$", head.rstrip(".,;]"))
            and (not head[:1].isupper() or re.search(r"[\d./]", head))
        ):
            return ""
    if last in _HYPHENS:
        lw = _WORD.findall(tail[:-1])
        rw = _WORD.match(right)
        if lw and rw and tail[:-1].endswith(lw[-1]) and left[-2:-1].isalpha():
            if "-" in tail[:-1] or "\u2010" in tail[:-1]:
                return ""  # state-of-the-/art: a compound already
            return "-" if breaks_a_word(lw[-1], rw.group(0), vocab) else ""
        return ""  # W.-/t., 1999-/66: the hyphen stays, no space
    if left.endswith("//") or _NO_SPACE_BEFORE.match(right):
        return ""
    if last == "/" and len(tail) > 1:
        # A line broken after a slash inside a word (word processors, browsers and Qt
        # break there; nobody spaces after it): "Fas/" + "FasL", "hep-ph/" + "9607201",
        # an address with no scheme ("uqac.ca/classiques/" + "Durkheim_emile/..."). A
        # slash with a space before it ("Elsevier /") is spaced after it too.
        return ""
    if last.isdigit() and _ISSUE.match(right):
        return ""
    if _is_cjk(last) and _is_cjk(first):
        return ""
    if _FULL_WIDTH_PUNCTUATION.match(last) or _FULL_WIDTH_PUNCTUATION.match(first):
        return ""  # "，" or "：" holds its own space: "2019，38(5)：" + "471-480."
    return " "


# CJK and full-width punctuation (full-width letters and digits are not).
_FULL_WIDTH_PUNCTUATION = re.compile(
    "[\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]"
)


def _is_cjk(ch: str) -> bool:
    code = ord(ch)
    return (
        0x3000 <= code <= 0x9FFF
        or 0xF900 <= code <= 0xFAFF
        or 0xFF00 <= code <= 0xFFEF
        or 0xAC00 <= code <= 0xD7AF
    )


def join_lines(parts: list[str], vocab: set[str] | None = None) -> tuple[str, list[int]]:
    """One line from an entry's lines, and the offset in it where each part starts."""
    out = ""
    starts: list[int] = []
    for raw_part in parts:
        part = raw_part.strip()
        if not part:
            starts.append(len(out))
            continue
        if out:
            sep = join_break(out, part, vocab)
            if sep == "-":
                out = out[:-1]
                sep = ""
            out += sep
        starts.append(len(out))
        out += part
    return out, starts
