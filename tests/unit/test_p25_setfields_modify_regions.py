"""`modify` of the initial regions of installed tutorials (session 25): a round region's radius,
diameter or centre (setAlphaFieldDict of the interIsoFoam cases, a sphereToCell of setFields)
and a fill level of a setFields box, applied on a copy of the tutorial and read back; the
entries the request keeps ("same centre") stay as they were."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tasks.edit.modify_regions import centre_move_edits, sizes_initial_region
from tasks.plan.stated import read_stated
from tests.unit.modify_cases import entry_of, modify_case, tutorial_case

DISC = "multiphase/interIsoFoam/discInReversedVortexFlow"
SPHERE = "multiphase/interIsoFoam/sphereInReversedVortexFlow"
DEPTH_CHARGE = "multiphase/compressibleInterFoam/laminar/depthCharge2D"
FLUIDISED_BED = "multiphase/twoPhaseEulerFoam/laminar/fluidisedBed"


def _numbers(raw: str) -> list[float]:
    return [float(x) for x in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", raw)]


@pytest.mark.parametrize("tutorial, text, radius, origin", [
    (DISC, "disc radius 12 cm instead of 15 cm, keep the centre", 0.12, [0.5, 0, 0.75]),
    (DISC, "please make the disc diameter 0.24 m", 0.12, [0.5, 0, 0.75]),
    (DISC, "shift the disc centre to (0.45 0 0.65)", 0.15, [0.45, 0, 0.65]),
    (SPHERE, "sphere radius 0.18 m", 0.18, [0.35, 0.35, 0.35]),
])
def test_alpha_region_changes(tmp_path: Path, tutorial: str, text: str, radius: float, origin: list[float]) -> None:
    case = tutorial_case(tmp_path, tutorial)
    modify_case(case, text)
    assert _numbers(entry_of(case, "system/setAlphaFieldDict", "radius")) == pytest.approx([radius])
    assert _numbers(entry_of(case, "system/setAlphaFieldDict", "origin")) == pytest.approx(origin)


def test_setfields_bubble_moved_keeps_radius_and_box(tmp_path: Path) -> None:
    case = tutorial_case(tmp_path, DEPTH_CHARGE)
    modify_case(case, "move the gas bubble to (0.5, 0.7, 0)")
    regions = entry_of(case, "system/setFieldsDict", "regions")
    sphere = re.search(r"sphereToCell\s*\{([^}]*)\}", regions).group(1)
    assert _numbers(re.search(r"origin\s*\(([^)]*)\)", sphere).group(1)) == pytest.approx([0.5, 0.7, 0])
    assert _numbers(re.search(r"radius\s+([^;]*);", sphere).group(1)) == pytest.approx([0.1])
    assert "box (-10 1 -1) (10 10 1)" in regions


def test_fill_level_of_a_bed(tmp_path: Path) -> None:
    case = tutorial_case(tmp_path, FLUIDISED_BED)
    modify_case(case, "bed height 0.35 m instead of 0.5 m")
    assert "box (0 0 -0.1) (0.15 0.35 0.1)" in entry_of(case, "system/setFieldsDict", "regions")


def test_readers_leave_the_domain_alone(tmp_path: Path) -> None:
    """A length of the domain is no region size, and a case without round regions moves nothing."""
    case = tutorial_case(tmp_path, FLUIDISED_BED)
    text = "make the domain 0.3 m wide"
    assert not any(sizes_initial_region(case, text, q) for q in read_stated(text))
    assert centre_move_edits(case, "move the bubble to (0.1, 0.2, 0)") == []
