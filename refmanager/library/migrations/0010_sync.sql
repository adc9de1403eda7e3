-- refmanager library schema, version 10: a shared library's local side (decision 0031).
-- A library that is a member of a shared library (one row in sync_state) records which of
-- its rows changed (sync_dirty, filled by the triggers below, whoever writes); a capture
-- turns them into changes in the local change log (sync_log) by comparing each with its
-- shadow (sync_shadow: the fields as last synced, each with the server version it is based
-- on). Local ids are tied to the shared uids by sync_ids. sync_conflicts holds the server's
-- open conflicts as last pulled. A library that is not shared has no sync_state row: the
-- triggers' WHEN clause keeps them from writing anything.

CREATE TABLE sync_state (
    id        INTEGER PRIMARY KEY CHECK (id = 1),
    url       TEXT NOT NULL,             -- the server's URI, never with a password
    library   TEXT NOT NULL,             -- the shared library's id (the server's meta)
    member    TEXT NOT NULL,             -- this copy's id: (member, member_seq) is unique
    role      TEXT NOT NULL DEFAULT '',  -- owner | editor | reader, as the server last said
    pulled    INTEGER NOT NULL DEFAULT 0,  -- the highest server seq applied here
    next_seq  INTEGER NOT NULL DEFAULT 1,  -- this member's next change number
    synced    REAL                       -- unix time of the last complete sync
) STRICT;

