"""canonical/fluids.yaml: the properties of named fluids, and the first fluid a text names."""

from __future__ import annotations

import re
from functools import lru_cache

import yaml
from pydantic import BaseModel, ConfigDict

from tasks.core.paths import CANONICAL_DIR

class FluidEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    aliases: list[str]
    condition: str
    rho: float
    mu: float
    nu: float
    cp: float
    kappa: float
    pr: float
    beta: float


@lru_cache(maxsize=1)
def fluid_table() -> dict[str, FluidEntry]:
    data = yaml.safe_load((CANONICAL_DIR / "fluids.yaml").read_text())
    return {name: FluidEntry.model_validate(entry) for name, entry in data.items()}


def find_fluid(text: str) -> str | None:
    """The first fluid named in the text (by alias, whole words), or None."""
    import re

    low = text.lower()
    best: tuple[int, str] | None = None
    for name, entry in fluid_table().items():
        for alias in entry.aliases:
            m = re.search(rf"\b{re.escape(alias)}\b", low)
            if m and (best is None or m.start() < best[0]):
                best = (m.start(), name)
    return best[1] if best else None
