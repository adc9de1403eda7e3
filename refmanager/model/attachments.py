"""Attachments: links from a reference to a file or a web page, as a bibliography file
gave them (decision 0022).

A link is only a string here: nothing in refmanager reads, opens, copies or even looks
for the file it names unless the user asks for that one link (the window's "Open
attachment"). Paths are resolved lexically (never through the file system).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]+://")
_WINDOWS_ABSOLUTE = re.compile(r"(?:[A-Za-z]:[\\/]|\\\\)")


@dataclass(slots=True, frozen=True)
class Attachment:
    """One link of a reference.

    Attributes:
        target: the path or URL exactly as the source wrote it (escapes undone).
        resolved: an absolute path, when ``target`` is a relative path and the folder it
            is relative to is known (the .bib's folder, or JabRef's file directory);
            ``target`` itself when it is absolute already; "" for URLs and for paths
            relative to something unknown (EndNote's ``internal-pdf://``).
        kind: the file type as the source said it (JabRef's ``PDF``, Zotero's
            ``application/pdf``, RIS's ``L4`` figure), "" when it said none.
        title: the link's description (JabRef's and Zotero's ``Full Text PDF``).
    """

    target: str
    resolved: str = ""
    kind: str = ""
    title: str = ""

    @property
    def is_url(self) -> bool:
        """Whether the link is a URL (``https://``, ``file://``, ``internal-pdf://``)."""
        return bool(_URL.match(self.target))

    @property
    def location(self) -> str:
        """What to open: the resolved path, else the link as given."""
        return self.resolved or self.target


def is_absolute(path: str) -> bool:
    """Whether ``path`` is absolute on POSIX or on Windows (``C:\\``, ``\\\\server``)."""
    return path.startswith("/") or bool(_WINDOWS_ABSOLUTE.match(path))


def resolve_link(link: Attachment, folder: str) -> Attachment:
    """``link`` with ``resolved`` filled in: relative paths joined to ``folder`` (an
    absolute folder; "" leaves them unresolved) and normalised, without touching disk."""
    if link.resolved or link.is_url or not link.target:
        return link
    target = link.target
    if is_absolute(target):
        resolved = target
    elif folder:
        if os.sep == "/":
            target = target.replace("\\", "/")  # a relative path written on Windows
        resolved = os.path.normpath(os.path.join(folder, target))
    else:
        return link
    return Attachment(target, resolved, link.kind, link.title)
