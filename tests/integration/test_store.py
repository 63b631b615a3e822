"""The knowledge store on the real embedded Postgres (pgvector) with the real MiniLM model.

A small tutorials root (4 real cases) is ingested into the session's data dir; the tests then
check idempotence, change detection, removal, recovery from interrupted runs (an exception in
the embed step, and SIGKILL of a subprocess), the HNSW plan, the case base, the Prefect flow,
the CLI, and the OpenAI embedding path against a loopback endpoint this test starts.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import TEST_PREFECT_PORT, TUTORIALS, run_cli
from tests.openai_stub import OpenAIStub

pytestmark = pytest.mark.integration

CASES = [
    "incompressible/simpleFoam/pitzDaily",
    "incompressible/simpleFoam/backwardFacingStep2D",
    "compressible/rhoCentralFoam/shockTube",
    "compressible/rhoCentralFoam/obliqueShock",
]
KINDS = ["tutorial", "canonical"]


class World:
    """What the module's tests share: paths, settings and the MiniLM provider."""

    def __init__(self, data: Path, tutorials: Path, canonical: Path) -> None:
        from tasks.core.config import load_settings
        from tasks.knowledge.embed import LocalMiniLM

        self.data, self.tutorials, self.canonical = data, tutorials, canonical
        self.settings = load_settings(tutorials_dir=tutorials, database_url=None)
        self.provider = LocalMiniLM()

    def request(self, **kw: Any) -> Any:
        from flows.ingest import IngestRequest

        return IngestRequest(kinds=KINDS, tutorials_dir=self.tutorials, canonical_dir=self.canonical, **kw)

    def ingest(self, provider: Any = None, docs_per_batch: int = 256, **kw: Any) -> Any:
        from flows.ingest import run_ingest

        return run_ingest(self.request(**kw), settings=self.settings, provider=provider or self.provider,
                          tracked=False, docs_per_batch=docs_per_batch)

    def conn(self) -> Any:
        from tasks.knowledge import store

        return store.connect(self.settings)


def _data_dir() -> Path:
    """A data dir outside pytest's tmp root: pytest resets /tmp/pytest-of-<user> to mode 0700,
    which the embedded server (running as the `pgserver` user when tests run as root) cannot
    traverse."""
    return Path(tempfile.mkdtemp(prefix="casewright-store-test-"))


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    if not TUTORIALS.is_dir():
        pytest.skip(f"OpenFOAM tutorials not installed at {TUTORIALS}")
    from tasks.knowledge import pgserver

    test_data_dir = _data_dir()
    root = tmp_path_factory.mktemp("store-src")
    for case in CASES:
        shutil.copytree(TUTORIALS / case, root / "tutorials" / case)
    canonical = root / "canonical"
    canonical.mkdir()
    (canonical / "turbulence_models.md").write_text(
        "# Turbulence models\n## kOmegaSST\nThe SST model blends k-omega near walls and k-epsilon in the "
        "free stream.\n## Wall functions\nUse omegaWallFunction on walls for omega.\n")
    (canonical / "faq.md").write_text("# FAQ\n## Why does my run diverge?\nReduce relaxation factors.\n")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CASEWRIGHT_DATA_DIR", str(test_data_dir))
        mp.delenv("DATABASE_URL", raising=False)
        w = World(test_data_dir, root / "tutorials", canonical)
        w.first = w.ingest(rebuild=True)  # type: ignore[attr-defined]
        try:
            yield w
        finally:
            pgserver.stop_embedded(test_data_dir)
            shutil.rmtree(test_data_dir, ignore_errors=True)


def _duplicates(conn: Any) -> list[Any]:
    return conn.execute("SELECT document_id, ord, count(*) FROM chunks GROUP BY 1, 2 HAVING count(*) > 1").fetchall()


def test_first_run_then_second_run_embeds_nothing(world: World) -> None:
    first = world.first  # type: ignore[attr-defined]
    assert first.added == first.documents_seen > 40 and first.embedded > 0
    assert first.cases == len(CASES)
    started = time.perf_counter()
    second = world.ingest()
    assert time.perf_counter() - started < 10
    assert (second.embedded, second.added, second.changed, second.removed) == (0, 0, 0, 0)
    assert second.skipped == first.documents_seen and second.chunks_total == first.chunks_total


