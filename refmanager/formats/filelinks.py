"""File links in the syntaxes other reference managers write (decision 0022).

BibTeX ``file`` fields (also read from a CSL-JSON ``file`` variable):

- JabRef: ``description:path:type`` links separated by ``;``, with ``\\:``, ``\\;`` and
  ``\\\\`` escaped (``:papers/a.pdf:PDF``, ``Full Text:C\\:\\\\Users\\\\a.pdf:PDF``);
- Zotero's own export: the same syntax with MIME types (``Full Text PDF:files/12/a.pdf:
  application/pdf``);
- Better BibTeX: bare paths separated by ``;`` (``/home/u/Zotero/storage/AB12/a.pdf``);
- Mendeley: JabRef's syntax with ``$\\backslash$`` for a backslash (``:C$\\backslash$:/
  Users/a.pdf:pdf``).

A Windows drive (``C:\\...``) left unescaped is joined back to its path. RIS links are its
``L1`` (file attachments) and ``L4`` (figures) lines, one link each.

The links are strings: nothing here touches the file system.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path

from refmanager.formats.common import ReadResult
from refmanager.model.attachments import Attachment, resolve_link

RIS_FIGURE = "figure"  # the kind given to RIS L4 links (L1 links have none)
# an escape (a backslash and the character it protects), a separator, a brace, or a run
# of anything else (a lone backslash included: Windows paths left unescaped)
_TOKEN = re.compile(r"\\[\\:;_%&#$~{}]|[:;{}]|[^\\:;{}]+|\\")
_MENDELEY_BACKSLASH = re.compile(r"\$\\backslash\$")
_DRIVE = re.compile(r"[A-Za-z]")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]+")


def _split(value: str) -> list[list[str]]:
    """The links of a field, each a list of its ``:``-separated parts, escapes undone."""
    if "\\" not in value:  # nothing escaped (most fields): split at C speed
        if "{" in value or "}" in value:
            value = value.replace("{", "").replace("}", "")
        return [link.split(":") for link in value.split(";")]
    links: list[list[str]] = []
    parts: list[str] = []
    current: list[str] = []
    for token in _TOKEN.findall(value):
        if token == ":":
            parts.append("".join(current))
            current = []
        elif token == ";":
            parts.append("".join(current))
            links.append(parts)
            parts, current = [], []
        elif token[0] == "\\" and len(token) == 2:
            current.append(token[1])  # an escaped character
        elif token not in ("{", "}"):  # BibTeX grouping braces are not part of the path
            current.append(token)
    parts.append("".join(current))
    links.append(parts)
    return links


def _join_drive(parts: list[str]) -> list[str]:
    """``["", "C", "\\Users\\a.pdf", "PDF"]`` -> ``["", "C:\\Users\\a.pdf", "PDF"]``: a drive
    letter (or a URL's scheme) split off by an unescaped colon goes back to its path."""
    if len(parts) < 2:
        return parts
    out: list[str] = []
    for part in parts:
        lead = part[:1]
        if out and lead in ("\\", "/") and len(out[-1]) == 1 and _DRIVE.fullmatch(out[-1]):
            out[-1] = f"{out[-1]}:{part}"
        elif out and lead == "/" and part.startswith("//") and _SCHEME.fullmatch(out[-1].strip()):
            out[-1] = f"{out[-1].strip()}:{part}"  # an unescaped URL: https://...
        else:
            out.append(part)
    return out


def parse_file_field(value: str) -> list[Attachment]:
    """The links of a BibTeX ``file`` field in any of the syntaxes above, in order."""
    value = _MENDELEY_BACKSLASH.sub(lambda _: "\\", value.strip())
    links: list[Attachment] = []
    for raw in _split(value):
        parts = [p.strip() for p in _join_drive(raw)]
        if len(parts) == 1:
            title, target, kind = "", parts[0], ""
        elif len(parts) == 2:
            title, target, kind = parts[0], parts[1], ""
        else:
            # description:link:type; a URL's own colons ("https://x") stay in the link
            title, target, kind = parts[0], ":".join(parts[1:-1]), parts[-1]
        if target:
            links.append(Attachment(target, kind=kind, title=title))
    return links


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace(":", "\\:").replace(";", "\\;")


def file_field(links: Iterable[Attachment]) -> str:
    """The links as a JabRef ``file`` field (which Zotero and Better BibTeX also read),
    each with its resolved path when it has one (the export may be saved elsewhere)."""
    return ";".join(
        f"{_escape(link.title)}:{_escape(link.location)}:{_escape(link.kind)}" for link in links
    )


def ris_link(tag: str, value: str) -> Attachment:
    """The link of a RIS ``L1`` or ``L4`` line."""
    return Attachment(value.strip(), kind=RIS_FIGURE if tag == "L4" else "")


def ris_tag(link: Attachment) -> str:
    """The RIS tag a link is written with: ``L4`` for a figure, else ``L1``."""
    return "L4" if link.kind == RIS_FIGURE else "L1"


def resolve_attachments(result: ReadResult, path: Path) -> None:
    """Resolve the relative links of ``result``'s references against the folder of the
    file they were read from (``path``), or the JabRef file directory it names: as
    JabRef does, lexically (the file system is not asked; nothing is opened)."""
    folder = os.path.join(os.path.abspath(path.parent), result.file_directory)
    for ref in result.references:
        if ref.attachments:
            ref.attachments = tuple(resolve_link(link, folder) for link in ref.attachments)
