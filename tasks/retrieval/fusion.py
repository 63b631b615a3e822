"""Retrieval, the pure core: query expansion, RRF fusion, fingerprints, MMR and the search scope.

Nothing here imports prefect, psycopg, docker or openai. The fixed parts of the context block
(pinned canonical sections, base cases) are in tasks/retrieval/context.py, the store searches
and the in-process chain in tasks/retrieval/search.py, the LLM steps in tasks/retrieval/llm.py;
flows/ask.py runs the steps as Prefect tasks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Annotated, Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, PlainSerializer, PlainValidator

from tasks.foam.physics import physics, solver_family
from tasks.knowledge.casebase import CaseRecord
from tasks.retrieval.router import TROUBLE_CATEGORIES, Ontology, Route, tool_neighbours

VariantKind = Literal["physics", "keywords", "troubleshooting", "error", "llm"]
FINGERPRINT_CHARS = 120
EXPERT_DOC_WEIGHTS = {"tutorial": 0.5}  # raw tutorial dumps count half in expert mode
WORKFLOW_DOC_WEIGHTS = {"canonical": 0.5}  # with pinned sections, retrieved slots favour case files
ALWAYS_IN_SCOPE = ["canonical", "faq", "user"]
MAX_LEXICAL_TERMS = 8
MAX_DF_RATIO = 0.05
_SEARCH_TERMS = re.compile(r"^\s*Search terms:.*$\n?", re.M)

# Files a case of a solver family needs beyond the ones every case has (COMMON_FILES); the
# OpenFOAM-keyword variant names them.
COMMON_FILES = frozenset("U p controlDict fvSchemes fvSolution blockMeshDict decomposeParDict Allrun Allclean".split())
FAMILY_FILES = {
    "incompressible": "transportProperties turbulenceProperties",
    "boussinesq": "p_rgh T alphat g transportProperties",
    "compressible": "T thermophysicalProperties",
    "multiphase": "p_rgh alpha.water g transportProperties setFieldsDict",
}


class RetrievalOptions(BaseModel):
    """The switches of `casewright ask` and of the ablation benchmark."""

    model_config = ConfigDict(extra="forbid")

    expansion: bool = True
    lexical: bool = True
    mmr: bool = True
    canonical: bool = True
    case_base: bool = Field(True, description="add the base case of a workflow request from the case base")
    max_pinned: int = Field(8, ge=0, description="pinned canonical sections at most")


class Variant(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: VariantKind
    text: str


def as_vector(value: object) -> np.ndarray:
    """A 1-D float array (a list, or the numpy array pgvector loads, taken without copying)."""
    array = np.asarray(value, dtype=np.float32)
    if array.ndim != 1:
        raise ValueError(f"an embedding must be one-dimensional, got shape {array.shape}")
    return array


# A vector stays a numpy array from the store to MMR: converting ~100 vectors of 384 floats to
# Python lists and back cost about 2 ms a query.
Embedding = Annotated[np.ndarray, PlainValidator(as_vector),
                      PlainSerializer(lambda a: a.tolist(), return_type=list[float])]


class Hit(BaseModel):
    """One row of a ranked list (a chunk of the store)."""

    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True)

    chunk_id: str
    source: str
    text: str
    doc_type: str
    section: str = ""
    score: float
    embedding: Embedding | None = None


class RankedList(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(description="e.g. dense:original, lexical:keywords")
    hits: list[Hit]


class ContextItem(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: Literal["canonical", "case", "example", "retrieved"]
    source: str
    text: str
    score: float = Field(description="canonical: term overlap with the request (0-1; 1 for the section a quoted "
                                     "error matches); case and example: 1; retrieved: fused RRF score")


# --- expansion ------------------------------------------------------------------------------------

def _unique_join(parts: Iterable[str | None]) -> str:
    return " ".join(dict.fromkeys(p.strip() for p in parts if p and p.strip()))


def _aliases(ontology: Ontology, name: str) -> list[str]:
    for cat in ontology.categories.values():
        if name in cat.aliases:
            return cat.aliases[name]
    return []


def expand_variants(query: str, route: Route, ontology: Ontology, base: CaseRecord | None = None) -> list[Variant]:
    """Three deterministic variants from the ontology (and the base case, when known): physics,
    OpenFOAM keywords, troubleshooting. A variant with nothing to say repeats the query."""
    texts = (physics_words(route, ontology), openfoam_keywords(route, ontology, base),
             troubleshooting_words(route, ontology))
    return [Variant(kind=kind, text=_unique_join(words) or query)
            for kind, words in zip(("physics", "keywords", "troubleshooting"), texts, strict=True)]


def physics_words(route: Route, ontology: Ontology) -> list[str | None]:
    """Physics phrases with their models and features, and the plain-words aliases of the tools
    and terms (else the descriptions of the main categories)."""
    words: list[str | None] = []
    for p in route.phrases:
        words += [p.phrase, p.turbulence, *p.features]
    for name in [*route.tools[:2], *route.terms]:
        words += [a for a in _aliases(ontology, name) if " " in a][:2]
    return words or [ontology.categories[c].description for c in route.categories[:2]]


def openfoam_keywords(route: Route, ontology: Ontology, base: CaseRecord | None) -> list[str | None]:
    """Tools and canonical terms, each named model's RASModel/LESModel line with its fields and
    wall conditions, the solver family's files, the base case's distinctive files, and the
    identifiers among the main category's keywords."""
    models, wall, overrides = physics().turbulence_models, physics().bc_selector.get("wall", {}), \
        physics().wall_overrides
    words: list[str | None] = [*route.tools, *route.terms]
    for p in route.phrases:
        words += [p.turbulence, *(p.tutorial.split("/")[-1:] if p.tutorial else [])]
    for model in [t for t in [*route.terms, *(p.turbulence for p in route.phrases)] if t in models]:
        spec = models[model]
        words.append(f"{spec.simulation_type}Model {model}" if spec.simulation_type != "laminar" else "laminar")
        for field in spec.fields:
            bc = overrides.get(model, {}).get(field) or wall.get(field)
            words += [field, bc.get("type") if bc else None]
    solvers = [t for t in route.tools if ontology.tools[t].stage == "solver"]
    if solvers:
        words.append(FAMILY_FILES[solver_family(solvers[0])])
    if base is not None:
        names = [f.rsplit("/", 1)[-1] for f in base.files if "/" in f]
        words += [base.case.rsplit("/", 1)[-1], *(n for n in names if n not in COMMON_FILES)]
    for cat in route.categories[:1]:
        words += [k for k in ontology.categories[cat].keywords if re.search(r"[a-z][A-Z]|Foam|Dict", k)]
    return words


