"""The pure parts of retrieval: expansion, RRF, fingerprints, MMR, pins, base cases, Eq. 3 scoring."""

from __future__ import annotations

import math
from pathlib import Path
from types import SimpleNamespace

import pytest

from tasks.bench.retrieval import eq3, load_ablation30, load_iterasim, normalise, percentile, phrase_found, stats
from tasks.knowledge.casebase import CaseRecord, FieldInfo, RunStep
from tasks.retrieval.context import (
    Pin,
    canonical_sections,
    case_summary,
    pick_base_case,
    pick_related_case,
    pinned_sections,
    select_pins,
    target_model,
    troubleshooting,
)
from tasks.retrieval.fusion import (
    ContextItem,
    Hit,
    RankedList,
    chunk_body,
    clean_text,
    cosine,
    dedupe,
    expand_variants,
    fingerprint,
    fuse,
    k_fetch,
    mmr,
    rrf,
    search_scope,
    select_chunks,
    select_terms,
)
from tasks.retrieval.router import classify, load_ontology


@pytest.fixture(scope="module")
def onto():
    return load_ontology()


def hit(cid: str, text: str = "", doc_type: str = "tutorial", section: str = "", vec: list[float] | None = None) -> Hit:
    return Hit(chunk_id=cid, source=cid.split("#")[0], text=text or f"body of {cid}", doc_type=doc_type,
               section=section, score=1.0, embedding=vec)


# --- fingerprints ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("a", "b", "same"), [
    ("RASModel  kEpsilon;\n", "rasmodel kepsilon;", True),
    ("x" * 120 + "tail one", "x" * 120 + "tail two", True),     # only the first 120 characters count
    ("x" * 119 + "a", "x" * 119 + "b", False),
    ("  leading\tspace", "leading space", True),
])
def test_fingerprint(a: str, b: str, same: bool) -> None:
    assert (fingerprint(a) == fingerprint(b)) is same
    assert len(fingerprint("y" * 500)) == 120


@pytest.mark.parametrize("text", [
    " \n" * 400 + "late start " + "z" * 50,                 # whitespace beyond the quick prefix
    "word " * 200,                                           # the prefix ends mid-run of words
    "a" * 479 + " b" + " c" * 300,                           # the prefix cuts a word at 480
    "x\t" * 60 + " " * 1000 + "y",                           # the prefix normalises to under 120
])
def test_fingerprint_of_long_text_equals_the_whole_text_normalised(text: str) -> None:
    assert fingerprint(text) == " ".join(text.split()).lower()[:120]


def test_fingerprint_guards_its_length() -> None:
    with pytest.raises(ValueError, match="positive"):
        fingerprint("x", chars=0)


# --- RRF ----------------------------------------------------------------------------------------------

def test_rrf_sums_reciprocal_ranks() -> None:
    fused = dict(rrf([["a", "b", "c"], ["b", "a"]], k=60))
    assert fused["a"] == pytest.approx(1 / 61 + 1 / 62)
    assert fused["b"] == pytest.approx(1 / 62 + 1 / 61)
    assert fused["c"] == pytest.approx(1 / 63)


@pytest.mark.parametrize(("lists", "k", "order"), [
    ([["a", "b"], ["b", "c"]], 60, ["b", "a", "c"]),
    ([["a", "b"], ["c", "d"]], 60, ["a", "c", "b", "d"]),    # equal scores keep first-seen order
    ([["a", "a", "b"]], 60, ["a", "b"]),                      # a repeat within one list counts once
    ([[], []], 60, []),
    ([], 60, []),
    ([["x"], ["y", "x"]], 1, ["x", "y"]),
])
def test_rrf_order(lists: list[list[str]], k: int, order: list[str]) -> None:
    assert [item for item, _ in rrf(lists, k=k)] == order


def test_rrf_weights_scale_an_items_score() -> None:
    fused = rrf([["tutorial", "canonical"]], k=60, weights={"tutorial": 0.5})
    assert [item for item, _ in fused] == ["canonical", "tutorial"]


@pytest.mark.parametrize("k", [0, -1])
def test_rrf_guards_k(k: int) -> None:
    with pytest.raises(ValueError, match="RRF k must be positive"):
        rrf([["a"]], k=k)


