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


def test_a_splitter_plate_splits_the_inlet_into_two_streams_and_runs(tmp_path, cli_env, prefect_server, need_docker):
    result = smoke("A two-stream mixing layer with pimpleFoam, laminar: a 2D channel from x = -5 cm to 25 cm and y = 0 to "
                   "3 cm; a splitter plate 2 mm thick centred on the mid-height runs from the inlet to x = 0; the stream "
                   "below the plate enters at 0.01 m/s and the one above it at 0.03 m/s; nu 1e-5; 2.5 mm cells; "
                   "run 5 s", tmp_path / "splitter", cli_env)
    case = Path(result["case_dir"])
    u = (case / "0/U").read_text()
    assert "inletLower" in u and "inletUpper" in u and "uniform (0.01 0 0)" in u and "uniform (0.03 0 0)" in u
    points = read_points(case / "constant/polyMesh")
    assert np.allclose(points.min(axis=0)[:2], [-0.05, 0]) and np.allclose(points.max(axis=0)[:2], [0.25, 0.03])
    inside = (points[:, 0] < -1e-9) & (np.abs(points[:, 1] - 0.015) < 0.001 - 1e-9)
    assert not inside.any()  # no mesh inside the plate