def troubleshooting_words(route: Route, ontology: Ontology) -> list[str | None]:
    """The tools and terms with the reported symptoms (workflow: generic failure words), and the
    aliases of the problem categories the route found."""
    words: list[str | None] = [*route.tools[:2], *route.terms[:4], *route.symptoms]
    if route.mode == "workflow":
        words.append("common mistakes error fails")
    for cat in (c for c in route.categories if c in TROUBLE_CATEGORIES):
        for canonical, spellings in ontology.categories[cat].aliases.items():
            words += [canonical, spellings[0] if spellings else None]
    return words


# --- fusion ---------------------------------------------------------------------------------------

def fingerprint(text: str, chars: int = FINGERPRINT_CHARS) -> str:
    """The first `chars` characters of the text, whitespace-normalised and lower-cased."""
    if chars <= 0:
        raise ValueError(f"fingerprint length must be positive, got {chars}")
    head = " ".join(text[:4 * chars].split())  # whole chunks run to thousands of characters
    if len(head) <= chars and len(text) > 4 * chars:
        head = " ".join(text.split())
    return head.lower()[:chars]


def rrf(lists: Sequence[Sequence[str]], k: int = 60, weights: Mapping[str, float] | None = None) -> list[tuple[str, float]]:
    """Reciprocal rank fusion: score(d) = w(d) * sum over lists of 1 / (k + rank), rank from 1.

    Ties keep the order in which items were first seen. `weights` scales an item's score
    (default 1), e.g. to count raw tutorial files half in expert mode.
    """
    if k <= 0:
        raise ValueError(f"RRF k must be positive, got {k}")
    scores: dict[str, float] = {}
    for ranked in lists:
        for rank, item in enumerate(dict.fromkeys(ranked), start=1):
            scores[item] = scores.get(item, 0.0) + 1.0 / (k + rank)
    if weights:
        scores = {item: s * weights.get(item, 1.0) for item, s in scores.items()}
    order = {item: n for n, item in enumerate(scores)}
    return sorted(scores.items(), key=lambda kv: (-kv[1], order[kv[0]]))


