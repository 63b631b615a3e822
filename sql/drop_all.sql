-- drop_all.sql: removes every knowledge-store table (for `casewright ingest --rebuild`). Returns nothing.
DROP TABLE IF EXISTS chunk_terms;
DROP TABLE IF EXISTS chunks;
DROP FUNCTION IF EXISTS chunk_terms_sync();
DROP TABLE IF EXISTS documents;
DROP TABLE IF EXISTS cases;
DROP TABLE IF EXISTS store_meta;
