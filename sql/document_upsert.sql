-- document_upsert.sql: inserts or replaces one document row. Returns nothing.
INSERT INTO documents (id, source, doc_type, fingerprint, metadata, updated_at)
VALUES (%(id)s, %(source)s, %(doc_type)s, %(fingerprint)s, %(metadata)s, now())
ON CONFLICT (id) DO UPDATE
SET source = EXCLUDED.source, doc_type = EXCLUDED.doc_type, fingerprint = EXCLUDED.fingerprint,
    metadata = EXCLUDED.metadata, updated_at = now();
