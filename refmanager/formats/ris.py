"""RIS, written and read (the tag set Zotero, EndNote and Mendeley exchange)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from refmanager.formats.common import ReadResult, date_from_text
from refmanager.formats.filelinks import ris_link, ris_tag
from refmanager.formats.stream import text_lines
from refmanager.model import Date, Name, Problem, Reference
from refmanager.model.names import parse_name

# CSL type -> RIS type
_EXPORT_TYPES: dict[str, str] = {
    "article-journal": "JOUR",
    "article-magazine": "MGZN",
    "article-newspaper": "NEWS",
    "paper-conference": "CPAPER",
    "chapter": "CHAP",
    "book": "BOOK",
    "thesis": "THES",
    "report": "RPRT",
    "software": "COMP",
    "standard": "STAND",
    "webpage": "ELEC",
    "patent": "PAT",
    "dataset": "DATA",
    "manuscript": "UNPB",
    "pamphlet": "PAMP",
    "map": "MAP",
    "bill": "BILL",
    "legal_case": "CASE",
    "graphic": "ART",
    "motion_picture": "MPCT",
    "song": "SOUND",
    "broadcast": "MPCT",
    "entry-encyclopedia": "ENCYC",
    "entry-dictionary": "DICT",
    "interview": "PCOMM",
    "personal_communication": "PCOMM",
    "article": "GEN",
    "document": "GEN",
}
_IMPORT_TYPES: dict[str, str] = {ris: csl for csl, ris in _EXPORT_TYPES.items()}
_IMPORT_TYPES.update(
    {
        "JOUR": "article-journal",
        "JFULL": "article-journal",
        "EJOUR": "article-journal",
        "ABST": "article-journal",
        "INPR": "article-journal",
        "CONF": "paper-conference",
        "CPAPER": "paper-conference",
        "EBOOK": "book",
        "EDBOOK": "book",
        "ECHAP": "chapter",
        "BLOG": "post-weblog",
        "WEB": "webpage",
        "ELEC": "webpage",
        "ICOMM": "personal_communication",
        "MPCT": "motion_picture",
        "SOUND": "song",
        "GEN": "document",
        "STD": "standard",
        "STAND": "standard",
    }
)

_PREPRINT = "preprint"

# CSL variable -> RIS tag, one value each (both directions).
_SIMPLE: dict[str, str] = {
    "title": "TI",
    "container-title": "T2",
    "collection-title": "T3",
    "volume": "VL",
    "issue": "IS",
    "number": "M1",
    "genre": "M3",
    "publisher": "PB",
    "publisher-place": "CY",
    "edition": "ET",
    "DOI": "DO",
    "URL": "UR",
    "abstract": "AB",
    "note": "N1",
    "language": "LA",
    "title-short": "ST",
    "container-title-short": "J2",
    "call-number": "CN",
    "archive": "DP",
    "number-of-volumes": "NV",
    "section": "SE",
}
# Other tags readers meet, read into CSL variables when the main tag is absent.
_ALIASES: dict[str, str] = {
    "T1": "title",
    "CT": "title",
    "BT": "container-title",
    "JO": "container-title",
    "JF": "container-title",
    "JA": "container-title-short",
    "PP": "publisher-place",
    "AD": "publisher-place",
    "L2": "URL",
    "N2": "abstract",
    "ID": "citation-key",
}
_TAG_LINE = re.compile(r"^([A-Z][A-Z0-9])  ?-(?: (.*)|\s*)$")
_ISSN = re.compile(r"^\d{4}-?\d{3}[\dXx]$")


def _name(name: Name) -> str:
    if name.literal or not name.family:
        return name.literal or name.given
    family = " ".join(p for p in (name.non_dropping_particle, name.family) if p)
    given = " ".join(p for p in (name.given, name.dropping_particle) if p)
    parts = [family, given] if given or name.suffix else [family]
    if name.suffix:
        parts.append(name.suffix)
    return ", ".join(parts)


def _ris_date(date: Date) -> str:
    if date.year is None:
        return ""
    month = f"{date.month:02d}" if date.month else ""
    day = f"{date.day:02d}" if date.month and date.day else ""
    return f"{date.year:04d}/{month}/{day}/"


_UNEVEN_SPACE = re.compile(r"\s{2,}|[^\S ]")
_SPACES = re.compile(r"\s+")


def _line(tag: str, value: str) -> str:
    # a value must stay on one line: line breaks inside would start a new (bogus) tag.
    # ' '.join(value.split()) would do, but makes a string per word (GBs for a huge field)
    if _UNEVEN_SPACE.search(value):
        value = _SPACES.sub(" ", value)
    return f"{tag}  - {value.strip()}\n"


def ris_record(ref: Reference) -> str:
    """One reference as a RIS record, ``TY`` to ``ER``."""
    out = [_line("TY", _EXPORT_TYPES.get(ref.type, "GEN"))]
    if ref.type == "article" and not ref.get("genre"):
        out.append(_line("M3", _PREPRINT))  # GEN alone is a generic document
    out.extend(_line("AU", _name(n)) for n in ref.author if _name(n))
    out.extend(_line("A2", _name(n)) for n in ref.editor if _name(n))
    for csl, tag in _SIMPLE.items():
        if ref.get(csl):
            out.append(_line(tag, ref.get(csl)))
    page = ref.get("page")
    if page and "–" in page:
        out.append(_line("SP", page))  # the range as it is: SP/EP would lose its dash
    elif page:
        bounds = re.split(r"\s*[-–—]+\s*", page, maxsplit=1)
        if len(bounds) == 2 and bounds[0] and bounds[1]:
            out.append(_line("SP", bounds[0]))
            out.append(_line("EP", bounds[1]))
        else:
            out.append(_line("SP", page))
    for csl in ("ISBN", "ISSN"):
        if ref.get(csl):
            out.append(_line("SN", ref.get(csl)))
    keywords = ref.get("keyword")
    if keywords:
        out.extend(_line("KW", k.strip()) for k in re.split(r"[;,]", keywords) if k.strip())
    if ref.issued:
        if ref.issued.year is not None:
            out.append(_line("PY", str(ref.issued.year)))
            if ref.issued.month:
                out.append(_line("DA", _ris_date(ref.issued)))
        elif ref.issued.literal:
            out.append(_line("PY", ref.issued.literal))
    if ref.accessed and ref.accessed.year is not None:
        out.append(_line("Y2", _ris_date(ref.accessed)))
    if ref.get("citation-key"):
        out.append(_line("ID", ref.get("citation-key")))
    out.extend(_line(ris_tag(link), link.location) for link in ref.attachments)
    out.append("ER  - \n")
    return "".join(out)


def iter_ris(refs: Iterable[Reference]) -> Iterator[str]:
    """RIS records of ``refs``, one string each, separated by a blank line."""
    for index, ref in enumerate(refs):
        yield ("\n" if index else "") + ris_record(ref)


def to_ris(refs: Iterable[Reference]) -> str:
    return "".join(iter_ris(refs))


# --------------------------------------------------------------------------- reading


def _read_name(text: str) -> Name | None:
    return parse_name(text, bare="literal")


def _record(tags: list[tuple[int, str, str]], problems: list[Problem]) -> Reference:
    """A reference from one record's (line, tag, value) list, ``TY`` first."""
    start, _, ris_type = tags[0]
    ref = Reference(type=_IMPORT_TYPES.get(ris_type.strip().upper(), "article"))
    if ris_type.strip().upper() not in _IMPORT_TYPES:
        problems.append(Problem(start, f"unknown RIS type {ris_type.strip()!r}, read as article"))
    by_tag: dict[str, list[str]] = {}
    for _, tag, raw_value in tags[1:]:
        value = raw_value.strip()
        if value:
            by_tag.setdefault(tag, []).append(value)
    reverse = {tag: csl for csl, tag in _SIMPLE.items()}
    for tag, values in by_tag.items():
        if tag in reverse:
            ref.set(reverse[tag], values[0])
            if len(values) > 1 and tag in ("N1", "AB"):
                ref.set(reverse[tag], "\n".join(values))
    for tag, csl in _ALIASES.items():
        if tag in by_tag and not ref.get(csl):
            ref.set(csl, by_tag[tag][0])
    if ref.type == "book" and not ref.get("title") and by_tag.get("BT"):
        ref.set("title", by_tag["BT"][0])
        if ref.get("container-title") == by_tag["BT"][0]:
            ref.set("container-title", "")
    # AU is always "Family, Given": a name without the comma is an institution, kept
    # whole; particles stay in the family name, as Zotero keeps them ("van der Walt")
    for tag in ("AU", "A1"):
        ref.author.extend(n for n in map(_read_name, by_tag.get(tag, [])) if n)
    for tag in ("A2", "ED", "A3"):
        if tag == "A3" and ref.editor:
            break
        ref.editor.extend(n for n in map(_read_name, by_tag.get(tag, [])) if n)
    first, last = by_tag.get("SP", [""])[0], by_tag.get("EP", [""])[0]
    if first and last and last != first:
        ref.set("page", f"{first}-{last}")
    elif first or last:
        ref.set("page", first or last)
    for value in by_tag.get("SN", []):
        for raw_part in re.split(r"[;\s]+(?=\S)", value):
            part = raw_part.strip()
            target = "ISSN" if _ISSN.match(part) else "ISBN"
            if part and not ref.get(target):
                ref.set(target, part)
    if by_tag.get("KW"):
        ref.set("keyword", ", ".join(by_tag["KW"]))
    date: Date | None = None
    for tag in ("DA", "PY", "Y1"):
        if by_tag.get(tag):
            candidate = date_from_text(by_tag[tag][0])
            if candidate and (date is None or (date.year is None and candidate.year)):
                date = candidate
            if date and date.year is not None:
                break
    ref.issued = date
    if by_tag.get("Y2"):
        ref.accessed = date_from_text(by_tag["Y2"][0])
    if ref.type == "document" and ref.get("genre").lower() == _PREPRINT:
        ref.type = "article"  # what ris_record writes for a preprint
        ref.set("genre", "")
    ref.id = ref.get("citation-key")
    # file attachments (L1) and figures (L4): links, not the URL of the item
    links = [ris_link(t, v) for t in ("L1", "L4") for v in by_tag.get(t, ())]
    ref.attachments = tuple(link for link in links if link.target)
    return ref


