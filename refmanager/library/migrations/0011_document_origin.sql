-- refmanager library schema, version 11: where a document's file was imported from.
-- `origin` is the absolute path of the file the user imported ('' when unknown: documents
-- imported before, or without a file). The library keeps its own copy in files/; the
-- window's "Show PDF in folder" shows the user's folder while the same file is still there.

ALTER TABLE documents ADD COLUMN origin TEXT NOT NULL DEFAULT '';
