"""The optional LLM steps of retrieval: extra query variants and a grounded answer with citations.

Both go through tasks.llm.LLMClient (the injected OpenAI-compatible client). Prompts are
templates/prompts/expand.j2 and answer.j2. Expansion is best-effort: any failure returns no
variants and the reason, and retrieval carries on with the deterministic ones.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from tasks.core.errors import LLMError
from tasks.core.llm import LLMClient, parse_json_answer
from tasks.core.render import render
from tasks.retrieval.errors import ParsedError
from tasks.retrieval.fusion import ContextItem, Variant
from tasks.retrieval.router import Route

logger = logging.getLogger(__name__)

EXPAND_TEMPERATURE = 0.4
EXPAND_MAX_TOKENS = 120
MAX_LLM_VARIANTS = 3
ANSWER_ITEM_CHARS = 2500
SYSTEM = "You are an OpenFOAM v1912 expert. You answer with a single JSON object."


class LLMVariants(BaseModel):
    model_config = ConfigDict(extra="forbid")

    variants: list[str] = Field(default_factory=list)


class AnswerReply(BaseModel):
    model_config = ConfigDict(extra="forbid")

    answer: str = Field(min_length=1)
    citations: list[int] = Field(default_factory=list)


class Citation(BaseModel):
    model_config = ConfigDict(extra="forbid")

    n: int
    source: str


class Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: str
    citations: list[Citation]
    model: str


class Expansion(BaseModel):
    model_config = ConfigDict(extra="forbid")

    variants: list[Variant]
    error: str | None = Field(None, description="why the LLM variants are missing (fallback used)")


def llm_variants(query: str, route: Route, llm: LLMClient, n: int = MAX_LLM_VARIANTS) -> Expansion:
    """Up to `n` variants from the LLM (temperature 0.4, about 120 tokens); never raises."""
    prompt = render("prompts/expand.j2", query=query, mode=route.mode, categories=route.categories[:4],
                    tools=route.tools[:4], n=n)
    messages = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": prompt}]
    try:
        response = llm.client.chat.completions.create(
            model=llm.model, messages=messages, temperature=EXPAND_TEMPERATURE, max_tokens=EXPAND_MAX_TOKENS,
            response_format={"type": "json_object"},
        )
        llm.usage.calls += 1
        usage = getattr(response, "usage", None)
        if usage is not None:
            llm.usage.prompt_tokens += int(getattr(usage, "prompt_tokens", 0) or 0)
            llm.usage.completion_tokens += int(getattr(usage, "completion_tokens", 0) or 0)
        content = response.choices[0].message.content or ""
        reply = parse_json_answer(content, LLMVariants, llm.model)
    except LLMError as exc:
        logger.warning("LLM expansion unusable (%s); using the deterministic variants", exc)
        return Expansion(variants=[], error=str(exc))
    except Exception as exc:  # noqa: BLE001 - the openai client raises many types; all mean "fall back"
        status = getattr(exc, "status_code", None)
        why = f"the LLM endpoint failed for model {llm.model} ({f'HTTP {status}' if status else type(exc).__name__})"
        logger.warning("%s; using the deterministic variants", why)
        return Expansion(variants=[], error=why)
    texts = [" ".join(v.split())[:300] for v in reply.variants if isinstance(v, str) and v.strip()]
    unique = list(dict.fromkeys(t for t in texts if t.lower() != " ".join(query.split()).lower()))
    return Expansion(variants=[Variant(kind="llm", text=t) for t in unique[:n]])


def grounded_answer(question: str, mode: str, context: Sequence[ContextItem], llm: LLMClient,
                    error: ParsedError | None = None) -> Answer:
    """An answer that cites the context items by number; LLMError when the endpoint fails. A parsed
    error (the FATAL the question quotes) is shown to the model as parsed."""
    if not context:
        raise LLMError("nothing was retrieved to ground an answer on: run `casewright ingest` first")
    items = [{"source": c.source, "text": c.text[:ANSWER_ITEM_CHARS]} for c in context]
    parsed = error.model_dump(include={"message", "case_file", "dictionary", "keyword", "field", "patch",
                                       "unknown", "suggestion"}, exclude_none=True) if error else {}
    prompt = render("prompts/answer.j2", question=question, mode=mode, context=items, parsed_error=parsed)
    messages = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": prompt}]
    reply = llm.complete_json(messages, AnswerReply, temperature=0.0)
    cited = [n for n in dict.fromkeys(reply.citations) if 1 <= n <= len(context)]
    return Answer(text=reply.answer.strip(), model=llm.model,
                  citations=[Citation(n=n, source=context[n - 1].source) for n in cited])
