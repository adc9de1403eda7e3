-- refmanager library schema, version 1.
-- Applied by refmanager.library.db.migrate() inside one transaction; never edit a released
-- migration: add 0002_*.sql instead.

CREATE TABLE documents (
    id          INTEGER PRIMARY KEY,
    sha256      TEXT UNIQUE,                    -- content hash of files/<sha256>.pdf; NULL when no file
    file_name   TEXT NOT NULL DEFAULT '',       -- the original file name, for display
    source      TEXT NOT NULL DEFAULT 'pdf',    -- pdf | bibtex | ris | csl-json | ...
    page_count  INTEGER NOT NULL DEFAULT 0,
    title       TEXT NOT NULL DEFAULT '',       -- the PDF's own metadata
    authors     TEXT NOT NULL DEFAULT '[]',     -- CSL names as JSON
    year        INTEGER,
    doi         TEXT NOT NULL DEFAULT '',       -- normalised: lower case, no resolver prefix
    arxiv       TEXT NOT NULL DEFAULT '',
    added       REAL NOT NULL,                  -- unix time
    status      TEXT NOT NULL DEFAULT 'ok',     -- ok | partial | failed
    message     TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX documents_doi ON documents(doi) WHERE doi <> '';
CREATE INDEX documents_arxiv ON documents(arxiv) WHERE arxiv <> '';

-- One row per distinct cited work; references citing the same work share it.
CREATE TABLE works (
    id          INTEGER PRIMARY KEY,
    doi         TEXT NOT NULL DEFAULT '',
    arxiv       TEXT NOT NULL DEFAULT '',
    isbn        TEXT NOT NULL DEFAULT '',
    document_id INTEGER REFERENCES documents(id) ON DELETE SET NULL  -- the cited paper, when imported
) STRICT;
CREATE INDEX works_doi ON works(doi) WHERE doi <> '';
CREATE INDEX works_arxiv ON works(arxiv) WHERE arxiv <> '';
CREATE INDEX works_isbn ON works(isbn) WHERE isbn <> '';
CREATE INDEX works_document ON works(document_id) WHERE document_id IS NOT NULL;

-- "references" is an SQL keyword, hence "refs". The table holds the columns searched and
-- sorted on; the bulky text (raw string, CSL JSON) lives in ref_data, so scans stay small.
CREATE TABLE refs (
    id          INTEGER PRIMARY KEY,
    document_id INTEGER REFERENCES documents(id) ON DELETE CASCADE,
    position    INTEGER NOT NULL DEFAULT 0,     -- order in the document's bibliography
    -- Copies of CSL fields for sorting and filtering (kept in step with ref_data.csl):
    type        TEXT NOT NULL DEFAULT 'article',
    title       TEXT NOT NULL DEFAULT '',
    author      TEXT NOT NULL DEFAULT '',       -- "Family, Given; Family, Given" for display
    author_sort TEXT NOT NULL DEFAULT '',       -- first author's family name, folded
    year        INTEGER,
    venue       TEXT NOT NULL DEFAULT '',       -- container-title, else publisher
    doi         TEXT NOT NULL DEFAULT '',       -- normalised, lower case
    arxiv       TEXT NOT NULL DEFAULT '',
    isbn        TEXT NOT NULL DEFAULT '',       -- digits (and X) only
    confidence  REAL,                           -- lowest field confidence; NULL when unknown
    edited      TEXT NOT NULL DEFAULT '',       -- CSL field names the user edited, space separated
    norm_title  TEXT NOT NULL DEFAULT '',       -- folded title tokens, for duplicate blocking
    work_id     INTEGER REFERENCES works(id) ON DELETE SET NULL,
    merged_into INTEGER REFERENCES refs(id) ON DELETE SET NULL,  -- hidden duplicate of that row
    added       REAL NOT NULL,
    modified    REAL NOT NULL
) STRICT;
CREATE INDEX refs_document ON refs(document_id, position);
CREATE INDEX refs_visible ON refs(id) WHERE merged_into IS NULL;
CREATE INDEX refs_work ON refs(work_id);
CREATE INDEX refs_merged ON refs(merged_into) WHERE merged_into IS NOT NULL;
CREATE INDEX refs_title ON refs(title COLLATE NOCASE);
CREATE INDEX refs_author ON refs(author_sort, year);
CREATE INDEX refs_norm_title ON refs(norm_title) WHERE norm_title <> '';
CREATE INDEX refs_year ON refs(year);
CREATE INDEX refs_venue ON refs(venue COLLATE NOCASE);
CREATE INDEX refs_type ON refs(type);
CREATE INDEX refs_doi ON refs(doi) WHERE doi <> '';
CREATE INDEX refs_arxiv ON refs(arxiv) WHERE arxiv <> '';
CREATE INDEX refs_isbn ON refs(isbn) WHERE isbn <> '';
CREATE INDEX refs_confidence ON refs(confidence);
CREATE INDEX refs_edited ON refs(edited) WHERE edited <> '';
CREATE INDEX refs_added ON refs(added);

CREATE TABLE ref_data (
    id      INTEGER PRIMARY KEY REFERENCES refs(id) ON DELETE CASCADE,
    raw     TEXT NOT NULL DEFAULT '',
    csl     TEXT NOT NULL                       -- Reference.to_csl() as JSON, without "_raw"
) STRICT;

-- Free-text index (rowid = refs.id). Text is pre-processed: CJK characters are spaced so each
-- is a token, which makes CJK titles searchable word by word.
CREATE VIRTUAL TABLE refs_fts USING fts5(
    title, author, venue, other,
    tokenize = "unicode61 remove_diacritics 2",
    prefix = '2 3'
);

CREATE TABLE tags (
    id      INTEGER PRIMARY KEY,
    name    TEXT NOT NULL UNIQUE COLLATE NOCASE,
    colour  TEXT NOT NULL DEFAULT ''            -- "#rrggbb" or ""
) STRICT;

CREATE TABLE ref_tags (
    tag_id  INTEGER NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
    ref_id  INTEGER NOT NULL REFERENCES refs(id) ON DELETE CASCADE,
    PRIMARY KEY (tag_id, ref_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX ref_tags_ref ON ref_tags(ref_id, tag_id);

CREATE TABLE document_tags (
    tag_id      INTEGER NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
    document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    PRIMARY KEY (tag_id, document_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX document_tags_document ON document_tags(document_id, tag_id);

-- Labelled examples for the field parser: the raw string and the corrected CSL item.
CREATE TABLE corrections (
    id           INTEGER PRIMARY KEY,
    reference_id INTEGER REFERENCES refs(id) ON DELETE SET NULL,
    raw          TEXT NOT NULL,
    csl          TEXT NOT NULL,
    created      REAL NOT NULL
) STRICT;

CREATE TABLE saved_searches (
    id      INTEGER PRIMARY KEY,
    name    TEXT NOT NULL UNIQUE COLLATE NOCASE,
    query   TEXT NOT NULL,
    created REAL NOT NULL
) STRICT;

-- Pairs of references the user said are not the same work (a < b).
CREATE TABLE not_duplicates (
    a       INTEGER NOT NULL REFERENCES refs(id) ON DELETE CASCADE,
    b       INTEGER NOT NULL REFERENCES refs(id) ON DELETE CASCADE,
    created REAL NOT NULL,
    PRIMARY KEY (a, b),
    CHECK (a < b)
) STRICT, WITHOUT ROWID;
CREATE INDEX not_duplicates_b ON not_duplicates(b);
