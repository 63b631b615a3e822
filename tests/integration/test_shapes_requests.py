"""Shape-library requests end to end (`casewright new --smoke`): a cavity heated from below and a
channel with a rectangular block are planned from their words, meshed and run by real OpenFOAM, and
every length and temperature stated is verified in the written case."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tasks.bench.mesh_check import read_points
from tests.conftest import cli_json

pytestmark = pytest.mark.integration


def smoke(text: str, out: Path, env) -> dict:
    code, result = cli_json(["new", text, "-o", str(out), "--smoke", "10"], env)
    assert code == 0, result
    assert result["status"] == "completed" and result["score"] == 4, result["score_reason"]
    return result


def test_cavity_heated_from_below_runs_with_hot_floor_and_cold_top(tmp_path, cli_env, prefect_server, need_docker):
    result = smoke("Benard convection, buoyantBoussinesqPimpleFoam laminar, in a 2D slot 0.16 m wide and 0.04 m "
                   "high from the origin: floor at 312 K, ceiling at 304 K, insulated ends; water; 64 x 16 cells; "
                   "simulate 10 s", tmp_path / "benard", cli_env)
    case = Path(result["case_dir"])
    temperature = (case / "0/T").read_text()
    assert "uniform 312" in temperature and "uniform 304" in temperature
    boundary = (case / "constant/polyMesh/boundary").read_text()
    assert {"floor", "ceiling", "leftWall", "rightWall"} <= set(boundary.split())
    points = read_points(case / "constant/polyMesh")
    assert np.allclose(points.min(axis=0)[:2], [0, 0]) and np.allclose(points.max(axis=0)[:2], [0.16, 0.04])


def test_channel_with_a_rectangular_block_leaves_the_block_empty(tmp_path, cli_env, prefect_server, need_docker):
    result = smoke("icoFoam laminar flow past a rectangular block 0.24 m by 0.06 m centred at (0.8, 0.25) in a 2D "
                   "channel 2.4 m long and 0.5 m high from the origin; inflow 0.03 m/s; nu 1e-4; cells of about "
                   "0.025 m; run to 20 s", tmp_path / "block", cli_env)
    case = Path(result["case_dir"])
    points = read_points(case / "constant/polyMesh")
    inside = (np.abs(points[:, 0] - 0.8) < 0.119) & (np.abs(points[:, 1] - 0.25) < 0.029)
    assert not inside.any()
    assert np.allclose(points.max(axis=0)[:2], [2.4, 0.5])
