"""Directions said in words next to a speed (tasks/plan/values_directions.py): signed axes, up and
down read against the case's gravity, left and right, the words after and before the value, and a
patch's inward normal and a setFields injector (tasks/plan/bind_directions.py)."""

from __future__ import annotations

import pytest

from tasks.plan.bind_directions import aimed_pairs, injector_regions, inward_normal
from tasks.plan.values_directions import down_of, said_direction, words_after, words_before

Y_DOWN = [0.0, -1.0, 0.0]
Z_DOWN = [0.0, 0.0, -1.0]


@pytest.mark.parametrize(
    "words,down,want",
    [
        ("in +x", Y_DOWN, [1, 0, 0]),
        ("flows along negative y", Y_DOWN, [0, -1, 0]),
        ("along the positive z-axis", Y_DOWN, [0, 0, 1]),
        (" (both axial, +z)", Y_DOWN, [0, 0, 1]),
        ("pointing in -z", Y_DOWN, [0, 0, -1]),
        ("in the -y direction", Z_DOWN, [0, -1, 0]),
        ("towards -x", Z_DOWN, [-1, 0, 0]),
        ("(-z)", Y_DOWN, [0, 0, -1]),
        ("x-direction", Y_DOWN, [1, 0, 0]),
        # up and down follow gravity: -y in a y-up case, -z in a z-up one
        ("injected downward at", Y_DOWN, [0, -1, 0]),
        ("injected downward at", Z_DOWN, [0, 0, -1]),
        ("the jet is coming down with", Z_DOWN, [0, 0, -1]),
        ("enters from the top at", Y_DOWN, [0, -1, 0]),
        ("upwards", Z_DOWN, [0, 0, 1]),
        ("rising at", Y_DOWN, [0, 1, 0]),
        ("from below", Z_DOWN, [0, 0, 1]),
        ("vertically downward", Z_DOWN, [0, 0, -1]),
        ("horizontally to the right", Z_DOWN, [1, 0, 0]),
        ("to the left", Y_DOWN, [-1, 0, 0]),
        ("from the left", Y_DOWN, [1, 0, 0]),
    ],
)
def test_a_direction_in_words_is_a_unit_vector(words: str, down: list[float], want: list[float]) -> None:
    said = said_direction(words, down)
    assert said is not None and said.vector == [float(c) for c in want]


@pytest.mark.parametrize("words", ["set up with", "up to 5 s", "in the x-z plane", "downstream of the step",
                                   "upstream", "speed up the run", "at the inlet", "x-z"])
def test_words_that_name_no_direction_give_none(words: str) -> None:
    assert said_direction(words, Y_DOWN) is None


def test_up_or_down_without_a_vertical_is_said_but_not_placed() -> None:
    said = said_direction("injected downward", None)
    assert said is not None and said.vector is None and said.vertical
    assert said_direction("in -z", None).vector == [0.0, 0.0, -1.0]  # an axis needs no vertical


@pytest.mark.parametrize(
    "gravity,two_d,want",
    [([0, 0, -9.81], False, Z_DOWN), ([0, -9.81, 0], True, Y_DOWN), (None, True, Y_DOWN), (None, False, None),
     ([0, 0, 0], False, None)],
)
def test_down_is_along_gravity_else_minus_y_in_2d(gravity, two_d, want) -> None:
    assert down_of(gravity, two_d) == want


@pytest.mark.parametrize(
    "text,value,want",
    [("inlet 2 m/s in +x, outlet 1 bar", "2 m/s", " in +x"),
     ("outer stream at 15 cm/s (both axial, +z); rotor", "15 cm/s", " (both axial, +z)"),
     ("air 5 m/s. gravity in -z", "5 m/s", "")],
)
def test_the_words_after_a_value_stop_at_its_clause(text: str, value: str, want: str) -> None:
    assert words_after(text, text.index(value) + len(value)) == want


@pytest.mark.parametrize(
    "text,want",
    [("ethanol (22 mn/m) injected downward at ", " injected downward at "),
     ("the mesh is fine, and the jet is coming down with ", " the jet is coming down with "),
     ("gravity in -z; inlet at ", " inlet at ")],
)
def test_the_words_before_a_value_are_its_own_clause(text: str, want: str) -> None:
    assert words_before(text, len(text)) == want


MESH = """
convertToMeters 0.1;
vertices ( (0 0 0) (2 0 0) (2 1 0) (0 1 0) (0 0 1) (2 0 1) (2 1 1) (0 1 1) );
blocks ( hex (0 1 2 3 4 5 6 7) (20 10 10) simpleGrading (1 1 1) );
boundary
(
    left { type patch; faces ( (0 4 7 3) ); }
    right { type patch; faces ( (2 6 5 1) ); }
    top { type patch; faces ( (3 7 6 2) ); }
    bottom { type wall; faces ( (1 5 4 0) ); }
    sides { type patch; faces ( (0 3 2 1) (4 5 6 7) ); }
);
"""


@pytest.mark.parametrize("patch,want", [("left", [1, 0, 0]), ("right", [-1, 0, 0]), ("top", [0, -1, 0]),
                                        ("bottom", [0, 1, 0]), ("sides", None), ("missing", None)])
def test_a_patch_at_an_end_of_the_domain_has_an_inward_normal(patch: str, want: list[float] | None) -> None:
    got = inward_normal(MESH, patch)
    assert got == ([float(c) for c in want] if want else None)


SET_FIELDS = """
defaultFieldValues ( volScalarFieldValue alpha.water 0 );
regions
(
    boxToCell { box (0 0 0) (1 1 1); fieldValues ( volScalarFieldValue alpha.water 1 ); }
    faceToFace
    {
        set injectorFaces;
        fieldValues ( volScalarFieldValue alpha.water 1 volVectorFieldValue U (0 -15 0) );
    }
);
"""


def test_a_face_region_with_a_velocity_is_an_injector() -> None:
    assert injector_regions(SET_FIELDS) == [(1, "U", [0.0, -15.0, 0.0])]
    assert injector_regions(SET_FIELDS.replace("faceToFace", "boxToCell")) == []


def test_every_axis_of_a_cone_injection_is_aimed() -> None:
    raw = "( ((0.3 0.35 1.45) (0 0 -1)) ((0.6 0.35 1.45) (0 0 -1)) )"
    assert aimed_pairs(raw, [1.0, 0.0, 0.0]) == "( ((0.3 0.35 1.45) (1 0 0)) ((0.6 0.35 1.45) (1 0 0)) )"
