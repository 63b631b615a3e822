"""The geometry request set (benchmarks/requests/geometry*.yaml), the mesh check kind, and what a
request-set row reports (geometry, acceptance verdict)."""

from __future__ import annotations

import gzip
import struct
from pathlib import Path

import numpy as np
import pytest

from tasks.bench.execution import Check, evaluate
from tasks.bench.mesh_check import MeshSpec, judge_mesh, read_cell_count, read_points
from tasks.bench.requests import (
    PHRASINGS,
    AcceptanceRow,
    RequestCase,
    RequestResult,
    _load,
    has_tags,
    load_requests,
    summarise,
)
from tasks.run.acceptance import Acceptance

HEADER = ("FoamFile\n{{\n    version 2.0;\n    format {fmt};\n    class vectorField;\n"
          "    arch \"LSB;label=32;scalar=64\";\n    object points;\n}}\n"
          "// * * * * * * * * * * * * * * * * * * * //\n\n")


def _grid(x0: float, x1: float, y0: float, y1: float, nx: int, ny: int) -> np.ndarray:
    xs, ys = np.meshgrid(np.linspace(x0, x1, nx + 1), np.linspace(y0, y1, ny + 1))
    flat = np.column_stack([xs.ravel(), ys.ravel()])
    return np.vstack([np.column_stack([flat, np.zeros(len(flat))]), np.column_stack([flat, np.full(len(flat), 0.01)])])


def _step_points() -> np.ndarray:
    """A backward-facing step: inlet channel x -0.2..0, y 0.05..0.1; downstream x 0..1, y 0..0.1."""
    return np.vstack([_grid(-0.2, 0, 0.05, 0.1, 40, 10), _grid(0, 1, 0, 0.1, 200, 20)])


def _ring(r_in: float, r_out: float, axis: int = 2) -> np.ndarray:
    t = np.linspace(0, 2 * np.pi, 60, endpoint=False)
    rows = [(r * np.cos(a), r * np.sin(a)) for r in np.linspace(r_in, r_out, 5) for a in t]
    if axis == 0:                                                          # a pipe along x, 0.5 long
        return np.array([[x, u, v] for x in (0.0, 0.25, 0.5) for u, v in rows])
    return np.array([[u, v, 0.0] for u, v in rows])


@pytest.mark.parametrize("points, spec, ok", [
    (_grid(0, 1, 0, 0.1, 10, 2), {"bounds": {"x": [0, 1], "y": [0, 0.1]}}, True),
    (_grid(0, 1, 0, 0.1, 10, 2), {"bounds": {"x": [0, 1], "y": [0, 0.2]}}, False),
    (_grid(0, 1000, 0, 100, 10, 2), {"bounds": {"x": [0, 1], "y": [0, 0.1]}}, False),       # mm left unscaled
    (_grid(-12, 12, -10, 10, 10, 2), {"contains": {"x": [-10, 11], "y": [-10, 10]}}, True),
    (_grid(-5, 12, -10, 10, 10, 2), {"contains": {"x": [-10, 11], "y": [-10, 10]}}, False),
    (_step_points(), {"solid": [[-0.2, 0], [0, 0], [0, 0.05], [-0.2, 0.05]]}, True),      # points on the step's faces
    (_grid(-0.2, 1, 0, 0.1, 60, 10), {"solid": [[-0.2, 0], [0, 0], [0, 0.05], [-0.2, 0.05]]}, False),  # no step
    (_grid(0, 1, 0, 1, 4, 4), {"solid": [[0.3, 0.1], [0.45, 0.15], [0.3, 0.2]]}, True),  # no grid point inside
    (_grid(0, 1, 0, 1, 100, 100), {"solid": [[0.3, 0.1], [0.45, 0.15], [0.3, 0.2]]}, False),
    (_ring(0.5, 3), {"solid_circle": [0, 0, 0.5]}, True),
    (_ring(0.2, 3), {"solid_circle": [0, 0, 0.5]}, False),
    (_ring(0.03, 0.05), {"radial": {"axis": "z", "min": 0.03, "max": 0.05}}, True),
    (_ring(0.0, 0.05), {"radial": {"axis": "z", "min": 0.03, "max": 0.05}}, False),
    (_ring(0.0, 0.01, axis=0), {"radial": {"axis": "x", "max": 0.01}}, True),
    (_ring(0.0, 0.01, axis=0), {"radial": {"axis": "z", "max": 0.01}}, False),            # wrong axis
    (_ring(0.0005, 0.01, axis=0), {"radial": {"axis": "x", "max": 0.01}}, True),         # O-grid core off the axis
    (_ring(0.003, 0.01, axis=0), {"radial": {"axis": "x", "max": 0.01}}, False),          # a hole along the axis
])
def test_judge_mesh(points: np.ndarray, spec: dict, ok: bool) -> None:
    verdict = judge_mesh(points, None, MeshSpec.model_validate(spec))
    assert verdict.ok is ok, verdict.found


