"""Value classes of session 7's second wave: spelled parts and rates of time, k/M and spaced
thousands, comparison signs, roles from the word after a value, counts per direction, one value
for two Courant limits, turbulence field words, start times, vector velocities."""

from __future__ import annotations

import pytest

from tasks.plan.extract import normalise, quantities
from tasks.plan.stated import read_stated
from tasks.plan.units import read_unit, kind_of_dims


def _roles(text: str) -> list[tuple[str, float]]:
    return [(q.role, round(q.value, 9)) for q in read_stated(text)]


@pytest.mark.parametrize("text, value", [
    ("write every half second", 0.5),
    ("output every quarter second", 0.25),
    ("save every half-second", 0.5),
    ("write every half minute", 30.0),
    ("write four times per second", 0.25),
    ("write 4 times a second", 0.25),
    ("save results twice a second", 0.5),
    ("output ten times per second", 0.1),
    ("write once a minute", 60.0),
    ("dump results 2 times/s", 0.5),
])
def test_spelled_parts_and_rates_are_write_intervals(text: str, value: float) -> None:
    assert ("write_interval", value) in _roles(text)


@pytest.mark.parametrize("text, kind, value", [
    ("run 1.5k iterations", "iterations", 1500.0),
    ("2k iterations", "iterations", 2000.0),
    ("10k steps", "iterations", 10000.0),
    ("10K time steps", "iterations", 10000.0),
    ("Re = 20k", "reynolds", 20000.0),
    ("Reynolds number of 1.5k", "reynolds", 1500.0),
    ("Re = 20 000", "reynolds", 20000.0),
    ("Re = 20\u2009000", "reynolds", 20000.0),
    ("20 000 iterations", "iterations", 20000.0),
    ("1 500 000 iterations", "iterations", 1500000.0),
])
def test_counts_in_thousands(text: str, kind: str, value: float) -> None:
    assert [(q.kind, q.value) for q in quantities(text)] == [(kind, value)]


@pytest.mark.parametrize("text, kept", [
    ("speeds 20 40 60 m/s", "20 40 60"),  # a list, not 2040
    ("blocks (40 400 1)", "(40 400 1)"),
    ("100 200 300 cells", "100 200 300"),
    ("a 2 K rise", "2 K"),  # a temperature, never 2000
    ("between 10 and 200 000", "10 and 200000"),
])
def test_lists_and_temperatures_are_not_joined(text: str, kept: str) -> None:
    assert kept in normalise(text)


@pytest.mark.parametrize("text, value", [
    ("Co ≤ 0.3", 0.3), ("maxCo ≥ 0.5", 0.5), ("Courant < 0.5", 0.5), ("keep Co under 0.8", 0.8),
    ("Courant number <= 0.9", 0.9), ("CFL ⩽ 0.4", 0.4), ("Co at or below 2", 2.0),
    ("Courant number no more than 0.5", 0.5), ("Co capped at 0.1", 0.1),
])
def test_comparison_signs_bound_the_courant_number(text: str, value: float) -> None:
    assert ("max_co", value) in _roles(text)


def test_a_sign_after_a_coordinate_stays() -> None:
    assert "x < 0.5 m" in normalise("water where x < 0.5 m")


@pytest.mark.parametrize("text, role, value", [
    ("a 1.25 ms step, run 0.1 s", "delta_t", 0.00125),
    ("1.25 ms time step", "delta_t", 0.00125),
    ("0.25 m cells", "cell_size", 0.25),
    ("10 cm cells", "cell_size", 0.1),
    ("cells of 5 mm", "cell_size", 0.005),
    ("a 5 mm mesh", "cell_size", 0.005),
    ("2 mm uniform cells", "cell_size", 0.002),
    ("100 ms of flow, output every 20 ms", "end_time", 0.1),
    ("100 ms of flow, output every 20 ms", "write_interval", 0.02),
])
def test_role_from_the_word_after(text: str, role: str, value: float) -> None:
    assert (role, value) in _roles(text)


@pytest.mark.parametrize("text, counts", [
    ("10 cells across and 200 along", [10, 200]),
    ("40 cells in x, 20 in y and 10 in z", [40, 20, 10]),
    ("100 cells along x and 20 along y", [100, 20]),
    ("50 cells in the x-direction and 25 in the y-direction", [50, 25]),
    ("100 cells along x and 20 K walls", [100]),  # the 20 is a temperature
    ("100 cells along the pipe", [100]),
])
def test_counts_per_direction(text: str, counts: list[int]) -> None:
    assert [q.value for q in quantities(text) if q.kind == "count"] == counts


