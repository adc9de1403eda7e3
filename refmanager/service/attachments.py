"""Use cases: a reference's attachments (links to files and web pages, decision 0022),
and files the user attaches by hand (``attach_files``: a link to it, never a copy).

The links are listed as stored; nothing here reads, opens, copies or looks for what they
name. ``open_url`` says what the window may hand to the desktop when, and only when, the
user asks to open one link: a local file (a path, or a ``file:`` URL) or a web link; never
another scheme (``javascript:``, EndNote's ``internal-pdf://``, which names nothing here).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path, PurePath

from refmanager.library import Library
from refmanager.model import Attachment, InputError, Reference
from refmanager.model.attachments import is_absolute
from refmanager.model.links import web_link
from refmanager.service.views import Change, Changes, plural


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


def attach_files(library: Library, ref_id: int, paths: Sequence[Path]) -> list[int]:
    """Link files to a reference by their absolute paths (each file stays where it is:
    the library keeps the link, as for links a .bib gave), all or none; their positions.

    Raises:
        InputError: a path is not a file (nothing is attached), or the reference is gone.
    """
    resolved = []
    for path in paths:
        target = path.expanduser().resolve()
        if not target.is_file():
            raise InputError(str(path), "is not a file: only a file can be attached")
        resolved.append(target)
    try:
        library.references.reference(ref_id)
    except KeyError:
        raise InputError(
            str(paths[0]) if paths else str(ref_id),
            "the reference it was to be attached to is gone",
        ) from None
    links = [
        Attachment(str(target), str(target), target.suffix.lstrip(".").upper(), target.name)
        for target in resolved
    ]
    with library.transaction():
        return [library.attachments.add_attachment(ref_id, link) for link in links]


def detach(library: Library, ref_id: int, positions: Sequence[int]) -> None:
    """Remove the links :func:`attach_files` added (its undo)."""
    with library.transaction():
        for position in reversed(positions):
            library.attachments.remove_attachment(ref_id, position)


def online_url(ref: Reference) -> str | None:
    """Where a reference is on the web: its DOI at doi.org, else its URL when it is a web
    link (Zotero's View Online); None when it has neither."""
    doi = ref.get("DOI").strip()
    if doi:
        return f"https://doi.org/{doi}"
    url = web_link(ref.get("URL"))
    if not url:
        return None
    return url if "://" in url else f"https://{url}"


def attach(ref_id: int, paths: Sequence[Path]) -> Change[list[int]]:
    """Attach files to a reference, undoably, as one change (links to them,
    :func:`attach_files`)."""
    chosen = list(paths)
    what = chosen[0].name if len(chosen) == 1 else plural(len(chosen), "file")
    return Change(
        f"attach {what}",
        lambda lib: attach_files(lib, ref_id, chosen),
        lambda lib, positions: detach(lib, ref_id, positions),
        Changes.of_rows([ref_id]),
    )
