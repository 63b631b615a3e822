-- search_store_version.sql: one row that changes whenever the chunks change: chunks (count),
-- documents (count) and updated (latest document update, as text).
SELECT (SELECT count(*) FROM chunks) AS chunks,
       (SELECT count(*) FROM documents) AS documents,
       (SELECT coalesce(max(updated_at)::text, '') FROM documents) AS updated;
