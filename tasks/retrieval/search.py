"""The I/O half of retrieval: ranked lists from the store, and the whole chain in-process.

`search_lists` runs, for the original query and each variant, one dense list (pgvector HNSW)
and one lexical list (Postgres full text over the query's informative lexemes) inside the
route's scope. `retrieve` chains route (given) -> expand -> embed -> search -> fuse -> MMR ->
context for the benchmark; flows/ask.py runs the same steps as Prefect tasks.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from pydantic import BaseModel, ConfigDict, Field

from tasks.core.config import Settings
from tasks.core.errors import ConfigError
from tasks.core.paths import data_dir
from tasks.knowledge.casebase import CaseRecord
from tasks.knowledge.embed import EmbeddingProvider
from tasks.retrieval.context import (
    case_summary,
    pick_base_case,
    pick_related_case,
    pinned_sections,
    select_pins,
    troubleshooting,
)
from tasks.retrieval.errors import (
    ParsedError,
    QuotedLog,
    error_pins,
    example_items,
    matching_section,
    read_quoted_log,
)
from tasks.retrieval.fusion import (
    ContextItem,
    Hit,
    RankedList,
    RetrievalOptions,
    SearchScope,
    Variant,
    clean_text,
    expand_variants,
    fuse,
    k_fetch,
    search_scope,
    select_chunks,
    select_terms,
)
from tasks.retrieval.router import Ontology, Route

if TYPE_CHECKING:
    from psycopg import Connection

logger = logging.getLogger(__name__)


# --- term statistics (document frequencies for the lexical query) -----------------------------------

class TermStats(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: str = Field(description="store version the counts belong to")
    chunks: int
    df: dict[str, int]


def load_term_stats(conn: Connection, cache_dir: Path | None = None) -> TermStats:
    """Document frequencies of the chunks' lexemes, cached on disk per store version."""
    from tasks.knowledge.store import load_query

    row = conn.execute(load_query("search_store_version")).fetchone()
    conn.commit()
    version = hashlib.md5(json.dumps(row, sort_keys=True, default=str).encode()).hexdigest()[:16]
    path = (cache_dir or data_dir() / "cache") / f"term-stats-{version}.json"
    if path.is_file():
        try:
            return TermStats.model_validate_json(path.read_text())
        except ValueError:
            logger.warning("ignoring unreadable term statistics cache %s", path)
    started = time.perf_counter()
    rows = conn.execute(load_query("search_term_stats")).fetchall()
    conn.commit()
    stats = TermStats(version=version, chunks=int(row["chunks"]), df={r["word"]: int(r["ndoc"]) for r in rows})
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(stats.model_dump_json())
    tmp.replace(path)
    logger.info("term statistics of %d chunks computed in %.0f ms (%s)", stats.chunks,
                (time.perf_counter() - started) * 1000, path)
    return stats


def lexical_terms(conn: Connection, texts: Sequence[str], stats: TermStats) -> list[list[str]]:
    """For each text, the informative lexemes to OR in its full-text query."""
    from tasks.knowledge.store import load_query

    rows = conn.execute(load_query("search_lexemes"), {"texts": list(texts)}).fetchall()
    conn.commit()
    per_text: list[list[tuple[str, bool]]] = [[] for _ in texts]
    for r in rows:
        per_text[int(r["n"]) - 1].append((r["lexeme"], bool(r["stop"])))
    return [select_terms(lexemes, stats.df, stats.chunks) for lexemes in per_text]


# --- the case base -----------------------------------------------------------------------------------

def fetch_case_records(conn: Connection, route: Route) -> list[CaseRecord]:
    """Case-base records of the route's solvers and of its physics phrases' tutorials."""
    from tasks.knowledge.store import load_query

    ids = [f"tutorial:{p.tutorial}" for p in route.phrases if p.tutorial]
    rows = conn.execute(load_query("search_cases_for_route"), {"solvers": route.tools, "ids": ids}).fetchall()
    conn.commit()
    return [CaseRecord.model_validate(r["record"]) for r in rows]


class CaseContext(BaseModel):
    """The base case of a workflow request and, when a physics phrase points at another
    solver's tutorial, that related case."""

    model_config = ConfigDict(extra="forbid")

    base: CaseRecord | None = None
    related: CaseRecord | None = None

    def items(self, version: str) -> list[ContextItem]:
        return [case_summary(r, version, role) for r, role in ((self.base, "Base case"),
                                                              (self.related, "Related case")) if r]


