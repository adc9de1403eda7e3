-- refmanager library schema, version 13: collections in a shared library's sync (decision
-- 0043, extending 0031). A collection is an entity of its own (name, parent, position);
-- a reference's memberships are fields of the reference, one per collection, as its tags
-- are. The triggers mark what a write touched, as migration 0010's do. sync_waiting keeps
-- the links a pull could not make yet: a reference (or document) pulled before the
-- collection or tag it names (which comes in a later batch when it was renamed since); the
-- pull that brings that collection or tag makes them.

CREATE TABLE sync_waiting (
    target   TEXT NOT NULL,              -- the uid of the collection or tag not here yet
    kind     TEXT NOT NULL,              -- ref | document: what links to it
    local_id INTEGER NOT NULL,
    PRIMARY KEY (target, kind, local_id)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER sync_collections_insert AFTER INSERT ON collections
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'collection', NEW.id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'collection' AND local_id = NEW.id);
END;
CREATE TRIGGER sync_collections_update AFTER UPDATE ON collections
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'collection', NEW.id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'collection' AND local_id = NEW.id);
END;
CREATE TRIGGER sync_collections_delete AFTER DELETE ON collections
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'collection', OLD.id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'collection' AND local_id = OLD.id);
END;
CREATE TRIGGER sync_collection_refs_insert AFTER INSERT ON collection_refs
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'ref', NEW.ref_id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'ref' AND local_id = NEW.ref_id);
END;
CREATE TRIGGER sync_collection_refs_delete AFTER DELETE ON collection_refs
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'ref', OLD.ref_id
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'ref' AND local_id = OLD.ref_id);
END;

-- a library that was a member before this version shares the collections it has now
INSERT OR IGNORE INTO sync_dirty (kind, local_id)
    SELECT 'collection', id FROM collections WHERE EXISTS (SELECT 1 FROM sync_state);
INSERT OR IGNORE INTO sync_dirty (kind, local_id)
    SELECT DISTINCT 'ref', ref_id FROM collection_refs WHERE EXISTS (SELECT 1 FROM sync_state);
