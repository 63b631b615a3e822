"""GeometrySpec: every shape builds with its defaults; a geometry that does not close, overlaps
itself or leaves an obstacle outside the domain is refused with the reason."""

from __future__ import annotations

import typing

import pytest
from pydantic import ValidationError

from tasks.core.errors import RequestError
from tasks.geometry.models import MeshBuild, MeshCommand, Sizing
from tasks.geometry.spec import DIMENSIONS, ONLY_3D, GeometrySpec, Shape, make_spec, resolved_heights

ALL_SHAPES = typing.get_args(Shape)


def test_every_shape_has_dimensions():
    assert set(ALL_SHAPES) == set(DIMENSIONS)


# shapes made of what the request lists (obstacles, the rectangles of a union): no default stands in for them
_LISTED_SHAPES = ("channel_with_obstacles", "rectilinear")


@pytest.mark.parametrize("shape", [s for s in ALL_SHAPES if s not in _LISTED_SHAPES])
def test_every_shape_builds_from_defaults(shape):
    spec = make_spec(shape=shape)
    assert spec.two_d == (shape not in ONLY_3D)
    assert spec.dims.model_fields_set == set()  # nothing given: every dimension is a default


def test_a_union_of_rectangles_needs_its_parts():
    with pytest.raises(RequestError, match="parts"):
        make_spec(shape="rectilinear")


def test_given_dimensions_are_remembered():
    spec = make_spec(shape="pipe", dimensions={"diameter": 0.1})
    assert spec.dims.diameter == 0.1 and spec.dims.model_fields_set == {"diameter"}


@pytest.mark.parametrize("fields, reason", [
    (dict(shape="backward_step", dimensions={"step_height": 0.2, "height": 0.1}), "less than the channel height"),
    (dict(shape="forward_step", dimensions={"step_height": 0.1, "height": 0.1}), "closed off"),
    (dict(shape="sudden_expansion", dimensions={"inlet_height": 0.2, "outlet_height": 0.1}), "outlet_height >"),
    (dict(shape="nozzle", dimensions={"inlet_height": 0.1, "outlet_height": 0.2}), "outlet_height <"),
    (dict(shape="annulus", dimensions={"inner_radius": 0.2, "outer_radius": 0.1}), "inner_radius"),
    (dict(shape="t_junction", dimensions={"branch_position": 0.02}), "within the main channel"),
    (dict(shape="cylinder_crossflow", dimensions={"center_y": 0.02}), "obstacle outside the domain"),
    (dict(shape="naca_airfoil", dimensions={"domain_radius": 1.0}), "must exceed 1.5 chords"),
    (dict(shape="naca_airfoil", dimensions={"naca": "12"}), "naca"),
    (dict(shape="channel", dimensions={"lenght": 1.0}), "lenght is not a dimension"),
    (dict(shape="channel", dimensions={"length": -1.0}), "greater than 0"),
    (dict(shape="channel", outline=[(0, 0), (1, 0)]), "does not close"),
    (dict(shape="channel", outline=[(0, 0), (1, 1), (1, 0), (0, 1)]), "overlaps itself"),
    (dict(shape="channel", outline=[(0, 0), (1, 0), (2, 0)]), "does not close"),
    (dict(shape="channel_with_obstacles"), "at least one obstacle"),
    (dict(shape="channel_with_obstacles", obstacles=[{"kind": "circle", "center": (2.19, 0.2), "diameter": 0.1}]),
     "obstacle outside the domain"),
    (dict(shape="channel_with_obstacles", obstacles=[{"kind": "square", "center": (0.5, 0.4), "width": 0.1}]),
     "obstacle outside the domain"),
    (dict(shape="channel_with_obstacles", obstacles=[
        {"kind": "circle", "center": (0.5, 0.2), "diameter": 0.1},
        {"kind": "rectangle", "center": (0.56, 0.2), "width": 0.05, "height": 0.2}]), "overlaps itself"),
    (dict(shape="channel_with_obstacles", obstacles=[
        {"kind": "square", "center": (0.5, 0.2), "width": 0.2},
        {"kind": "circle", "center": (0.5, 0.2), "diameter": 0.05}]), "overlap"),  # one inside the other
    (dict(shape="channel_with_obstacles", obstacles=[
        {"kind": "polygon", "vertices": [(0.5, 0.1), (0.6, 0.2), (0.6, 0.1), (0.5, 0.2)]}]), "overlaps itself"),
    (dict(shape="channel_with_obstacles", obstacles=[{"kind": "circle", "center": (0.5, 0.2)}]), "needs diameter"),
    (dict(shape="cylinder_crossflow", obstacles=[{"kind": "circle", "center": (0.5, 0.2), "diameter": 0.1}]),
     "obstacles belong to"),
    (dict(shape="box", two_d=True), "is 3D"),
    (dict(shape="naca_airfoil", two_d=False), "2D only"),
    (dict(shape="channel", mesh={"cells": [10, 10], "resolution": "fine"}), "give one of"),
    (dict(shape="channel", mesh={"cells": [10, 10, 10]}), "two cell counts"),
])
def test_refused_with_the_reason(fields, reason):
    with pytest.raises(RequestError, match="geometry refused") as info:
        make_spec(**fields)
    assert reason in str(info.value)


def test_unknown_field_is_refused():
    with pytest.raises(ValidationError):
        GeometrySpec(shape="channel", colour="red")


@pytest.mark.parametrize("shape, dims, expected", [
    ("sudden_expansion", {}, (0.05, 0.15)),
    ("sudden_expansion", {"outlet_height": 0.3}, (0.1, 0.3)),
    ("sudden_contraction", {"outlet_height": 0.01}, (0.03, 0.01)),
    ("nozzle", {"inlet_height": 0.4}, (0.4, 0.2)),
    ("diffuser", {}, (0.1, 0.2)),
])
def test_missing_heights_follow_the_default_ratio(shape, dims, expected):
    assert resolved_heights(make_spec(shape=shape, dimensions=dims)) == pytest.approx(expected)


@pytest.mark.parametrize("cells, lengths, direction, expected", [
    ([40, 10], [0.2, 1.0], 0, [7, 33]),
    ([40, 10], [1.0], 1, [10]),
    ([4], [1.0, 1.0, 1.0, 1.0, 1.0], 0, [1, 1, 1, 1, 1]),  # at least one cell per segment
    (None, [0.25, 0.1], 0, [3, 1]),
])
def test_sizing_spreads_cells_over_segments(cells, lengths, direction, expected):
    sizing = Sizing(h=0.1, cells=cells)
    got = sizing.along(lengths, direction)
    assert got == expected
    if cells and direction < len(cells):
        assert sum(got) == max(cells[direction], len(lengths))


def test_mesh_build_refuses_a_command_outside_the_whitelist():
    with pytest.raises(ValidationError, match="not a whitelisted"):
        MeshCommand(command="rm", args=["-rf", "/"])
    with pytest.raises(ValidationError):
        MeshBuild(shape="channel", generator="blockMesh", steps=[{"kind": "command", "command": "bash"}], files=[],
                  patches=[], n_cells=1, two_d=True, reference_length=1.0)
