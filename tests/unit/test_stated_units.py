"""Units, durations and properties stated by symbol: read in SI, written where the base case
keeps them (a particle cloud's rho0, a field's source patch, a solid's traction, the case's
own unit of time), parsed back from the written case."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.edit.verify import verify_stated
from tasks.edit.writer import write_case
from tasks.foam import dictionary as fd
from tasks.plan.architect import plan
from tasks.plan.extract import quantities
from tasks.plan.stated import in_case_time, read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


@pytest.mark.parametrize(
    "text,kind,value",
    [
        ("run for half a minute", "time", 30.0),
        ("an hour and a half of flow", "time", 5400.0),
        ("three and a half days", "time", 3.5 * 86400),
        ("for a week", "time", 7 * 86400),
        ("six months to maturity", "time", 0.5 * 365.25 * 86400),
        ("15 uC/m3 near the electrode", "charge_density", 15e-6),
        ("2 microcoulombs per cubic metre", "charge_density", 2e-6),
        ("mobility 3e-4 m2/(V s)", "mobility", 3e-4),
        ("ions drift with 1.5e-4 m^2/V/s", "mobility", 1.5e-4),
        ("a brine of 10 mS/cm", "conductivity", 1.0),
        ("beads of 2.5 g/cm^3", "density", 2500.0),
        ("a back pressure of 150 kPa", "pressure", 1.5e5),
        ("a 0.2 MPa load", "pressure", 2e5),
        ("36000 m^3/h through the intake", "volume_flow", 10.0),
        ("720 kg/h of steam", "mass_flow", 0.2),
        ("spinning at 10 revolutions per second", "angular_velocity", 20 * 3.141592653589793),
        ("rho 1100", "density", 1100.0),
        ("nu = 3e-6", "kinematic_viscosity", 3e-6),
        ("mu 0.002", "dynamic_viscosity", 0.002),
    ],
)
def test_units_and_spoken_durations_in_si(text, kind, value):
    got = [q for q in quantities(text) if q.kind == kind]
    assert got and got[0].value == pytest.approx(value, rel=1e-9)


def test_a_second_as_an_ordinal_is_no_duration():
    assert not [q for q in quantities("a second inlet at 3 m/s") if q.kind == "time"]


def test_a_symbol_with_one_value_per_phase_is_left_to_the_phase_binder():
    assert not [q for q in quantities("rho 1180 vs 998") if q.kind == "density"]


def test_the_case_time_unit():
    assert in_case_time(2 * 365.25 * 86400, "financialFoam") == pytest.approx(2.0)
    assert in_case_time(90.0, "pimpleFoam") == 90.0


@pytest.mark.parametrize("text,role", [("24 cells per side", "mesh_cells_each"),
                                       ("48 cells in each direction", "mesh_cells_each"),
                                       ("a 24^3 cell mesh", "mesh_cells")])
def test_the_same_count_in_every_direction(text, role):
    got = read_stated(text)
    assert [q.role for q in got] == [role]


def _written(tmp_path: Path, text: str):
    from tasks.core.config import get_settings

    tutorials = get_settings().tutorials_dir
    manifest = plan(text, tutorials, None)
    out = tmp_path / "case"
    write_case(manifest, out, tutorials)
    _, missing = verify_stated(out, manifest.stated, manifest.bindings, manifest.not_applied)
    return manifest, out, missing


def _read(case: Path, rel: str) -> str:
    text = (case / rel).read_text()
    assert fd.parse_error(text) is None
    return text


@needs_tutorials
def test_durations_in_the_case_time_unit(tmp_path):
    _, case, missing = _written(tmp_path, "financialFoam european call, strike 30, 25 % volatility, "
                                          "two years to expiry")
    props = _read(case, "constant/financialProperties")
    assert float(fd.get(props, ["sigma"])) == pytest.approx(0.25)
    assert float(fd.get(_read(case, "system/controlDict"), ["endTime"])) == pytest.approx(2.0)
    assert not missing


@needs_tutorials
def test_a_particle_density_by_its_symbol(tmp_path):
    _, case, missing = _written(tmp_path, "icoUncoupledKinematicParcelFoam hopperInitialState, glass beads "
                                          "rho 2500, run 0.02 s")
    cloud = _read(case, "constant/kinematicCloudProperties")
    assert float(fd.get(cloud, ["constantProperties", "rho0"])) == 2500
    assert not missing


@needs_tutorials
def test_a_charge_density_goes_to_the_fields_source(tmp_path):
    _, case, missing = _written(tmp_path, "electrostaticFoam chargedWire, space charge 15 uC/m3, "
                                          "mobility 1.8e-4 m2/(V s)")
    rho = _read(case, "0/rho")
    assert fd.get(rho, ["boundaryField", "hole", "value"]) == "uniform 1.5e-05"
    assert fd.get(rho, ["internalField"]) == "uniform 0"
    assert fd.get(_read(case, "constant/physicalProperties"), ["k"]).split()[-1] == "0.00018"
    assert not missing


@needs_tutorials
def test_a_solid_traction_and_pressure(tmp_path):
    _, case, missing = _written(tmp_path, "solidDisplacementFoam plateHole, steel E 200 GPa nu 0.29 rho 7900, "
                                          "the right edge pulled with 80 kPa, a pressure of 1 MPa on the hole")
    mech = _read(case, "constant/mechanicalProperties")
    assert [float(fd.get(mech, [k, "value"])) for k in ("E", "nu", "rho")] == [2e11, 0.29, 7900]
    d = _read(case, "0/D")
    assert fd.get(d, ["boundaryField", "right", "traction"]) == "uniform (80000 0 0)"
    assert fd.get(d, ["boundaryField", "hole", "pressure"]) == "uniform 1000000"
    assert not missing


@needs_tutorials
def test_a_box_turbulence_mesh_in_every_direction(tmp_path):
    _, case, missing = _written(tmp_path, "dnsFoam boxTurb16 with 24 cells per side, nu 0.02")
    assert "(24 24 24)" in " ".join(_read(case, "system/blockMeshDict").split())
    assert fd.get(_read(case, "0/U"), ["internalField"]).startswith("uniform")  # 16^3 values do not fit 24^3
    assert fd.get(_read(case, "constant/turbulenceProperties"), ["UOalpha"]) is not None  # dnsFoam's forcing
    assert not missing


def test_a_longer_name_that_starts_with_a_symbol_is_not_the_symbol():
    assert not [q for q in quantities("BirdCarreau nu0 0.02 nuInf 1e-5, rho0 900") if q.kind in
                ("kinematic_viscosity", "density")]