def test_dedupe_keeps_the_best_ranked_of_each_fingerprint() -> None:
    ranked = [("a", 3.0), ("b", 2.0), ("c", 1.0), ("d", 0.5)]
    texts = {"a": "same  body", "b": "SAME body", "c": "other", "d": ""}
    assert dedupe(ranked, texts) == [("a", 3.0), ("c", 1.0), ("d", 0.5)]


def test_chunk_body_drops_the_document_header() -> None:
    text = "Tutorial: incompressible/icoFoam/cavity/cavity\nFile: 0/U (field U)\nSolver: icoFoam\n\nbody\n\nmore"
    assert chunk_body(text) == "body\n\nmore"
    assert chunk_body("plain text\n\nwith paragraphs") == "plain text\n\nwith paragraphs"


def test_clean_text_removes_search_term_lines() -> None:
    assert clean_text("## H\nbody\nSearch terms: a, b.\n") == "## H\nbody"


# --- MMR ----------------------------------------------------------------------------------------------

CANDIDATES = [("a", 1.0, [1.0, 0.0]), ("a2", 0.95, [0.99, 0.01]), ("b", 0.6, [0.0, 1.0])]


@pytest.mark.parametrize(("lam", "k", "order"), [
    (1.0, 3, ["a", "a2", "b"]),     # relevance only
    (0.5, 2, ["a", "b"]),           # the near-duplicate of a loses to the diverse b
    (0.6, 1, ["a"]),
    (0.0, 2, ["a", "b"]),           # ties on the first pick keep the fused order
    (0.7, 10, ["a", "b", "a2"]),    # k beyond the candidates returns all of them
])
def test_mmr(lam: float, k: int, order: list[str]) -> None:
    assert [cid for cid, _ in mmr(CANDIDATES, k, lam)] == order


def test_mmr_edges() -> None:
    assert mmr([], 5, 0.5) == []
    with pytest.raises(ValueError, match="k must be positive"):
        mmr(CANDIDATES, 0, 0.5)
    with pytest.raises(ValueError, match="lambda"):
        mmr(CANDIDATES, 2, 1.5)
    with pytest.raises(ValueError, match="dimension mismatch in MMR: bad has 3, expected 2"):
        mmr([*CANDIDATES, ("bad", 0.1, [1.0, 0.0, 0.0])], 2, 0.5)


def test_cosine() -> None:
    assert cosine([1, 0], [0, 1]) == 0.0
    assert cosine([1, 1], [2, 2]) == pytest.approx(1.0)
    assert cosine([0, 0], [1, 0]) == 0.0
    with pytest.raises(ValueError, match="dimension mismatch: 2 vs 3"):
        cosine([1, 0], [1, 0, 0])


def test_select_chunks_uses_mmr_or_the_fused_order() -> None:
    fused = [(hit("a", vec=[1.0, 0.0]), 1.0), (hit("a2", vec=[0.99, 0.01]), 0.95), (hit("b", vec=[0.0, 1.0]), 0.6)]
    assert [c.source for c in select_chunks(fused, 2, 0.5, use_mmr=True)] == ["a", "b"]
    assert [c.source for c in select_chunks(fused, 2, 0.5, use_mmr=False)] == ["a", "a2"]
    assert all(c.kind == "retrieved" for c in select_chunks(fused, 2, 0.5, True))
    assert select_chunks([], 3, 0.5, True) == []
    with pytest.raises(ValueError, match="k must be positive"):
        select_chunks(fused, 0, 0.5, True)


# --- fusion with mode rules ---------------------------------------------------------------------------------

def test_fuse_expert_mode_counts_tutorial_files_half() -> None:
    lists = [RankedList(name="dense:original", hits=[hit("t#0"), hit("c#0", doc_type="canonical")])]
    assert [h.chunk_id for h, _ in fuse(lists, 60, "workflow")] == ["t#0", "c#0"]
    assert [h.chunk_id for h, _ in fuse(lists, 60, "expert")] == ["c#0", "t#0"]


