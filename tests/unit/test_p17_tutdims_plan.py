"""Stated sizes and cell counts on tutorials whose mesh is parametrised ($variables, #eval, m4):
restated sizes kept (not refused), changed sizes written into the parameter that sets them,
unmappable ones not applied with the parameters named, counts across blocks whose vertices are
variables. Probes from installed tutorials in three phrasings each."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tasks.foam import block_vars, geometry
from tasks.foam import dictionary as fd
from tasks.foam.files import find_file, read_text
from tasks.plan.controls_mesh import MeshChange, cells_along, cells_on_blocks, halves_of
from tasks.plan.domain_resize import resize_domain, size_words
from tasks.plan.stated import StatedQuantity

EXAMPLES = Path("/usr/share/doc/openfoam-examples/examples")
CHANNEL = EXAMPLES / "incompressible/pimpleFoam/LES/channel395DFSEM"
WAVE = EXAMPLES / "multiphase/interIsoFoam/standingWave"
SLOSH = EXAMPLES / "multiphase/interFoam/laminar/sloshingTank2D"
needs_tutorials = pytest.mark.skipif(not CHANNEL.is_dir(), reason="installed OpenFOAM tutorials missing")
needs_m4 = pytest.mark.skipif(shutil.which("m4") is None or not SLOSH.is_dir(), reason="m4 or tutorials missing")


def _q(text: str, value: float, role: str = "geometry", quantity: str = "length") -> StatedQuantity:
    return StatedQuantity(text=text, quantity=quantity, value=value, role=role)


@pytest.mark.parametrize(("request_text", "said", "expected"), [
    ("channel395DFSEM with the channel 30 m long", "30 m", ("length", False, None)),
    ("Please could you run the LES channel but with a length of 30 m", "30 m", ("length", False, None)),
    ("channel395, L = 98 ft long", "98 ft", ("length", False, None)),
    ("a tank 50 m wide", "50 m", ("width", False, None)),
    ("tank breadth 50 m", "50 m", ("width", False, None)),
    ("channel half-height of 1.5 m", "1.5 m", ("height", True, None)),
    ("make it 1.5 m half height", "1.5 m", ("height", True, None)),
    ("the tank is 35 m tall", "35 m", ("height", False, None)),
    ("domain 3 m in x", "3 m", (None, False, 0)),
    ("3 m (x-direction)", "3 m", (None, False, 0)),
    ("a vessel 300 mm in diameter", "300 mm", ("diameter", False, None)),
    ("4 m spanwise", "4 m", (None, False, 2)),
    ("a gap of 2 m in the wall-normal direction", "2 m", (None, False, 1)),
    ("a 5 mm particle", "5 mm", (None, False, None)),
])
def test_size_words(request_text: str, said: str, expected: tuple) -> None:
    assert size_words(request_text, _q(said, 1.0)) == expected


def _resize(case: Path, m4: str | None, text: str, qs: list[StatedQuantity]) -> MeshChange:
    change = MeshChange()
    resize_domain(case, m4, text, qs, change)
    return change


@needs_tutorials
@pytest.mark.parametrize(("request_text", "said", "value", "entry", "written"), [
    # terse engineer, verbose student, other units / word order
    ("channel395DFSEM, channel 30 m long", "30 m", 30.0, "L", 30.0),
    ("I would like to run the channel395DFSEM LES case, but with a domain length of 40 m please",
     "40 m", 40.0, "L", 40.0),
    ("channel395DFSEM: 3000 cm long channel", "3000 cm", 30.0, "L", 30.0),
    ("channel395DFSEM, channel 3 m high", "3 m", 3.0, "H", 1.5),              # H is the half height
    ("channel395DFSEM with a half-height of 1.5 m", "1.5 m", 1.5, "H", 1.5),
    ("channel395DFSEM, 5 m wide", "5 m", 5.0, "W", 5.0),
])
def test_resize_channel_variables(request_text: str, said: str, value: float, entry: str, written: float) -> None:
    q = _q(said, value)
    change = _resize(CHANNEL, None, request_text, [q])
    assert not change.not_applied and any(t is q for t in change.taken)
    edit = next(e for e in change.edits if e.entry == [entry])
    assert float(edit.value) == pytest.approx(written, rel=1e-9)
    # read back: the mesh evaluated with the new value has the stated extent
    text = read_text(find_file(CHANNEL / "system", "blockMeshDict"))
    extents, _ = geometry.block_extents(fd.set_entry(text, [entry], edit.value))
    assert any(abs(e - (2 * value if "half" in request_text else value)) < 1e-6 for e in extents)


@needs_tutorials
@pytest.mark.parametrize(("request_text", "said"), [
    ("standingWave with a 0.5 m deep tank", "0.5 m"),                 # no depth parameter: L (x), H (z)
    ("standingWave case, the basin should be 0.5 m deep please", "0.5 m"),
    ("standingWave, depth 50 cm", "50 cm"),
])
def test_unmappable_size_is_not_applied_with_the_parameters(request_text: str, said: str) -> None:
    q = _q(said, 0.5)
    change = _resize(WAVE, None, request_text, [q])
    assert not change.edits and len(change.not_applied) == 1
    assert "L" in change.not_applied[0].reason and "H" in change.not_applied[0].reason


@needs_tutorials
def test_a_size_without_a_direction_word_is_left_to_the_caller() -> None:
    q = _q("7 m", 7.0)
    change = _resize(WAVE, None, "standingWave around a 7 m object", [q])
    assert not change.taken and not change.not_applied and not change.edits


@needs_m4
@pytest.mark.parametrize(("request_text", "said", "value", "axis"), [
    ("sloshingTank2D, tank breadth 50 m", "50 m", 50.0, 1),
    ("Could you run the sloshing tank tutorial where the tank's width is 5000 cm?", "5000 cm", 50.0, 1),
    ("sloshingTank2D: depth of the tank 35 m", "35 m", 35.0, 2),
])
def test_resize_m4_template(request_text: str, said: str, value: float, axis: int) -> None:
    q = _q(said, value)
    change = _resize(SLOSH, "system/blockMeshDict.m4", request_text, [q])
    assert not change.not_applied, change.not_applied
    vertices = next(e for e in change.edits if e.entry == ["vertices"])
    points = block_vars.points(f"vertices {vertices.value};")
    assert points is not None
    assert max(p[axis] for p in points) - min(p[axis] for p in points) == pytest.approx(value)
    assert any(b.entry == ["vertices"] and b.stated == said for b in change.bindings)


@needs_tutorials
@pytest.mark.parametrize(("dims", "expected"), [
    ([100, 24, 16], [(100, 12, 16), (100, 12, 16)]),
    ([250, 46, 41], [(250, 23, 41), (250, 23, 41)]),
])
def test_counts_across_blocks_with_variable_vertices(dims: list[int], expected: list) -> None:
    bmd = block_vars.plain_text(read_text(find_file(CHANNEL / "system", "blockMeshDict")))
    new, _ = cells_on_blocks(bmd, dims, False)
    assert geometry.block_cells(new) == expected


@needs_tutorials
@pytest.mark.parametrize(("request_text", "n", "per_block"), [
    ("channel395DFSEM, 12 cells across the half height", 12, 12),
    ("please use 20 cells over each half-channel in y", 20, 20),
    ("24 cells in y", 24, 12),
])
def test_count_said_of_a_half(request_text: str, n: int, per_block: int) -> None:
    bmd = block_vars.plain_text(read_text(find_file(CHANNEL / "system", "blockMeshDict")))
    q = _q(f"{n} cells", n, role="mesh_cells_axis", quantity="count")
    new, _ = cells_along(bmd, n * halves_of(bmd, request_text, q, 1), 1)
    assert [b[1] for b in geometry.block_cells(new)] == [per_block, per_block]
