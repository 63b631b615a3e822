"""Round-2 selection classes: a physical duration means transient, a stated time scheme beats a
flow word's solver, MRF zone vs SRF whole frame, chemFoam's 0-D reactor, compressible VOF over
Euler-Euler, a solid and a fluid exchanging heat as conjugate heat transfer."""

from pathlib import Path

import pytest

from tasks.plan.select import rank, request_features, rotating_frame, says_duration, tutorial_records

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")


@pytest.mark.parametrize("text, said", [
    ("run until t = 20 s", True), ("simulate 0.5 s", True), ("2 seconds of flow", True), ("for 300 ms", True),
    ("inlet at 10 m/s", False), ("strain rate 100 s^-1", False), ("rate 5 1/s", False), ("Mach 3", False),
    ("1000 iterations", False),
])
def test_says_duration(text: str, said: bool) -> None:
    assert says_duration(text) is said


@pytest.mark.parametrize("text, frame", [
    ("impeller with a rotating zone around the blades", "zone"),
    ("frozen rotor model of a fan", "zone"),
    ("moving reference frame only in the impeller region", "zone"),
    ("the whole domain rotates with the pump", "whole"),
    ("single rotating frame for a rotor", "whole"),
    ("flow past a fixed cylinder", None),
])
def test_rotating_frame(text: str, frame: str | None) -> None:
    assert rotating_frame(text) == frame


@pytest.mark.parametrize("text, steady", [
    ("backward-facing step, simulate 0.5 s", False),
    ("steady flow in a duct, run 500 iterations", True),
    ("flow in a duct at 5 m/s", None),
])
def test_duration_implies_transient(text: str, steady: bool | None) -> None:
    assert request_features(text, None, None).steady is steady


needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


def _top_solver(text: str) -> str:
    candidates = rank(request_features(text, None, None), tutorial_records(TUTORIALS), 1)
    return candidates[0].record.solver or ""


@needs_tutorials
@pytest.mark.parametrize("text, check", [
    ("turbulent backward-facing step flow for 1.5 s of physical time", lambda s: "Simple" not in s and s != "simpleFoam"),
    ("heated room with natural convection, end time 1200 s", lambda s: "Simple" not in s),
    ("steady transonic flow around an airfoil at Mach 0.75", lambda s: s == "rhoSimpleFoam"),
    ("mixing tank where only the impeller zone rotates (MRF), steady", lambda s: s == "simpleFoam"),
    ("pump with the entire fluid rotating, single rotating frame", lambda s: s.startswith("SRF")),
    ("autoignition delay of methane in a constant-volume reactor", lambda s: s == "chemFoam"),
    ("compressible gas bubble expanding in a pool of water with a sharp interface",
     lambda s: s.startswith("compressibleInter")),
    ("air bubbles rising through a water column", lambda s: s == "twoPhaseEulerFoam"),
    ("a titanium block cooled by an air stream", lambda s: s.startswith("chtMultiRegion")),
])
def test_class_picks(text: str, check) -> None:
    solver = _top_solver(text)
    assert check(solver), f"{text!r} picked {solver}"


@needs_tutorials
@pytest.mark.parametrize("text, case", [
    ("ignition of hydrogen and air in a 0-D reactor", "combustion/chemFoam/h2"),
    ("n-heptane autoignition, homogeneous batch reactor", "combustion/chemFoam/nc7h16"),
])
def test_chemfoam_fuel(text: str, case: str) -> None:
    candidates = rank(request_features(text, None, None), tutorial_records(TUTORIALS), 1)
    assert candidates[0].record.case == case


@needs_tutorials
@pytest.mark.parametrize("text, stated, entry", [
    ("hydrogen ignition in a constant-pressure reactor at 1 bar and 1000 K", "1000 K", "T"),
    ("hydrogen ignition in a constant-pressure reactor at 1 bar and 1000 K", "1 bar", "p"),
    ("a homogeneous reactor starting at 1200 K and 5 atm", "5 atm", "p"),
])
def test_chemfoam_initial_state_binds_to_initial_conditions(text: str, stated: str, entry: str) -> None:
    from tasks.plan.bind import bind_all
    from tasks.plan.stated import read_stated

    binder = bind_all(TUTORIALS / "combustion/chemFoam/h2", "chemFoam", text, read_stated(text))
    where = {b.stated: (b.file, "/".join(b.entry)) for b in binder.bindings}
    assert where.get(stated) == ("constant/initialConditions", entry), \
        f"{stated} bound to {where.get(stated)}; not applied: {[(n.text, n.reason) for n in binder.not_applied]}"
