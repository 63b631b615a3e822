"""A wall facing the flow (a step, an obstacle, a cavity's end wall) turns it: the Courant
estimate then counts the thin cells of every direction at the flow's full speed; a channel whose
walls run along the flow keeps the streamwise estimate."""

from __future__ import annotations

import pytest

from tasks.edit.caseops_cells import courant_scale, facing_walls, wall_faces

# a 2D channel 1 m long, 0.1 m high, wall-graded across (ratio 10 in two halves); inlet on the left
_VERTICES = """vertices ((0 0 0) (1 0 0) (1 0.1 0) (0 0.1 0) (0 0 0.01) (1 0 0.01) (1 0.1 0.01) (0 0.1 0.01)
 (1 -0.05 0) (2 -0.05 0) (2 0 0) (1 -0.05 0.01) (2 -0.05 0.01) (2 0 0.01) (2 0.1 0) (2 0.1 0.01));"""
_CHANNEL = _VERTICES + """
blocks (hex (0 1 2 3 4 5 6 7) (50 20 1) simpleGrading (1 ((0.5 0.5 10) (0.5 0.5 0.1)) 1));
boundary (
 inlet { type patch; faces ((0 4 7 3)); }
 walls { type wall; faces ((0 1 5 4) (3 7 6 2)); }
);
"""
# the same channel followed by a widened section below a step: the face (1 8 11 5)'s neighbour
# block's upstream face (8 10 13 11) ... here the step face is the lower block's x-min face
_STEP = _VERTICES + """
blocks (
 hex (0 1 2 3 4 5 6 7) (50 20 1) simpleGrading (1 ((0.5 0.5 10) (0.5 0.5 0.1)) 1)
 hex (8 9 10 1 11 12 13 5) (50 10 1) simpleGrading (1 ((0.5 0.5 40) (0.5 0.5 0.025)) 1)
 hex (1 10 14 2 5 13 15 6) (50 20 1) simpleGrading (1 ((0.5 0.5 10) (0.5 0.5 0.1)) 1)
);
boundary (
 inlet { type patch; faces ((0 4 7 3)); }
 lowerWall { type wall; faces ((0 1 5 4) (8 11 5 1) (8 9 12 11)); }
 upperWall { type wall; faces ((3 7 6 2) (2 6 15 14)); }
);
"""
_U = "internalField uniform (0 0 0);\nboundaryField { inlet { type fixedValue; value uniform (5 0 0); } }\n"


@pytest.mark.parametrize("text, facing", [
    (_CHANNEL, [(False, True, False)]),  # walls along the flow only
    (_STEP, [(False, True, False), (True, True, False), (False, True, False)]),  # the step face is x-normal
    # an obstacle declared `type patch` (sonicFoam forwardStep's obstacle) still faces the flow
    (_STEP.replace("lowerWall { type wall;", "obstacle { type patch;"), [(False, True, False), (True, True, False),
                                                                        (False, True, False)]),
])
def test_facing_walls_per_block_direction(text: str, facing: list) -> None:
    assert facing_walls(text) == facing


def test_wall_faces_are_vertex_sets() -> None:
    assert frozenset({0, 1, 5, 4}) in wall_faces(_CHANNEL)
    assert frozenset({0, 4, 7, 3}) not in wall_faces(_CHANNEL)


@pytest.mark.parametrize("text, velocity, turning", [
    (_CHANNEL, "(5 0 0)", False),  # parallel flow: only the 0.02 m streamwise cells count
    (_STEP, "(5 0 0)", True),  # the step turns it: the 40:1 graded wall cells count
    (_STEP, "(0 0 0)", None),  # nothing moves: no estimate
])
def test_turning_flow_counts_the_thinnest_cells(text: str, velocity: str, turning: bool | None) -> None:
    scale = courant_scale(text, _U.replace("(5 0 0)", velocity))
    if turning is None:
        assert scale is None
        return
    assert scale is not None and scale.speed == pytest.approx(5.0)
    if turning:
        assert scale.length < 0.002  # the thinnest wall cell, far below the 0.02 m streamwise cell
    else:
        assert scale.length == pytest.approx(0.02)
