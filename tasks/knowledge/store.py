"""Postgres + pgvector access for the knowledge store: schema, writes and reads.

SQL lives in sql/ (one query per file, loaded by name). Connections are always passed in;
`connect` opens one to DATABASE_URL, or to the embedded server (tasks/knowledge/pgserver.py)
when it is unset.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from typing import Any, Literal

import psycopg
from psycopg.rows import dict_row
from psycopg.types.json import Jsonb
from pydantic import BaseModel, ConfigDict, Field

from tasks.core.config import Settings, get_settings
from tasks.core.errors import StoreError
from tasks.core.paths import SQL_DIR
from tasks.knowledge.casebase import CaseRecord
from tasks.knowledge.chunking import Chunk
from tasks.knowledge.documents import Document
from tasks.knowledge.pgserver import start_embedded

logger = logging.getLogger(__name__)

SCHEMA_VERSION = "2"  # 2: chunk_terms for full-text ranking
HALFVEC_ABOVE = 2000  # pgvector indexes `vector` up to 2,000 dimensions, `halfvec` up to 4,000
REBUILD_HINT = "run `casewright ingest --rebuild`"


# --- queries ---------------------------------------------------------------------------------

@cache
def load_query(name: str) -> str:
    """The text of sql/<name>.sql."""
    path = SQL_DIR / f"{name}.sql"
    if not path.is_file():
        raise StoreError(f"missing SQL file {path}; the installation is incomplete (reinstall casewright)")
    return path.read_text()


def vector_type(dimension: int) -> Literal["vector", "halfvec"]:
    return "halfvec" if dimension > HALFVEC_ABOVE else "vector"


def _query(name: str, dimension: int | None = None) -> str:
    sql = load_query(name)
    if dimension is not None:
        sql = sql.replace("{{vector_type}}", vector_type(dimension))
    return sql


def database_url(settings: Settings | None = None) -> str:
    """DATABASE_URL when set, else the embedded server (started on demand)."""
    settings = settings or get_settings()
    return settings.database_url or start_embedded()


@contextmanager
def connect(settings: Settings | None = None, *, url: str | None = None,
            autocommit: bool = False) -> Iterator[psycopg.Connection]:
    """A connection to the knowledge store (pgvector types registered when the extension exists).

    `autocommit` suits a connection that only reads (the retrieval path): a query is one round
    trip, without the BEGIN and COMMIT a transaction adds."""
    target = url or database_url(settings)
    try:
        conn = psycopg.connect(target, connect_timeout=15, row_factory=dict_row, autocommit=autocommit)
    except psycopg.OperationalError as exc:
        where = "the embedded Postgres" if url is None and not (settings or get_settings()).database_url \
            else "DATABASE_URL"
        raise StoreError(f"cannot connect to the knowledge store ({where}): {str(exc).strip()}; "
                         "check that the server runs, or unset DATABASE_URL to use the embedded one") from exc
    try:
        row = conn.execute(load_query("vector_available")).fetchone()
        conn.commit()
        if row and row["installed_version"]:
            _register_vector(conn)
        yield conn
    finally:
        conn.close()


def _register_vector(conn: psycopg.Connection) -> None:
    from pgvector.psycopg import register_vector

    register_vector(conn)


# --- schema and compatibility ----------------------------------------------------------------

def read_meta(conn: psycopg.Connection) -> dict[str, str]:
    row = conn.execute(load_query("meta_table_exists")).fetchone()
    if not row or not row["exists"]:
        return {}
    return {r["key"]: r["value"] for r in conn.execute(load_query("meta_get")).fetchall()}


def _check_meta(meta: dict[str, str], model: str, dimension: int) -> None:
    built_model, built_dim = meta.get("embedding_model"), meta.get("embedding_dimension")
    if built_model is None:
        return
    if built_model != model or built_dim != str(dimension):
        raise StoreError(
            f"the knowledge store was built with embedding model {built_model} ({built_dim} dimensions) "
            f"but the configured model is {model} ({dimension} dimensions); {REBUILD_HINT} to rebuild it "
            "with the configured model (or switch CASEWRIGHT_EMBEDDING_PROVIDER back)"
        )


def require_vector(conn: psycopg.Connection) -> None:
    """StoreError naming the missing extension when this Postgres cannot create pgvector's `vector`."""
    available = conn.execute(load_query("vector_available")).fetchone()
    conn.commit()
    if available is None:
        major = conn.info.server_version // 10000
        raise StoreError(
            f"the pgvector extension (`vector`) is not available in this Postgres {major} server "
            f"({conn.info.host}:{conn.info.port}): install it (Debian/Ubuntu: `apt-get install "
            f"postgresql-{major}-pgvector`; or build it from the pgvector sources), then run `casewright ingest` "
            "again; or unset DATABASE_URL to use the embedded server, which ships it"
        )


