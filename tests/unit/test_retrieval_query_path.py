"""What the faster query path keeps: vectors stay arrays from the store to MMR, MMR picks what the
full similarity matrix picked, and the texts embedded before the case base is read are exactly the
ones that do not depend on it."""

from __future__ import annotations

import json

import numpy as np
import pytest

from tasks.retrieval.fusion import Hit, RetrievalOptions, expand_variants, mmr
from tasks.retrieval.router import classify, load_ontology
from tasks.retrieval.search import early_texts


@pytest.fixture(scope="module")
def onto():
    return load_ontology()


def test_hit_keeps_a_numpy_vector_and_serialises_a_list() -> None:
    vector = np.arange(4, dtype=">f4")  # pgvector's binary loader yields big-endian float32
    hit = Hit(chunk_id="c", source="s", text="t", doc_type="canonical", score=1.0, embedding=vector)
    assert isinstance(hit.embedding, np.ndarray) and hit.embedding.dtype == np.float32
    assert json.loads(hit.model_dump_json())["embedding"] == [0.0, 1.0, 2.0, 3.0]
    assert Hit(chunk_id="c", source="s", text="t", doc_type="x", score=1.0, embedding=[1, 2]).embedding.tolist() == [1, 2]
    with pytest.raises(ValueError, match="one-dimensional"):
        Hit(chunk_id="c", source="s", text="t", doc_type="x", score=1.0, embedding=[[1.0, 2.0]])


def _mmr_full_matrix(candidates, k, lam):
    """The previous implementation: the whole N x N similarity matrix up front."""
    unit = np.asarray([np.asarray(v, dtype=float) for _, _, v in candidates])
    unit /= np.linalg.norm(unit, axis=1)[:, None]
    sims = unit @ unit.T
    rel = np.asarray([r for _, r, _ in candidates]) / max(r for _, r, _ in candidates)
    redundancy, available, picked = np.zeros(len(candidates)), np.ones(len(candidates), dtype=bool), []
    while len(picked) < min(k, len(candidates)):
        best = int(np.argmax(np.where(available, lam * rel - (1 - lam) * redundancy, -np.inf)))
        picked.append(best)
        available[best] = False
        redundancy = np.maximum(redundancy, sims[best])
    return [candidates[i][0] for i in picked]


@pytest.mark.parametrize("lam", [0.0, 0.5, 0.6, 1.0])
def test_mmr_picks_what_the_full_similarity_matrix_picked(lam: float) -> None:
    rng = np.random.default_rng(14)
    candidates = [(f"c{n}", float(rng.random()), rng.normal(size=384).astype(np.float32)) for n in range(120)]
    assert [cid for cid, _ in mmr(candidates, 8, lam)] == _mmr_full_matrix(candidates, 8, lam)


@pytest.mark.parametrize(("question", "tool", "keywords_early"), [
    ("Set up a steady turbulent flow over a backward-facing step with simpleFoam and kOmegaSST.", "simpleFoam", False),
    ("Why does my interFoam case report bounding alpha.water and crash?", None, True),
])
def test_early_texts_leave_out_only_what_the_base_case_changes(onto, question: str, tool: str | None,
                                                               keywords_early: bool) -> None:
    route = classify(question, onto, case_tool=tool)
    variants = {v.kind: v.text for v in expand_variants(question, route, onto)}
    early = early_texts(question, route, onto, RetrievalOptions())
    assert early[0] == question
    assert variants["physics"] in early and variants["troubleshooting"] in early
    assert (variants["keywords"] in early) == keywords_early or variants["keywords"] == question
    assert early_texts(question, route, onto, RetrievalOptions(expansion=False)) == [question]
