"""The SQLite library: schema migrations, documents and references, search, tags, duplicates.

Public API: :class:`Library` (open a folder, read and write) and the records it returns.
See ``docs/decisions`` for the schema, the search compiler and duplicate blocking.
"""

from refmanager.library.exports import AutoExport, WrittenKey
from refmanager.library.library import (
    DB_NAME,
    FILES_DIR,
    SPECIAL_FIELDS,
    ImportRun,
    Library,
    file_sha256,
    get_field,
    set_field,
)
from refmanager.library.query import FIELDS as QUERY_FIELDS
from refmanager.library.query import compile_query
from refmanager.library.records import (
    CSL_SORT_FIELDS,
    SORT_COLUMNS,
    CheckReport,
    Correction,
    DeletedDocument,
    DeletedReferences,
    DeletedTag,
    DocumentRecord,
    DuplicateCandidate,
    FieldChange,
    LayoutCorrection,
    MergeRecord,
    ReferenceRow,
    RowExtras,
    SavedSearch,
    StoredReference,
    Suggestion,
    TagInfo,
)

__all__ = [
    "CSL_SORT_FIELDS",
    "DB_NAME",
    "FILES_DIR",
    "QUERY_FIELDS",
    "SORT_COLUMNS",
    "SPECIAL_FIELDS",
    "AutoExport",
    "CheckReport",
    "Correction",
    "DeletedDocument",
    "DeletedReferences",
    "DeletedTag",
    "DocumentRecord",
    "DuplicateCandidate",
    "FieldChange",
    "ImportRun",
    "LayoutCorrection",
    "Library",
    "MergeRecord",
    "ReferenceRow",
    "RowExtras",
    "SavedSearch",
    "StoredReference",
    "Suggestion",
    "TagInfo",
    "WrittenKey",
    "compile_query",
    "file_sha256",
    "get_field",
    "set_field",
]
