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
