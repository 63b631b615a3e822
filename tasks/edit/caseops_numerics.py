"""fvSchemes and fvSolution entries for the solved fields: convection schemes (by the
solver's flux), linear solvers, Final solvers and relaxation; the regular-expression key
matching OpenFOAM applies to them."""

from __future__ import annotations

import re
from pathlib import Path

from tasks.edit.caseops_io import read, write
from tasks.edit.caseops_models import elliptic_fields
from tasks.foam import dictionary as fd
from tasks.foam.defaults import (
    convection_entries,
    keyword_values,
    linear_solver_body,
    stress_scheme,
    turbulence_relaxation,
)
from tasks.foam.physics import convection_flux, fmt, is_steady

# --- numerics -------------------------------------------------------------------------


def _solver_keys(text: str) -> list[str]:
    return fd.keys(text, ["solvers"])


def covered_by(field: str, patterns: list[str]) -> bool:
    for pat in patterns:
        try:
            if re.fullmatch(pat, field):
                return True
        except re.error:
            continue
    return False


def _relaxation_of(solution: str, field: str) -> float | None:
    """The equation relaxation factor that applies to `field`: its own entry, else the last
    pattern that matches it (OpenFOAM tries regular-expression keys from the last one up)."""
    path = ["relaxationFactors", "equations"]
    value = fd.get(solution, [*path, field])
    if value is None:
        for key in reversed(fd.keys(solution, path)):
            if covered_by(key.strip('"'), [field]) or covered_by(field, [key.strip('"')]):
                value = fd.get(solution, [*path, key])
                break
    try:
        return float(str(value).split()[0]) if value is not None else None
    except ValueError:
        return None


_FLUXES = ("phi", "rhoPhi", "alphaRhoPhi", "alphaPhi", "phid", "phim")


def has_convection_scheme(field: str, div_keys: list[str], flux: str = "phi") -> bool:
    """A divSchemes entry for the convection of `field`, written plainly or as a regular
    expression ("div\\(phi,(k|omega)\\)"): by whatever flux the solver's transport uses when
    `flux` is phi (div(phi,k); div(rhoPhi,k) for VoF mixtures; div(alphaRhoPhic,k) for MPPIC's
    carrier phase), by that flux alone when the solver's is another (compressibleInterFoam reads
    div(rhoPhi,k), a leftover div(phi,k) does not count)."""
    if flux != "phi":
        key = f"div({flux},{field})"
        return key in div_keys or covered_by(key, [k.strip('"') for k in div_keys if k not in (key, "default")])
    plain = re.compile(rf"div\(\w+,{re.escape(field)}\)")
    return any(plain.fullmatch(k) for k in div_keys) or \
        any(covered_by(f"div({other},{field})", div_keys) for other in _FLUXES)


def ensure_numerics(case: Path, solver: str, solved: list[str]) -> list[str]:
    """fvSchemes div terms and fvSolution solvers/relaxation for every solved field. The
    convection entries are the checker's: `div(<flux>,<field>)` with the flux the solver's
    tutorials convect turbulence with (rhoPhi for driftFluxFoam, ...), none for a field some
    entry already covers or a field without convection (v2f's f, kEpsilonPhitF's f)."""
    changed: list[str] = []
    steady = is_steady(solver)
    schemes = read(case, "system/fvSchemes")
    default_div = (fd.get(schemes, ["divSchemes", "default"]) or "none").strip()
    elliptic = elliptic_fields()
    if default_div == "none":
        div_keys = fd.keys(schemes, ["divSchemes"])
        flux = convection_flux(solver)
        missing = [f for f in solved if f != "T" and f not in elliptic and not has_convection_scheme(f, div_keys, flux)]
        entries = convection_entries(missing, steady, flux)
        for key, scheme in entries.items():
            schemes = fd.set_entry(schemes, ["divSchemes", key], scheme)
    if "R" in solved and default_div == "none":
        for key in ("div(R)", "div((nu*dev2(T(grad(U)))))"):
            if fd.get(schemes, ["divSchemes", key]) is None:
                schemes = fd.set_entry(schemes, ["divSchemes", key], stress_scheme())
    if fd.get(schemes, ["wallDist"]) is None:
        schemes = fd.set_entry(schemes, ["wallDist"], keyword_values("fvSchemes", "wallDist"))
    if schemes != read(case, "system/fvSchemes"):
        changed.append(write(case, "system/fvSchemes", schemes))

    solution = read(case, "system/fvSolution")
    patterns = _solver_keys(solution)
    missing = [f for f in solved if not covered_by(f, patterns)]
    if missing:  # turbulence fields and T: one kind of linear solver
        spec = linear_solver_body(missing[0])
        solution = fd.set_entry(solution, ["solvers", "(" + "|".join(missing) + ")"], spec)
    if not steady and fd.find(solution, ["PIMPLE"]) is not None:
        finals = [f"{f}Final" for f in ["U", *solved]]
        patterns = _solver_keys(solution)
        missing_final = [f for f in finals if not covered_by(f, patterns)]
        if missing_final:
            spec = linear_solver_body(missing_final[0])  # a Final entry: relTol 0
            solution = fd.set_entry(solution, ["solvers", "(" + "|".join(missing_final) + ")"], spec)
    if steady and fd.find(solution, ["relaxationFactors", "equations"]) is not None:
        eq = fd.keys(solution, ["relaxationFactors", "equations"])
        rel = float(turbulence_relaxation())
        for field in solved:
            if field != "T" and not covered_by(field, eq):
                solution = fd.set_entry(solution, ["relaxationFactors", "equations", field], fmt(rel))
        if "omega" in solved:  # omega under 0.9 relaxation goes negative (bounding) late in the run
            for field in (f for f in solved if f != "T"):
                factor = _relaxation_of(solution, field)
                if factor is not None and factor > rel:
                    solution = fd.set_entry(solution, ["relaxationFactors", "equations", field], fmt(rel))
    if solution != read(case, "system/fvSolution"):
        changed.append(write(case, "system/fvSolution", solution))
    return changed
