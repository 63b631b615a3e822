"""`--np N`: decomposePar, `mpirun -np N <solver> -parallel` inside the OpenFOAM container (no
network), reconstructPar; the report reads the parallel logs."""

from __future__ import annotations

from pathlib import Path

import pytest
from foamlib import FoamFile

from tests.conftest import CAVITY, DAMBREAK, cli_json, copy_tutorial, set_entry

pytestmark = pytest.mark.integration


def test_run_case_on_two_ranks(tmp_path: Path, cli_env: dict[str, str], prefect_server: str,
                               need_docker: None) -> None:
    case = copy_tutorial(CAVITY, tmp_path / "cavity")
    code, r = cli_json(["run-case", str(case), "--np", "2", "--backend", "docker"], cli_env)
    assert code == 0, r
    assert r["status"] == "completed" and r["np"] == 2
    assert r["parallel"] == {"decomposed": True, "reconstructed": True}
    assert [(s["command"], s["args"], s["np"]) for s in r["steps"]] == [
        ("blockMesh", [], 1), ("decomposePar", ["-force"], 1), ("icoFoam", ["-parallel"], 2), ("reconstructPar", [], 1)]
    assert r["time_reached"] == pytest.approx(0.5) and r["residuals"]["p"]["n"] > 50
    assert (case / "0.5/U").is_file() and (case / "processor1/0.5/U").is_file()
    decompose = FoamFile(case / "system/decomposeParDict")
    assert decompose["numberOfSubdomains"] == 2 and decompose["method"] == "hierarchical"
    assert list(decompose["hierarchicalCoeffs"]["n"]) == [2, 1, 1]  # never across the empty z direction
    assert "Finalising parallel run" in (case / "log.icoFoam").read_text()

    # the case remembers its ranks: a plain run-case runs on 2 again; --np 1 returns to serial
    code, r = cli_json(["run-case", str(case), "--backend", "docker"], cli_env)
    assert code == 0 and r["np"] == 2, r
    code, r = cli_json(["run-case", str(case), "--np", "1", "--backend", "docker"], cli_env)
    assert code == 0 and r["np"] == 1 and r["parallel"] is None and [s["command"] for s in r["steps"]] == [
        "blockMesh", "icoFoam"], r


def test_a_tutorial_decomposition_is_matched_to_the_rank_count(tmp_path: Path, cli_env: dict[str, str],
                                                              prefect_server: str, need_docker: None) -> None:
    """damBreak ships `simple` with `coeffs { n (2 2 1); }` for 4 subdomains; on 2 ranks both
    are edited, the rest of the user's file kept."""
    case = copy_tutorial(DAMBREAK, tmp_path / "damBreak")
    set_entry(case / "system/controlDict", "endTime", "0.1")
    before = (case / "system/decomposeParDict").read_text()
    assert "numberOfSubdomains 4;" in before
    code, r = cli_json(["run-case", str(case), "--np", "2", "--backend", "docker"], cli_env)
    assert code == 0, r
    assert r["status"] == "completed" and r["parallel"] == {"decomposed": True, "reconstructed": True}
    decompose = FoamFile(case / "system/decomposeParDict")
    assert decompose["numberOfSubdomains"] == 2 and decompose["method"] == "simple"
    assert list(decompose["coeffs"]["n"]) == [2, 1, 1]
    assert decompose["distributed"] is False and "simpleCoeffs" not in decompose  # the user's layout stays


def test_a_sweep_runs_each_variant_on_two_ranks(tmp_path: Path, cli_env: dict[str, str], prefect_server: str,
                                                need_docker: None) -> None:
    case = copy_tutorial(CAVITY, tmp_path / "cavity")
    out = tmp_path / "sweep"
    code, r = cli_json(["sweep", str(case), "-o", str(out), "--param", "U=1,2", "--change", "lid velocity {U} m/s",
                        "--np", "2"], cli_env)
    assert code == 0, r
    assert [v["np"] for v in r["variants"]] == [2, 2]
    assert not list(out.glob("*/processor*"))  # reconstructed results come back, not the pieces
    assert (out / "U-2/0.5/U").is_file()
