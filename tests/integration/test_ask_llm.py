"""`ask` with an LLM: extra query variants and a grounded answer with citations, against a
loopback OpenAI-compatible server this test starts (POST /v1/chat/completions on 127.0.0.1).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import TEST_PREFECT_PORT, run_cli
from tests.integration.test_ask import WORKFLOW_Q, AskStore, _env, ask_store  # noqa: F401 - shared fixture
from tests.openai_stub import OpenAIStub

pytestmark = pytest.mark.integration

LLM_VARIANTS = ["laminar flow in a square cavity driven by a moving lid",
                "icoFoam movingWallVelocity noSlip frontAndBack empty blockMeshDict"]
ANSWER = "Give the lid movingWallVelocity or fixedValue (1 0 0) [1] and run icoFoam with PISO [2]."


class FakeChat:
    """Expansion prompts get {"variants": [...]}, answer prompts {"answer", "citations"}; the
    `behaviour` of each kind can be "ok", "500" or "garbage"."""

    behaviour: dict[str, str] = {}
    requests: list[dict[str, Any]] = []

    @staticmethod
    def reply(body: dict[str, Any]) -> Any:
        prompt = body["messages"][-1]["content"]
        kind = "expand" if "search queries" in prompt else "answer"
        FakeChat.requests.append({"kind": kind, **body})
        behaviour = FakeChat.behaviour.get(kind, "ok")
        if behaviour == "500":
            return 500, {"error": {"message": "upstream model crashed", "type": "server_error"}}
        if behaviour == "garbage":
            return "Sorry, I cannot answer in JSON today."
        if kind == "expand":
            return json.dumps({"variants": LLM_VARIANTS})
        return json.dumps({"answer": ANSWER, "citations": [1, 2, 99]})


@pytest.fixture()
def fake_llm() -> Iterator[str]:
    FakeChat.requests.clear()
    FakeChat.behaviour = {}
    with OpenAIStub(responder=FakeChat.reply) as stub:
        yield stub.base_url


def test_cli_ask_uses_llm_variants_and_answers_with_citations(ask_store: AskStore, fake_llm: str,  # noqa: F811
                                                              cli_env: dict[str, str], prefect_server: str) -> None:
    env = _env(cli_env, ask_store.data, CASEWRIGHT_LLM_BASE_URL=fake_llm, CASEWRIGHT_LLM_API_KEY="test-key")
    proc = run_cli(["ask", WORKFLOW_Q, "--json"], env, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])

    assert out["expansion"] == "deterministic+llm" and out["expansion_error"] is None
    assert [v["kind"] for v in out["variants"]] == ["physics", "keywords", "troubleshooting", "llm", "llm"]
    assert [v["text"] for v in out["variants"][3:]] == LLM_VARIANTS
    assert out["answer"]["summary"] == ANSWER and out["answer"]["generated_by"].startswith("llm:")
    assert out["answer"]["citations"] == [1, 2]
    assert out["citations"] == [{"n": 1, "source": out["context"][0]["source"]},
                                {"n": 2, "source": out["context"][1]["source"]}]  # 99 is not in the context

    expand = next(r for r in FakeChat.requests if r["kind"] == "expand")
    answer = next(r for r in FakeChat.requests if r["kind"] == "answer")
    assert (expand["temperature"], expand["max_tokens"]) == (0.4, 120)
    assert expand["auth"] == "Bearer test-key" and "lid-driven cavity" in expand["messages"][-1]["content"]
    assert f"[1] {out['context'][0]['source']}" in answer["messages"][-1]["content"]
    assert out["llm_usage"]["calls"] == 2


def test_llm_failures_fall_back_to_the_deterministic_variants(ask_store: AskStore, fake_llm: str,  # noqa: F811
                                                             prefect_server: str,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from flows.ask import AskRequest, ask
    from flows.server import prefect_session

    FakeChat.behaviour = {"expand": "500", "answer": "garbage"}
    monkeypatch.setenv("CASEWRIGHT_DATA_DIR", str(ask_store.data))
    settings = ask_store.settings.model_copy(update={"llm_base_url": fake_llm})
    with prefect_session(TEST_PREFECT_PORT):
        result = ask(AskRequest(question=WORKFLOW_Q), settings=settings)

    assert result.expansion == "deterministic" and "HTTP 500" in (result.expansion_error or "")
    assert [v.kind for v in result.variants] == ["physics", "keywords", "troubleshooting"]
    assert result.context and result.answer.generated_by == "offline" and "JSON" in (result.answer_error or "")
    assert [r["kind"] for r in FakeChat.requests] == ["expand", "answer"]  # no retries of a non-transient error
