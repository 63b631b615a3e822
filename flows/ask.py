"""The `ask` flow: flows/ask_pipeline.run_ask with its I/O steps (LLM variants, the retrieval
chain, the LLM answer) as Prefect tasks, tracked in the dashboard.

`casewright ask` runs this flow when a Prefect server is running or configured (or with
`--server`); otherwise it calls the pipeline directly (flows/ask_pipeline.ask_question).
"""

from __future__ import annotations

from typing import Any

from prefect import flow, task
from prefect.cache_policies import NO_CACHE
from prefect.logging import get_run_logger
from prefect.utilities.annotations import quote

from flows.ask_pipeline import (
    AskRequest,
    AskResult,
    AskSteps,
    answer_question,
    ask_llm_for_variants,
    retrieve_context,
    run_ask,
)
from tasks.core.config import Settings, get_settings

__all__ = ["AskRequest", "AskResult", "ask"]

TASK = {"persist_result": False, "cache_policy": NO_CACHE}

llm_variants_task = task(name="llm-variants", **TASK)(ask_llm_for_variants)
retrieve_context_task = task(name="retrieve-context", **TASK)(retrieve_context)
answer_question_task = task(name="answer-question", **TASK)(answer_question)


def _tracked(step: Any) -> Any:
    """Call the task with every argument quoted: connections, clients and models are passed
    as they are, not inspected for futures."""
    return lambda *args: step(*(quote(a) for a in args))


TRACKED_STEPS = AskSteps(_tracked(llm_variants_task), _tracked(retrieve_context_task),
                         _tracked(answer_question_task))


@flow(name="ask", flow_run_name="ask {request.question:.40}", persist_result=False)
def ask(request: AskRequest, settings: Settings | None = None) -> AskResult:
    """Route the question, retrieve a context block, and answer it when an LLM is configured."""
    return run_ask(request, settings or get_settings(), steps=TRACKED_STEPS, log=get_run_logger())
