"""Error types shared by all layers.

``InputError`` is the user's problem (a bad file, a bad query): its message is
shown to the user as it is, on one line, naming the file and the cause.
Anything else that escapes is a bug.
"""

from __future__ import annotations

from dataclasses import dataclass


class RefmanagerError(Exception):
    """Base class of every error refmanager raises on purpose."""


class InputError(RefmanagerError):
    """Bad input from the user: shown as ``source: cause``, never as a traceback.

    Attributes:
        source: the file (or other input) concerned, or "" when there is none.
        cause: one line saying what is wrong and, where possible, what to do.
    """

    def __init__(self, source: str, cause: str) -> None:
        self.source = source
        self.cause = cause
        super().__init__(f"{source}: {cause}" if source else cause)

    def __reduce__(self) -> tuple[type[InputError], tuple[str, str]]:
        # Picklable, so that an error raised in a worker process reaches the caller intact.
        return (type(self), (self.source, self.cause))


class AlreadyInLibrary(InputError):
    """A document with the same content is in the library already."""

    def __init__(self, source: str, cause: str = "already in the library") -> None:
        super().__init__(source, cause)


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong with one entry of an input file: its 1-based line and what is wrong
    (a file's reader reports it as data, and reading goes on).

    ``skipped``: something of the file did not make it into the references (an entry
    skipped, text outside any entry, bytes that could not be decoded); otherwise the
    problem says what was repaired in an entry that was kept.
    """

    line: int
    message: str
    skipped: bool = False

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}" if self.line else self.message
