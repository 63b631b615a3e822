"""Session 9 (values2): a stated value wins over a fluid table's; counts of openings are no inches;
decimal commas, approximations and ranges; a role named after the value past a relative clause;
a thermal expansion coefficient. Paraphrases of each class (none of them the helper's probes)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.extract import quantities
from tasks.plan.request import build_context
from tasks.plan.stated import decimal_points, read_stated
from tasks.plan.values_viscosity import kinematic_from_dynamic

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


def _roles(text: str) -> list[tuple[str, float]]:
    return [(q.role, round(q.value, 9)) for q in read_stated(text)]


# 1. a stated dynamic viscosity is the kinematic one a recipe writes: mu over the stated density,
# else over the named fluid's table density; a stated nu is left alone
@pytest.mark.parametrize(("text", "nu"), [
    ("the tank holds oil whose viscosity is 0.09 Pa s", 0.09 / 900),
    ("a syrup with rho 1260 kg/m3 and a dynamic viscosity of 1.41 Pa s", 1.41 / 1260),
    ("air, mu 1.8e-5 Pa s, in the duct", 1.8e-5 / 1.177),
    ("mixing vessel with water of 4 centipoise", 4e-3 / 998.2),
    ("the liquid is 2 mPa·s and 1100 kg/m^3", 2e-3 / 1100),
])
def test_a_stated_dynamic_viscosity_gives_the_kinematic_one(text: str, nu: float) -> None:
    q = kinematic_from_dynamic(text, quantities(text))
    assert q is not None and q.kind == "kinematic_viscosity"
    assert q.value == pytest.approx(nu, rel=1e-9)


@pytest.mark.parametrize("text", [
    "water, nu 1e-6 m2/s and mu 1 cP",                       # nu stated: it stands
    "dam break with water; the air's viscosity is 1.8e-5 Pa s",  # the gas phase's mu, not the liquid's
    "viscosity 3 mPa s",                                      # no density and no named fluid
])
def test_no_kinematic_viscosity_is_derived(text: str) -> None:
    assert kinematic_from_dynamic(text, quantities(text)) is None


@needs_tutorials
@pytest.mark.parametrize(("text", "nu"), [
    ("dam break with interFoam, the water is 1.3 cP", 1.3e-3 / 998.2),
    ("interFoam damBreak where the liquid is oil: 850 kg/m3, 0.04 Pa s", 0.04 / 850),
    ("collapse of a water column (damBreak), water dynamic viscosity 0.0012 Pa s", 1.2e-3 / 998.2),
])
def test_a_recipe_writes_the_stated_viscosity_not_the_table_one(text: str, nu: float) -> None:
    from tasks.plan.architect import plan

    m = plan(text, TUTORIALS)
    written = [e.value for e in m.edits if e.file == "constant/transportProperties" and e.entry == ["water", "nu"]]
    assert written and float(str(written[-1]).split()[-1]) == pytest.approx(nu, rel=1e-6), written
    bound = [b.value for b in m.bindings if b.entry == ["water", "nu"]]
    assert all(float(v.split()[-1]) == pytest.approx(nu, rel=1e-6) for v in bound), bound  # what it claims it wrote


def test_the_context_reads_decimal_commas_and_the_derived_viscosity(tmp_path: Path) -> None:
    ctx = build_context("cavity of water, lid 0,25 m/s, viscosity 1,5 cP", tmp_path)
    assert ctx.q("velocity").value == pytest.approx(0.25)
    assert ctx.q("kinematic_viscosity").value == pytest.approx(1.5e-3 / 998.2)
    assert len(ctx.text) == len("cavity of water, lid 0,25 m/s, viscosity 1,5 cP")


# thermal expansion coefficient: 1/K in any spelling; bound to a Boussinesq base's beta
@pytest.mark.parametrize(("text", "beta"), [
    ("expansion coefficient 2.07e-4 1/K", 2.07e-4),
    ("beta = 3.4e-3 K^-1", 3.4e-3),
    ("volumetric expansion of 1.8e-4 per degree C", 1.8e-4),
    ("thermal expansion 0,00021 1/°C", 2.1e-4),
    ("beta 5e-4 per kelvin", 5e-4),
])
def test_an_expansion_coefficient_is_read(text: str, beta: float) -> None:
    assert [(r, v) for r, v in _roles(text) if r == "beta"] == [("beta", pytest.approx(beta))]


@needs_tutorials
@pytest.mark.parametrize(("tutorial", "solver", "text", "value"), [
    ("heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom", "buoyantBoussinesqSimpleFoam",
     "the room holds water (beta 2.3e-4 1/K, Pr 6.8)", "2.3e-04"),
    ("heatTransfer/buoyantBoussinesqPimpleFoam/BenardCells", "buoyantBoussinesqPimpleFoam",
     "Rayleigh-Benard with an expansion coefficient of 1e-3 per kelvin", "1e-03"),
])
def test_a_stated_beta_is_written_over_the_base(tutorial: str, solver: str, text: str, value: str) -> None:
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    edits = {"/".join(e.entry): e.value for e in binder.edits if e.file == "constant/transportProperties"}
    assert float(edits["beta"].split()[-1]) == pytest.approx(float(value)), edits


@needs_tutorials
def test_a_beta_for_an_ideal_gas_solver_is_refused_with_what_to_do() -> None:
    text = "buoyantPimpleFoam room, beta 3.3e-3 1/K"
    binder = bind_all(TUTORIALS / "heatTransfer/buoyantPimpleFoam/hotRoom", "buoyantPimpleFoam", text, read_stated(text))
    assert any("Boussinesq" in n.reason for n in binder.not_applied), binder.not_applied


# 2. counts vs units: "in" paired with "out" counts openings; an inch only where a size ends
@pytest.mark.parametrize(("text", "expected"), [
    ("manifold with (3 in, 1 out), outlet 0 Pa", [("outlet_pressure", 0.0)]),
    ("T-piece: 2 in / 1 out; inlet 1.2 m/s", [("inlet_velocity", 1.2)]),
    ("one out and 2 in, inlet 4 m/s", [("inlet_velocity", 4.0)]),
    ("a 1 in 20 gradient, inlet 0.3 m/s", [("inlet_velocity", 0.3)]),
    ("duct 6 in wide, inlet 2 m/s", [("geometry", 0.1524), ("inlet_velocity", 2.0)]),
    ("run 4 min, channel 4 m long", [("end_time", 240.0), ("geometry", 4.0)]),
])
def test_counts_of_openings_are_no_inches(text: str, expected: list[tuple[str, float]]) -> None:
    assert _roles(text) == [(r, pytest.approx(v)) for r, v in expected]


# 3. decimal commas; approximations and one-sided bounds take the value; a two-sided range is
# refused (role "range") unless the request says which end to use
@pytest.mark.parametrize(("text", "expected"), [
    ("outlet at 2,25 bar", [("outlet_pressure", 225000.0)]),
    ("lid 0,8 m/s; 1,000 iterations", [("lid_velocity", 0.8), ("end_time", 1000.0)]),
    ("inflow roughly 12 m/s", [("inlet_velocity", 12.0)]),
    ("inlet ≈ 7 m/s", [("inlet_velocity", 7.0)]),
    ("the hot wall no less than 330 K", [("hot_wall_temperature", 330.0)]),
    ("outlet at most 3 bar", [("outlet_pressure", 300000.0)]),
    ("inlet 4 to 6 m/s", [("range", 6.0)]),
    ("inlet 4-6 m/s", [("range", 6.0)]),
    ("inlet 4,5–6,5 m/s", [("range", 6.5)]),
    ("inlet between 4 m/s and 6 m/s", [("range", 6.0)]),
    ("inlet between 4 and 6 m/s, take the upper end", [("inlet_velocity", 6.0)]),
    ("hot wall between 40 and 60 degC, use the lower value", [("hot_wall_temperature", 313.15)]),
    ("accelerate the inlet from 0 to 8 m/s", [("inlet_velocity", 8.0)]),
])
def test_decimal_commas_approximations_and_ranges(text: str, expected: list[tuple[str, float]]) -> None:
    assert _roles(text) == [(r, pytest.approx(v)) for r, v in expected]


@pytest.mark.parametrize(("text", "plain"), [
    ("0,5 m/s", "0.5 m/s"), ("1,5 bar", "1.5 bar"), ("1,500 Pa", "1,500 Pa"), ("2,5–3,5 m/s", "2.5–3.5 m/s"),
    ("cells 20,40", "cells 20,40"), ("- Pr: 7,2\n", "- Pr: 7.2\n"), ("Mach number 0,3 at the inlet", "Mach number 0.3 at the inlet"),
    ("Re = 10,000", "Re = 10,000"), ("outlet 10,000 Pa", "outlet 10,000 Pa"), ("20,000 kg/h", "20,000 kg/h"),
    ("0,125 m", "0.125 m"), ("Prandtl of 0,71;", "Prandtl of 0.71;"),
])
def test_decimal_points_keep_every_place(text: str, plain: str) -> None:
    assert decimal_points(text) == plain


# 4. the role named after the value, past a relative clause pointing back at it
@pytest.mark.parametrize(("text", "expected"), [
    ("350 K, which is what the inlet delivers; outlet 1 bar", [("inlet_temperature", 350.0), ("outlet_pressure", 1e5)]),
    ("0 Pa is what we impose at the outlet, inlet 3 m/s", [("outlet_pressure", 0.0), ("inlet_velocity", 3.0)]),
    ("4 m/s -- that is the lid", [("lid_velocity", 4.0)]),
    ("2 bar (that's the inlet), 1 bar at the outlet", [("inlet_pressure", 2e5), ("outlet_pressure", 1e5)]),
    ("25 degC, i.e. the cold wall; 45 degC on the hot wall",
     [("cold_wall_temperature", 298.15), ("hot_wall_temperature", 318.15)]),
    ("12 m/s, which the inflow has", [("inlet_velocity", 12.0)]),
])
def test_a_role_named_past_a_relative_clause(text: str, expected: list[tuple[str, float]]) -> None:
    assert _roles(text) == [(r, pytest.approx(v)) for r, v in expected]
