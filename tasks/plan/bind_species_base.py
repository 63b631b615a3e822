"""What a reacting base case holds about its species: the species of its mechanism (the
`species` list of its reactions file, the SPECIES of its CHEMKIN input, its species fields,
its chemFoam fractions), and for each species field the fixed value of each patch. Pure
functions over a `Base` (read-only view of the base case's files).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from tasks.foam import dictionary as fd
from tasks.foam.includes import expand_text
from tasks.plan.bind_base import Base
from tasks.plan.species_data import elements_of, oxygen_demand

__all__ = ["INITIAL_CONDITIONS", "PatchValue", "burns", "fixed_values", "mechanism_species", "species_fields"]

INITIAL_CONDITIONS = "constant/initialConditions"
_DIMENSIONLESS = re.compile(r"^\s*dimensions\s+\[\s*0(?:\s+0){4,6}\s*\]", re.M)


class PatchValue(NamedTuple):
    """A species field's boundary condition on one patch: its type and its uniform value (None
    when it holds no plain number)."""

    type: str
    value: float | None


def is_species(name: str) -> bool:
    try:
        elements_of(name)
    except ValueError:
        return False
    return True


def burns(species: str) -> bool:
    """A species that takes oxygen to burn (a fuel): CH4, H2, CO, NH3; not O2, N2, H2O, CO2."""
    return is_species(species) and oxygen_demand(species) > 0


def mechanism_species(base: Base) -> list[str]:
    """The species the base's chemistry knows, as it spells them."""
    names: list[str] = []
    for rel in ("constant/reactions", "constant/reactionsGRI", "chemkin/reactions"):
        m = re.search(r"\bspecies\s*\d*\s*\(([^)]*)\)", base.text(rel) or "")
        if m:
            names += m.group(1).split()
    for rel in ("chemkin/chem.inp", "chemkin/chem.inp.gz"):
        m = re.search(r"^\s*SPEC(?:IES)?\b(.*?)^\s*END\b", base.text(rel) or "", re.S | re.M | re.I)
        if m:
            names += re.sub(r"!.*", "", m.group(1)).split()
    names += species_fields(base)
    names += _fraction_keys(base)
    seen: dict[str, str] = {}
    for n in names:
        if is_species(n):
            seen.setdefault(n.upper(), n)
    return list(seen.values())


def _fraction_keys(base: Base) -> list[str]:
    text = base.text(INITIAL_CONDITIONS) or ""
    span = fd.body_span(text, ["fractions"])
    return [e.name for e in fd.entries(text, *span) if e.kind == "value"] if span else []


def species_fields(base: Base) -> list[str]:
    """The base's dimensionless fields named by a chemical formula (0/CH4, 0/O2, 0/N2)."""
    out = []
    for f in base.fields():
        rels = base.field_rels(f)
        if rels and is_species(f) and _DIMENSIONLESS.search(base.text(rels[0]) or ""):
            out.append(f)
    return out


def fixed_values(base: Base, field: str) -> dict[str, PatchValue]:
    """Patch -> (type, uniform value) of a species field."""
    rels = base.field_rels(field)
    text = base.expanded(rels[0]) if rels else None
    if not text:
        return {}
    internal = _uniform(fd.get(text, ["internalField"]) or "", None)
    out: dict[str, PatchValue] = {}
    for patch, kind in base.patch_bcs(field).items():
        raw = expand_text(fd.get(text, ["boundaryField", patch, "value"]) or "", text)  # `uniform $:pipe.CH4`
        out[patch] = PatchValue(kind, _uniform(raw, internal))
    return out


def _uniform(raw: str, internal: float | None) -> float | None:
    raw = " ".join(raw.split())
    if raw in ("$internalField", "uniform $internalField"):
        return internal
    m = re.fullmatch(r"(?:uniform\s+)?([-+\d.eE]+)", raw)
    return float(m.group(1)) if m else None
