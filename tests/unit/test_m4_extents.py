"""The domain of a tutorial meshed from an m4 template is read from the template's expansion."""

from pathlib import Path

import pytest

from tasks.foam.m4 import expand_template
from tasks.plan.bind_base import Base

EXAMPLES = Path("/usr/share/doc/openfoam-examples/examples")
pytestmark = pytest.mark.skipif(not EXAMPLES.is_dir(), reason="OpenFOAM tutorials not installed")


@pytest.mark.parametrize(("tutorial", "size"), [
    ("multiphase/interFoam/laminar/sloshingTank2D", (1.0, 40.0, 30.0)),
    ("multiphase/interIsoFoam/sloshingTank2D", (1.0, 40.0, 30.0)),
    ("multiphase/interFoam/laminar/sloshingTank3D", (20.0, 40.0, 30.0)),
    ("multiphase/multiphaseEulerFoam/mixerVessel2D", (0.2, 0.2, 0.01)),
])
def test_extents_of_an_m4_meshed_tutorial(tutorial: str, size: tuple[float, float, float]) -> None:
    assert Base(EXAMPLES / tutorial).extents() == pytest.approx(size)


def test_a_plain_block_mesh_is_read_as_before() -> None:
    assert Base(EXAMPLES / "incompressible/simpleFoam/pitzDaily").extents() == pytest.approx((0.3106, 0.0508, 0.001))


def test_no_template_gives_none(tmp_path: Path) -> None:
    assert expand_template(tmp_path / "system/blockMeshDict.m4", tmp_path) is None
    assert Base(tmp_path).extents() is None