def test_fuse_drops_duplicates_and_chunks_of_pinned_sections() -> None:
    header = "Tutorial: {}\nFile: system/fvSolution\nSolver: icoFoam\n\nsolvers {{ p {{ solver PCG; }} }}"
    lists = [RankedList(name="dense:original", hits=[
        hit("one#0", text=header.format("one")), hit("two#0", text=header.format("two")),
        hit("canonical:n.md#3", doc_type="canonical", section="Pinned heading > sub"),
        hit("canonical:n.md#4", doc_type="canonical", section="Other heading")])]
    kept = [h.chunk_id for h, _ in fuse(lists, 60, "workflow", ["canonical/n.md#Pinned heading"])]
    assert kept == ["one#0", "canonical:n.md#4"]


@pytest.mark.parametrize(("k", "fetch"), [(1, 5), (2, 6), (4, 8), (5, 10), (8, 16)])
def test_k_fetch(k: int, fetch: int) -> None:
    assert k_fetch(k) == fetch


def test_k_fetch_guards_k() -> None:
    with pytest.raises(ValueError, match="k must be positive"):
        k_fetch(0)


def test_search_scope_follows_the_mode(onto) -> None:
    workflow = search_scope(classify("Set up the lid-driven cavity with icoFoam.", onto), onto)
    assert workflow.tools is not None and {"icoFoam", "blockMesh"} <= set(workflow.tools)
    assert "canonical" in workflow.always
    assert search_scope(classify("My icoFoam run crashes with a floating point exception", onto), onto).tools is None
    assert search_scope(classify("Change the inlet velocity to 5 m/s.", onto), onto).tools is None


@pytest.mark.parametrize(("lexemes", "expected"), [
    ([("komegasst", False), ("the", True), ("wall", False)], ["wall", "komegasst"]),   # stop words dropped; rarest first
    ([("0.005", False), ("1e-3", False), ("2d", False)], ["2d"]),                      # bare numbers dropped
    ([("file", False), ("cavity", False)], ["cavity"]),                                # too common dropped
    ([("notincorpus", False)], []),                                                    # matches nothing
    ([], []),
])
def test_select_terms(lexemes: list[tuple[str, bool]], expected: list[str]) -> None:
    df = {"komegasst": 40, "wall": 30, "the": 900, "file": 990, "cavity": 14, "2d": 49, "0.005": 5, "1e-3": 3}
    assert select_terms(lexemes, df, n_chunks=1000, max_terms=8, max_df_ratio=0.05) == expected


def test_select_terms_keeps_the_rarest() -> None:
    df = {f"w{i}": i + 1 for i in range(20)}
    assert select_terms([(w, False) for w in df], df, 1000, max_terms=3) == ["w0", "w1", "w2"]
    with pytest.raises(ValueError, match="max_terms"):
        select_terms([], df, 1000, max_terms=0)


# --- expansion ----------------------------------------------------------------------------------------------

def test_three_deterministic_variants(onto) -> None:
    route = classify("Switch the turbulence model from k-epsilon to k-omega SST.", onto, case_tool="simpleFoam")
    variants = {v.kind: v.text for v in expand_variants("...", route, onto)}
    assert list(variants) == ["physics", "keywords", "troubleshooting"]
    assert "RASModel kOmegaSST" in variants["keywords"] and "omegaWallFunction" in variants["keywords"]
    assert "k-omega SST" in variants["physics"] or "menter sst" in variants["physics"]
    assert variants["troubleshooting"].startswith("simpleFoam")


def test_expert_variants_carry_the_symptoms(onto) -> None:
    query = "My interFoam run crashes with bounding alpha.water"
    variants = {v.kind: v.text for v in expand_variants(query, classify(query, onto), onto)}
    assert "crashes" in variants["troubleshooting"] and "bounding" in variants["troubleshooting"]


def test_the_base_case_adds_its_distinctive_files(onto) -> None:
    route = classify("Set up a particle column with MPPICFoam.", onto)
    variants = {v.kind: v.text for v in expand_variants("...", route, onto, MPPIC_COLUMN)}
    assert "kinematicCloudProperties" in variants["keywords"] and " controlDict" not in variants["keywords"]


# --- canonical pins -----------------------------------------------------------------------------------------