def ensure_schema(conn: psycopg.Connection, *, model: str, dimension: int, settings: Settings | None = None,
                  rebuild: bool = False) -> None:
    """Create the extension, tables and indexes (idempotent); `rebuild` drops everything first.

    Refuses (StoreError) a store built with another embedding model or dimension.
    """
    settings = settings or get_settings()
    if dimension <= 0 or dimension > 4000:
        raise StoreError(f"embedding dimension {dimension} is not supported (1..4000 with halfvec)")
    require_vector(conn)
    vtype = vector_type(dimension)
    schema = (load_query("schema")
              .replace("{{vector_type}}", vtype)
              .replace("{{dim}}", str(int(dimension)))
              .replace("{{opclass}}", f"{vtype}_cosine_ops")
              .replace("{{hnsw_m}}", str(int(settings.hnsw_m)))
              .replace("{{hnsw_ef_construction}}", str(int(settings.hnsw_ef_construction))))
    try:
        with conn.transaction():
            conn.execute(load_query("schema_lock"))
            if rebuild:
                conn.execute(load_query("drop_all"))
            else:
                _check_meta(read_meta(conn), model, dimension)
            conn.execute(schema)
            for key, value in (("embedding_model", model), ("embedding_dimension", str(dimension)),
                               ("schema_version", SCHEMA_VERSION)):
                conn.execute(load_query("meta_set"), {"key": key, "value": value})
    except psycopg.errors.InsufficientPrivilege as exc:
        raise StoreError(f"cannot create the knowledge-store schema: {exc}; "
                         "ask for CREATE privileges or create the vector extension as a superuser") from exc
    _register_vector(conn)


def check_store(conn: psycopg.Connection, *, model: str, dimension: int) -> None:
    """For readers: the store exists and was built with this embedding model and dimension."""
    require_vector(conn)
    meta = read_meta(conn)
    if not meta:
        raise StoreError("the knowledge store is empty: run `casewright ingest` first")
    _check_meta(meta, model, dimension)
    if meta.get("schema_version") != SCHEMA_VERSION:
        raise StoreError(f"the knowledge store has schema version {meta.get('schema_version', '?')}, this Casewright "
                         f"reads version {SCHEMA_VERSION}: run `casewright ingest` to upgrade it "
                         "(unchanged documents are not embedded again)")


# --- writes ------------------------------------------------------------------------------------

class StoreCounts(BaseModel):
    model_config = ConfigDict(extra="forbid")

    documents: int
    chunks: int
    distinct_embeddings: int
    cases: int


def document_fingerprints(conn: psycopg.Connection, sources: Sequence[str]) -> dict[str, str]:
    """id -> fingerprint of the stored documents of these sources."""
    rows = conn.execute(load_query("document_fingerprints"), {"sources": list(sources)}).fetchall()
    conn.commit()
    return {r["id"]: r["fingerprint"] for r in rows}


