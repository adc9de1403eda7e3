"""The innermost layer: CSL-shaped dataclasses shared by every other layer.

Nothing here imports any other refmanager package, nor any third-party library.
"""

from refmanager.model.attachments import Attachment
from refmanager.model.errors import AlreadyInLibrary, InputError, Problem, RefmanagerError
from refmanager.model.items import (
    CSL_FIELDS,
    Date,
    DocumentMeta,
    Entry,
    Location,
    Mark,
    Name,
    Reference,
    Token,
)

__all__ = [
    "CSL_FIELDS",
    "AlreadyInLibrary",
    "Attachment",
    "Date",
    "DocumentMeta",
    "Entry",
    "InputError",
    "Location",
    "Mark",
    "Name",
    "Problem",
    "Reference",
    "RefmanagerError",
    "Token",
]
