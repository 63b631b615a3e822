"""`casewright new` on forced convection past a heated body (a Gmsh mesh) and through a heated
O-grid pipe: the buoyant solvers diverge on such meshes with the installed OpenFOAM v1912 build,
so the temperature rides on pimpleFoam as a passive scalar; the case runs natively, every stated
value is in the files and T is solved (its log lines, the body's temperature kept)."""

from __future__ import annotations

from pathlib import Path

import pytest
from foamlib import FoamFile

from tests.conftest import cli_json

pytestmark = pytest.mark.integration


@pytest.mark.parametrize("text, body", [
    ("forced convection: air at 0.5 m/s past a heated cylinder of diameter 2 cm in a channel 0.5 m long and 0.1 m "
     "high, cylinder at 350 K, inlet air 300 K, laminar, 2 s", "cylinder"),
    ("laminar flow of water at 0.05 m/s through a 3D pipe of diameter 2 cm and length 0.1 m, pipe wall heated to "
     "330 K, inlet water at 300 K, cells of about 2 mm, 1 s", "wall"),
])
def test_heat_on_a_body_fitted_mesh_runs_with_a_passive_temperature(text, body, tmp_path, cli_env, prefect_server):
    out = tmp_path / "case"
    code, r = cli_json(["new", text, "-o", str(out), "--smoke", "10", "--backend", "native"], cli_env)
    assert code == 0 and r["status"] == "completed", r
    assert r["solver"] == "pimpleFoam"
    assert all(q["verified"] for q in r["stated"]), r["stated"]
    case = Path(r["case_dir"])
    assert FoamFile(case / "system/controlDict")["functions"]["temperature"]["type"] == "scalarTransport"
    assert "Solving for T" in (case / "log.pimpleFoam").read_text()
    hot = 350 if body == "cylinder" else 330
    assert FoamFile(case / "0/T")["boundaryField"][body]["value"] == pytest.approx(hot)
