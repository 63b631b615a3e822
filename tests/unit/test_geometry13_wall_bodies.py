"""Session 13: one body standing on a channel wall (rib, fence, baffle, block), its sizes bound to their
roles wherever the request says them; symbols the request defines and reuses."""

from __future__ import annotations

import pytest

from tasks.geometry.text import parse_geometry
from tasks.geometry.text_defined_symbols import defined_symbols, resolve_defined_symbols
from tasks.geometry.text_wall_bodies import wall_body


def _rectangle(text: str) -> tuple[float, float, float, float]:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel_with_obstacles", spec
    assert len(spec.obstacles) == 1, spec.obstacles
    body = spec.obstacles[0]
    return body.center[0], body.center[1], body.width, body.height


@pytest.mark.parametrize(("text", "want"), [
    # value before role, one sentence per value, pronouns
    ("25 mm is how far the baffle reaches down from the ceiling; 3 mm is its thickness; 0.4 m from the inlet is its "
     "centre. Channel: 1.2 m x 0.1 m, origin lower left. icoFoam, 0.05 m/s, nu 1e-5, 5 s.", (0.4, 0.0875, 0.003, 0.025)),
    # inches, the channel's sizes in the same clause as the body's
    ("A 2D duct 24 in long and 2 in high, lower-left at the origin, has a fence 0.5 in tall and 0.1 in thick standing on "
     "the floor, its leading face 6 in from the inlet; simpleFoam kOmegaSST 5 m/s nu 1.5e-5 300 iterations",
     (0.1524 + 0.00127, 0.00635, 0.00254, 0.0127)),
    # key: value lines
    ("channel: 2 m x 0.2 m (origin lower left)\nobstacle: block on the floor\nblock height: 50 mm\nblock length: 100 mm\n"
     "block upstream face: x = 0.6 m\nsolver: pimpleFoam", (0.65, 0.025, 0.1, 0.05)),
    # a question, the channel's sizes in parentheses, a body hanging from the top
    ("Could you simulate a rib hanging from the upper wall of a 2D channel (50 cm long, 5 cm high, corner at origin), "
     "1 cm deep and 5 mm wide, centred 20 cm downstream of the inlet, with simpleFoam laminar?", (0.2, 0.045, 0.005, 0.01)),
    # "protrudes ... into the flow", key lines with a colon
    ("Duct: 200 cm x 20 cm (2D, corner at origin). Baffle: hangs from the roof, protrudes 8 cm into the flow, 1 cm thick, "
     "midplane at x = 50 cm. pisoFoam, 18 km/h.", (0.5, 0.16, 0.01, 0.08)),
    # values before the role words, measured from the wall
    ("0.3 m: distance from the inlet (x = 0) to the front face of the rib. 10 mm: rib height, measured up from the bottom "
     "wall (y = 0). 5 mm: rib thickness along the flow. The channel itself is 5 cm tall and 100 cm long.",
     (0.3025, 0.005, 0.005, 0.01)),
])
def test_wall_mounted_body_sizes_by_role(text: str, want: tuple[float, float, float, float]) -> None:
    assert _rectangle(text) == pytest.approx(want, rel=1e-6)


@pytest.mark.parametrize("text", [
    "a square block 10 cm across sitting 0.6 m in from the inlet, 20 cm up from the floor, in a 2 m by 0.5 m channel",
    "two ribs on the floor, 5 mm high, 20 cm apart",
    "a block centred at (0.3, 0.1) in a channel 1 m long",
])
def test_not_one_wall_body(text: str) -> None:
    body = wall_body(text)
    assert body is None or not body.complete()


@pytest.mark.parametrize(("text", "symbol", "value"), [
    ("channel H = 0.1 m high, L = 20H long", "L", 2.0),
    ("a rib of height h = H/10 where H = 50 mm", "h", 0.005),
    ("e = 5 mm is the rib size, pitch p = 10e", "p", 0.05),
    ("w = 2h with h = 0.5 in", "w", 0.0254),
])
def test_defined_symbols(text: str, symbol: str, value: float) -> None:
    assert defined_symbols(text)[symbol] == pytest.approx(value)


@pytest.mark.parametrize(("text", "want", "absent"), [
    ("H = 0.1 m; the block's upstream face at x = 5H", "x = 0.5 m", "5H"),
    ("With h = 20 mm the fence height, the fence is t = h/10 thick", "0.002 m thick", "h/10"),  # a sized definition: its value
    ("D = 20 mm, a 2D channel 20 D long", "0.4 m long", "20 D"),
    ("D = 20 mm, a 2D channel", "2D channel", "0.04"),  # a dimensionality, not two diameters
    ("e = 5 mm, nu = 1e-5 m^2/s", "1e-5", "0.005 m-5"),  # an exponent, not a count of e
])
def test_resolve_defined_symbols(text: str, want: str, absent: str) -> None:
    out = resolve_defined_symbols(text)
    assert want in out and absent not in out, out


@pytest.mark.parametrize(("text", "height", "length"), [
    ("2D channel with a fence on the floor: fence height h = 20 mm, thickness t = h/10, upstream face at x = 10h; channel "
     "height 5h, length 40h, origin at the lower left corner", 0.1, 0.8),
    ("Given: channel H = 4 cm, L = 25H (origin lower left); a rib of height h = H/8 and width h on the floor, its front "
     "face 5H from the inlet.", 0.04, 1.0),
])
def test_symbols_size_the_channel_not_the_body(text: str, height: float, length: float) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel_with_obstacles"
    assert (spec.dims.height, spec.dims.length) == pytest.approx((height, length))
