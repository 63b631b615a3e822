-- set_search_params.sql: sets hnsw.ef_search to %(ef_search)s and lets filtered HNSW scans keep
-- searching until k rows pass the filters (hnsw.iterative_scan), for the current transaction.
SELECT set_config('hnsw.ef_search', %(ef_search)s, true),
       set_config('hnsw.iterative_scan', 'relaxed_order', true);
