-- refmanager library schema, version 14: "not duplicates" marks in a shared library's sync
-- (decision 0043). A pair is a field of the reference whose uid sorts first; a write to
-- not_duplicates marks both of the pair's references for the next capture (the capture
-- finds which one holds it), as migration 0010's triggers do for the other tables.

CREATE TRIGGER sync_not_duplicates_insert AFTER INSERT ON not_duplicates
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'ref', NEW.a
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'ref' AND local_id = NEW.a);
    INSERT INTO sync_dirty (kind, local_id) SELECT 'ref', NEW.b
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'ref' AND local_id = NEW.b);
END;
CREATE TRIGGER sync_not_duplicates_delete AFTER DELETE ON not_duplicates
WHEN EXISTS (SELECT 1 FROM sync_state) BEGIN
    INSERT INTO sync_dirty (kind, local_id) SELECT 'ref', OLD.a
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'ref' AND local_id = OLD.a);
    INSERT INTO sync_dirty (kind, local_id) SELECT 'ref', OLD.b
        WHERE NOT EXISTS (SELECT 1 FROM sync_dirty
                          WHERE kind = 'ref' AND local_id = OLD.b);
END;

-- a library that was a member before this version shares the marks it has now
INSERT OR IGNORE INTO sync_dirty (kind, local_id)
    SELECT 'ref', a FROM not_duplicates WHERE EXISTS (SELECT 1 FROM sync_state)
    UNION SELECT 'ref', b FROM not_duplicates WHERE EXISTS (SELECT 1 FROM sync_state);