def test_search_primitives(world: World) -> None:
    from tasks.knowledge import store

    query = world.provider.embed(["k-omega SST turbulence model wall functions"])[0]
    with world.conn() as conn:
        hits = store.dense_search(conn, query, 5, with_embeddings=True)
        assert len(hits) == 5 and hits[0].score >= hits[-1].score
        assert hits[0].embedding is not None and len(hits[0].embedding) == 384
        central = store.dense_search(conn, query, 5, store.SearchFilters(tools=["rhoCentralFoam"]))
        assert central and all("rhoCentralFoam" in h.metadata["tools"] for h in central)
        notes = store.dense_search(conn, query, 3, store.SearchFilters(doc_types=["canonical", "faq"]))
        assert notes[0].document_id == "canonical:turbulence_models.md"
        lexical = store.lexical_search(conn, "kOmegaSST", 10)
        assert any(h.document_id.endswith("backwardFacingStep2D/constant/turbulenceProperties") for h in lexical)
        assert store.lexical_search(conn, "omegaWallFunction", 3, store.SearchFilters(doc_types=["canonical"]))
        assert store.lexical_search(conn, "   ", 3) == []


def test_changed_file_is_the_only_one_reembedded(world: World) -> None:
    from tasks.knowledge import store

    path = world.tutorials / "incompressible/simpleFoam/pitzDaily/system/fvSchemes"
    path.write_text(path.read_text().replace("bounded Gauss linearUpwind grad(U)", "bounded Gauss upwind"))
    summary = world.ingest()
    assert (summary.changed, summary.added, summary.removed) == (1, 0, 0)
    assert 1 <= summary.embedded <= 2
    with world.conn() as conn:
        hits = store.lexical_search(conn, "upwind", 20)
        doc = "tutorial:incompressible/simpleFoam/pitzDaily/system/fvSchemes"
        assert any(h.document_id == doc and "Gauss upwind" in h.text for h in hits)
    assert world.ingest().embedded == 0


def test_removed_files_and_cases_leave_the_store(world: World) -> None:
    from tasks.knowledge import store

    (world.tutorials / "compressible/rhoCentralFoam/obliqueShock/system/fvSolution").unlink()
    summary = world.ingest()
    assert summary.removed == 1 and summary.embedded == 0
    shutil.rmtree(world.tutorials / "compressible/rhoCentralFoam/obliqueShock")
    summary = world.ingest()
    assert summary.removed > 5 and summary.cases == len(CASES) - 1
    with world.conn() as conn:
        left = conn.execute("SELECT count(*) AS n FROM documents WHERE id LIKE %s",
                            ["tutorial:compressible/rhoCentralFoam/obliqueShock/%"]).fetchone()
        assert left["n"] == 0 and store.store_counts(conn).cases == len(CASES) - 1


class FailingProvider:
    """MiniLM that fails on its n-th call, like a crash in the middle of embedding."""

    def __init__(self, inner: Any, fail_on_call: int) -> None:
        self.inner, self.fail_on_call, self.calls = inner, fail_on_call, 0
        self.name, self.dimension = inner.name, inner.dimension

    def embed(self, texts: list[str]) -> list[list[float]]:
        self.calls += 1
        if self.calls == self.fail_on_call:
            raise RuntimeError("simulated crash while embedding")
        return self.inner.embed(texts)


def _terms_out_of_step(conn: Any) -> list[Any]:
    """Chunks whose chunk_terms row is missing or differs, and chunk_terms rows without a chunk."""
    return conn.execute("""
        SELECT c.id, t.id AS terms_id FROM chunks c FULL OUTER JOIN chunk_terms t ON t.id = c.id
        WHERE c.id IS NULL OR t.id IS NULL OR t.tsv <> c.tsv
           OR t.doc_type <> c.metadata->>'doc_type'
           OR t.tools <> ARRAY(SELECT jsonb_array_elements_text(c.metadata->'tools'))""").fetchall()


def test_chunk_terms_follow_changes_and_removals(world: World) -> None:
    with world.conn() as conn:
        assert conn.execute("SELECT count(*) AS n FROM chunk_terms").fetchone()["n"] > 40
        assert _terms_out_of_step(conn) == []


def test_a_store_of_the_previous_schema_is_refused_then_upgraded_by_ingest(world: World) -> None:
    from tasks.core.errors import StoreError
    from tasks.knowledge import store

    with world.conn() as conn:  # what a store written by the previous release looks like
        conn.execute("DROP TABLE chunk_terms")
        conn.execute("DROP FUNCTION chunk_terms_sync() CASCADE")
        conn.execute("UPDATE store_meta SET value = '1' WHERE key = 'schema_version'")
        conn.commit()
        with pytest.raises(StoreError, match="schema version 1.*casewright ingest"):
            store.check_store(conn, model=world.provider.name, dimension=world.provider.dimension)
    summary = world.ingest()
    assert summary.embedded == 0
    with world.conn() as conn:
        store.check_store(conn, model=world.provider.name, dimension=world.provider.dimension)
        assert _terms_out_of_step(conn) == []