def stored_embeddings(conn: psycopg.Connection, fingerprints: Sequence[str]) -> dict[str, list[float]]:
    """embed_fingerprint -> embedding for texts already embedded in the store."""
    if not fingerprints:
        return {}
    rows = conn.execute(load_query("embeddings_by_fingerprint"), {"fingerprints": list(fingerprints)}).fetchall()
    conn.commit()
    return {r["embed_fingerprint"]: _as_list(r["embedding"]) for r in rows}


def _as_list(value: Any) -> list[float]:
    return [float(x) for x in (value.to_list() if hasattr(value, "to_list") else value)]


def write_document(conn: psycopg.Connection, doc: Document, chunks: Sequence[Chunk],
                   embeddings: dict[str, list[float]]) -> None:
    """Insert or replace one document and all its chunks in a single transaction.

    The commit does not wait for the WAL flush (synchronous_commit off): if Postgres itself
    crashes, the last few documents may be missing, and the next ingest adds them again;
    no document is ever stored without its chunks.
    """
    from pgvector import Vector

    missing = [c.id for c in chunks if c.embed_fingerprint not in embeddings]
    if missing:
        raise StoreError(f"no embedding for chunks {missing[:3]} of {doc.id}; this is a bug in the ingest flow")
    dimension = len(embeddings[chunks[0].embed_fingerprint]) if chunks else 0
    rows = [{"id": c.id, "document_id": doc.id, "ord": c.ord, "text": c.text,
             "metadata": Jsonb(c.metadata.model_dump()), "fingerprint": c.fingerprint,
             "embed_fingerprint": c.embed_fingerprint, "embedding": Vector(embeddings[c.embed_fingerprint])}
            for c in chunks]
    with conn.pipeline(), conn.transaction():
        conn.execute(load_query("async_commit"))
        conn.execute(load_query("document_upsert"), {
            "id": doc.id, "source": doc.source, "doc_type": doc.meta.doc_type, "fingerprint": doc.fingerprint,
            "metadata": Jsonb({"title": doc.title, **doc.meta.model_dump()}),
        })
        conn.execute(load_query("chunks_delete_for_document"), {"document_id": doc.id})
        if rows:
            with conn.cursor() as cur:
                cur.executemany(_query("chunk_insert", dimension), rows)


def delete_documents(conn: psycopg.Connection, ids: Sequence[str]) -> int:
    """Remove documents (and their chunks); returns how many existed."""
    if not ids:
        return 0
    with conn.transaction():
        removed = conn.execute(load_query("documents_delete"), {"ids": list(ids)}).fetchall()
    return len(removed)


def replace_cases(conn: psycopg.Connection, origin: str, records: Sequence[CaseRecord]) -> int:
    """Replace every case of `origin` with `records` in one transaction."""
    with conn.transaction():
        conn.execute(load_query("cases_delete_origin"), {"origin": origin})
        with conn.cursor() as cur:
            cur.executemany(load_query("case_insert"), [
                {"id": f"{origin}:{r.case}", "origin": origin, "case_path": r.path, "solver": r.solver,
                 "algorithm": r.algorithm, "simulation_type": r.simulation_type,
                 "turbulence_model": r.turbulence_model, "compressibility": r.compressibility,
                 "mesh_method": r.mesh_method, "record": Jsonb(r.model_dump(mode="json"))}
                for r in records
            ])
    return len(records)


def fetch_cases(conn: psycopg.Connection) -> list[CaseRecord]:
    """Every case of the structured case base (a few hundred rows)."""
    try:
        rows = conn.execute(load_query("cases_all")).fetchall()
    except psycopg.errors.UndefinedTable as exc:
        conn.rollback()
        raise StoreError("the knowledge store is empty: run `casewright ingest` first") from exc
    conn.commit()
    return [CaseRecord.model_validate(r["record"]) for r in rows]


