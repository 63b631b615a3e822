"""A small wrapper over an injected OpenAI-compatible client: JSON output validated by a
pydantic model, retries on HTTP 429/5xx only, and token accounting.

The client is injected (`openai.OpenAI(...)`, or anything with the same
`chat.completions.create`), so tests hand in one pointed at a loopback server.
"""

from __future__ import annotations

import json
import logging
import re
import time
from typing import Any, Callable, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from tasks.core.errors import LLMError

log = logging.getLogger(__name__)

T = TypeVar("T", bound=BaseModel)
_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.S)


class TokenUsage(BaseModel):
    model_config = ConfigDict(extra="forbid")

    calls: int = 0
    retries: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


def _status_of(exc: BaseException) -> int | None:
    status = getattr(exc, "status_code", None)
    return int(status) if isinstance(status, int) else None


def is_transient(exc: BaseException) -> bool:
    """HTTP 429 (rate limit) and 5xx (server trouble) are worth another try; nothing else."""
    status = _status_of(exc)
    return status is not None and (status == 429 or status >= 500)


class LLMClient:
    """`complete_json(messages, Schema)` -> a validated Schema instance."""

    def __init__(
        self,
        client: Any,
        model: str,
        max_retries: int = 3,
        backoff_s: float = 1.0,
        response_format: Literal["json_schema", "json_object"] = "json_object",
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.client = client
        self.model = model
        self.max_retries = max_retries
        self.backoff_s = backoff_s
        self.response_format = response_format
        self.sleep = sleep
        self.usage = TokenUsage()

    def _format(self, schema: type[BaseModel]) -> dict[str, Any]:
        if self.response_format == "json_schema":
            return {"type": "json_schema",
                    "json_schema": {"name": schema.__name__, "schema": schema.model_json_schema()}}
        return {"type": "json_object"}

    def complete_json(self, messages: list[dict[str, str]], schema: type[T], temperature: float = 0.0) -> T:
        """One chat completion whose answer must be a JSON object valid for `schema`."""
        attempt = 0
        while True:
            try:
                response = self.client.chat.completions.create(
                    model=self.model, messages=messages, temperature=temperature,
                    response_format=self._format(schema),
                )
                break
            except Exception as exc:  # the client's error classes vary; only status codes matter
                if is_transient(exc) and attempt < self.max_retries:
                    attempt += 1
                    self.usage.retries += 1
                    delay = self.backoff_s * 2 ** (attempt - 1)
                    log.warning("LLM %s answered HTTP %s; retry %d in %.1f s",
                                self.model, _status_of(exc), attempt, delay)
                    self.sleep(delay)
                    continue
                status = _status_of(exc)
                raise LLMError(
                    f"the LLM endpoint failed for model {self.model}"
                    + (f" (HTTP {status})" if status else f" ({type(exc).__name__})")
                    + "; check llm_base_url/OPENAI_BASE_URL and the API key, or unset them to work offline"
                ) from exc
        self.usage.calls += 1
        usage = getattr(response, "usage", None)
        if usage is not None:
            self.usage.prompt_tokens += int(getattr(usage, "prompt_tokens", 0) or 0)
            self.usage.completion_tokens += int(getattr(usage, "completion_tokens", 0) or 0)
        try:
            content = response.choices[0].message.content or ""
        except (AttributeError, IndexError) as exc:
            raise LLMError(f"the LLM ({self.model}) returned no message") from exc
        return parse_json_answer(content, schema, self.model)


def parse_json_answer(content: str, schema: type[T], model: str = "the LLM") -> T:
    """The first JSON object of an answer (code fences allowed), validated by `schema`."""
    text = content.strip()
    fenced = _FENCE.match(text)
    if fenced:
        text = fenced.group(1)
    if not text.startswith("{") and "{" in text:
        text = text[text.find("{") : text.rfind("}") + 1]
    try:
        return schema.model_validate(json.loads(text))
    except (json.JSONDecodeError, ValidationError) as exc:
        raise LLMError(f"{model} answered with JSON that does not fit {schema.__name__}: "
                       f"{str(exc).splitlines()[0][:200]}") from exc


def make_llm_client(settings: Any) -> LLMClient | None:
    """An LLMClient for the configured endpoint, or None when no LLM is configured."""
    if not getattr(settings, "llm_enabled", False):
        return None
    import openai

    key = settings.llm_api_key.get_secret_value() if settings.llm_api_key is not None else "not-needed"
    client = openai.OpenAI(base_url=settings.llm_base_url, api_key=key,
                           timeout=settings.llm_timeout_s, max_retries=0)
    return LLMClient(client, settings.llm_model)