def find_cases(conn: Connection, route: Route) -> CaseContext:
    """Base and related case of a workflow request (see retrieve_context.pick_base_case)."""
    if route.mode != "workflow" or route.tool is None:
        return CaseContext()
    records = fetch_case_records(conn, route)
    base = pick_base_case(route, records)
    return CaseContext(base=base, related=pick_related_case(route, records, base))


# --- ranked lists -----------------------------------------------------------------------------------

def _hit(row: Mapping[str, Any]) -> Hit:
    emb = row.get("embedding")  # a numpy array (binary pgvector), kept as it is
    vector = None if emb is None else emb.to_numpy() if hasattr(emb, "to_numpy") else emb
    return Hit(chunk_id=row["chunk_id"], source=row["document_id"], text=row["text"],
               doc_type=row["doc_type"] or "", section=row["section"] or "",
               score=float(row["score"]), embedding=vector)


def _lists(rows: Sequence[Mapping[str, Any]], kind: str, names: Sequence[str]) -> list[RankedList]:
    hits: list[list[Hit]] = [[] for _ in names]
    for row in rows:
        hits[int(row["n"]) - 1].append(_hit(row))
    return [RankedList(name=f"{kind}:{name}", hits=h) for name, h in zip(names, hits, strict=True)]


def dense_lists(conn: Connection, names: Sequence[str], vectors: Sequence[Sequence[float]], scope: SearchScope, k: int,
                *, ef_search: int = 80) -> list[RankedList]:
    """One pgvector (HNSW) list per vector, all in one query."""
    from pgvector import Vector

    from tasks.knowledge.store import load_query, vector_type

    if not vectors:
        return []
    dims = {len(v) for v in vectors}
    if len(dims) != 1:
        raise ValueError(f"query embeddings of different dimensions: {sorted(dims)}")
    sql = load_query("search_dense_batch").replace("{{vector_type}}", vector_type(dims.pop()))
    params = {"tools": scope.tools, "always": scope.always, "k": k, "embeddings": [Vector(v) for v in vectors]}
    ef = str(max(ef_search, k))
    if conn.autocommit:  # a reading connection: the parameters are set once per session
        if _session_ef.get(conn) != ef:
            conn.execute(load_query("set_search_params_session"), {"ef_search": ef})
            _session_ef[conn] = ef
        rows = conn.execute(sql, params, binary=True).fetchall()  # binary: vectors load without text parsing
    else:
        with conn.transaction():
            conn.execute(load_query("set_search_params"), {"ef_search": ef})
            rows = conn.execute(sql, params, binary=True).fetchall()
    return _lists(rows, "dense", names)


# hnsw.ef_search set at session level on each autocommit connection (dense_lists)
_session_ef: WeakKeyDictionary[Connection, str] = WeakKeyDictionary()


def lexical_rows(conn: Connection, names: Sequence[str], texts: Sequence[str], scope: SearchScope, k: int,
                 stats: TermStats) -> tuple[list[str], list[dict[str, Any]]]:
    """The full-text hits of each text (over its informative lexemes), all in one query, as raw
    rows with the names of the texts that had an informative lexeme (the others get no list)."""
    from tasks.knowledge.store import load_query

    terms = lexical_terms(conn, texts, stats)
    kept = [(name, words) for name, words in zip(names, terms, strict=True) if words]
    if not kept:
        return [], []
    params = {"tools": scope.tools, "always": scope.always, "k": k,
              "term_lists": [" ".join(words) for _, words in kept]}
    rows = conn.execute(load_query("search_lexical_batch"), params, binary=True).fetchall()
    conn.commit()
    return [name for name, _ in kept], rows


