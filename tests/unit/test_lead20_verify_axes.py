"""A stated length is found in a blockMeshDict only as a coordinate or a distance along one axis: the
difference between an x and a y coordinate is no length of the domain (tasks/edit/verify.py)."""
from pathlib import Path

import pytest

from tasks.edit.verify import find_stated
from tasks.plan.stated import StatedQuantity

BLOCK = ("FoamFile\n{{\n    version 2.0;\n    format ascii;\n    class dictionary;\n    object blockMeshDict;\n}}\n"
         "convertToMeters {scale};\nvertices\n(\n    (0 0 0)\n    (1 0 0)\n    (1 0.3 0)\n    (0 0.3 0)\n"
         "    (0 0 0.1)\n    (1 0 0.1)\n    (1 0.3 0.1)\n    (0 0.3 0.1)\n);\n"
         "blocks\n(\n    hex (0 1 2 3 4 5 6 7) (10 3 1) simpleGrading (1 1 1)\n);\n")


def _case(tmp_path: Path, scale: float = 1.0) -> Path:
    (tmp_path / "system").mkdir()
    (tmp_path / "system/blockMeshDict").write_text(BLOCK.format(scale=scale))
    return tmp_path


def _length(value: float) -> StatedQuantity:
    return StatedQuantity(text=f"{value:g} m", quantity="length", value=value, unit="m", role="geometry")


@pytest.mark.parametrize("value", [1.0, 0.3, 0.1])
def test_a_length_along_an_axis_is_found(tmp_path: Path, value: float) -> None:
    assert find_stated(_case(tmp_path), _length(value)) == ("system/blockMeshDict", ["vertices"])


@pytest.mark.parametrize("value", [0.7, 0.9, 0.2])  # 1 - 0.3, 1 - 0.1, 0.3 - 0.1: across axes
def test_a_difference_across_axes_is_no_length(tmp_path: Path, value: float) -> None:
    assert find_stated(_case(tmp_path), _length(value)) is None


def test_the_scale_applies(tmp_path: Path) -> None:
    assert find_stated(_case(tmp_path, 0.001), _length(0.0003)) == ("system/blockMeshDict", ["vertices"])
