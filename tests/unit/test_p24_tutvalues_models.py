"""Model settings of a tutorial case said in physical words: a selected model's coefficients by
their meaning (a Maxwell fluid's polymer viscosity, a granular phase's restitution coefficient and
packing limit), local time stepping controls (PIMPLE maxCo, maxDeltaT, N iterations), per-phase
turbulence models of Euler-Euler cases and gravity as a signed component or vector. Bound on the
installed v1912 tutorials and checked on the edits the binder writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_phase_turbulence import named_models
from tasks.plan.controls_lts import lts_iterations, lts_run, says_lts
from tasks.plan.stated import read_stated
from tasks.plan.values_gravity import gravity_forms, gravity_words

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")

BED = "multiphase/twoPhaseEulerFoam/laminar/fluidisedBed"
COLUMN_RAS = "multiphase/twoPhaseEulerFoam/RAS/bubbleColumn"
COLUMN_LAMINAR = "multiphase/twoPhaseEulerFoam/laminar/bubbleColumn"
CONTRACTION = "incompressible/pimpleFoam/laminar/planarContraction"
FLAME_LTS = "combustion/reactingFoam/laminar/counterFlowFlame2DLTS"
DUCT_LTS = "compressible/rhoPimpleFoam/RAS/angledDuctLTS"
DAMBREAK = "multiphase/interFoam/laminar/damBreak/damBreak"


def edits_of(tutorial: str, solver: str, text: str) -> tuple[dict[tuple[str, tuple[str, ...]], object], list[str]]:
    """(file, entry) -> the last value the plan writes there, and the texts not applied."""
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    return {(e.file, tuple(e.entry)): e.value for e in binder.edits}, [n.text for n in binder.not_applied]


@needs_tutorials
@pytest.mark.parametrize("text, nu_m, lam", [
    ("viscoelastic planar contraction, Maxwell fluid: polymer viscosity 0.004 m2/s, relaxation time 0.05 s", "0.004", "0.05"),
    ("planar contraction, relaxation time = 0.012 s, polymeric kinematic viscosity = 0.0035 m^2/s", "0.0035", "0.012"),
])
def test_maxwell_coefficients_by_meaning(text: str, nu_m: str, lam: str) -> None:
    edits, refused = edits_of(CONTRACTION, "pimpleFoam", text)
    tp = "constant/turbulenceProperties"
    assert edits[(tp, ("laminar", "MaxwellCoeffs", "nuM"))] == nu_m
    assert edits[(tp, ("laminar", "MaxwellCoeffs", "lambda"))] == lam
    assert ("constant/transportProperties", ("nu",)) not in edits  # the polymer's, not the solvent's
    assert not refused


@needs_tutorials
def test_kinetic_theory_switched_on_with_its_coefficients() -> None:
    """The laminar fluidised bed selects phasePressure: kinetic theory said for the particles switches
    the particle phase, and its restitution coefficient and packing limit go to kineticTheoryCoeffs
    (the phase's own alphaMax keeps equal), never to the unused phasePressureCoeffs."""
    text = "Fluidised bed with kinetic theory of granular flow for the particles; coefficient of restitution 0.9 and packing limit 0.6."
    edits, refused = edits_of(BED, "twoPhaseEulerFoam", text)
    rel = "constant/turbulenceProperties.particles"
    assert edits[(rel, ("RAS", "RASModel"))] == "kineticTheory"
    assert edits[(rel, ("RAS", "kineticTheoryCoeffs", "e"))] == "0.9"
    assert edits[(rel, ("RAS", "kineticTheoryCoeffs", "alphaMax"))] == "0.6"
    assert edits[("constant/phaseProperties", ("particles", "alphaMax"))] == "0.6"
    assert (rel, ("RAS", "phasePressureCoeffs", "alphaMax")) not in edits
    assert not refused


@needs_tutorials
def test_phase_models_per_phase_and_missing_fields_refused() -> None:
    edits, refused = edits_of(COLUMN_RAS, "twoPhaseEulerFoam",
                              "bubble column where the water phase uses the standard k-epsilon model and the air is laminar")
    assert edits[("constant/turbulenceProperties.water", ("RAS", "RASModel"))] == "kEpsilon"
    assert edits[("constant/turbulenceProperties.air", ("simulationType",))] == "laminar"
    assert not refused
    # the laminar column has no 0/k.water: the model is not applied, and says why
    edits, refused = edits_of(COLUMN_LAMINAR, "twoPhaseEulerFoam", "bubble column, k-epsilon for the water")
    assert ("constant/turbulenceProperties.water", ("RAS", "RASModel")) not in edits
    assert refused == ["k-epsilon (water)"]


def test_named_models_find_their_phase() -> None:
    found = named_models("fluidized bed, laminar gas, kinetic theory for the particle phase and LES "
                         "(Smagorinsky) for the water", ["air", "particles", "water"])
    assert [(n.model, n.phase) for n in found] == [("laminar", "air"), ("kineticTheory", "particles"),
                                                  ("Smagorinsky", "water")]
    assert [(n.model, n.phase) for n in named_models("mixture k-epsilon model", ["air", "water"])] == \
        [("mixtureKEpsilon", None)]


@needs_tutorials
@pytest.mark.parametrize("tutorial, text, expected", [
    (FLAME_LTS, "counterflow flame, LTS, 450 iterations, max Courant number 0.6, rDeltaT damping coefficient 0.5",
     {("system/controlDict", ("endTime",)): "450", ("system/fvSolution", ("PIMPLE", "maxCo")): "0.6",
      ("system/fvSolution", ("PIMPLE", "rDeltaTDampingCoeff")): "0.5"}),
    (DUCT_LTS, "angled duct steady via local time stepping: 800 LTS iterations, time-step smoothing coefficient 0.05, "
               "maximum local time step 5e-5 s",
     {("system/controlDict", ("endTime",)): "800", ("system/fvSolution", ("PIMPLE", "rDeltaTSmoothingCoeff")): "0.05",
      ("system/fvSolution", ("PIMPLE", "maxDeltaT")): "5e-05"}),
])
def test_lts_controls_go_to_pimple(tutorial: str, text: str, expected: dict) -> None:
    edits, refused = edits_of(tutorial, "reactingFoam" if "Flame" in tutorial else "rhoPimpleFoam", text)
    for key, value in expected.items():
        assert edits[key] == value, key
    assert ("system/controlDict", ("maxCo",)) not in edits  # no global Courant limit: each cell's own
    assert edits.get(("system/controlDict", ("deltaT",)), "1") == "1"  # deltaT 1 counts the iterations
    assert not refused


def test_lts_words_and_iterations() -> None:
    assert says_lts("run it pseudo-transient") and says_lts("local time-stepping please")
    assert not says_lts("no LTS, a real transient") and not says_lts("results of the last step")
    assert lts_iterations(0, 300) == ("300", "1")
    lts_base = "ddtSchemes\n{\n    default localEuler;\n}\n"
    assert lts_run(lts_base, "angled duct", "rhoPimpleFoam", [])
    assert not lts_run(lts_base, "angled duct, no LTS: a real transient", "rhoPimpleFoam", ["rhoPimpleFoam"])
    assert lts_run("ddtSchemes { default Euler; }", "flame with LTS", "reactingFoam", ["reactingFoam"])
    assert not lts_run("ddtSchemes { default Euler; }", "cavity with LTS", "icoFoam", ["reactingFoam"])


@pytest.mark.parametrize("text, expected", [
    ("g = -9.81 y", "gravity 9.81 m/s2 along -y"),
    ("damBreak, -9.8 g in y", "damBreak, gravity 9.8 m/s2 along -y"),
    ("g=(0 0 -3.71) m/s2", "gravity 3.71 m/s2 along -z"),
    ("gravity: 9.81 along -x", "gravity 9.81 m/s2 along -x"),
    ("add 5 g of salt", "add 5 g of salt"),
    ("dam break, g = -9.7, water 1000 kg/m3", "dam break, gravity 9.7 m/s2, water 1000 kg/m3"),
    ("g = 9.81 m/s2", "g = 9.81 m/s2"),
    ("g = (1 -9 0)", "g = (1 -9 0)"),
])
def test_gravity_forms(text: str, expected: str) -> None:
    assert gravity_forms(text) == expected


def test_gravity_words_reach_back_to_gravity() -> None:
    text = "hot room, g acting in the negative z direction, magnitude 9.78 m/s2"
    assert "negative z" in gravity_words(text, text.index("9.78"))
    assert gravity_words("inlet 5 m/s in x. wall 300 k", 20) == ""


@needs_tutorials
@pytest.mark.parametrize("text, vector", [
    ("dam break with gravity along -x (9.81 m/s2)", "(-9.81 0 0)"),
    ("dam break, -9.8 g in z", "(0 0 -9.8)"),
    ("dam break, g=(0 -3.71 0) m/s2", "(0 -3.71 0)"),
])
def test_gravity_written_to_constant_g(text: str, vector: str) -> None:
    edits, refused = edits_of(DAMBREAK, "interFoam", text)
    assert edits[("constant/g", ("value",))] == vector
    assert not refused
