"""CSL-JSON shaped items: names, dates, references, and where they stand on a page."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from refmanager.model.attachments import Attachment

# Plain string CSL variables that a Reference carries as attributes, in CSL-JSON spelling.
CSL_FIELDS: tuple[str, ...] = (
    "title",
    "container-title",
    "collection-title",
    "volume",
    "issue",
    "page",
    "publisher",
    "publisher-place",
    "edition",
    "genre",
    "number",
    "DOI",
    "URL",
    "ISBN",
    "ISSN",
    "note",
    "medium",
)

_NAME_KEYS = ("family", "given", "literal", "non-dropping-particle", "dropping-particle", "suffix")
# CSL-JSON keys Reference.from_csl reads itself rather than as string fields.
_NOT_FIELDS = frozenset({"id", "type", "citation-number", "author", "editor", "issued", "accessed"})


@dataclass(slots=True)
class Name:
    """A CSL name: a person (family, given, particles, suffix) or a literal (a corporate author)."""

    family: str = ""
    given: str = ""
    literal: str = ""
    non_dropping_particle: str = ""
    dropping_particle: str = ""
    suffix: str = ""

    def to_csl(self) -> dict[str, str]:
        plain = not (
            self.literal or self.non_dropping_particle or self.dropping_particle or self.suffix
        )
        if plain and self.family and self.given:  # the usual {"family": ..., "given": ...}
            return {"family": self.family, "given": self.given}
        out: dict[str, str] = {}
        for key, value in zip(_NAME_KEYS, self._parts(), strict=True):
            if value:
                out[key] = value
        return out

    def _parts(self) -> tuple[str, str, str, str, str, str]:
        """The parts in the order of ``_NAME_KEYS``."""
        return (
            self.family,
            self.given,
            self.literal,
            self.non_dropping_particle,
            self.dropping_particle,
            self.suffix,
        )

    def is_blank(self) -> bool:
        """No part of the name holds text (``to_csl()`` would be empty)."""
        return not (
            self.family
            or self.given
            or self.literal
            or self.non_dropping_particle
            or self.dropping_particle
            or self.suffix
        )

    @classmethod
    def from_csl(cls, data: Any) -> Name:
        """Build a name from CSL-JSON; a bare string becomes a literal name."""
        if isinstance(data, str):
            return cls(literal=data.strip())
        if not isinstance(data, dict):
            return cls(literal=str(data))
        get = data.get
        if len(data) == 2:  # the usual {"family": ..., "given": ...}: no lookups to spare
            family, given = get("family"), get("given")
            if family.__class__ is str and given.__class__ is str:
                return cls(family, given)
        parts = [get(key) or "" for key in _NAME_KEYS]
        if all(part.__class__ is str for part in parts):
            return cls(*parts)
        return cls(*(part if part.__class__ is str else str(part) for part in parts))

    def display(self) -> str:
        """The name as people write it: ``Given Family`` or the literal."""
        if self.literal:
            return self.literal
        if not (self.non_dropping_particle or self.dropping_particle or self.suffix):
            return f"{self.given} {self.family}".strip() if self.given else self.family
        family = " ".join(p for p in (self.non_dropping_particle, self.family) if p)
        given = " ".join(p for p in (self.given, self.dropping_particle) if p)
        text = f"{given} {family}".strip() if given else family
        return f"{text}, {self.suffix}" if self.suffix else text

    def inverted(self) -> str:
        """The name as lists and tables print it: ``Family, Given, Suffix`` or the literal."""
        if self.literal or not self.family:
            return self.literal or self.given
        if not (self.non_dropping_particle or self.dropping_particle or self.suffix):
            return f"{self.family}, {self.given}" if self.given else self.family
        family = " ".join(p for p in (self.non_dropping_particle, self.family) if p)
        given = " ".join(p for p in (self.given, self.dropping_particle) if p)
        text = f"{family}, {given}" if given else family
        return f"{text}, {self.suffix}" if self.suffix else text

    def sort_key(self) -> str:
        """The family name (or literal) used for sorting and citation keys."""
        return self.literal or self.family


# A date's number has at most this many digits; longer runs are kept as the date's text.
_DATE_DIGITS = 30


@dataclass(slots=True)
class Date:
    """A CSL date: year with optional month and day, or a literal string."""

    year: int | None = None
    month: int | None = None
    day: int | None = None
    literal: str = ""

    def to_csl(self) -> dict[str, Any]:
        if self.year is None:
            return {"literal": self.literal} if self.literal else {}
        parts: list[int] = [self.year]
        if self.month is not None:
            parts.append(self.month)
            if self.day is not None:
                parts.append(self.day)
        return {"date-parts": [parts]}

    def iso(self) -> str:
        """``2020``, ``2020-05`` or ``2020-05-01`` (or the literal)."""
        if self.year is None:
            return self.literal
        text = f"{self.year:04d}"
        if self.month is not None:
            text += f"-{self.month:02d}"
            if self.day is not None:
                text += f"-{self.day:02d}"
        return text

    @classmethod
    def from_csl(cls, data: Any) -> Date | None:
        """Read a CSL date; accepts the repairable shapes found in the wild (a bare year)."""
        if data.__class__ is dict and len(data) == 1:  # the usual {"date-parts": [[2020]]}
            parts = data.get("date-parts")
            if parts.__class__ is list and len(parts) == 1:
                first = parts[0]
                if (
                    first.__class__ is list
                    and 0 < len(first) <= 3
                    and all(value.__class__ is int for value in first)
                ):
                    return cls(*first)
        if data is None or data == "":
            return None
        if isinstance(data, bool):
            return None
        if isinstance(data, int):
            return cls(year=data)
        if isinstance(data, str):
            text = data.strip()
            if text[:4].isdigit():
                bits = text.replace("/", "-").split("-")
                if any(len(b) > _DATE_DIGITS for b in bits[:3]):
                    return cls(literal=text)  # digits beyond any date (and int()'s limit)
                nums = [int(b) for b in bits[:3] if b.isdigit()]
                if not nums:
                    return cls(literal=text)
                padded: list[int | None] = [*nums[:3], None, None]
                return cls(padded[0], padded[1], padded[2])
            return cls(literal=text)
        if not isinstance(data, dict):
            return None
        parts = data.get("date-parts")
        if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
            nums2: list[int | None] = []
            for value in parts[0][:3]:
                try:
                    nums2.append(int(value))
                except (TypeError, ValueError):
                    nums2.append(None)
            while len(nums2) < 3:
                nums2.append(None)
            return cls(nums2[0], nums2[1], nums2[2])
        if data.get("raw") or data.get("literal"):
            return cls.from_csl(str(data.get("raw") or data.get("literal")))
        return None


@dataclass(slots=True, frozen=True)
class Mark:
    """A place on a page the user marked (where a list starts or ends): 1-based ``page``,
    height ``y`` in PDF points (origin at the bottom), and optionally ``x``, which chooses
    the column on a page set in two."""

    page: int
    y: float
    x: float | None = None


@dataclass(slots=True)
class Location:
    """Where (part of) an entry is printed: a 1-based page and a box in PDF points.

    The box is ``(x0, y0, x1, y1)`` in the page's default user space, origin at the
    bottom left, as PDF viewers report it.
    """

    page: int
    bbox: tuple[float, float, float, float]

    def to_csl(self) -> dict[str, Any]:
        return {"page": self.page, "bbox": [round(v, 2) for v in self.bbox]}

    @classmethod
    def from_csl(cls, data: Any) -> Location | None:
        try:
            box = tuple(float(v) for v in data["bbox"])
            if len(box) != 4:
                return None
            return cls(int(data["page"]), (box[0], box[1], box[2], box[3]))
        except (KeyError, TypeError, ValueError):
            return None


@dataclass(slots=True)
class Token:
    """One token of an entry's raw text and the field the parser gave it.

    ``start`` and ``end`` are character offsets into ``Reference.raw``.
    """

    start: int
    end: int
    label: str

    @classmethod
    def from_csl(cls, data: Any) -> Token | None:
        try:
            if isinstance(data, dict):
                return cls(int(data["start"]), int(data["end"]), str(data["label"]))
            return cls(int(data[0]), int(data[1]), str(data[2]))
        except (KeyError, IndexError, TypeError, ValueError):
            return None


@dataclass(slots=True)
class Entry:
    """One reference entry as extraction finds it, before any field is parsed.

    Attributes:
        raw: the entry's text on one line, label included.
        label: the printed label ("12", "HKL19") or "" for unlabelled styles.
        locations: one box per page (or column) the entry occupies.
        fragment: the tail of an entry whose start is not in the document.
        styles: optional per-character style spans ``(start, end, "italic"|"bold")``
            that the field parser may use as features.
    """

    raw: str
    label: str = ""
    locations: list[Location] = field(default_factory=list)
    fragment: bool = False
    styles: list[tuple[int, int, str]] = field(default_factory=list)


@dataclass(slots=True)
class Reference:
    """One CSL-JSON item, plus refmanager's own data (the underscore fields)."""

    type: str = "article"
    id: str = ""
    citation_number: int | None = None
    author: list[Name] = field(default_factory=list)
    editor: list[Name] = field(default_factory=list)
    issued: Date | None = None
    accessed: Date | None = None
    fields: dict[str, str] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)
    raw: str = ""
    label: str = ""
    location: list[Location] = field(default_factory=list)
    confidence: dict[str, float] = field(default_factory=dict)
    tokens: list[Token] = field(default_factory=list)
    fragment: bool = False
    # The font styles extraction saw in ``raw`` (Entry.styles): kept with the reference so
    # that parsing it again sees the features the first parse saw.
    styles: list[tuple[int, int, str]] = field(default_factory=list)
    # What a bibliography file said beside the CSL item, stored apart by the library (not
    # part of to_csl): file links, and the groups (JabRef's) the item is filed in, each
    # as its path from the top ("Group/Subgroup").
    attachments: tuple[Attachment, ...] = ()
    groups: tuple[str, ...] = ()

    def get(self, name: str) -> str:
        """A string field by its CSL name ("title", "container-title", "DOI"), or ""."""
        return self.fields.get(name, "")

    def set(self, name: str, value: str) -> None:
        """Set a string field; an empty value removes it."""
        if value:
            self.fields[name] = value
        else:
            self.fields.pop(name, None)

    @property
    def year(self) -> int | None:
        return self.issued.year if self.issued else None

    def to_csl(self) -> dict[str, Any]:
        """The item as a CSL-JSON dict (underscore fields only where they hold something)."""
        out: dict[str, Any] = {}
        if self.id:
            out["id"] = self.id
        if self.citation_number is not None:
            out["citation-number"] = self.citation_number
        out["type"] = self.type
        if self.author:
            out["author"] = [n.to_csl() for n in self.author]
        if self.editor:
            out["editor"] = [n.to_csl() for n in self.editor]
        fields = self.fields
        for key in CSL_FIELDS:
            value = fields.get(key)
            if value:
                out[key] = value
        for key, value in fields.items():
            if value and key not in out:
                out[key] = value
        for key, date in (("issued", self.issued), ("accessed", self.accessed)):
            if date is not None:
                parts = date.to_csl()
                if parts:
                    out[key] = parts
        out.update(self.extra)
        if self.raw:
            out["_raw"] = self.raw
        if self.label:
            out["_label"] = self.label
        if self.location:
            out["_location"] = [loc.to_csl() for loc in self.location]
        if self.confidence:
            out["_confidence"] = {k: round(v, 3) for k, v in self.confidence.items()}
        if self.tokens:
            out["_tokens"] = [[t.start, t.end, t.label] for t in self.tokens]
        if self.fragment:
            out["_fragment"] = True
        if self.styles:
            out["_styles"] = [[a, b, kind] for a, b, kind in self.styles]
        return out

    @classmethod
    def from_csl(cls, data: dict[str, Any]) -> Reference:
        """Build a Reference from a CSL-JSON dict, repairing common wrong shapes.

        An author given as a string becomes one literal name per ``;`` or `` and ``
        separated part, a number where a string belongs becomes its text, and an
        ``issued`` given as a number or string becomes a date.
        """
        get = data.get
        number = get("citation-number")
        citation_number: int | None = None
        if isinstance(number, int) or (isinstance(number, str) and number.isdigit()):
            citation_number = int(number)
        fields: dict[str, str] = {}
        extra: dict[str, Any] = {}
        private = False  # whether there are underscore fields to read
        for key, value in data.items():
            if key in _NOT_FIELDS:
                continue
            if key.startswith("_"):
                private = True
                continue
            if value.__class__ is str:  # the usual case, tested first
                text = value.strip()
                if text:
                    fields[key] = text
            elif isinstance(value, (str, int, float)) and not isinstance(value, bool):
                text = str(value).strip()
                if text:
                    fields[key] = text
            elif value is not None:
                extra[key] = value
        ref = cls(
            type=str(get("type") or "article"),
            id=str(get("id") or ""),
            citation_number=citation_number,
            author=_names(get("author")),
            editor=_names(get("editor")),
            issued=Date.from_csl(get("issued")),
            accessed=Date.from_csl(get("accessed")),
            fields=fields,
            extra=extra,
        )
        if not private:  # a plain CSL item (a file's): nothing more to read
            return ref
        ref.raw = str(get("_raw") or "")
        ref.label = str(get("_label") or "")
        locations = get("_location")
        if isinstance(locations, list):
            ref.location = [loc for loc in map(Location.from_csl, locations) if loc]
        conf = get("_confidence")
        if isinstance(conf, dict):
            if all(v.__class__ is float and k.__class__ is str for k, v in conf.items()):
                ref.confidence = dict(conf)  # as stored: nothing to convert
            else:
                ref.confidence = {
                    str(k): float(v) for k, v in conf.items() if isinstance(v, (int, float))
                }
        tokens = get("_tokens")
        if isinstance(tokens, list):
            ref.tokens = [t for t in map(Token.from_csl, tokens) if t]
        ref.fragment = bool(get("_fragment"))
        ref.styles = _styles(get("_styles"), len(ref.raw) if ref.raw else None)
        return ref


