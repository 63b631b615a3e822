"""The LLM planner against a loopback OpenAI-compatible server the test starts."""

from __future__ import annotations

import json

import openai
import pytest

from tasks.core.config import load_settings
from tasks.core.llm import LLMClient
from tasks.edit.generate import choose_plan
from tasks.edit.verify import verify_stated
from tasks.edit.writer import write_case
from tasks.plan.manifest import CaseRequest
from tests.openai_stub import OpenAIStub

pytestmark = pytest.mark.integration

VALID = {
    "request": "cavity at 2 m/s",
    "recipe": "llm",
    "base_tutorial": "incompressible/icoFoam/cavity/cavity",
    "base_kind": "tutorial",
    "solver": "icoFoam",
    "algorithm": "PISO",
    "steady": False,
    "time": {"end_time": 0.2, "delta_t": 0.005, "write_control": "timeStep", "write_interval": 20},
    "edits": [{"file": "0/U", "entry": ["boundaryField", "movingWall", "value"], "value": "uniform (2 0 0)",
               "reason": "lid 2 m/s", "locked": True}],
    "assumptions": ["mesh of the tutorial"],
}


def _plan(stub: OpenAIStub, tmp_path, mode: str, text: str = "a square box of fluid whose lid slides at 2 m/s"):
    settings = load_settings(llm_planner=mode, llm_base_url=stub.base_url, llm_api_key="test")
    client = openai.OpenAI(base_url=stub.base_url, api_key="test", max_retries=0)
    llm = LLMClient(client, "stub-model", sleep=lambda s: None)
    return choose_plan(CaseRequest(text=text, out_dir=tmp_path / "out"), settings, llm=llm), llm


def test_valid_manifest_is_used(tmp_path):
    with OpenAIStub() as stub:
        stub.replies.append(json.dumps(VALID))
        m, llm = _plan(stub, tmp_path, "first")
    assert m.planner == "llm" and m.solver == "icoFoam"
    assert m.edits[0].value == "uniform (2 0 0)"
    assert llm.usage.calls == 1 and llm.usage.total_tokens == 15


def test_invalid_then_valid_retries_once_with_the_error(tmp_path):
    bad = dict(VALID, solver="fooFoam")
    with OpenAIStub() as stub:
        stub.replies.extend([json.dumps(bad), json.dumps(VALID)])
        m, _ = _plan(stub, tmp_path, "first")
        second_prompt = stub.requests[1]["messages"][0]["content"]
    assert m.planner == "llm"
    assert "fooFoam" in second_prompt and "rejected" in second_prompt


def test_garbage_falls_back_to_the_deterministic_planner(tmp_path):
    with OpenAIStub() as stub:
        stub.replies.extend(["this is not json", "{\"solver\": 3}"])
        m, _ = _plan(stub, tmp_path, "first", text="lid-driven cavity, lid 2 m/s, icoFoam")
        assert len(stub.requests) == 2
    assert m.planner == "deterministic" and m.recipe == "cavity"
    assert any("LLM plan not used" in w for w in m.warnings)


def test_edit_outside_the_case_is_rejected(tmp_path):
    evil = dict(VALID, edits=[{"file": "../../etc/passwd", "entry": ["x"], "value": "1", "reason": "x"}])
    with OpenAIStub() as stub:
        stub.replies.extend([json.dumps(evil), json.dumps(evil)])
        m, _ = _plan(stub, tmp_path, "first", text="lid-driven cavity, icoFoam")
    assert m.planner == "deterministic"


def test_fallback_mode_asks_the_llm_only_when_offline_planning_refuses(tmp_path):
    with OpenAIStub() as stub:
        stub.replies.append(json.dumps(VALID))
        m, _ = _plan(stub, tmp_path, "fallback", text="lid-driven cavity, icoFoam")
        assert stub.requests == [] and m.planner == "deterministic"
        m2, _ = _plan(stub, tmp_path, "fallback", text="simulate the flow")  # no tutorial or shape fits: refused offline
    assert m2.planner == "llm"


def test_values_the_llm_left_out_are_bound_or_reported(tmp_path):
    """The model set only the lid; the request also states a viscosity and an end time. The
    stated list comes from the request text, the binder sets what the model left out, and the
    written files are what the score verifies."""
    text = "a square box of fluid whose lid slides at 2 m/s, kinematic viscosity 0.002 m2/s, run until t = 0.4 s"
    reply = dict(VALID, time={"end_time": 0.2, "delta_t": 0.005, "write_control": "timeStep", "write_interval": 20})
    with OpenAIStub() as stub:
        stub.replies.append(json.dumps(reply))
        m, _ = _plan(stub, tmp_path, "first", text=text)
    assert m.planner == "llm"
    assert {q.quantity for q in m.stated} >= {"velocity", "kinematic_viscosity", "time"}, m.stated
    bound = {(b.file, "/".join(b.entry)) for b in m.bindings} | {(e.file, "/".join(e.entry)) for e in m.edits}
    assert ("constant/transportProperties", "nu") in bound, bound
    assert not m.not_applied, m.not_applied
    written = write_case(m, tmp_path / "case", load_settings().tutorials_dir)
    stated, not_applied = verify_stated(written.case_dir, m.stated, m.bindings, m.not_applied)
    assert all(q.verified for q in stated) and not not_applied, [(q.text, q.verified) for q in stated]
