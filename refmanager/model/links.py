"""Which links and identifiers may leave refmanager in an exported file.

An exported file is opened by other programs: a word processor, a browser, a LaTeX
viewer, a citation manager. A ``javascript:`` or ``file:`` URL in it can run code or open
a local file when clicked, and a "DOI" that is not one turns into such a link in the hands
of tools that build ``https://doi.org/<doi>``. These rules say what is passed on:

- a URL with a web scheme (``http``, ``https``, ``ftp``, ``ftps``) or a ``doi:`` link, or a
  host name without a scheme (``www.example.org/paper``); never another scheme, a local
  path, or a value holding control characters;
- a DOI that is one (``10.<registrant>/<suffix>``, a resolver prefix allowed and dropped);
- never a local file path (a ``file`` variable, a reference's attachments): attachments
  are links the library keeps, not something an export hands on, unless the user asks
  for them (``export --with-attachments``, decision 0022).
"""

from __future__ import annotations

import re

from refmanager.model.identifiers import bare_doi
from refmanager.model.items import Reference

WEB_SCHEMES = frozenset({"http", "https", "ftp", "ftps", "doi"})
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*):")
_HOST = re.compile(r"(?:[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,63}(?:[/:?#]\S*)?")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
# Variables that hold a local file path: never exported.
LOCAL_PATH_VARIABLES = ("file",)


def web_link(url: str) -> str:
    """``url`` stripped when it is a web link (see the module), else ""."""
    url = url.strip()
    if not url or _CONTROL.search(url):
        return ""
    scheme = _SCHEME.match(url)
    if scheme:
        return url if scheme.group(1).lower() in WEB_SCHEMES else ""
    return url if _HOST.fullmatch(url) else ""


def export_safe(ref: Reference) -> list[str]:
    """Remove from ``ref`` what must not reach an exported file; the variables removed.

    A URL that is not a web link, a DOI that is not a DOI and local file paths are
    dropped; a DOI given as a resolver link is written bare.
    """
    dropped: list[str] = []
    url = ref.get("URL")
    if url and not web_link(url):
        ref.set("URL", "")
        dropped.append("URL")
    doi = ref.get("DOI")
    if doi:
        bare = bare_doi(doi)
        ref.set("DOI", bare)
        if not bare:
            dropped.append("DOI")
    for name in LOCAL_PATH_VARIABLES:
        if ref.get(name) or name in ref.extra:
            ref.set(name, "")
            ref.extra.pop(name, None)
            dropped.append(name)
    if ref.attachments:
        ref.attachments = ()
        dropped.append("attachments")
    return dropped
