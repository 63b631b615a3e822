"""Session-10 pressure class: an inlet pressure or a pressure difference on an incompressible
base whose inlets fix the velocity (p zeroGradient there) turns those inlets into total-pressure
inlets (U pressureInletOutletVelocity), unless the request also states the inflow."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.core.config import get_settings

TUTORIALS = Path(get_settings().tutorials_dir)


def _plan(text: str):
    from tasks.plan.architect import plan

    return plan(text, TUTORIALS)


def _last(m, file: str, entry: list[str]):
    return next((e.value for e in reversed(m.edits) if e.file == file and e.entry == entry), None)


@pytest.mark.parametrize("text, patch, p0", [
    ("pitzDaily simpleFoam driven by an inlet total pressure of 20 m2/s2, 500 iterations", "inlet", 20.0),
    ("simpleFoam pitzDaily: a pressure difference of 12 Pa between inlet and outlet, air (rho 1.2 kg/m3), "
     "300 iterations", "inlet", 10.0),
    ("backwardFacingStep2D with simpleFoam, the flow driven by a kinematic pressure drop of 50 m2/s2, 400 iterations",
     "inlet", 50.0),
])
def test_pressure_drives_a_velocity_inlet(text: str, patch: str, p0: float) -> None:
    m = _plan(text)
    assert float(str(_last(m, "0/p", ["boundaryField", patch, "p0"])).split()[-1]) == pytest.approx(p0, rel=1e-3)
    u = next(e.value for e in reversed(m.edits) if e.file == "0/U" and e.entry == ["boundaryField", patch])
    assert u["type"] == "pressureInletOutletVelocity"
    assert any("total-pressure inlet" in a for a in m.assumptions)


@pytest.mark.parametrize("text", [
    "pitzDaily simpleFoam, inlet 10 m/s, pressure drop 30 Pa",  # the inflow is stated: no conversion
    "simpleFoam backwardFacingStep2D, Re = 5000 on the step height, inlet pressure 5 m2/s2",
])
def test_no_pressure_inlet_when_the_inflow_is_stated(text: str) -> None:
    m = _plan(text)
    assert not any(e.file == "0/U" and isinstance(e.value, dict) and e.value.get("type") == "pressureInletOutletVelocity"
                   for e in m.edits)


# a parabolic (fully developed) inlet profile: fixedProfile with a polynomial across a planar inlet
@pytest.mark.parametrize("words, kind", [
    ("a parabolic inlet profile with a mean velocity of 0.5 m/s", "mean"),
    ("poiseuille inflow, centreline speed 2 m/s", "max"),
    ("fully developed laminar inflow, bulk velocity 1 m/s", "mean"),
    ("a peak velocity of 3 m/s in a parabolic profile", "max"),
    ("uniform inflow of 3 m/s", None),
])
def test_parabolic_said(words: str, kind: str | None) -> None:
    from tasks.plan.bind_inlet_profile import parabolic_said

    assert parabolic_said(words) == kind


def test_parabolic_profile_is_zero_at_the_walls() -> None:
    from tasks.plan.bind_inlet_profile import parabolic_profile

    bc = parabolic_profile(2.0, "mean", [(0.0, 0.0), (0.01, 0.05), (-0.5, 0.5)], [1.0, 0.0, 0.0], {2})
    assert bc is not None and bc["type"] == "fixedProfile" and bc["direction"] == "(0 1 0)"
    origin = float(bc["origin"])
    nums = [float(x) for x in bc["profile"].replace("(", " ").replace(")", " ").split()[1:]]
    peak, curve = nums[0], nums[6]
    assert origin == pytest.approx(0.03) and peak == pytest.approx(3.0)  # mean 2 -> peak 3
    assert peak + curve * 0.02 ** 2 == pytest.approx(0.0, abs=1e-9)  # zero at y = 0.01 and 0.05
    assert parabolic_profile(2.0, "mean", [(0, 0), (0, 1), (0, 1)], [1.0, 0.0, 0.0], set()) is None  # a 3-D duct


@pytest.mark.parametrize("text, patch, origin", [
    ("planar Poiseuille inflow on the backwardFacingStep2D (simpleFoam), centreline speed 20 m/s, 300 iterations",
     "inlet", 0.0635),
    ("pimpleFoam pitzDaily, parabolic inlet profile with a mean velocity of 5 m/s, 0.05 s", "inlet", 0.0127),
])
def test_parabolic_inlet_planned(text: str, patch: str, origin: float) -> None:
    m = _plan(text)
    bc = next(e.value for e in reversed(m.edits) if e.file == "0/U" and e.entry == ["boundaryField", patch])
    assert bc["type"] == "fixedProfile" and float(bc["origin"]) == pytest.approx(origin)


@pytest.mark.parametrize("text", [
    "pitzDaily simpleFoam, a 100 Pa drop across the step, 300 iterations",  # a result, not the driving condition
    "simpleFoam pitzDaily; we expect about 40 Pa of pressure loss over the domain",
])
def test_a_drop_that_drives_nothing_is_not_a_pressure_inlet(text: str) -> None:
    m = _plan(text)
    assert not any(e.file == "0/U" and isinstance(e.value, dict) and e.value.get("type") == "pressureInletOutletVelocity"
                   for e in m.edits)
