"""Stated values bound to setFields regions, named patches, named entries and symbols;
two values for one entry refused instead of one overwriting the other."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all, edge_angles_deg
from tasks.plan.regions import DEFAULT, read_set_fields, set_default, set_region, target_for
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")

SET_FIELDS = """
defaultFieldValues ( volScalarFieldValue T 300 volScalarFieldValue p 1e5 );
regions
(
    boxToCell
    {
        box (0 -1 -1) (5 1 1);
        fieldValues ( volScalarFieldValue T 280 volScalarFieldValue p 1e4 );
    }
    sphereToCell
    {
        origin (-2 0 0);
        radius 0.5;
        fieldValues ( volScalarFieldValue alpha.gas 1 );
    }
);
"""
BOUNDS = [(-5.0, 5.0), (-1.0, 1.0), (-1.0, 1.0)]


@pytest.mark.parametrize(
    "words,field,target",
    [
        ("the right half at", "p", 0),            # the box lies at x > 0
        ("x > 0 at", "T", 0),
        ("the left end at", "p", DEFAULT),        # the sphere on the left sets no p
        ("the high-pressure side at", "T", DEFAULT),   # default p 1e5 > region p 1e4
        ("the low pressure gas at", "p", 0),
        ("the rest of the domain at", "p", DEFAULT),
        ("the bubble at", "alpha.gas", 1),
        ("somewhere at", "p", None),
    ],
)
def test_words_name_a_part_of_the_domain(words, field, target):
    sf = read_set_fields(SET_FIELDS)
    assert target_for(words, field, sf, BOUNDS) == target


def test_setting_a_field_keeps_the_others_and_adds_a_missing_one():
    sf = read_set_fields(SET_FIELDS)
    assert sf.default == {"T": "300", "p": "1e5"} and sf.regions[1].centre == [-2.0, 0.0, 0.0]
    regions = set_region(SET_FIELDS[SET_FIELDS.index("(\n    boxToCell"):SET_FIELDS.rindex(")") + 1], 1, "T", "900")
    again = read_set_fields(f"defaultFieldValues ( volScalarFieldValue T 300 );\nregions {regions};\n")
    assert again.regions[1].values == {"alpha.gas": "1", "T": "900"} and again.regions[0].values["T"] == "280"
    assert "volScalarFieldValue T 400" in set_default("( volScalarFieldValue T 300 )", "T", "400")


@needs_tutorials
@pytest.mark.parametrize(
    "text,want",
    [
        ("left side 3 bar and 500 K, right side 0.3 bar and 250 K",
         {"defaultFieldValues": ["p 300000", "T 500"], "regions": ["p 30000", "T 250"]}),
        ("the driver gas is at 400 kPa; the driven gas at 50 kPa",
         {"defaultFieldValues": ["p 400000"], "regions": ["p 50000"]}),
    ],
)
def test_shock_tube_sides_go_to_set_fields(text, want):
    stated = read_stated(text)
    binder = bind_all(TUTORIALS / "compressible/sonicFoam/laminar/shockTube", "sonicFoam", text, stated)
    assert not binder.not_applied
    last = {}
    for e in binder.edits:
        last[e.entry[0]] = " ".join(str(e.value).split())
    for key, values in want.items():
        for v in values:
            field, number = v.split()
            assert f"volScalarFieldValue {field} {number}" in last[key]


@needs_tutorials
def test_a_bubble_state_goes_to_the_sphere_region():
    text = "gas pocket (a bubble) at 30 bar and 700 K"
    binder = bind_all(TUTORIALS / "multiphase/compressibleInterFoam/laminar/depthCharge2D", "compressibleInterFoam",
                      text, read_stated(text))
    sf = read_set_fields("regions " + [e.value for e in binder.edits if e.entry == ["regions"]][-1] + ";")
    assert sf.regions[0].values["p"] == "3000000" and sf.regions[0].values["p_rgh"] == "3000000"
    assert sf.regions[0].values["T"] == "700"


@needs_tutorials
def test_two_values_for_one_entry_are_refused_not_overwritten():
    text = "initial pressure 2 bar, and also an initial pressure of 3 bar"
    binder = bind_all(TUTORIALS / "compressible/rhoPimpleFoam/laminar/shockTube", "rhoPimpleFoam", text,
                      read_stated(text)) if (TUTORIALS / "compressible/rhoPimpleFoam/laminar/shockTube").is_dir() \
        else bind_all(TUTORIALS / "compressible/rhoPimpleFoam/RAS/cavity", "rhoPimpleFoam", text, read_stated(text))
    # (a gas in Pa: forwardStep's normalised gas, p = 1, now refuses any pressure in Pa)
    targets = {(b.file, tuple(b.entry), b.value) for b in binder.bindings}
    assert len({(f, e) for f, e, _ in targets}) == len(targets)  # one value per entry
    assert binder.not_applied and "already" in binder.not_applied[0].reason


@needs_tutorials
def test_a_named_patch_takes_the_temperature_whatever_the_role_words():
    text = "the heater at 450 K, the floor beside the heater held at 285 K"
    binder = bind_all(TUTORIALS / "heatTransfer/buoyantPimpleFoam/hotRoom", "buoyantPimpleFoam", text,
                      read_stated(text))
    floor = [b for b in binder.bindings if b.entry == ["boundaryField", "floor", "value"]]
    assert floor and floor[0].value == "uniform 285"
    assert any("T 450" in b.value for b in binder.bindings if b.file == "system/setFieldsDict")


@needs_tutorials
@pytest.mark.parametrize(
    "base,text,rel,entry,value",
    [
        ("financial/financialFoam/europeanCall", "r 4 %", "constant/financialProperties", ["r"], "0.04"),
        ("incompressible/pisoFoam/laminar/porousBlockage", "D = 2e3 m^-2", "constant/fvOptions",
         ["porosity1", "explicitPorositySourceCoeffs", "D"], "2000"),
        ("stressAnalysis/solidDisplacementFoam/plateHole", "a Young's modulus of 110 GPa",
         "constant/mechanicalProperties", ["E", "value"], "110000000000"),
        ("basic/scalarTransportFoam/pitzDaily", "the diffusivity should be 0.003 m^2/s",
         "constant/transportProperties", ["DT"], "0.003"),
    ],
)
def test_entries_set_by_name_or_symbol(base, text, rel, entry, value):
    binder = bind_all(TUTORIALS / base, "x", text, read_stated(text))
    assert any(b.file == rel and b.entry == entry and float(b.value.split()[-1]) == float(value)
               for b in binder.bindings), \
        binder.bindings


@needs_tutorials
def test_a_normalised_gas_makes_the_inlet_velocity_the_mach_number():
    text = "inflow M = 2.25, run until t = 1.5"
    stated = read_stated(text)
    assert [(q.role, q.value) for q in stated] == [("mach", 2.25), ("end_time", 1.5)]
    binder = bind_all(TUTORIALS / "compressible/rhoCentralFoam/forwardStep", "rhoCentralFoam", text, stated)
    assert any(b.value == "uniform (2.25 0 0)" for b in binder.bindings)


def test_old_values_after_instead_of_are_not_stated():
    assert [q.value for q in read_stated("at Mach 1.5 instead of Mach 3")] == [1.5]


@needs_tutorials
def test_a_shape_angle_is_the_base_mesh_edge_not_an_angle_of_attack():
    stated = read_stated("flow over a 15 degree wedge at 30 m/s")
    assert [q.role for q in stated] == ["wall_angle", "inlet_velocity"]
    mesh = (TUTORIALS / "compressible/rhoCentralFoam/wedge15Ma5/system/blockMeshDict").read_text()
    assert any(abs(a - 15) < 0.5 for a in edge_angles_deg(mesh))
    assert [q.role for q in read_stated("freestream 30 m/s at 5 deg angle of attack")] == ["inlet_velocity", "angle"]


@pytest.mark.parametrize(
    "words,value,initial",
    [
        ("the gas initially at 410 k", "410 k", True),
        ("starting from 12 degc everywhere", "12 degc", True),
        ("the heater at 350 k and the gas initially at 300 k", "350 k", False),  # "initially" is another value's
        ("the left half at 3 bar", "3 bar", False),
    ],
)
def test_initial_words_before_a_value_name_the_initial_state(words, value, initial):
    from tasks.plan.regions import said_initial

    assert said_initial(words, value) is initial


@needs_tutorials
def test_a_depth_along_the_one_cell_direction_of_a_2d_mesh_does_not_size_the_box():
    text = "Dam break in a 2D tank of 0.8 m depth: a water column 0.12 m wide and 0.3 m high."
    binder = bind_all(TUTORIALS / "multiphase/interFoam/laminar/damBreak/damBreak", "interFoam", text, read_stated(text))
    box = next(b.value for b in binder.bindings if b.file == "system/setFieldsDict")
    lo, hi = box.removeprefix("box ").split(") (")
    assert float(hi.strip(")").split()[2]) - float(lo.strip("(").split()[2]) != pytest.approx(0.8)
    assert float(hi.strip(")").split()[1]) - float(lo.strip("(").split()[1]) == pytest.approx(0.3)
