"""The CSL type of a parsed item: GB/T type codes, identifiers and the fields found."""

from __future__ import annotations

import re

from refmanager.model import Reference
from refmanager.model.typecodes import GBT_TYPES, TYPE_CODE_RE
from refmanager.parse.tokens import may_hold

# Each word list's "(?=[...])" holds the first letters of its words: the words are tried only
# where one of them can start (the same matches, found in about half the time; these are
# searched in every entry).
CONF_WORDS = re.compile(
    r"\b(?=[acefijkmnopstuvw])"  # (the first letters of the words)
    r"(?:proc(?:eedings)?|conf(?:erence)?|symposium|workshop|congress|meeting|"
    r"advances in neural|neurips|nips|icml|iclr|cvpr|iccv|eccv|acl|emnlp|naacl|sigmod|vldb|"
    r"osdi|sosp|nsdi|usenix|kdd|www|aaai|ijcai|icse|fse|ppopp|sc\d\d|isca|micro|asplos|"
    r"eurosys|atc|colm|coling|interspeech|icassp|"
    # the same words in the languages of the lists read ("Actas del Congreso", "Atti del
    # Convegno", "Simpósio", "Actes du colloque", "Tagungsband der Konferenz"; a bare
    # "Actes", "Actas", "Atti" or "Anais" opens journals' names too)
    r"actas\s+del|atti\s+del|actes\s+d(?:u|es)\b|congreso|congresso|congr\u00e8s|convegno|"
    r"colloque|coloquio|"
    r"simp\u00f3sio|simposio|jornadas|encontro|encuentro|tagungsband|tagung|konferenz|"
    r"semin\u00e1rio|seminario)\b|"
    r"\u4f1a\u8bae|\u8bba\u6587\u96c6",
    re.IGNORECASE,
)
_THESIS = re.compile(
    r"\b(?=[bdhmpt])"  # (the first letters of the words)
    r"(?:ph\.?\s?d\.?|doctoral|dissertation|master'?s?\s+thesis|thesis|m\.?sc\.?\s+thesis|"
    r"disserta\u00e7\u00e3o|tese|tesis|th\u00e8se|doktorarbeit|masterarbeit|diplomarbeit|"
    # German "Diss.", French "mémoire de master", Italian "tesi di dottorato", Brazil's
    # "Trabalho de Conclusão de Curso", German "Habilitationsschrift"
    r"diss(?=\.)|m\u00e9moire\s+de\s+(?:master|ma\u00eetrise|dea|dess)|tesi|"
    r"trabalho\s+de\s+conclus\u00e3o|habilitationsschrift|magisterarbeit|bachelorarbeit)\b|"
    r"\u535a\u58eb|\u7855\u58eb",
    re.IGNORECASE,
)
_REPORT = re.compile(
    r"\b(?=[rtw])"  # (the first letters of the words)
    r"(?:tech(?:nical)?\.?\s+rep(?:ort)?|report|white\s*paper|working\s+paper)\b|\u62a5\u544a",
    re.IGNORECASE,
)


