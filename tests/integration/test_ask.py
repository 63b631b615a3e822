"""Retrieval on the real embedded Postgres (pgvector + full text) with the real MiniLM model.

Three real tutorials (cavity, pitzDaily, damBreak) and the project's canonical notes are
ingested once per session into a store of their own; the tests then run the retrieval chain
in-process (mode rules, switches, the HNSW plan) and `casewright ask` / `casewright bench
retrieval` end to end.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import TUTORIALS, run_cli

pytestmark = pytest.mark.integration

CASES = ["incompressible/icoFoam/cavity/cavity", "incompressible/simpleFoam/pitzDaily",
         "multiphase/interFoam/laminar/damBreak/damBreak"]
WORKFLOW_Q = ("Set up and run a 2D lid-driven cavity flow in OpenFOAM. The top wall moves at 1 m/s. "
              "Use icoFoam.")
EXPERT_Q = ("interFoam keeps reporting 'bounding alpha.water' and the simulation crashes after 50 time steps. "
            "What MULES and alpha scheme settings should I change?")


@dataclass
class AskStore:
    data: Path
    url: str
    settings: Any
    provider: Any

    def conn(self) -> Any:
        from tasks.knowledge import store

        return store.connect(self.settings)


@lru_cache(maxsize=1)
def build_store() -> AskStore:
    """Ingest the tutorials and canonical notes once (shared by test_ask and test_ask_llm)."""
    from flows.ingest import IngestRequest, run_ingest
    from tasks.core.config import load_settings
    from tasks.knowledge import pgserver
    from tasks.retrieval.search import query_embedder

    # outside pytest's tmp root: the embedded server runs as another user and must traverse it
    data = Path(tempfile.mkdtemp(prefix="casewright-ask-test-"))
    data.chmod(0o755)
    for case in CASES:
        shutil.copytree(TUTORIALS / case, data / "tutorials" / case)
    url = pgserver.start_embedded(data)
    settings = load_settings(database_url=url, tutorials_dir=data / "tutorials")
    request = IngestRequest(kinds=["tutorial", "canonical"], tutorials_dir=data / "tutorials", rebuild=True)
    run_ingest(request, settings=settings, tracked=False)
    return AskStore(data=data, url=url, settings=settings, provider=query_embedder(settings))


@pytest.fixture(scope="session")
def ask_store() -> Iterator[AskStore]:
    if not all((TUTORIALS / c).is_dir() for c in CASES):
        pytest.skip(f"OpenFOAM tutorials not installed at {TUTORIALS}")
    world = build_store()
    yield world
    from tasks.knowledge import pgserver

    pgserver.stop_embedded(world.data)
    shutil.rmtree(world.data, ignore_errors=True)


def run_retrieval(world: AskStore, question: str, **options: bool) -> Any:
    from tasks.retrieval.fusion import RetrievalOptions
    from tasks.retrieval.router import classify, load_ontology
    from tasks.retrieval.search import load_term_stats, retrieve

    onto, s = load_ontology(), world.settings
    route = classify(question, onto)
    workflow = route.mode == "workflow"
    with world.conn() as conn, world.conn() as lexical_conn:
        stats = load_term_stats(conn, cache_dir=world.data / "cache")
        return retrieve(conn, world.provider, question, route, onto, options=RetrievalOptions(**options),
                        stats=stats, lexical_conn=lexical_conn, rrf_k=s.rrf_k,
                        k=s.top_k_workflow if workflow else s.top_k_expert,
                        lam=s.mmr_lambda_workflow if workflow else s.mmr_lambda_expert)


def test_workflow_request_gets_pins_base_case_and_chunks_of_its_tools(ask_store: AskStore) -> None:
    result = run_retrieval(ask_store, WORKFLOW_Q)
    assert result.route.mode == "workflow" and result.route.tool == "icoFoam"
    kinds = [item.kind for item in result.context]
    assert kinds == sorted(kinds, key=["canonical", "case", "retrieved"].index)  # pins, case, then chunks
    assert kinds.count("retrieved") == ask_store.settings.top_k_workflow
    assert any(i.source == "canonical/solver_selection.md#icoFoam: transient incompressible laminar"
               for i in result.context)
    assert any(i.source == "case:tutorial:incompressible/icoFoam/cavity/cavity" for i in result.context)
    # workflow mode searches icoFoam, its tool-graph neighbours and the canonical notes only
    retrieved = [i.source for i in result.context if i.kind == "retrieved"]
    assert not any("damBreak" in s or "pitzDaily" in s for s in retrieved), retrieved
    assert result.lists == [f"{kind}:{name}" for name in ("original", "physics", "keywords", "troubleshooting")
                            for kind in ("dense", "lexical")]
    texts = [i.text for i in result.context]
    assert len({" ".join(t.split()).lower()[:120] for t in texts}) == len(texts)  # no duplicate fingerprints


def test_expert_question_searches_everything(ask_store: AskStore) -> None:
    result = run_retrieval(ask_store, EXPERT_Q)
    assert result.route.mode == "expert" and result.scope_tools is None
    retrieved = [i for i in result.context if i.kind == "retrieved"]
    assert len(retrieved) == ask_store.settings.top_k_expert
    pinned = [i.source for i in result.context if i.kind == "canonical"]
    assert "canonical/troubleshooting.md#interFoam alpha unbounded or interface smearing (MULES)" in pinned
    assert not any(i.kind == "case" for i in result.context)


@pytest.mark.parametrize(("options", "lists", "kinds"), [
    ({"lexical": False}, ["dense:original", "dense:physics", "dense:keywords", "dense:troubleshooting"],
     {"canonical", "case", "retrieved"}),
    ({"expansion": False}, ["dense:original", "lexical:original"], {"canonical", "case", "retrieved"}),
    ({"canonical": False}, None, {"case", "retrieved"}),
    ({"expansion": False, "lexical": False, "mmr": False, "canonical": False, "case_base": False},
     ["dense:original"], {"retrieved"}),
])
def test_switches(ask_store: AskStore, options: dict[str, bool], lists: list[str] | None, kinds: set[str]) -> None:
    result = run_retrieval(ask_store, WORKFLOW_Q, **options)
    if lists is not None:
        assert result.lists == lists
    assert {i.kind for i in result.context} == kinds
    if not options.get("expansion", True):
        assert result.variants == []


def test_the_dense_batch_query_can_use_the_hnsw_index(ask_store: AskStore) -> None:
    from pgvector import Vector

    from tasks.knowledge.store import load_query

    sql = load_query("search_dense_batch").replace("{{vector_type}}", "vector")
    vector = ask_store.provider.embed(["lid-driven cavity"])[0]
    with ask_store.conn() as conn, conn.transaction():
        conn.execute("SET LOCAL enable_seqscan = off")  # a tiny table would otherwise be scanned
        rows = conn.execute("EXPLAIN " + sql, {"embeddings": [Vector(vector)], "k": 5, "tools": None,
                                               "always": ["canonical"]}).fetchall()
    plan = "\n".join(next(iter(r.values())) for r in rows)
    assert "chunks_embedding_hnsw_idx" in plan, plan


def _env(cli_env: dict[str, str], data: Path, **extra: str) -> dict[str, str]:
    env = {**cli_env, "CASEWRIGHT_DATA_DIR": str(data), **extra}
    for key in ("DATABASE_URL", "CASEWRIGHT_DATABASE_URL", "OPENAI_BASE_URL", "OPENAI_API_KEY",
                "CASEWRIGHT_LLM_BASE_URL", "CASEWRIGHT_LLM_API_KEY"):
        if key not in extra:
            env.pop(key, None)
    return env


def test_cli_ask_json_end_to_end(ask_store: AskStore, cli_env: dict[str, str], prefect_server: str) -> None:
    proc = run_cli(["ask", WORKFLOW_Q, "--json"], _env(cli_env, ask_store.data), timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 1, proc.stdout[:2000]
    out = json.loads(lines[0])
    assert out["mode"] == "workflow" and "solvers" in out["categories"]
    assert [v["kind"] for v in out["variants"]] == ["physics", "keywords", "troubleshooting"]
    assert out["context"] and all({"source", "text", "score"} <= set(item) for item in out["context"])
    assert out["answer"]["generated_by"] == "offline" and out["answer"]["summary"] and out["latency_ms"] > 0
    assert all({"file", "entry", "example", "source"} <= set(step) for step in out["answer"]["steps"])
    assert out["parsed_error"] is None
    assert "cold_start" in out["timings_ms"]


def test_cli_ask_without_a_prefect_server_answers_without_importing_prefect(ask_store: AskStore,
                                                                            cli_env: dict[str, str]) -> None:
    """No server on the configured port: the same pipeline, its steps called directly (issue #13)."""
    import socket
    import subprocess
    import sys

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        free_port = s.getsockname()[1]
    env = _env(cli_env, ask_store.data, CASEWRIGHT_PREFECT_PORT=str(free_port))
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "flows.cli", "ask", WORKFLOW_Q, "--json"],
                          env=env, capture_output=True, text=True, timeout=300, check=False,
                          cwd=Path(__file__).resolve().parents[2])
    assert proc.returncode == 0, proc.stderr[-3000:]
    prefect = [line for line in proc.stderr.splitlines() if line.startswith("import time") and "prefect" in line]
    assert prefect == [], prefect[:5]
    out = json.loads(proc.stdout)
    assert out["mode"] == "workflow" and out["context"] and out["answer"]["summary"]
    assert "cold_start" in out["timings_ms"]
    assert not (ask_store.data / "prefect" / "server.pid").exists()  # no server was started for it


