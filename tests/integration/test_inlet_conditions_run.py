"""`casewright new` with a velocity or a flow rate at inlets that are not a plain fixedValue (a
rotating frame's SRFVelocity, a tutorial's include, a fixed velocity driven by a flow rate
instead): the case OpenFOAM runs holds the stated value where the condition reads it, and it
runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tests.conftest import cli_json

pytestmark = pytest.mark.integration


def test_an_absolute_inflow_in_a_rotating_frame_runs(tmp_path, cli_env, prefect_server, need_docker):
    code, r = cli_json(["new", "SRFSimpleFoam mixer turning at 800 rpm with an axial inflow of 4 m/s, 20 iterations",
                        "-o", str(tmp_path / "srf"), "--smoke", "5"], cli_env)
    assert code == 0 and r["status"] == "completed", r
    assert r["not_applied"] == [] and r["score"] == 4, r["score_reason"]
    urel = (Path(r["case_dir"]) / "0/Urel").read_text()
    assert " ".join(fd.get(urel, ["boundaryField", "inlet", "inletValue"]).split()) == "uniform (0 0 -4)"


def test_a_flow_rate_at_a_fixed_velocity_inlet_runs(tmp_path, cli_env, prefect_server, need_docker):
    code, r = cli_json(["new", "pitzDaily with simpleFoam, 0.0002 m3/s through the inlet, 20 iterations",
                        "-o", str(tmp_path / "q"), "--smoke", "5"], cli_env)
    assert code == 0 and r["status"] == "completed", r
    assert r["not_applied"] == [] and r["score"] == 4, r["score_reason"]
    u = (Path(r["case_dir"]) / "0/U").read_text()
    assert fd.get(u, ["boundaryField", "inlet", "type"]) == "flowRateInletVelocity"
    assert " ".join(fd.get(u, ["boundaryField", "inlet", "volumetricFlowRate"]).split()) == "constant 0.0002"
