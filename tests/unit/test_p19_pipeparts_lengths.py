"""Lengths written the US way (inch fractions, feet and inches, negative coordinates) and a stated cell size checked
on the blocks that were built (block length / cell count), not looked up as a number in a file. Probes: our own
dimensions, three phrasings each (terse, verbose, other units or words)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tasks.edit.verify_cell_size import block_spacings, cell_size_built
from tasks.geometry.build import build_mesh
from tasks.geometry.quality import parse_check_mesh
from tasks.geometry.text import parse_geometry
from tasks.geometry.text_lengths_us import feet_inches_words
from tasks.plan.extract import quantities
from tests.unit.native_foam import run_foam as _run

IN, FT = 0.0254, 0.3048


@pytest.mark.parametrize("text,expected", [
    ("3 ft 2 in long", '38" long'),
    ("2 feet 6 inches", '30"'),
    ("3 feet and 2 inches high", '38" high'),
    ("1.5 ft 3 in", '21"'),
    ("a 10 ft 2 in diameter pipe", "a 10 ft 2 in diameter pipe"),  # a length and a bore
    ("10 ft 14 in", "10 ft 14 in"),  # 14 in is no part of a foot
    ("length 5 ft, 2 in diameter", "length 5 ft, 2 in diameter"),
])
def test_feet_and_inches_in_words_are_one_length(text: str, expected: str) -> None:
    assert feet_inches_words(text) == expected


@pytest.mark.parametrize("text,metres", [
    ("cell size 1/16 in", [IN / 16]),
    ("a 3/4-inch pipe", [0.75 * IN]),
    ("pipe 1 1/2 in diameter", [1.5 * IN]),
    ("wall 0.5625 in thick", [0.5625 * IN]),
    ("room 3 ft 2 in long", [38 * IN]),
    ("duct 3'-2\" long", [38 * IN]),
    ("channel 2 feet 6 inches long", [30 * IN]),
    ("between -4 in and 0 in", [-4 * IN, 0.0]),
    ("probe at x = -10 cm", [-0.1]),
])
def test_us_lengths_are_read_as_one_value_with_their_sign(text: str, metres: list[float]) -> None:
    got = [q.value for q in quantities(text) if q.kind == "length"]
    assert got == pytest.approx(metres)


# (request, length, height, origin): a 2D channel in US units, three phrasings each
CHANNELS = [
    ("2D channel 3 ft 2 in long and 2 1/2 in high, laminar", 38 * IN, 2.5 * IN, (0.0, 0.0)),
    ("Please model a two-dimensional channel that is 3 feet and 2 inches long and two and a half inches high.",
     38 * IN, 2.5 * IN, (0.0, 0.0)),
    ("2D channel 3'-2\" long, 2-1/2\" high", 38 * IN, 2.5 * IN, (0.0, 0.0)),
    ("2D channel, x from -4 in to 12 in, y from 0 to 1 in, laminar", 16 * IN, IN, (-4 * IN, 0.0)),
    ("A 2D channel whose domain runs from x = -4 in to x = 12 in and from y = 0 to y = 1 in.", 16 * IN, IN, (-4 * IN, 0.0)),
    ("2D channel spanning x between -0.1016 and 0.3048 m and y between 0 and 0.0254 m", 16 * IN, IN, (-4 * IN, 0.0)),
]


@pytest.mark.parametrize("text,length,height,origin", CHANNELS)
def test_channels_in_us_units_and_negative_ranges(text: str, length: float, height: float, origin: tuple) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel"
    assert spec.dims.length == pytest.approx(length) and spec.dims.height == pytest.approx(height)
    assert tuple(spec.origin) == pytest.approx(origin)


# a combining tee whose branch joins from below (y < 0), own dimensions: main 10 in x 3/4 in, branch 3/4 in x 3 in at x = 4 in
TEE_BELOW = [
    "2D tee, inches: main channel x 0..10 in, y 0..0.75 in; branch x 3.625..4.375 in, y -3..0 in, joining from below; "
    "laminar pimpleFoam; cell size 1/8 in",
    "A combining tee in 2D. The main run is 10 inches long and 3/4 inch wide (x = 0 to 10 in, y = 0 to 0.75 in). A "
    "3/4-inch branch, 3 inches long, comes in from below centred at x = 4 in, so it spans x = 3.625 to 4.375 in and "
    "y = -3 to 0 in. Use 1/8 inch square cells.",
    "T-junction 2D: main duct x 0..0.254 m, y 0..0.01905 m, side branch between x = 0.092075 and 0.111125 m, from "
    "y = -0.0762 up to y = 0 m; cells 3.175 mm",
]


@pytest.mark.parametrize("text", TEE_BELOW)
def test_a_branch_below_keeps_its_negative_y(text: str, tmp_path: Path) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "t_junction" and spec.dims.branch_below
    d = spec.dims
    assert (d.length, d.width, d.branch_width, d.branch_length, d.branch_position) == pytest.approx(
        (10 * IN, 0.75 * IN, 0.75 * IN, 3 * IN, 4 * IN))
    build_mesh(spec, tmp_path)
    mesh = (tmp_path / "system/blockMeshDict").read_text()
    assert "(0.092075 -0.0762 0)" in mesh and "(0.254 0.01905 0)" in mesh
    assert cell_size_built(mesh, IN / 8)[0]


def test_a_branch_said_above_is_never_put_below() -> None:
    spec = parse_geometry("2D T-junction: main x 0..0.8 m, y 0..0.1 m; branch x 0.3..0.4 m, y 0.1..0.5 m, from below the "
                          "ceiling nowhere")
    assert spec is not None and not spec.dims.branch_below


_DICT = """convertToMeters 0.001;
vertices ( (0 0 0) (100 0 0) (100 10 0) (0 10 0) (0 0 1) (100 0 1) (100 10 1) (0 10 1)
           (100 -30 0) (110 -30 0) (110 0 0) (100 0 0) (100 -30 1) (110 -30 1) (110 0 1) (100 0 1) );
