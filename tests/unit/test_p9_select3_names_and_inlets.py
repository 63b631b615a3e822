"""Session-9 select3 classes: a tutorial's own name said in words outranks a solver or tutorial that
only shares one of its words (and its words' physics are the tutorial's own), the dimension said
('3D', 'two-dimensional') tells a name's 2D and 3D siblings apart, 'CHT' names conjugate heat
transfer, and the base must carry what the request states (a speed at the inlet: no inlet read from
measured data; a gas whose stated pressures differ by a tenth or more: a compressible solver). The
paraphrases here are not the session's probes."""

from pathlib import Path

import pytest

from tasks.knowledge.casebase import CaseRecord, FieldInfo
from tasks.plan.select import FLAG_WORDS, rank, request_features, tutorial_records
from tasks.plan.select_gasdynamics import gas_density_changes
from tasks.plan.select_openings import inlet_from_data, says_inflow_speed
from tasks.plan.select_wholename import dimension_points, name_dimension, name_flags, said_dimension

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


@pytest.mark.parametrize("text, dimension", [
    ("a 3D box of water", 3),
    ("two-dimensional slice of the column", 2),
    ("run it in 2-D", 2),
    ("the one-dimensional wall boiling case", 1),
    ("wallBoiling1D please", 1),
    ("a tank on 3 dof springs", None),  # degrees of freedom, no dimension
    ("run for 2 days", None),
    ("compare 2D and 3D", None),  # both said: neither
    ("a planar contraction", None),  # a shape word, no dimension
])
def test_said_dimension(text: str, dimension: int | None) -> None:
    assert said_dimension(text) == dimension


@pytest.mark.parametrize("case, dimension", [
    ("multiphase/compressibleInterFoam/laminar/depthCharge3D", 3),
    ("multiphase/interFoam/laminar/sloshingTank2D3DoF", 2),
    ("multiphase/reactingTwoPhaseEulerFoam/RAS/wallBoiling1D", 1),
    ("incompressible/icoFoam/cavity/cavity", None),
])
def test_name_dimension(case: str, dimension: int | None) -> None:
    assert name_dimension(case) == dimension


def test_dimension_points_sign() -> None:
    assert dimension_points("a/b/sloshingTank3D", 3) > 0 > dimension_points("a/b/sloshingTank2D", 3)
    assert dimension_points("a/b/sloshingTank3D", None) == 0 == dimension_points("a/b/cavity", 2)


@pytest.mark.parametrize("case, flag", [
    ("heatTransfer/chtMultiRegionFoam/windshieldCondensation", "phase_change"),
    ("multiphase/interFoam/laminar/sloshingTank2D", "multiphase"),
])
def test_name_flags_are_the_names_physics(case: str, flag: str) -> None:
    assert flag in name_flags(case, FLAG_WORDS)


@pytest.mark.parametrize("text, compressible", [
    ("nitrogen tee: the supply is 0.5 bar higher than both exits", True),
    ("air leaves a vessel at 150 kPa through a pipe to 100 kPa", True),
    ("gas pipe, overpressure of 4 psi at the inlet", True),
    ("air duct with a pressure drop of 200 Pa", False),  # a small share of the pressure
    ("oil pushed 0.5 bar higher at the inlet", False),  # a liquid
    ("air in a room at 1 bar", False),  # one absolute pressure, no difference
])
def test_gas_density_changes(text: str, compressible: bool) -> None:
    assert gas_density_changes(text) is compressible


@pytest.mark.parametrize("text, speed", [
    ("inlet velocity 3 ft/s", True),
    ("air enters at 36 km/h", True),
    ("a 12 knots inflow", True),
    ("inlet at 1 bar", False),
    ("fan speed 3000 rpm, no inlet", False),
])
def test_says_inflow_speed(text: str, speed: bool) -> None:
    assert says_inflow_speed(text) is speed


def _record(patches: dict[str, str]) -> CaseRecord:
    return CaseRecord(case="incompressible/simpleFoam/x", solver="simpleFoam",
                      fields=[FieldInfo(name="U", patches=patches)])


def test_inlet_from_data() -> None:
    assert inlet_from_data(_record({"inlet": "timeVaryingMappedFixedValue", "wall": "noSlip"}))
    assert not inlet_from_data(_record({"inlet": "fixedValue", "wall": "noSlip"}))
    assert not inlet_from_data(_record({"inlet": "timeVaryingMappedFixedValue", "inlet2": "flowRateInletVelocity"}))