@pytest.mark.parametrize("text, value", [
    ("Co and alpha Co capped at 0.1", 0.1),
    ("maxCo and maxAlphaCo both 0.1", 0.1),
    ("keep the Courant and interface Courant numbers below 0.3.", 0.3),
    ("maxCo, maxAlphaCo = 0.2", 0.2),
])
def test_one_value_for_both_courant_limits(text: str, value: float) -> None:
    roles = _roles(text)
    assert any(r in ("max_co", "control:maxCo") and v == value for r, v in roles)
    assert ("control:maxAlphaCo", value) in roles


def test_the_interface_courant_is_not_the_courant_number() -> None:
    roles = _roles("Co 0.1 and alpha Co 0.2")
    assert ("max_co", 0.1) in roles and ("max_co", 0.2) not in roles


@pytest.mark.parametrize("text, role", [
    ("turbulent kinetic energy 0.375 m2/s2 at the inlet", "turbulent_kinetic_energy"),
    ("a turbulence kinetic energy of 0.002 m^2/s^2", "turbulent_kinetic_energy"),
    ("k = 0.375 m2/s2", "turbulent_kinetic_energy"),
    ("0.375 m2/s2 turbulent kinetic energy", "turbulent_kinetic_energy"),
    ("dissipation rate 14.855 m2/s3", "dissipation_rate"),
    ("a turbulent dissipation rate of 20 m^2/s^3", "dissipation_rate"),
    ("specific dissipation rate 440 1/s", "specific_dissipation_rate"),
    ("150000 1/s specific dissipation", "specific_dissipation_rate"),
    ("modified viscosity 3e-5 m2/s", "modified_viscosity"),
    ("nuTilda 0.14 m2/s", "modified_viscosity"),
])
def test_turbulence_field_words(text: str, role: str) -> None:
    assert [q.role for q in read_stated(text)] == [role]


@pytest.mark.parametrize("text, role", [
    ("outlet pressure 0 m2/s2", "outlet_pressure"),  # still a kinematic pressure
    ("nu 1e-5 m2/s", "nu"),
    ("oscillating at 5 Hz", "frequency"),
    ("omega 100 rad/s", "angular_velocity"),
])
def test_other_values_keep_their_roles(text: str, role: str) -> None:
    assert [q.role for q in read_stated(text)] == [role]


def test_m2_per_s3_is_a_dissipation_rate() -> None:
    unit = read_unit("m2/s3")
    assert unit is not None and kind_of_dims(unit.dims) == "dissipation_rate"


@pytest.mark.parametrize("text, start, end", [
    ("start at t = 1 s, end at 2 s", 1.0, 2.0),
    ("starting from t = 0.5 s, run until 3 s", 0.5, 3.0),
    ("restart at 10 s and stop at 20 s", 10.0, 20.0),
])
def test_start_time_is_no_end_time(text: str, start: float, end: float) -> None:
    roles = _roles(text)
    assert ("start_time", start) in roles and ("end_time", end) in roles
    assert ("end_time", start) not in roles


@pytest.mark.parametrize("text, kept", [
    ("T0 350 K", "T0 350 K"),  # a symbol's digit is no thousands group
    ("U0 5 000 m/s", "U0 5000 m/s"),  # the symbol's digit stays; the number after it is joined
    ("energy 0.5 m2/s2, 2 000 iterations", "2000 iterations"),  # a unit's digit is no listed number
    ("10 20 000", "10 20 000"),  # a list
    ("10, 20 000 and 30", "10, 20 000"),
])
def test_a_symbols_digit_is_not_joined(text: str, kept: str) -> None:
    assert kept in normalise(text)


@pytest.mark.parametrize("text, role, value", [
    ("the plate oscillates 5 times per second", "frequency", 5.0),
    ("the lid oscillates twice a second, write every 0.1 s", "frequency", 2.0),
    ("4 times per second output", "write_interval", 0.25),
])
def test_a_rate_is_a_write_interval_only_for_writing(text: str, role: str, value: float) -> None:
    assert (role, value) in _roles(text)


# --- through the binder: the roles land in the entries of a real base case ---------------------
from pathlib import Path  # noqa: E402

from tasks.plan.bind import bind_all  # noqa: E402

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


def _bound(tutorial: str, solver: str, text: str) -> tuple[dict[str, str], dict[str, str]]:
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    return ({f"{b.file}:{'/'.join(b.entry)}": b.value for b in binder.bindings},
            {n.text: n.reason for n in binder.not_applied})