# a piece of each of their words (``may_hold``)
_REPORT_CORES = ("rep", "paper", "\u62a5\u544a")
_STANDARD_CORES = ("iso", "iec", "ieee std", "gb/t", "ansi", "din", "rfc")
_JOURNAL_CUE = re.compile(r"\b(?:in:?\s|journal|trans(?:actions)?\b)", re.IGNORECASE)
_PATENT = re.compile(r"\bpatent\b|\u4e13\u5229")
_STANDARD = re.compile(r"\b(?=[adgir])(?:iso|iec|ieee std|gb/t|ansi|din|rfc)\s?[\d/]")
_CODE_HOST = re.compile(r"github\.com|gitlab\.com|bitbucket\.org|pypi\.org")
_IN_PROC = re.compile(r"\bin:?\s+(?:proc|the\s+proc)")
_SOFTWARE = re.compile(
    r"\b(?=[cprsv])"  # (the first letters of the words)
    r"(?:software|computer\s+(?:program|software)|r\s+package|python\s+package|"
    r"package\s+version|source\s+code|version\s+\d+(?:\.\d+)*|v\d+\.\d+(?:\.\d+)?)\b",
    re.IGNORECASE,
)
# the words that name a program outright: software with or without a link
_PACKAGE = re.compile(
    r"\b(?:(?:r|python|julia|stata|matlab|perl)\s+package|package\s+version|"
    r"computer\s+(?:program|software))\b",
    re.IGNORECASE,
)
_SOFTWARE_HOST = re.compile(r"\b(?:zenodo|cran|pypi|bioconductor)\b", re.IGNORECASE)
_DATASET = re.compile(r"\b(?:data\s?sets?|data\s+repository)\b", re.IGNORECASE)
# a web page's tell: when it was read, or that it is on line
_WEB = re.compile(
    r"\b(?=[abcdelorvwz])"  # (the first letters of the words)
    r"(?:accessed|retrieved|last\s+access(?:ed)?|visited|available\s+(?:online|at|from)|"
    r"online|web\s*page|website|blog|"
    # the same notes in the languages of the lists read ("Disponível em: <...>. Acesso em:",
    # "Recuperado de", "consulté le", "zuletzt geprüft am", "Online verfügbar unter")
    r"dispon\u00edvel\s+em|disponible\s+(?:en|sur)|recuperado\s+(?:de|el)|consultado|"
    r"consult\u00e9|acesso\s+em|abgerufen|zuletzt\s+(?:gepr\u00fcft|aufgerufen)|"
    r"verf\u00fcgbar\s+unter|en\s+ligne)\b|\[(?:online|internet)\]|\u8bbf\u95ee",
    re.IGNORECASE,
)


# a meeting's days before its year ("July 9–11, 2007"): an event, not a book
_DAYS_OF_A_MEETING = re.compile(r"\b\d{1,2}\s?[-\u2013]\s?\d{1,2}\s?,")

# APA 7's descriptions in brackets after a title, and the CSL types they name
_APA_TYPES = {
    "video": "motion_picture",
    "film": "motion_picture",
    "motion picture": "motion_picture",
    "tweet": "post",
    "status update": "post",
    "blog post": "post-weblog",
    "audio podcast episode": "broadcast",
    "video podcast episode": "broadcast",
    "podcast": "broadcast",
    "paper presentation": "speech",
    "conference presentation": "speech",
    "symposium": "speech",
    "poster presentation": "speech",
    "conference session": "speech",
    "keynote address": "speech",
    "unpublished manuscript": "manuscript",
}
_APA_DESCRIPTION = re.compile(
    r"\[(" + "|".join(sorted(_APA_TYPES, key=len, reverse=True)) + r")\]", re.IGNORECASE
)


# the servers a preprint is posted on, named as its container
_PREPRINT_SERVERS = frozenset(
    ("biorxiv", "medrxiv", "chemrxiv", "psyarxiv", "socarxiv", "ssrn", "research square")
)


