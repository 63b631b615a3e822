-- schema.sql: creates the knowledge store (idempotent). Returns nothing.
-- tasks/store.py replaces {{dim}}, {{vector_type}} (vector, or halfvec above 2000 dimensions),
-- {{opclass}} (vector_cosine_ops / halfvec_cosine_ops), {{hnsw_m}} and {{hnsw_ef_construction}}
-- (validated integers / fixed names) before running it.
CREATE EXTENSION IF NOT EXISTS vector;

CREATE TABLE IF NOT EXISTS store_meta (
    key   text PRIMARY KEY,
    value text NOT NULL
);

CREATE TABLE IF NOT EXISTS documents (
    id          text PRIMARY KEY,
    source      text NOT NULL,
    doc_type    text NOT NULL,
    fingerprint text NOT NULL,
    metadata    jsonb NOT NULL DEFAULT '{}'::jsonb,
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS documents_source_idx ON documents (source);

CREATE TABLE IF NOT EXISTS chunks (
    id                text PRIMARY KEY,
    document_id       text NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    ord               integer NOT NULL,
    text              text NOT NULL,
    metadata          jsonb NOT NULL DEFAULT '{}'::jsonb,
    fingerprint       text NOT NULL,
    embed_fingerprint text NOT NULL,
    -- `simple` keeps OpenFOAM identifiers whole (komegasst, omegawallfunction);
    -- `english` stems words for prose queries.
    tsv               tsvector GENERATED ALWAYS AS (to_tsvector('simple', text)) STORED,
    tsv_en            tsvector GENERATED ALWAYS AS (to_tsvector('english', text)) STORED,
    embedding         {{vector_type}}({{dim}}) NOT NULL,
    UNIQUE (document_id, ord)
);
CREATE INDEX IF NOT EXISTS chunks_embed_fingerprint_idx ON chunks (embed_fingerprint);
CREATE INDEX IF NOT EXISTS chunks_tsv_idx ON chunks USING gin (tsv);
CREATE INDEX IF NOT EXISTS chunks_tsv_en_idx ON chunks USING gin (tsv_en);
CREATE INDEX IF NOT EXISTS chunks_embedding_hnsw_idx ON chunks
    USING hnsw (embedding {{opclass}}) WITH (m = {{hnsw_m}}, ef_construction = {{hnsw_ef_construction}});

-- chunk_terms: the narrow copy of each chunk that full-text ranking reads (its `simple` tsvector,
-- doc_type and tools). A lexical list ranks a few hundred matching chunks; on the wide chunks rows
-- (text, two tsvectors, embedding, metadata) that costs about three times as much. A trigger keeps
-- it in step with chunks; the INSERT below fills it for stores built before it existed.
CREATE TABLE IF NOT EXISTS chunk_terms (
    id       text PRIMARY KEY REFERENCES chunks (id) ON DELETE CASCADE,
    tsv      tsvector NOT NULL,
    doc_type text NOT NULL,
    tools    text[] NOT NULL
);
CREATE INDEX IF NOT EXISTS chunk_terms_tsv_idx ON chunk_terms USING gin (tsv);

CREATE OR REPLACE FUNCTION chunk_terms_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO chunk_terms (id, tsv, doc_type, tools)
    VALUES (NEW.id, NEW.tsv, coalesce(NEW.metadata->>'doc_type', ''),
            ARRAY(SELECT jsonb_array_elements_text(coalesce(NEW.metadata->'tools', '[]'::jsonb))))
    ON CONFLICT (id) DO UPDATE SET tsv = EXCLUDED.tsv, doc_type = EXCLUDED.doc_type, tools = EXCLUDED.tools;
    RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER chunks_terms_sync AFTER INSERT OR UPDATE ON chunks
    FOR EACH ROW EXECUTE FUNCTION chunk_terms_sync();

INSERT INTO chunk_terms (id, tsv, doc_type, tools)
SELECT c.id, c.tsv, coalesce(c.metadata->>'doc_type', ''),
       ARRAY(SELECT jsonb_array_elements_text(coalesce(c.metadata->'tools', '[]'::jsonb)))
FROM chunks c
WHERE NOT EXISTS (SELECT 1 FROM chunk_terms t WHERE t.id = c.id);

CREATE TABLE IF NOT EXISTS cases (
    id               text PRIMARY KEY,
    origin           text NOT NULL,
    case_path        text NOT NULL,
    solver           text,
    algorithm        text,
    simulation_type  text,
    turbulence_model text,
    compressibility  text,
    mesh_method      text,
    record           jsonb NOT NULL,
    updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS cases_solver_idx ON cases (solver, turbulence_model);
