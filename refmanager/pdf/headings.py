"""What a bibliography's heading looks like (many languages), and the headings after which
it is over (appendices, biographies, acknowledgements)."""

from __future__ import annotations

import re
import unicodedata

from refmanager.pdf.layout import Line

_NUMBERING = (
    r"(?:(?:\d{1,2}|[IVXLC]{1,6}|[A-Z])(?:\.\d{1,2})*\.?\s+|第[一二三四五六七八九十\d]+[章节]\s*)?"
)
_BIB_WORDS = (
    r"references?(?:\s+(?:and\s+notes|cited|list))?|reference\s+list|list\s+of\s+references"
    r"|reference\s+bibliography|bibliographic(?:al)?\s+references"
    r"|bibliography|select(?:ed)?\s+bibliography|bibliographie|bibliografía|bibliografia"
    r"|bibliografie|literature(?:\s+cited)?|cited\s+literature|works\s+cited|sources"
    r"|literatur(?:verzeichnis)?|quellen(?:verzeichnis)?|références(?:\s+bibliographiques)?"
    r"|referencias(?:\s+bibliográficas)?|referências(?:\s+bibliográficas)?|riferimenti"
    r"(?:\s+bibliografici)?|referenties|literatuur(?:lijst)?|litteratur|referenser|kaynakça"
    r"|kaynaklar|piśmiennictwo|literatura|bibliografie|список\s+литературы|литература"
    # German, French, Spanish, Portuguese and Italian variants: "Quellen- und
    # Literaturverzeichnis", "Verwendete Literatur", "Ouvrages cités", "Literatura citada",
    # "Obras citadas", "Referencias bibliograficas" (no accent), "Bibliografia citata"
    r"|(?:quellen-?\s*und\s+)?literatur(?:verzeichnis|angaben|liste)?"
    r"|literatur-?\s*und\s+quellen(?:verzeichnis)?|(?:verwendete|zitierte|benutzte)\s+literatur"
    r"|références\s+citées|ouvrages\s+cités|bibliographie\s+(?:sélective|indicative|générale)"
    r"|refer[eê]ncias\s+(?:bibliogr[aá]ficas|citadas)|referencias\s+(?:bibliogr[aá]ficas|citadas)"
    r"|bibliograf[ií]a\s+(?:citada|consultada|citata|essenziale|general)"
    r"|literatura\s+(?:citada|consultada|citata)|obras\s+(?:citadas|consultadas)"
    r"|trabajos\s+citados|opere\s+citate|fuentes(?:\s+y\s+bibliograf[ií]a)?"
    r"|fontes(?:\s+e\s+bibliografia)?|参考文献\s*[（(]\s*references\s*[)）]"
    r"|kirjallisuus|kirjallisuutta|lähteet|lähdeluettelo|αναφορ[εέ]ς|βιβλιογραφ[ιί]α"
    r"|библиография|参考文献|参\s*考\s*文\s*献|主要参考文献|引用文献|参考资料|文献|참고\s*문헌|문헌\s*목록"
    r"|المراجع|מקורות|notes\s+and\s+references"
)
HEADING = re.compile(rf"^\s*{_NUMBERING}(?:{_BIB_WORDS})\s*[:：.]?\s*$", re.I)

_END_WORDS = (
    r"appendix|appendices|annex(?:e|es)?|anhang|附\s*录|附件|supplementary(?:\s+\w+){0,3}"
    r"|supplemental(?:\s+\w+){0,3}|about\s+the\s+authors?|author\s+biograph(?:y|ies)|biographies"
    r"|biography|vitae?|作者简介|致\s*谢|acknowledge?ments?|funding|author\s+contributions?"
    r"|declaration\s+of\s+competing\s+interest|conflicts?\s+of\s+interest|index"
    r"|(?:authors?[’']?\s+)?affiliations?|authors?[’']?\s+addresses"
)
# A package's or a document's history of its versions: what LaTeX packages' manuals set
# after their references ("5 History", "Change History"). A bare "History" needs its
# section number (a list grouped by subject may head a group so).
_HISTORY = r"(?:change|version|revision|release)\s+history|changelog|\d{1,2}\.?\s+history"
END_HEADING = re.compile(
    rf"^\s*(?:(?:[A-Z]\.?\d*\s+|\d{{1,2}}\.?\s+)?(?:{_END_WORDS})|{_HISTORY})"
    rf"(?:\s+[A-Z0-9][.:]?)?(?:\s*[:.:—–-]\s*.{{0,80}})?$",
    re.I,
)


