"""Issue 14: the installed-name lists are read from real OpenFOAM in the Docker image, and a
reading (autocommit) connection returns the same dense lists as a transactional one."""

from __future__ import annotations

import random
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import TUTORIALS

pytestmark = pytest.mark.integration


def test_probe_reads_the_smoothers_from_openfoam_in_the_image(need_docker: None) -> None:
    from tasks.core.config import get_settings
    from tasks.knowledge.installed_names import PROBES, probe_installed_names
    from tasks.run.runner import select_runner

    settings = get_settings()
    runner, _ = select_runner("docker", settings.image, settings.docker_memory, settings.docker_cpus)
    probes = [p for p in PROBES if p.kind in ("smoothers_symmetric", "topo_set_types")]
    names = probe_installed_names(runner, TUTORIALS, version="v1912", probes=probes)
    assert set(names.kinds) == {"smoothers_symmetric", "topo_set_types"}
    assert {"GaussSeidel", "DIC", "symGaussSeidel"} <= set(names.kinds["smoothers_symmetric"].names)
    assert names.kinds["topo_set_types"].names == ["cellSet", "cellZoneSet", "faceSet", "faceZoneSet",
                                                    "pointSet", "pointZoneSet"]
    assert "smoother fooBar" in names.kinds["smoothers_symmetric"].command


@pytest.fixture(scope="module")
def small_store() -> Iterator[str]:
    """An embedded store with 60 canonical chunks and random unit vectors (no model needed)."""
    from tasks.knowledge import pgserver, store
    from tasks.knowledge.chunking import ChunkBudget, chunk_document
    from tasks.knowledge.documents import DocMeta, Document

    data = Path(tempfile.mkdtemp(prefix="casewright-reading-test-"))
    data.chmod(0o755)
    url = pgserver.start_embedded(data)
    rng = random.Random(14)
    try:
        with store.connect(url=url) as conn:
            store.ensure_schema(conn, model="test", dimension=8, rebuild=True)
            for n in range(60):
                meta = DocMeta(source_path=f"note{n}.md", doc_type="canonical", intent="reference")
                doc = Document(id=f"canonical:note{n}.md", source="canonical", title=f"Note {n}",
                               body=f"word{n} " * 5, format="text", meta=meta).with_fingerprint()
                chunks = chunk_document(doc, ChunkBudget())
                store.write_document(conn, doc, chunks, {c.embed_fingerprint: [rng.gauss(0, 1) for _ in range(8)]
                                                         for c in chunks})
        yield url
    finally:
        pgserver.stop_embedded(data)
        shutil.rmtree(data, ignore_errors=True)


def test_a_reading_connection_gets_the_same_dense_lists(small_store: str) -> None:
    from tasks.knowledge import store
    from tasks.retrieval.fusion import SearchScope
    from tasks.retrieval.search import dense_lists

    rng = random.Random(7)
    vectors = [[rng.gauss(0, 1) for _ in range(8)] for _ in range(3)]
    names = ["original", "physics", "keywords"]
    with store.connect(url=small_store) as plain, store.connect(url=small_store, autocommit=True) as reading:
        expected = dense_lists(plain, names, vectors, SearchScope(), 10)
        for _ in range(2):  # the second call reuses the session's search parameters
            got = dense_lists(reading, names, vectors, SearchScope(), 10)
            assert [[h.chunk_id for h in lst.hits] for lst in got] == \
                [[h.chunk_id for h in lst.hits] for lst in expected]
        assert reading.execute("SHOW hnsw.ef_search").fetchone()["hnsw.ef_search"] == "80"
        assert not reading.info.transaction_status  # IDLE: nothing left open on the reading connection
    assert all(len(lst.hits) == 10 and lst.hits[0].embedding is not None for lst in got)
