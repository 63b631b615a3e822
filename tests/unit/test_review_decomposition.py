"""The Reviewer's decomposition strategy on real OpenFOAM v1912 logs (tests/unit/data/decomposition/,
captured from the faulty setups run in the Docker image): each error class is recognised, the
repair of system/decomposeParDict parses back with foamlib and fits the rank count, and stale
processor directories are removed only when Casewright's own decomposePar wrote them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from foamlib import FoamFile

from tasks.foam.casedir import read_case
from tasks.review.case import CaseView
from tasks.review.locate import problem_from_fatal
from tasks.review.session import (
    ReviewSession,
    choose_patch,
    patch_violations,
    rerun_start,
)
from tasks.run.logs import parse_log
from tasks.run.parallel import DECOMPOSE_DICT, record_decomposition, record_ranks
from tasks.run.runner import Step
from tasks.run.steps import plan_steps
from tests.conftest import CAVITY, copy_tutorial

LOGS = Path(__file__).parent / "data" / "decomposition"


def _problem(name: str, step: str, case: Path | None = None):
    fatal = parse_log((LOGS / name).read_text()).fatal
    assert fatal is not None, name
    view = CaseView.load(case) if case else CaseView(texts={})
    return problem_from_fatal(step, fatal, view, [str(case or "/c"), "/case"])


@pytest.mark.parametrize(("log", "step", "keyword", "metrics", "value"), [
    ("subdomains_vs_ranks.log", "icoFoam", "subdomains", {"subdomains": 3, "ranks": 2}, None),
    ("divisions.log", "decomposePar", "divisions", {"subdomains": 2, "divisions": 4}, "2 2 1"),
    ("divisions_simple.log", "decomposePar", "divisions", {"subdomains": 2, "divisions": 1}, "1 1 1"),
    ("stub_scotch.log", "decomposePar", "stub_method", {}, "scotch"),
    ("stub_metis.log", "decomposePar", "stub_method", {}, "metis"),
    ("stub_kahip.log", "decomposePar", "stub_method", {}, "kahip"),
    ("unknown_method.log", "decomposePar", "unknown_method", {}, "hierarchial"),
    ("missing_dict.log", "decomposePar", "missing_dict", {}, None),
    ("stale_processors.log", "icoFoam", "stale_processors", {"processors": 2, "ranks": 4}, None),
    ("already_decomposed.log", "decomposePar", "already_decomposed", {"processors": 2}, None),
])
def test_each_error_class_is_recognised_from_the_real_log(log: str, step: str, keyword: str,
                                                          metrics: dict[str, float], value: str | None) -> None:
    problem = _problem(log, step)
    assert (problem.kind, problem.keyword, problem.step) == ("decomposition", keyword, step)
    assert problem.metrics == metrics
    assert problem.value == value
    if keyword == "unknown_method":
        assert "hierarchical" in problem.valid_choices


def test_other_fatals_are_not_decomposition_errors() -> None:
    from tasks.review.strategies.decomposition import decomposition_problem

    assert decomposition_problem("icoFoam", "cannot find file \"/case/0/U\"") is None
    assert decomposition_problem("simpleFoam", "Unknown patchField type fixedValu for patch inlet") is None


DICT = """FoamFile
{{
    version     2.0;
    format      ascii;
    class       dictionary;
    object      decomposeParDict;
}}
// the user's comment stays
numberOfSubdomains {subdomains};

