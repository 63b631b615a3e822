-- analyze.sql: refreshes planner statistics after an ingest changed the store. Returns nothing.
ANALYZE documents;
ANALYZE chunks;
ANALYZE cases;
