"""A turbulent length scale sets the inlet dissipation (never a mesh entry named like it)."""

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_inlet_turbulence import dissipation
from tasks.plan.stated import read_stated

EXAMPLES = Path("/usr/share/doc/openfoam-examples/examples")
pytestmark = pytest.mark.skipif(not EXAMPLES.is_dir(), reason="OpenFOAM tutorials not installed")


def test_dissipation_formulas() -> None:
    assert dissipation("epsilon", 0.375, 0.01) == pytest.approx(0.09 ** 0.75 * 0.375 ** 1.5 / 0.01)
    assert dissipation("omega", 0.375, 0.01) == pytest.approx(0.375 ** 0.5 / (0.09 ** 0.25 * 0.01))


@pytest.mark.parametrize(("tutorial", "solver", "text", "field"), [
    ("incompressible/simpleFoam/pitzDaily", "simpleFoam",
     "pitzDaily, inlet 10 m/s, turbulent length scale 1 cm, turbulence intensity 5 %", "epsilon"),
    ("incompressible/simpleFoam/pitzDaily", "simpleFoam",
     "inflow at 10 m/s with 5 % intensity and a turbulence length scale of 10 mm", "epsilon"),
    ("incompressible/simpleFoam/airFoil2D", "simpleFoam",
     "aerofoil, free stream 26 m/s, intensity 1 %, integral length scale 2 cm", None),
])
def test_a_length_scale_sets_the_inlet_dissipation(tutorial: str, solver: str, text: str, field: str | None) -> None:
    binder = bind_all(EXAMPLES / tutorial, solver, text, read_stated(text))
    assert not any(e.file == "system/blockMeshDict" and e.entry == ["scale"] for e in binder.edits)
    if field is not None:
        assert any(e.file.endswith(f"/{field}") and e.entry[-1] == "value" for e in binder.edits)
