-- lexical_search.sql: the %(k)s chunks best matching %(query)s by full-text search on the `simple`
-- configuration (identifiers kept whole). Any query word may match (OR); English stop words are
-- dropped from the query. Same optional filters as dense_search.sql. Returns chunk_id,
-- document_id, text, metadata, score (ts_rank, higher is better) and embedding, best first.
WITH terms AS (
    SELECT to_tsquery('simple', string_agg(quote_literal(lexeme), ' | ')) AS query
    FROM unnest(tsvector_to_array(to_tsvector('simple', %(query)s))) AS lexeme
    WHERE to_tsvector('english', lexeme) <> ''::tsvector
)
SELECT c.id AS chunk_id, c.document_id, c.text, c.metadata,
       ts_rank(c.tsv, terms.query, 1) AS score, c.embedding
FROM chunks c, terms
WHERE terms.query IS NOT NULL
  AND c.tsv @@ terms.query
  AND (%(doc_types)s::text[] IS NULL OR c.metadata->>'doc_type' = ANY(%(doc_types)s::text[]))
  AND (%(tools)s::text[] IS NULL OR c.metadata->'tools' ?| %(tools)s::text[])
  AND (%(intents)s::text[] IS NULL OR c.metadata->>'intent' = ANY(%(intents)s::text[]))
ORDER BY score DESC, c.id
LIMIT %(k)s;
