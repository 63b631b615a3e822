-- set_search_params_session.sql: sets hnsw.ef_search to %(ef_search)s and hnsw.iterative_scan to
-- relaxed_order (see set_search_params.sql) for the rest of the session, on an autocommit
-- connection that reads the store: no transaction, so each search is one round trip.
SELECT set_config('hnsw.ef_search', %(ef_search)s, false),
       set_config('hnsw.iterative_scan', 'relaxed_order', false);
