"""A cloud's particle size changed relative to the case's own: "make the particles 20 % bigger", "halve the droplet
diameter", "particles twice as large". Each injection model's size distribution is scaled where it says a size: a
fixed value, a normal distribution's expectation and bounds (its variance by the factor squared), a Rosin-Rammler
or mass Rosin-Rammler's d and bounds, a uniform's bounds. A distribution given as a table (general) or sizes read
from a file are not scaled: the change is reported as not applied, with why."""

from __future__ import annotations

import re
from pathlib import Path

from tasks.edit.modify_factor import factor_in
from tasks.edit.modify_models import CaseState, ChangePlan
from tasks.edit.modify_values import NUMBER, unrounded
from tasks.foam import dictionary as fd
from tasks.foam.files import read_text
from tasks.plan.manifest import FileEdit

_PARTICLES = r"(?:particles?|parcels?|droplets?|drops|grains?|beads?|bubbles?|pellets?)"
# the particles' size said with a factor: "the particles 20 % bigger", "halve the droplet diameter"
_SIZE_CUE = re.compile(rf"\b{_PARTICLES}\b[^.;,]*?\b(?:bigger|larger|smaller|size|sizes|diameters?|across)\b"
                       # "make the particles 20 % bigger" as the request is normalised: "make the particles +20%"
                       rf"|\bmake\s+(?:the\s+|all\s+)?{_PARTICLES}\s+[+-]\s*\d"
                       rf"|\b(?:size|diameter)s?\s+of\s+the\s+{_PARTICLES}\b|\b{_PARTICLES}\s+(?:size|diameter)s?\b", re.I)
# entries of a size distribution that are sizes (v1912 reads a normal distribution's "variance" as its standard
# deviation: a size too)
_SIZES = ("value", "expectation", "variance", "minValue", "maxValue", "d")


def _clause_of(low: str, at: int) -> str:
    start = max(low.rfind(c, 0, at) for c in ",;.") + 1
    ends = [i for i in (low.find(c, at) for c in ";.") if i >= 0]
    clause = low[start:min(ends) if ends else len(low)]
    return next((part for part in re.split(r"\band\b(?!\s+(?:the\s+)?\w+\s+(?:bigger|larger|smaller))", clause)
                 if _SIZE_CUE.search(part)), clause)


def _cloud_files(case: Path) -> list[Path]:
    return sorted(p for p in (case / "constant").glob("*Properties*") if p.is_file() and "Cloud" in p.name)


def particle_size_edits(plan: ChangePlan, state: CaseState, text: str) -> None:
    """Scale each injection model's size distribution by the factor said of the particles' size."""
    low = text.lower()
    cue = _SIZE_CUE.search(low)
    if cue is None:
        return
    found = factor_in(_clause_of(low, cue.start()))
    if found is None:
        return
    factor = found[0]
    unscaled: list[str] = []
    done = False
    for path in _cloud_files(state.case_dir):
        rel = str(path.relative_to(state.case_dir)).removesuffix(".gz")
        ctext = read_text(path)
        for model in fd.keys(ctext, ["subModels", "injectionModels"]):
            base = ["subModels", "injectionModels", model, "sizeDistribution"]
            kind = (fd.get(ctext, base + ["type"]) or "").strip()
            if not kind:
                continue
            coeffs = next((base + [k] for k in (f"{kind}Distribution", f"{kind}Coeffs") if fd.find(ctext, base + [k])), None)
            keys = [k for k in fd.keys(ctext, coeffs) if k in _SIZES] if coeffs else []
            if not keys:
                unscaled.append(f"{model} ({kind})")
                continue
            for key in keys:
                old = fd.get(ctext, coeffs + [key]) or ""
                m = re.search(NUMBER + r"\s*$", old)
                if m is None:
                    continue
                new = unrounded(round(float(m.group().strip()) * factor, 15))
                plan.edits.append(FileEdit(file=rel, entry=coeffs + [key], value=old[:m.start()] + new, locked=True,
                                           reason=f"{model} particle {key} x {unrounded(factor)}: {m.group().strip()} -> {new}"))
                done = True
    if unscaled or not done:
        what = ", ".join(unscaled) or "no injection model with a size distribution"
        plan.warnings.append(f"not applied: particle size x {unrounded(factor)} ({what}: its sizes are not a "
                             f"distribution's parameters Casewright scales; state the new size instead)")