def search_lists(conn: Connection, provider: EmbeddingProvider, named: Sequence[tuple[str, str]], scope: SearchScope, k: int, *,
                 stats: TermStats | None = None, ef_search: int = 80, lexical_conn: Connection | None = None,
                 known: Mapping[str, list[float]] | None = None) -> tuple[list[RankedList], dict[str, float]]:
    """Embed the texts and fetch a dense list per text on `conn`, and (with `stats`) a lexical
    list per text. With a second connection the lexical query runs in a worker thread while the
    model embeds (Postgres and the model then use both cores; the worker only waits on the
    database, so it does not hold the interpreter lock the encoder needs between its passes).
    `known` holds vectors already computed (the question's, embedded while the case base was
    read). Returns the lists (dense then lexical for each text, in text order) and timings."""
    names, texts = [n for n, _ in named], [t for _, t in named]
    known = known or {}
    timings: dict[str, float] = {}
    with ThreadPoolExecutor(max_workers=1) as pool:
        pending = pool.submit(lexical_rows, lexical_conn, names, texts, scope, k, stats) \
            if stats is not None and lexical_conn is not None else None
        t = time.perf_counter()
        missing = list(dict.fromkeys(text for text in texts if text not in known))
        fresh = dict(zip(missing, provider.embed(missing), strict=True))
        vectors = [known[text] if text in known else fresh[text] for text in texts]
        timings["embed"] = _ms(t)
        t = time.perf_counter()
        dense = dense_lists(conn, names, vectors, scope, k, ef_search=ef_search)
        timings["dense"] = _ms(t)
        t = time.perf_counter()
        if pending is not None:
            lexical_names, rows = pending.result()
        else:
            lexical_names, rows = lexical_rows(conn, names, texts, scope, k, stats) if stats is not None else ([], [])
        lexical = _lists(rows, "lexical", lexical_names)
        timings["lexical_wait"] = _ms(t)
    by_name = {lst.name: lst for lst in [*dense, *lexical]}
    ordered = [by_name[f"{kind}:{n}"] for n in names for kind in ("dense", "lexical") if f"{kind}:{n}" in by_name]
    return ordered, timings


def query_embedder(settings: Settings) -> EmbeddingProvider:
    """The configured embedding provider, set up for a few short query texts at a time.

    Local model: the int8 ONNX export (tasks/knowledge/embed_onnx.py) unless `query_encoder` is "torch",
    or it is "auto" and the export cannot be built or loaded here (then a warning and torch).
    Torch runs on one thread in batches of at most 256 padded tokens: a handful of query texts
    gains nothing from intra-op parallelism (on a busy 2-core machine two threads made each
    call 10x slower), and smaller batches waste less padding.
    """
    from tasks.knowledge.embed import LocalMiniLM, provider_from_settings
    from tasks.knowledge.embed_onnx import OnnxMiniLM

    if settings.embedding_provider != "local":
        return provider_from_settings(settings)
    if settings.query_encoder != "torch":
        encoder = OnnxMiniLM()
        try:
            encoder.prepare()
            return encoder
        except (ImportError, ConfigError) as exc:
            if settings.query_encoder == "onnx-int8":
                raise ConfigError(f"the int8 ONNX query encoder is not available: {exc}") from exc
            logger.warning("int8 ONNX query encoder unavailable (%s); encoding queries with torch", exc)
    return LocalMiniLM(threads=1, tokens_per_batch=256)


# --- the whole chain, in-process ---------------------------------------------------------------------

class Retrieval(BaseModel):
    """What `casewright ask` shows and the benchmark scores."""

    model_config = ConfigDict(extra="forbid")

    query: str
    route: Route
    scope_tools: list[str] | None
    variants: list[Variant]
    context: list[ContextItem]
    lists: list[str] = Field(description="names of the ranked lists that were fused")
    timings_ms: dict[str, float]
    parsed_error: ParsedError | None = Field(None, description="the FATAL or crash the question quotes")


def variant_texts(query: str, variants: Sequence[Variant]) -> list[tuple[str, str]]:
    """(list name, text) for the original query and each variant, names unique."""
    named = [("original", query)]
    for n, v in enumerate(variants, start=1):
        named.append((v.kind if v.kind != "llm" else f"llm{n}", v.text))
    return named


def build_context(query: str, route: Route, ontology: Ontology, variants: Sequence[Variant],
                  lists: Sequence[RankedList], *, k: int, lam: float, rrf_k: int, options: RetrievalOptions,
                  cases: Sequence[ContextItem] = (), error: ParsedError | None = None) -> list[ContextItem]:
    """The section a quoted error matches, pinned canonical sections, the base (and related) case,
    tutorial entries showing the correct form of what the error names, then the fused, diversified chunks."""
    pinned_error = error_pins(error) if error is not None and options.canonical else []
    pins = [p for p in (pinned_sections(route, ontology) if options.canonical else [])
            if p.source not in {e.source for e in pinned_error}]
    pinned = select_pins(pins, [query, *(v.text for v in variants)], options.max_pinned - len(pinned_error),
                         trouble_first=troubleshooting(route) is not None)
    first = [ContextItem(kind="canonical", source=p.source, text=clean_text(p.text), score=1.0) for p in pinned_error]
    fused = fuse(lists, rrf_k, route.mode, [p.source for p in [*first, *pinned]])
    examples = example_items(error, [hit for hit, _ in fused]) if error is not None else []
    return [*first, *pinned, *cases, *examples, *select_chunks(fused, k, lam, options.mmr)]


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 2)


