-- documents_delete.sql: removes the documents %(ids)s (their chunks go by ON DELETE CASCADE).
-- Returns the ids removed.
DELETE FROM documents WHERE id = ANY(%(ids)s::text[]) RETURNING id;
