"""2D domains bounded by straight walls not all along x or y (tasks/geometry/shape_polydomain.py,
text_polydomain.py): the corners read from the words, the blockMesh blocks they make, the patches by role."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from tasks.core.errors import RequestError
from tasks.geometry.build import build_mesh
from tasks.geometry.spec import make_spec
from tasks.geometry.text import parse_geometry

IN, MM = 0.0254, 1e-3


def _corners(spec) -> set[tuple[float, float]]:
    return {(round(x, 9), round(y, 9)) for x, y in spec.dims.vertices}


def _block_points(case: Path) -> list[tuple[float, float]]:
    """The (x, y) of the blockMeshDict's vertices on the front face (z = 0)."""
    text = (case / "system/blockMeshDict").read_text()
    body = text[text.index("vertices"):text.index("blocks")]
    pts = [tuple(float(v) for v in m) for m in re.findall(r"\(\s*([-\d.eE+]+)\s+([-\d.eE+]+)\s+([-\d.eE+]+)\s*\)", body)]
    return [(p[0], p[1]) for p in pts if abs(p[2]) < 1e-12]


@pytest.mark.parametrize("text, corners, cells", [
    ("Lid-driven cavity in a trapezoidal cavity with corners (0, 0), (2, 0), (4, 4) and (0, 4) in inches, "
     "lid speed 0.5 m/s, 40 by 40 cells", [(0, 0), (2 * IN, 0), (4 * IN, 4 * IN), (0, 4 * IN)], 1600),
    ("lid driven cavity, 4 in wide and 4 in deep, but the right wall is slanted: it runs from (2 in, 0) to (4 in, 4 in). "
     "Lid moves at 1 ft/s, 30x30 mesh", [(0, 0), (2 * IN, 0), (4 * IN, 4 * IN), (0, 4 * IN)], 900),
    ("Trapezoidal lid-driven cavity: bottom width 60 mm, top width 100 mm, depth 80 mm, left wall vertical. "
     "Lid velocity 0.02 m/s, 50 by 40 cells.", [(0, 0), (60 * MM, 0), (100 * MM, 80 * MM), (0, 80 * MM)], 2000),
    ("A sloped-wall cavity has vertices A(0,0), B(0.8,0), C(1.0,1.0), D(0,1.0) (metres). The lid moves at 1 m/s, "
     "20 x 20 grid.", [(0, 0), (0.8, 0), (1.0, 1.0), (0, 1.0)], 400),
])
def test_sloped_cavity_is_one_block_with_its_lid(tmp_path: Path, text: str, corners, cells: int) -> None:
    spec = parse_geometry(text)
    assert spec.shape == "polygon_domain" and spec.dims.kind == "cavity"
    assert _corners(spec) == {(round(x, 9), round(y, 9)) for x, y in corners}
    build = build_mesh(spec, tmp_path)
    assert build.generator == "blockMesh" and build.n_cells == cells
    assert build.patches_with("moving_wall") == ["movingWall"]
    text_bmd = (tmp_path / "system/blockMeshDict").read_text()
    assert text_bmd.count("hex (") == 1
    top = max(y for _, y in corners)
    lid = re.search(r"movingWall\s*\{[^}]*faces\s*\(([^;]*)\);", text_bmd, re.S).group(1)
    points = re.findall(r"\(\s*([-\d.eE+]+)\s+([-\d.eE+]+)\s+[-\d.eE+]+\s*\)",
                        text_bmd[text_bmd.index("vertices"):text_bmd.index("blocks")])
    for face in re.findall(r"\(([\d\s]+)\)", lid):  # every lid vertex is on the top edge
        assert all(abs(float(points[int(k)][1]) - top) < 1e-9 for k in face.split())


def test_dogleg_channel_by_ranges_is_three_blocks(tmp_path: Path) -> None:
    spec = parse_geometry("Laminar flow through a dog-leg channel: inlet leg x 0 to 0.5 m, y 0 to 0.1 m; a 45 degree "
                          "jog lifting both walls by 0.05 m; outlet leg from x = 0.55 to 1.05 m, y 0.05 to 0.15 m. "
                          "Inlet velocity 0.1 m/s, cell size 5 mm.")
    assert spec.shape == "polygon_domain" and spec.dims.kind == "channel"
    assert _corners(spec) == {(0, 0), (0.5, 0), (0.55, 0.05), (1.05, 0.05), (1.05, 0.15), (0.55, 0.15), (0.5, 0.1), (0, 0.1)}
    build = build_mesh(spec, tmp_path)
    assert (tmp_path / "system/blockMeshDict").read_text().count("hex (") == 3
    assert {p.name: p.role for p in build.patches if p.role in ("inlet", "outlet")} == {"inlet": "inlet", "outlet": "outlet"}
    assert build.n_cells == (100 + 15 + 100) * 20


def _dogleg(first: float, height: float, offset: float, second: float, angle: float) -> set[tuple[float, float]]:
    run = abs(offset) / math.tan(math.radians(angle))
    x1, x2, x3 = first, first + run, first + run + second
    pts = [(0, 0), (x1, 0), (x2, offset), (x3, offset), (x3, offset + height), (x2, offset + height), (x1, height), (0, height)]
    return {(round(x, 9), round(y, 9)) for x, y in pts}


