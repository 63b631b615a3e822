-- search_lexemes.sql: the `simple` full-text lexemes of each text in %(texts)s (as the chunks' tsv
-- column sees them), with a flag for English stop words. Returns n (1-based position in
-- %(texts)s), lexeme and stop, one row per distinct lexeme of each text.
SELECT x.n, lexeme, to_tsvector('english', lexeme) = ''::tsvector AS stop
FROM unnest(%(texts)s::text[]) WITH ORDINALITY AS x(body, n)
CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('simple', x.body))) AS lexeme
ORDER BY x.n, lexeme;