def _best(text: str, solver: str | None = None) -> str:
    records = tutorial_records(TUTORIALS)
    return rank(request_features(text, solver, None), records, limit=1)[0].record.case


@needs_tutorials
@pytest.mark.parametrize("text, expected", [
    # the whole name written apart beats a solver that one of its words names
    ("fogged-up windshield: model the condensation on it for 60 s", "heatTransfer/chtMultiRegionFoam/windshieldCondensation"),
    ("the windshield condensation tutorial, 1 minute", "heatTransfer/chtMultiRegionFoam/windshieldCondensation"),
    ("de-icing a windshield, defrost for 2 minutes", "heatTransfer/chtMultiRegionFoam/windshieldDefrost"),
    # the dimension said picks the sibling
    ("three-dimensional depth charge in a water tank", "multiphase/compressibleInterFoam/laminar/depthCharge3D"),
    ("depth charge, 2-D, 20 bar bubble", "multiphase/compressibleInterFoam/laminar/depthCharge2D"),
    ("a 3D explosion of a gas bubble under water", "multiphase/compressibleInterFoam/laminar/depthCharge3D"),
    # an electrically heated solid
    ("a copper wire heated by the electric current through it, steady", "heatTransfer/chtMultiRegionSimpleFoam/jouleHeatingSolid"),
    ("resistive (Joule) heating of a solid bar", "heatTransfer/chtMultiRegionSimpleFoam/jouleHeatingSolid"),
])
def test_name_and_dimension_pick_the_tutorial(text: str, expected: str) -> None:
    assert _best(text) == expected


@needs_tutorials
@pytest.mark.parametrize("text, solver_prefix", [
    ("CHT of a block heater, transient, air and water", "chtMultiRegion"),
    ("steady CHT: a hot solid fin in an air stream", "chtMultiRegion"),
    ("a CHT problem with cooling by air", "chtMultiRegion"),
])
def test_cht_abbreviation(text: str, solver_prefix: str) -> None:
    assert _best(text).split("/")[1].startswith(solver_prefix)


@needs_tutorials
@pytest.mark.parametrize("text, expected_solver", [
    ("pipe tee with nitrogen, inlet 50 kPa above the two outlets", "rhoPimpleFoam"),
    ("air through a T-junction, 1.5 bar in, 1 bar at both outlets", "rhoPimpleFoam"),
    ("water through a T-junction, 1.5 bar in, 1 bar at both outlets", "pimpleFoam"),
])
def test_gas_pressure_difference_prefers_compressible(text: str, expected_solver: str) -> None:
    assert _best(text).split("/")[1] == expected_solver


@needs_tutorials
@pytest.mark.parametrize("text", [
    ("steady turbulent backward-facing step of Pitz and Daily, inlet at 25 ft/s"),
    ("Pitz-Daily, simpleFoam, the inflow is 54 km/h"),
    ("pitzDaily step with air entering at 9 m/s, k-epsilon"),
])
def test_stated_inlet_speed_avoids_measured_inlet(text: str) -> None:
    assert not _best(text, "simpleFoam" if "simpleFoam" in text else None).endswith("ExptInlet")


@needs_tutorials
def test_hot_gas_jet_into_a_room_is_no_supersonic_jet() -> None:
    for text in ("hot gas jet blown into a room at 4 m/s and 250 degC", "a warm air jet entering an office, buoyant"):
        assert "Ladenburg" not in _best(text)


@pytest.mark.parametrize("text, solvers", [
    ("a reacting two-phase Euler case of steam in water", ["reactingTwoPhaseEulerFoam"]),  # not twoPhaseEuler too
    ("run it with the two phase Euler method", ["twoPhaseEulerFoam"]),
    ("buoyant Boussinesq pimple, heated floor", ["buoyantBoussinesqPimpleFoam"]),
    ("steady conjugate heat transfer of a fin", []),
    ("a simple pipe", []),  # one-word names are the named_solver's business
])
def test_solver_names_written_apart(text: str, solvers: list[str]) -> None:
    from tasks.plan.select_words import normal_text, solver_names_written

    assert solver_names_written(normal_text(text)) == solvers


@needs_tutorials
@pytest.mark.parametrize("text", [
    "reacting two-phase Euler: air bubbles rising through water, 5 s",
    "bubble column computed with the reacting Euler-Euler solver",
    "laminar bubble column, reacting two-phase method, 2 s",
])
def test_reacting_two_phase_euler_named(text: str) -> None:
    assert _best(text).split("/")[1] == "reactingTwoPhaseEulerFoam"