@needs_tutorials
@pytest.mark.parametrize("tutorial, solver, text, where, value", [
    ("incompressible/pimpleFoam/RAS/TJunction", "pimpleFoam",
     "initial turbulent kinetic energy 0.3 m2/s2 and dissipation rate 20 m2/s3",
     "0/k:internalField", "uniform 0.3"),
    ("incompressible/pimpleFoam/RAS/TJunction", "pimpleFoam",
     "a turbulence kinetic energy of 0.3 m^2/s^2 and a turbulent dissipation rate of 20 m^2/s^3 everywhere",
     "0/epsilon:internalField", "uniform 20"),
    ("incompressible/simpleFoam/backwardFacingStep2D", "simpleFoam",
     "inlet turbulent kinetic energy 0.002 m2/s2, inlet specific dissipation rate 150000 1/s",
     "0/omega:boundaryField/inlet/value", "uniform 150000"),
    ("multiphase/interFoam/laminar/capillaryRise", "interFoam", "keep Co and alpha Co capped at 0.1.",
     "system/controlDict:maxCo", "0.1"),
    ("multiphase/interFoam/laminar/capillaryRise", "interFoam", "maxCo and maxAlphaCo both 0.1",
     "system/controlDict:maxAlphaCo", "0.1"),
    ("multiphase/interFoam/laminar/capillaryRise", "interFoam", "write four times per second, end at 1 s",
     "system/controlDict:writeInterval", "0.25"),
])
def test_bound_to_the_entry(tutorial: str, solver: str, text: str, where: str, value: str) -> None:
    bound, refused = _bound(tutorial, solver, text)
    assert bound.get(where) == value, (bound, refused)


@needs_tutorials
def test_a_start_time_is_refused_with_a_reason_never_an_end_time() -> None:
    bound, refused = _bound("incompressible/pimpleFoam/RAS/TJunction", "pimpleFoam",
                            "starting from t = 0.5 s, end at 2 s")
    assert bound.get("system/controlDict:endTime") == "2"
    assert "start time" in refused.get("0.5 s", "")


@pytest.mark.parametrize("text, role, value", [
    ("steps of 1.25 ms for 0.1 s", "delta_t", 0.00125),
    ("steps of 1.25 ms for 0.1 s", "end_time", 0.1),
    ("200 steps of 1 ms", "delta_t", 0.001),
    ("simulate 0.5 s with 1 ms steps", "delta_t", 0.001),
])
def test_steps_of_a_duration_are_the_time_step(text: str, role: str, value: float) -> None:
    assert (role, value) in _roles(text)


@pytest.mark.parametrize("text, role, value", [
    ("write at 4 Hz", "write_interval", 0.25),
    ("output the fields with a frequency of 10 Hz", "write_interval", 0.1),
    ("save results for a jet pulsing at 5 Hz", "frequency", 5.0),  # the jet's, not the writing's
    ("the inlet oscillates at 5 Hz, write at 50 Hz", "frequency", 5.0),
    ("the inlet oscillates at 5 Hz, write at 50 Hz", "write_interval", 0.02),
    ("a 5k-iteration run", "end_time", 5000.0),
])
def test_writing_at_a_rate(text: str, role: str, value: float) -> None:
    assert (role, value) in _roles(text)


@pytest.mark.parametrize("text, role, value", [
    ("1.25 ms step for 0.2 s", "delta_t", 0.00125),
    ("1.25 ms step for 0.2 s", "end_time", 0.2),
    ("end time 0.2 s, step 1.25 ms", "delta_t", 0.00125),
    ("dt of 1.25 ms over 0.2 s", "end_time", 0.2),
    ("0.25 m cells over a 3 m channel", "cell_size", 0.25),
    ("0.25 m cells over a 3 m channel", "geometry", 3.0),
    ("backward-facing step, 2 s of flow", "end_time", 2.0),  # the geometry's step says nothing
])
def test_the_word_right_after_a_value_is_its_own(text: str, role: str, value: float) -> None:
    assert (role, value) in _roles(text)


@pytest.mark.parametrize("text, kind, value", [
    ("a 50 K step in wall temperature", "temperature", 50.0),  # a step of temperature, not 50000 steps
    ("the inlet velocity field oscillates 5 times per second", "frequency", 5.0),
])
def test_guards_of_the_spelled_forms(text: str, kind: str, value: float) -> None:
    assert [(q.kind, q.value) for q in quantities(text)] == [(kind, value)]


def test_every_third_second_is_no_third_of_a_second() -> None:
    assert not [q for q in quantities("write every third second") if q.kind == "time" and q.value < 1]
