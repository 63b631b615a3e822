"""Lengths restated from a tutorial are no new geometry (tasks.plan.select_dimensions,
tasks.plan.generic): a coordinate range is compared by its extent with the mesh's bounds, a
position, a water depth or a wave height is no domain size, and only a request that describes
another geometry is refused. Bases for 1D and layered requests (select_features, select.rank)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.core.config import get_settings
from tasks.core.errors import RequestError
from tasks.plan.architect import plan
from tasks.plan.select import rank, request_features, tutorial_records
from tasks.plan.select_dimensions import (
    coordinate_ranges,
    describes_domain,
    is_line_mesh,
    other_domain_ranges,
    range_fits,
    sets_property_by_region,
)
from tasks.plan.select_features import line_strength, says_layers
from tasks.plan.stated import read_stated

EXAMPLES = Path("/usr/share/doc/openfoam-examples/examples")
WEIGHTED = EXAMPLES / "verificationAndValidation/schemes/weightedFluxExample"
pytestmark = pytest.mark.skipif(not WEIGHTED.is_dir(), reason="installed OpenFOAM tutorials missing")


@pytest.mark.parametrize(("text", "axis", "low", "high"), [
    ("column z -1..1 m", 2, -1.0, 1.0),
    ("from z = -1 m to z = 1 m", 2, -1.0, 1.0),
    ("a domain from z = -1 m to 1 m", 2, -1.0, 1.0),
    ("z from -100 cm to 100 cm", 2, -1.0, 1.0),
    ("-1 m < z < 1 m", 2, -1.0, 1.0),
    ("from -1 m to +1 m", None, -1.0, 1.0),
    ("between x = 0 and 2 m", 0, 0.0, 2.0),
])
def test_coordinate_ranges(text: str, axis, low: float, high: float) -> None:
    (r,) = coordinate_ranges(text)
    assert (r.axis, r.low, r.high) == (axis, pytest.approx(low), pytest.approx(high))


@pytest.mark.parametrize("text", ["inlet 2 m to 3 m", "increase the length from 2 m to 3 m", "from 300 K to 400 K",
                                  "time from 0 to 5 s", "a channel 2 m long and 0.1 m high", "speed 2 to 3 m/s"])
def test_no_coordinate_range(text: str) -> None:
    assert coordinate_ranges(text) == []


@pytest.mark.parametrize(("text", "fits", "other"), [
    ("a column from z = -1 m to z = 1 m", True, False),
    ("z from -100 cm to 100 cm", True, False),
    ("a column from z = 0 to z = 2 m", True, False),  # the same extent, placed elsewhere
    ("the column runs from z = 0 to z = 3 m", False, True),  # another domain
    ("a probe line from z = -0.5 m to z = 0.5 m", False, False),  # within the mesh: a part of it
])
def test_ranges_against_the_mesh(text: str, fits: bool, other: bool) -> None:
    (r,) = coordinate_ranges(text)
    assert range_fits(WEIGHTED, r) is fits
    assert bool(other_domain_ranges(text, WEIGHTED)) is other


@pytest.mark.parametrize(("text", "said"), [
    ("the domain spans z = -1 m to z = 1 m", "-1 m"),
    ("a tank with a probe at x = 0.3 m", "0.3 m"),
    ("the still-water depth of 15 cm and wave height 5 cm in the flume", "5 cm"),  # not the end of "15 cm"
    ("a flume with the still water level at 0.4 m", "0.4 m"),
])
def test_no_domain_size(text: str, said: str) -> None:
    q = next(q for q in read_stated(text) if q.text == said)
    assert not describes_domain(text, q)


@pytest.mark.parametrize("text", ["a bar 200 cm long", "a channel 2 m long", "the tank is 0.5 m wide"])
def test_domain_sizes_stay_sizes(text: str) -> None:
    q = next(q for q in read_stated(text) if q.quantity == "length")
    assert describes_domain(text, q)


@pytest.mark.parametrize(("case", "line", "layered"), [
    ("verificationAndValidation/schemes/weightedFluxExample", True, True),
    ("compressible/rhoCentralFoam/shockTube", True, False),
    ("multiphase/reactingTwoPhaseEulerFoam/RAS/wallBoiling1D", True, False),
    ("basic/laplacianFoam/flange", False, False),
    ("multiphase/interFoam/laminar/damBreak/damBreak", False, False),
])
def test_case_layouts(case: str, line: bool, layered: bool) -> None:
    assert is_line_mesh(EXAMPLES / case) is line
    assert sets_property_by_region(EXAMPLES / case) is layered


@pytest.mark.parametrize(("text", "line", "layers"), [
    ("1D column", 1.0, False), ("one-dimensional conduction", 1.0, False), ("a bar 200 cm long", 0.5, False),
    ("inlet at 1 bar", 0.0, False), ("two-layer wall", 0.0, True), ("harmonic interpolation of DT", 0.0, True),
    ("a layered slab", 0.5, True), ("a cavity", 0.0, False),
])
def test_request_words(text: str, line: float, layers: bool) -> None:
    assert line_strength(text) == line and says_layers(text) is layers


@pytest.mark.parametrize("text", [
    "Steady conduction through a two-layer bar 200 cm long with laplacianFoam: diffusivity 1000 m2/s in the bottom "
    "half and 1 m2/s in the top half, harmonic face interpolation of D",
    "laplacianFoam, 1D two-layer column, DT 1000 m2/s for z < 0 and 1 m2/s above",
    "1D steady diffusion through a layered rod (laplacianFoam), harmonic interpolation of the diffusivity",
])
def test_layered_requests_are_planned_on_the_layered_case(text: str) -> None:
    manifest = plan(text, get_settings().tutorials_dir)
    assert manifest.base_tutorial.endswith("weightedFluxExample") and not manifest.substituted


def test_layout_points_rank_the_1d_layered_case_up() -> None:
    text = "1D two-layer conduction with laplacianFoam, harmonic interpolation"
    features = request_features(text, "laplacianFoam", None)
    (top,) = rank(features, tutorial_records(get_settings().tutorials_dir), limit=1)
    assert top.record.case.endswith("weightedFluxExample")
    assert any("1D mesh" in w for w in top.why)


@pytest.mark.parametrize("text", [
    "laplacianFoam weightedFluxExample: the domain spans z = -1 m to z = 1 m",
    "1D conduction in a domain from z = -1 m to 1 m (weightedFluxExample), DT 1e6 m2/s for z < 0, 1 m2/s for z > 0",
    "weightedFluxExample column, z from -100 cm to 100 cm",
    "solitaryGrimshaw wave tutorial with a still-water depth of 15 cm and wave height 5 cm",
    "interFoam solitary wave (solitaryGrimshaw), water 15 cm deep",
    "Run the solitaryGrimshaw case; the still water level is 0.15 m",
])
def test_restated_coordinates_and_levels_are_not_refused(text: str) -> None:
    manifest = plan(text, get_settings().tutorials_dir)
    assert not manifest.substituted


@pytest.mark.parametrize("text", [
    "weightedFluxExample but the column runs from z = 0 to z = 3 m",
    "laplacianFoam weightedFluxExample on a domain from z = -2 m to z = 2 m",
])
def test_another_domain_is_refused(text: str) -> None:
    with pytest.raises(RequestError, match="does not have"):
        plan(text, get_settings().tutorials_dir)


def test_a_near_fit_with_the_stated_size_is_preferred_and_said() -> None:
    """'a two-layer bar 200 cm long': the flange fits the words best but lacks 2 m; the 2 m column
    scores near it and has it, so it is the base, and a note says why."""
    manifest = plan("Steady conduction through a two-layer bar 200 cm long with laplacianFoam, harmonic "
                    "interpolation of the diffusivity", get_settings().tutorials_dir)
    assert manifest.base_tutorial.endswith("weightedFluxExample")
    assert any("has the sizes stated (200 cm)" in w for w in manifest.warnings)