@pytest.mark.parametrize("cells, spec, ok", [
    (2000, {"cells": 2000}, True),
    (2001, {"cells": 2000}, False),
    (4300, {"cells": 4400, "cells_rtol": 0.05}, True),
    (None, {"cells": 4400}, False),
])
def test_judge_mesh_cells(cells: int | None, spec: dict, ok: bool) -> None:
    assert judge_mesh(_grid(0, 1, 0, 1, 2, 2), cells, MeshSpec.model_validate(spec)).ok is ok


def test_judge_mesh_says_what_it_found() -> None:
    verdict = judge_mesh(_grid(0, 2, 0, 0.5, 4, 2), 8, MeshSpec(bounds={"x": [0, 1]}, cells=10))
    assert not verdict.ok
    assert "x spans 0..2, not 0..1" in verdict.found and "8 cells, not 10" in verdict.found


def _write_mesh(case: Path, points: np.ndarray, fmt: str, gz: bool = False, n_cells: int = 7) -> None:
    poly = case / "constant/polyMesh"
    poly.mkdir(parents=True)
    head = HEADER.format(fmt=fmt).encode()
    if fmt == "binary":
        body = f"{len(points)}\n(".encode() + struct.pack(f"<{points.size}d", *points.ravel()) + b")\n"
    else:
        body = f"{len(points)}\n(\n".encode() + "".join(f"({x:g} {y:g} {z:g})\n" for x, y, z in points).encode() + b")\n"
    name = "points.gz" if gz else "points"
    (poly / name).write_bytes(gzip.compress(head + body) if gz else head + body)
    owner = HEADER.format(fmt="ascii").replace("object points;", f'note "nPoints:{len(points)} nCells:{n_cells} nFaces:1";')
    (poly / "owner").write_text(owner + "1\n(\n0\n)\n")


@pytest.mark.parametrize("fmt, gz", [("ascii", False), ("binary", False), ("ascii", True), ("binary", True)])
def test_read_points_every_format(tmp_path: Path, fmt: str, gz: bool) -> None:
    points = _step_points()
    _write_mesh(tmp_path, points, fmt, gz)
    np.testing.assert_allclose(read_points(tmp_path / "constant/polyMesh"), points, atol=1e-9)
    assert read_cell_count(tmp_path / "constant/polyMesh") == 7


def test_mesh_check_through_evaluate(tmp_path: Path) -> None:
    _write_mesh(tmp_path, _step_points(), "binary", n_cells=4400)
    check = Check.model_validate({"file": "constant/polyMesh/points", "why": "the step",
                                  "mesh": {"bounds": {"x": [-0.2, 1], "y": [0, 0.1]}, "cells": 4400,
                                           "solid": [[-0.2, 0], [0, 0], [0, 0.05], [-0.2, 0.05]]}})
    assert evaluate(tmp_path, check).ok
    missing = evaluate(tmp_path / "nothing", check)
    assert not missing.ok and "missing" in (missing.found or "")


# --- the set ---------------------------------------------------------------------------------


def _geometry_cases(name: str) -> list[RequestCase]:
    return [RequestCase.model_validate(r) for r in _load(name)]