def _styles(data: Any, length: int | None) -> list[tuple[int, int, str]]:
    """Stored style spans that fit the raw text of ``length`` (any length when None)."""
    if data.__class__ is not list:
        return []
    out: list[tuple[int, int, str]] = []
    for span in data:
        if (
            isinstance(span, list)
            and len(span) == 3
            and all(isinstance(x, int) and not isinstance(x, bool) for x in span[:2])
            and isinstance(span[2], str)
            and 0 <= span[0] < span[1] <= (span[1] if length is None else length)
        ):
            out.append((span[0], span[1], span[2]))
    return out


def _names(data: Any) -> list[Name]:
    if data.__class__ is list:  # the usual case, tested first
        return [Name.from_csl(d) for d in data if d]
    if data is None or data == "":
        return []
    if isinstance(data, str):
        parts = [p.strip() for p in data.replace(" and ", ";").split(";")]
        return [Name(literal=p) for p in parts if p]
    if isinstance(data, dict):
        return [Name.from_csl(data)]
    if isinstance(data, list):
        return [Name.from_csl(d) for d in data if d]
    return [Name(literal=str(data))]


@dataclass(slots=True)
class DocumentMeta:
    """What a PDF says about itself: so a document shows as a paper, not a file name."""

    title: str = ""
    authors: list[Name] = field(default_factory=list)
    year: int | None = None
    doi: str = ""
    arxiv: str = ""
    page_count: int = 0