def infer_type(ref: Reference, raw: str) -> str:
    """The CSL type from a GB/T code, identifiers and which fields were found."""
    m = TYPE_CODE_RE.search(raw) if "[" in raw else None
    if m:
        code = m.group(1)
        if code == "EB":
            return "software" if "github" in raw.lower() else "webpage"
        if code == "M" and raw[m.end() : m.end() + 2] == "//":
            return "chapter"  # "题名[M]//编者. 书名.": a part of a book
        return GBT_TYPES.get(code, "article-journal")
    container = ref.get("container-title")
    low = raw.lower()
    if ref.get("number").startswith("arXiv:") and (
        not container
        or "arxiv" in container.lower()
        or container.lower() == "corr"
        or (
            # a preprint without journal evidence (Zotero "preprint", CSL "article")
            not any(ref.get(f) for f in ("volume", "issue", "page"))
            and not CONF_WORDS.search(container)
            and not _JOURNAL_CUE.search(container)
        )
    ):
        return "article"
    if (
        ("patent" in low or "\u4e13\u5229" in low)
        and _PATENT.search(low)
        and not (container and (ref.get("volume") or ref.get("issue")))
    ):
        return "patent"  # (not "The patent holder's dilemma ... Commun. ACM 50, 1")
    if may_hold(low, _STANDARD_CORES) and _STANDARD.search(low):
        return "standard"
    url = ref.get("URL")
    if not container and url and _CODE_HOST.search(url):
        return "software"
    if container and "github" in container.lower():
        return "software"
    if ref.get("publisher").lower().split(" ")[0] in ("github", "gitlab", "bitbucket"):
        return "software"  # "Transformers: ... GitHub repository, 2020."
    if _DATASET.search(ref.get("medium")):
        return "dataset"  # APA's "[Data set]"
    described = _APA_DESCRIPTION.search(raw) if "[" in raw else None
    if described:
        return _APA_TYPES[described.group(1).lower()]  # "[Video]", "[Paper presentation]"
    if _THESIS.search(ref.get("genre")):
        return "thesis"  # "Ph.D. dissertation, Dept. Elect. Eng., Univ., City"
    if "standard" in ref.get("genre").lower():
        return "standard"  # APA's "(ISO Standard No. 9001:2015)"
    journal_like = bool(ref.get("issue") or ref.get("page")) or ref.editor
    if not journal_like and _SOFTWARE.search(low) and (url or _SOFTWARE_HOST.search(low)):
        return "software"  # "R package version 2.3", "Computer software", on line
    if (
        not (journal_like or container)
        and ("ackage" in low or "omputer" in low)
        and _PACKAGE.search(low)
    ):
        return "software"  # "margins: Marginal Effects. R package version 0.3.23."
    if not journal_like and "data" in low and _DATASET.search(low) and (url or ref.get("DOI")):
        return "dataset"
    # (the fields first: most entries have a container, and then the text is not searched)
    if not container and _THESIS.search(low):
        return "thesis"
    if ("preprint" in low and not container) or container.lower() in _PREPRINT_SERVERS:
        return "article"  # Nature's "Preprint at https://doi.org/10.1101/...", "bioRxiv"
    if (
        not (container and (ref.get("volume") or ref.get("issue")))
        and may_hold(low, _REPORT_CORES)
        and _REPORT.search(low)
    ):
        return "report"
    if container:
        if CONF_WORDS.search(container):
            return "paper-conference"
        in_series = ref.get("publisher") and ref.get("collection-title") and not ref.get("issue")
        if (
            ref.editor
            or in_series  # "In Graphs, volume 12 of Lecture Notes in X, pages 1-9. Springer"
            or (ref.get("publisher") and not ref.get("volume") and not ref.get("issue"))
        ):
            if _IN_PROC.search(low):
                return "paper-conference"
            return "chapter"
        if ref.get("publisher") and ref.get("publisher-place") and not ref.get("page"):
            return "book"  # "Vol. 2 of The History of Graphs. Oslo: Graph Press, 2011."
        return "article-journal"
    if url and not ref.get("page") and not ref.get("ISBN") and _WEB.search(low):
        return "webpage"  # "..., Acme Corp. https://... (accessed May 4, 2020)"
    if ref.get("publisher") or ref.get("ISBN"):
        return "book"
    if (
        ref.get("publisher-place")
        and ref.get("title")
        and not any(ref.get(f) for f in ("volume", "number", "page"))
        and not CONF_WORDS.search(low)
        and not _DAYS_OF_A_MEETING.search(low)
    ):
        return "book"  # German "Titel, Köln 2004.": a place and a year, no publisher
    if url and not ref.get("page"):
        return "webpage"
    return "article-journal" if ref.get("volume") else "document"
