"""What the acceptance verdict needs in a case: monitor function objects and a steady
case's residualControl at the canonical values (unless the request states its own)."""

from __future__ import annotations

from pathlib import Path

from tasks.edit.caseops_io import read, write
from tasks.edit.caseops_numerics import covered_by
from tasks.foam import dictionary as fd

# --- what the acceptance verdict needs ----------------------------------------------------


def add_monitors(case: Path, solver: str) -> list[str]:
    """controlDict function objects for the acceptance checks (tasks/run/acceptance.py): the
    flux through every open patch, and the monitored quantity of a steady run. Entries of the
    same name are replaced; the case's own function objects are kept."""
    from tasks.run.acceptance import monitor_functions

    functions = monitor_functions(case, solver)
    if not functions:
        return []
    text = read(case, "system/controlDict")
    if fd.find(text, ["functions"]) is None:
        text = fd.set_entry(text, ["functions"], {})
    for name, body in functions.items():
        text = fd.set_entry(text, ["functions", name], body)
    write(case, "system/controlDict", text)
    return ["system/controlDict"]


def tighten_residual_control(case: Path) -> list[str]:
    """A steady case's SIMPLE residualControl lowered to the canonical values (numerics.md):
    an entry looser than the canonical value of the fields it covers is lowered, a tighter one
    kept, nothing added. The v1912 tutorials' p 1e-2 stops runs that have not converged."""
    from tasks.foam.defaults import residual_control

    text = read(case, "system/fvSolution")
    path = ["SIMPLE", "residualControl"]
    if fd.find(text, path) is None:
        return []
    canonical = residual_control()

    def canonical_value(field: str) -> float | None:
        for key, value in canonical.items():
            if covered_by(field, [key.strip('"')]):
                return float(value)
        return None

    present = sorted({f.name for f in (case / "0").glob("*")} | {"p", "p_rgh", "U"}) if (case / "0").is_dir() else []
    new = text
    for key in fd.keys(text, path):
        fields = [f for f in present if covered_by(f, [key.strip('"')])] or [key.strip('"')]
        wanted = [v for v in (canonical_value(f) for f in fields) if v is not None]
        if not wanted:
            continue
        have = fd.get(new, [*path, key])
        try:
            looser = float(str(have).split()[0]) > min(wanted)
        except (TypeError, ValueError):
            continue  # a sub-dictionary (PIMPLE-style) or an expression: leave it
        if looser:
            new = fd.set_entry(new, [*path, key], f"{min(wanted):g}")
    if new == text:
        return []
    write(case, "system/fvSolution", new)
    return ["system/fvSolution"]


def residuals_stated(request, manifest) -> bool:
    """True when the request sets its own convergence criteria (a residual or a residualControl
    edit in the plan): those are kept as stated."""
    if "residual" in request.text.lower():
        return True
    return any("residualControl" in e.entry for e in manifest.edits)
