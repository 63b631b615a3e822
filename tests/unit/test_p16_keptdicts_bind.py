"""Values a tutorial keeps outside 0/: a porous baffle's coefficients in createBafflesDict (the
dictionary createBaffles writes the baffle from, and 0/ agreeing), caseProperties' lid velocity
of createZeroDirectory, fvOptions sources (a fixedCoeff zone's alpha/beta, the temperature a
zone is held at, a meanVelocityForce's Ubar) and switches kept in sub-dictionaries (TDAC's
reduction and tabulation). A switch or coefficient the base lacks is not applied, with what it
has; nothing is dropped."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tasks.plan.bind import bind_all
from tasks.plan.bind_kept_preprocessing import (
    baffle_values,
    group_velocities,
    made_patches,
    overwriting_places,
    steps_run,
)
from tasks.plan.bind_kept_sources import (
    clause_around,
    component_said,
    global_axis_said,
    local_component,
    with_component,
    zone_axes,
)
from tasks.plan.bind_kept_switches import KeptSwitch, kept_switches, spoken_names, switches_named
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
BAFFLE = "multiphase/interFoam/RAS/damBreakPorousBaffle"
ZERO = "preProcessing/createZeroDirectory/cavity"
GRI_TDAC = "combustion/reactingFoam/laminar/counterFlowFlame2D_GRI_TDAC"
FIXED_COEFF = "compressible/rhoSimpleFoam/angledDuctExplicitFixedCoeff"
BAFFLE_D = "baffles/cyclicFaces/patches/master/patchFields/p_rgh/D"
BAFFLE_I = "baffles/cyclicFaces/patches/master/patchFields/p_rgh/I"
REACTION = "reduction/active"
TABULATION = "tabulation/active"
ALPHA = "porosity/explicitPorositySourceCoeffs/fixedCoeffCoeffs/alpha"
BETA = "porosity/explicitPorositySourceCoeffs/fixedCoeffCoeffs/beta"


def _bind(base: str, solver: str, text: str):
    stated = read_stated(text)
    return bind_all(TUTORIALS / base, solver, text, stated)


def _written(binder) -> dict[tuple[str, str], str]:
    return {(b.file, "/".join(b.entry)): b.value for b in binder.bindings}


# (base, solver, request, {(file, entry): value}) -- terse, verbose, other units / word order
PROBES = [
    (BAFFLE, "interFoam", "damBreakPorousBaffle: porous baffle with D 2000 and I 800",
     {("system/createBafflesDict", BAFFLE_D): "2000", ("system/createBafflesDict", BAFFLE_I): "800",
      ("0/p_rgh", "boundaryField/porous_half0/D"): "2000", ("0/p_rgh", "boundaryField/porous_half1/I"): "800"}),
    (BAFFLE, "interFoam", "Dam break with a porous baffle whose Darcy coefficient is 2000 1/m2 and inertial "
                          "coefficient 800 1/m",
     {("system/createBafflesDict", BAFFLE_D): "2000", ("system/createBafflesDict", BAFFLE_I): "800"}),
    (BAFFLE, "interFoam", "I would like to simulate the dam break through a porous plate; please use a "
                          "Darcy-Forchheimer resistance of D = 1500 and I = 400 for the baffle",
     {("system/createBafflesDict", BAFFLE_D): "1500", ("system/createBafflesDict", BAFFLE_I): "400"}),
    (ZERO, "icoFoam", "createZeroDirectory cavity with the lid at 3 m/s",
     {("system/caseProperties", "boundaryConditions/topWall/values/U"): "uniform (3 0 0)"}),
    (ZERO, "icoFoam", "Lid-driven cavity, lid velocity 2.5 m/s, viscosity 0.01 m2/s",
     {("system/caseProperties", "boundaryConditions/topWall/values/U"): "uniform (2.5 0 0)",
      ("constant/transportProperties", "nu"): "0.01"}),
    (ZERO, "icoFoam", "cavity whose moving wall slides at 300 cm/s",
     {("system/caseProperties", "boundaryConditions/topWall/values/U"): "uniform (3 0 0)"}),
    (GRI_TDAC, "reactingFoam", "counterFlowFlame2D_GRI_TDAC laminar flame, switch ISAT off",
     {("constant/chemistryProperties", TABULATION): "off"}),
    (GRI_TDAC, "reactingFoam", "GRI counter flow flame without TDAC",
     {("constant/chemistryProperties", REACTION): "off", ("constant/chemistryProperties", TABULATION): "off"}),
    (GRI_TDAC, "reactingFoam", "counter-flow flame, please disable the mechanism reduction but keep tabulation",
     {("constant/chemistryProperties", REACTION): "off"}),
    ("combustion/reactingFoam/RAS/DLR_A_LTS", "reactingFoam",
     "DLR jet flame, turn mechanism reduction off, keep tabulation on", {("constant/chemistryProperties", REACTION): "off"}),
    ("combustion/reactingFoam/RAS/SandiaD_LTS", "reactingFoam", "SandiaD flame: in-situ adaptive tabulation off please",
     {("constant/chemistryProperties", TABULATION): "off"}),
    ("combustion/chemFoam/ic8h18_TDAC", "chemFoam", "iso-octane ignition with TDAC off",
     {("constant/chemistryProperties", REACTION): "off"}),
    (FIXED_COEFF, "rhoSimpleFoam", "angledDuctExplicitFixedCoeff, porous zone held at 400 K, fixedCoeff alpha 600 "
                                   "along the duct",
     {("constant/fvOptions", ALPHA): "(600 -1000 -1000)", ("constant/fvOptions", "fixedTemperature/temperature"): "400"}),
    (FIXED_COEFF, "rhoSimpleFoam", "the porous zone is kept at 100 degC",
     {("constant/fvOptions", "fixedTemperature/temperature"): "373.15"}),
    (FIXED_COEFF, "rhoSimpleFoam", "Fix the temperature of the porous region to 80 C and use alpha 700 and beta 2 "
                                   "along the duct axis",
     {("constant/fvOptions", ALPHA): "(700 -1000 -1000)", ("constant/fvOptions", BETA): "(2 0 0)",
      ("constant/fvOptions", "fixedTemperature/temperature"): "353.15"}),
    (FIXED_COEFF, "rhoSimpleFoam", "porous resistance alpha 800 in every direction",
     {("constant/fvOptions", ALPHA): "(800 800 800)"}),
    ("incompressible/pimpleFoam/LES/channel395", "pimpleFoam", "channel flow driven at a mean velocity of 0.15 m/s",
     {("constant/fvOptions", "momentumSource/Ubar"): "(0.15 0 0)"}),
    ("incompressible/pimpleFoam/LES/periodicHill/transient", "pimpleFoam", "periodic hill, bulk-averaged speed 1.2 m/s",
     {("system/fvOptions", "momentumSource/Ubar"): "(1.2 0 0)"}),
    ("incompressible/porousSimpleFoam/straightDuctImplicit", "porousSimpleFoam",
     "straight duct, Darcy coefficient 5e7 1/m2 in x", {("constant/porosityProperties", "porosity1/d"): "(50000000 -1000 -1000)"}),
    ("incompressible/porousSimpleFoam/straightDuctImplicit", "porousSimpleFoam",
     "straight duct porous zone: darcy 4e7 1/m2 in y", {("constant/porosityProperties", "porosity1/d"): "(50000000 40000000 -1000)"}),
    ("compressible/rhoPimpleFoam/RAS/angledDuct", "rhoPimpleFoam", "angledDuct, Darcy 2e6 1/m2 in the z direction",
     {("constant/fvOptions", "porosity1/explicitPorositySourceCoeffs/d"): "(700000 -1000 2000000)"}),
    ("lagrangian/coalChemistryFoam/simplifiedSiwek", "coalChemistryFoam",
     "coal combustion with the ignition zone held at 1800 K", {("constant/fvOptions", "source1/temperature"): "1800"}),
]


@pytest.mark.parametrize("base, solver, text, expected", PROBES)
def test_a_kept_value_is_written_where_the_run_takes_it(base, solver, text, expected):
    binder = _bind(base, solver, text)
    written = _written(binder)
    for place, value in expected.items():
        assert written.get(place) == value, (place, written, binder.not_applied)
        rel, entry = place
        edits = [e for e in binder.edits if e.file == rel and "/".join(e.entry) == entry]
        assert edits and edits[-1].value == value  # the edit the writer makes, not only the record
    assert not [n for n in binder.not_applied if any(n.text == b.stated for b in binder.bindings)]


# (base, solver, request, stated text refused, words the reason has)
REFUSED = [
    ("combustion/reactingFoam/laminar/counterFlowFlame2D_GRI", "reactingFoam", "counter flow flame GRI with TDAC",
     "with tdac", "chemistry"),
    ("combustion/reactingFoam/laminar/counterFlowFlame2D_GRI", "reactingFoam", "counter flow flame, turn ISAT on",
     "isat on", "switches"),
    ("combustion/chemFoam/ic8h18_TDAC", "chemFoam", "ic8h18 with ISAT tabulation turned on", "with isat", "reduction"),
    ("incompressible/porousSimpleFoam/straightDuctImplicit", "porousSimpleFoam",
     "porous resistance alpha 800 along the duct", "alpha 800", "DarcyForchheimer"),
    ("compressible/rhoPimpleFoam/RAS/angledDuct", "rhoPimpleFoam",
     "angled duct with a linear porous resistance alpha of 900 1/s along the duct", "900 1/s", "fixedCoeff"),
    # the duct is turned 45 degrees: x is no axis of its porous zone
    ("compressible/rhoPimpleFoam/RAS/angledDuct", "rhoPimpleFoam",
     "porous block with Darcy coefficient 3e5 m^-2 in x and forchheimer 0 everywhere", "3e5 m^-2", "no axis"),
    (FIXED_COEFF, "rhoSimpleFoam", "fixedCoeff alpha 600 in x", "alpha 600", "no axis"),
]


@pytest.mark.parametrize("base, solver, text, said, reason", REFUSED)
def test_what_the_base_lacks_is_not_applied_with_what_it_has(base, solver, text, said, reason):
    binder = _bind(base, solver, text)
    reasons = {n.text: n.reason for n in binder.not_applied}
    assert reason in reasons.get(said, ""), (reasons, binder.bindings)
    assert not [b for b in binder.bindings if b.stated == said]


def test_alpha_of_a_phase_is_no_porous_coefficient():
    binder = _bind("multiphase/interFoam/RAS/angledDuct", "interFoam", "angled duct with water, alpha 1 at the inlet")
    assert not [n for n in binder.not_applied if "fixedCoeff" in n.reason]


def test_a_baffle_dictionary_the_allrun_does_not_run_is_left_alone():
    binder = _bind(BAFFLE, "interFoam", "porous baffle with D 2000 and I 800")
    assert not [e for e in binder.edits if e.file == "system/changeDictionaryDict"]


@pytest.mark.parametrize("base, solver, text, rel", [
    (GRI_TDAC, "reactingFoam", "GRI counter flow flame without TDAC", "constant/chemistryProperties"),
    (BAFFLE, "interFoam", "porous baffle with D 2000 and I 800", "system/createBafflesDict"),
    (ZERO, "icoFoam", "cavity lid at 3 m/s", "system/caseProperties"),
])
def test_the_edited_dictionaries_parse_back(base, solver, text, rel):
    binder = _bind(base, solver, text)
    body = (TUTORIALS / base / rel).read_text()
    before = fd.parse_error(body)  # createBafflesDict's `${...master.patchFields}` is beyond the parser
    edits = [e for e in binder.edits if e.file == rel]
    for e in edits:
        body = fd.set_entry(body, e.entry, e.value)
    assert edits and fd.parse_error(body) == before
    for e in edits:
        assert " ".join((fd.get(body, e.entry) or "").split()) == e.value


# pure readers ---------------------------------------------------------------------------------------------

CHEMISTRY = """
chemistryType { solver ode; method TDAC; }
chemistry on;
reduction { active on; method DAC; }
tabulation { active on; method ISAT; }
"""


def test_kept_switches_are_named_by_their_dictionary_and_method():
    found = {s.entry: s.names for s in kept_switches("constant/chemistryProperties", CHEMISTRY)}
    assert found[("tabulation", "active")] >= {"tabulation", "isat"}
    assert found[("reduction", "active")] >= {"reduction", "dac"}
    assert ("chemistry",) not in found


@pytest.mark.parametrize("name, labels", [
    ("ISAT", ["tabulation"]), ("tdac", ["reduction", "tabulation"]), ("mechanism reduction", ["reduction"]),
    ("in situ adaptive tabulation", ["tabulation"]), ("radiation", []),
])
def test_a_switch_is_found_by_its_names_and_aliases(name, labels):
    switches = kept_switches("constant/chemistryProperties", CHEMISTRY)
    assert sorted(s.label for s in switches_named(name, switches)) == labels


def test_a_kept_switch_label():
    assert KeptSwitch("f", ("porosity", "explicitPorositySourceCoeffs", "active"), "yes",
                      frozenset()).label == "porosity/explicitPorositySourceCoeffs"


@pytest.mark.parametrize("script, steps", [
    ("runApplication blockMesh\nrunApplication createBaffles -overwrite\n", {"createBaffles"}),
    ("runApplication createZeroDirectory\n", {"createZeroDirectory"}),
    ("for r in a b\ndo\n    changeDictionary -region $r > log.x\ndone\n", {"changeDictionary"}),
    ("# runApplication createBaffles\nrunApplication icoFoam\n", set()),
])
def test_the_pre_processing_steps_an_allrun_runs(script, steps):
    assert steps_run([script]) == steps


def test_baffle_values_and_made_patches():
    text = (TUTORIALS / BAFFLE / "system/createBafflesDict").read_text()
    assert {(v.name, v.patch) for v in baffle_values(text)} >= {("D", "porous_half0"), ("I", "porous_half0")}
    assert made_patches(text) == {"porous_half0", "porous_half1"}


def test_group_velocities():
    text = (TUTORIALS / ZERO / "system/caseProperties").read_text()
    assert group_velocities(text, "moving") == [("boundaryConditions", "topWall", "values", "U")]
    assert group_velocities(text, "inlet") == []


@pytest.mark.parametrize("words, component", [
    ("alpha 600 along the duct", 0), ("alpha 600 in every direction", None), ("beta 2 along e2", 1),
    ("isotropic alpha 5", None),
])
def test_the_component_a_scalar_goes_to(words, component):
    assert component_said(words) == component


@pytest.mark.parametrize("raw, value, component, new", [
    ("(500 -1000 -1000)", 600, 0, "(600 -1000 -1000)"), ("(0 0 0)", 2, None, "(2 2 2)"),
    ("(1 2 3)", 9, 2, "(1 2 9)"),
])
def test_a_porous_vector_with_one_component_set(raw, value, component, new):
    assert with_component(raw, value, component) == new


@pytest.mark.parametrize("words, axis", [
    ("darcy 5e7 in x", 0), ("in the y-direction", 1), ("the z component", 2), ("along the duct", None), ("x 0.5", None),
])
def test_a_global_axis_said(words, axis):
    assert global_axis_said(words) == axis


def test_the_local_axis_along_a_global_one():
    turned = "p { d (1 2 3); coordinateSystem { e1 (0.70710678 0.70710678 0); e3 (0 0 1); } }"
    axes = zone_axes(turned, ("p", "d"))
    assert local_component(axes, 0) is None and local_component(axes, 2) == 2
    assert local_component(zone_axes("p { d (1 2 3); }", ("p", "d")), 1) == 1


def test_the_clause_around_a_value():
    low = "darcy 3e5 m^-2 in x and forchheimer 0 everywhere"
    assert "in x" not in clause_around(low, low.index("0 every"))
    assert "in x" in clause_around(low, low.index("3e5"))


def test_where_a_pre_processing_step_writes_over_a_patch_value():
    changes = "T { boundaryField { hot { type fixedValue; value uniform 300; } } }"
    baffles = (TUTORIALS / BAFFLE / "system/createBafflesDict").read_text()
    assert overwriting_places("", changes, "T", "hot", "value") == [
        ("system/changeDictionaryDict", ["T", "boundaryField", "hot", "value"])]
    assert overwriting_places(baffles, "", "p_rgh", "porous_half0", "D") == [
        ("system/createBafflesDict", ["baffles", "cyclicFaces", "patches", "master", "patchFields", "p_rgh", "D"])]
    assert overwriting_places(baffles, changes, "U", "porous_half0", "value") == []


def test_a_solver_name_is_no_switch_statement():
    binder = _bind("combustion/reactingFoam/laminar/counterFlowFlame2D", "reactingFoam",
                   "Please set up the counter flow flame with reactingFoam and run it")
    assert not binder.not_applied


def test_phrases_of_leaf_switches_are_left_to_the_controls_reader():
    names = spoken_names([], frozenset({"rotating", "chemistry", "radiation", "tdac"}))
    assert "isat" in names and "mechanism reduction" in names
    assert not {"coriolis force", "reactions", "thermal radiation"} & names
