"""Reading: the stages in order (split, macros, names, decode), then the fields mapped
to a Reference; between macros and names, ``crossref`` children inherit from their parents
and JabRef 3 group trees join their members' ``groups`` (decision 0019). ``file`` fields
become the reference's attachments and JabRef groups its group paths (decision 0022)."""

from __future__ import annotations

import re

from bibtexparser.model import Entry, Preamble, String

from refmanager.formats.bibtex.decode import DECODE_FAILED, decode, decode_all, unescape_verbatim
from refmanager.formats.bibtex.jabref import JabRefMeta, read_meta
from refmanager.formats.bibtex.macros import Expansion, ExpansionLimit, resolve
from refmanager.formats.bibtex.names import split_names
from refmanager.formats.bibtex.split import split
from refmanager.formats.bibtex.vocab import (
    FIELD_NAME,
    IMPORT_TYPES,
    JOURNAL_TYPES,
    MONTHS,
    PREDEFINED,
    SERIES_TYPES,
    SIMPLE_IMPORT,
    VERBATIM,
)
from refmanager.formats.common import CSL_TYPES, ReadResult, date_from_text
from refmanager.formats.filelinks import parse_file_field
from refmanager.model import Date, InputError, Name, Problem, Reference
from refmanager.model.identifiers import ARXIV_ID
from refmanager.model.limits import MAX_FIELD_CHARS, over_limit_message

# Entry type -> the genre it implies (pandoc's words), and biblatex's ``type`` keys.
_DEFAULT_GENRE = {"mastersthesis": "Master’s thesis", "phdthesis": "PhD thesis"}
_TYPE_KEYS = {
    "mathesis": "Master’s thesis",
    "phdthesis": "PhD thesis",
    "candthesis": "Candidate thesis",
    "resreport": "Research report",
    "techreport": "",  # what @report implies: no genre to keep
}
_ARXIV = frozenset({"arxiv"})
# Not inherited through crossref: what names or links the parent itself.
_NOT_INHERITED = frozenset(
    {"crossref", "xref", "key", "ids", "label", "shorthand", "entryset", "xdata", "title"}
    | {"shorttitle", "sortkey", "file", "groups", "keywords", "abstract", "note", "doi", "url"}
)
_GOBBLE_DEF = re.compile(
    r"\\(?:(?:re)?newcommand|providecommand|DeclareRobustCommand)\*?\s*\{?\\([a-zA-Z]+)\}?"
    r"\s*\[1\]\s*\{\s*\}|\\def\s*\\([a-zA-Z]+)\s*#1\s*\{\s*\}"
)
_PAGE_DASH = re.compile(r"\s*(?:–|—|\\textendash\{\}|\\textendash)\s*")
_PAGE_HYPHEN = re.compile(r"(?<=\w)\s*-\s*(?=\w)")


def _month(value: str) -> int | None:
    text = value.strip().lower()
    if text.isdigit():
        number = int(text)
        return number if 1 <= number <= 12 else None
    for index, name in enumerate(MONTHS):
        if text.startswith(name):
            return index + 1
    return None


def _csl_type(entry_type: str, subtype: str) -> str:
    subtype = subtype.strip().lower()
    if subtype in CSL_TYPES:
        return subtype
    base = IMPORT_TYPES.get(entry_type.lower(), "article")
    if base == "article-journal" and subtype in ("magazine", "newspaper"):
        return f"article-{subtype}"
    return base


def resolve_fields(
    key: str,
    *,
    fields: list[tuple[str, str]],
    strings: dict[str, str],
    line: int,
    problems: list[Problem],
    budget: Expansion,
) -> dict[str, str]:
    """An entry's fields by lower-case name, delimiters and macros resolved."""
    values: dict[str, str] = {}
    undefined: list[str] = []
    for raw_name, raw_value in fields:
        name = raw_name.strip().lower()
        if name in values:
            problems.append(Problem(line, f"entry {key}: field {name} given twice; kept the first"))
            continue
        value = resolve(str(raw_value), strings, undefined, budget, f"entry {key}")
        if len(value) > MAX_FIELD_CHARS:  # cut before decoding: that costs many times its size
            problems.append(Problem(line, f"entry {key}: {over_limit_message(name, len(value))}"))
            value = value[:MAX_FIELD_CHARS]
        values[name] = value
    for macro in undefined:
        problems.append(Problem(line, f"entry {key}: undefined @string {macro!r} kept as text"))
    return values


