-- drop_all.sql: removes every knowledge-store table (for `casewright ingest --rebuild`). Returns nothing.
DROP TABLE IF EXISTS chunks;
DROP TABLE IF EXISTS documents;
DROP TABLE IF EXISTS cases;
DROP TABLE IF EXISTS store_meta;
