-- refmanager library schema, version 9: attachments, a reference's links to files and web
-- pages as a bibliography file gave them (decision 0022). Only strings: the library never
-- reads, opens or copies what a link names unless the user asks for that link.
-- `target` is the link as written (a relative path stays relative), `resolved` the absolute
-- path it was resolved to when imported ('' for a URL or a path relative to the unknown),
-- `kind` the file type the source said (JabRef's PDF, Zotero's application/pdf), `title`
-- the link's description. An attachment goes with its reference (deleted with it; the undo
-- record of a deletion keeps them).

CREATE TABLE ref_attachments (
    ref_id   INTEGER NOT NULL REFERENCES refs(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,              -- order within the reference, from 0
    target   TEXT NOT NULL,
    resolved TEXT NOT NULL DEFAULT '',
    kind     TEXT NOT NULL DEFAULT '',
    title    TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (ref_id, position)
) STRICT, WITHOUT ROWID;
