"""Reference string -> CSL item: tokens, CRF labels, exact rules, names, type, confidence."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path

from refmanager.model import CSL_FIELDS, Date, Entry, Name, Reference, Token
from refmanager.model.identifiers import ARXIV_ID, NEW_ARXIV_ID, find_doi
from refmanager.model.typecodes import TYPE_CODE_RE
from refmanager.parse.confidence import calibrate
from refmanager.parse.csltype import CONF_WORDS, infer_type
from refmanager.parse.features import MONTHS
from refmanager.parse.months import ANY_MONTH, month_number
from refmanager.parse.names import split_names
from refmanager.parse.runs import (
    BODY_FORMS,
    JOURNAL_NAME,
    PUBLISHER_WORDS,
    has_new_arxiv_id,
    mend_runs,
)
from refmanager.parse.tagger import Tagging, tag_sequence
from refmanager.parse.tokens import (
    ARXIV_RE,
    BOOK_ISBN_IN_DOI,
    ISBN_RE,
    ISSN_RE,
    KIND_CJK,
    KIND_DOI,
    KIND_URL,
    KIND_WORD,
    YEAR_RE,
    Tok,
    label_runs,
    may_hold,
    split_label,
    tokenize,
    word_set,
)
from refmanager.parse.values import clean_value, strip_value

MAX_CHARS = 4000  # longer text is not one reference: only its start is labelled

# The links a publisher prints after each reference: MDPI's PDFs ("... 2019, 12, 345.
# [CrossRef] [PubMed]"), PubMed Central's and Taylor & Francis' pages printed to PDF
# ("[PMC free article] [PubMed] [Google Scholar]"), Springer's ("Article CAS PubMed Google
# Scholar"), Hindawi's ("View at: Publisher Site | Google Scholar"). They belong to no
# field, and left to the tagger they are read as a publisher or a note and pull the fields
# before them along: the entry is labelled without them.
_LINK_NAMES = (
    r"Cross[Rr]ef|PubMed(?:\s+Central)?|PMC\s+free\s+article|Google\s+Scholar|Green\s+Version"
    r"|Scopus|Web\s+of\s+Science\s*\u00ae?|Taylor\s*&\s*Francis\s+Online|Medline|MEDLINE|CAS|CSA"
    r"|Ref\s+list|Free\s+Full\s+Text|Abstract|Full\s+Text|Article|ADS|MathSciNet|MATH|zbMATH"
)
_LINK_TAIL = re.compile(
    rf"(?:(?:\s*\[(?:{_LINK_NAMES})\])+"  # bracketed, any of them
    rf"|(?<=[.)\]\d])\s+(?:View\s+at:?\s+)?"  # bare: Springer's, Hindawi's "View at: ... |"
    rf"(?:(?:{_LINK_NAMES}|Publisher\s+Site|Zentralblatt\s+MATH)\s*\|?\s+)*Google\s+Scholar)"
    r"[\s.;,]*$"
)


def links_tail_start(raw: str) -> int:
    """Where the links a publisher prints after a reference begin (``len(raw)`` where it
    prints none): "... 2019, 12, 345. [CrossRef] [PubMed]"."""
    if not raw.rstrip(" .;,").endswith(("]", "Scholar")):
        return len(raw)
    found = _LINK_TAIL.search(raw)
    return len(raw) if found is None or not raw[: found.start()].strip() else found.start()


MAX_TOKENS = 600
# The string fields taken from the tagger's runs: all but the identifiers.
_TAGGED_FIELDS = tuple(f for f in CSL_FIELDS if f not in ("DOI", "URL", "ISBN"))


# ------------------------------------------------------------------ assembling the item


_PLACE_LIKE = re.compile(r"^[A-Z][\w.'\u2019-]*(?:[ ,]+[A-Z][\w.'\u2019-]*){0,2}$")


def _publisher_first(
    raw: str,
    toks: list[Tok],
    runs: list[tuple[int, int]],
    by_field: dict[str, list[tuple[int, int]]],
) -> list[tuple[int, int]]:
    """Several publisher runs ("Helsinki, Finland, 2008. ACM."): the one that reads as a
    publisher comes first; the others are the place when no place was found. Where two or
    more have a place run beside them ("London: SCM and Philadelphia: Trinity Press",
    "Leipzig: Barth. (Reprinted Darmstadt: Graf Verlag, 1965.)", "Nauka, Moscow (1965);
    English transl., Dover, Mineola"), each is an imprint of its own: the first printed is
    the item's."""

    def text(run: tuple[int, int]) -> str:
        return raw[toks[run[0]].start : toks[run[1] - 1].end]

    def placed(run: tuple[int, int], before: bool) -> tuple[int, int] | None:
        """The place run printed "Place: Publisher" before ``run`` (``before``) or
        "Publisher, Place" after it; None when there is none."""
        for c, d in by_field.get("publisher-place", ()):
            gap = [t.text for t in (toks[d : run[0]] if before else toks[run[1] : c])]
            if (before and d <= run[0] and gap == [":"]) or (
                not before and c >= run[1] and gap == [","]
            ):
                return c, d
        return None

    beside: list[tuple[int, int]] = []
    for before in (True, False):
        places = {r: placed(r, before) for r in runs}
        found = [r for r in runs if places[r] is not None]
        if len(found) > 1 and len({places[r] for r in found}) == len(found):
            beside = found  # each with a place of its own
            break
    named = [r for r in runs if PUBLISHER_WORDS.search(text(r))]
    best = beside[0] if beside else named[-1] if named else runs[-1]
    original = [r for r in runs if toks[r[0]].kind == KIND_CJK]
    if original and len(original) < len(runs):
        # a CJK entry printed again in English (GB/T 7714): the publisher is the original's
        best = original[0]
    rest = [r for r in runs if r != best]
    if rest and "publisher-place" not in by_field:
        a, b = rest[0]
        for c, d in rest[1:]:  # "Helsinki, Finland": runs apart by commas make one place
            if c >= b and all(t.text == "," for t in toks[b:c]):
                b = d
        by_field["publisher-place"] = [(a, b)]
    return [best, *rest]


def _pick(field: str, runs: list[tuple[int, int]], toks: list[Tok]) -> tuple[int, int]:
    """The run that holds a field: the first one, joined with the runs that continue it
    across a single glue character ("QLoRA" ":" "Efficient finetuning ...")."""
    a, b = runs[0]
    if field not in ("title", "container-title", "publisher"):
        return a, b
    for c, d in runs[1:]:
        gap = toks[b:c]
        if c >= b and len(gap) <= 2 and all(t.kind == "other" and t.text in ":-–,;" for t in gap):
            b = d
        else:
            break
    return a, b


# Words that are no title when one of them is all the unlabelled run holds (a month:
# "JOURNAL OF VIROLOGY, June 1990, p. 2941" prints a date, not a title).
_NOT_TITLES = MONTHS | word_set(
    "in pp vol no eds available online accessed retrieved url doi arxiv preprint and "
    "the proc proceedings journal ed edn edition internet volume band issue number "
    "page pages seite seiten chap chapter"
)
# Words that make no title on their own, whatever their number.
_NOT_TITLE_WORDS = _NOT_TITLES | word_set(
    "of to as at on by for from appear appears cite this see also issn isbn xxx "
    "edited ed eds editor editors"
)
# "... Conf. Miami: MLSys" (a Latin or CJK place, a colon, a publisher)
_PLACE_PUBLISHER = re.compile(
    r"^(.*\S\.)\s+([A-Z\u4e00-\u9fff][^\d:.;()]{1,40}?)\s*[:\uff1a]\s*([^\d:;()]{2,60}?)[.,]?$"
)
_CONTAINER_PLACE = re.compile(r"^(.*\S\.)\s+([A-Z\u4e00-\u9fff][^\d:.;()]{1,40}?)$")
_TRAILING_PAGE = re.compile(r"\.\s+(e?\d{1,6}(?:\s*[\-\u2013]\s*e?\d{1,6})?)\.?\s*$")
_NOT_PLACE = re.compile(r"\b(?:volume|vol|part|section|series|track)\b", re.IGNORECASE)
# a new-style arXiv identifier standing alone: its first digits are no year
_ARXIV_DIGITS = re.compile(rf"(?<![\d.]){NEW_ARXIV_ID}(?:v\d+)?(?!\.?\d)")
# the dashes that open an entry in place of the names of the entry before ("———.", "--, --,")
# (biblatex prints one em dash: "—. 1959.", "— (1968b).")
_LEADING_DASHES = re.compile(
    r"^[\s,.;]*(?:(?:and\s+)?(?:[\u2014\u2013\-_\u2015]{2,}|[\u2014\u2015](?=[\s,.;]))[\s,.;]*)+"
)
_DASH_RUN = re.compile(r"[\u2014\u2013\-_\u2015]{2,}|[\u2014\u2015]")


_ONLY_IDENTIFIER = re.compile(
    rf"^(?:ar[Xx]iv\s*(?:preprint)?\s*:?\s*{ARXIV_ID}(?:v\d+)?|10\.\d{{4,9}}/\S+)$"
)
# A venue abbreviated word by word ("Proc. of the ... Technical Conf", "Comput. Syst"): the
# period after its last word abbreviates it too. An acronym after it, or after a comma, is
# the publisher's ("... Conf. ACM", "J. Struct. Eng., ASCE"); a country's code is the
# venue's ("Proc. Natl. Acad. Sci. USA").
_TRAILING_ACRONYM = re.compile(r"(?<=[.,])\s+(?!(?:USA|UK|US)$)([A-Z][A-Z0-9&]{1,7})$")
# The abbreviations a publisher's name may end with, whose full stop is its own: a firm's
# legal form ("Inc.", "Co.") and the abbreviated words of a body's or press's name ("Amer.
# Math. Soc.", "Oxford Univ. Pr.")
_PUBLISHER_ABBREVIATIONS = BODY_FORMS | word_set(
    "soc bros assn assoc pub publ univ pr dept inst acad intl natl ed eds verl ges cie"
)
_PUBLISHER_WORD_SEPARATORS = re.compile(r"[\s&-]")


def _entry_s_full_stop(publisher: str) -> bool:
    """Whether the full stop ending ``publisher`` is the entry's: its last word is a word of
    two letters or more and no abbreviation of a publisher's ("London: Chapman & Hall.";
    not "Wiley & Sons, Inc.", "Amer. Math. Soc.", "A. B.")."""
    if not publisher.endswith("."):
        return False
    last = _PUBLISHER_WORD_SEPARATORS.split(publisher[:-1])[-1]
    return len(last) >= 2 and last.isalpha() and last.lower() not in _PUBLISHER_ABBREVIATIONS


_ABBREVIATED_VENUE = re.compile(r"\b[A-Z][a-z]{0,6}\.\s.*\b[A-Z][a-z]{1,5}$")
# the year right after a journal's closing period, as NLM prints it ("Med. 2011;364")
_YEAR_AFTER = re.compile(r"\s*(?:1[89]|20)\d\d\b(?![.,]\d)")


def _container_rules(
    raw: str,
    ref: Reference,
    values: dict[str, str],
    spans: dict[str, tuple[int, int]],
    conf: dict[str, float],
) -> None:
    """A container that is only an identifier is dropped (the identifier rules read it);
    an abbreviated venue keeps the period after its last word."""
    container = values.get("container-title")
    if container is None:
        return
    a, b = spans["container-title"]
    if _ONLY_IDENTIFIER.match(container.strip()):
        del values["container-title"], spans["container-title"], conf["container-title"]
        for tok in ref.tokens:
            if tok.label == "container-title" and a <= tok.start < b:
                tok.label = "O"
        return
    m = _TRAILING_ACRONYM.search(container)
    if m and container[m.start() - 1] == "," and not JOURNAL_NAME.search(container[: m.start()]):
        m = None  # "Workshop on ..., CVPR", "Physics and Manual, JHEP": the venue's own
    if m and "publisher" not in values and len(container[: m.start()].split()) >= 3:
        # "Proc. of the ... Conf. ACM, 2020", "J. Struct. Eng., ASCE, 135(11)": the
        # publisher's acronym after the venue
        cut = a + m.start(1)
        values["container-title"] = container = container[: m.start()].rstrip().rstrip(",")
        values["publisher"] = m.group(1)
        spans["container-title"] = (a, a + len(container))
        spans["publisher"] = (cut, cut + len(m.group(1)))
        conf["publisher"] = conf["container-title"]
        for tok in ref.tokens:
            if tok.label == "container-title" and tok.start >= cut:
                tok.label = "publisher"
            elif tok.label == "container-title" and tok.start >= a + len(container):
                tok.label = "O"
        a, b = spans["container-title"]
    if (
        container.endswith(".")
        and "." not in container[:-1]
        and " " in container
        and _YEAR_AFTER.match(raw, b)
    ):
        # NLM's "N Engl J Med. 2011;364:45": its abbreviations print no periods, so the one
        # ending it is the entry's (the tagger read it into the journal)
        values["container-title"] = container = container[:-1]
        b -= 1
        spans["container-title"] = (a, b)
        for tok in ref.tokens:
            if tok.start == b and tok.end == b + 1:
                tok.label = "O"
    if raw[b : b + 1] == "." and _ABBREVIATED_VENUE.search(container):
        values["container-title"] = container + "."
        spans["container-title"] = (a, b + 1)
        for tok in ref.tokens:
            if tok.start == b and tok.end == b + 1:
                tok.label = "container-title"


# What follows a URL and is none of it, where the tagger read it on: an access note ("Last
# accessed 2019-11-22", "(accessed May 24"), a date in brackets ("( 30/01/2015)").
_AFTER_URL = re.compile(
    r"(?:[(\[]\s*)?(?:last|accessed|visited|retrieved|consulted|cited|viewed)\b"
    r"|[(\[]\s*(?:\d{1,2}[/.]\d|ac-)",
    re.IGNORECASE,
)


def _identifier(raw: str, toks: list[Tok], labels: list[str], i: int) -> str:
    """A DOI or URL token with the pieces a line break split off ("10.1016/j.ins. 2019.1"):
    the tokens after it that the tagger labels as the same identifier, spaces removed."""
    lab = labels[i]
    if lab not in ("DOI", "URL"):
        return toks[i].text
    j = i + 1
    while (
        j < len(toks)
        and labels[j] == lab
        and toks[j].kind not in (KIND_DOI, KIND_URL)
        and toks[j].start - toks[j - 1].end <= 2
        and not (lab == "URL" and _AFTER_URL.match(raw, toks[j].start))
    ):
        j += 1
    while j > i + 1 and toks[j - 1].kind == "other" and toks[j - 1].text in ".,;:>":
        j -= 1  # sentence punctuation after the identifier, ABNT's closing "<...>"
    text = raw[toks[i].start : toks[j - 1].end]
    if "97" in text:  # a chapter's number after its book's ISBN, its underscore lost
        text = _ISBN_CHAPTER_SPACE.sub(r"\1_\2", text)
    return "".join(text.split())


# Springer's chapter DOIs, "10.1007/978-3-030-00000-0_2", whose underscore a text layer
# drew as a space: the book's ISBN, a space, the chapter's number
_ISBN_CHAPTER_SPACE = re.compile(rf"({BOOK_ISBN_IN_DOI}) +(\d{{1,3}})(?![\d.-])")


def build_reference(
    raw: str,
    toks: list[Tok],
    labels: list[str],
    probs: list[float],
    *,
    label: str = "",
    label_end: int = 0,
    styles: list[tuple[int, int, str]] | None = None,
) -> tuple[Reference, int]:
    """The CSL item for tagged tokens; also how many names of the entry before the dashes
    opening it repeat, one a run of dashes ("--, --, and M. A. Saunders": two; 0 where it
    opens with none) (``styles``: the italic and bold spans of the printed entry, when it was
    read from a PDF)."""
    ref = Reference(raw=raw, label=label)
    labels = list(labels)
    # a new-style arXiv identifier's digits: a rule reads them, and they are no year
    new_arxiv = has_new_arxiv_id(raw)
    mend_runs(raw, toks, labels, styles, new_arxiv=new_arxiv)
    ref.tokens = [Token(t.start, t.end, y) for t, y in zip(toks, labels, strict=True)]
    kinds = [t.kind for t in toks]  # (looked up at C speed below: most entries have no link)
    if label_end:
        ref.tokens.insert(0, Token(0, label_end, "label"))
    by_field: dict[str, list[tuple[int, int]]] = {}
    for lab, a, b in label_runs(labels):
        if lab != "O":
            by_field.setdefault(lab, []).append((a, b))
    conf: dict[str, float] = {}
    values: dict[str, str] = {}
    spans: dict[str, tuple[int, int]] = {}
    if len(by_field.get("publisher", ())) > 1:
        by_field["publisher"] = _publisher_first(raw, toks, by_field["publisher"], by_field)
    for field, runs in by_field.items():
        a, b = _pick(field, runs, toks)
        values[field] = raw[toks[a].start : toks[b - 1].end]
        spans[field] = (toks[a].start, toks[b - 1].end)
        conf[field] = sum(probs[a:b]) / (b - a)
    _container_rules(raw, ref, values, spans, conf)
    publisher = values.get("publisher", "")
    if _entry_s_full_stop(publisher):
        # "London: Chapman & Hall.": the entry's full stop read into the publisher (a
        # firm's abbreviation keeps its own: "Wiley & Sons, Inc.", "Amer. Math. Soc.")
        values["publisher"] = publisher[:-1]
        a, b = spans["publisher"]
        spans["publisher"] = (a, b - 1)
        for tok in ref.tokens:
            if tok.start == b - 1 and tok.end == b and tok.label == "publisher":
                tok.label = "O"
    if "publisher" in values and "publisher-place" not in values:
        # "Holt, Rinehart and Winston, New York": a place after the publisher's last comma
        head, sep, tail = values["publisher"].rpartition(", ")
        if sep and head and _PLACE_LIKE.match(tail) and not PUBLISHER_WORDS.search(tail):
            values["publisher"] = head
            values["publisher-place"] = tail
            conf["publisher-place"] = conf["publisher"]

    if (
        "title" not in values
        and "container-title" in values
        and not any(k in values for k in ("volume", "issue", "page", "publisher", "medium"))
        and KIND_URL in kinds
    ):
        # "Mosaic ML Team. Composer. 2021. https://github.com/...": a web page's or a
        # program's only name is its title, not a container
        values["title"] = values.pop("container-title")
        spans["title"] = spans.pop("container-title")
        conf["title"] = conf.pop("container-title")
        for tok in ref.tokens:
            if tok.label == "container-title":
                tok.label = "title"
    if (
        "title" not in values
        and "author" in values
        and "publisher" in values
        and not any(k in values for k in ("container-title", "volume", "issue", "page"))
        and KIND_URL in kinds
        and spans["publisher"][0] < toks[kinds.index(KIND_URL)].start
    ):
        # "Some Team. Toolname. 2021. https://...": the one name between the authors and
        # the link is the program's or page's title, not its publisher
        values["title"] = values.pop("publisher")
        spans["title"] = spans.pop("publisher")
        conf["title"] = conf.pop("publisher")
        for tok in ref.tokens:
            if tok.label == "publisher":
                tok.label = "title"
    if "title" not in values:
        # no title labelled: the longest run of unlabelled words is the best guess
        best: tuple[int, int] | None = None
        i = 0
        while i < len(toks):
            if labels[i] == "O" and toks[i].kind in (KIND_WORD, KIND_CJK):
                j = i
                while (
                    j < len(toks)
                    and labels[j] == "O"
                    and toks[j].kind not in ("url", "doi", "arxiv")
                ):
                    if (
                        toks[j].text == "."
                        and j + 1 < len(toks)
                        and toks[j + 1].start > toks[j].end
                    ):
                        break
                    j += 1
                words = sum(1 for t in toks[i:j] if t.kind in (KIND_WORD, KIND_CJK))
                single = (
                    words == 1
                    and j - i == 1
                    and len(toks[i].text) >= 3
                    and toks[i].text[:1].isupper()
                    and toks[i].text.lower().rstrip(".") not in _NOT_TITLES
                )
                # "Nov-Dec", "Issue of May 13, pp", "To appear in", "Cite this as": no words
                # a title is made of
                content = any(
                    t.kind == KIND_CJK
                    or (
                        t.kind == KIND_WORD
                        and not _NOT_TITLE_WORDS.issuperset(t.text.lower().split("-"))
                    )
                    for t in toks[i:j]
                )
                if (
                    (words >= 2 or single)
                    and content
                    and (best is None or j - i > best[1] - best[0])
                ):
                    best = (i, j)
                i = j + 1
            else:
                i += 1
        if best is not None:
            a, b = best
            values["title"] = raw[toks[a].start : toks[b - 1].end]
            conf["title"] = 0.3
            for k in range(a, b):
                ref.tokens[k + (1 if label_end else 0)].label = "title"

    body = raw[label_end:]
    dashes = _LEADING_DASHES.match(body)
    repeated = len(_DASH_RUN.findall(dashes.group(0))) if dashes else 0

    # names
    for role in ("author", "editor"):
        if role in values:
            names, _etal = split_names(values[role])  # CSL has no "et al." marker
            if names:
                setattr(ref, role, names)
                ref.confidence[role] = conf[role]
    # "Proc. of the X Conf. Miami: MLSys": a place and publisher the container swallowed
    container = values.get("container-title", "")
    if container and "publisher" in values and "publisher-place" not in values:
        # only the place: "... Conf. Vancouver" then ": ACM" labelled as the publisher
        m = _CONTAINER_PLACE.match(container)
        between = raw[spans["container-title"][1] : spans["publisher"][0]]
        if m and between.strip() in (":", "\uff1a") and not _NOT_PLACE.search(m.group(2)):
            values["container-title"] = container = m.group(1)
            values["publisher-place"] = m.group(2)
            conf["publisher-place"] = conf["container-title"]
    if container and "publisher" not in values:
        m = _PLACE_PUBLISHER.match(container)
        if m and not _NOT_PLACE.search(m.group(2)):
            values["container-title"] = m.group(1)
            values["publisher-place"] = m.group(2)
            values["publisher"] = m.group(3)
            for key in ("publisher-place", "publisher"):
                conf[key] = conf["container-title"]

    # string fields (the identifiers have exact rules below)
    for field in _TAGGED_FIELDS:
        if field in values:
            value = clean_value(field, values[field])
            if value:
                ref.set(field, value)
                ref.confidence[field] = conf[field]

    # exact rules: DOI, URL, arXiv, ISBN, ISSN, year
    doi = ""
    if KIND_DOI in kinds or KIND_URL in kinds:
        for i, t in enumerate(toks):
            if t.kind == KIND_DOI or (t.kind == KIND_URL and "doi.org/10." in t.text.lower()):
                doi = find_doi(_identifier(raw, toks, labels, i).replace(" ", ""))
                break
    if not doi and "DOI" in values:
        doi = find_doi(values["DOI"].replace(" ", ""))
    if doi:
        ref.set("DOI", doi)
        ref.confidence["DOI"] = 1.0
    url = ""
    if KIND_URL in kinds:  # a printed doi.org link is kept as printed, too
        url = _identifier(raw, toks, labels, kinds.index(KIND_URL))
    if url:
        ref.set("URL", url)
        ref.confidence["URL"] = 1.0
    m = ARXIV_RE.search(raw) if "rXiv" in raw or "rxiv" in raw else None
    if m:
        ref.set("number", "arXiv:" + m.group(1))
        ref.confidence["number"] = 1.0
        if m.group(1) in ref.get("volume"):
            ref.set("volume", "")  # "ArXiv, abs/1906.00591": the identifier, no volume
            ref.confidence.pop("volume", None)
        ref.set("genre", "preprint")
        ref.confidence["genre"] = 1.0
        _merge_split_title(raw, ref, spans, conf)
    m = ISBN_RE.search(raw) if "ISBN" in raw else None
    if m:
        ref.set("ISBN", re.sub(r"\s", "", m.group(1)))
        ref.confidence["ISBN"] = 1.0
    m = ISSN_RE.search(raw) if "ISSN" in raw else None
    if m:
        ref.set("ISSN", m.group(1))
        ref.confidence["ISSN"] = 1.0
    if "ISBN" in values and not ref.get("ISBN"):
        ref.set("ISBN", strip_value(values["ISBN"]))
    if "page" not in values and "issued" in spans:
        # "..., 2019. 721.": an article number printed after the year at the very end
        m = _TRAILING_PAGE.match(raw, spans["issued"][1])
        if m:
            ref.set("page", clean_value("page", m.group(1)))
            ref.confidence["page"] = 0.5
            for tok in ref.tokens:
                if m.start(1) <= tok.start < m.end(1):
                    tok.label = "page"
            # the relabelled tokens no longer give another field its value ("2019. 10."
            # labelled volume must not stay a volume as well as become the page)
            for field in ("volume", "issue", "number"):
                a, b = spans.get(field, (-1, -1))
                if a >= m.start(1) and b <= m.end(1):
                    ref.set(field, "")
                    ref.confidence.pop(field, None)
    if "volume" not in values and "page" in values:
        _volume_glued_to_the_pages(raw, ref, spans)
    year_text = values.get("issued", "")
    access = access_date(raw)
    if access is not None:
        ref.accessed = access[0]
        ref.confidence["accessed"] = 0.9
        a, b = access[1]
        if "issued" in spans and a <= spans["issued"][0] < b:
            year_text = ""  # the date the tagger took for the publication's is the visit's
        for field in ("edition", "volume", "issue", "page", "number", "container-title"):
            span = spans.get(field)
            if span is not None and a <= span[0] and span[1] <= b:
                ref.set(field, "")  # ("Acesso em: 2 fev. 2020.": the day read as the edition)
                ref.confidence.pop(field, None)
    # the new-style arXiv identifiers ("1504.01230"), whose digits hold no year: found
    # once, and searched for only where their digits are printed (the test made above)
    arxiv_digits = [m.span() for m in _ARXIV_DIGITS.finditer(raw)] if new_arxiv else []
    if year_text and "." in raw and "issued" in spans:
        s0 = spans["issued"][0]
        if arxiv_digits and any(a <= s0 < b for a, b in arxiv_digits):
            year_text = ""  # "arXiv:1504.01230": the identifier's first digits, no year
    ym = YEAR_RE.search(year_text)
    date_conf = conf.get("issued", 0.0)
    if not ym:
        # no year labelled: the last plausible year outside the title, URL and DOI
        blocked = [
            spans[f]
            for f in ("title", "URL", "DOI", "container-title", "page", "volume")
            if f in spans
        ]
        if access is not None:
            blocked.append(access[1])
        # an arXiv identifier's "1504.01230" holds no year
        blocked += arxiv_digits
        cands = [
            y
            for y in YEAR_RE.finditer(raw, label_end)
            if not any(a <= y.start() < b for a, b in blocked)
            and "/" not in raw[max(0, y.start() - 1) : y.start()]
        ]
        ym = cands[0] if cands else None
        date_conf = 0.5
    if ym:
        date = Date(year=int(ym.group(1)))
        start = spans["issued"][0] if "issued" in spans and year_text else ym.start()
        seen = raw
        if access is not None:  # the visit's month is not the publication's
            a, b = access[1]
            seen = raw[:a] + " " * (b - a) + raw[b:]
        # nor is "Jan-Felix", "May the ..." or "Mayo Clin Proc" one
        for f in ("author", "editor", "title", "container-title"):
            if f in spans:
                a, b = spans[f]
                seen = seen[:a] + " " * (b - a) + seen[b:]
        # nor "Janeiro" in a place or a publisher, after another word of its name or where
        # no day or year follows it ("Rio de Janeiro, 1965"; "Ireland, Sept. 1996" read as
        # the place is the date)
        for f in ("publisher-place", "publisher"):
            if f in spans:
                a, b = spans[f]
                for m in _LOWER_WORDS.finditer(raw, a, b):
                    if m.group().lower() not in ANY_MONTH:
                        continue
                    before = raw[a : m.start()].rstrip()
                    dated = _DATE_AFTER_MONTH.match(seen, m.end()) is not None
                    if (before and before[-1].isalpha()) or not dated:
                        seen = seen[: m.start()] + " " * (m.end() - m.start()) + seen[m.end() :]
        around = seen[max(0, start - 16) : start + 24].lower()
        for word in _LOWER_WORDS.findall(around):
            if word in MONTHS or (len(word) >= 4 and word in ANY_MONTH):
                date.month = month_number(word)  # ("Nov. 2010", "März 2018", "août 2003")
                break
        iso = _ISO_DATE.match(year_text.strip()) if year_text else None
        if iso is not None and year_text.strip()[iso.end() :][:1] not in ("", "/"):
            iso = None  # (a range's first day: "2004-03-07/2004-03-11")
        if iso is not None:  # "2022-05-10": GB/T 7714's and ISO 8601's dates
            date.month, date.day = int(iso.group(2)), int(iso.group(3))
        ref.issued = date
        ref.confidence["issued"] = date_conf
    m = _LANGUAGE_NOTE.search(raw) if "(" in raw else None
    if m and not ref.get("note"):
        ref.set("note", m.group(0)[1:-1].strip())
        ref.confidence["note"] = 1.0
    m = _MEDIUM.search(raw) if "[" in raw else None
    if m and not ref.get("medium"):
        ref.set("medium", m.group(1))
        ref.confidence["medium"] = 1.0

    ref.type = infer_type(ref, raw)
    ref.confidence["type"] = 0.9 if "[" in raw and TYPE_CODE_RE.search(raw) else 0.6
    return ref, repeated


def _volume_glued_to_the_pages(raw: str, ref: Reference, spans: dict[str, tuple[int, int]]) -> None:
    """A text layer's volume glued to the first page ("Commun. Math. Phys. 277497 -529",
    "Nucl. Phys. B 810503 -26"), where no volume was read: the range as printed cannot be
    one (its end has at most three digits; completed from the last three, it ends after
    them), so the last three digits are the first page and the digits before them the
    volume."""
    m = _GLUED_VOLUME_PAGES.fullmatch(ref.get("page"))
    if m is None or _PAGE_MARK_BEFORE.search(raw, 0, spans["page"][0]):
        return
    volume, start, dash, end = m.groups()
    if int(start[-len(end) :]) >= int(end):
        return
    ref.set("volume", volume)
    ref.confidence["volume"] = ref.confidence.get("page", 0.5)
    ref.set("page", start + dash + end)


# five or six digits glued, a dash and a shorter end: "277497 -529", "40212 -8" (seven
# are an article's number: "1750132-9")
_GLUED_VOLUME_PAGES = re.compile(r"([1-9]\d{1,2}?)(\d{3})(\s*[-\u2013]\s*)(\d{1,3})")
_PAGE_MARK_BEFORE = re.compile(r"\b(?:pp?|pages?|S)\.?\s*$", re.IGNORECASE)


_LOWER_WORDS = re.compile(r"[^\W\d_]+")  # (letters: "märz", "août" whole)
# what follows a month's name in a date: a range's other month, its day, a comma, the year
# ("Sept. 1996", "Mar. 3, 2011", "Oct-Dec 1995", "July-August, 1964")
_DATE_AFTER_MONTH = re.compile(r"\.?\s*(?:[-\u2013/]\s*[^\W\d_]+\.?)?\s*(?:\d{1,2})?,?\s*\d{4}")
_ISO_DATE = re.compile(r"(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])")
_LANGUAGE_NOTE = re.compile(
    r"\((?:in\s+)?(?:chinese|japanese|german|french|russian|korean)[^)]*\)", re.IGNORECASE
)
_MEDIUM = re.compile(r"\[(Internet|Online)\]")
_VENUE_CUE = re.compile(
    r"\b(?:in|journal|j|trans(?:actions)?|letters|review|annals|magazine|bulletin|"
    r"arxiv|corr|preprint|press|vol|volume)\b|[:\d]",
    re.IGNORECASE,
)


def _merge_split_title(
    raw: str, ref: Reference, spans: dict[str, tuple[int, int]], conf: dict[str, float]
) -> None:
    """A preprint's title cut at a comma ("Deep nets, a survey of methods"): one title.

    Only when the container runs straight into the title with just a comma between,
    carries no venue cue (Proc., Journal, In:, a number) and nothing gives journal
    evidence (volume, issue, page).
    """
    if "container-title" not in spans or "title" not in spans:
        return
    if any(ref.get(f) for f in ("volume", "issue", "page", "publisher")):
        return
    c0, c1 = spans["container-title"]
    t0, t1 = spans["title"]
    container = ref.get("container-title")
    if not container or c1 > t0 or raw[c1:t0].strip() != ",":
        return
    if _VENUE_CUE.search(container) or CONF_WORDS.search(container):
        return
    title = clean_value("title", raw[c0:t1])
    if not title:
        return
    ref.set("title", title)
    ref.confidence["title"] = min(conf.get("title", 0.5), conf.get("container-title", 0.5))
    ref.set("container-title", "")
    ref.confidence.pop("container-title", None)
    for tok in ref.tokens:
        in_container = tok.label == "container-title" and c0 <= tok.start < c1
        if in_container or (c1 <= tok.start < t0 and raw[tok.start : tok.end] == ","):
            tok.label = "title"


# "accessed on 4 May 2021", "Retrieved March 3, 2020", "last visited 2021-05-04", "abgerufen
# am 4. Mai 2021", "[cited 2021 Jun 1]": the date a web page or dataset was seen, never its
# publication date.
# ("(?=[...])": the first letters of the words, which are tried only where one can start)
_ACCESS_DATE = (
    r"(?:\s+(?:on|am|le|at|em|el|en))?"
    r"\s*[:,\uff1a\uff0c]?\s*"
    r"(?:(?P<num>(?P<nd>\d{1,2})\.\s?(?P<nm>\d{1,2})\.\s?(?P<ny>\d{4}))"
    r"|(?P<iso>(?P<iy>\d{4})-(?P<im>\d{1,2})(?:-(?P<id>\d{1,2}))?)"
    r"|(?P<dmy>(?P<dd>\d{1,2})(?:st|nd|rd|th)?\.?\s+(?:de\s+)?(?P<dm>[A-Za-z\u00e4\u00e7\u00e9\u00fb]+)"
    r"\.?,?\s+(?:de\s+)?(?P<dy>\d{4}))"
    r"|(?P<mdy>(?P<mm>[A-Za-z]+)\.?\s+(?:(?P<md>\d{1,2})(?:st|nd|rd|th)?,?\s+)?(?P<my>\d{4}))"
    r"|(?P<ymd>(?P<yy>\d{4})\s+(?P<ym>[A-Za-z]{3,9})\.?(?:\s+(?P<yd>\d{1,2})\b)?)"
    r"|(?P<y>\d{4}))"
)
_ACCESS = re.compile(
    r"\b(?=[acglrvz])"  # (the first letters of the words)
    r"(?:(?:last\s+)?(?:accessed|visited)|retrieved|viewed|cited|consulted|abgerufen|"
    r"zugegriffen|consult\u00e9|acesso|acessado|consultado|"
    # German Citavi's "zuletzt geprüft am 12.03.2019", "Zugriff am", "aufgerufen am";
    # Spanish "Recuperado el 10 de junio de 2020", "accedido el"
    r"(?:zuletzt\s+)?(?:gepr\u00fcft|aufgerufen)|zugriff|recuperado|accedido)" + _ACCESS_DATE,
    re.IGNORECASE,
)
# Chinese "访问于 2001-07-08", "访问日期：2020-01-01", "引用日期", "检索日期"
_ACCESS_CJK = re.compile(
    r"(?:\u8bbf\u95ee(?:\u4e8e|\u65e5\u671f|\u65f6\u95f4)|[\u5f15\u68c0][\u7528\u7d22]\u65e5\u671f)"
    + _ACCESS_DATE
)
# GB/T 7714's online sources ("[EB/OL]", "[J/OL]"): "(2022-08-31)[2023-01-05]" prints the
# date the source was cited, in brackets, after its date of update
_CITED_DATE = re.compile(rf"\[{_ISO_DATE.pattern}\]")
# a piece of each of _ACCESS's words
_ACCESS_CORES = (
    "access", "visited", "retrieved", "viewed", "cited", "consult", "abgerufen",
    "zugegriffen", "acess", "gepr\u00fcft", "aufgerufen", "ugriff", "recuperado", "accedido",
)  # fmt: skip


def access_date(raw: str) -> tuple[Date, tuple[int, int]] | None:
    """The date a reference says its source was accessed, and that date's span in ``raw``."""
    m = _ACCESS.search(raw) if may_hold(raw, _ACCESS_CORES) else None
    if m is None and ("\u8bbf\u95ee" in raw or "\u65e5\u671f" in raw):
        m = _ACCESS_CJK.search(raw)
    if m is None:
        cited = _CITED_DATE.search(raw) if "/OL]" in raw else None
        if cited is None:
            return None
        date = Date(int(cited.group(1)), int(cited.group(2)), int(cited.group(3)))
        return date, (cited.start(), cited.end())
    if m.group("num"):
        month = int(m.group("nm"))
        date = Date(int(m.group("ny")), month if 1 <= month <= 12 else None, int(m.group("nd")))
    elif m.group("iso"):
        month = int(m.group("im"))
        day = int(m.group("id")) if m.group("id") else None
        date = Date(int(m.group("iy")), month if 1 <= month <= 12 else None, day)
    elif m.group("dmy"):
        month_of = month_number(m.group("dm"))
        if month_of is None:
            return None
        date = Date(int(m.group("dy")), month_of, int(m.group("dd")))
    elif m.group("mdy"):
        month_of = month_number(m.group("mm"))
        if month_of is None:
            return None
        day = int(m.group("md")) if m.group("md") else None
        date = Date(int(m.group("my")), month_of, day)
    elif m.group("ymd") and month_number(m.group("ym")) is not None:
        # Vancouver's "[cited 2021 Jun 1]"
        day = int(m.group("yd")) if m.group("yd") else None
        date = Date(int(m.group("yy")), month_number(m.group("ym")), day)
    else:
        date = Date(int(m.group("yy") or m.group("y")))
    if date.day is not None and not 1 <= date.day <= 31:
        date.day = None
    return date, (m.start(), m.end())


# ------------------------------------------------------------------ public entry points


def parse_text(
    text: str,
    model_path: Path | None = None,
    styles: list[tuple[int, int, str]] | None = None,
    label: str | None = None,
) -> tuple[Reference, int]:
    """Parse one reference string (the label is detected unless given); also how many names
    of the entry before its opening dashes repeat (``build_reference``)."""
    ref, repeated, tagging = parse_uncalibrated(text, model_path, styles, label)
    calibrate(ref, tagging)
    return ref, repeated


def _bare_label_end(raw: str, label: str) -> int:
    """Where the entry starts after a label printed bare ("12 J. Ode, ...": RSC's lists,
    a superscript label the reader set apart by a space): the label the list gave, then
    white space. 0 where the text does not open so."""
    body = raw.lstrip()
    if not body.startswith(label) or not body[len(label) : len(label) + 1].isspace():
        return 0
    start = len(raw) - len(body) + len(label)
    return len(raw) - len(raw[start:].lstrip())


def _with_english_quotes(toks: list[Tok]) -> list[Tok]:
    """``toks`` with German quotation marks as English ones, for the tagger: "„Titel“" reads
    as "“Titel”" (the tagger learnt the English marks; German's closing mark is English's
    opening one, which turned the title's end into a new quotation). A low mark „ opens;
    the first “ after it closes (Polish and Dutch close with ” already)."""
    out: list[Tok] = []
    open_at = False
    for t in toks:
        shown = t
        if t.text == "\u201e":
            shown = Tok("\u201c", t.start, t.end, t.kind)
            open_at = True
        elif t.text == "\u201c" and open_at:
            shown = Tok("\u201d", t.start, t.end, t.kind)
            open_at = False
        elif t.text == "\u201d":
            open_at = False
        out.append(shown)
    return out


def parse_uncalibrated(
    text: str,
    model_path: Path | None = None,
    styles: list[tuple[int, int, str]] | None = None,
    label: str | None = None,
) -> tuple[Reference, int, Tagging]:
    """``parse_text`` with the builder's raw confidences, and the tagger's evidence."""
    raw = text
    found, label_end = split_label(raw)
    if label is None:
        label = found
    elif label and not found and not label_end:
        label_end = _bare_label_end(raw, label)
    limit = min(len(raw), MAX_CHARS, links_tail_start(raw))
    toks = tokenize(raw[:limit], label_end)[:MAX_TOKENS]
    if "\u201e" in raw:
        tagging = tag_sequence(_with_english_quotes(toks), styles, model_path)
    else:
        tagging = tag_sequence(toks, styles, model_path)
    ref, repeated = build_reference(
        raw,
        toks,
        tagging.labels,
        tagging.probs,
        label=label or "",
        label_end=label_end,
        styles=styles,
    )
    if label:
        ref.id = f"ref-{label}"
        ref.citation_number = _number(label)
    return ref, repeated, tagging


def parse_reference(text: str, model_path: Path | None = None) -> Reference:
    """One reference string to a CSL item. Never raises: a failure gives just the raw text."""
    try:
        ref, _ = parse_text(str(text), model_path)
        return ref
    except Exception:
        return Reference(raw=str(text) if isinstance(text, str) else "")


def parse_entries(
    entries: list[Entry],
    model_path: Path | None = None,
) -> list[Reference]:
    """Parse extracted entries in order; a same-author dash repeats the previous authors."""
    return list(iter_parsed(entries, model_path))


def iter_parsed(entries: Iterable[Entry], model_path: Path | None = None) -> Iterator[Reference]:
    """``parse_entries`` one reference at a time: a caller that writes each one out and
    lets it go keeps few of them alive (the collector's full passes walk every live one)."""
    previous: list[Name] = []
    for index, entry in enumerate(entries):
        try:
            ref, repeated = parse_text(
                entry.raw, model_path, entry.styles or None, entry.label or None
            )
        except Exception:
            ref, repeated = Reference(raw=entry.raw, label=entry.label), 0
        ref.label = entry.label or ref.label
        ref.location = list(entry.locations)
        ref.styles = list(entry.styles)
        ref.fragment = entry.fragment
        if ref.label and not entry.fragment:
            ref.id = f"ref-{ref.label}"
        else:
            ref.id = f"ref-{index + 1}"
        ref.citation_number = _number(ref.label)
        if repeated and previous:
            if not ref.author:
                ref.confidence["author"] = 0.8
                ref.author = [replace(n) for n in previous]
            else:
                # "--, K. B. Liu, and B. Kocher": each run of dashes stands for one name of
                # the entry before, the names printed after the dashes follow them
                ref.author = [replace(n) for n in previous[:repeated]] + ref.author
        if ref.author:
            previous = ref.author
        yield ref


def _number(label: str) -> int | None:
    """The citation number of a numeric label ("12"; a compound entry's part, "12b", is
    cited by its entry's number), else None."""
    if label[-1:].isascii() and label[-1:].islower() and label[:-1]:
        label = label[:-1]
    # re.fullmatch(r"[0-9]{1,9}", label): ASCII digits only, at most nine
    return int(label) if len(label) <= 9 and label.isascii() and label.isdigit() else None
