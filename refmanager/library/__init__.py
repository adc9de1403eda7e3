"""The SQLite library: schema migrations, documents and references, search, tags, duplicates.

Public API: :class:`Library` (open a folder, read and write) and the records it returns.
See ``docs/decisions`` for the schema, the search compiler and duplicate blocking.
"""

from refmanager.library.changes import LibraryState
from refmanager.library.collections import CollectionInfo, DeletedCollection
from refmanager.library.documents import file_sha256, stored_sha
from refmanager.library.exports import AutoExport, WrittenKey
from refmanager.library.library import Library
from refmanager.library.query import FIELDS as QUERY_FIELDS
from refmanager.library.query import compile_query
from refmanager.library.results import (
    CheckReport,
    DeletedDocument,
    DeletedReferences,
    DeletedTag,
    DuplicateCandidate,
    MergeRecord,
    ReferenceRow,
    RowExtras,
    StoredReference,
    Suggestion,
    TagInfo,
)
from refmanager.library.search import CSL_SORT_FIELDS
from refmanager.model.options import SORT_COLUMNS

__all__ = [
    "CSL_SORT_FIELDS",
    "QUERY_FIELDS",
    "SORT_COLUMNS",
    "AutoExport",
    "CheckReport",
    "CollectionInfo",
    "DeletedCollection",
    "DeletedDocument",
    "DeletedReferences",
    "DeletedTag",
    "DuplicateCandidate",
    "Library",
    "LibraryState",
    "MergeRecord",
    "ReferenceRow",
    "RowExtras",
    "StoredReference",
    "Suggestion",
    "TagInfo",
    "WrittenKey",
    "compile_query",
    "file_sha256",
    "stored_sha",
]