def fields_to_reference(
    entry_type: str,
    key: str,
    *,
    values: dict[str, str],
    line: int,
    problems: list[Problem],
    gobble: re.Pattern[str] | None = None,
) -> Reference:
    """Resolved fields as a Reference; ``gobble`` matches macros that print nothing
    (``{\\noopsort{a}}``), taken out before decoding."""
    if gobble is not None:
        values = {
            name: gobble.sub("", value) if "\\" in value else value
            for name, value in values.items()
        }
    ref = Reference(id=key)
    ref.type = _csl_type(entry_type, values.get("entrysubtype", ""))
    if ref.type == "document" and _is_preprint(values):
        ref.type = "article"  # CSL's preprint: a @misc that is an arXiv e-print
    if key:
        ref.fields["citation-key"] = key

    people = {
        role: split_names(values[role])
        for role in ("author", "editor", "translator")
        if role in values
    }
    to_decode: dict[str, str] = {}
    verbatim: dict[str, str] = {}
    for name, value in values.items():
        if name in people or name == "entrysubtype":
            continue
        if name in VERBATIM:
            verbatim[name] = unescape_verbatim(value)
        else:
            to_decode[name] = value
    decoded, error = decode_all(to_decode)
    for role, persons in people.items():
        names, name_error = _decoded_names(persons)
        error = error or name_error
        if role == "author":
            ref.author = names
        elif role == "editor":
            ref.editor = names
        elif names:
            ref.extra[role] = [n.to_csl() for n in names]
    if error:
        problems.append(Problem(line, f"entry {key}: {error}"))

    text = {**decoded, **verbatim}
    journal_like = ref.type in JOURNAL_TYPES
    series_like = ref.type in SERIES_TYPES
    for name, value in text.items():
        if not value:
            continue
        if name in ("year", "month", "day", "date", "urldate"):
            continue
        if name == "pages":
            ref.set("page", _page_range(value))
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
        elif name in SIMPLE_IMPORT:
            target = SIMPLE_IMPORT[name]
            if not ref.get(target):
                ref.set(target, value)
        elif name == "eprint":
            kind = (text.get("eprinttype") or text.get("archiveprefix") or "").lower()
            arxiv = "arXiv:" + value.removeprefix("arXiv:")
            if kind in _ARXIV and not text.get("number"):
                ref.set("number", arxiv)
            elif kind not in _ARXIV or text.get("number") != arxiv:
                ref.set("eprint", value)  # (Better BibTeX writes an arXiv id twice)
        elif name in ("eprinttype", "archiveprefix"):
            if value.lower() not in _ARXIV or not text.get("eprint"):
                ref.set(name, value)
        elif name == "file":
            ref.attachments = tuple(parse_file_field(values["file"]))
        elif name in ("key", "crossref", "groups"):
            pass
        elif FIELD_NAME.fullmatch(name):
            ref.set(name, value)

    if text.get("groups"):
        # after ``keywords`` wherever it stands: JabRef writes ``groups`` first
        have = [k.strip() for k in ref.get("keyword").split(",") if k.strip()]
        groups = [g.strip() for g in text["groups"].split(",") if g.strip()]
        ref.set("keyword", ", ".join([*have, *(g for g in groups if g not in have)]))
    _genre(ref, entry_type.lower(), text.get("type", ""))
    ref.issued = _read_issued(text, line, key, problems)
    if text.get("urldate"):
        ref.accessed = date_from_text(text["urldate"])
    return ref


def _decoded_names(persons: list[tuple[str, ...]]) -> tuple[list[Name], str]:
    """The names of split people (``names.split_names``), their parts decoded from
    LaTeX; and the error ``decode_all`` gives when some could not be decoded."""
    names: list[Name] = []
    failed = False
    for person in persons:
        if person[0] == "others":
            names.append(Name(literal="others"))  # "et al.", as pandoc reads it
            continue
        texts: list[str] = []
        for part in person[1:]:
            text, ok = decode(part) if part else ("", True)
            texts.append(text)
            failed = failed or not ok
        if person[0] == "literal":
            if texts[0]:
                names.append(Name(literal=texts[0]))
            continue
        first, von, last, jr = texts
        if not last:
            last, first = first, ""
        if last:
            names.append(Name(family=last, given=first, non_dropping_particle=von, suffix=jr))
    return names, DECODE_FAILED if failed else ""


_ARXIV_MENTION = re.compile(rf"\barXiv:\s*{ARXIV_ID}", re.IGNORECASE)


def _is_preprint(values: dict[str, str]) -> bool:
    """A ``@misc`` holding an arXiv e-print: its ``eprinttype``/``archiveprefix`` says
    arXiv, or its number, venue or note cites an ``arXiv:`` identifier."""
    kind = (values.get("eprinttype") or values.get("archiveprefix") or "").strip("{} ").lower()
    if kind in _ARXIV:
        return True
    return any(
        _ARXIV_MENTION.search(values.get(name, ""))
        for name in ("number", "howpublished", "journal", "journaltitle", "note", "eprint")
    )


def _genre(ref: Reference, entry_type: str, given: str) -> None:
    """The genre a thesis or report type implies, and biblatex's ``type`` keys in words."""
    key = given.strip().lower()
    if key in _TYPE_KEYS:
        ref.set("genre", _TYPE_KEYS[key])
    elif not given and ref.type == "thesis":
        ref.set("genre", _DEFAULT_GENRE.get(entry_type, ""))


