-- refmanager library schema, version 6: files kept up to date, stable citation keys,
-- the library's settings.

-- Files rewritten whenever what they cover changes (`refmanager export ... --keep-updated`,
-- kept so by `refmanager watch` or the window while it runs).
CREATE TABLE auto_exports (
    id       INTEGER PRIMARY KEY,
    path     TEXT NOT NULL UNIQUE,          -- absolute path of the file
    format   TEXT NOT NULL,                 -- bibtex | biblatex | ris | csl-json | csv
    query    TEXT NOT NULL DEFAULT '',      -- the search it covers ('' = every reference)
    created  REAL NOT NULL,                 -- unix time it was set up
    written  REAL                           -- unix time it was last rewritten
) STRICT;

-- The citation key each reference was first exported with: it keeps it in every later
-- export. `source` is the reference's own citation-key field when the key was given (''
-- when the key was made from the key pattern): when the user changes that field, the
-- reference gets a new key; nothing else changes it.
CREATE TABLE citation_keys (
    ref_id   INTEGER PRIMARY KEY REFERENCES refs(id) ON DELETE CASCADE,
    key      TEXT NOT NULL,
    source   TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE UNIQUE INDEX citation_keys_key ON citation_keys(key COLLATE NOCASE);

-- Named settings of this library (the citation key pattern, ...).
CREATE TABLE settings (
    name     TEXT PRIMARY KEY,
    value    TEXT NOT NULL
) STRICT;