def test_canonical_sections_keep_h3_under_h2_and_ignore_fenced_headings(tmp_path: Path) -> None:
    note = tmp_path / "note.md"
    note.write_text("# Title\nintro\n## First: a\ntext\n### Sub\nsub text\n```foam\n## not a heading\n```\n"
                    "## Second\nmore\n")
    sections = canonical_sections(note)
    assert list(sections) == ["First: a", "Sub", "Second"]
    assert "sub text" in sections["First: a"] and "## not a heading" in sections["Sub"]
    assert "more" not in sections["First: a"]


def test_a_named_model_pins_its_own_sections(onto) -> None:
    route = classify("Switch the turbulence model from standard k-epsilon to RNG k-epsilon.", onto,
                     case_tool="simpleFoam")
    items = select_pins(pinned_sections(route, onto), ["switch rng k-epsilon"], 8)
    assert items[0].source.split("#")[1].startswith("RNGkEpsilon")
    assert all(i.kind == "canonical" and i.source.startswith("canonical/") for i in items)


def test_sections_about_another_solver_are_not_pinned(onto) -> None:
    route = classify("Simulate flow in a rotating mixer with pimpleFoam and k-epsilon.", onto)
    sources = [p.source for p in pinned_sections(route, onto) if not p.entity]
    assert not any("#icoFoam:" in s or "#kOmegaSST:" in s for s in sources)


def test_a_reported_problem_pins_the_tools_troubleshooting_and_numerics_first(onto) -> None:
    question = "Diverging interFoam VOF simulation: residuals oscillating, dam break case."
    route = classify(question, onto)
    assert route.mode == "expert" and "numerical_instability" in route.categories
    assert troubleshooting(route) == "numerical_instability"
    items = select_pins(pinned_sections(route, onto), [question], 8, trouble_first=True)
    first = items[0].source
    assert first.startswith(("canonical/troubleshooting.md#interFoam", "canonical/numerics.md#interFoam")), first
    assert any(i.source == "canonical/troubleshooting.md#Reading a log to spot divergence early" for i in items)


def test_a_set_up_request_has_no_troubleshooting_focus(onto) -> None:
    assert troubleshooting(classify("Set up a dam break with interFoam, water column 0.3 m", onto)) is None


def test_select_pins_limits_and_budget() -> None:
    pins = [Pin(source="canonical/a.md#A", text="alpha beta", entity="x", rank=0),
            Pin(source="canonical/a.md#B", text="alpha " * 50),
            Pin(source="canonical/a.md#C", text="gamma delta")]
    assert [i.source for i in select_pins(pins, ["alpha gamma"], 8)] == [p.source for p in pins]
    assert [i.source for i in select_pins(pins, ["alpha gamma"], 8, budget=25)] == ["canonical/a.md#A",
                                                                                  "canonical/a.md#C"]
    assert len(select_pins(pins, ["alpha"], 1)) == 1 and select_pins(pins, ["alpha"], 0) == []
    assert select_pins([], ["alpha"], 8) == []


# --- base cases ------------------------------------------------------------------------------------------------

def record(case: str, solver: str, **kw: object) -> CaseRecord:
    return CaseRecord(case=case, solver=solver, files=kw.pop("files", ["0/U", "system/controlDict"]), **kw)


MPPIC_COLUMN = record("lagrangian/MPPICFoam/column", "MPPICFoam", lagrangian=True,
                      files=["0/U.air", "constant/kinematicCloudProperties", "system/controlDict"])
RECORDS = [
    record("incompressible/icoFoam/cavity/cavity", "icoFoam", simulation_type="laminar",
           fields=[FieldInfo(name="U", field_class="volVectorField",
                             patches={"movingWall": "fixedValue", "fixedWalls": "noSlip"})],
           run_sequence=[RunStep(app="blockMesh"), RunStep(app="icoFoam")]),
    record("incompressible/icoFoam/elbow", "icoFoam"),
    record("incompressible/pimpleFoam/LES/channel395", "pimpleFoam", simulation_type="LES"),
    record("multiphase/twoPhaseEulerFoam/laminar/bubbleColumn", "twoPhaseEulerFoam", multiphase=True),
    record("multiphase/interFoam/laminar/damBreak/damBreak", "interFoam", multiphase=True),
    MPPIC_COLUMN,
]