@pytest.mark.parametrize("text, corners", [
    ("Offset channel, 2D: straight leg 300 mm long, 40 mm high, then a 45-degree jog that lifts both walls by 20 mm, "
     "then a straight leg 400 mm long.", _dogleg(0.3, 0.04, 0.02, 0.4, 45)),
    ("Simulate flow in an offset (dog-leg) channel. Upstream leg: length 50 cm, height 10 cm. Jog: 30 degrees, offset "
     "10 cm. Downstream leg: length 80 cm.", _dogleg(0.5, 0.1, 0.1, 0.8, 30)),
    ("2D channel, 25 mm high: first straight part 200 mm long, then a jog at 60 degrees that drops both walls by 15 mm, "
     "then a straight part 250 mm long.", _dogleg(0.2, 0.025, -0.015, 0.25, 60)),
])
def test_dogleg_by_lengths_angle_and_offset(text: str, corners) -> None:
    spec = parse_geometry(text)
    assert spec.shape == "polygon_domain" and _corners(spec) == corners


def test_ramp_profile_in_words_and_parallelogram_duct(tmp_path: Path) -> None:
    ramp = parse_geometry("Channel with a ramp: floor at y = 0 up to x = 150 mm, then rising linearly to y = 25 mm at "
                          "x = 250 mm, then flat to the outlet at x = 600 mm; the ceiling is flat at y = 75 mm. Inlet 0.5 m/s.")
    assert _corners(ramp) == {(0, 0), (0.15, 0), (0.25, 0.025), (0.6, 0.025), (0.6, 0.075), (0, 0.075)}
    duct = parse_geometry("A parallelogram duct with corners (0, 0), (500, 0), (600, 100), (100, 100) mm; inlet "
                          "velocity 0.5 m/s, 100 by 20 cells.")
    build = build_mesh(duct, tmp_path)
    assert build.n_cells == 2000
    assert {(round(x, 9), round(y, 9)) for x, y in _block_points(tmp_path)} == {(0, 0), (0.5, 0), (0.6, 0.1), (0.1, 0.1)}
    assert set(build.patches_with("inlet")) == {"inlet"} and set(build.patches_with("outlet")) == {"outlet"}


def test_rectangles_and_bodies_stay_other_shapes_and_bad_outlines_are_refused() -> None:
    spec = parse_geometry("2D channel with corners (0, 0), (1, 0), (1, 0.1), (0, 0.1) m, inlet 1 m/s")
    assert spec.shape != "polygon_domain"
    body = parse_geometry("2D channel 1 m long and 0.2 m high with a triangular obstacle with vertices (0.3, 0), "
                          "(0.4, 0), (0.35, 0.05) m, inlet 1 m/s")  # a body's corners, not the domain's
    assert body.shape == "channel_with_obstacles" and body.obstacles[0].vertices == [(0.3, 0.0), (0.4, 0.0), (0.35, 0.05)]
    with pytest.raises(RequestError, match="level"):  # a lid slides along x
        make_spec(shape="polygon_domain", dimensions={"vertices": [(0, 0), (1, 0), (1, 1.2), (0, 1)], "kind": "cavity"})
    with pytest.raises(RequestError, match="floor and the ceiling"):
        make_spec(shape="polygon_domain", dimensions={"vertices": [(0, 0), (1, 0), (2, 0.5), (3, 0), (3, 1), (2, 0.4),
                                                                   (1, 1), (0, 1)]})


def test_parallelogram_by_length_height_and_angle(tmp_path: Path) -> None:
    spec = parse_geometry("Flow through a parallelogram duct 1 m long and 0.2 m high whose ends are slanted at 60 degrees; "
                          "inlet 0.5 m/s")
    shift = 0.2 / math.tan(math.radians(60))
    assert _corners(spec) == {(0, 0), (1.0, 0), (round(1 + shift, 9), 0.2), (round(shift, 9), 0.2)}
    build = build_mesh(spec, tmp_path)
    assert build.patches_with("inlet") == ["inlet"] and build.patches_with("outlet") == ["outlet"]


@pytest.mark.parametrize("tutorial, algorithm", [("incompressible/icoFoam/cavity/cavity", "PISO"),
                                                 ("incompressible/simpleFoam/pitzDaily", "SIMPLE")])
def test_sheared_blocks_get_corrected_numerics(tmp_path: Path, tutorial: str, algorithm: str) -> None:
    from tasks.edit.parametric_skewed import correct_non_orthogonal
    from tasks.foam import dictionary as fd
    from tasks.foam.files import read_text
    from tasks.geometry.spec_polydomain import PolyDomainDims, polydomain_shear

    source = Path("/usr/share/doc/openfoam-examples/examples") / tutorial / "system"
    if not source.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    (tmp_path / "system").mkdir()
    for name in ("fvSchemes", "fvSolution"):
        (tmp_path / "system" / name).write_text(read_text(source / name))
    shear = polydomain_shear(PolyDomainDims(vertices=[(0, 0), (0.8, 0), (1.0, 0.1), (0.2, 0.1)]))  # a parallelogram duct
    assert shear == pytest.approx(63.43, abs=0.01)
    assert correct_non_orthogonal(tmp_path, shear)
    schemes, solution = (tmp_path / "system/fvSchemes").read_text(), (tmp_path / "system/fvSolution").read_text()
    assert "corrected" in fd.get(schemes, ["laplacianSchemes", "default"]).split()
    assert fd.get(schemes, ["snGradSchemes", "default"]) in ("corrected", "limited corrected 0.33")
    assert fd.get(solution, [algorithm, "nNonOrthogonalCorrectors"]) == "2"
    assert correct_non_orthogonal(tmp_path, polydomain_shear(PolyDomainDims(
        vertices=[(0, 0), (1, 0), (1, 1), (0, 1)], kind="cavity"))) is None  # square cells keep the template's
