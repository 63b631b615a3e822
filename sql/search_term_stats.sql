-- search_term_stats.sql: document frequency of every lexeme of the chunks' `simple` full-text
-- column. Returns word and ndoc (how many chunks contain it). Costs a scan of all chunks (about
-- 0.3 s for 8,000 chunks): callers cache it per store version (search_store_version.sql).
SELECT word, ndoc FROM ts_stat('SELECT tsv FROM chunks');