@pytest.mark.parametrize(("text", "case_tool", "expected"), [
    ("Set up a lid-driven cavity with icoFoam.", None, "incompressible/icoFoam/cavity/cavity"),   # phrase tutorial
    ("Increase the lid velocity to 5 m/s.", "icoFoam", "incompressible/icoFoam/cavity/cavity"),   # simplest case
    ("Change the MRF rotation speed to 20 rad/s.", "pimpleFoam", None),     # no pimpleFoam case with MRF
    ("My icoFoam run crashes.", None, None),                                # expert mode: no base case
])
def test_pick_base_case(onto, text: str, case_tool: str | None, expected: str | None) -> None:
    base = pick_base_case(classify(text, onto, case_tool=case_tool), RECORDS)
    assert (base.case if base else None) == expected


def test_a_phrase_of_another_solver_gives_a_related_case(onto) -> None:
    route = classify("Set up a 2D bubble column. Use interFoam with gravity.", onto)
    base = pick_base_case(route, RECORDS)
    related = pick_related_case(route, RECORDS, base)
    assert base is not None and base.solver == "interFoam"
    assert related is not None and related.case.endswith("bubbleColumn")


def test_case_summary_names_version_files_patches_and_run() -> None:
    item = case_summary(RECORDS[0])
    assert item.kind == "case" and item.source == "case:tutorial:incompressible/icoFoam/cavity/cavity"
    assert "OpenFOAM v1912 tutorial" in item.text and "system/controlDict" in item.text
    assert "movingWall fixedValue" in item.text and "Run: blockMesh -> icoFoam" in item.text


def test_target_model_is_the_last_named(onto) -> None:
    assert target_model(classify("Switch from k-epsilon to k-omega SST", onto)) == "kOmegaSST"
    assert target_model(classify("Set up a dam break", onto)) is None


# --- Eq. 3 scoring -------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("tag", "text", "found"), [
    ("p", "the p file", True),
    ("p", "p_rgh only", False),                         # a tag is a whole phrase, not a substring
    ("k", "RASModel kEpsilon", False),
    ("rasmodel kepsilon;", "RASModel     kEpsilon;", True),
    ("(0 -9.81 0)", "value (0 -9.81 0);", True),
    ("alpha.water", "0/alpha.water.orig", True),
    ("codedfixedvalue", "no coded conditions here", False),
    ("", "anything", False),
])
def test_phrase_found(tag: str, text: str, found: bool) -> None:
    assert phrase_found(tag, normalise(text)) is found


@pytest.mark.parametrize(("tags", "solver", "context", "score"), [
    (["u", "p"], "icofoam", "U and p with icoFoam", 1.0),
    (["u", "p"], "icofoam", "U and p with pisoFoam", 0.8),
    (["u", "p", "k", "nut"], "any", "U only", 0.8 * 0.25 + 0.2),
    ([], "any", "", 1.0),
])
def test_eq3(tags: list[str], solver: str, context: str, score: float) -> None:
    assert eq3(tags, solver, context)[0] == pytest.approx(score)


def test_the_iterasim_sets(onto) -> None:
    solvers = {t.lower(): t for t, s in onto.tools.items() if s.stage == "solver"}
    cases = {c.case_id: c for c in load_iterasim(solvers=solvers)}
    assert len(cases) == 28 and not any(c.startswith("E") for c in cases)
    assert cases["B2"].solver == "simpleFoam" and cases["B2"].solver_corrected == "buoyantboussinesqsimplefoam"
    assert cases["D5"].solver_corrected == "simplefoam"
    assert cases["C1"].case_tool == "icoFoam" and cases["D6"].case_tool == "buoyantBoussinesqSimpleFoam"
    assert cases["A1"].case_tool is None
    ablation = load_ablation30(solvers=solvers)
    assert len(ablation) == 30
    assert {c.case_id: c.solver for c in ablation}["3"] == "icoFoam"
    assert {c.case_id: c.solver for c in ablation}["2"] == "any"


