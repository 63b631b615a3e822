-- dense_search.sql: the %(k)s chunks nearest to %(embedding)s by cosine distance (HNSW index), with
-- optional filters (NULL = no filter): %(doc_types)s on metadata doc_type, %(tools)s on any of
-- metadata tools, %(intents)s on metadata intent. Returns chunk_id, document_id, text, metadata,
-- score (cosine similarity, 1 = identical) and embedding, best first.
SELECT chunk_id, document_id, text, metadata, 1 - distance AS score, embedding
FROM (
    SELECT c.id AS chunk_id, c.document_id, c.text, c.metadata, c.embedding,
           c.embedding <=> %(embedding)s::{{vector_type}} AS distance
    FROM chunks c
    WHERE (%(doc_types)s::text[] IS NULL OR c.metadata->>'doc_type' = ANY(%(doc_types)s::text[]))
      AND (%(tools)s::text[] IS NULL OR c.metadata->'tools' ?| %(tools)s::text[])
      AND (%(intents)s::text[] IS NULL OR c.metadata->>'intent' = ANY(%(intents)s::text[]))
    ORDER BY c.embedding <=> %(embedding)s::{{vector_type}}
    LIMIT %(k)s
) AS nearest
ORDER BY distance, chunk_id;