def analyze(conn: psycopg.Connection) -> None:
    """Refresh planner statistics (so the HNSW index is chosen once the table is large)."""
    conn.execute(load_query("analyze"))
    conn.commit()


def store_counts(conn: psycopg.Connection) -> StoreCounts:
    row = conn.execute(load_query("store_counts")).fetchone()
    conn.commit()
    return StoreCounts.model_validate(row)


# --- search primitives -------------------------------------------------------------------------

class SearchFilters(BaseModel):
    """Optional filters on chunk metadata; None means no filter."""

    model_config = ConfigDict(extra="forbid")

    doc_types: list[str] | None = Field(None, description="tutorial, caseDict, help, canonical, faq, user")
    tools: list[str] | None = Field(None, description="solver/utility names; a chunk matches any of them")
    intents: list[str] | None = Field(None, description="setup, troubleshooting, reference, meshing, ...")


class ChunkHit(BaseModel):
    model_config = ConfigDict(extra="forbid")

    chunk_id: str
    document_id: str
    text: str
    metadata: dict[str, Any]
    score: float
    embedding: list[float] | None = None


def _filter_params(filters: SearchFilters | None) -> dict[str, Any]:
    f = filters or SearchFilters()
    return {"doc_types": f.doc_types, "tools": f.tools, "intents": f.intents}


def _hits(rows: list[dict[str, Any]], with_embeddings: bool) -> list[ChunkHit]:
    return [ChunkHit(chunk_id=r["chunk_id"], document_id=r["document_id"], text=r["text"],
                     metadata=r["metadata"], score=float(r["score"]),
                     embedding=_as_list(r["embedding"]) if with_embeddings else None) for r in rows]


def _guard_k(k: int) -> None:
    if k <= 0:
        raise ValueError(f"k must be positive, got {k}")


def dense_search(conn: psycopg.Connection, embedding: Sequence[float], k: int,
                 filters: SearchFilters | None = None, *, ef_search: int | None = None,
                 with_embeddings: bool = False) -> list[ChunkHit]:
    """The k chunks nearest to `embedding` (cosine, HNSW); score = cosine similarity."""
    from pgvector import Vector

    _guard_k(k)
    params = {"embedding": Vector(list(embedding)), "k": k, **_filter_params(filters)}
    ef = ef_search or get_settings().hnsw_ef_search
    with conn.transaction():
        conn.execute(load_query("set_search_params"), {"ef_search": str(max(ef, k))})
        rows = conn.execute(_query("dense_search", len(embedding)), params).fetchall()
    return _hits(rows, with_embeddings)


def lexical_search(conn: psycopg.Connection, query_text: str, k: int, filters: SearchFilters | None = None,
                   *, with_embeddings: bool = False) -> list[ChunkHit]:
    """The k chunks best matching `query_text` in full-text search (`simple` config, OR of words)."""
    _guard_k(k)
    if not query_text.strip():
        return []
    rows = conn.execute(load_query("lexical_search"), {"query": query_text, "k": k,
                                                       **_filter_params(filters)}).fetchall()
    conn.commit()
    return _hits(rows, with_embeddings)


def explain_dense(conn: psycopg.Connection, embedding: Sequence[float], k: int, *,
                  ef_search: int | None = None) -> str:
    """EXPLAIN of the unfiltered dense query as it would run (shows whether HNSW is used)."""
    from pgvector import Vector

    _guard_k(k)
    params = {"embedding": Vector(list(embedding)), "k": k, **_filter_params(None)}
    ef = ef_search or get_settings().hnsw_ef_search
    with conn.transaction():
        conn.execute(load_query("set_search_params"), {"ef_search": str(max(ef, k))})
        rows = conn.execute("EXPLAIN " + _query("dense_search", len(embedding)), params).fetchall()
    plan = "\n".join(next(iter(r.values())) for r in rows)
    return re.sub(r"'\[[^']*\]'", "'[...]'", plan)  # the query vector, elided
