-- refmanager library schema, version 4: the files the library itself stored.
-- `check --prune` deletes a file in files/ only when it is named by a content hash recorded
-- here, its content still has that hash, and no document refers to it: files a user put in
-- the folder are never deleted.

CREATE TABLE stored_files (
    sha256  TEXT PRIMARY KEY,               -- files/<sha256><suffix> was written by the library
    stored  REAL NOT NULL                   -- unix time it was recorded
) STRICT;

-- The files of the documents there are now were stored by the library.
INSERT OR IGNORE INTO stored_files (sha256, stored)
    SELECT sha256, added FROM documents WHERE sha256 IS NOT NULL;
