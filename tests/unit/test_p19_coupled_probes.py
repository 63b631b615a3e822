"""Probes: requests on tutorials whose mesh gets coupled or baffle patches (cyclicACMI, cyclicAMI,
cyclic, fan and porous baffles made by createBaffles at run time), three phrasings each. The
written case's fields have an entry of the right type for every patch the solver will find
(the pre-run checker reports no missing entry and no patch-type error), the flow-rate monitors
name no patch a mesh step takes over, and the stated values are bound."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.edit.checks import check_case
from tasks.foam import dictionary as fd
from tasks.foam.coupled_patches import solver_start_patches
from tests.conftest import TUTORIALS

needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="installed OpenFOAM tutorials missing")

PROBES = [
    ("incompressible/pimpleFoam/RAS/oscillatingInletACMI2D", [
        "oscillatingInletACMI2D, pimpleFoam k-epsilon, inlet 2 m/s in x, endTime 0.01 s",
        "Please run the oscillating inlet ACMI tutorial (oscillatingInletACMI2D) with pimpleFoam and k-omega SST; "
        "the inlet velocity is 2 m/s and the run stops at 0.01 seconds.",
        "ACMI sliding inlet 2D (oscillatingInletACMI2D), water in at 7.2 km/h, stop t=10 ms",
    ]),
    ("incompressible/pimpleFoam/RAS/TJunctionFan", [
        "TJunctionFan pimpleFoam k-epsilon, air, inlet total pressure 40 Pa, endTime 0.02 s",
        "I am a student and want to simulate the T-junction with a fan baffle (TJunctionFan tutorial) using "
        "pimpleFoam with k-epsilon. Please set the inlet total pressure to 40 m2/s2 (p/rho) and stop at 0.02 seconds.",
        "T-junction w/ fan (TJunctionFan), run to 20 ms, p0 at inlet = 40 m^2/s^2, pimpleFoam",
    ]),
    ("incompressible/pimpleFoam/laminar/mixerVesselAMI2D", [
        "mixerVesselAMI2D pimpleFoam laminar, rotor 3 rad/s, endTime 0.02 s",
        "Please run the 2D mixer vessel with the AMI sliding interface (mixerVesselAMI2D) using pimpleFoam; "
        "the rotor should spin at 3 rad/s and the run should end at 0.02 s.",
        "AMI stirred tank 2D (mixerVesselAMI2D): rotor at 28.6 rpm, until t=20 ms, pimpleFoam laminar",
    ]),
    ("incompressible/pimpleFoam/LES/channel395", [
        "channel395 pimpleFoam LES, nu 2e-5 m2/s, endTime 0.4 s",
        "I would like to run the LES channel flow tutorial channel395 with pimpleFoam. Set the kinematic "
        "viscosity to 2e-5 m^2/s and simulate until 0.4 seconds.",
        "periodic channel LES (channel395): viscosity 0.00002 m2/s, stop at t = 400 ms",
    ]),
    ("multiphase/interFoam/RAS/damBreakPorousBaffle", [
        "damBreakPorousBaffle interFoam, water density 1000 kg/m3, endTime 0.02 s",
        "Please set up the dam break with a porous baffle (damBreakPorousBaffle) in interFoam; the water "
        "density is 1000 kg/m3 and run only until 0.02 s.",
        "porous-baffle dam break (damBreakPorousBaffle), stop at 20 ms, rho water = 1 g/cm3",
    ]),
    ("incompressible/simpleFoam/mixerVessel2D", [
        "mixerVessel2D simpleFoam, rotor 50 rad/s, 5 iterations",
        "Using simpleFoam on the 2D mixer vessel tutorial (mixerVessel2D) with MRF, please set the rotor "
        "speed to 50 rad/s and run just 5 iterations.",
        "MRF mixer 2D steady (mixerVessel2D, simpleFoam), rotor at 477.5 rpm, endTime 5 iterations",
    ]),
]
CASES = [(tutorial, text) for tutorial, texts in PROBES for text in texts]


@needs_tutorials
@pytest.mark.parametrize(("tutorial", "text"), CASES)
def test_written_fields_cover_every_patch_at_solver_start(tmp_path: Path, tutorial: str, text: str) -> None:
    from tasks.edit.writer import write_case
    from tasks.plan.architect import plan
    from tasks.run.acceptance import open_patches

    manifest = plan(text, TUTORIALS)
    assert manifest.base_tutorial == tutorial
    case = tmp_path / "case"
    write_case(manifest, case, TUTORIALS)
    problems = [p for p in check_case(case, manifest.solver) if p.severity == "error"
                and ("no entry for patch" in p.message or p.message.startswith("patch "))]
    assert problems == []
    forecast = solver_start_patches(case)
    assert not set(open_patches(case)) & set(forecast.maybe_gone)
    control = (case / "system/controlDict").read_text()
    monitored = [fd.get(control, ["functions", k, "name"]) for k in fd.keys(control, ["functions"]) if k.startswith("flowRate_")]
    assert not set(monitored) & set(forecast.maybe_gone)
    assert manifest.not_applied == []
