"""A shared library's server as the rest of refmanager names it without talking to it:
the errors a server gives (told apart by type), its URI without the password, and the
channel its pushes are announced on. The connection itself, and the PostgreSQL client, are
in :mod:`refmanager.library.pgserver` (decision 0031)."""

from __future__ import annotations

from urllib.parse import quote, unquote, urlsplit, urlunsplit

from refmanager.model import InputError

CHANNEL = "refmanager"  # LISTEN/NOTIFY channel: each push notifies its last seq


class ServerError(InputError):
    """The shared library's server refused or could not do something."""


class ServerUnavailable(ServerError):
    """The server cannot be reached (down, no network, wrong address): work goes on
    offline, and the next sync sends what waits."""


class NotAllowed(ServerError):
    """The server's permissions do not let this member do that (a reader writing)."""


class NewerSchema(ServerError):
    """The server's schema is newer than this refmanager understands."""


def safe_url(url: str) -> str:
    """The URI without its password (what may be stored, shown and logged)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)
    user = quote(unquote(parts.username or ""), safe="")
    return urlunsplit(parts._replace(netloc=f"{user}@{netloc[1]}"))


def url_password(url: str) -> str | None:
    password = urlsplit(url).password
    return unquote(password) if password is not None else None


def redact(text: str, url: str) -> str:
    """``text`` with the URI's password (raw and decoded) replaced by ``***``."""
    parts = urlsplit(url)
    raw = parts.netloc.rsplit("@", 1)[0].partition(":")[2] if "@" in parts.netloc else ""
    text = text.replace(url, safe_url(url))
    for secret in {raw, unquote(raw)} - {""}:
        text = text.replace(secret, "***")
    return text
