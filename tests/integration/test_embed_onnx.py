"""The int8 ONNX query encoder against the torch MiniLM it is exported from (both real, from
the installed wheel): same vector space, same neighbours, a broken cache rebuilt, a drifted
export refused and `auto` falling back to torch."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import numpy as np
import pytest

from tasks.core.paths import CANONICAL_DIR
from tasks.knowledge.embed import LocalMiniLM
from tasks.knowledge.embed_onnx import OnnxMiniLM

pytestmark = pytest.mark.integration

QUESTIONS = [
    "interFoam crashes with bounding alpha.water after 50 time steps, what MULES settings help?",
    "Set up a 2D lid-driven cavity with icoFoam, lid at 1 m/s, water",
    "which wall function for omega with kOmegaSST at y+ 30",
    "snappyHexMesh layers are not added near the wall",
    "buoyantBoussinesqSimpleFoam hot room with k-epsilon, g (0 0 -9.81)",
    "how do I decompose a case for 4 cores with scotch",
]


@pytest.fixture(scope="module")
def onnx_encoder() -> OnnxMiniLM:
    encoder = OnnxMiniLM()  # the shared model cache: built once per machine
    encoder.prepare()
    return encoder


@pytest.fixture(scope="module")
def torch_encoder() -> LocalMiniLM:
    return LocalMiniLM(precision="fp32")


def _sections() -> list[str]:
    texts = []
    for path in sorted(CANONICAL_DIR.glob("*.md")):
        texts += [chunk for chunk in path.read_text().split("\n## ") if len(chunk) > 200]
    return texts[:120]


def test_vectors_stay_in_the_torch_models_space(onnx_encoder: OnnxMiniLM, torch_encoder: LocalMiniLM) -> None:
    ours = np.asarray(onnx_encoder.embed(QUESTIONS))
    reference = np.asarray(torch_encoder.embed(QUESTIONS))
    assert ours.shape == (len(QUESTIONS), 384)
    assert np.allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-4)
    assert (ours * reference).sum(axis=1).min() > 0.97


def test_nearest_canonical_sections_agree_with_torch(onnx_encoder: OnnxMiniLM, torch_encoder: LocalMiniLM) -> None:
    docs = np.asarray(torch_encoder.embed(_sections()))  # the store's vectors come from torch
    overlaps = []
    for ours, ref in zip(onnx_encoder.embed(QUESTIONS), torch_encoder.embed(QUESTIONS), strict=True):
        top_ours = set(np.argsort(-docs @ np.asarray(ours))[:5])
        top_ref = set(np.argsort(-docs @ np.asarray(ref))[:5])
        overlaps.append(len(top_ours & top_ref))
    assert sum(overlaps) / len(overlaps) >= 4.0, overlaps
    assert min(overlaps) >= 3, overlaps


def test_duplicates_order_and_empty_input(onnx_encoder: OnnxMiniLM) -> None:
    a, b, a_again = onnx_encoder.embed(["pitzDaily", "damBreak", "pitzDaily"])
    assert a == a_again and a != b
    assert onnx_encoder.embed([]) == []
    long = onnx_encoder.embed(["mesh " * 2000])[0]  # truncated at 256 tokens like the torch model
    assert len(long) == 384


def test_texts_spread_over_workers_get_the_vectors_of_one_worker(onnx_encoder: OnnxMiniLM) -> None:
    texts = [*QUESTIONS, QUESTIONS[0]]
    single = OnnxMiniLM(workers=1).embed(texts)
    assert np.allclose(OnnxMiniLM(workers=3).embed(texts), single, atol=1e-6)
    assert np.allclose(onnx_encoder.embed(texts), single, atol=1e-6)


def test_an_unreadable_cache_is_rebuilt(onnx_encoder: OnnxMiniLM, tmp_path: Path) -> None:
    cached = OnnxMiniLM(cache_dir=tmp_path)
    target = cached.model_file()
    target.write_bytes(b"not an onnx model")
    cached.prepare()
    assert target.stat().st_size > 1_000_000 and target.with_suffix(".checked").is_file()
    assert np.allclose(cached.embed(QUESTIONS[:2]), onnx_encoder.embed(QUESTIONS[:2]), atol=1e-5)


def test_a_drifted_export_is_refused_and_auto_falls_back_to_torch(onnx_encoder: OnnxMiniLM, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    from tasks.core.config import load_settings
    from tasks.core.errors import ConfigError
    from tasks.knowledge import embed_onnx
    from tasks.retrieval.search import query_embedder

    built = onnx_encoder.model_file()
    shutil.copy(built, tmp_path / built.name)
    monkeypatch.setattr(embed_onnx, "MIN_PROBE_COSINE", 1.01)  # no real export reaches it
    with pytest.raises(ConfigError, match="drifted"):
        OnnxMiniLM(cache_dir=tmp_path).prepare()
    assert not (tmp_path / built.name).exists()

    monkeypatch.setenv("CASEWRIGHT_MODEL_CACHE", str(tmp_path))
    shutil.copy(built, tmp_path / built.name)
    with caplog.at_level(logging.WARNING):
        provider = query_embedder(load_settings(query_encoder="auto"))
    assert isinstance(provider, LocalMiniLM) and "encoding queries with torch" in caplog.text
    shutil.copy(built, tmp_path / built.name)
    with pytest.raises(ConfigError, match="not available"):
        query_embedder(load_settings(query_encoder="onnx-int8"))
    assert isinstance(query_embedder(load_settings(query_encoder="torch")), LocalMiniLM)
