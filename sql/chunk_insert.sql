-- chunk_insert.sql: inserts one chunk with its embedding. Returns nothing.
INSERT INTO chunks (id, document_id, ord, text, metadata, fingerprint, embed_fingerprint, embedding)
VALUES (%(id)s, %(document_id)s, %(ord)s, %(text)s, %(metadata)s, %(fingerprint)s,
        %(embed_fingerprint)s, %(embedding)s::{{vector_type}});