def read_ris(text: str) -> ReadResult:
    """All the records of a RIS text; lines outside a record are reported."""
    result = ReadResult(format="ris")
    current: list[tuple[int, str, str]] | None = None
    stray_reported = False
    for number, raw in enumerate(text_lines(text), start=1):
        line = raw.rstrip("\r\n").lstrip("\ufeff")
        if not line.strip():
            continue
        match = _TAG_LINE.match(line)
        if match is None:
            if "\ufffd" in line:
                continue  # undecodable bytes: reported where the text was decoded
            if current is not None and len(current) > 1:
                # continuation of a long value (an abstract wrapped by its writer)
                lineno, tag, value = current[-1]
                current[-1] = (lineno, tag, f"{value} {line.strip()}")
            elif not stray_reported:
                result.problems.append(
                    Problem(number, "text outside any RIS record skipped", skipped=True)
                )
                stray_reported = True
            continue
        tag, value = match.group(1), match.group(2) or ""
        if tag == "TY":
            if current is not None:
                result.problems.append(
                    Problem(current[0][0], "record has no ER line; kept up to the next TY")
                )
                result.references.append(_record(current, result.problems))
            current = [(number, tag, value)]
            stray_reported = False
        elif tag == "ER":
            if current is None:
                result.problems.append(Problem(number, "ER without a TY before it"))
            else:
                result.references.append(_record(current, result.problems))
            current = None
        elif current is None:
            if not stray_reported:
                result.problems.append(
                    Problem(number, f"{tag} line outside a record skipped", skipped=True)
                )
                stray_reported = True
        else:
            current.append((number, tag, value))
    if current is not None:
        result.problems.append(Problem(current[0][0], "last record has no ER line; kept"))
        result.references.append(_record(current, result.problems))
    result.problems.sort(key=lambda p: p.line)
    return result
