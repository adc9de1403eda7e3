-- refmanager library schema, version 12: collections (Zotero's collections, JabRef's
-- groups). A collection has a name and at most one parent (a tree); a reference may be in
-- any number of collections. Removing a collection removes its sub-collections and their
-- memberships, never a reference.

CREATE TABLE collections (
    id        INTEGER PRIMARY KEY,
    name      TEXT NOT NULL CHECK (name <> ''),
    parent_id INTEGER REFERENCES collections(id) ON DELETE CASCADE,
    position  INTEGER NOT NULL DEFAULT 0            -- order among its siblings
) STRICT;
-- one name per parent, whatever its case (top-level collections are those whose parent is NULL)
CREATE UNIQUE INDEX collections_name ON collections(coalesce(parent_id, 0), name COLLATE NOCASE);

CREATE TABLE collection_refs (
    collection_id INTEGER NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
    ref_id        INTEGER NOT NULL REFERENCES refs(id) ON DELETE CASCADE,
    PRIMARY KEY (collection_id, ref_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX collection_refs_ref ON collection_refs(ref_id);
