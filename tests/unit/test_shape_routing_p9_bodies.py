"""Session 9 (geometry3): routing of a request that names only a body the library cannot build (refused with the
reason, never planned on a tutorial), and of a heated cell or a lid-driven cell whose size no tutorial has
(built by the library)."""

from __future__ import annotations

import pytest

from tasks.core.errors import RequestError
from tasks.plan.generic import shape_to_build
from tasks.plan.request import build_context
from tasks.plan.stated import read_stated
from tests.conftest import TUTORIALS


@pytest.fixture()
def tutorials():
    if not TUTORIALS.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    return TUTORIALS


def _shape(text: str, tutorials):
    ctx = build_context(text, tutorials)
    return shape_to_build(ctx, read_stated(ctx.text))


@pytest.mark.parametrize("text, word", [
    ("steady turbulent flow past a 5 cm sphere at 10 m/s with simpleFoam", "sphere"),
    ("Could you run the wake behind a ball of 2 in diameter, air at 36 km/h?", "sphere"),
])
def test_unbuildable_body_is_refused(text: str, word: str, tutorials) -> None:
    with pytest.raises(RequestError, match=word):
        _shape(text, tutorials)


def test_an_ellipse_without_its_sizes_is_no_library_shape(tutorials) -> None:
    """An ellipse is a shape of the library since session 15, but only with its axes; unsized, the
    request goes to the tutorials (ellipsekkLOmega has one)."""
    assert _shape("pimpleFoam laminar, 3 s: an ellipse in a uniform stream of 0.2 m/s", tutorials) is None


def test_named_tutorial_with_the_body_is_kept(tutorials) -> None:
    assert _shape("the ellipsekkLOmega tutorial with pimpleFoam, 2 s", tutorials) is None


@pytest.mark.parametrize("text, shape, side", [
    ("buoyantPimpleFoam, laminar: a convection cell 6 cm wide, left wall 40 degC, right wall 25 degC", "heated_cavity", 0.06),
    ("natural convection (buoyantBoussinesqPimpleFoam) in a 15 cm enclosure, floor 310 K, ceiling 300 K", "heated_cavity", 0.15),
    ("icoFoam: a lid-driven test cell of 4 cm, lid 0.05 m/s, nu 1e-5", "lid_driven_cavity", 0.04),
])
def test_sized_cell_is_built(text: str, shape: str, side: float, tutorials) -> None:
    spec = _shape(text, tutorials)
    assert spec is not None and spec.shape == shape
    assert spec.dimensions["width"] == pytest.approx(side)
