"""A property stated for one fluid gets that fluid's entry, and an m2/s value named a diffusivity
is no viscosity (session 9, roles). Paraphrases of each class; binder rows use real tutorials."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


@pytest.mark.parametrize(("text", "role"), [
    ("the salt diffuses with D = 1.5e-9 m2/s", "diffusivity"),
    ("tracer: 0.2 cm^2/s mass diffusivity", "diffusivity"),
    ("DT 3e-5 m2/s for the heat", "diffusivity"),
    ("a binary diffusion coefficient of 2e-5 m2/s", "diffusivity"),
    ("thermal diffusivity alpha = 1.4e-7 m2/s", "diffusivity"),
    ("the oil's kinematic viscosity is 4e-5 m2/s", "nu"),
    ("nu = 1e-6 m2/s, the dye diffusing slowly", "nu"),
    ("an eddy diffusivity of 1e-3 m2/s", "nu"),
])
def test_an_m2_per_s_value_named_a_diffusivity(text: str, role: str) -> None:
    assert [q.role for q in read_stated(text) if q.quantity == "kinematic_viscosity"] == [role]


def _written(tutorial: str, solver: str, text: str) -> tuple[dict[str, str], dict[str, str]]:
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    return ({"/".join(e.entry): e.value for e in binder.edits if e.file == "constant/transportProperties"},
            {n.text: n.reason for n in binder.not_applied})


@needs_tutorials
@pytest.mark.parametrize(("tutorial", "solver", "text", "entry", "value"), [
    # a diffusivity into the base's own entry: a mixing pair's Dab, a scalar's DT
    ("multiphase/twoLiquidMixingFoam/lockExchange", "twoLiquidMixingFoam",
     "the two liquids interdiffuse, D = 4e-7 m2/s", "Dab", "4e-07"),
    ("basic/scalarTransportFoam/pitzDaily", "scalarTransportFoam",
     "passive dye, diffusion coefficient 0.5 cm^2/s", "DT", "5e-05"),
    # a Boussinesq base's heat diffuses as nu / Pr
    ("heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom", "buoyantBoussinesqSimpleFoam",
     "air with a thermal diffusivity of 2e-5 m2/s", "Pr", "0.5"),
    # a dynamic viscosity of one phase: its nu with its density (stated, else the named fluid's table
    # density, which a recipe writes beside it, else the base's)
    ("multiphase/interFoam/laminar/damBreak/damBreak", "interFoam",
     "for the water take a dynamic viscosity of 2 mPa s", "water/nu", "2.003606492e-06"),
    ("multiphase/interFoam/laminar/damBreak/damBreak", "interFoam",
     "for the liquid take a dynamic viscosity of 2 mPa s", "water/nu", "2e-06"),
    ("multiphase/twoLiquidMixingFoam/lockExchange", "twoLiquidMixingFoam",
     "the sludge, 1250 kg/m3, has a viscosity of 0.025 Pa s", "sludge/nu", "2e-05"),
])
def test_a_property_goes_to_its_fluids_entry(tutorial: str, solver: str, text: str, entry: str, value: str) -> None:
    edits, refused = _written(tutorial, solver, text)
    assert edits.get(entry) == value, (edits, refused)


@needs_tutorials
def test_a_diffusivity_without_a_home_is_refused_with_what_to_state() -> None:
    _, refused = _written("incompressible/icoFoam/cavity/cavity", "icoFoam", "a diffusivity of 1e-5 m2/s")
    assert "no diffusivity entry" in refused.get("1e-5 m2/s", ""), refused