def retrieve(conn: Connection, provider: EmbeddingProvider, query: str, route: Route, ontology: Ontology, *, k: int, lam: float,
             rrf_k: int, options: RetrievalOptions, stats: TermStats | None, lexical_conn: Connection | None = None,
             extra_variants: Sequence[Variant] = (), ef_search: int = 80) -> Retrieval:
    """route (given) -> cases -> expand -> embed + search -> fuse -> MMR -> context, timed per step.

    `stats` are needed for the lexical lists (options.lexical); see load_term_stats. A second
    connection `lexical_conn` lets the case base be read while the question is embedded, and the
    lexical lists run while the variants are embedded.
    """
    timings: dict[str, float] = {}
    t = time.perf_counter()
    quoted = read_quoted_log(query)
    error = quoted.error if quoted else None
    if quoted is not None:  # a pasted log: search with its FATAL block, residual tail and the user's words
        query = quoted.search_text
    timings["read_log"] = _ms(t)
    t = time.perf_counter()
    known: dict[str, list[float]] = {}
    if options.case_base and lexical_conn is not None:
        early = early_texts(query, route, ontology, options, [*error_variants(quoted), *extra_variants])
        with ThreadPoolExecutor(max_workers=1) as pool:  # these vectors do not need the base case
            reading = pool.submit(find_cases, lexical_conn, route)
            known = dict(zip(early, provider.embed(early), strict=True))
            cases = reading.result()
    else:
        cases = find_cases(conn, route) if options.case_base else CaseContext()
    timings["cases_and_question"] = _ms(t)
    t = time.perf_counter()
    variants = [*(expand_variants(query, route, ontology, cases.base) if options.expansion else []),
                *error_variants(quoted), *extra_variants]
    timings["expand"] = _ms(t)
    t = time.perf_counter()
    scope = search_scope(route, ontology)
    lists, search_timings = search_lists(conn, provider, variant_texts(query, variants), scope, k_fetch(k),
                                         stats=stats if options.lexical else None, ef_search=ef_search,
                                         lexical_conn=lexical_conn, known=known)
    timings["search"] = _ms(t)
    timings.update(search_timings)
    t = time.perf_counter()
    context = build_context(query, route, ontology, variants, lists, k=k, lam=lam, rrf_k=rrf_k, options=options,
                            cases=cases.items(ontology.openfoam), error=error)
    timings["fuse_mmr_context"] = _ms(t)
    if error is not None:
        error = error.model_copy(update={"section": matching_section(error) if options.canonical else None})
    return Retrieval(query=query, route=route, scope_tools=scope.tools, variants=variants, context=context,
                     lists=[lst.name for lst in lists], timings_ms=timings, parsed_error=error)


def early_texts(query: str, route: Route, ontology: Ontology, options: RetrievalOptions,
                fixed: Sequence[Variant] = ()) -> list[str]:
    """The texts to embed while the case base is read: the question and every variant that does
    not depend on the base case (a base case changes only the keywords variant, and only a
    workflow request with a solver gets one). One encoder call then spreads them over its workers."""
    may_have_base = route.mode == "workflow" and route.tool is not None
    variants = expand_variants(query, route, ontology) if options.expansion else []
    texts = [query, *(v.text for v in variants if not (may_have_base and v.kind == "keywords")),
             *(v.text for v in fixed)]
    return list(dict.fromkeys(texts))


def error_variants(quoted: QuotedLog | None) -> list[Variant]:
    """One variant naming what a quoted error is about: the entry and file to look for in tutorials."""
    if quoted is None or quoted.error is None or quoted.error.kind == "crash":
        return []
    e = quoted.error
    words = [e.suggestion or e.keyword, e.field, e.case_file.rsplit("/", 1)[-1] if e.case_file else None,
             (e.dictionary or "").split(".")[0] or None]
    text = " ".join(dict.fromkeys(w for w in words if w))
    return [Variant(kind="error", text=text)] if text else []
