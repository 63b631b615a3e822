-- search_lexical_batch.sql: for each entry of %(term_lists)s (1-based position n; the lexemes of one
-- query joined by spaces), the %(k)s chunks best matching any of those lexemes (an OR query on the
-- `simple` full-text column, which keeps OpenFOAM identifiers whole), ranked by ts_rank, within the
-- same scope as search_dense_batch.sql. Ranking reads the narrow chunk_terms table; only the k best
-- of each list are read from chunks. Returns n, chunk_id, document_id, text, doc_type, section
-- (from the metadata), score (ts_rank, higher is better) and embedding, best first within each n.
SELECT q.n, c.id AS chunk_id, c.document_id, c.text, c.metadata->>'doc_type' AS doc_type,
       c.metadata->>'section' AS section, top.score, c.embedding
FROM unnest(%(term_lists)s::text[]) WITH ORDINALITY AS q(terms, n)
CROSS JOIN LATERAL (
    SELECT to_tsquery('simple', string_agg(quote_literal(term), ' | ')) AS query
    FROM unnest(string_to_array(q.terms, ' ')) AS term
) AS t
CROSS JOIN LATERAL (
    SELECT m.id, ts_rank(m.tsv, t.query, 1) AS score
    FROM chunk_terms m
    WHERE t.query IS NOT NULL
      AND m.tsv @@ t.query
      AND (%(tools)s::text[] IS NULL
           OR m.tools && %(tools)s::text[]
           OR m.doc_type = ANY(%(always)s::text[]))
    ORDER BY score DESC, m.id
    LIMIT %(k)s
) AS top
JOIN chunks c ON c.id = top.id
ORDER BY q.n, top.score DESC, c.id;
