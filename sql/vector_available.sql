-- vector_available.sql: one row (installed_version) when the pgvector extension can be used
-- (installed_version is NULL when it is available but not created yet); no row when missing.
SELECT installed_version FROM pg_available_extensions WHERE name = 'vector';
