"""Modify requests that set a boundary condition's parameter by its meaning (a wall heat flux on
the walls named, the heat added to an inflow, a turbulence intensity) or switch one phase's
turbulence model, on copies of real v1912 tutorials: the written entries are read back."""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

import pytest

from tasks.edit.modify import apply_changes, plan_changes, read_state
from tasks.edit.modify_bc_params import written_value
from tasks.foam import dictionary as fd

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")


def _changed(tmp_path: Path, tutorial: str, request: str) -> Path:
    source = TUTORIALS / tutorial
    if not source.is_dir():
        pytest.skip(f"tutorial not installed: {tutorial}")
    case = tmp_path / "case"
    shutil.copytree(source, case)
    for gz in case.rglob("*.gz"):  # as the flow does before editing
        gz.with_suffix("").write_bytes(gzip.decompress(gz.read_bytes()))
        gz.unlink()
    state = read_state(case)
    apply_changes(state, plan_changes(state, request))
    return case


def _entry(case: Path, rel: str, *entry: str) -> str | None:
    value = fd.get((case / rel).read_text(), list(entry))
    return " ".join(value.split()) if value is not None else None


@pytest.mark.parametrize("request_text, expected", [
    ("Set the wall heat flux to 100 kW/m2 on wall1 and wall2 and run to 0.3 s.", {"wall1": "uniform 100000", "wall2": "uniform 100000"}),
    ("Put 40 kW/m2 of heat flux on wall1 only; wall2 stays as it is.", {"wall1": "uniform 40000", "wall2": "uniform 0"}),
])
def test_heat_flux_goes_to_the_walls_named(tmp_path, request_text, expected):
    case = _changed(tmp_path, "multiphase/reactingTwoPhaseEulerFoam/RAS/wallBoiling1D", request_text)
    for wall, q in expected.items():
        assert _entry(case, "0/T.liquid", "boundaryField", wall, "q") == q
        assert _entry(case, "0/T.liquid", "boundaryField", wall, "type") == "fixedMultiPhaseHeatFlux"
    if "0.3 s" in request_text:
        assert _entry(case, "system/controlDict", "endTime") == "0.3"


def test_heat_added_to_the_inflow_is_the_inlet_condition_Q(tmp_path):
    case = _changed(tmp_path, "compressible/rhoPimpleFoam/RAS/TJunction",
                    "Raise the heat added to the inflow to 20 W and write every 0.05 s.")
    assert _entry(case, "0/T", "boundaryField", "inlet", "Q") == "20"
    assert _entry(case, "0/T", "boundaryField", "inlet", "TMax") == "500"  # the rest of the condition stays
    assert _entry(case, "0/T", "boundaryField", "outlet1", "type") == "inletOutlet"
    assert not any(_entry(case, "0/T", "boundaryField", p, "type") == "externalWallHeatFluxTemperature"
                   for p in ("wall", "walls"))
    assert _entry(case, "system/controlDict", "writeInterval") == "0.05"


def test_inlet_turbulence_intensity(tmp_path):
    case = _changed(tmp_path, "compressible/rhoPimpleFoam/RAS/TJunction", "Please increase the inlet turbulence intensity to 8 %.")
    assert _entry(case, "0/k", "boundaryField", "inlet", "intensity") == "0.08"


def test_one_phase_les_model_switched_the_other_kept(tmp_path):
    case = _changed(tmp_path, "multiphase/reactingTwoPhaseEulerFoam/LES/bubbleColumn",
                    "In the water phase, replace the one-equation subgrid model by Smagorinsky-Zhang; keep the gas-phase model.")
    water = "constant/turbulenceProperties.water"
    assert _entry(case, water, "LES", "LESModel") == "SmagorinskyZhang"
    assert _entry(case, water, "LES", "SmagorinskyZhangCoeffs", "Cmub") == "0.6"
    assert _entry(case, water, "LES", "delta") == "cubeRootVol"
    assert _entry(case, "constant/turbulenceProperties.air", "LES", "LESModel") == "continuousGasKEqn"


def test_phase_made_laminar_by_material_word(tmp_path):
    case = _changed(tmp_path, "multiphase/twoPhaseEulerFoam/RAS/fluidisedBed",
                    "Make the air phase laminar, keep the particle phase model as it is.")
    assert _entry(case, "constant/turbulenceProperties.air", "simulationType") == "laminar"
    assert _entry(case, "constant/turbulenceProperties.particles", "RAS", "RASModel") == "kineticTheory"  # as the tutorial has


@pytest.mark.parametrize("present, value, form, expected", [
    ("uniform 0", 1e5, "uniform", "uniform 100000"),
    ("constant 0.1", 0.25, "function1", "constant 0.25"),
    ("5", 12.5, "scalar", "12.5"),
    ("table ((0 1) (1 2))", 3.0, "function1", "constant 3"),
])
def test_written_value_keeps_the_entry_form(present, value, form, expected):
    assert written_value(present, value, form) == expected
