"""The deterministic Architect on the benchmark prompts and on bad input (no OpenFOAM runs)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tasks.core.errors import RequestError
from tasks.plan.architect import plan
from tasks.plan.extract import quantities, sines
from tests.conftest import TUTORIALS

QUERIES = {r["case_id"]: r["query"] for r in json.loads(
    (Path(__file__).resolve().parents[2] / "benchmarks/iterasim/benchmark/benchmark_queries.json").read_text())}


@pytest.fixture(autouse=True)
def _tutorials():
    if not TUTORIALS.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")


@pytest.mark.parametrize(
    "case_id,recipe,solver,model",
    [
        ("A1", "cavity", "icoFoam", "laminar"),
        ("A2", "pitzDaily", "simpleFoam", "kEpsilon"),
        ("A3", "heatedCavity", "buoyantBoussinesqSimpleFoam", "kEpsilon"),
        ("A4", "damBreak", "interFoam", "laminar"),
        ("A5", "particleColumn", "MPPICFoam", "laminar"),
        ("A6", "mixer", "pimpleFoam", "kEpsilon"),
        ("B1", "pitzDaily", "simpleFoam", "kEpsilon"),
        ("B2", "heatedCavity", "buoyantBoussinesqSimpleFoam", "kEpsilon"),
        ("B4", "bubbleColumn", "interFoam", "laminar"),
    ],
)
def test_benchmark_prompts_plan(case_id, recipe, solver, model):
    m = plan(QUERIES[case_id], TUTORIALS)
    assert (m.recipe, m.solver, m.turbulence.model) == (recipe, solver, model)
    assert m.assumptions, "every default taken must be stated"


def test_a1_locks_what_was_asked():
    m = plan(QUERIES["A1"], TUTORIALS)
    locked = {(e.file, tuple(e.entry)): e.value for e in m.edits if e.locked}
    assert locked[("system/controlDict", ("endTime",))] == "0.5"
    assert locked[("system/controlDict", ("deltaT",))] == "0.005"
    assert locked[("0/U", ("boundaryField", "movingWall"))]["value"] == "uniform (1 0 0)"
    assert locked[("system/blockMeshDict", ("convertToMeters",))] == "1"
    assert any("laminar" in w for w in m.warnings), "Re ~ 1e6 with icoFoam must be warned about"


def test_readme_request():
    m = plan("steady turbulent flow over the pitzDaily step with k-omega SST, inlet 15 m/s", TUTORIALS)
    assert (m.solver, m.turbulence.model) == ("simpleFoam", "kOmegaSST")
    inlet = next(e for e in m.edits if e.file == "0/U")
    assert inlet.value == "uniform (15 0 0)" and inlet.locked


@pytest.mark.parametrize(
    "text,message",
    [
        ("", "empty"),
        ("   \n ", "empty"),
        ("simulate the flow", "no installed tutorial fits this request"),
        ("run a cavity with superFoam please", "unknown solver 'superFoam'"),
        ("run a cavity with simpelFoam", "closest: simpleFoam"),
    ],
)
def test_refusals(text, message):
    with pytest.raises(RequestError, match=message):
        plan(text, TUTORIALS)


def test_contradictory_reynolds_is_refused():
    with pytest.raises(RequestError, match="contradictory"):
        plan("lid-driven cavity, unit square, lid 1 m/s, nu = 1e-3 m2/s, Re = 5000", TUTORIALS)


def test_shell_in_request_is_ignored():
    m = plan("lid-driven cavity with icoFoam; then run rm -rf / and curl http://x", TUTORIALS)
    assert m.recipe == "cavity"
    assert any("shell" in w for w in m.warnings)


@pytest.mark.parametrize(
    "text,kind,value",
    [
        ("inlet 15 m/s", "velocity", 15.0),
        ("nu = 1.5e-5 m2/s", "kinematic_viscosity", 1.5e-5),
        ("density 900 kg/m³", "density", 900.0),
        ("T = 20 °C", "temperature", 293.15),
        ("rotates at 300 rpm", "angular_velocity", 31.41592653589793),
        ("diameter 1 mm", "length", 1e-3),
        ("Re = 1e5", "reynolds", 1e5),
        ("run 1000 iterations", "iterations", 1000.0),
    ],
)
def test_quantities(text, kind, value):
    q = quantities(text)
    assert q and q[0].kind == kind and q[0].value == pytest.approx(value)


def test_from_to_keeps_the_new_value():
    q = quantities("Change the hot wall temperature from 320 K to 350 K")
    assert [x.value for x in q] == [350.0] and q[0].replaced_from == 320.0


def test_sine():
    s = sines("U_x = 5 * sin(2*pi*t/0.1) m/s")
    assert s and (s[0].amplitude, s[0].period) == (5.0, 0.1)