blocks ( hex (0 1 2 3 4 5 6 7) ({nx} {ny} 1) simpleGrading (1 1 1)
         hex (8 9 10 11 12 13 14 15) (7 21 1) simpleGrading (1 1 1) );
"""


@pytest.mark.parametrize("nx,ny,size,expected", [
    (100, 10, 0.001, False),  # the branch block, 10 mm in 7 cells and 30 mm in 21: 1.43 mm, not 1 mm
    (70, 7, 10 / 7 * 1e-3, True),  # every block at 1.4286 mm
    (69, 7, 10 / 7 * 1e-3, False),  # 100 mm / 1.4286 mm = 70: 69 is no rounding of it
])
def test_a_cell_size_is_checked_block_by_block(nx: int, ny: int, size: float, expected: bool) -> None:
    text = _DICT.format(nx=nx, ny=ny)
    assert len(block_spacings(text)) == 4  # the 1-cell z direction is no spacing
    built, why = cell_size_built(text, size)
    assert built is expected, why


def test_a_size_that_rounds_says_so() -> None:
    text = _DICT.format(nx=70, ny=7).replace("(7 21 1)", "(7 20 1)")  # 30 mm / 1.4286 mm = 21: 20 is no rounding
    assert not cell_size_built(text, 10 / 7 * 1e-3)[0]
    built, why = cell_size_built(_DICT.format(nx=67, ny=7), 1.5e-3)  # 30 mm / 1.5 mm = 20, not 21
    assert not built and "not cells of" in why
    rounded = _DICT.format(nx=67, ny=7).replace("(7 21 1)", "(7 20 1)")  # 100/1.5 = 66.7 -> 67; 10/1.5 -> 7; 30/1.5 = 20
    built, why = cell_size_built(rounded, 1.5e-3)
    assert built and "as near as whole counts allow" in why


@pytest.mark.skipif(shutil.which("blockMesh") is None, reason="native OpenFOAM (blockMesh) not installed")
@pytest.mark.parametrize("text", [TEE_BELOW[0], CHANNELS[3][0]])
def test_us_unit_probes_mesh_and_pass_check_mesh(text: str, tmp_path: Path) -> None:
    spec = parse_geometry(text)
    build = build_mesh(spec, tmp_path)
    _run(tmp_path, "blockMesh")
    quality = parse_check_mesh(_run(tmp_path, "checkMesh"))
    assert quality.ok and quality.n_cells == build.n_cells, quality
