"""Session-19 pressure class in `modify`: a stated or changed pressure lands in the level entry of
the patch's own condition (outletMachNumberPressure pBack, fixedMean meanValue, totalPressure p0,
a fixed value), an initial or vessel pressure in the internalField, an increment of "the back
pressure" or "the supply pressure" on the one outlet or inlet that holds a level, a value said
before its patch ("the 300 bar inlet") on that patch; three phrasings or more per tutorial,
applied and read back."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tasks.core.errors import RequestError
from tasks.edit.modify import apply_changes, plan_changes, read_state
from tasks.edit.modify_steps import unpack_dictionaries
from tasks.foam import dictionary as fd
from tests.conftest import TUTORIALS

CHOKED = "combustion/reactingFoam/RAS/chokedNozzle"
THROTTLE_LES = "multiphase/cavitatingFoam/LES/throttle"
THROTTLE_RAS = "multiphase/cavitatingFoam/RAS/throttle"
HELMHOLTZ = "compressible/rhoPimpleFoam/laminar/helmholtzResonance"
TANK = "compressible/sonicLiquidFoam/decompressionTank"
TJUNCTION = "compressible/rhoPimpleFoam/RAS/TJunction"
PITZ = "incompressible/simpleFoam/pitzDaily"


def _copy(tmp_path: Path, tutorial: str) -> Path:
    case = tmp_path / "case"
    shutil.copytree(TUTORIALS / tutorial, case)
    unpack_dictionaries(case)
    if (case / "0.orig").is_dir() and not (case / "0").is_dir():
        shutil.copytree(case / "0.orig", case / "0")
    return case


def _number(case: Path, entry: list[str]) -> float:
    raw = " ".join((fd.get((case / "0/p").read_text(), entry) or "").split())
    return float(raw.split()[-1])


@pytest.mark.parametrize(("tutorial", "text", "expected"), [
    (CHOKED, "set the outlet pressure to 0.8 bar", {"boundaryField/outlet/pBack": 8e4}),
    (CHOKED, "Could you please make the gas discharge into an ambient of 95 kPa instead of 1 atm?",
     {"boundaryField/outlet/pBack": 95000}),
    (CHOKED, "Lower the back pressure by 20 kPa and start the vessel at 4 bar",
     {"boundaryField/outlet/pBack": 81325, "internalField": 4e5}),
    (THROTTLE_LES, "raise the inlet pressure to 350 bar and set the outlet to 80 bar",
     {"boundaryField/inlet/p0": 3.5e7, "boundaryField/outlet/value": 8e6}),
    (THROTTLE_LES, "raise the supply pressure by 20 bar", {"boundaryField/inlet/p0": 3.2e7}),
    (THROTTLE_LES, "outlet pressure 12 MPa please, the inlet stays", {"boundaryField/outlet/value": 1.2e7,
                                                                     "boundaryField/inlet/p0": 3e7}),
    # a value before its patch ("the 300 bar inlet"): the patch right after it, not the one before
    (THROTTLE_RAS, "Use kOmegaSST and end at 2e-5 s; the 280 bar inlet and 90 bar outlet pressures apply.",
     {"boundaryField/inlet/p0": 2.8e7, "boundaryField/outlet/value": 9e6}),
    (THROTTLE_RAS, "inlet 280 bar outlet 90 bar", {"boundaryField/inlet/p0": 2.8e7, "boundaryField/outlet/value": 9e6}),
    (THROTTLE_RAS, "run with a 280 bar inlet, the outlet at 90 bar",
     {"boundaryField/inlet/p0": 2.8e7, "boundaryField/outlet/value": 9e6}),
    (THROTTLE_RAS, "set the outlet to 90 bar instead of the inlet",
     {"boundaryField/inlet/p0": 3e7, "boundaryField/outlet/value": 9e6}),
    (HELMHOLTZ, "increase the outlet pressure by 10 percent", {"boundaryField/outlet/meanValue": 1.1e5}),
    (HELMHOLTZ, "the outlet mean pressure should be 1.3 bar", {"boundaryField/outlet/meanValue": 1.3e5}),
    (HELMHOLTZ, "outlet p 90 kPa", {"boundaryField/outlet/meanValue": 9e4}),
    (TANK, "raise the tank pressure to 200 bar", {"internalField": 2e7, "boundaryField/nozzle/value": 0}),
    (TANK, "The tank should initially hold 5 MPa.", {"internalField": 5e6}),
    (TANK, "set the nozzle to 1 bar", {"boundaryField/nozzle/value": 1e5, "internalField": 1e7}),
    (TJUNCTION, "both outlets at 1.1 bar", {"boundaryField/outlet1/value": 1.1e5, "boundaryField/outlet2/value": 1.1e5}),
    (PITZ, "outlet at 1 atm", {"boundaryField/outlet/value": 0}),
])
def test_modify_pressure_read_back(tmp_path: Path, tutorial: str, text: str, expected: dict[str, float]) -> None:
    case = _copy(tmp_path, tutorial)
    state = read_state(case)
    plan = plan_changes(state, text)
    apply_changes(state, plan)
    for where, number in expected.items():
        assert _number(case, where.split("/")) == pytest.approx(number, rel=1e-6, abs=1e-9), (where, plan.edits)
    assert not fd.parse_error((case / "0/p").read_text())


@pytest.mark.parametrize("text", ["set the inlet pressure to 2 bar and end at 1", "raise the inlet pressure by 0.5 bar, end at 1"])
def test_normalised_gas_keeps_its_pressure(tmp_path: Path, text: str) -> None:
    """forwardStep's gas is normalised (p = 1): a pressure in Pa is not applied, with why."""
    case = _copy(tmp_path, "compressible/rhoCentralFoam/forwardStep")
    plan = plan_changes(read_state(case), text)
    assert not any(e.file == "0/p" for e in plan.edits)
    assert any("normalised gas" in w for w in plan.warnings)


def test_unnamed_pressure_change_is_said(tmp_path: Path) -> None:
    """An increment of a pressure no patch or role holds is not applied, with what to name."""
    state = read_state(_copy(tmp_path, PITZ))
    with pytest.raises(RequestError, match="no patch holding a pressure level is named"):
        plan_changes(state, "increase the pressure by 5 Pa")
