"""`casewright modify` on real cases: minimal diffs, backups, locks, and a real run."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import TUTORIALS, cli_json, copy_tutorial

pytestmark = pytest.mark.integration


@pytest.fixture()
def cavity(planned_cavity: Path) -> Path:
    """The lid-driven cavity `casewright new` plans (0.1 s), a copy of the session's (tests/conftest.py)."""
    return planned_cavity


def test_lid_velocity_change_touches_one_line(cavity, cli_env, prefect_server, need_docker):
    before = (cavity / "0/U").read_text()
    code, r = cli_json(["modify", str(cavity), "Increase the top wall velocity from 1 m/s to 5 m/s."], cli_env)
    assert code == 0 and r["score"] == 4, r["score_reason"]
    # the fixed time step follows the faster lid (Courant 5 -> 0.5), said as an assumption
    assert r["changed"] == ["0/U", "system/controlDict"]
    assert any("deltaT" in a and "Courant" in a for a in r["assumptions"]), r["assumptions"]
    u_diff = r["diff"].split("--- a/system/controlDict")[0]
    minus = [l for l in u_diff.splitlines() if l.startswith("-") and not l.startswith("---")]
    plus = [l for l in u_diff.splitlines() if l.startswith("+") and not l.startswith("+++")]
    assert len(minus) == len(plus) == 1 and "(5 0 0)" in plus[0]
    backup = Path(r["backup"]) / "0/U"
    assert backup.read_text() == before
    locked = {tuple(c["entry"]): c for c in r["locked"]}
    assert locked[("boundaryField", "movingWall", "value")]["expected"] == "uniform (5 0 0)"


def test_laminar_to_k_epsilon_adds_fields_and_wall_functions(cavity, cli_env, prefect_server, need_docker):
    code, r = cli_json(["modify", str(cavity), "Convert the cavity flow simulation from laminar icoFoam to "
                        "turbulent flow using simpleFoam with the k-epsilon RANS model."], cli_env)
    assert code == 0 and r["status"] == "completed", r["score_reason"]
    assert r["solver"] == "simpleFoam" and r["turbulence"] == "kEpsilon"
    for field, wall in (("k", "kqRWallFunction"), ("epsilon", "epsilonWallFunction"), ("nut", "nutkWallFunction")):
        assert f"type            {wall};" in (cavity / "0" / field).read_text()


def test_change_with_nothing_to_do_is_refused_and_changes_nothing(cavity, cli_env):
    before = {p: p.read_text() for p in cavity.rglob("*") if p.is_file()}
    code, r = cli_json(["modify", str(cavity), "make it better", "--no-run"], cli_env)
    assert code == 2 and "found no change" in r["error"]
    assert {p: p.read_text() for p in cavity.rglob("*") if p.is_file()} == before


def test_m4_tutorial_switches_model_and_runs(tmp_path, cli_env, prefect_server, need_docker):
    """A tutorial meshed from an m4 template (mixerVessel2D): the new 0/omega covers the
    template's patches and the case runs from the blockMeshDict the change expands."""
    case = copy_tutorial(TUTORIALS / "incompressible/simpleFoam/mixerVessel2D", tmp_path / "mixer")
    request = "Use the k-omega SST model, spin the rotor at 800 rpm and run 40 iterations."
    code, r = cli_json(["modify", str(case), request], cli_env)
    assert code == 0 and r["status"] == "completed", r["score_reason"]
    assert r["turbulence"] == "kOmegaSST" and "system/blockMeshDict (new)" in r["changed"]
    assert "rotor" in (case / "0/omega").read_text()