# The brackets a heading may stand in, and their closing ones
_OPENING = {"[": "]", "\u3010": "\u3011", "\u3014": "\u3015", "\uff3b": "\uff3d"}

# Letters spaced out one by one ("R E F E R E N C E S", "参 考 文 献").
_SPACED = re.compile(r"^\S(?:\s+\S){2,}$")


def names_bibliography(text: str) -> bool:
    """Whether ``text`` is a bibliography heading's words: as printed, in full-width forms
    ("ＲＥＦＥＲＥＮＣＥＳ"), or letter-spaced."""
    text = text.strip()
    if HEADING.match(text):
        return True
    if text[:1] in _OPENING and text[-1:] == _OPENING[text[:1]] and len(text) > 2:
        # Chinese journals' "[参考文献]", "【参考文献】", "〔参考文献〕"
        return names_bibliography(text[1:-1])
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
        if HEADING.match(text):
            return True
    return bool(_SPACED.match(text)) and bool(HEADING.match(re.sub(r"\s+", "", text)))


def _caseless(char: str) -> bool:
    """A letter of a script without case (Chinese, Japanese, Arabic, Hebrew, ...)."""
    return char.isalpha() and char.upper() == char.lower()


def is_heading(line: Line, body_size: float, *, words: bool | None = None) -> bool:
    """A line that reads as a bibliography heading (``words``: whether its text is a
    heading's words, if the caller has read it: :func:`names_bibliography`)."""
    text = line.text.strip()
    if len(text) > 60 or not (names_bibliography(text) if words is None else words):
        return False
    # A bare word inside a paragraph ("Sources" at the start of a line) is not a heading:
    # headings are set larger, bold, capitalised, or stand alone.
    return (
        line.size >= body_size * 1.05
        or "bold" in {s[2] for s in line.styles}
        or text.isupper()
        or text[:1].isupper()
        or not text[:1].isalpha()
        or _caseless(text[:1])
    )


def is_strong_heading(line: Line, body_size: float, *, words: bool | None = None) -> bool:
    """A heading set apart by type (larger, bold or capitals), not only by its words
    (``words`` as :func:`is_heading` takes it)."""
    text = line.text.strip()
    return is_heading(line, body_size, words=words) and (
        line.size >= body_size * 1.05
        or "bold" in {s[2] for s in line.styles}
        or (text.isupper() and len(text) > 3)
        or not text[:1].isalpha()
        or bool(_SPACED.match(text))
    )


# The sections of floats a manuscript sets after its list ("Tables", "Figure legends"):
# only the bare heading, never a caption ("Table 2: ..." may stand inside a list).
_FLOATS = re.compile(
    r"^\s*(?:[A-Z]\.?\s+|\d{1,2}\.?\s+)?(?:tables|figures|tables?\s+and\s+figures?"
    r"|figures?\s+and\s+tables?|figure\s+(?:legends?|captions?|titles?)"
    r"|legends?\s+(?:to|for|of)\s+(?:the\s+)?figures|list\s+of\s+(?:figures|tables)"
    r"|tabellen|abbildungen|tableaux|figuras|tablas)\s*:?\s*$",
    re.I,
)


# An end heading alone on its line ("作者简介：", "致谢"): in a script without capitals
# (CJK) nothing else may set it apart, neither bold nor capitals nor size.
_END_ALONE = re.compile(rf"^\s*(?:{_END_WORDS})\s*[:：]?\s*$", re.I)


def is_end_heading(line: Line, body_size: float, floats: bool = False) -> bool:
    """A heading after which the bibliography is over (appendix, biographies, ...); with
    ``floats``, also a manuscript's sections of tables and figures ("Tables", "Figure
    legends"; the line model's feature is without them, as it was trained)."""
    text = line.text.strip()
    if floats and _caseless(text[:1]) and _END_ALONE.match(text):
        return True
    if len(text) > 90 or not (END_HEADING.match(text) or (floats and _FLOATS.match(text))):
        return False
    bold = any(s[2] == "bold" and s[1] - s[0] >= min(len(text), 6) for s in line.styles)
    return line.size >= body_size * 1.1 or bold or (text.isupper() and len(text) > 4)
