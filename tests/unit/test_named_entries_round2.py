"""Values named by an entry's name or words, second round: numeric controls of controlDict and
fvSolution ("maxAlphaCo 0.5", "two alpha sub-cycles", a solver dictionary under a regex key),
a Mach number or speed on a far-field inlet whose key is a regex and whose velocity is a macro,
and model parameters tutorials keep under symbols (Su, SOI, massTotal, youngsModulus)."""

from __future__ import annotations

import pytest

from tasks.foam import dictionary as fd
from tasks.plan.bind import bind_all
from tasks.plan.bind_inlets import field_patches
from tasks.plan.controls import named_controls, solver_controls, spoken_control
from tasks.plan.extract import normalise
from tasks.plan.named import _value_after, aliases
from tasks.plan.stated import read_stated
from tests.conftest import TUTORIALS

needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")

_NAMES = frozenset({"maxAlphaCo", "nAlphaSubCycles", "nAlphaCorr", "maxDeltaT", "cAlpha", "nCellsInCoarsestLevel",
                    "minIter", "maxIter", "nCorrectors", "nCorr"})


# Class: a control named by its exact name or its spoken words, the number after or before it.
@pytest.mark.parametrize("text, key, value", [
    ("limit maxAlphaCo to 0.25", "maxAlphaCo", 0.25),
    ("the maximum alpha Courant number should be 0.4", "maxAlphaCo", 0.4),
    ("interface Courant number 0.3", "maxAlphaCo", 0.3),
    ("3 alpha sub-cycles", "nAlphaSubCycles", 3),
    ("alpha subcycles: 4", "nAlphaSubCycles", 4),
    ("number of alpha correctors = 2", "nAlphaCorr", 2),
    ("nAlphaCorr 3", "nAlphaCorr", 3),
    ("cap the max delta T at 0.02", "maxDeltaT", 0.02),
    ("a maximum time step of 20 ms", "maxDeltaT", 0.02),
    ("interface compression coefficient 0.8", "cAlpha", 0.8),
    ("GAMG with nCellsInCoarsestLevel 50", "nCellsInCoarsestLevel", 50),
    ("minIter 2 for the pressure", "minIter", 2),
    ("nCorrectors 2", "nCorrectors", 2),
])
def test_a_named_control_is_read(text, key, value):
    found = [c for c in solver_controls(normalise(text), _NAMES) if c.key == key]
    assert found and found[0].value == pytest.approx(value), (text, [(c.key, c.value) for c in solver_controls(text)])


# Class: words that are not the control: a run length, another name's exact spelling, no number.
@pytest.mark.parametrize("text, key", [
    ("run at most 500 iterations", "maxIter"),
    ("maximum 300 iterations", "maxIter"),
    ("nCorrectors 2", "nCorr"),
    ("a strong interface compression", "cAlpha"),
    ("alpha sub-cycling is on", "nAlphaSubCycles"),
])
def test_words_that_are_not_the_control_are_not_read(text, key):
    assert not [c for c in solver_controls(normalise(text), _NAMES) if c.key == key]


@pytest.mark.parametrize("name, said, not_said", [
    ("nAlphaSubCycles", "alpha sub-cycles", "nalphasubcycles"),
    ("maxAlphaCo", "maximum alpha courant number", "maxalphaco"),
    ("nCorr", "n correctors", "ncorrectors"),
])
def test_a_spoken_control_is_its_words_apart(name, said, not_said):
    import re

    pattern = spoken_control(name)
    assert pattern and re.fullmatch(pattern, said)
    assert not re.fullmatch(pattern, not_said)


@pytest.mark.parametrize("name", ["maxIter", "minIter", "pRefCell", "cAlpha".lower()])
def test_exact_only_names_have_no_spoken_form(name):
    assert spoken_control(name) is None


def test_named_controls_give_the_number_position():
    text = "set 2 alpha subcycles and maxAlphaCo 0.5"
    got = {n: (v, words, text[at:at + len(raw)]) for n, v, words, _, raw, at in named_controls(text, _NAMES)}
    assert got == {"nAlphaSubCycles": (2.0, "2 alpha subcycles", "2"), "maxAlphaCo": (0.5, "maxAlphaCo 0.5", "0.5")}


# Class: a named control is bound where the base keeps it: controlDict, every solver of a regex key.
@needs_tutorials
@pytest.mark.parametrize("case, solver, text, file, entry, value", [
    ("multiphase/interFoam/laminar/damBreak/damBreak", "interFoam", "damBreak: maxAlphaCo 0.5",
     "system/controlDict", ["maxAlphaCo"], "0.5"),
    ("multiphase/interFoam/laminar/damBreak/damBreak", "interFoam", "damBreak with 3 alpha sub-cycles",
     "system/fvSolution", ["solvers", '"alpha.water.*"', "nAlphaSubCycles"], "3"),
    ("multiphase/interFoam/laminar/damBreak/damBreak", "interFoam", "damBreak, alpha correctors 2",
     "system/fvSolution", ["solvers", '"alpha.water.*"', "nAlphaCorr"], "2"),
    ("multiphase/interFoam/laminar/damBreak/damBreak", "interFoam", "damBreak, largest time step 0.05 s",
     "system/controlDict", ["maxDeltaT"], "0.05"),
    ("multiphase/interFoam/laminar/damBreak/damBreak", "interFoam", "damBreak, cAlpha 0.5",
     "system/fvSolution", ["solvers", '"alpha.water.*"', "cAlpha"], "0.5"),
])
def test_a_named_control_is_set_where_the_base_keeps_it(case, solver, text, file, entry, value):
    stated = read_stated(text)
    binder = bind_all(TUTORIALS / case, solver, text, stated)
    assert not binder.not_applied, binder.not_applied
    key = "/".join(fd.unquote(e) for e in entry)
    set_here = [e for e in binder.edits if e.file == file and "/".join(fd.unquote(x) for x in e.entry) == key]
    assert set_here and str(set_here[-1].value) == value, [(e.file, e.entry, e.value) for e in binder.edits]


