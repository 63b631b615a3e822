"""Session 8, helper fields2: (1) a porous zone's d / f vectors named by symbol or meaning,
(2) the fill level / size of a setFields box along the axes the base's gravity fixes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tasks.plan.bind import bind_all
from tasks.plan.extract import normalise
from tasks.plan.named import PorousValue, find_porous_values, porous_vector
from tasks.plan.stated import read_stated

EX = Path("/usr/share/doc/openfoam-examples/examples")
STRAIGHT = EX / "incompressible/porousSimpleFoam/straightDuctImplicit"
BLOCKAGE = EX / "incompressible/pisoFoam/laminar/porousBlockage"
CAPILLARY = EX / "multiphase/interFoam/laminar/capillaryRise"
OBSTACLE = EX / "multiphase/interIsoFoam/damBreakWithObstacle"
ISO_DAM = EX / "multiphase/interIsoFoam/damBreak"
needs = pytest.mark.skipif(not EX.is_dir(), reason="openfoam-examples not installed")


@pytest.mark.parametrize("text, key, vector, value, component", [
    ("porous block with d = (3e7 -500 -500)", "d", [3e7, -500, -500], None, 0),
    ("Viscous resistance: (1e6, 2e6, 2e6) per m^2.", "d", [1e6, 2e6, 2e6], None, 0),
    ("a Darcy coefficient of 4e9 1/m2 in the e2 direction", "d", None, 4e9, 1),
    ("isotropic Darcy resistance 3e6 m^-2", "d", None, 3e6, None),
    ("Forchheimer coefficient f = 12 along e1", "f", None, 12, 0),
    ("inertial loss factor 0.7 1/m in all directions", "f", None, 0.7, None),
])
def test_porous_values_are_read_by_symbol_or_meaning(text, key, vector, value, component):
    found = find_porous_values(normalise(text))
    assert len(found) == 1
    assert (found[0].key, found[0].vector, found[0].value, found[0].component) == (key, vector, value, component)


@pytest.mark.parametrize("text", ["a DarcyForchheimer zone, run 3 d", "d of 5, then 2 f", "the diameter d",
                                  "f: the friction factor, 0.02", "run 2 d 3 h"])
def test_no_porous_value_without_a_number_next_to_its_name(text):
    assert find_porous_values(normalise(text)) == []


@needs
def test_another_quantity_after_the_letter_d_is_not_the_darcy_coefficient():
    text = "straight duct, particles of d 50 micron"
    binder = bind_all(STRAIGHT, "porousSimpleFoam", text, read_stated(text))
    assert _entry(binder, "constant/porosityProperties", "d") is None
    assert [n.text for n in binder.not_applied] == ["50 micron"]


@pytest.mark.parametrize("old, stated, new", [
    ([5e7, -1000, -1000], PorousValue(key="d", value=1e8, raw="1e8", at=0), [1e8, -1000, -1000]),
    ([0, 0, 0], PorousValue(key="f", value=2, component=None, raw="2", at=0), [2, 2, 2]),
    ([1, 2, 3], PorousValue(key="d", vector=[4, 5, 6], raw="(4 5 6)", at=0), [4, 5, 6]),
    ([1, 2, 3], PorousValue(key="d", value=9, component=2, raw="9", at=0), [1, 2, 9]),
])
def test_porous_vector_keeps_the_components_not_stated(old, stated, new):
    assert porous_vector(old, stated) == new


def _entry(binder, rel: str, leaf: str) -> str | None:
    got = [e.value for e in binder.edits if e.file == rel and e.entry[-1] == leaf]
    return got[-1] if got else None


@needs
@pytest.mark.parametrize("text, leaf, expected", [
    ("straight duct, porousSimpleFoam, Darcy d 2e8 along e1", "d", "(200000000 -1000 -1000)"),
    ("porous duct: d = (7e7 -1000 -1000), steady", "d", "(70000000 -1000 -1000)"),
    ("straight duct with an inertial resistance of 3 per metre in the flow direction", "f", "(3 0 0)"),
    ("set the Forchheimer term f to (1, 0.5, 0.5)", "f", "(1 0.5 0.5)"),
])
def test_porosity_properties_vectors(text, leaf, expected):
    binder = bind_all(STRAIGHT, "porousSimpleFoam", text, read_stated(text))
    assert _entry(binder, "constant/porosityProperties", leaf) == expected
    assert not binder.not_applied


@needs
@pytest.mark.parametrize("text", ["porous blockage with Forchheimer f 4 in every direction",
                                  "blockage: isotropic inertial coefficient 4 1/m",
                                  "f = (4 4 4) for the porous zone"])
def test_fv_options_porosity_of_another_solver(text):
    binder = bind_all(BLOCKAGE, "pisoFoam", text, read_stated(text))
    assert _entry(binder, "constant/fvOptions", "f") == "(4 4 4)"


@needs
def test_a_porous_value_in_other_dimensions_is_refused():
    text = "straight duct, Darcy coefficient 1e8 m/s"
    binder = bind_all(STRAIGHT, "porousSimpleFoam", text, read_stated(text))
    assert _entry(binder, "constant/porosityProperties", "d") is None
    assert any("1/m2" in n.reason for n in binder.not_applied)


def _box(binder) -> list[float]:
    raw = _entry(binder, "system/setFieldsDict", "regions") or ""
    m = re.search(r"box\s*(\([^)]*\))\s*(\([^)]*\))", fd.strip_comments(raw))
    assert m, raw
    return [float(x) for g in m.groups() for x in g.strip("()").split()]


@needs
@pytest.mark.parametrize("base, solver, text, box", [
    (CAPILLARY, "interFoam", "capillary rise with the liquid filled up to 3 mm", [0, 0, -1, 1, 0.003, 1]),
    (CAPILLARY, "interFoam", "capillary channel, water initially 0.2 cm deep", [0, 0, -1, 1, 0.002, 1]),
    (CAPILLARY, "interFoam", "capillary rise: the initial level of the water is 4 mm", [0, 0, -1, 1, 0.004, 1]),
    (OBSTACLE, "interIsoFoam", "obstacle dam break, water block 30 cm high", [0, 0, 0, 0.6, 0.1875, 0.3]),
    (OBSTACLE, "interIsoFoam", "obstacle dam break with the water filled to a height of 0.5 m",
     [0, 0, 0, 0.6, 0.1875, 0.5]),
    (ISO_DAM, "interIsoFoam", "dam break, a water column 0.2 m wide and 0.4 m tall", None),
])
def test_fill_level_follows_gravity(base, solver, text, box):
    binder = bind_all(base, solver, text, read_stated(text))
    got = _box(binder)
    if box is None:  # the 2D tank: x from the base's corner, y up
        assert got[3] - got[0] == pytest.approx(0.2) and got[4] - got[1] == pytest.approx(0.4)
    else:
        assert got == pytest.approx(box)


HOT_ROOM = EX / "heatTransfer/buoyantSimpleFoam/hotRadiationRoom"
THERMOCOUPLE = EX / "heatTransfer/buoyantPimpleFoam/thermocoupleTestCase"
POOL_FIRE = EX / "combustion/fireFoam/LES/smallPoolFire2D"


@needs
@pytest.mark.parametrize("base, solver, text, rel", [
    (HOT_ROOM, "buoyantSimpleFoam", "hot room, absorptivity 0.2 1/m", "constant/radiationProperties"),
    (HOT_ROOM, "buoyantSimpleFoam", "the walls are grey with an emissivity of 0.7", "constant/boundaryRadiationProperties"),
    (HOT_ROOM, "buoyantSimpleFoam", "absorptivity 0.3 m^-1 for the air", "constant/radiationProperties"),
    (THERMOCOUPLE, "buoyantPimpleFoam", "thermocouple, absorptivity of 0.4 per metre", "constant/radiationProperties"),
    (THERMOCOUPLE, "buoyantPimpleFoam", "thermocouple with surface emissivity 0.9", "constant/boundaryRadiationProperties"),
    (POOL_FIRE, "fireFoam", "pool fire; gas emissivity 0.05 1/m", "constant/radiationProperties"),
])
def test_a_name_in_two_dictionaries_goes_where_its_unit_or_words_put_it(base, solver, text, rel):
    binder = bind_all(base, solver, text, read_stated(text))
    name = "absorptivity" if "absorptivity" in text else "emissivity"
    assert [e.file for e in binder.edits if e.entry[-1] == name] == [rel]
    assert not binder.not_applied


@needs
def test_a_name_no_unit_or_word_places_is_refused_with_its_places():
    text = "pool fire, emissivity 0.9"  # every boundary patch has one: which?
    binder = bind_all(POOL_FIRE, "fireFoam", text, read_stated(text))
    assert not [e for e in binder.edits if e.entry[-1] == "emissivity"]
    assert "constant/boundaryRadiationProperties" in binder.not_applied[0].reason


@pytest.mark.parametrize("raw, dims", [("absorptivity [0 -1 0 0 0 0 0] 0.5", (0, -1, 0, 0, 0, 0)),
                                       ("absorptivity [ m^-1 ] 0.01", (0, -1, 0, 0, 0, 0)),
                                       ("1.0", (0, 0, 0, 0, 0, 0)), ("uniform 1", None)])
def test_entry_dims(raw, dims):
    from tasks.plan.bind_by_name import entry_dims
    assert entry_dims(raw) == dims


@pytest.mark.parametrize("text, dims", [("0.2 1/m", (0, -1, 0, 0, 0, 0)), ("0.2 per metre", (0, -1, 0, 0, 0, 0)),
                                        ("0.2 m^-1 along", (0, -1, 0, 0, 0, 0)), ("0.2 for the walls", (0, 0, 0, 0, 0, 0))])
def test_unit_dims_after(text, dims):
    from tasks.plan.bind_by_name import unit_dims_after
    assert unit_dims_after(text, 3) == dims
