"""How densely particles pack (MPPIC's packing models) is no porous zone; a packed bed or
column packing still is."""

import pytest

from tasks.plan.select import request_features


@pytest.mark.parametrize("text,porous", [
    ("gas-solid cyclone; model the inter-particle collisions through a packing pressure on a grid", False),
    ("sand parcels in a hopper with a close-packed limit of 0.6", False),
    ("fluidised bed of glass beads, packing fraction 0.55, MPPIC", False),
    ("a column with structured packing as a porous zone, air at 1 m/s", True),
    ("flow through a packed bed of spheres, Darcy coefficient 1e8", True),
])
def test_packing_words(text, porous):
    assert bool(request_features(text, None, None).flags.get("porous")) is porous