FATAL_Q = """interFoam on my copy of damBreak stops with
--> FOAM FATAL IO ERROR:
Entry 'div(phi,alpha)' not found in dictionary "/home/me/damBreak/system/fvSchemes.divSchemes"

file: /home/me/damBreak/system/fvSchemes.divSchemes from line 30 to line 32.
"""


def test_cli_ask_json_parses_a_quoted_fatal_and_answers_offline(ask_store: AskStore, cli_env: dict[str, str],
                                                                  prefect_server: str) -> None:
    proc = run_cli(["ask", FATAL_Q, "--json"], _env(cli_env, ask_store.data), timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[0])
    error = out["parsed_error"]
    assert error["keyword"] == "div(phi,alpha)" and error["case_file"] == "system/fvSchemes"
    assert error["dictionary"] == "divSchemes" and error["section"].startswith("canonical/error_messages.md#")
    assert out["mode"] == "expert" and out["context"][0]["source"] == error["section"]
    step = out["answer"]["steps"][0]
    assert step["file"] == "system/fvSchemes" and "div(phi,alpha)" in step["example"]
    assert any(item["source"].startswith("tutorial:multiphase/interFoam") and "div(phi,alpha)" in item["text"]
               for item in out["context"])


def test_cli_ask_text_and_switches(ask_store: AskStore, cli_env: dict[str, str], prefect_server: str) -> None:
    proc = run_cli(["ask", EXPERT_Q, "--no-expansion", "--no-canonical"], _env(cli_env, ask_store.data),
                   timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.startswith("mode: expert")
    assert "\nvariants (" not in proc.stdout and "(canonical, score" not in proc.stdout
    assert "context (" in proc.stdout


def test_cli_ask_on_an_empty_store_says_what_to_run(cli_env: dict[str, str], prefect_server: str) -> None:
    from tasks.knowledge import pgserver

    empty = Path(tempfile.mkdtemp(prefix="casewright-ask-empty-"))
    empty.chmod(0o755)
    try:
        proc = run_cli(["ask", "What is icoFoam?", "--json"], _env(cli_env, empty), timeout=300)
        assert proc.returncode == 1
        assert "casewright ingest" in json.loads(proc.stdout.strip().splitlines()[-1])["error"]
        assert "Traceback" not in proc.stderr
    finally:
        pgserver.stop_embedded(empty)
        shutil.rmtree(empty, ignore_errors=True)


def test_cli_bench_retrieval_json(ask_store: AskStore, cli_env: dict[str, str]) -> None:
    proc = run_cli(["bench", "retrieval", "--set", "iterasim", "--json"], _env(cli_env, ask_store.data),
                   timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    report = json.loads(proc.stdout)
    assert report["n"] == 28 and 0 < report["min"] <= report["median"] <= 1 and 0 < report["mean"] <= 1
    assert {"p50", "p95"} <= set(report["latency_ms"])
    assert all({"case_id", "score", "missing"} <= set(c) for c in report["cases"])
    assert report["paper"]["mean"] == 77.9