CREATE TABLE sync_ids (
    kind     TEXT NOT NULL,              -- ref | document | tag | search | correction | layout
    local_id INTEGER NOT NULL,
    uid      TEXT NOT NULL UNIQUE,
    PRIMARY KEY (kind, local_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE sync_shadow (
    uid      TEXT PRIMARY KEY,
    kind     TEXT NOT NULL,
    fields   TEXT NOT NULL,              -- JSON object: field -> value
    versions TEXT NOT NULL,              -- JSON object: field -> server seq it is based on
    deleted  INTEGER NOT NULL DEFAULT 0
) STRICT;

CREATE TABLE sync_dirty (
    kind     TEXT NOT NULL,
    local_id INTEGER NOT NULL,
    PRIMARY KEY (kind, local_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE sync_log (
    seq      INTEGER PRIMARY KEY,        -- this member's change number (member_seq)
    uid      TEXT NOT NULL,
    kind     TEXT NOT NULL,
    op       TEXT NOT NULL,              -- put | delete
    fields   TEXT NOT NULL,              -- JSON object of the changed fields (put)
    bases    TEXT NOT NULL               -- JSON object: field -> the version it was based on
) STRICT;
CREATE INDEX sync_log_uid ON sync_log(uid);

CREATE TABLE sync_conflicts (
    id       INTEGER PRIMARY KEY,        -- the server's conflict id
    uid      TEXT NOT NULL,
    kind     TEXT NOT NULL,
    field    TEXT NOT NULL,
    kept     TEXT NOT NULL,              -- JSON: the value the server kept
    other    TEXT NOT NULL,              -- JSON: the value that was not applied
    author   TEXT NOT NULL DEFAULT '',
    resolved INTEGER NOT NULL DEFAULT 0  -- chosen here, not pushed yet
) STRICT;

-- Every write to a shared table marks its row dirty (only in a member library). Not INSERT OR
-- IGNORE: an outer statement's conflict clause (an upsert's) would override it.
CREATE TRIGGER sync_refs_insert AFTER INSERT ON refs
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'ref', NEW.id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'ref' AND local_id = NEW.id);
END;
CREATE TRIGGER sync_refs_update AFTER UPDATE ON refs
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'ref', NEW.id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'ref' AND local_id = NEW.id);
END;
CREATE TRIGGER sync_refs_delete AFTER DELETE ON refs
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'ref', OLD.id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'ref' AND local_id = OLD.id);
END;
CREATE TRIGGER sync_ref_data_update AFTER UPDATE ON ref_data
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'ref', NEW.id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'ref' AND local_id = NEW.id);
END;
CREATE TRIGGER sync_ref_tags_insert AFTER INSERT ON ref_tags
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'ref', NEW.ref_id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'ref' AND local_id = NEW.ref_id);
END;
CREATE TRIGGER sync_ref_tags_delete AFTER DELETE ON ref_tags
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'ref', OLD.ref_id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'ref' AND local_id = OLD.ref_id);
END;
CREATE TRIGGER sync_ref_notes_insert AFTER INSERT ON ref_notes
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'ref', NEW.ref_id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'ref' AND local_id = NEW.ref_id);
END;
CREATE TRIGGER sync_ref_notes_update AFTER UPDATE ON ref_notes
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'ref', NEW.ref_id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'ref' AND local_id = NEW.ref_id);
END;
CREATE TRIGGER sync_ref_notes_delete AFTER DELETE ON ref_notes
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'ref', OLD.ref_id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'ref' AND local_id = OLD.ref_id);
END;
CREATE TRIGGER sync_ref_attachments_insert AFTER INSERT ON ref_attachments
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'ref', NEW.ref_id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'ref' AND local_id = NEW.ref_id);
END;
CREATE TRIGGER sync_ref_attachments_update AFTER UPDATE ON ref_attachments
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'ref', NEW.ref_id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'ref' AND local_id = NEW.ref_id);
END;
CREATE TRIGGER sync_ref_attachments_delete AFTER DELETE ON ref_attachments
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'ref', OLD.ref_id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'ref' AND local_id = OLD.ref_id);
END;
CREATE TRIGGER sync_documents_insert AFTER INSERT ON documents
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'document', NEW.id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'document' AND local_id = NEW.id);
END;
CREATE TRIGGER sync_documents_update AFTER UPDATE ON documents
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'document', NEW.id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'document' AND local_id = NEW.id);
END;
CREATE TRIGGER sync_documents_delete AFTER DELETE ON documents
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'document', OLD.id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'document' AND local_id = OLD.id);
END;
CREATE TRIGGER sync_document_tags_insert AFTER INSERT ON document_tags
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'document', NEW.document_id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'document' AND local_id = NEW.document_id);
END;
CREATE TRIGGER sync_document_tags_delete AFTER DELETE ON document_tags
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'document', OLD.document_id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'document' AND local_id = OLD.document_id);
END;
CREATE TRIGGER sync_tags_insert AFTER INSERT ON tags
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'tag', NEW.id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'tag' AND local_id = NEW.id);
END;
CREATE TRIGGER sync_tags_update AFTER UPDATE ON tags
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'tag', NEW.id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'tag' AND local_id = NEW.id);
END;
CREATE TRIGGER sync_tags_delete AFTER DELETE ON tags
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'tag', OLD.id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'tag' AND local_id = OLD.id);
END;
CREATE TRIGGER sync_saved_searches_insert AFTER INSERT ON saved_searches
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'search', NEW.id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'search' AND local_id = NEW.id);
END;
CREATE TRIGGER sync_saved_searches_update AFTER UPDATE ON saved_searches
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'search', NEW.id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'search' AND local_id = NEW.id);
END;
CREATE TRIGGER sync_saved_searches_delete AFTER DELETE ON saved_searches
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'search', OLD.id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'search' AND local_id = OLD.id);
END;
CREATE TRIGGER sync_corrections_insert AFTER INSERT ON corrections
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'correction', NEW.id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'correction' AND local_id = NEW.id);
END;
CREATE TRIGGER sync_corrections_update AFTER UPDATE ON corrections
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'correction', NEW.id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'correction' AND local_id = NEW.id);
END;
CREATE TRIGGER sync_corrections_delete AFTER DELETE ON corrections
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'correction', OLD.id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'correction' AND local_id = OLD.id);
END;
CREATE TRIGGER sync_layout_corrections_insert AFTER INSERT ON layout_corrections
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'layout', NEW.id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'layout' AND local_id = NEW.id);
END;
CREATE TRIGGER sync_layout_corrections_update AFTER UPDATE ON layout_corrections
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'layout', NEW.id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'layout' AND local_id = NEW.id);
END;
CREATE TRIGGER sync_layout_corrections_delete AFTER DELETE ON layout_corrections
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'layout', OLD.id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'layout' AND local_id = OLD.id);
END;
