"""Ingest flow: corpus -> chunks -> embeddings -> pgvector, plus the structured case base.

Idempotent and crash-safe: a document whose fingerprint is unchanged is skipped without
embedding; each new or changed document is written (document row + all its chunks) in its own
transaction after its embeddings exist, so a run killed at any point leaves a consistent
store and the next run carries on from there.
"""

from __future__ import annotations

import logging
import resource
import time
from pathlib import Path
from typing import Any

from prefect import flow, task
from prefect.cache_policies import NO_CACHE
from prefect.utilities.annotations import quote
from pydantic import BaseModel, ConfigDict, Field

from tasks.core.config import Settings, get_settings
from tasks.core.paths import CANONICAL_DIR, data_dir
from tasks.core.progress import progress_to, report_progress
from tasks.knowledge import store
from tasks.knowledge.casebase import find_case_dirs, read_case_record
from tasks.knowledge.chunking import ChunkBudget, chunk_document, enrich_document
from tasks.knowledge.corpus import ALL_KINDS, DiscoveredCorpus, SourceKind, SourcePlan, discover_documents
from tasks.knowledge.documents import Document
from tasks.knowledge.embed import EmbeddingProvider, provider_from_settings

logger = logging.getLogger(__name__)

__all__ = ["IngestRequest", "IngestSummary", "ingest_corpus", "progress_to", "run_ingest"]

DOCS_PER_BATCH = 256
READING = "reading sources"
EMBEDDING = "embedding + storing documents"


class IngestRequest(BaseModel):
    """What to ingest. Paths left None come from Settings (and canonical/ of the project)."""

    model_config = ConfigDict(extra="forbid")

    sources: list[Path] = Field(default_factory=list, description="user folders (--source DIR)")
    rebuild: bool = Field(False, description="drop the store and rebuild it from scratch")
    kinds: list[SourceKind] = Field(default_factory=lambda: list(ALL_KINDS))
    tutorials_dir: Path | None = None
    casedicts_dir: Path | None = None
    canonical_dir: Path | None = None


class IngestPlan(BaseModel):
    model_config = ConfigDict(extra="forbid")

    to_write: list[Document]
    added: int
    changed: int
    skipped: int
    to_remove: list[str]


class WriteStats(BaseModel):
    model_config = ConfigDict(extra="forbid")

    documents: int = 0
    chunks: int = 0
    embedded: int = 0
    reused: int = 0


class IngestSummary(BaseModel):
    model_config = ConfigDict(extra="forbid")

    documents_seen: int
    added: int
    changed: int
    removed: int
    skipped: int
    chunks_total: int
    chunks_written: int
    embedded: int = Field(description="texts sent to the embedding model in this run")
    reused_embeddings: int = Field(description="chunk texts whose stored embedding was reused")
    cases: int = Field(description="cases in the structured case base after the run")
    embedding_model: str
    openfoam_version: str
    sources: list[str]
    seconds: float
    embed_seconds: float
    peak_rss_mb: float
    query_encoder: str = Field("", description="what encodes questions for `ask`: onnx-int8, torch or the endpoint")


def source_plan(request: IngestRequest, settings: Settings) -> SourcePlan:
    kinds = set(request.kinds)
    return SourcePlan(
        tutorials_dir=(request.tutorials_dir or settings.tutorials_dir) if "tutorial" in kinds else None,
        casedicts_dir=(request.casedicts_dir or settings.openfoam_dir / "etc" / "caseDicts")
        if "caseDict" in kinds else None,
        canonical_dir=(request.canonical_dir or CANONICAL_DIR) if "canonical" in kinds else None,
        user_dirs=[*request.sources, *settings.extra_sources] if "user" in kinds else [],
        include_help="help" in kinds,
        openfoam_dir=settings.openfoam_dir,
        cache_dir=data_dir() / "cache",
    )


# --- tasks: thin I/O edges over tasks/ ---------------------------------------------------------

@task(name="discover-sources", cache_policy=NO_CACHE, persist_result=False)
def discover_sources(plan: SourcePlan) -> DiscoveredCorpus:
    return discover_documents(plan)


@task(name="plan-changes", cache_policy=NO_CACHE, persist_result=False)
def plan_changes(conn: Any, corpus: DiscoveredCorpus) -> IngestPlan:
    stored = store.document_fingerprints(conn, corpus.complete_sources)
    seen = {d.id for d in corpus.documents}
    to_write = [d for d in corpus.documents if stored.get(d.id) != d.fingerprint]
    added = sum(1 for d in to_write if d.id not in stored)
    return IngestPlan(to_write=to_write, added=added, changed=len(to_write) - added,
                      skipped=len(corpus.documents) - len(to_write),
                      to_remove=sorted(set(stored) - seen))


