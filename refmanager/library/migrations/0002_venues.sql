-- refmanager library schema, version 2: distinct venues with their own small FTS index.
-- A venue: term resolves to a few venue ids (then an indexed column) instead of a large set
-- of reference ids; see docs/decisions/0007. Also: cited-by counts read from an index alone.

CREATE TABLE venues (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
) STRICT;

CREATE VIRTUAL TABLE venues_fts USING fts5(
    name,
    tokenize = "unicode61 remove_diacritics 2",
    prefix = '2 3'
);

ALTER TABLE refs ADD COLUMN venue_id INTEGER REFERENCES venues(id);

INSERT INTO venues (name) SELECT DISTINCT venue FROM refs WHERE venue <> '';
-- (CJK venue names are spaced for the tokenizer by Library; `refmanager check --repair`
-- rebuilds this index the same way for libraries migrated from version 1)
INSERT INTO venues_fts (rowid, name) SELECT id, name FROM venues;
UPDATE refs SET venue_id = (SELECT v.id FROM venues v WHERE v.name = refs.venue)
    WHERE venue <> '';
CREATE INDEX refs_venue_id ON refs(venue_id, type) WHERE merged_into IS NULL;

DROP INDEX refs_work;
CREATE INDEX refs_work ON refs(work_id, document_id);
