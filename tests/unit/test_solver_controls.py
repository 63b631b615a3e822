"""Solver controls and switches stated in words: read from the text, written into the
dictionary the solver reads (fvSolution's algorithm dictionary, the dictionary that holds a
switch), parsed back from the written case."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.edit.verify import verify_stated
from tasks.edit.writer import write_case
from tasks.foam import dictionary as fd
from tasks.plan.architect import plan
from tasks.plan.controls import solver_controls, spoken_switch, stated_switches
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


@pytest.mark.parametrize(
    "text,key,value",
    [
        ("use 4 non-orthogonal correctors", "nNonOrthogonalCorrectors", 4),
        ("two non-orth. correction loops", "nNonOrthogonalCorrectors", 2),
        ("non-orthogonal correctors: 5", "nNonOrthogonalCorrectors", 5),
        ("with 3 outer corrector iterations", "nOuterCorrectors", 3),
        ("outer loops = 6", "nOuterCorrectors", 6),
        ("do 4 PISO correctors", "nCorrectors", 4),
        ("2 pressure corrections per step", "nCorrectors", 2),
        ("stop once the residuals drop below 1e-4", "residualControl", 1e-4),
        ("converge to 5e-6", "residualControl", 5e-6),
        ("under-relax the pressure with a relaxation factor of 0.25", "relaxationFactors:pressure", 0.25),
        ("U relaxation 0.6", "relaxationFactors:U", 0.6),
    ],
)
def test_a_control_is_read_from_its_words(text, key, value):
    from tasks.plan.extract import normalise

    found = solver_controls(normalise(text))
    assert [(c.key, c.value) for c in found] == [(key, pytest.approx(value))]


def test_several_relaxation_factors_in_one_phrase():
    found = solver_controls("relaxation factors 0.4 for p and 0.8 for U")
    assert [(c.key, c.value) for c in found] == [("relaxationFactors:p", 0.4), ("relaxationFactors:U", 0.8)]


def test_a_residual_phrase_with_a_count_is_no_target():
    assert solver_controls("print the residuals for 500 iterations") == []


@pytest.mark.parametrize(
    "text,name,on",
    [
        ("solve it without the momentum predictor", "momentumPredictor", False),
        ("momentum predictor: on", "momentumPredictor", True),
        ("a non-rotating frame", "rotating", False),
        ("the earth's rotation switched off", "rotating", False),
        ("neglect the Coriolis force", "rotating", False),
        ("enable radiation", "radiation", True),
        ("radiation is off", "radiation", False),
    ],
)
def test_a_switch_is_turned_on_or_off_by_its_spoken_name(text, name, on):
    hits = stated_switches(text, frozenset({"momentumPredictor", "rotating", "radiation"}))
    assert [(h[0], h[1]) for h in hits] == [(name, on)]


def test_a_switch_named_without_an_on_or_off_word_is_not_stated():
    assert stated_switches("the rotation rate of the frame", frozenset({"rotating"})) == []


def test_spoken_switch_reads_camel_case_and_word_forms():
    import re

    assert re.fullmatch(spoken_switch("momentumPredictor"), "momentum predictor")
    assert re.fullmatch(spoken_switch("rotating"), "rotation")


def test_gravity_turned_off_is_a_zero_gravity():
    got = [q for q in read_stated("a damBreak with gravity switched off") if q.role == "gravity"]
    assert got and got[0].value == 0.0


def _written(tmp_path: Path, text: str):
    from tasks.core.config import get_settings

    tutorials = get_settings().tutorials_dir
    manifest = plan(text, tutorials, None)
    out = tmp_path / "case"
    write_case(manifest, out, tutorials)
    _, missing = verify_stated(out, manifest.stated, manifest.bindings, manifest.not_applied)
    return manifest, out, missing


def _fv_solution(case: Path) -> str:
    text = (case / "system/fvSolution").read_text()
    assert fd.parse_error(text) is None
    return text


@needs_tutorials
def test_piso_counts_go_to_the_piso_dictionary(tmp_path):
    _, case, missing = _written(tmp_path, "icoFoam cavity, lid 2 m/s, 3 PISO correctors and "
                                                 "one non-orthogonal corrector")
    text = _fv_solution(case)
    assert fd.get(text, ["PISO", "nCorrectors"]) == "3"
    assert fd.get(text, ["PISO", "nNonOrthogonalCorrectors"]) == "1"
    assert not missing


@needs_tutorials
def test_potential_flow_counts_go_to_potential_flow(tmp_path):
    _, case, missing = _written(tmp_path, "potentialFoam on the pitzDaily step, four non-orthogonal "
                                                 "correction loops")
    assert fd.get(_fv_solution(case), ["potentialFlow", "nNonOrthogonalCorrectors"]) == "4"
    assert not missing


@needs_tutorials
def test_simple_residual_target_and_relaxation(tmp_path):
    manifest, case, missing = _written(tmp_path, "simpleFoam pitzDaily, inlet 8 m/s, residuals below 1e-6, "
                                                 "relax p 0.25 and U 0.65")
    text = _fv_solution(case)
    assert fd.get(text, ["SIMPLE", "residualControl", "p"]) == "1e-06"
    assert fd.get(text, ["relaxationFactors", "fields", "p"]) == "0.25"
    assert fd.get(text, ["relaxationFactors", "equations", "U"]) == "0.65"
    assert not any(e.file.startswith("0/p") for e in manifest.edits)  # "p 0.25" is no pressure value
    assert not missing


@needs_tutorials
def test_switches_are_written_in_the_bases_own_words(tmp_path):
    _, case, missing = _written(tmp_path, "interFoam damBreak with no momentum predictor and 2 outer "
                                                 "correctors")
    text = _fv_solution(case)
    assert fd.get(text, ["PIMPLE", "momentumPredictor"]) == "no"
    assert fd.get(text, ["PIMPLE", "nOuterCorrectors"]) == "2"
    assert not missing


@needs_tutorials
def test_a_shallow_water_case_without_rotation(tmp_path):
    _, case, missing = _written(tmp_path, "shallowWaterFoam squareBump in a non-rotating frame, run 20 s")
    text = (case / "constant/gravitationalProperties").read_text()
    assert fd.get(text, ["rotating"]) in ("false", "no", "off")
    assert not missing


@needs_tutorials
def test_a_switch_the_base_lacks_is_not_applied_with_the_reason(tmp_path):
    manifest, _, _ = _written(tmp_path, "icoFoam cavity, lid 1 m/s, radiation off")
    assert any("radiation" in n.reason for n in manifest.not_applied)


@needs_tutorials
def test_a_residual_target_for_a_simple_dictionary_without_one(tmp_path):
    _, case, missing = _written(tmp_path, "simpleFoam squareBend, converge to 2e-5")
    text = _fv_solution(case)
    assert fd.get(text, ["SIMPLE", "residualControl", '".*"']) == "2e-05"
    assert not missing


@needs_tutorials
def test_an_algorithm_switch_the_base_leaves_to_its_default_is_added(tmp_path):
    _, case, missing = _written(tmp_path, "pimpleFoam TJunction, inlet total pressure kept, switch the momentum "
                                          "predictor off")
    assert fd.get(_fv_solution(case), ["PIMPLE", "momentumPredictor"]) == "no"
    assert not missing