@task(name="embed-and-store", cache_policy=NO_CACHE, persist_result=False)
def embed_and_store(conn: Any, provider: EmbeddingProvider, documents: list[Document],
                    settings: Settings, docs_per_batch: int = DOCS_PER_BATCH) -> tuple[WriteStats, float]:
    """Chunk, embed (each distinct text once, reusing stored vectors) and write, per batch."""
    stats, embed_seconds, known = WriteStats(), 0.0, {}
    total = len(documents)
    for start in range(0, total, docs_per_batch):
        batch = [enrich_document(d, settings.openfoam_dir) for d in documents[start : start + docs_per_batch]]
        chunked = [(d, chunk_document(d, _budget(d, settings))) for d in batch]
        texts = {c.embed_fingerprint: c.embed_text for _, chunks in chunked for c in chunks}
        missing = [fp for fp in texts if fp not in known]
        reused = store.stored_embeddings(conn, missing)
        known.update(reused)
        todo = [fp for fp in missing if fp not in known]
        began = time.perf_counter()
        known.update(zip(todo, provider.embed([texts[fp] for fp in todo]), strict=True))
        embed_seconds += time.perf_counter() - began
        stats.embedded += len(todo)
        stats.reused += len(reused)
        for doc, chunks in chunked:
            store.write_document(conn, doc, chunks, known)
            stats.documents += 1
            stats.chunks += len(chunks)
        report_progress(EMBEDDING, min(start + docs_per_batch, total), total)
    return stats, embed_seconds


def _budget(doc: Document, settings: Settings) -> ChunkBudget:
    notes = doc.meta.doc_type == "user" and doc.format in ("markdown", "text")
    return ChunkBudget(words=settings.chunk_words_notes if notes else settings.chunk_words_docs,
                       overlap=settings.chunk_overlap_words)


@task(name="prune-documents", cache_policy=NO_CACHE, persist_result=False)
def prune_documents(conn: Any, ids: list[str]) -> int:
    return store.delete_documents(conn, ids)


@task(name="build-case-base", cache_policy=NO_CACHE, persist_result=False)
def build_case_base(conn: Any, corpus: DiscoveredCorpus) -> int:
    for case_root in corpus.case_roots:
        records = [read_case_record(d, case_root.root, case_root.origin) for d in find_case_dirs(case_root.root)]
        store.replace_cases(conn, case_root.origin, records)
    return store.store_counts(conn).cases


@task(name="prepare-query-encoder", cache_policy=NO_CACHE, persist_result=False)
def prepare_query_encoder(settings: Settings) -> str:
    """Build (once per machine) and load the query-side encoder, so the first `ask` is quick."""
    from tasks.retrieval.search import query_embedder

    provider = query_embedder(settings)
    return getattr(provider, "encoder", provider.name)


# --- the pipeline --------------------------------------------------------------------------------

def run_ingest(request: IngestRequest, *, settings: Settings | None = None,
               provider: EmbeddingProvider | None = None, tracked: bool = True,
               docs_per_batch: int = DOCS_PER_BATCH) -> IngestSummary:
    """The ingest pipeline. `tracked=False` calls the plain functions (no Prefect API needed);
    a provider can be injected (tests, a preloaded model)."""
    settings = settings or get_settings()
    provider = provider or provider_from_settings(settings)

    def call(step: Any, *args: Any) -> Any:
        return step(*(quote(a) for a in args)) if tracked else step.fn(*args)

    started = time.perf_counter()
    report_progress(READING, 0, 1)
    corpus = call(discover_sources, source_plan(request, settings))
    report_progress(READING, 1, 1)
    with store.connect(settings) as conn:
        store.ensure_schema(conn, model=provider.name, dimension=provider.dimension, settings=settings,
                            rebuild=request.rebuild)
        plan = call(plan_changes, conn, corpus)
        stats, embed_seconds = call(embed_and_store, conn, provider, plan.to_write, settings, docs_per_batch)
        removed = call(prune_documents, conn, plan.to_remove)
        counts = store.store_counts(conn)
        cases = counts.cases
        if request.rebuild or plan.to_write or removed or counts.cases == 0:
            cases = call(build_case_base, conn, corpus)
            store.analyze(conn)
    encoder = call(prepare_query_encoder, settings)
    summary = IngestSummary(
        documents_seen=len(corpus.documents), added=plan.added, changed=plan.changed, removed=removed,
        skipped=plan.skipped, chunks_total=counts.chunks, chunks_written=stats.chunks,
        embedded=stats.embedded, reused_embeddings=stats.reused, cases=cases,
        embedding_model=provider.name, openfoam_version=corpus.openfoam_version,
        sources=corpus.complete_sources, seconds=round(time.perf_counter() - started, 2),
        embed_seconds=round(embed_seconds, 2),
        peak_rss_mb=round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1), query_encoder=encoder,
    )
    logger.info("ingest done: %s", summary.model_dump_json())
    return summary


@flow(name="ingest-corpus", persist_result=False)
def ingest_corpus(request: IngestRequest | None = None, settings: Settings | None = None) -> IngestSummary:
    """Build or refresh the knowledge store (see run_ingest)."""
    return run_ingest(request or IngestRequest(), settings=settings, tracked=True)
