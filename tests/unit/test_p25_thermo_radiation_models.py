"""Session 25, thermo: a radiation model named in a request (P1, fvDOM, none) is the one the case
selects, in `new` and in `modify`, with what the model needs written when the case lacks it
(P1: G solved in fvSolution and a 0/G with Marshak walls; fvDOM: its coefficients, 0/IDefault,
the Ii solver and the div(Ji,Ii_h) scheme) and the coefficients the case has kept; a count of
iterations is the radiation's solverFreq only when said as a period; a wall named by a synonym
("the heated block") is the patch named for it (box); an equivalence ratio in words ("one half").
Real tutorials, written files parsed back with foamlib."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from foamlib import FoamFile

from tasks.edit.caseops_switch import complete_radiation
from tasks.foam import dictionary as fd
from tasks.foam.files import decompress_tree
from tasks.plan.bind import bind_all
from tasks.plan.bind_radiation_models import model_entries, said_radiation_model
from tasks.plan.bind_thermal_words import patches_named_by_words
from tasks.plan.extract import normalise
from tasks.plan.species_text import equivalence_ratios
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")
ROOM = "heatTransfer/buoyantSimpleFoam/hotRadiationRoom"
ROOM_DOM = "heatTransfer/buoyantSimpleFoam/hotRadiationRoomFvDOM"
RP = "constant/radiationProperties"


@pytest.mark.parametrize("text, radiative, model", [
    ("replace fvDOM by P1, keep the coefficients", True, "P1"),
    ("use P1 instead of the discrete ordinates model", True, "P1"),
    ("Sandia flame D with fvDOM radiation instead of P1, nPhi 3 nTheta 4", False, "fvDOM"),
    ("Simulate the hot radiation room with the discrete ordinates method (fvDOM).", False, "fvDOM"),
    ("go from fvDOM to P1 radiation", False, "P1"),
    ("switch off radiation (radiation model none)", True, "none"),
    ("| radiation model | P1 |", False, "P1"),
    ("point P1 at (0 0 0), point P2 at (1 0 0)", False, None),  # no radiation said: P1 is a point
    ("hotRadiationRoom with the gas absorption 0.2 1/m", True, None),
])
def test_said_radiation_model(text, radiative, model):
    assert said_radiation_model(text, radiative_case=radiative) == model


@needs_tutorials
def test_switch_entries_keep_the_coefficients():
    text = (TUTORIALS / ROOM_DOM / RP).read_text()
    entries = {tuple(e): v for e, v, _ in model_entries(text, "P1", "replace fvDOM by P1")}
    assert entries[("radiationModel",)] == "P1"
    assert ("P1Coeffs",) in entries
    assert not any(e[0] == "constantAbsorptionEmissionCoeffs" for e in entries)  # kept as they are
    room = (TUTORIALS / ROOM / RP).read_text()
    dom = {tuple(e): v for e, v, _ in model_entries(room, "fvDOM", "fvDOM with nPhi 4 and nTheta = 6")}
    assert dom[("fvDOMCoeffs",)]["nPhi"] == "4" and dom[("fvDOMCoeffs",)]["nTheta"] == "6"


def _copy(tutorial: str, tmp_path: Path) -> Path:
    case = tmp_path / Path(tutorial).name
    shutil.copytree(TUTORIALS / tutorial, case)
    decompress_tree(case)
    return case


@needs_tutorials
@pytest.mark.parametrize("tutorial", [ROOM, ROOM_DOM])
def test_complete_radiation_leaves_a_complete_tutorial_alone(tutorial, tmp_path):
    assert complete_radiation(_copy(tutorial, tmp_path)) == []


@needs_tutorials
def test_complete_radiation_writes_what_fvdom_needs(tmp_path):
    case = _copy(ROOM, tmp_path)
    props = case / RP
    text = props.read_text()
    for entry, value, _ in model_entries(text, "fvDOM", "fvDOM"):
        text = fd.set_entry(text, entry, value)
    props.write_text(text)
    written = complete_radiation(case)
    assert set(written) == {"0/IDefault", "system/fvSolution", "system/fvSchemes"}
    field = FoamFile(case / "0/IDefault")
    patches = set(FoamFile(case / "0/T")["boundaryField"])
    assert set(field["boundaryField"]) == patches
    assert all(field["boundaryField"][p]["type"] == "greyDiffusiveRadiation" for p in patches)
    assert FoamFile(case / "system/fvSolution")["solvers"]["Ii"]["solver"] == "GAMG"
    assert "div(Ji,Ii_h)" in FoamFile(case / "system/fvSchemes")["divSchemes"]
    assert FoamFile(props)["constantAbsorptionEmissionCoeffs"]["absorptivity"] is not None


@needs_tutorials
def test_modify_replaces_fvdom_by_p1(tmp_path):
    from tasks.edit.modify import apply_changes, plan_changes, read_state

    case = _copy(ROOM_DOM, tmp_path)
    before = fd.get((case / RP).read_text(), ["constantAbsorptionEmissionCoeffs", "absorptivity"])
    state = read_state(case)
    plan = plan_changes(state, "replace fvDOM by P1, keep the coefficients")
    apply_changes(state, plan)
    props = (case / RP).read_text()
    assert fd.get(props, ["radiationModel"]).strip() == "P1"
    assert fd.get(props, ["constantAbsorptionEmissionCoeffs", "absorptivity"]) == before
    assert "G" in FoamFile(case / "system/fvSolution")["solvers"]
    g = FoamFile(case / "0/G")["boundaryField"]
    assert all(g[p]["type"] == "MarshakRadiation" for p in g)


@needs_tutorials
def test_new_binds_the_model_and_reads_a_run_length_as_no_radiation_period():
    text = "hotRadiationRoomFvDOM with P1 radiation, 300 iterations"
    binder = bind_all(TUTORIALS / ROOM_DOM, "buoyantSimpleFoam", text, read_stated(text))
    edits = {(e.file, tuple(e.entry)): e.value for e in binder.edits}
    assert edits[(RP, ("radiationModel",))] == "P1"
    assert (RP, ("solverFreq",)) not in edits
    every = "hot radiation room with radiation solved every 5 iterations"
    binder = bind_all(TUTORIALS / ROOM, "buoyantSimpleFoam", every, read_stated(every))
    assert {(e.file, tuple(e.entry)): e.value for e in binder.edits}[(RP, ("solverFreq",))] == "5"


@pytest.mark.parametrize("words, patches, named", [
    ("the heated block", ["floor", "ceiling", "box", "fixedWalls"], ["box"]),
    ("the hot cube is", ["floor", "ceiling", "box", "fixedWalls"], ["box"]),
    ("floor", ["floor", "ceiling", "box"], ["floor"]),
    ("the pipe wall", ["inlet", "tube", "outlet"], ["tube"]),
    ("the block", ["floor", "ceiling"], []),
])
def test_patches_named_by_synonym(words, patches, named):
    assert patches_named_by_words(words, patches) == named


@pytest.mark.parametrize("text, phi", [
    ("chemFoam iso-octane with equivalence ratio one half", 0.5),
    ("an equivalence ratio of three quarters", 0.75),
    ("| equivalence ratio | 1.2 |", 1.2),
])
def test_equivalence_ratio_in_words(text, phi):
    assert [round(r.value, 6) for r in equivalence_ratios(normalise(text))] == [phi]
