-- embeddings_by_fingerprint.sql: (embed_fingerprint, embedding) already stored for any of
-- %(fingerprints)s, one row per fingerprint, so unchanged texts are not embedded again.
SELECT DISTINCT ON (embed_fingerprint) embed_fingerprint, embedding
FROM chunks
WHERE embed_fingerprint = ANY(%(fingerprints)s::text[]);
