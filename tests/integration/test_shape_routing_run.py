"""`casewright new` on requests whose words also match a tutorial or a family recipe (a lid-driven
cavity, natural convection, a backward-facing step) but whose stated sizes only the shape library
can build: the library builds them, every stated value is in the files, and the case runs."""

from __future__ import annotations

from pathlib import Path

import pytest
from foamlib import FoamFile

from tests.conftest import cli_json

pytestmark = pytest.mark.integration


def _new(text: str, out: Path, env: dict[str, str]) -> dict:
    code, r = cli_json(["new", text, "-o", str(out), "--smoke", "5"], env)
    assert code == 0 and r["status"] == "completed", r
    assert r["not_applied"] == [] and all(q["verified"] for q in r["stated"]), r["stated"]
    return r


def test_a_cavity_twice_as_wide_as_deep_is_built_and_run(tmp_path, cli_env, prefect_server, need_docker):
    r = _new("icoFoam lid-driven cavity 0.2 m wide and 0.1 m deep, lid 0.5 m/s, nu 1e-3, 24 cells across and "
             "12 cells in the vertical direction, run 0.5 s", tmp_path / "cav", cli_env)
    assert r["recipe"] == "geometry:lid_driven_cavity"
    assert r["geometry"]["dimensions"]["width"] == 0.2 and r["geometry"]["dimensions"]["height"] == 0.1


def test_a_side_heated_cavity_is_built_and_run_with_its_wall_temperatures(tmp_path, cli_env, prefect_server,
                                                                           need_docker):
    r = _new("natural convection in a differentially heated square enclosure of 0.05 m, right wall 305 K, "
             "left wall 295 K, adiabatic top and bottom, buoyantBoussinesqPimpleFoam laminar, Pr 0.7, "
             "20x20 cells, 5 s", tmp_path / "heat", cli_env)
    assert r["recipe"] == "geometry:heated_cavity"
    t = FoamFile(Path(r["case_dir"]) / "0/T")
    assert t["boundaryField"]["rightWall"]["value"] == pytest.approx(305)
    assert t["boundaryField"]["leftWall"]["value"] == pytest.approx(295)
