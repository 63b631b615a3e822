-- document_fingerprints.sql: (id, source, fingerprint) of every document whose source is in %(sources)s.
SELECT id, source, fingerprint FROM documents WHERE source = ANY(%(sources)s::text[]);
