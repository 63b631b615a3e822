"""The `ask` flow: route -> base case -> expand -> search -> pin -> fuse -> mmr -> context -> (answer).

Each step is a small task over tasks/router.py and tasks/retrieve*.py; the store connections,
the embedding model and the LLM client are opened here and handed in. `latency_ms` is the
retrieval time inside the flow (route to context block, Prefect task overhead included, model
load excluded); `casewright bench retrieval` measures the same chain without Prefect.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from prefect import flow, task
from prefect.cache_policies import NO_CACHE
from prefect.logging import get_run_logger
from prefect.utilities.annotations import quote
from pydantic import BaseModel, ConfigDict, Field

from tasks import store
from tasks.casebase import CaseRecord
from tasks.config import Settings, get_settings
from tasks.embed import EmbeddingProvider
from tasks.errors import LLMError
from tasks.llm import LLMClient, TokenUsage, make_llm_client
from tasks.retrieve import (
    ContextItem,
    Hit,
    RankedList,
    RetrievalOptions,
    Variant,
    expand_variants,
    fuse,
    k_fetch,
    search_scope,
    select_chunks,
)
from tasks.retrieve_context import pinned_sections, select_pins
from tasks.retrieve_llm import Answer, Expansion, grounded_answer, llm_variants
from tasks.retrieve_search import (
    CaseContext,
    find_cases,
    load_term_stats,
    query_embedder,
    search_lists,
    variant_texts,
)
from tasks.router import Route, classify, load_ontology

if TYPE_CHECKING:
    from psycopg import Connection

TASK = {"persist_result": False, "cache_policy": NO_CACHE}


class AskRequest(BaseModel):
    """A question (or case request) to retrieve context for."""

    model_config = ConfigDict(extra="forbid")

    question: str = Field(min_length=1)
    tool: str | None = Field(None, description="the solver of the case the question is about, if any")
    options: RetrievalOptions = Field(default_factory=RetrievalOptions)


class AskResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    question: str
    mode: str
    reason: str
    categories: list[str]
    tools: list[str]
    scope_tools: list[str] | None
    variants: list[Variant]
    expansion: str = Field(description="none | deterministic | deterministic+llm")
    expansion_error: str | None = None
    context: list[ContextItem]
    answer: str | None = None
    citations: list[dict[str, Any]] = Field(default_factory=list)
    answer_error: str | None = None
    latency_ms: float = Field(description="retrieval time, route to context block (model load excluded)")
    timings_ms: dict[str, float]
    llm_usage: TokenUsage | None = None


@task(name="route-request", **TASK)
def route_request(question: str, tool: str | None) -> Route:
    return classify(question, load_ontology(), case_tool=tool)


@task(name="find-base-case", **TASK)
def find_base_case(conn: Connection, route: Route, use_case_base: bool) -> CaseContext:
    return find_cases(conn, route) if use_case_base else CaseContext()


@task(name="expand-query", **TASK)
def expand_query(question: str, route: Route, base: CaseRecord | None, expansion: bool,
                 llm: LLMClient | None) -> Expansion:
    if not expansion:
        return Expansion(variants=[])
    variants = expand_variants(question, route, load_ontology(), base)
    if llm is None:
        return Expansion(variants=variants)
    extra = llm_variants(question, route, llm)
    return Expansion(variants=[*variants, *extra.variants], error=extra.error)


@task(name="search-store", **TASK)
def search_store(conn: Connection, lexical_conn: Connection, provider: EmbeddingProvider, question: str, route: Route, variants: list[Variant],
                 lexical: bool, k: int, settings: Settings) -> list[RankedList]:
    stats = load_term_stats(conn) if lexical else None
    lists, _ = search_lists(conn, provider, variant_texts(question, variants), search_scope(route, load_ontology()),
                            k_fetch(k), stats=stats, ef_search=settings.hnsw_ef_search, lexical_conn=lexical_conn)
    return lists


@task(name="pin-canonical", **TASK)
def pin_canonical(question: str, route: Route, variants: list[Variant], options: RetrievalOptions) -> list[ContextItem]:
    if not options.canonical:
        return []
    pins = pinned_sections(route, load_ontology())
    return select_pins(pins, [question, *(v.text for v in variants)], options.max_pinned)


@task(name="fuse-lists", **TASK)
def fuse_lists(lists: list[RankedList], route: Route, pinned: list[ContextItem], rrf_k: int) -> list[tuple[Hit, float]]:
    return fuse(lists, rrf_k, route.mode, [p.source for p in pinned])


@task(name="diversify-mmr", **TASK)
def diversify(fused: list[tuple[Hit, float]], k: int, lam: float, use_mmr: bool) -> list[ContextItem]:
    return select_chunks(fused, k, lam, use_mmr)


@task(name="assemble-context", **TASK)
def assemble_context(pinned: list[ContextItem], cases: CaseContext, chunks: list[ContextItem]) -> list[ContextItem]:
    return [*pinned, *cases.items(load_ontology().openfoam), *chunks]


@task(name="answer-question", **TASK)
def answer_question(question: str, mode: str, context: list[ContextItem], llm: LLMClient) -> Answer:
    return grounded_answer(question, mode, context, llm)


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 2)


@flow(name="ask", flow_run_name="ask {request.question:.40}", persist_result=False)
def ask(request: AskRequest, settings: Settings | None = None) -> AskResult:
    """Route the question, retrieve a context block, and answer it when an LLM is configured."""
    settings = settings or get_settings()
    logger = get_run_logger()
    llm = make_llm_client(settings)
    provider = query_embedder(settings)
    options = request.options
    timings: dict[str, float] = {}

    with store.connect(settings) as conn, store.connect(settings) as lexical_conn:
        store.check_store(conn, model=provider.name, dimension=provider.dimension)
        t = time.perf_counter()
        provider.embed(["load the embedding model"])  # cold start, kept out of the retrieval latency
        timings["model_load"] = _ms(t)
        began = t = time.perf_counter()
        route = route_request(request.question, request.tool)
        workflow = route.mode == "workflow"
        k = settings.top_k_workflow if workflow else settings.top_k_expert
        lam = settings.mmr_lambda_workflow if workflow else settings.mmr_lambda_expert
        cases = find_base_case(quote(conn), route, options.case_base)
        timings["route_cases"] = _ms(t)
        t = time.perf_counter()
        expansion = expand_query(request.question, route, cases.base, options.expansion, quote(llm))
        timings["expand"] = _ms(t)
        t = time.perf_counter()
        lists = search_store(quote(conn), quote(lexical_conn), quote(provider), request.question, route,
                             expansion.variants, options.lexical, k, quote(settings))
        timings["search"] = _ms(t)
        t = time.perf_counter()
        pinned = pin_canonical(request.question, route, expansion.variants, options)
        fused = fuse_lists(quote(lists), route, pinned, settings.rrf_k)
        chunks = diversify(quote(fused), k, lam, options.mmr)
        context = assemble_context(pinned, cases, chunks)
        timings["fuse_mmr_context"] = _ms(t)
        latency = _ms(began)
    logger.info("ask: %s mode, %d categories, %d lists, %d context items in %.0f ms",
                route.mode, len(route.categories), len(lists), len(context), latency)

    answer, answer_error = None, None
    if llm is not None:
        t = time.perf_counter()
        try:
            answer = answer_question(request.question, route.mode, context, quote(llm))
        except LLMError as exc:
            answer_error = str(exc)
            logger.warning("no answer: %s", exc)
        timings["answer"] = _ms(t)

    return AskResult(
        question=request.question, mode=route.mode, reason=route.reason, categories=route.categories,
        tools=route.tools, scope_tools=search_scope(route, load_ontology()).tools, variants=expansion.variants,
        expansion="none" if not options.expansion else ("deterministic+llm" if llm and not expansion.error
                                                         else "deterministic"),
        expansion_error=expansion.error, context=context,
        answer=answer.text if answer else None,
        citations=[c.model_dump() for c in answer.citations] if answer else [],
        answer_error=answer_error, latency_ms=latency, timings_ms=timings,
        llm_usage=llm.usage if llm else None,
    )