@needs_tutorials
def test_a_control_the_base_does_not_read_is_not_applied():
    text = "lid-driven cavity with maxAlphaCo 0.4"
    binder = bind_all(TUTORIALS / "incompressible/icoFoam/cavity/cavity", "icoFoam", text, read_stated(text))
    assert [n.text for n in binder.not_applied] == ["maxAlphaCo 0.4"]
    assert not [e for e in binder.edits if e.entry[-1] == "maxAlphaCo"]


@needs_tutorials
def test_a_spoken_courant_of_the_interface_is_not_also_the_flow_courant():
    text = "damBreak, maximum alpha Courant number of 0.3"
    binder = bind_all(TUTORIALS / "multiphase/interFoam/laminar/damBreak/damBreak", "interFoam", text,
                      read_stated(text))
    assert [(e.entry, e.value) for e in binder.edits if e.file == "system/controlDict"] == [(["maxAlphaCo"], "0.3")]


# Class: a far-field inlet under a regex key or another name than the mesh's inlet, velocity a macro.
def test_field_patches_resolve_regex_keys_and_far_fields():
    u = ('boundaryField { "inlet.*" { type supersonicFreestream; UInf $flowVelocity; } wall { type noSlip; } '
         'freestream { type freestreamVelocity; freestreamValue uniform $U0; } }')
    assert field_patches(u, ["inlet1"]) == ["inlet.*"]
    assert field_patches(u, ["wall"]) == ["wall"]
    far = 'boundaryField { freestream { type freestreamVelocity; freestreamValue uniform $U0; } wall { type noSlip; } }'
    assert field_patches(far, ["inlet"]) == ["freestream"]


@needs_tutorials
@pytest.mark.parametrize("case, solver, text, file, entry, speed", [
    ("compressible/sonicFoam/RAS/nacaAirfoil", "sonicFoam", "transonic aerofoil at a Mach number of 0.7",
     "0/include/initialConditions", ["flowVelocity"], 0.7 * 347.2),
    ("compressible/sonicFoam/RAS/nacaAirfoil", "sonicFoam", "aerofoil, free-stream speed 300 m/s",
     "0/include/initialConditions", ["flowVelocity"], 300.0),
    ("compressible/rhoSimpleFoam/aerofoilNACA0012", "rhoSimpleFoam", "NACA 0012 at Ma 0.5",
     "0/U", ["Uinlet"], None),
])
def test_a_far_field_speed_goes_to_its_macro_keeping_the_direction(case, solver, text, file, entry, speed):
    from tasks.plan.foam_values import direction, magnitude

    binder = bind_all(TUTORIALS / case, solver, text, read_stated(text))
    assert not binder.not_applied, binder.not_applied
    edits = [e for e in binder.edits if e.file == file and e.entry == entry]
    assert edits, [(e.file, e.entry) for e in binder.edits]
    old = fd.get(binder.base.text(file) or "", entry) or ""
    assert direction(str(edits[-1].value)) == pytest.approx(direction(old), abs=1e-6)
    if speed is not None:
        assert magnitude(str(edits[-1].value)) == pytest.approx(speed, rel=5e-3)


# Class: model parameters tutorials keep under symbols, named in words.
@pytest.mark.parametrize("phrase, name", [
    ("laminar flame speed", "Su"), ("laminar burning velocity", "Su"), ("start of injection", "SOI"),
    ("total injected mass", "massTotal"), ("parcels per second", "parcelsPerSecond"),
    ("coefficient of restitution", "e"), ("young's modulus", "youngsModulus"), ("poisson's ratio", "poissonsRatio"),
])
def test_an_alias_names_the_symbol(phrase, name):
    assert name in aliases()[phrase]


def test_poissons_ratio_prefers_the_particle_entry_over_a_viscosity_nu():
    assert aliases()["poisson's ratio"].index("poissonsRatio") < aliases()["poisson's ratio"].index("nu")


@pytest.mark.parametrize("text, value", [("m 5 mg", 5e-6), ("m 2 g", 2e-3), ("m 0.1 kg", 0.1), ("m 3 grams", 3e-3)])
def test_a_mass_after_a_name_is_in_kilograms(text, value):
    got = _value_after(text, 1)
    assert got is not None and got[0] == pytest.approx(value)


@needs_tutorials
@pytest.mark.parametrize("case, solver, text, file, key, value", [
    ("combustion/XiFoam/RAS/moriyoshiHomogeneous", "XiFoam", "premixed flame, laminar burning velocity 0.38 m/s",
     "constant/combustionProperties", "Su", 0.38),
    ("lagrangian/sprayFoam/aachenBomb", "sprayFoam", "spray bomb, total mass injected 2 mg",
     "constant/sprayCloudProperties", "massTotal", 2e-6),
])
def test_a_symbol_named_in_words_is_set(case, solver, text, file, key, value):
    import re

    binder = bind_all(TUTORIALS / case, solver, text, read_stated(text))
    edits = [e for e in binder.edits if e.file == file and e.entry[-1] == key]
    assert edits, [(e.file, e.entry, e.value) for e in binder.edits]
    number = re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$", str(edits[-1].value).strip())
    assert number and float(number[0]) == pytest.approx(value)