def _page_range(value: str) -> str:
    """Pages as written: an en dash (``--``) stays one, a hyphen stays a hyphen."""
    return _PAGE_HYPHEN.sub("-", _PAGE_DASH.sub("–", value))


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


def read_bibtex(
    text: str,
    source: str = "",
    strings: dict[str, str] | None = None,
    meta: list[str] | None = None,
) -> ReadResult:
    """All the entries of a BibTeX/BibLaTeX text, in file order; broken ones reported.

    ``strings``: the ``@string`` macros of the text before this one (a file read a part
    at a time); the part's own definitions are added to it. ``meta``: the whole file's
    jabref-meta texts (``jabref_meta_texts``), for a part that may not hold them; by
    default those of ``text``. File links come back unresolved (``Attachment.resolved``
    empty) and relative; ``ReadResult.file_directory`` says what JabRef would resolve
    them against.

    Raises:
        InputError: the text's ``@string`` macros expand beyond the limits (``source``
            names the file in the message).
    """
    try:
        return _read(text, {} if strings is None else strings, meta)
    except ExpansionLimit as exc:
        raise InputError(source, str(exc)) from None


def _read(text: str, strings: dict[str, str], meta_texts: list[str] | None) -> ReadResult:
    result = ReadResult(format="bibtex")
    blocks = split(text)
    meta = read_meta(blocks.jabref_meta if meta_texts is None else meta_texts)
    result.file_directory = meta.file_directory
    result.problems.extend(blocks.problems)
    for name, value in PREDEFINED.items():
        strings.setdefault(name, value)
    undefined: list[str] = []
    budget = Expansion()
    entries: list[tuple[int, Entry]] = []
    gobbled = {"noopsort"}
    for line, block in blocks.items:
        if isinstance(block, String):
            strings[block.key.lower()] = resolve(
                str(block.value), strings, undefined, budget, f"@string {block.key}"
            )
        elif isinstance(block, Preamble):
            for match in _GOBBLE_DEF.finditer(str(block.value)):
                gobbled.add(match.group(1) or match.group(2))
        else:
            entries.append((line, block))
    gobble = re.compile(r"\\(?:" + "|".join(sorted(gobbled)) + r")\s*\{[^{}]*\}")
    resolved = [
        (
            line,
            entry,
            resolve_fields(
                entry.key,
                fields=[(f.key, f.value) for f in entry.fields],
                strings=strings,
                line=line,
                problems=result.problems,
                budget=budget,
            ),
        )
        for line, entry in entries
    ]
    own_groups = {entry.key: _names(values.get("groups", "")) for _, entry, values in resolved}
    _jabref_groups(meta, resolved)
    parents = {entry.key.lower(): values for _, entry, values in reversed(resolved)}
    for line, entry, values in resolved:
        if values.get("crossref"):
            _inherit(entry.key, values, parents, line, result.problems)
        ref = fields_to_reference(
            entry.entry_type,
            entry.key,
            values=values,
            line=line,
            problems=result.problems,
            gobble=gobble,
        )
        ref.groups = meta.group_paths(entry.key, own_groups[entry.key])
        result.references.append(ref)
    result.problems.sort(key=lambda p: p.line)
    return result


def _names(groups: str) -> list[str]:
    return [g.strip() for g in groups.split(",") if g.strip()]


def _jabref_groups(meta: JabRefMeta, resolved: list[tuple[int, Entry, dict[str, str]]]) -> None:
    """Groups JabRef 3 lists an entry in (its tree's ``ExplicitGroup:Name\\;0\\;key\\;...``)
    join the entry's ``groups`` field, which JabRef 4 and later write themselves; their
    names become keywords."""
    for _, entry, values in resolved:
        paths = meta.members.get(entry.key)
        if paths:
            have = _names(values.get("groups", ""))
            leaves = [path.rsplit("/", 1)[-1] for path in paths]
            values["groups"] = ", ".join([*have, *(n for n in leaves if n not in have)])


def _inherit(
    key: str,
    values: dict[str, str],
    parents: dict[str, dict[str, str]],
    line: int,
    problems: list[Problem],
) -> None:
    """Fields the child lacks, from the entry its ``crossref`` names (one level, as BibTeX
    and biber do); the parent's title becomes the child's booktitle."""
    parent = parents.get(values["crossref"].strip().lower())
    if parent is None or parent is values:
        problems.append(
            Problem(line, f"entry {key}: crossref {values['crossref']!r} names no entry here")
        )
        return
    for name, value in parent.items():
        if name not in values and name not in _NOT_INHERITED:
            values[name] = value
    if "booktitle" not in values and parent.get("title"):
        values["booktitle"] = parent["title"]
