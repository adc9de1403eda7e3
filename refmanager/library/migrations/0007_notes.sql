-- refmanager library schema, version 7: the user's notes, one per reference.
-- A note goes with its reference (deleted with it); the service keeps the notes of what it
-- deletes in the undo record and puts them back with the reference. `folded` is the text
-- folded for search (accents and case ignored): `notes:word`.

CREATE TABLE ref_notes (
    ref_id  INTEGER PRIMARY KEY REFERENCES refs(id) ON DELETE CASCADE,
    text    TEXT NOT NULL,
    folded  TEXT NOT NULL,
    updated REAL NOT NULL
) STRICT;
