"""Token features for the CRF: lexical, shape, punctuation, position, state and font."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from refmanager.parse.tokens import (
    KIND_ARXIV,
    KIND_CJK,
    KIND_DOI,
    KIND_NUM,
    KIND_PUNCT,
    KIND_URL,
    KIND_WORD,
    Tok,
    word_set,
)

MONTHS = word_set(
    "jan feb mar apr may jun jul aug sep sept oct nov dec january february march "
    "april june july august september october november december"
)
PARTICLES = word_set("van von der den de la le du del da di dos ten ter zu af")
_ROLE = word_set("ed eds editor editors edited hrsg dir coord 编")
_VENUE = word_set(
    "journal journals proceedings proc conference conf symposium symp workshop "
    "transactions trans letters lett review reviews annals magazine bulletin "
    "quarterly advances in: international intl int'l int acm ieee usenix siam "
    "springer elsevier press university publishing publishers verlag series lecture "
    "notes arxiv corr preprint"
)
_OPEN = "([{\u300a\u3010"
_CLOSE = ")]}\u300b\u3011"
_QUOTES_OPEN = "\u201c\u00ab\u300c\u2018"
_QUOTES_CLOSE = "\u201d\u00bb\u300d\u2019"
# the marks a state of ``_features`` reads ("inq", "inpar", the dots and commas, "aftcolon",
# "aft//", "and2")
_STATE_MARKS = frozenset(_QUOTES_OPEN + _QUOTES_CLOSE + '"' + _OPEN + _CLOSE + ".\u3002,\uff0c:/")

# (text, kind) -> the token's own features, short identity, coarse shape, whether it is a
# venue word, its identity and shape as its neighbours print them ("w-1=", "w+1=", "w-2=",
# "w+2=", "c-1=", "c+1="), and the heads of the pairs of coarse shapes it starts
# ("c-1+1=", "c-2-1=", "c+1+2=" with the shape and "|"), the head of the feature of the
# punctuation after it ("b=" with its identity and "|"), its text, and whether it can
# change the state the features carry along (``_changes_state``): computed once per
# distinct token. ``_encoded_cache`` holds the same strings as UTF-8 bytes, as the tagger
# is given them (``encoded_features``).
_Static = tuple[
    tuple[str, ...], str, str, bool, str, str, str, str, str, str, str, str, str, str, str,
    bool,
]  # fmt: skip
_static_cache: dict[tuple[str, str], _Static] = {}
_encoded_cache: dict[tuple[str, str], tuple[Any, ...]] = {}
_CACHE_MAX = 200_000
_DOTS = [f"dots={i}" for i in range(7)]
_COMMAS = [f"com={i}" for i in range(9)]
_POS = [f"pos={i}" for i in range(10)]
_AND_STATES = ("", "and1", "and2")
_STATE_NAMES = ("inq", "inpar", "aftyear", "aftin", "aft//", "aftcolon")
# The state features for each set of states on (bit k: _STATE_NAMES[k]), made once.
_STATES = tuple(
    tuple(name for k, name in enumerate(_STATE_NAMES) if mask >> k & 1)
    for mask in range(1 << len(_STATE_NAMES))
)


def _edge(mark: str) -> _Static:
    """What stands before the first token ("^") or after the last ("$") for its neighbours."""
    return (
        (), mark, mark, False, "w-1=" + mark, "w+1=" + mark, "w-2=" + mark, "w+2=" + mark,
        "c-1=" + mark, "c+1=" + mark, f"c-1+1={mark}|", f"c-2-1={mark}|", f"c+1+2={mark}|",
        f"b={mark}|", "", False,
    )  # fmt: skip


_BEGIN = _edge("^")
_END = _edge("$")


@dataclass(frozen=True, slots=True)
class _Constants:
    """The features that are not a token's own, in one representation (str, or the UTF-8
    bytes the tagger is given)."""

    begin: tuple[Any, ...]
    end: tuple[Any, ...]
    pos: tuple[Any, ...]
    dots: tuple[Any, ...]
    commas: tuple[Any, ...]
    and_states: tuple[Any, ...]
    states: tuple[tuple[Any, ...], ...]
    venue_next: Any
    venue_prev: Any
    nospace: Any
    glued: Any
    italic: Any
    bold: Any
    empty: Any


_TEXT = _Constants(
    _BEGIN, _END, tuple(_POS), tuple(_DOTS), tuple(_COMMAS), _AND_STATES, _STATES,
    "venue>", "<venue", "nospace", "glued", "it", "bf", "",
)  # fmt: skip


def _encoded(constants: _Constants) -> _Constants:
    def enc(x: Any) -> Any:
        if isinstance(x, str):
            return x.encode()
        return tuple(map(enc, x)) if isinstance(x, tuple) else x

    return _Constants(*(enc(getattr(constants, f.name)) for f in fields(_Constants)))


_UTF8 = _encoded(_TEXT)


def _shape(text: str) -> str:
    """X for upper case, x for lower case, d for digits, other characters as they are, of
    the first 12 characters; a run of three or more of the same becomes two (kept to two
    as they are read: a regular expression's replacement was most of the time this took)."""
    out: list[str] = []
    last = ""
    run = 0
    for ch in text[:12]:
        if ch.isupper():
            c = "X"
        elif ch.islower():
            c = "x"
        elif ch.isdigit():
            c = "d"
        else:
            c = ch
        if c != last:
            last = c
            run = 1
        elif run == 2:
            continue
        else:
            run = 2
        out.append(c)
    return "".join(out)


# Punctuation that typesetting prints for another: ACS's and some publishers' page ranges
# take the minus sign ("1234−1240") where others print an en dash.
_SAME_PUNCT = {"\u2212": "\u2013"}


def _static(tok: Tok) -> _Static:
    """Features of a token on its own, its short identity and its coarse shape (cached)."""
    key = (tok.text, tok.kind)
    cached = _static_cache.get(key)
    if cached is not None:
        return cached
    if tok.text in _SAME_PUNCT:
        tok = Tok(_SAME_PUNCT[tok.text], tok.start, tok.end, tok.kind)
    text = tok.text
    low = text.lower()
    kind = tok.kind
    feats = [f"k={kind}"]
    if kind == KIND_WORD:
        feats.append(f"w={low[:24]}")
        feats.append(f"sh={_shape(text)}")
        if len(low) > 3:
            feats.append(f"s3={low[-3:]}")
            feats.append(f"p3={low[:3]}")
        feats.append(f"len={min(len(text), 8)}")
        if text[0].isupper():
            feats.append("cap")
            if text.isupper():
                feats.append("allcap")
        if low in MONTHS:
            feats.append("month")
        if low in PARTICLES:
            feats.append("particle")
        if low in _ROLE:
            feats.append("role")
        if not text.isascii():
            feats.append("nonascii")
    elif kind == KIND_NUM:
        n = len(text)
        feats.append(f"dl={min(n, 6)}")
        if n == 4 and (text.startswith(("19", "20")) or text.startswith(("17", "18"))):
            feats.append("year")
        if n <= 2:
            feats.append(f"w={text}" if text in ("1", "2", "3") else "small")
    elif kind == KIND_CJK:
        feats.append(f"cl={min(len(text), 6)}")
        feats.append(f"w={text[:8]}")
        feats.append(f"c1={text[0]}")
        feats.append(f"ce={text[-2:]}")
        feats.append(f"ce1={text[-1]}")
    elif kind in (KIND_URL, KIND_DOI, KIND_ARXIV):
        if kind == KIND_URL and "doi.org/" in low:
            feats.append("doiurl")
        if kind == KIND_URL and "github" in low:
            feats.append("github")
    else:
        feats.append(f"w={text}")
    if len(_static_cache) > _CACHE_MAX:
        _static_cache.clear()
    short = _short(tok)
    coarse = _coarse(tok)
    entry = (
        tuple(feats),  # strings only: the collector need not track the cache's entries
        short,
        coarse,
        kind == KIND_WORD and low in _VENUE,
        "w-1=" + short,
        "w+1=" + short,
        "w-2=" + short,
        "w+2=" + short,
        "c-1=" + coarse,
        "c+1=" + coarse,
        f"c-1+1={coarse}|",
        f"c-2-1={coarse}|",
        f"c+1+2={coarse}|",
        f"b={short}|",
        text,
        _changes_state(text, kind),
    )
    _static_cache[key] = entry
    return entry


def _changes_state(text: str, kind: str) -> bool:
    """Whether a token can change the state ``_features`` carries from token to token: "and"
    or "&", a quotation mark, a bracket, a period, a comma, a colon or a slash, a year, "In"
    (any other token leaves it as it is)."""
    if text in {"and", "&"} or (len(text) == 1 and text in _STATE_MARKS):
        return True
    if kind == KIND_NUM:
        return len(text) == 4 and text[:2] in ("19", "20")
    return kind == KIND_WORD and text in ("In", "in")


def _encode(entry: _Static) -> tuple[Any, ...]:
    """A static tuple with its strings as UTF-8 bytes (its own features, three strings, the
    venue flag, eleven strings, whether it changes the state)."""
    encode = str.encode
    return (
        tuple(map(encode, entry[0])),
        *map(encode, entry[1:3]),
        entry[3],
        *map(encode, entry[4:15]),
        entry[15],
    )


def _encoded_static(tok: Tok) -> tuple[Any, ...]:
    """``_static`` as UTF-8 bytes (cached)."""
    entry = _encode(_static(tok))
    if len(_encoded_cache) > _CACHE_MAX:
        _encoded_cache.clear()
    _encoded_cache[tok.text, tok.kind] = entry
    return entry


def _coarse(tok: Tok) -> str:
    """A coarse shape for the neighbours: initial, Capitalised, lower, CAPS, number, ..."""
    text = tok.text
    if tok.kind == KIND_WORD:
        if len(text) == 1:
            return "I" if text.isupper() else "i"
        if text.isupper():
            return "CAPS"
        return "Cap" if text[0].isupper() else "low"
    if tok.kind == KIND_NUM:
        return "4d" if len(text) == 4 else "d"
    if tok.kind == KIND_PUNCT:
        return text
    return tok.kind


def _short(tok: Tok) -> str:
    """A compact token identity for the neighbours' features."""
    if tok.kind == KIND_WORD:
        return tok.text.lower()[:16]
    if tok.kind == KIND_NUM:
        return "4d" if len(tok.text) == 4 else "num"
    if tok.kind == KIND_CJK:
        return "cjk" + tok.text[-1:]
    if tok.kind in (KIND_URL, KIND_DOI, KIND_ARXIV):
        return tok.kind
    return tok.text


def features(toks: list[Tok], styles: list[tuple[int, int, str]] | None = None) -> list[list[str]]:
    """One feature list per token."""
    return _features(toks, styles, _TEXT, _static_cache, _static)


def encoded_features(
    toks: list[Tok], styles: list[tuple[int, int, str]] | None = None
) -> list[list[bytes]]:
    """``features`` as UTF-8 bytes: the tagger is given these, which python-crfsuite reads
    without encoding every string again (a third of the time it took to read them)."""
    return _features(toks, styles, _UTF8, _encoded_cache, _encoded_static)


def _features(
    toks: list[Tok],
    styles: list[tuple[int, int, str]] | None,
    c: _Constants,
    cache: dict[tuple[str, str], Any],
    make: Any,
) -> list[list[Any]]:
    """``features`` in the representation of ``c`` (``cache``: the static tuples in it,
    ``make``: what makes one)."""
    n = len(toks)
    if not n:
        return []
    out: list[list[Any]] = []
    get = cache.get
    statics = [get((t.text, t.kind)) or make(t) for t in toks]
    # each token's statics with its two neighbours on either side, padded with two start
    # ("^") and two end ("$") places
    begin, end_ = c.begin, c.end
    padded = [begin, begin, *statics, end_, end_]
    quote = 0
    depth = 0
    dots = 0
    commas = 0
    seen_year = False
    seen_in = False
    seen_slash2 = False
    seen_colon = False
    empty = c.empty
    style_of: list[Any] = [empty] * n
    if styles:
        for s, e, kind in styles:
            mark = c.italic if kind == "italic" else c.bold if kind == "bold" else empty
            if not mark:
                continue
            for i, t in enumerate(toks):
                if t.start < e and t.end > s:
                    style_of[i] += mark
    # "venue>": a venue word among the next three tokens; "<venue": among the last three
    venue_next = [False] * n
    venue_prev = [False] * n
    for j, st in enumerate(statics):
        if st[3]:
            for k in range(max(0, j - 3), j):
                venue_next[k] = True
            for k in range(j + 1, min(n, j + 4)):
                venue_prev[k] = True
    pos_f, dots_t, commas_t, and_states, states = c.pos, c.dots, c.commas, c.and_states, c.states
    venue_next_f, venue_prev_f, nospace, glued = c.venue_next, c.venue_prev, c.nospace, c.glued
    and_state = 0
    prev_end = -1
    dots_f = dots_t[0]
    commas_f = commas_t[0]
    state: tuple[Any, ...] = ()  # "inq", "inpar", "aftyear" ...: remade when one changes
    starts = [t.start for t in toks[1:]]
    starts.append(-1)
    for i, (tok, next_start, m2, m1, st, p1, p2) in enumerate(
        zip(
            toks,
            starts,
            padded[:n],
            padded[1 : n + 1],
            statics,
            padded[3 : n + 3],
            padded[4:],
            strict=True,
        )
    ):
        text = tok.text
        kind = tok.kind
        start = tok.start
        end = tok.end
        f = [
            *st[0],
            pos_f[10 * i // n],
            m1[4],
            p1[5],
            m2[6],
            p2[7],
            m1[8],
            p1[9],
            m1[10] + p1[2],
            m2[11] + m1[2],
            p1[12] + p2[2],
            dots_f,
            commas_f,
        ]
        if kind == KIND_PUNCT:
            f.append(m1[13] + st[14])  # "b=" + the identity before + "|" + the mark
        if venue_next[i]:
            f.append(venue_next_f)
        if venue_prev[i]:
            f.append(venue_prev_f)
        if and_state:
            f.append(and_states[and_state])
        if start == prev_end:
            f.append(nospace)
        if next_start == end:
            f.append(glued)
        if state:
            f += state
        if style_of[i]:
            f.append(style_of[i])
        out.append(f)
        # update state after the token
        prev_end = end
        if not st[15]:
            continue  # (a token that changes no state: most words)
        if and_state == 0 and text in {"and", "&"} and dots < 2:
            and_state = 1
        elif and_state == 1 and (text == "," or (text == "." and len(toks[i - 1].text) > 1)):
            and_state = 2
        changed = False
        if len(text) == 1:
            if text in _QUOTES_OPEN or (text == '"' and not quote):
                quote = 1
                changed = True
            elif text in _QUOTES_CLOSE or text == '"':
                quote = 0
                changed = True
            elif text in _OPEN:
                depth += 1
                changed = True
            elif text in _CLOSE:
                depth = max(0, depth - 1)
                changed = True
            elif text in {".", "\u3002"}:
                prev = toks[i - 1].text if i > 0 else ""
                if not (len(prev) == 1 and prev.isupper()):
                    dots += 1
                    dots_f = dots_t[dots if dots < 6 else 6]
            elif text in {",", "\uff0c"}:
                commas += 1
                commas_f = commas_t[commas if commas < 8 else 8]
            elif text == ":":
                seen_colon = changed = True
            elif text == "/" and i > 0 and toks[i - 1].text == "/":
                seen_slash2 = changed = True
        elif kind == KIND_NUM and len(text) == 4 and text[:2] in ("19", "20"):
            seen_year = changed = True
        elif kind == KIND_WORD and text in ("In", "in") and i + 1 < n:
            nxt = toks[i + 1].text
            if nxt == ":" or nxt[:1].isupper():
                seen_in = changed = True
        if changed:
            state = states[
                (1 if quote else 0)
                | (2 if depth else 0)
                | (4 if seen_year else 0)
                | (8 if seen_in else 0)
                | (16 if seen_slash2 else 0)
                | (32 if seen_colon else 0)
            ]
    return out