method          {method};
{coeffs}
distributed     no;
"""


def _case(tmp_path: Path, subdomains: int | None, method: str = "hierarchical", coeffs: str = "",
          np: int = 2) -> Path:
    case = copy_tutorial(CAVITY, tmp_path / "cavity")
    if subdomains is not None:
        (case / DECOMPOSE_DICT).write_text(DICT.format(subdomains=subdomains, method=method, coeffs=coeffs))
    record_ranks(case, np)
    return case


def _apply(case: Path, problem) -> FoamFile:
    view = CaseView.load(case)
    patch, rejected = choose_patch(problem, view)
    assert patch is not None and not rejected, rejected
    assert patch.strategy == "decomposition" and patch.rule == "decomposition"
    assert patch.files() == [DECOMPOSE_DICT]
    (case / DECOMPOSE_DICT).write_text(patch.edits[0].text)
    return FoamFile(case / DECOMPOSE_DICT)


@pytest.mark.parametrize(("log", "step", "subdomains", "method", "coeffs", "want_method", "block"), [
    # the solver started on 2 ranks, the dictionary said 3
    ("subdomains_vs_ranks.log", "icoFoam", 3, "hierarchical", "hierarchicalCoeffs\n{\n    n (3 1 1);\n    order xyz;\n}\n",
     "hierarchical", "hierarchicalCoeffs"),
    ("divisions.log", "decomposePar", 2, "hierarchical", "hierarchicalCoeffs\n{\n    n (2 2 1);\n    order xyz;\n}\n",
     "hierarchical", "hierarchicalCoeffs"),
    ("divisions_simple.log", "decomposePar", 2, "simple", "simpleCoeffs\n{\n    n (1 1 1);\n    delta 0.001;\n}\n",
     "simple", "simpleCoeffs"),
    ("stub_scotch.log", "decomposePar", 2, "scotch", "", "hierarchical", "hierarchicalCoeffs"),
    ("stub_metis.log", "decomposePar", 2, "metis", "", "hierarchical", "hierarchicalCoeffs"),
    ("stub_kahip.log", "decomposePar", 2, "kahip", "", "hierarchical", "hierarchicalCoeffs"),
    ("unknown_method.log", "decomposePar", 2, "hierarchial", "", "hierarchical", "hierarchicalCoeffs"),
])
def test_the_dictionary_is_repaired_for_the_rank_count(tmp_path: Path, log: str, step: str, subdomains: int,
                                                       method: str, coeffs: str, want_method: str, block: str) -> None:
    case = _case(tmp_path, subdomains, method, coeffs)
    parsed = _apply(case, _problem(log, step, case))
    assert parsed["numberOfSubdomains"] == 2 and parsed["method"] == want_method
    assert list(parsed[block]["n"]) == [2, 1, 1]  # the cavity is square in x-y and flat in z
    text = (case / DECOMPOSE_DICT).read_text()
    assert "// the user's comment stays" in text and parsed["distributed"] is False
    if "delta" in coeffs:
        assert parsed["simpleCoeffs"]["delta"] == pytest.approx(0.001)


def test_a_typo_near_a_stub_method_becomes_hierarchical(tmp_path: Path) -> None:
    case = _case(tmp_path, 2, "scoth")
    problem = _problem("unknown_method.log", "decomposePar", case).model_copy(update={"value": "scoth"})
    assert _apply(case, problem)["method"] == "hierarchical"


def test_a_missing_dictionary_is_written(tmp_path: Path) -> None:
    case = _case(tmp_path, None, np=4)
    parsed = _apply(case, _problem("missing_dict.log", "decomposePar", case))
    assert parsed["numberOfSubdomains"] == 4 and parsed["method"] == "hierarchical"
    assert list(parsed["hierarchicalCoeffs"]["n"]) == [2, 2, 1]


def test_the_recorded_ranks_win_over_the_dictionary(tmp_path: Path) -> None:
    """A case run with --np 4 whose dictionary says 2 and whose n says (2 2 1): 4 subdomains."""
    case = _case(tmp_path, 2, "hierarchical", "hierarchicalCoeffs\n{\n    n (2 2 1);\n    order xyz;\n}\n", np=4)
    parsed = _apply(case, _problem("divisions.log", "decomposePar", case))
    assert parsed["numberOfSubdomains"] == 4 and list(parsed["hierarchicalCoeffs"]["n"]) == [2, 2, 1]


def _processors(case: Path, n: int) -> None:
    for i in range(n):
        (case / f"processor{i}" / "0").mkdir(parents=True)
        (case / f"processor{i}" / "0" / "U").write_text("results\n")


def test_stale_processor_directories_of_casewright_are_removed(tmp_path: Path) -> None:
    case = _case(tmp_path, 2)
    _processors(case, 2)
    assert record_decomposition(case) == ["processor0", "processor1"]
    record_ranks(case, 4)  # the user now asks for 4 ranks: the record of the decomposition stays
    assert json.loads((case / ".casewright/parallel.json").read_text())["decomposed"]["dirs"] == ["processor0",
                                                                                                  "processor1"]
    session = ReviewSession(case, max_cycles=3)
    problem = _problem("stale_processors.log", "icoFoam", case)
    patch = session.propose(problem)
    assert patch is not None and patch.removes == ["processor0", "processor1"] and not patch.edits
    files = session.apply(patch)
    assert files == ["processor0/", "processor1/"]
    assert not list(case.glob("processor*")) and (case / "0/U").is_file()
    record_ranks(case, 2)
    plan = plan_steps(read_case(case))
    assert plan[rerun_start(plan, files, "icoFoam", False)].label() == "decomposePar -force"


def test_processor_directories_not_written_by_casewright_are_kept(tmp_path: Path) -> None:
    case = _case(tmp_path, 2)
    _processors(case, 2)  # the user's own decomposePar: nothing recorded
    session = ReviewSession(case, max_cycles=3)
    problem = _problem("already_decomposed.log", "decomposePar", case)
    assert session.propose(problem) is None
    assert "not written by Casewright" in session.stopped and "processor0, processor1" in session.stopped
    assert session.needs_user and "reconstructPar" in session.needs_user
    assert sorted(p.name for p in case.glob("processor*")) == ["processor0", "processor1"]
    assert (case / "processor1/0/U").read_text() == "results\n"


def test_a_processor_directory_made_again_by_the_user_is_not_ours(tmp_path: Path) -> None:
    """Same name, another directory: the user removed Casewright's and decomposed themselves."""
    case = _case(tmp_path, 2)
    _processors(case, 2)
    record_decomposition(case)
    import shutil

    shutil.rmtree(case / "processor1")
    _processors_one = case / "processor1" / "0"
    _processors_one.mkdir(parents=True)
    session = ReviewSession(case, max_cycles=3)
    assert session.propose(_problem("already_decomposed.log", "decomposePar", case)) is None
    assert "processor1 not written by Casewright" in session.stopped
    assert (case / "processor0").is_dir() and (case / "processor1").is_dir()


