"""The acceptance verdict: each check's bounds as tables, field reading, the monitors a case gets."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from tasks.edit.caseops import add_monitors, tighten_residual_control
from tasks.foam import dictionary as fd
from tasks.run.acceptance import (
    AcceptanceInputs,
    FieldRange,
    function_object_series,
    judge,
    latest_time,
    read_internal_field,
)
from tests.conftest import TUTORIALS

PITZ = TUTORIALS / "incompressible/simpleFoam/pitzDaily"


def steady(**kw) -> AcceptanceInputs:
    base = dict(application="simpleFoam", completed=True, residuals={"p": (1.0, 1e-5), "Ux": (1.0, 1e-6)},
                continuity=1e-6, monitored=[1.0] * 100, patch_flows={"inlet": -1.0, "outlet": 1.0})
    return AcceptanceInputs(**{**base, **kw})


def transient(**kw) -> AcceptanceInputs:
    base = dict(application="pimpleFoam", completed=True, continuity=1e-8, courant_max=0.8, n_outer=1)
    return AcceptanceInputs(**{**base, **kw})


def check(acc, name: str):
    return next(c for c in acc.checks if c.name.startswith(name))


def test_clean_steady_run_is_accepted_and_converged() -> None:
    acc = judge(steady())
    assert acc.verdict == "accept" and acc.converged is True and acc.reasons == []


@pytest.mark.parametrize(("inputs", "name", "severity"), [
    # defect 13: the tutorial's residualControl p 1e-2 with a local continuity error ~7e-3 is not converged
    (steady(residuals={"p": (1.0, 9e-3)}, continuity=7e-3), "continuity", "reject"),
    (steady(residuals={"p": (1.0, 9e-3)}, continuity=7e-3), "residual drop p", "warn"),
    (steady(residuals={"p": (1.0, 0.2)}, continuity=5e-4), "residual drop p", "reject"),
    (steady(residuals={"p": (1.0, 0.2)}), "residual drop p", "warn"),        # stationary and continuous
    (steady(residuals={"p": (1e-6, 5e-7)}), "residual drop p", "ok"),          # started converged
    (steady(continuity=5e-4), "continuity", "warn"),
    (steady(monitored=[1.0 + 0.3 * i / 100 for i in range(100)]), "stationarity", "reject"),
    (steady(monitored=[1.0 + 0.005 * (i % 2) for i in range(100)]), "stationarity", "warn"),
    (steady(patch_flows={"inlet": -1.0, "outlet": 0.99}), "mass balance", "reject"),
    (steady(patch_flows={"inlet": -1.0, "outlet": 0.995}), "mass balance", "warn"),
    (steady(patch_flows={"inlet": -1.0, "outlet": 0.9999}), "mass balance", "ok"),
    (steady(ranges={"k": FieldRange(min=-1e-3, max=1.0)}), "k > 0", "reject"),
    (steady(ranges={"omega": FieldRange(min=1e-3, max=1e3)}), "omega > 0", "ok"),
    (steady(late_bounding=["epsilon"]), "no late bounding", "warn"),
    # defect 11: Co 5 with one outer corrector (PISO mode) is not time-accurate
    (transient(courant_max=5.0, n_outer=1, max_co=5.0), "Courant", "warn"),
    (transient(courant_max=5.0, n_outer=3, max_co=5.0), "Courant", "ok"),
    (transient(courant_max=1.3, n_outer=1, max_co=1.0), "Courant", "ok"),      # adjustTimeStep overshoot
    (transient(courant_max=12.0, n_outer=None), "Courant", "reject"),
    (transient(continuity=1e-3), "continuity", "reject"),
    (transient(application="interFoam", ranges={"alpha.water": FieldRange(min=-8.8e-5, max=1.0)}), "alpha.water", "ok"),
    (transient(application="interFoam", ranges={"alpha.water": FieldRange(min=-0.05, max=1.0)}), "alpha.water", "reject"),
    (transient(application="buoyantBoussinesqPimpleFoam", ranges={"T": FieldRange(min=299.0, max=321.0)},
               wall_temperatures=(300.0, 320.0)), "T within", "warn"),
    (transient(application="buoyantBoussinesqPimpleFoam", ranges={"T": FieldRange(min=300.0, max=320.0)},
               wall_temperatures=(300.0, 320.0)), "T within", "ok"),
    (transient(application="rhoPimpleFoam", ranges={"T": FieldRange(min=-5.0, max=300.0)}), "T within", "reject"),
    (transient(application="rhoPimpleFoam", ranges={"p": FieldRange(min=0.0, max=1e5)}), "absolute p", "reject"),
    (transient(yplus=[("warn", "y+ below the log layer on lowerWall")]), "y+", "warn"),
])
def test_check_bounds(inputs: AcceptanceInputs, name: str, severity: str) -> None:
    acc = judge(inputs)
    assert check(acc, name).severity == severity
    rank = {"ok": 0, "accept": 0, "warn": 1, "reject": 2}
    assert rank[acc.verdict] >= rank[severity]  # the verdict is the worst of the checks


def test_failed_run_is_rejected_with_the_reason_first() -> None:
    acc = judge(steady(completed=False))
    assert acc.verdict == "reject" and acc.converged is False
    assert acc.reasons[0].startswith("reject: the run did not complete")


def test_steady_run_stopped_early_is_not_converged_when_a_criterion_fails() -> None:
    acc = judge(steady(monitored=[1.0 + 0.3 * i / 100 for i in range(100)]))
    assert acc.converged is False and acc.verdict == "reject"


def test_transient_runs_have_no_convergence_claim() -> None:
    assert judge(transient()).converged is None


def test_read_internal_field_uniform_and_lists(tmp_path: Path) -> None:
    (tmp_path / "s").write_text("internalField   nonuniform List<scalar> \n3\n(\n1\n-2.5e-3\n3\n)\n;\nboundaryField{}")
    (tmp_path / "v").write_text("internalField   nonuniform List<vector> 2((1 2 3) (4 5 6));\nboundaryField{}")
    (tmp_path / "u").write_text("internalField   uniform (1 0 0);\n")
    assert np.allclose(read_internal_field(tmp_path / "s"), [1, -2.5e-3, 3])
    assert read_internal_field(tmp_path / "v").shape == (2, 3)
    assert np.allclose(read_internal_field(tmp_path / "u"), [[1, 0, 0]])


def test_latest_time_and_function_object_series(tmp_path: Path) -> None:
    for t in ("0", "0.5", "10", "constant"):
        (tmp_path / t).mkdir()
    assert latest_time(tmp_path) == "10"
    for start, rows in (("0", "1 -2e-4\n2 -2.5e-4\n"), ("2", "3 -2.6e-4\n")):
        d = tmp_path / "postProcessing/flowRate_inlet" / start
        d.mkdir(parents=True)
        (d / "surfaceFieldValue.dat").write_text("# Time sum(phi)\n" + rows)
    assert function_object_series(tmp_path, "flowRate_inlet")[-1] == [3.0, -2.6e-4]


@pytest.fixture
def pitz(tmp_path: Path) -> Path:
    if not PITZ.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    case = tmp_path / "pitzDaily"
    shutil.copytree(PITZ, case)
    return case


def test_monitors_and_tightened_residual_control(pitz: Path) -> None:
    """The flow-rate and monitored-quantity function objects parse back; the tutorial's p 1e-2
    residualControl (defect 13) becomes the canonical 1e-4, U and turbulence 1e-5."""
    assert add_monitors(pitz, "simpleFoam") == ["system/controlDict"]
    control = (pitz / "system/controlDict").read_text()
    assert fd.parse_error(control) is None
    assert set(fd.keys(control, ["functions"])) >= {"flowRate_inlet", "flowRate_outlet", "monitor_volAverage"}
    assert fd.get(control, ["functions", "flowRate_outlet", "fields"]) == "(phi)"
    assert tighten_residual_control(pitz) == ["system/fvSolution"]
    sol = (pitz / "system/fvSolution").read_text()
    assert fd.parse_error(sol) is None
    assert float(fd.get(sol, ["SIMPLE", "residualControl", "p"])) == 1e-4
    assert float(fd.get(sol, ["SIMPLE", "residualControl", "U"])) == 1e-5
    assert float(fd.get(sol, ["SIMPLE", "residualControl", '"(k|epsilon|omega|f|v2)"'])) == 1e-5
    assert tighten_residual_control(pitz) == []  # tighter entries are kept


def test_no_monitors_for_a_lagrangian_solver(pitz: Path) -> None:
    assert add_monitors(pitz, "MPPICFoam") == []


def test_stalled_residual_of_a_stationary_solution_is_a_warning() -> None:
    """Couette flow: Uy is round-off, its normalised residual stays O(1); continuity and the
    monitored quantity say the solution is steady."""
    acc = judge(steady(residuals={"Uy": (1.0, 0.37), "p": (1.0, 0.06)}, continuity=1e-9))
    assert check(acc, "residual drop Uy").severity == "warn" and acc.verdict == "warn"
    assert acc.converged is False
    acc = judge(steady(residuals={"p": (1.0, 0.06)}, continuity=5e-4))  # not stationary-and-continuous: reject
    assert check(acc, "residual drop p").severity == "reject"


def test_a_single_open_patch_has_no_mass_balance() -> None:
    """damBreak: the atmosphere is the only open patch; its 1e-9 m3/s of round-off is no imbalance."""
    acc = judge(transient(application="interFoam", patch_flows={"atmosphere": 1.155e-08}))
    assert check(acc, "mass balance").severity == "n/a" and acc.verdict == "accept"


def test_a_passive_scalar_named_t_has_no_temperature_limits() -> None:
    """scalarTransportFoam's T is a concentration (0 .. 5 here), declared in kelvin by the
    tutorial: judging it against temperature limits rejected every scalar run."""
    acc = judge(transient(application="scalarTransportFoam", ranges={"T": FieldRange(min=0.0, max=5.0)}))
    assert not [c for c in acc.checks if c.name.startswith("T within")]
    assert not any("physical limits" in r for r in acc.reasons)
