"""Cell counts around, radial and along the axis of curved and wedge block meshes: the directions
read from the arcs (or the wedge planes) and the vertices, never from x/y/z; blocks that share an
edge keep one count; what cannot be told is not applied, with a reason."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest

from tasks.core.errors import PlanError
from tasks.foam import geometry
from tasks.foam.files import find_file, read_text
from tasks.plan.controls_mesh import mesh_words
from tasks.plan.mesh_directions import circle, curved_counts, curved_kind, set_curved_cells
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
MIXER = TUTORIALS / "incompressible/SRFSimpleFoam/mixer"
PLATE = TUTORIALS / "stressAnalysis/solidDisplacementFoam/plateHole"
OFFSET = TUTORIALS / "incompressible/nonNewtonianIcoFoam/offsetCylinder"
JET = TUTORIALS / "compressible/rhoCentralFoam/LadenburgJet60psi"
POTENTIAL = TUTORIALS / "basic/potentialFoam/cylinder"
installed = pytest.mark.skipif(not MIXER.is_dir(), reason="OpenFOAM tutorials not installed")


def annulus(axis: str = "z", n_around: int = 10, n_radial: int = 5, n_axial: int = 8, length: float = 4.0) -> str:
    """A 3-D annulus (r 1 to 2, `length` long) of four blocks about `axis`, counts (around radial axial)."""
    def point(r: float, angle: float, s: float) -> tuple[float, float, float]:
        a, b = r * math.cos(angle), r * math.sin(angle)
        return {"z": (a, b, s), "x": (s, a, b), "y": (b, s, a)}[axis]

    quarter = [i * math.pi / 2 for i in range(4)]
    pts = [point(r, t, s) for s in (0.0, length) for r in (1.0, 2.0) for t in quarter]

    def idx(s: int, r: int, q: int) -> int:
        return s * 8 + r * 4 + q % 4

    blocks, arcs = [], []
    for q in range(4):
        corners = [idx(0, 0, q), idx(0, 0, q + 1), idx(0, 1, q + 1), idx(0, 1, q),
                   idx(1, 0, q), idx(1, 0, q + 1), idx(1, 1, q + 1), idx(1, 1, q)]
        # local axis 0: around (inner arc), 1: radial, 2: axial
        blocks.append(f"hex ({' '.join(map(str, corners))}) ({n_around} {n_radial} {n_axial}) simpleGrading (1 2 1)")
        for s in range(2):
            for r, radius in ((0, 1.0), (1, 2.0)):
                mid = point(radius, quarter[q] + math.pi / 4, length * s)
                arcs.append(f"arc {idx(s, r, q)} {idx(s, r, q + 1)} ({mid[0]:.6f} {mid[1]:.6f} {mid[2]:.6f})")
    vertices = "\n".join(f"({x:.6f} {y:.6f} {z:.6f})" for x, y, z in pts)
    return (f"convertToMeters 1;\nvertices\n(\n{vertices}\n);\nblocks\n(\n" + "\n".join(blocks) +
            "\n);\nedges\n(\n" + "\n".join(arcs) + "\n);\nboundary\n(\n);\n")


@pytest.mark.parametrize("text, kind", [
    ("40 cells around", "around"),
    ("64 cells around the cylinder", "around"),
    ("40 cells in the circumferential direction", "around"),
    ("40 cells azimuthally", "around"),
    ("20 cells radially", "radial"),
    ("20 cells in the radial direction", "radial"),
    ("30 cells across the gap", "radial"),
    ("30 cells across the annular gap", "radial"),
    ("100 cells along the pipe", "pipe"),
    ("100 cells along the axis", "axial"),
    ("100 cells axially", "axial"),
    ("80 cells in x", None),
    ("around 20000 cells", None),  # "around" a number is "about"
])
def test_curved_kind(text: str, kind: str | None) -> None:
    start = next(i for i, c in enumerate(text) if c.isdigit())
    end = start + len(text[start:].split()[0]) + len(" cells") * ("cells" in text)
    assert curved_kind(text, start, end) == kind


def test_circle_through_three_points() -> None:
    centre, normal = circle((1.0, 0.0, 2.0), (math.sqrt(0.5), math.sqrt(0.5), 2.0), (0.0, 1.0, 2.0))
    assert centre == pytest.approx((0.0, 0.0, 2.0), abs=1e-9)
    assert abs(normal[2]) == pytest.approx(1.0)
    assert circle((0.0, 0.0, 0.0), (1.0, 0.0, 0.0), (2.0, 0.0, 0.0)) is None


@pytest.mark.parametrize("axis", ["z", "x", "y"])
@pytest.mark.parametrize("kind, n, expected", [
    ("around", 48, (12, 5, 8)),  # 4 blocks of 12: 48 around
    ("around", 50, None),  # 13 13 12 12: each block keeps its own count
    ("radial", 20, (10, 20, 8)),
    ("axial", 100, (10, 5, 100)),
])
def test_annulus_directions_whatever_its_axis(axis: str, kind: str, n: int, expected) -> None:
    new, how = set_curved_cells(annulus(axis), kind, n)
    counts = geometry.block_cells(new)
    if expected is None:
        assert sorted(c[0] for c in counts) == [12, 12, 13, 13]
    else:
        assert counts == [expected] * 4
    assert f"{n} cells {kind}" in how
    assert "simpleGrading (1 2 1)" in new  # grading kept


def test_annulus_counts_shared_edges_once() -> None:
    """Around a ring of four blocks every block is its own chain; radial and axial are one chain."""
    new, _ = set_curved_cells(annulus(n_around=10), "around", 41)
    assert sum(c[0] for c in geometry.block_cells(new)) == 41


def test_flat_mesh_has_no_curved_direction() -> None:
    square = ("vertices ((0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1));\n"
              "blocks (hex (0 1 2 3 4 5 6 7) (10 10 10) simpleGrading (1 1 1));\nedges ();\nboundary ();\n")
    with pytest.raises(PlanError, match="no arcs"):
        set_curved_cells(square, "around", 40)


@installed
@pytest.mark.parametrize("base, text, kind_counts", [
    # terse engineer / verbose student / non-native word order
    (MIXER, "mixer, 40 cells circumferentially, 20 radial cells, 60 axial cells", {"around": 40, "radial": 20, "axial": 60}),
    (MIXER, "For my SRF mixer study I would like fifty cells in the axial direction and 40 cells around please",
     {"axial": 50, "around": 40}),
    (MIXER, "mesh: radial 30 cells", {"radial": 30}),
    (PLATE, "plateHole with 40 cells around the hole", {"around": 40}),
    (PLATE, "plate with hole, radial cells: 60", {"radial": 60}),
    (PLATE, "plateHole case -- number of circumferential cells = 36", {"around": 36}),
    (OFFSET, "please use 64 cells around the cylinder and 20 cells radially", {"around": 64, "radial": 20}),
    (JET, "Ladenburg jet: 30 radial cells and 120 cells along the axis", {"radial": 30, "axial": 120}),
])
def test_tutorial_curved_counts(base: Path, text: str, kind_counts: dict[str, int]) -> None:
    change = mesh_words(base, None, text, read_stated(text))
    assert not change.not_applied, change.not_applied
    assert len(change.taken) == len(kind_counts)
    how = " ".join(b.how for b in change.bindings)
    for kind, n in kind_counts.items():
        assert f"{n} cells {kind}" in how
    edit = next(e for e in change.edits if e.entry == ["blocks"])
    bmd = read_text(find_file(base / "system", "blockMeshDict"))
    assert len(geometry.block_cells(f"blocks {edit.value};")) == len(geometry.block_cells(bmd))


@installed
@pytest.mark.parametrize("base, text, reason", [
    (POTENTIAL, "potentialFoam cylinder with 80 cells around the cylinder", "computes its vertices"),
    (JET, "Ladenburg jet with 40 cells around the axis", "one cell around"),
    (PLATE, "plateHole, 30 cells along the axis", "one cell axial"),
])
def test_curved_counts_that_cannot_be_applied(base: Path, text: str, reason: str) -> None:
    change = mesh_words(base, None, text, read_stated(text))
    assert [n.text for n in change.not_applied] and reason in change.not_applied[0].reason
    assert not change.edits


@pytest.mark.parametrize("text, counts", [
    ("mixer with 50 cells in the axial direction and 40 circumferential cells", [50, 40]),
    ("40 cells circumferentially, 20 radial cells, 60 axial cells", [40, 20, 60]),
    ("pipe with 100 cells along the pipe and 12 in the radial direction", [100, 12]),
    ("radial cells: 24, circumferential divisions = 64", [24, 64]),
    ("number of axial cells is 150", [150]),
])
def test_curved_counts_are_read(text: str, counts: list[int]) -> None:
    assert [int(q.value) for q in read_stated(text) if q.role == "mesh_cells_axis"] == counts


def test_a_radial_length_is_not_a_count() -> None:
    assert [q.role for q in read_stated("a 5 mm radial gap")] == ["geometry"]


BEND = TUTORIALS / "incompressible/simpleFoam/squareBend"


@installed
def test_along_the_pipe_of_a_bend_is_not_its_axis() -> None:
    """squareBend's arcs turn about the bend's axis (its depth): "along the pipe" is not that."""
    text = "squareBend with 300 cells along the pipe"
    assert curved_counts(read_text(find_file(BEND / "system", "blockMeshDict")), text, read_stated(text)) == []


def test_along_the_pipe_of_a_straight_pipe_is_its_axis() -> None:
    text = "annular pipe, 100 cells along the pipe"
    assert [kind for _, kind in curved_counts(annulus(length=10.0), text, read_stated(text))] == ["axial"]
    assert curved_counts(annulus(length=1.0), text, read_stated(text)) == []  # a short ring: "along" is no axis


MIXER_VESSEL = TUTORIALS / "incompressible/simpleFoam/mixerVessel2D"


@pytest.mark.skipif(not MIXER_VESSEL.is_dir() or shutil.which("m4") is None, reason="tutorials or m4 not installed")
@pytest.mark.parametrize("text, kind, n", [
    ("mixerVessel2D simpleFoam with 120 cells around the rotor", "around", 120),
    ("mixer vessel 2D, I need 30 cells in the radial direction between rotor and stator", "radial", 30),
])
def test_counts_on_an_m4_template_mesh(text: str, kind: str, n: int) -> None:
    from tasks.knowledge.casebase import m4_mesh_template
    change = mesh_words(MIXER_VESSEL, m4_mesh_template(MIXER_VESSEL), text, read_stated(text))
    assert not change.not_applied
    assert change.file == "system/blockMeshDict"  # the template's output, as the writer writes it
    assert f"{n} cells {kind}" in change.bindings[0].how