def test_a_removal_outside_processor_directories_is_refused(tmp_path: Path) -> None:
    from tasks.review.models import Patch

    case = _case(tmp_path, 2)
    (case / ".casewright/parallel.json").write_text(json.dumps({"np": 2, "decomposed": {"token": "t", "dirs": ["0", "constant"]}}))
    for bad in (["0"], ["constant"], ["../x"], ["processor0/../../x"]):
        why = patch_violations(Patch(description="x", edits=[], removes=bad), CaseView.load(case), [])
        assert why and "only processor directories" in why[0], bad


def test_a_parallel_rerun_decomposes_again(tmp_path: Path) -> None:
    """A field or dictionary fix of a parallel run re-runs decomposePar: the processor
    directories hold the fields of the run before."""
    plan = [Step(command="blockMesh"), Step(command="decomposePar", args=["-force"]),
            Step(command="icoFoam", args=["-parallel"], np=2), Step(command="reconstructPar")]
    assert rerun_start(plan, ["system/fvSolution"], "icoFoam", False) == 1
    assert rerun_start(plan, ["0/U"], "icoFoam", False) == 1
    assert rerun_start(plan, ["system/decomposeParDict"], "decomposePar", False) == 1
    assert rerun_start(plan, ["system/blockMeshDict"], "blockMesh", False) == 0
    serial = [Step(command="blockMesh"), Step(command="icoFoam")]
    assert rerun_start(serial, ["system/fvSolution"], "icoFoam", False) == 1


def test_the_parallel_faults_prepare_and_parse(tmp_path: Path) -> None:
    from tasks.bench.faults import FAULTS_BY_ID, locked_values, prepare_fault
    from tasks.bench.faults_parallel import PARALLEL_FAULTS
    from tasks.foam import dictionary as fd
    from tasks.run.parallel import recorded_ranks
    from tests.conftest import TUTORIALS

    if not CAVITY.is_dir():
        pytest.skip(f"OpenFOAM tutorials not installed at {TUTORIALS}")
    assert {f.kind.split("/")[1] for f in PARALLEL_FAULTS} == {
        "subdomains", "divisions", "stub_method", "unknown_method", "missing_dict"}
    for fault in PARALLEL_FAULTS:
        assert FAULTS_BY_ID[fault.id] is fault and locked_values(fault)
        case = prepare_fault(fault, tmp_path, TUTORIALS)
        assert recorded_ranks(case) == 2
        path = case / DECOMPOSE_DICT
        assert path.is_file() == (fault.kind != "decomposition/missing_dict"), fault.id
        if path.is_file():
            assert fd.parse_error(path.read_text()) is None, fault.id
