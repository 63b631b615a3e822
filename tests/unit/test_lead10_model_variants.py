"""A k-epsilon variant named apart from the base model's name is that variant."""

import re

import pytest

from tasks.plan.request import TURBULENCE_ALIASES


def _model(text: str) -> str | None:
    return next((m for p, m in TURBULENCE_ALIASES if re.search(p, text.lower())), None)


@pytest.mark.parametrize(("text", "model"), [
    ("T-junction with the realizable variant of k-epsilon", "realizableKE"),
    ("realisable k-epsilon on the elbow", "realizableKE"),
    ("use k-epsilon (realizable) for the duct", "realizableKE"),
    ("k-epsilon model in its realizable form", "realizableKE"),
    ("the RNG version of the standard k-epsilon", "RNGkEpsilon"),
    ("k-epsilon, RNG form, inlet 5 m/s", "RNGkEpsilon"),
    ("standard k-epsilon", "kEpsilon"),
    ("k-epsilon, then raise the inlet to 2 m/s", "kEpsilon"),
])
def test_variant_named_apart(text: str, model: str) -> None:
    assert _model(text) == model