def dedupe(ranked: Sequence[tuple[str, float]], texts: Mapping[str, str]) -> list[tuple[str, float]]:
    """Keep the best-ranked item of each fingerprint (items without text are kept)."""
    seen: set[str] = set()
    kept: list[tuple[str, float]] = []
    for item, score in ranked:
        fp = fingerprint(texts[item]) if item in texts and texts[item].strip() else None
        if fp is not None and fp in seen:
            continue
        if fp is not None:
            seen.add(fp)
        kept.append((item, score))
    return kept


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    if len(a) != len(b):
        raise ValueError(f"vector dimension mismatch: {len(a)} vs {len(b)}")
    va, vb = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    na, nb = float(np.linalg.norm(va)), float(np.linalg.norm(vb))
    return float(va @ vb) / (na * nb) if na and nb else 0.0


def mmr(candidates: Sequence[tuple[str, float, Sequence[float]]], k: int, lam: float) -> list[tuple[str, float]]:
    """Maximal marginal relevance over (id, relevance, vector) candidates.

    Relevance is normalised by the best candidate's; each step picks the candidate that
    maximises lam * relevance - (1 - lam) * (max cosine to what was already picked); equal
    gains keep the input (fused) order. Returns (id, relevance) in pick order.
    """
    if k <= 0:
        raise ValueError(f"MMR k must be positive, got {k}")
    if not 0.0 <= lam <= 1.0:
        raise ValueError(f"MMR lambda must be in [0, 1], got {lam}")
    if not candidates:
        return []
    dim = len(candidates[0][2])
    for cid, _, vec in candidates:
        if len(vec) != dim or dim == 0:
            raise ValueError(f"embedding dimension mismatch in MMR: {cid} has {len(vec)}, expected {dim}")
    vectors = np.asarray([np.asarray(vec, dtype=float) for _, _, vec in candidates])
    norms = np.sqrt(np.einsum("ij,ij->i", vectors, vectors))
    unit = vectors / np.where(norms == 0, 1.0, norms)[:, None]
    rel = np.asarray([r for _, r, _ in candidates], dtype=float)
    rel = rel / (rel.max() or 1.0)
    redundancy = np.zeros(len(candidates))
    available = np.ones(len(candidates), dtype=bool)
    picked: list[int] = []
    while len(picked) < min(k, len(candidates)):
        gain = np.where(available, lam * rel - (1.0 - lam) * redundancy, -np.inf)
        best = int(np.argmax(gain))  # argmax returns the first of equal gains
        picked.append(best)
        available[best] = False
        # only the k picked rows of the similarity matrix are needed; an elementwise product keeps
        # them off BLAS, whose thread pool turned a 100x100 product into 5-25 ms on a busy machine
        redundancy = np.maximum(redundancy, np.einsum("ij,j->i", unit, unit[best]))
    return [(candidates[i][0], candidates[i][1]) for i in picked]


def clean_text(text: str) -> str:
    """What the context shows: the indexing aid lines (`Search terms: ...`) removed."""
    return _SEARCH_TERMS.sub("", text).strip()


def chunk_body(text: str) -> str:
    """A chunk without its document header (`Tutorial: ...`, `File: ...`, `Solver: ...` lines), so
    files that are identical across tutorials get the same fingerprint."""
    head, sep, body = text.partition("\n\n")
    if sep and body.strip() and all(re.match(r"^[A-Z][\w ]{1,20}: ", line) for line in head.splitlines()):
        return body
    return text