def test_run_interrupted_in_the_embed_step_is_resumed(world: World) -> None:
    from tasks.knowledge import store

    total = world.ingest().documents_seen
    with pytest.raises(RuntimeError, match="simulated crash"):
        world.ingest(provider=FailingProvider(world.provider, fail_on_call=3), docs_per_batch=10, rebuild=True)
    with world.conn() as conn:
        assert store.store_counts(conn).documents == 20  # two whole batches committed, nothing partial
    resumed = world.ingest(docs_per_batch=10)
    assert resumed.added == total - 20 and resumed.skipped == 20
    with world.conn() as conn:
        counts = store.store_counts(conn)
        assert counts.documents == total and not _duplicates(conn)
        assert counts.chunks == resumed.chunks_total


KILL_SCRIPT = """
import sys
from pathlib import Path
from flows.ingest import IngestRequest, run_ingest
from tasks.core.config import load_settings
request = IngestRequest(kinds={kinds!r}, tutorials_dir=Path({tutorials!r}), canonical_dir=Path({canonical!r}),
                        rebuild=True)
run_ingest(request, settings=load_settings(tutorials_dir=Path({tutorials!r})), tracked=False, docs_per_batch=5)
"""


def test_sigkill_mid_run_leaves_a_consistent_store(world: World) -> None:
    from tasks.knowledge import store

    total = world.ingest().documents_seen
    script = KILL_SCRIPT.format(kinds=KINDS, tutorials=str(world.tutorials), canonical=str(world.canonical))
    env = {**os.environ, "CASEWRIGHT_DATA_DIR": str(world.data)}
    proc = subprocess.Popen([sys.executable, "-c", script], env=env, cwd=Path(__file__).resolve().parents[2],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    written, deadline = 0, time.monotonic() + 240
    try:
        # wait until the rebuild has dropped the old store and committed a few documents
        time.sleep(1.0)
        while time.monotonic() < deadline and proc.poll() is None:
            with world.conn() as conn:
                try:
                    written = store.store_counts(conn).documents
                except Exception:  # noqa: BLE001 - tables are being recreated by the rebuild
                    conn.rollback()
                    written = 0
            if 10 <= written < total:
                break
            time.sleep(0.1)
        assert proc.poll() is None, f"ingest ended before it could be killed: {proc.stderr.read()[-2000:]!r}"
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    with world.conn() as conn:  # the embedded server outlived the killed process
        partial = store.store_counts(conn)
        assert 10 <= partial.documents < total and not _duplicates(conn)
        chunkless = conn.execute("SELECT count(*) AS n FROM documents d WHERE NOT EXISTS "
                                 "(SELECT 1 FROM chunks c WHERE c.document_id = d.id)").fetchone()
        assert chunkless["n"] == 0  # no document was committed without its chunks
    resumed = world.ingest()
    assert resumed.added == total - partial.documents and resumed.skipped == partial.documents
    with world.conn() as conn:
        assert store.store_counts(conn).documents == total and not _duplicates(conn)


def test_dense_search_uses_the_hnsw_index(world: World) -> None:
    """With a realistic table size (4,000 extra chunks) the planner picks HNSW on its own;
    no enable_seqscan tricks. The synthetic document is removed afterwards."""
    from tasks.knowledge import store
    from tasks.knowledge.chunking import Chunk, ChunkMeta
    from tasks.knowledge.documents import DocMeta, Document

    rng = random.Random(7)

    def unit() -> list[float]:
        v = [rng.gauss(0, 1) for _ in range(384)]
        n = sum(x * x for x in v) ** 0.5
        return [x / n for x in v]

    meta = DocMeta(source_path="synthetic", doc_type="user", intent="reference")
    doc = Document(id="synthetic:bulk", source="synthetic", title="synthetic", body="x", format="text",
                   meta=meta).with_fingerprint()
    chunks = [Chunk(id=f"synthetic:bulk#{i}", document_id=doc.id, ord=i, text=f"synthetic {i}", embed_text="",
                    fingerprint=str(i), embed_fingerprint=f"syn{i}", metadata=ChunkMeta(**meta.model_dump()))
              for i in range(4000)]
    with world.conn() as conn:
        store.write_document(conn, doc, chunks, {c.embed_fingerprint: unit() for c in chunks})
        store.analyze(conn)
        try:
            plan = store.explain_dense(conn, unit(), 5)
            assert "chunks_embedding_hnsw_idx" in plan, plan
        finally:
            assert store.delete_documents(conn, [doc.id]) == 1
            store.analyze(conn)


def test_case_base_lookup(world: World) -> None:
    from tasks.knowledge import store
    from tasks.knowledge.casebase import lookup_cases

    with world.conn() as conn:
        records = store.fetch_cases(conn)
    exact = lookup_cases(records, solver="simpleFoam", turbulence="kOmegaSST")
    assert exact.relaxed is None
    assert [c.case for c in exact.cases] == ["incompressible/simpleFoam/backwardFacingStep2D"]
    relaxed = lookup_cases(records, solver="rhoCentralFoam", turbulence="kEpsilon")
    assert relaxed.relaxed == "turbulence"
    assert relaxed.cases[0].solver == "rhoCentralFoam" and relaxed.cases[0].turbulence_model == "laminar"
    pitz = next(r for r in records if r.case == "incompressible/simpleFoam/pitzDaily")
    assert pitz.algorithm == "SIMPLE" and pitz.mesh_method == "blockMesh"


def test_flow_runs_under_prefect(world: World, prefect_server: str) -> None:
    from flows.ingest import ingest_corpus
    from flows.server import prefect_session

    with prefect_session(TEST_PREFECT_PORT):
        state = ingest_corpus(world.request(), settings=world.settings, return_state=True)
    assert state.is_completed()
    summary = state.result()
    assert summary.embedded == 0 and summary.added == 0 and summary.skipped == summary.documents_seen


# --- the OpenAI-compatible embedding path (loopback fake endpoint) -------------------------------

def unit_vector(text: str, dimension: int = 3072) -> list[float]:
    """A deterministic unit vector per text (md5-seeded), the size of text-embedding-3-large's."""
    rng = random.Random(hashlib.md5(text.encode()).hexdigest())
    vec = [rng.gauss(0, 1) for _ in range(dimension)]
    norm = sum(x * x for x in vec) ** 0.5
    return [x / norm for x in vec]


@pytest.fixture()
def fake_openai() -> Iterator[OpenAIStub]:
    with OpenAIStub(embed=unit_vector) as stub:
        yield stub


def test_openai_embeddings_through_a_loopback_endpoint(world: World, fake_openai: OpenAIStub) -> None:
    from flows.ingest import run_ingest
    from tasks.core.config import load_settings
    from tasks.core.errors import StoreError
    from tasks.knowledge import pgserver, store
    from tasks.knowledge.embed import provider_from_settings

    settings = load_settings(embedding_provider="openai", embedding_model="text-embedding-3-large",
                             llm_base_url=fake_openai.base_url, llm_api_key="test-key", tutorials_dir=world.tutorials)
    provider = provider_from_settings(settings)
    assert (provider.name, provider.dimension) == ("openai:text-embedding-3-large", 3072)
    with world.conn() as conn, pytest.raises(StoreError, match="--rebuild"):  # the MiniLM store refuses it
        store.ensure_schema(conn, model=provider.name, dimension=provider.dimension, settings=settings)
    other = _data_dir()
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CASEWRIGHT_DATA_DIR", str(other))  # a second embedded server, its own store
        try:
            summary = run_ingest(world.request(), settings=settings, provider=provider, tracked=False)
            assert summary.embedded > 0 and summary.embedding_model == "openai:text-embedding-3-large"
            assert fake_openai.requests and all(r["auth"] == "Bearer test-key" and r["path"] == "/v1/embeddings"
                                                for r in fake_openai.requests)
            with store.connect(settings) as conn:
                column = conn.execute("SELECT format_type(atttypid, atttypmod) AS t FROM pg_attribute "
                                      "WHERE attrelid = 'chunks'::regclass AND attname = 'embedding'").fetchone()
                assert column["t"] == "halfvec(3072)"
                query = provider.embed(["kOmegaSST"])[0]
                assert len(store.dense_search(conn, query, 3)) == 3
            assert run_ingest(world.request(), settings=settings, provider=provider, tracked=False).embedded == 0
        finally:
            pgserver.stop_embedded(other)
            shutil.rmtree(other, ignore_errors=True)


@pytest.mark.slow  # the CLI ingests every source kind: OpenFOAM help introspection + caseDicts (~1.5 min)
def test_cli_ingest_json_and_kb_cases(world: World, cli_env: dict[str, str], prefect_server: str) -> None:
    env = {**cli_env, "CASEWRIGHT_TUTORIALS_DIR": str(world.tutorials), "CASEWRIGHT_DATA_DIR": str(world.data)}
    proc = run_cli(["ingest", "--json"], env, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 1
    summary = json.loads(lines[0])
    for key in ("chunks_total", "embedded", "added", "changed", "removed", "skipped", "seconds"):
        assert key in summary
    assert "help" in summary["sources"] and "caseDict" in summary["sources"]
    proc = run_cli(["kb", "cases", "--solver", "rhoCentralFoam", "--turbulence", "kEpsilon", "--json"], env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    found = json.loads(proc.stdout)
    assert found["relaxed"] == "turbulence" and found["cases"][0]["solver"] == "rhoCentralFoam"
