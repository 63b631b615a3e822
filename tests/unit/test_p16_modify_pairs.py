"""`modify` classes of session 16, probed on installed tutorials in several phrasings (terse
engineer, verbose student, other word order, non-native):

1. a phase-pair model switch on an Euler case ("switch the drag to Ishii-Zuber", "Tomiyama lift for
   the bubbles", "remove the virtual mass", "turbulent dispersion Burns") goes into the list of
   constant/phaseProperties for the pairs named (else every dispersed pair), with the sub-entries
   the v1912 model reads, and parses back (foamlib); a phase named there is no change of fluid;
   what v1912 cannot take (Beetstra in twoPhaseEulerFoam, no drag at all, Tomiyama wall
   lubrication without a diameter) is said with what to do;
2. a fluid named by name with a stated viscosity ("air, nu 1.5e-5 m2/s", "air with mu 1.8e-5 Pa s")
   on an incompressible case sets the stated value, not the table's; "air viscosity" alone sets
   the table's;
3. LES models spelled in words ("dynamic one-equation SGS model" is dynamicKEqn, not kEqn), a case
   whose turbulenceProperties is kept as a pristine .orig copy is no per-phase case, and a model the
   case already has is refused as such."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tasks.core.errors import RequestError
from tasks.edit.modify import apply_changes, plan_changes, read_state, stated_changes
from tasks.edit.modify_pair_catalog import MODELS, models_named, models_of, template_body
from tasks.edit.modify_pair_text import pair_entries
from tasks.edit.modify_phase_pairs import _requests, phase_property_files, speaks_of_pair_models
from tasks.edit.modify_steps import unpack_dictionaries
from tasks.edit.modify_switch import per_phase_turbulence, spelled_models, target_model
from tasks.foam import dictionary as fd
from tests.conftest import TUTORIALS

foamlib = pytest.importorskip("foamlib")

BUBBLE_RAS = "multiphase/reactingTwoPhaseEulerFoam/RAS/bubbleColumn"
BUBBLE_2P = "multiphase/twoPhaseEulerFoam/laminar/bubbleColumn"
BUBBLE_MULTI = "multiphase/reactingMultiphaseEulerFoam/laminar/bubbleColumn"
FLUIDISED = "multiphase/twoPhaseEulerFoam/RAS/fluidisedBed"
WALL_BOILING = "multiphase/reactingTwoPhaseEulerFoam/RAS/wallBoiling"
QUENCHING = "heatTransfer/chtMultiRegionTwoPhaseEulerFoam/solidQuenching2D"
OLD_EULER = "multiphase/multiphaseEulerFoam/bubbleColumn"
PITZ_LES = "incompressible/pisoFoam/LES/pitzDaily"
PIMPLE_PITZ = "incompressible/pimpleFoam/RAS/pitzDaily"
CHANNEL = "incompressible/pimpleFoam/LES/channel395"
CAVITY_RAS = "incompressible/pisoFoam/RAS/cavity"
FLAT_PLATE = "incompressible/simpleFoam/turbulentFlatPlate"


def _copy(tmp_path: Path, tutorial: str) -> Path:
    """A tutorial copied as installed, unpacked as `modify` does."""
    if not (TUTORIALS / tutorial).is_dir():
        pytest.skip(f"OpenFOAM tutorials not installed at {TUTORIALS}")
    case = tmp_path / "case"
    shutil.copytree(TUTORIALS / tutorial, case)
    unpack_dictionaries(case)
    return case


def _modify(case: Path, request: str):
    state = read_state(case)
    plan = plan_changes(state, request)
    apply_changes(state, plan)
    return plan


def _pairs(case: Path, key: str, rel: str = "constant/phaseProperties") -> dict[str, dict]:
    """The pairs of a phaseProperties list as foamlib parses the written file: "air in water" -> its dict."""
    parsed = foamlib.FoamFile(case / rel)[key]
    return {" ".join(pair): body for pair, body in parsed}


# --- class 1: phase-pair model switches ---------------------------------------------------------

SWITCHES = [  # (tutorial, request, list, {pair: type} after, pairs that keep their type)
    (BUBBLE_RAS, "switch the drag to Ishii-Zuber", "drag",
     {"air in water": "IshiiZuber", "water in air": "IshiiZuber", "air and water": "segregated"}),
    (BUBBLE_RAS, "Could you please change the drag model between the air and the water to the Ishii Zuber "
                 "correlation? Everything else stays.", "drag",
     {"air in water": "IshiiZuber", "water in air": "IshiiZuber", "air and water": "segregated"}),
    (BUBBLE_RAS, "drag -> ishii-zuber for air in water only", "drag",
     {"air in water": "IshiiZuber", "water in air": "SchillerNaumann", "air and water": "segregated"}),
    (BUBBLE_RAS, "use Tomiyama lift for the air bubbles instead", "lift", {"air in water": "Tomiyama"}),
    (BUBBLE_2P, "add the Tomiyama lift force on the bubbles", "lift", {"air in water": "Tomiyama"}),
    (BUBBLE_MULTI, "lift model: Tomiyama", "lift", {"air in water": "Tomiyama"}),
    (BUBBLE_RAS, "remove the virtual mass", "virtualMass", {"air in water": "none", "water in air": "none"}),
    (BUBBLE_2P, "please neglect virtual mass for the water droplets", "virtualMass",
     {"air in water": "constantCoefficient", "water in air": "none"}),
    (BUBBLE_MULTI, "virtual mass off", "virtualMass", {"air in water": "none", "water in air": "none"}),
    (BUBBLE_RAS, "turbulent dispersion Burns", "turbulentDispersion", {"air in water": "Burns"}),
    (BUBBLE_2P, "turbulent dispersion model Lopez de Bertodano for air in water, Ctd 0.8", "turbulentDispersion",
     {"air in water": "LopezDeBertodano"}),
    (WALL_BOILING, "Gosman turbulent dispersion instead of Burns", "turbulentDispersion", {"gas in liquid": "Gosman"}),
    (FLUIDISED, "use Wen-Yu drag for the particles", "drag", {"particles in air": "WenYu"}),
    (FLUIDISED, "switch to Syamlal O'Brien", "drag", {"particles in air": "SyamlalOBrien"}),
    (BUBBLE_MULTI, "wall lubrication Antal", "wallLubrication", {"air in water": "Antal"}),
]


@pytest.mark.parametrize("tutorial,request_text,key,expected", SWITCHES)
def test_pair_model_switch_is_written_and_parses(tmp_path, tutorial, request_text, key, expected):
    case = _copy(tmp_path, tutorial)
    before = (case / "constant/phaseProperties").read_text()
    plan = _modify(case, request_text)
    assert not [w for w in plan.warnings if w.startswith("not applied")], plan.warnings
    got = _pairs(case, key)
    assert {pair: body["type"] for pair, body in got.items()} == expected
    # the other lists are as they were
    after = (case / "constant/phaseProperties").read_text()
    for other in ("surfaceTension", "sigma", "heatTransfer", "blending", "phases", "aspectRatio"):
        if other != key and fd.get(before, [other]) is not None:
            assert fd.get(after, [other]) == fd.get(before, [other])


def test_sub_entries_come_from_the_tutorial_that_uses_the_model(tmp_path):
    case = _copy(tmp_path, BUBBLE_RAS)
    _modify(case, "switch the drag to Ishii-Zuber")
    body = _pairs(case, "drag")["air in water"]
    assert body["swarmCorrection"] == {"type": "none"} and "residualRe" in body
    turb = _copy(tmp_path / "b", BUBBLE_RAS)
    _modify(turb, "turbulent dispersion Burns")
    assert {"sigma", "residualAlpha"} <= set(_pairs(turb, "turbulentDispersion")["air in water"])


def test_stated_coefficient_and_wall_distance(tmp_path):
    case = _copy(tmp_path, BUBBLE_2P)
    _modify(case, "turbulent dispersion Lopez de Bertodano, Ctd 0.8, and a constant lift coefficient of 0.25")
    assert _pairs(case, "turbulentDispersion")["air in water"]["Ctd"] == 0.8
    assert _pairs(case, "lift")["air in water"] == {"type": "constantCoefficient", "Cl": 0.25}
    wall = _copy(tmp_path / "w", BUBBLE_MULTI)
    _modify(wall, "Tomiyama wall lubrication, pipe diameter 15 cm")
    body = _pairs(wall, "wallLubrication")["air in water"]
    assert body["type"] == "Tomiyama" and body["D"] == pytest.approx(0.15) and body["Cwd"] == pytest.approx(0.15)
    assert fd.get((wall / "system/fvSchemes").read_text(), ["wallDist", "method"]) == "meshWave"


def test_two_switches_in_one_request_each_to_its_pairs(tmp_path):
    case = _copy(tmp_path, BUBBLE_2P)
    _modify(case, "Please neglect virtual mass for the water droplets (water in air) and set the lift to "
                  "Tomiyama for the air bubbles; keep the drag.")
    assert {p: b["type"] for p, b in _pairs(case, "virtualMass").items()} == \
        {"air in water": "constantCoefficient", "water in air": "none"}
    assert {p: b["type"] for p, b in _pairs(case, "lift").items()} == {"air in water": "Tomiyama"}


def test_region_phase_properties(tmp_path):
    case = _copy(tmp_path, QUENCHING)
    assert phase_property_files(case) == ["constant/water/phaseProperties"]
    _modify(case, "switch drag to Schiller-Naumann")  # the tutorial's drag is Ishii-Zuber
    assert _pairs(case, "drag", "constant/water/phaseProperties")["gas in liquid"]["type"] == "SchillerNaumann"


REFUSED = [  # (tutorial, request, words the reason holds)
    (BUBBLE_2P, "Beetstra drag", "twoPhaseEulerFoam (v1912) has no Beetstra"),
    (BUBBLE_RAS, "remove the drag", "need a drag model"),
    (BUBBLE_MULTI, "Tomiyama wall lubrication", "pipe diameter"),
    (FLUIDISED, "remove virtual mass", "no virtual mass to remove"),
    (OLD_EULER, "switch the drag to Ishii-Zuber", "multiphaseEulerFoam (v1912) has no IshiiZuber drag"),
    (PIMPLE_PITZ, "use Ishii-Zuber drag", "no constant/phaseProperties"),
    (BUBBLE_RAS, "switch the drag to Grace", "no drag model of v1912 is named there"),
    (BUBBLE_2P, "use Tomiyama drag", "TomiyamaAnalytic, TomiyamaCorrelated"),
    (BUBBLE_2P, "for the drag we take Schiller Naumann also for the segregated pair", "unordered (a and b) pair"),
    (BUBBLE_RAS, "use Schiller-Naumann drag for air in water", "(air in water) already uses SchillerNaumann"),
]


@pytest.mark.parametrize("tutorial,request_text,reason", REFUSED)
def test_pair_model_switch_that_cannot_be_made_says_why(tmp_path, tutorial, request_text, reason):
    case = _copy(tmp_path, tutorial)
    with pytest.raises(RequestError) as err:
        plan_changes(read_state(case), request_text)
    assert reason in str(err.value)
    assert "transportProperties" not in str(err.value)  # a phase name is no change of that fluid


def test_phases_named_with_a_dispersed_model_leave_the_segregated_pair(tmp_path):
    case = _copy(tmp_path, BUBBLE_RAS)
    _modify(case, "use air and water with Ishii-Zuber drag, end time 20 s")
    assert {p: b["type"] for p, b in _pairs(case, "drag").items()} == \
        {"air in water": "IshiiZuber", "water in air": "IshiiZuber", "air and water": "segregated"}


def test_surface_tension_of_a_reacting_euler_pair_is_no_warning(tmp_path):
    case = _copy(tmp_path, BUBBLE_RAS)
    plan = _modify(case, "surface tension 0.05 N/m between air and water")
    assert not plan.warnings
    assert _pairs(case, "surfaceTension")["air and water"]["sigma"] == 0.05


def test_phase_name_with_other_change_is_no_fluid_change(tmp_path):
    case = _copy(tmp_path, BUBBLE_RAS)
    plan = _modify(case, "switch the drag between air and water to Ishii-Zuber and run to 50 s")
    assert not plan.warnings
    assert fd.get((case / "system/controlDict").read_text(), ["endTime"]) == "50"


@pytest.mark.parametrize("words,expected", [
    ("switch the drag to Ishii-Zuber", [("drag", "IshiiZuber")]),
    ("Replace Schiller-Naumann drag with Ishii Zuber and add Tomiyama lift.", [("drag", "IshiiZuber"), ("lift", "Tomiyama")]),
    ("Ishii-Zuber drag Tomiyama lift", [("drag", "IshiiZuber"), ("lift", "Tomiyama")]),
    ("drag Ishii-Zuber, lift Tomiyama, no virtual mass", [("drag", "IshiiZuber"), ("lift", "Tomiyama"), ("virtualMass", None)]),
    ("switch to Gidaspow-Schiller-Naumann", [("drag", "GidaspowSchillerNaumann")]),
    ("Gosman turbulent dispersion instead of Burns", [("turbulentDispersion", "Gosman")]),
    ("drag from Schiller-Naumann to Ishii-Zuber", [("drag", "IshiiZuber")]),
    ("for the drag we take Ishii Zuber instead of Schiller Naumann", [("drag", "IshiiZuber")]),
    ("use Ishii-Zuber rather than Schiller-Naumann drag", [("drag", "IshiiZuber")]),
    ("turn off the lift force", [("lift", None)]),
    ("set the lift to none", [("lift", None)]),
    ("switch the drag to Grace", []),  # no model of v1912: said by pair_model_edits, not read as a removal
    ("Drop the interfacial lift; wall lubrication: none", [("lift", None), ("wallLubrication", None)]),
    ("compute lift and drag, no other change", []),  # forces of an airfoil: no model switch
    ("spherical particles, inlet 2 m/s", []),
    ("Tomiyama please", []),  # several lists take it: not read without one
])
def test_requests_read(words, expected):
    assert [(fam, model.type if model else None) for fam, model, _ in _requests(words)] == expected
    assert speaks_of_pair_models(words) == bool(expected)


def test_catalog_names_and_templates():
    assert [m.type for m in models_named("the schiller & naumann correlation")] == ["SchillerNaumann"]
    assert "Beetstra" not in models_of("drag", "twoPhaseEulerFoam")
    assert "Beetstra" in models_of("drag", "reactingTwoPhaseEulerFoam")
    for model in MODELS:  # every model's body names its type and is a valid list entry
        body = template_body(model, "reactingTwoPhaseEulerFoam")
        entries = pair_entries(f"( (a in b) {{ {body} }} )")
        assert [e.type for e in entries] == [model.type]


# --- class 2: a fluid named by name with a stated viscosity ------------------------------------

FLUIDS = [  # (tutorial, request, nu written)
    (PITZ_LES, "the fluid is air, kinematic viscosity 1.5e-5 m^2/s", "1.5e-05"),
    (PITZ_LES, "switch the fluid to air (nu = 1.5e-5 m2/s)", "1.5e-05"),
    (PITZ_LES, "Use air instead of the default fluid; its kinematic viscosity is 1.5e-5 m²/s.", "1.5e-05"),
    (CHANNEL, "Kinematic viscosity 1.5e-5 m^2/s for air, which is now the working fluid", "1.5e-05"),
    (CHANNEL, "air instead of water, 15 cSt", "1.5e-05"),
    (PIMPLE_PITZ, "make it air with dynamic viscosity 1.8e-5 Pa s", "1.529e-05"),
    (PIMPLE_PITZ, "air, 0.018 mPa s, density 1.2 kg/m3, instead of the current fluid", "1.5e-05"),
    (CAVITY_RAS, "air viscosity", "1.568e-05"),
    (CAVITY_RAS, "the fluid is now water", "1.004e-06"),
    (CAVITY_RAS, "water", "1.004e-06"),
    ("incompressible/pimpleFoam/laminar/movingCone", "the fluid is now air with nu 1.6e-5 m2/s", "1.6e-05"),  # nu had dimensions
    (PIMPLE_PITZ, "set nu to 2e-5", "2e-05"),
]


@pytest.mark.parametrize("tutorial,request_text,nu", FLUIDS)
def test_named_fluid_takes_the_stated_viscosity(tmp_path, tutorial, request_text, nu):
    case = _copy(tmp_path, tutorial)
    plan = _modify(case, request_text)
    assert fd.get((case / "constant/transportProperties").read_text(), ["nu"]).split()[-1] == nu
    parsed = foamlib.FoamFile(case / "constant/transportProperties")["nu"]
    assert getattr(parsed, "value", parsed) == pytest.approx(float(nu))  # a dimension set the file had stays
    _, missing = stated_changes(plan, case)
    assert missing == []


# --- class 3: model names and case layouts ------------------------------------------------------

@pytest.mark.parametrize("words,model", [
    ("use the dynamic kEqn model", "dynamicKEqn"),
    ("dynamic one-equation subgrid model", "dynamicKEqn"),
    ("Please use the dynamic one-equation eddy-viscosity SGS model instead of WALE.", "dynamicKEqn"),
    ("one-equation SGS model, end time 5 s", "kEqn"),
    ("switch the SGS model to kEqn", "kEqn"),
])
def test_spelled_les_models(words, model):
    assert target_model(spelled_models(words)) == model


def test_les_model_spelled_switches(tmp_path):
    case = _copy(tmp_path, CHANNEL)
    plan = _modify(case, "dynamic one-equation subgrid model")
    assert plan.model == "dynamicKEqn"
    assert fd.get((case / "constant/turbulenceProperties").read_text(), ["LES", "LESModel"]) == "dynamicKEqn"


def test_model_the_case_has_is_refused_as_such(tmp_path):
    case = _copy(tmp_path, CHANNEL)
    with pytest.raises(RequestError, match="already uses WALE"):
        plan_changes(read_state(case), "WALE")


def test_pristine_turbulence_properties_copy_is_no_per_phase_case(tmp_path):
    case = _copy(tmp_path, FLAT_PLATE)
    assert (case / "constant/turbulenceProperties.orig").is_file()
    assert not per_phase_turbulence(case)
    assert per_phase_turbulence(_copy(tmp_path / "e", BUBBLE_RAS))


@pytest.mark.parametrize("tutorial,words,model", [
    ("incompressible/simpleFoam/pitzDaily", "turn off the k-epsilon model, make it laminar", "laminar"),
    ("incompressible/simpleFoam/pitzDaily", "switch the k-epsilon model off", "laminar"),
    ("incompressible/simpleFoam/pitzDaily", "no k-epsilon model, laminar please", "laminar"),
    ("incompressible/icoFoam/cavity/cavity", "go from laminar to k-epsilon", "kEpsilon"),
])
def test_laminar_read_by_its_marks(tmp_path, tutorial, words, model):
    case = _copy(tmp_path, tutorial)
    assert plan_changes(read_state(case), words).model == model


@pytest.mark.parametrize("tutorial,words,blocks", [
    (BUBBLE_2P, "50 cells wide and 150 high", "(50 150 1)"),
    (BUBBLE_2P, "mesh: 40 wide, 120 tall", "(40 120 1)"),
    (CAVITY_RAS, "30 cells wide", "(30 20 1)"),
    ("heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom", "mesh 20 cells wide, 40 deep and 30 high", "(20 30 40)"),
])
def test_cell_counts_said_with_size_words(tmp_path, tutorial, words, blocks):
    case = _copy(tmp_path, tutorial)
    _modify(case, words)
    assert blocks in " ".join((fd.get((case / "system/blockMeshDict").read_text(), ["blocks"]) or "").split())


# --- coefficients of the models a case has ------------------------------------------------------

@pytest.mark.parametrize("tutorial,words,key,coefficient,expected", [
    (BUBBLE_RAS, "set virtual mass coefficient to 0.3", "virtualMass", "Cvm", {"air in water": 0.3, "water in air": 0.3}),
    (BUBBLE_RAS, "Cvm 0.25 for the air bubbles", "virtualMass", "Cvm", {"air in water": 0.25, "water in air": 0.5}),
    (BUBBLE_2P, "The virtual mass coefficient should be 0.4 for all pairs, please.", "virtualMass", "Cvm",
     {"air in water": 0.4, "water in air": 0.4}),
    (WALL_BOILING, "turbulent dispersion Ctd = 0.5", "turbulentDispersion", "Ctd", {"gas in liquid": 0.5}),
    (BUBBLE_RAS, "aspect ratio E0 2", "aspectRatio", "E0", {"air in water": 2, "water in air": 2}),
])
def test_coefficient_of_a_model_the_case_has(tmp_path, tutorial, words, key, coefficient, expected):
    case = _copy(tmp_path, tutorial)
    _modify(case, words)
    assert {p: b[coefficient] for p, b in _pairs(case, key).items()} == expected


def test_coefficient_no_model_reads_is_said(tmp_path):
    case = _copy(tmp_path, BUBBLE_RAS)
    with pytest.raises(RequestError, match="read no coefficient"):
        plan_changes(read_state(case), "lift coefficient 0.1")


def test_pairs_between_two_named_phases(tmp_path):
    case = _copy(tmp_path, "multiphase/reactingMultiphaseEulerFoam/laminar/mixerVessel2D")
    _modify(case, "drag between air and oil Ishii-Zuber")
    changed = {p for p, b in _pairs(case, "drag").items() if b["type"] == "IshiiZuber"}
    assert changed == {"air in oil", "oil in air"}


def test_phase_property_value_on_an_euler_case_is_no_fluid_warning(tmp_path):
    case = _copy(tmp_path, BUBBLE_2P)
    plan = _modify(case, "water density 990 kg/m3")
    assert not plan.warnings


def test_fluid_word_before_a_value_is_no_terse_fluid_change(tmp_path):
    case = _copy(tmp_path, "incompressible/simpleFoam/pitzDaily")
    before = fd.get((case / "constant/transportProperties").read_text(), ["nu"])
    _modify(case, "air 20 m/s")
    assert fd.get((case / "constant/transportProperties").read_text(), ["nu"]) == before


def test_model_the_pairs_already_use(tmp_path):
    case = _copy(tmp_path, BUBBLE_RAS)
    with pytest.raises(RequestError, match=r"\(air in water\) already uses SchillerNaumann"):
        plan_changes(read_state(case), "use Schiller-Naumann drag for air in water")
    kept = _copy(tmp_path / "k", BUBBLE_RAS)
    plan = _modify(kept, "Everything else, including the Schiller-Naumann drag, stays as it is; run to 30 s.")
    assert [e.file for e in plan.edits] == ["system/controlDict"]
    same = _copy(tmp_path / "s", BUBBLE_RAS)
    _modify(same, "virtual mass constant coefficient 0.3")
    assert {p: b["Cvm"] for p, b in _pairs(same, "virtualMass").items()} == {"air in water": 0.3, "water in air": 0.3}


def test_fluid_replaced_by_another_in_a_vof_case(tmp_path):
    case = _copy(tmp_path, "multiphase/interFoam/laminar/damBreak/damBreak")
    _modify(case, "refine the mesh 2x and run to 1 s with water replaced by oil")
    assert fd.get((case / "constant/transportProperties").read_text(), ["water", "rho"]).split()[-1] == "900"
