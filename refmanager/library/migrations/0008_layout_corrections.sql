-- refmanager library schema, version 8: the user's corrections of a document's layout
-- (where its list starts and ends, rows merged or split, rows that are not references),
-- kept as training data for the line model, as `corrections` are for the field parser.
-- `example` is the document's lines labelled as the correction left them, in the stored
-- form refmanager.pdf.linetrain trains on (JSON: page_sizes, lines rows ending with a label).
-- The newest example of a document holds all of its corrections so far.

CREATE TABLE layout_corrections (
    id          INTEGER PRIMARY KEY,
    document_id INTEGER REFERENCES documents(id) ON DELETE SET NULL,
    kind        TEXT NOT NULL,      -- bounds | merge | split | not-reference
    example     TEXT NOT NULL,
    created     REAL NOT NULL
) STRICT;
CREATE INDEX layout_corrections_document ON layout_corrections(document_id);
