"""Cell counts that differ from part to part of a stepped pipe or channel ("40 x 16 cells in the wide part and 80 x 6
in the narrow part", "16 radial cells in the 50 mm bore, 6 in the 30 mm bore", "axial cells 40 then 80"), the bores
of each part (never a particle size), and the narrow part's own count held by its rows; a count that cannot be held by
blocks sharing their faces is refused with the reason. Probes: our own dimensions, three phrasings each; each built,
its blockMeshDict read back and, where blockMesh is installed, meshed and checked."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tasks.core.errors import RequestError
from tasks.geometry.build import build_mesh
from tasks.geometry.quality import parse_check_mesh
from tasks.geometry.text import parse_geometry
from tasks.geometry.text_part_cells import narrow_rows, part_cells, part_count_key
from tests.unit.native_foam import run_foam as _run

IN = 0.0254
ROUND = dict(axisymmetric=True, inlet_height=0.05, outlet_height=0.03, upstream_length=0.1, downstream_length=0.2)
COUNTS = dict(upstream_cells=40, downstream_cells=80, across_cells=16, narrow_cells=6)

# contraction D 50 mm (x 0..100 mm) to D 30 mm (to x = 300 mm); 40 x 16 cells wide, 80 x 6 narrow
CONTRACTION = [
    "axisymmetric stepped pipe, inlet at x = 0: D 50 mm for x 0..100 mm, then D 30 mm to x = 300 mm; "
    "cells 40 axial x 16 radial (wide part) and 80 x 6 (narrow part)",
    "A round pipe with a sudden contraction, meshed as an axisymmetric wedge. The inlet is at x = 0. The first part has "
    "a diameter of 50 mm and is 100 mm long; then the diameter drops abruptly to 30 mm and the pipe continues for "
    "another 200 mm. Use 40 cells along and 16 cells across the radius of the wide section, 80 along and 6 across the "
    "radius of the narrow one.",
    "Axisymmetric pipe, inlet face at the origin: radius 2.5 cm over the first 10 cm, then radius 1.5 cm for the last "
    "20 cm; 40 x 16 cells (axial x radial) in the big pipe and 80 x 6 in the small one",
]


@pytest.mark.parametrize("text", CONTRACTION)
def test_each_part_of_a_round_contraction_keeps_its_counts(text: str, tmp_path: Path) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "sudden_contraction"
    got = spec.dims.model_dump()
    for key, value in {**ROUND, **COUNTS}.items():
        assert got[key] == pytest.approx(value), (key, got)
    assert tuple(spec.origin) == pytest.approx((0.1, 0.0))  # the step at x = 100 mm, the axis at y = 0
    build_mesh(spec, tmp_path)
    assert sorted(_block_counts(tmp_path)) == [(40, 6, 1), (40, 10, 1), (80, 6, 1)]  # core 6 + ring 10 = 16 in the wide part


# the same by bores, in inches, and with counts said per direction in order
BY_BORE = [
    ("Axisymmetric simpleFoam laminar pipe whose 2 in bore narrows to a 1.25 in bore at x = 4 in; inlet at x = 0, outlet "
     "at x = 12 in; 16 radial cells in the 2 in bore, 6 in the 1.25 in bore; axial cells 40 then 80"),
    ("Axisymmetric pipe, 2 in bore narrowing to a 1.25 in bore: radius 1 in over the first 4 in, then radius 0.625 in "
     "for the last 8 in, inlet face at the origin; 16 radial cells in the 2 in bore, 6 in the 1.25 in bore; axial cells "
     "40 then 80"),
    ("round pipe (wedge), inlet at x = -4 in: bore 2 in for the first 4 in, then bore 1.25 in for the next 8 in; "
     "60 then 80 cells axially; radial: 16 cells in the 2 in diameter pipe and 6 cells in the 1.25 in diameter pipe"),
]


@pytest.mark.parametrize("text,along,origin_x", [(BY_BORE[0], 40, 4 * IN), (BY_BORE[1], 40, 4 * IN), (BY_BORE[2], 60, 0.0)])
def test_parts_named_by_their_bores(text: str, along: int, origin_x: float) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "sudden_contraction"
    d = spec.dims
    assert (d.inlet_height, d.outlet_height) == pytest.approx((2 * IN, 1.25 * IN))
    assert (d.upstream_cells, d.downstream_cells, d.across_cells, d.narrow_cells) == (along, 80, 16, 6)
    assert tuple(spec.origin) == pytest.approx((origin_x, 0.0))


@pytest.mark.parametrize("text,expected", [
    ("cells 60 axial x 20 radial (wide part) and 100 x 10 (narrow part)", (60, 100, 20, 10)),
    ("20 radial x 60 axial cells (wide part) and 100 x 10 (narrow part)", (60, 100, 20, 10)),
    ("60 x 20 cells (axial x radial) in the big pipe and 100 x 10 in the small one.", (60, 100, 20, 10)),
    ("Use 60 cells along and 20 cells across the radius of the wide section, 100 along and 10 across the radius of the "
     "narrow one.", (60, 100, 20, 10)),
    ("20 radial cells in the 40 mm bore, 10 in the 20 mm bore; axial cells 60 then 100", (60, 100, 20, 10)),
])
def test_part_counts_in_many_phrasings(text: str, expected: tuple) -> None:
    dims = dict(axisymmetric=True, inlet_height=0.04, outlet_height=0.02, upstream_length=0.15, downstream_length=0.25)
    got = part_cells(text, dims, widening=False)
    assert (got["upstream_cells"], got["downstream_cells"], got["across_cells"]) == expected[:3]
    assert "narrow_cells" not in got  # 10 of 20 rows in line with the 20 mm bore: the even spread holds it already
    narrow = part_cells(text.replace("100 x 10", "100 x 12").replace("10 across", "12 across")
                        .replace("10 in the 20", "12 in the 20"), dims, widening=False)
    assert narrow.get("narrow_cells") == 12, narrow  # 12 of them: its own rows


# planar expansion in inches: 1 in high and 4 in long, then 3 in high and 12 in long
PLANAR = [
    "2D sudden expansion, inches: inlet channel 1 in high and 4 in long, then 3 in high and 12 in long; 40 x 10 cells "
    "in the narrow part and 120 x 30 in the wide part",
    "A planar sudden expansion: the inlet channel is 1 inch high and 4 inches long, then the channel is 3 inches high "
    "and 12 inches long. Use 40 x 10 cells for the small section and 120 x 30 for the large section.",
    "2D sudden expansion: inlet channel 2.54 cm high and 10.16 cm long, then 7.62 cm high and 30.48 cm long; the small "
    "part: 40 x 10 cells, the large part: 120 x 30",
]


@pytest.mark.parametrize("text", PLANAR)
def test_a_planar_expansion_keeps_its_narrow_rows(text: str, tmp_path: Path) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "sudden_expansion"
    d = spec.dims
    assert (d.inlet_height, d.outlet_height, d.upstream_length, d.downstream_length) == pytest.approx(
        (IN, 3 * IN, 4 * IN, 12 * IN))
    assert (d.upstream_cells, d.downstream_cells, d.across_cells, d.narrow_cells) == (40, 120, 30, None)  # even rows hold 10
    build_mesh(spec, tmp_path)
    assert sorted(_block_counts(tmp_path)) == [(40, 10, 1), (120, 10, 1), (120, 10, 1), (120, 10, 1)]


def test_the_narrow_rows_are_the_narrow_parts_count() -> None:
    assert narrow_rows(6, 16, round_=True) == [6, 10]
    assert narrow_rows(10, 30, round_=False) == [10, 10, 10]
    assert narrow_rows(9, 20, round_=False) == [5, 9, 6]
    dims = {**ROUND, **COUNTS}
    assert part_count_key([80, 6], 480, dims) == "downstream_cells"  # the narrow part's pair, held by its rows
    assert part_count_key([40, 16], 640, dims) == "upstream_cells"


def test_a_narrow_count_the_wide_part_cannot_hold_is_refused_with_the_reason() -> None:
    with pytest.raises(RequestError, match="needs more cells across than the narrow one"):
        parse_geometry("axisymmetric stepped pipe, inlet at x = 0: D 50 mm for x 0..100 mm, then D 30 mm to x = 300 mm; "
                       "cells 40 axial x 16 radial (wide part) and 80 x 24 (narrow part)")


def test_a_bore_is_no_particle_size() -> None:
    from tasks.plan.stated import read_stated

    text = CONTRACTION[1] + " Water, nu 1e-6, simpleFoam laminar, inlet 0.02 m/s."
    spec = parse_geometry(text)
    assert spec is not None and spec.dims.outlet_height == pytest.approx(0.03)
    assert any(q.text == "30 mm" and q.role == "geometry" for q in read_stated(text))


def _block_counts(case: Path) -> list[tuple[int, ...]]:
    text = (case / "system/blockMeshDict").read_text()
    return [tuple(int(n) for n in m) for m in re.findall(r"hex\s*\([\d\s]+\)\s*\((\d+)\s+(\d+)\s+(\d+)\)", text)]


@pytest.mark.skipif(shutil.which("blockMesh") is None, reason="native OpenFOAM (blockMesh) not installed")
@pytest.mark.parametrize("text", [CONTRACTION[0], BY_BORE[1], PLANAR[0]])
def test_part_probes_mesh_and_pass_check_mesh(text: str, tmp_path: Path) -> None:
    spec = parse_geometry(text)
    build = build_mesh(spec, tmp_path)
    _run(tmp_path, "blockMesh")
    quality = parse_check_mesh(_run(tmp_path, "checkMesh"))
    assert quality.ok and quality.n_cells == build.n_cells, quality
