"""The `ask` pipeline without Prefect: route -> (LLM variants) -> retrieve the context block -> (answer).

flows/ask.py runs `run_ask` as the `ask` flow, with its three I/O steps as Prefect tasks
(`tracked_steps`); `casewright ask` calls it directly, with the plain step functions, when no
Prefect server is running or configured: nothing here imports prefect, so a quick question
does not pay for Prefect's import and a flow run.

The retrieval itself (base case, deterministic variants, dense and lexical lists, RRF, MMR,
pinned canonical sections) is tasks/retrieval/search.retrieve, the chain `casewright bench
retrieval` scores. The store connections, the embedding model and the LLM client are opened
here and handed in. `latency_ms` is the time from routing to the context block (LLM variants
included, and the Prefect task overhead on the flow path; model load excluded).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field

from tasks.core.config import Settings
from tasks.core.errors import LLMError
from tasks.core.llm import LLMClient, TokenUsage, make_llm_client
from tasks.foam.physics import physics
from tasks.knowledge import store
from tasks.knowledge.embed import EmbeddingProvider
from tasks.retrieval.answer import AskAnswer, offline_answer, with_llm_summary
from tasks.retrieval.errors import ParsedError
from tasks.retrieval.fusion import ContextItem, RetrievalOptions, Variant
from tasks.retrieval.llm import Answer, Expansion, grounded_answer, llm_variants
from tasks.retrieval.router import Route, classify, load_ontology, term_index
from tasks.retrieval.search import Retrieval, load_term_stats, query_embedder, retrieve

if TYPE_CHECKING:
    from psycopg import Connection

logger = logging.getLogger(__name__)


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
    parsed_error: ParsedError | None = Field(None, description="the FATAL (or crash) the question quotes, parsed")
    answer: AskAnswer = Field(description="summary and steps: assembled from the context offline, "
                                          "the summary generated (and citing it) with an LLM")
    citations: list[dict[str, Any]] = Field(default_factory=list)
    answer_error: str | None = None
    latency_ms: float = Field(description="retrieval time, route to context block (cold start excluded: "
                                          "model, ontology and physics tables loading, timings_ms.cold_start)")
    timings_ms: dict[str, float]
    llm_usage: TokenUsage | None = None


# --- the three steps that do I/O (the flow runs each as a task) ---------------------------------

def ask_llm_for_variants(question: str, route: Route, llm: LLMClient) -> Expansion:
    return llm_variants(question, route, llm)


def retrieve_context(conn: Connection, lexical_conn: Connection, provider: EmbeddingProvider, question: str,
                     route: Route, extra: list[Variant], options: RetrievalOptions, settings: Settings) -> Retrieval:
    """Base case, variants, dense and lexical lists, fusion, MMR and pins: the chain the
    retrieval benchmark scores, in one step (a task per step cost more than the steps)."""
    workflow = route.mode == "workflow"
    return retrieve(conn, provider, question, route, load_ontology(), options=options,
                    stats=load_term_stats(conn) if options.lexical else None, lexical_conn=lexical_conn,
                    extra_variants=extra, ef_search=settings.hnsw_ef_search, rrf_k=settings.rrf_k,
                    k=settings.top_k_workflow if workflow else settings.top_k_expert,
                    lam=settings.mmr_lambda_workflow if workflow else settings.mmr_lambda_expert)


def answer_question(question: str, mode: str, context: list[ContextItem], llm: LLMClient,
                    error: ParsedError | None = None) -> Answer:
    return grounded_answer(question, mode, context, llm, error=error)


@dataclass(frozen=True)
class AskSteps:
    """How the I/O steps are called: directly (PLAIN_STEPS), or as Prefect tasks (flows/ask.py)."""

    llm_variants: Callable[..., Expansion]
    retrieve_context: Callable[..., Retrieval]
    answer_question: Callable[..., Answer]


PLAIN_STEPS = AskSteps(ask_llm_for_variants, retrieve_context, answer_question)


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 2)


def run_ask(request: AskRequest, settings: Settings, *, steps: AskSteps = PLAIN_STEPS,
            log: logging.Logger | logging.LoggerAdapter[Any] = logger) -> AskResult:
    """Route the question, retrieve a context block, and answer it when an LLM is configured."""
    llm = make_llm_client(settings)
    provider = query_embedder(settings)
    options = request.options
    timings: dict[str, float] = {}

    with store.connect(settings, autocommit=True) as conn, store.connect(settings, autocommit=True) as lexical_conn:
        store.check_store(conn, model=provider.name, dimension=provider.dimension)
        t = time.perf_counter()
        provider.embed(["load the embedding model"])  # cold start, kept out of the retrieval latency
        ontology, _ = load_ontology(), physics()
        term_index(ontology)  # built once per process
        timings["cold_start"] = _ms(t)
        began = t = time.perf_counter()
        route = classify(request.question, ontology, case_tool=request.tool)  # pure and < 1 ms: not a step
        timings["route"] = _ms(t)
        extra = Expansion(variants=[])
        if llm is not None and options.expansion:
            t = time.perf_counter()
            extra = steps.llm_variants(request.question, route, llm)
            timings["llm_variants"] = _ms(t)
        retrieval = steps.retrieve_context(conn, lexical_conn, provider, request.question, route,
                                           extra.variants, options, settings)
        timings.update(retrieval.timings_ms)
        latency = _ms(began)
    context = retrieval.context
    log.info("ask: %s mode, %d categories, %d lists, %d context items in %.0f ms",
             route.mode, len(route.categories), len(retrieval.lists), len(context), latency)

    answer, answer_error = None, None
    structured = offline_answer(context, retrieval.parsed_error, request.question)
    if llm is not None:
        t = time.perf_counter()
        try:
            answer = steps.answer_question(request.question, route.mode, context, llm, retrieval.parsed_error)
            structured = with_llm_summary(structured, answer.text, answer.model, [c.n for c in answer.citations])
        except LLMError as exc:
            answer_error = str(exc)
            log.warning("no LLM answer (the offline answer stands): %s", exc)
        timings["answer"] = _ms(t)

    return AskResult(
        question=request.question, mode=route.mode, reason=route.reason, categories=route.categories,
        tools=route.tools, scope_tools=retrieval.scope_tools, variants=retrieval.variants,
        expansion="none" if not options.expansion else ("deterministic+llm" if llm and not extra.error
                                                         else "deterministic"),
        expansion_error=extra.error, context=context, parsed_error=retrieval.parsed_error,
        answer=structured,
        citations=[c.model_dump() for c in answer.citations] if answer else [],
        answer_error=answer_error, latency_ms=latency, timings_ms=timings,
        llm_usage=llm.usage if llm else None,
    )


def ask_question(request: AskRequest, settings: Settings) -> AskResult:
    """`casewright ask` without a Prefect server: the same pipeline, its steps called directly."""
    return run_ask(request, settings)
