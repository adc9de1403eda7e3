-- refmanager library schema, version 5: bibliography-file imports, so that an interrupted
-- one is finished by importing the same file again, without duplicates.
-- Each batch of references and its imports row are written in one transaction: `added`
-- always counts the references of the file (in file order) that are in the library.

CREATE TABLE imports (
    id        INTEGER PRIMARY KEY,
    sha256    TEXT NOT NULL,                -- content hash of the file imported
    file_name TEXT NOT NULL DEFAULT '',     -- its name, for display
    format    TEXT NOT NULL DEFAULT '',     -- bibtex | ris | csl-json
    added     INTEGER NOT NULL DEFAULT 0,   -- references of the file stored so far
    first_ref INTEGER,                      -- the smallest and largest reference ids added
    last_ref  INTEGER,
    started   REAL NOT NULL,
    finished  REAL                          -- NULL while the import is not finished
) STRICT;
CREATE INDEX imports_sha256 ON imports(sha256);
