-- store_counts.sql: one row: documents, chunks, distinct_embeddings (distinct embedded texts), cases.
SELECT (SELECT count(*) FROM documents) AS documents,
       (SELECT count(*) FROM chunks) AS chunks,
       (SELECT count(DISTINCT embed_fingerprint) FROM chunks) AS distinct_embeddings,
       (SELECT count(*) FROM cases) AS cases;