def test_geometry_set_size_and_shapes() -> None:
    dev, held = _geometry_cases("geometry.yaml"), _geometry_cases("geometry_held_out.yaml")
    shapes = {c.tags["geometry"] for c in dev + held}
    assert len(dev) + len(held) >= 17 and len(shapes) >= 13
    assert len(dev) * len(PHRASINGS) >= 40 and len({c.tags["geometry"] for c in dev}) >= 12
    assert len(held) == (len(dev) + len(held)) // 5                       # every 5th case written
    assert not {c.id for c in dev} & {c.id for c in held}


@pytest.mark.parametrize("name", ["geometry.yaml", "geometry_held_out.yaml", "geometry_held_out_fresh.yaml"])
def test_every_geometry_case_is_complete(name: str) -> None:
    for case in _geometry_cases(name):
        assert set(case.phrasings) == set(PHRASINGS), case.id
        assert {"set", "family", "solver", "geometry", "physics"} <= set(case.tags), case.id
        assert case.tags["set"] == "geometry" and case.tags["solver"] == case.expected_solver, case.id
        whys = [c.entry for c in case.checks]
        assert ["application"] in whys and ["endTime"] in whys, case.id
        assert any(c.mesh is not None for c in case.checks), f"{case.id}: no geometry check"


def test_tag_geometry_selects_the_geometry_requests_only() -> None:
    every = load_requests()
    geometry = load_requests(tag="geometry")
    assert geometry and all(c.tags["set"] == "geometry" for c in geometry)
    assert {c.id for c in geometry} == {c.id for c in _geometry_cases("geometry.yaml")}
    assert len(every) > len(geometry)                                      # the tutorial requests stay in the set
    assert all(c.expected_solver == "icoFoam" for c in load_requests(tag="geometry,solver=icoFoam"))


@pytest.mark.parametrize("tags, want, ok", [
    ({"set": "geometry", "solver": "icoFoam"}, "geometry", True),
    ({"set": "geometry", "solver": "icoFoam"}, "geometry,solver=icoFoam", True),
    ({"set": "geometry", "solver": "icoFoam"}, "geometry,solver=simpleFoam", False),
    ({"geometry": "square-cavity"}, "geometry", False),                    # a key is not a tag value
    ({"physics": ["laminar", "transient"]}, "physics=laminar", True),
    ({"physics": ["laminar"]}, None, True),
])
def test_has_tags(tags: dict, want: str | None, ok: bool) -> None:
    assert has_tags(tags, want) is ok


# --- what a row reports ------------------------------------------------------------------------


def _row(score: int, shape: str, verdict: str | None) -> RequestResult:
    acceptance = AcceptanceRow(verdict=verdict, reasons=[f"{verdict} reason"]) if verdict else None
    return RequestResult(id=shape, phrasing="terse", tags={"set": "geometry", "geometry": shape}, held_out=False,
                         solver="icoFoam", expected_solver="icoFoam", score=score, reason="", seconds=1.0,
                         geometry={"kind": "parametric", "shape": shape, "dimensions": {"L": 1.0}, "cells": 10,
                                   "mesh_quality": None, "extra": 1},
                         acceptance=acceptance)


def test_summary_gives_verdict_shares_and_rate_per_shape() -> None:
    rows = [_row(4, "channel-2d", "accept"), _row(3, "channel-2d", "warn"), _row(4, "annulus", "reject"),
            _row(0, "annulus", None)]
    s = summarise(rows)
    assert s["acceptance"] == {"accept": 0.25, "warn": 0.25, "reject": 0.25, "none": 0.25}
    assert s["by_shape"] == {"annulus": 0.5, "channel-2d": 0.5}
    dumped = rows[0].model_dump(mode="json")
    assert dumped["geometry"] == {"kind": "parametric", "shape": "channel-2d", "dimensions": {"L": 1.0}, "cells": 10,
                                  "mesh_quality": None}
    assert dumped["acceptance"]["verdict"] == "accept"


def test_acceptance_row_keeps_verdict_and_reasons() -> None:
    acceptance = Acceptance(verdict="warn", converged=False, checks=[], reasons=["Courant number 1.4 > 1"])
    row = AcceptanceRow.of(acceptance)
    assert row is not None and row.verdict == "warn" and row.reasons == ["Courant number 1.4 > 1"]
    assert AcceptanceRow.of(None) is None
