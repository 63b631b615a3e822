"""The Reviewer's LLM fallback against a loopback OpenAI-compatible server that the test
starts itself (127.0.0.1, a canned repair); never a live API. Real OpenFOAM runs the case."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Iterator

import pytest

from tests.conftest import CAVITY, copy_tutorial, run_cli
from tests.openai_stub import OpenAIStub

pytestmark = pytest.mark.integration


@pytest.fixture
def fake_openai() -> Iterator[OpenAIStub]:
    """Scripted replies (an int is an HTTP error status, a dict the JSON the assistant message
    carries); an unscripted request gets HTTP 500."""
    with OpenAIStub() as stub:
        stub.when_empty = 500
        stub.usage = {"prompt_tokens": 321, "completion_tokens": 45, "total_tokens": 366}
        yield stub


def cavity_with_decimal_comma(dest: Path) -> tuple[Path, str]:
    """`nu 0,01;`: OpenFOAM says "Entry 'nu' has 2 excess tokens", which no rule covers."""
    case = copy_tutorial(CAVITY, dest)
    props = case / "constant/transportProperties"
    fixed = props.read_text()
    props.write_text(re.sub(r"(?m)^(nu\s+)0\.01;", r"\g<1>0,01;", fixed))
    return case, fixed


def review_json(case: Path, env: dict[str, str]) -> tuple[int, dict]:
    proc = run_cli(["review", str(case), "--json", "--max-cycles", "3"], env)
    lines = [ln for ln in proc.stdout.splitlines() if ln.strip()]
    assert len(lines) == 1, f"stdout:\n{proc.stdout}\nstderr:\n{proc.stderr[-3000:]}"
    return proc.returncode, json.loads(lines[0])


def llm_env(cli_env: dict[str, str], fake: OpenAIStub) -> dict[str, str]:
    # the rule catalogue alone, so a decimal comma (the syntax strategy's) is left to the LLM
    return {**cli_env, "OPENAI_BASE_URL": fake.base_url, "OPENAI_API_KEY": "test-key", "CASEWRIGHT_LLM_MODEL": "fake-model",
            "CASEWRIGHT_REVIEWER_STRATEGIES": "0"}


def test_llm_repairs_what_no_rule_covers(tmp_path, cli_env, prefect_server, need_docker, fake_openai) -> None:
    case, fixed = cavity_with_decimal_comma(tmp_path / "cavity")
    fake_openai.replies.extend([429, {"file": "constant/transportProperties", "content": fixed,
                                       "explanation": "nu used a decimal comma; OpenFOAM needs 0.01"}])
    code, review = review_json(case, llm_env(cli_env, fake_openai))
    assert code == 0, review
    assert review["initial_problem"]["kind"] == "fatal" and "excess tokens" in review["initial_problem"]["message"]
    assert [c["rule"] for c in review["cycles"]] == ["llm"]
    assert review["final_status"] == "completed" and review["repaired"]
    assert (case / "constant/transportProperties").read_text() == fixed
    # one 429 retried, then one answer; the prompt carried the log excerpt and the file
    assert len(fake_openai.requests) == 2
    request = fake_openai.requests[-1]
    assert request["model"] == "fake-model" and request["response_format"]["type"] == "json_object"
    prompt = request["messages"][-1]["content"]
    assert "excess tokens" in prompt and "0,01" in prompt and "constant/transportProperties" in prompt
    assert request["auth"] == "Bearer test-key" and request["path"] == "/v1/chat/completions"
    usage = review["llm_usage"]
    assert (usage["calls"], usage["retries"], usage["prompt_tokens"], usage["completion_tokens"]) == (1, 1, 321, 45)
    assert "LLM edit of constant/transportProperties" in review["cycles"][0]["description"]


def test_llm_answer_outside_the_case_is_refused(tmp_path, cli_env, prefect_server, need_docker, fake_openai) -> None:
    case, fixed = cavity_with_decimal_comma(tmp_path / "cavity")
    broken = (case / "constant/transportProperties").read_text()
    fake_openai.replies.append({"file": "../../etc/hosts", "content": fixed, "explanation": "x"})
    code, review = review_json(case, llm_env(cli_env, fake_openai))
    assert code == 1
    assert review["cycles"] == [] and "outside the case" in review["stopped"]
    assert (case / "constant/transportProperties").read_text() == broken


def test_without_llm_the_reviewer_stops_cleanly(tmp_path, cli_env, prefect_server, need_docker, fake_openai) -> None:
    case, _ = cavity_with_decimal_comma(tmp_path / "cavity")
    env = {k: v for k, v in cli_env.items() if k not in ("OPENAI_BASE_URL", "OPENAI_API_KEY",
                                                         "CASEWRIGHT_LLM_BASE_URL", "CASEWRIGHT_LLM_API_KEY")}
    env["CASEWRIGHT_REVIEWER_STRATEGIES"] = "0"  # the rule catalogue alone has nothing for a decimal comma
    code, review = review_json(case, env)
    assert code == 1 and review["stopped"].startswith("no ") and review["llm_usage"] is None
    assert fake_openai.requests == []