def fuse(lists: Sequence[RankedList], k: int, mode: str, pinned: Iterable[str] = ()) -> list[tuple[Hit, float]]:
    """RRF over all lists, duplicates by fingerprint dropped, chunks of pinned sections dropped.

    Expert mode counts raw tutorial files half; workflow mode with pinned sections counts
    canonical chunks half (the canonical layer is already in the block; retrieved slots should
    bring the concrete case files).
    """
    hits: dict[str, Hit] = {}
    for lst in lists:
        for hit in lst.hits:
            hits.setdefault(hit.chunk_id, hit)
    pinned = list(pinned)
    table = EXPERT_DOC_WEIGHTS if mode == "expert" else WORKFLOW_DOC_WEIGHTS if pinned else {}
    weights = {cid: table.get(h.doc_type, 1.0) for cid, h in hits.items()}
    fused = rrf([[h.chunk_id for h in lst.hits] for lst in lists], k=k, weights=weights)
    fused = dedupe(fused, {cid: chunk_body(h.text) for cid, h in hits.items()})
    headings = {p.split("#", 1)[1] for p in pinned if "#" in p}
    return [(hits[cid], score) for cid, score in fused
            if not (hits[cid].doc_type == "canonical" and hits[cid].section.split(" > ")[0] in headings)]


def select_chunks(fused: Sequence[tuple[Hit, float]], k: int, lam: float, use_mmr: bool) -> list[ContextItem]:
    """Top-k by MMR (or plain fused order) as context items."""
    if k <= 0:
        raise ValueError(f"k must be positive, got {k}")
    by_id = {h.chunk_id: (h, s) for h, s in fused}
    if use_mmr and fused and all(h.embedding is not None and len(h.embedding) for h, _ in fused):
        order = mmr([(h.chunk_id, s, h.embedding) for h, s in fused if h.embedding is not None], k, lam)
    else:
        order = [(h.chunk_id, s) for h, s in fused[:k]]
    items = []
    for cid, score in order:
        hit = by_id[cid][0]
        source = f"{hit.source}#{hit.section}" if hit.section else hit.source
        items.append(ContextItem(kind="retrieved", source=source, text=clean_text(hit.text), score=round(score, 6)))
    return items


# --- search scope and lexical terms (pure) -------------------------------------------------------------

class SearchScope(BaseModel):
    model_config = ConfigDict(extra="forbid")

    tools: list[str] | None = Field(None, description="None: the whole store")
    always: list[str] = Field(default_factory=lambda: list(ALWAYS_IN_SCOPE))


def search_scope(route: Route, ontology: Ontology) -> SearchScope:
    """Workflow mode: the active tools, their graph neighbours and the canonical notes; else all."""
    if route.mode != "workflow" or not route.tools:
        return SearchScope()
    return SearchScope(tools=sorted({*route.tools, *tool_neighbours(ontology, route.tools)}))


def k_fetch(k: int) -> int:
    """How many hits each ranked list fetches for a context of k chunks: max(2k, k + 4)."""
    if k <= 0:
        raise ValueError(f"k must be positive, got {k}")
    return max(2 * k, k + 4)


_NUMBER = re.compile(r"^[-+]?[\d.]+(?:e[-+]?\d+)?$")


def select_terms(lexemes: Sequence[tuple[str, bool]], df: Mapping[str, int], n_chunks: int,
                 max_terms: int = MAX_LEXICAL_TERMS, max_df_ratio: float = MAX_DF_RATIO) -> list[str]:
    """The informative lexemes of a query for the OR full-text query: no stop words, no bare
    numbers, none found in more than `max_df_ratio` of the chunks or in none; the `max_terms`
    rarest (ts_rank has no IDF, so common words would otherwise decide the ranking)."""
    if max_terms <= 0:
        raise ValueError(f"max_terms must be positive, got {max_terms}")
    limit = max(1, int(max_df_ratio * n_chunks))
    kept = [(df[lex], lex) for lex, stop in lexemes
            if not stop and not _NUMBER.match(lex) and 0 < df.get(lex, 0) <= limit]
    return [lex for _, lex in sorted(set(kept))[:max_terms]]
