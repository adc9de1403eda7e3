-- refmanager library schema, version 3: indexes that answer common filter combinations
-- (venue + type/year, year + type/confidence) without reading the rows; visible rows only.

DROP INDEX refs_venue_id;
CREATE INDEX refs_venue_id ON refs(venue_id, type, year) WHERE merged_into IS NULL;
CREATE INDEX refs_filter ON refs(year, type, confidence) WHERE merged_into IS NULL;
