-- search_dense_batch.sql: for each query vector in %(embeddings)b (1-based position n), the %(k)s
-- chunks nearest by cosine distance (HNSW index) within a scope: chunks tagged with any tool in
-- %(tools)s, or whose doc_type is in %(always)s (the canonical notes); %(tools)s NULL searches the
-- whole store. Returns n, chunk_id, document_id, text, doc_type, section (from
-- the metadata), score (cosine similarity) and embedding, nearest first within each n. Run after set_search_params.sql in the same transaction.
SELECT q.n, hit.chunk_id, hit.document_id, hit.text, hit.doc_type, hit.section, 1 - hit.distance AS score, hit.embedding
FROM unnest(%(embeddings)b::{{vector_type}}[]) WITH ORDINALITY AS q(embedding, n)
CROSS JOIN LATERAL (
    SELECT c.id AS chunk_id, c.document_id, c.text, c.metadata->>'doc_type' AS doc_type,
           c.metadata->>'section' AS section, c.embedding,
           c.embedding <=> q.embedding AS distance
    FROM chunks c
    WHERE %(tools)s::text[] IS NULL
       OR c.metadata->'tools' ?| %(tools)s::text[]
       OR c.metadata->>'doc_type' = ANY(%(always)s::text[])
    ORDER BY c.embedding <=> q.embedding
    LIMIT %(k)s
) AS hit
ORDER BY q.n, hit.distance, hit.chunk_id;
