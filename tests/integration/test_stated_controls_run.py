"""`casewright new` with solver controls, switches and a re-sized mesh stated in words: the
case OpenFOAM runs holds them, and it runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tests.conftest import cli_json

pytestmark = pytest.mark.integration


def test_a_box_turbulence_mesh_resized_in_every_direction_runs(tmp_path, cli_env, prefect_server, need_docker):
    """boxTurb's 16^3 initial field cannot be read on 20^3 cells: it is reset, boxTurb writes it
    anew, and dnsFoam keeps its forcing settings in turbulenceProperties."""
    code, r = cli_json(["new", "decaying box turbulence with dnsFoam, 20 cells per side, nu 0.02, run to t = 1",
                        "-o", str(tmp_path / "box"), "--smoke", "5"], cli_env)
    assert code == 0 and r["status"] == "completed", r
    assert r["score"] == 4, r["score_reason"]
    case = Path(r["case_dir"])
    assert "(20 20 20)" in " ".join((case / "system/blockMeshDict").read_text().split())
    assert fd.get((case / "constant/turbulenceProperties").read_text(), ["UOalpha"]) is not None


def test_corrector_counts_and_a_switch_are_run_as_stated(tmp_path, cli_env, prefect_server, need_docker):
    code, r = cli_json(["new", "interFoam damBreak, 3 outer correctors, no momentum predictor, run to 0.05 s",
                        "-o", str(tmp_path / "db"), "--smoke", "5"], cli_env)
    assert code == 0 and r["status"] == "completed", r
    assert r["not_applied"] == [] and r["score"] == 4, r["score_reason"]
    fv_solution = (Path(r["case_dir"]) / "system/fvSolution").read_text()
    assert fd.get(fv_solution, ["PIMPLE", "nOuterCorrectors"]) == "3"
    assert fd.get(fv_solution, ["PIMPLE", "momentumPredictor"]) == "no"
