"""Use cases: a reference's attachments (links to files and web pages, decision 0022).

The links are listed as stored; nothing here reads, opens, copies or looks for what they
name. ``open_url`` says what the window may hand to the desktop when, and only when, the
user asks to open one link: a local file (a path, or a ``file:`` URL) or a web link; never
another scheme (``javascript:``, EndNote's ``internal-pdf://``, which names nothing here).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePath

from refmanager.library import Library
from refmanager.model import Attachment
from refmanager.model.attachments import is_absolute
from refmanager.model.links import web_link


@dataclass(slots=True, frozen=True)
class Openable:
    """What opening a link hands to the desktop: a local file's path, or a web URL."""

    path: str = ""
    url: str = ""


def attachments_of(library: Library, ref_ids: list[int]) -> dict[int, list[Attachment]]:
    """The links of several references (those that have some), each in the order the
    source gave them, then those of the duplicates merged into it."""
    return library.attachments.attachments_of(ref_ids, merged=True)


def open_url(link: Attachment) -> Openable | None:
    """What the desktop should open for ``link``, or None when it cannot be opened safely
    (a relative path never resolved, a scheme other than a web or ``file:`` one)."""
    location = link.location
    if location.lower().startswith("file://"):
        return Openable(url=location)
    if link.is_url or location.lower().startswith("doi:"):
        url = web_link(location)
        return Openable(url=url) if url else None
    if is_absolute(location):
        return Openable(path=str(PurePath(location)))
    return None


def describe(link: Attachment) -> str:
    """One line for a list of links: ``target  (kind, title) -> resolved``."""
    extra = ", ".join(part for part in (link.kind, link.title) if part)
    text = link.target + (f"  ({extra})" if extra else "")
    if link.resolved and link.resolved != link.target:
        text += f"  -> {link.resolved}"
    return text