def test_stats_and_percentile() -> None:
    s = stats([1.0, 0.5, 1.0, 0.8])
    assert (s.n, s.n_perfect, s.min) == (4, 2, 0.5) and s.mean == pytest.approx(0.825)
    assert percentile([10, 20, 30, 40], 50) == 25 and percentile([5], 95) == 5
    assert math.isclose(percentile(list(range(101)), 95), 95)
    with pytest.raises(ValueError, match="empty"):
        percentile([], 50)


# --- the LLM steps with a fake client behind the LLMClient interface ------------------------------------------

class FakeCompletions:
    def __init__(self, content: str | Exception) -> None:
        self.content, self.calls = content, []

    def create(self, **kwargs: object) -> object:
        self.calls.append(kwargs)
        if isinstance(self.content, Exception):
            raise self.content
        message = SimpleNamespace(content=self.content)
        return SimpleNamespace(choices=[SimpleNamespace(message=message)],
                               usage=SimpleNamespace(prompt_tokens=10, completion_tokens=5))


def fake_llm(content: str | Exception):
    from tasks.core.llm import LLMClient

    completions = FakeCompletions(content)
    return LLMClient(SimpleNamespace(chat=SimpleNamespace(completions=completions)), "fake-model",
                     sleep=lambda s: None), completions


def test_llm_variants_use_the_prompt_settings_and_parse_json(onto) -> None:
    from tasks.retrieval.llm import llm_variants

    llm, completions = fake_llm('{"variants": ["laminar cavity flow", "icoFoam movingWallVelocity", "x"]}')
    expansion = llm_variants("Set up the cavity", classify("Set up the cavity with icoFoam", onto), llm)
    assert [v.text for v in expansion.variants] == ["laminar cavity flow", "icoFoam movingWallVelocity", "x"]
    assert expansion.error is None and all(v.kind == "llm" for v in expansion.variants)
    call = completions.calls[0]
    assert (call["temperature"], call["max_tokens"]) == (0.4, 120)
    assert "Set up the cavity" in call["messages"][1]["content"]
    assert llm.usage.calls == 1 and llm.usage.prompt_tokens == 10


@pytest.mark.parametrize("content", ["not json at all", '{"other": 1}', RuntimeError("connection refused")])
def test_llm_variants_fall_back_on_any_failure(onto, content: str | Exception) -> None:
    from tasks.retrieval.llm import llm_variants

    llm, _ = fake_llm(content)
    expansion = llm_variants("q", classify("Set up the cavity with icoFoam", onto), llm)
    if content == '{"other": 1}':
        assert expansion.error is not None or expansion.variants == []
    else:
        assert expansion.variants == [] and expansion.error


def test_grounded_answer_keeps_valid_citations() -> None:
    from tasks.retrieval.llm import grounded_answer

    context = [ContextItem(kind="canonical", source="canonical/a.md#A", text="alpha", score=0.3),
               ContextItem(kind="retrieved", source="tutorial:x/0/U", text="beta", score=0.02)]
    llm, completions = fake_llm('{"answer": "Use alpha [1].", "citations": [1, 7, 1]}')
    answer = grounded_answer("what?", "expert", context, llm)
    assert answer.text == "Use alpha [1]." and [c.source for c in answer.citations] == ["canonical/a.md#A"]
    assert "[2] tutorial:x/0/U" in completions.calls[0]["messages"][1]["content"]


# --- spreading query texts over encoder workers ----------------------------------------------------

@pytest.mark.parametrize(("sizes", "workers", "groups"), [
    ([80, 22, 30, 12], 2, [[0], [2, 1, 3]]),
    ([10, 10, 10, 10], 2, [[0, 2], [1, 3]]),
    ([5], 2, [[0]]),
    ([], 2, []),
    ([3, 1, 2], 1, [[0, 2, 1]]),
])
def test_balance(sizes: list[int], workers: int, groups: list[list[int]]) -> None:
    from tasks.knowledge.embed_onnx import balance

    assert balance(sizes, workers) == groups


def test_balance_guards_workers() -> None:
    from tasks.knowledge.embed_onnx import balance

    with pytest.raises(ValueError, match="positive"):
        balance([1], 0)
