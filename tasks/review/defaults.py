"""The canonical values the Reviewer writes for one case: the dictionary defaults the
InputWriter writes too (canonical/defaults.yaml through tasks/foam/defaults.py) plus what
must be computed from the case (deltaT from the mesh and velocity, nu from the case's
fluid, the linear solver for a field, ...).

Pure lookups over the canonical tables and a `CaseView`.
"""

from __future__ import annotations

import fnmatch
import json
import re
from typing import Callable

from tasks.foam import dictionary as fd
from tasks.foam.defaults import (
    convection_scheme,
    defaults,
    linear_solver_body,
    relaxation_factors,
    stress_scheme,
    time_scheme,
)
from tasks.foam.physics import find_fluid, fluid_table, fmt, reference_pressure
from tasks.review.case import CaseView, estimate_delta_t, first_number, nice_floor

SCHEME_SECTIONS_WITH_DEFAULT = ("ddtSchemes", "gradSchemes", "laplacianSchemes",
                                "interpolationSchemes", "snGradSchemes")


# --- fluids ------------------------------------------------------------------------------


def case_fluid(view: CaseView) -> str:
    """The fluid the case names (request text, manifest, comments), else water; air for
    buoyantBoussinesq solvers, whose tutorials and defaults are air."""
    hints = [view.text(".casewright/request.txt") or ""]
    manifest = view.text(".casewright/manifest.json")
    if manifest:
        try:
            data = json.loads(manifest)
            hints.append(json.dumps(data.get("fluid", data.get("physics", ""))))
        except (json.JSONDecodeError, AttributeError):
            pass
    props = view.text("constant/transportProperties") or ""
    hints.append(" ".join(a or b for a, b in re.findall(r"//([^\n]*)|/\*(.*?)\*/", props, re.S)))
    for text in hints:
        name = find_fluid(text) if text else None
        if name:
            return name
    return "air" if view.family == "boussinesq" else "water"


# --- keyword defaults --------------------------------------------------------------------


def canonical_keyword(keyword: str) -> str:
    return defaults().aliases.get(keyword, keyword)


def keyword_default(view: CaseView, rel: str, dict_path: list[str], keyword: str) -> str | None:
    """The canonical value for `keyword` at `dict_path` of file `rel`, or None when there is
    no canonical value (endTime, a lid velocity: only the user knows those)."""
    keyword = canonical_keyword(keyword)
    if keyword == "pRefValue":  # absolute-pressure solvers (buoyantPimpleFoam, ...) shift p to it: 1e5, not 0
        return reference_pressure(view.application)
    table_name = "FoamFile" if dict_path[:1] == ["FoamFile"] else rel.rsplit("/", 1)[-1]
    path = "/".join(dict_path[1:] if table_name == "FoamFile" else dict_path)
    if table_name == "fvSolution" and len(dict_path) == 2 and dict_path[0] == "solvers":
        value = linear_solver_default(view, dict_path, keyword)
        if value is not None:
            return value
    for pattern, values in defaults().keywords.get(table_name, {}).items():
        if fnmatch.fnmatchcase(path, pattern) and keyword in values:
            return _fill(values[keyword], view, dict_path)
    return None


def _fill(template: str, view: CaseView, dict_path: list[str]) -> str | None:
    names = re.findall(r"\{(\w+)\}", template)
    out = template
    for name in names:
        compute = _COMPUTED.get(name)
        value = compute(view, dict_path) if compute else None
        if value is None:
            return None
        out = out.replace("{" + name + "}", value)
    return out


def _delta_t(view: CaseView, _: list[str]) -> str | None:
    dt = estimate_delta_t(view)
    return fmt(dt) if dt else None


def _write_interval(view: CaseView, _: list[str]) -> str | None:
    end = first_number(view.control("endTime"))
    if end is None:
        return None
    if (view.control("writeControl") or "timeStep") == "timeStep":
        dt = first_number(view.control("deltaT")) or estimate_delta_t(view)
        return str(max(1, round(end / dt / 10))) if dt else None
    return fmt(nice_floor(end / 10))


def _fluid_value(prop: str) -> Callable[[CaseView, list[str]], str | None]:
    def compute(view: CaseView, _: list[str]) -> str | None:
        return fmt(getattr(fluid_table()[case_fluid(view)], prop))

    return compute


def _phase_value(prop: str) -> Callable[[CaseView, list[str]], str | None]:
    def compute(view: CaseView, dict_path: list[str]) -> str | None:
        name = find_fluid(dict_path[-1]) if dict_path else None
        if name is None:
            return None
        value = getattr(fluid_table()[name], prop)
        return fmt(round(value) if prop == "rho" and value > 10 else value)

    return compute


def _simulation_type(view: CaseView, _: list[str]) -> str | None:
    text = view.text("constant/turbulenceProperties") or ""
    for sim in ("RAS", "LES"):
        if fd.find(text, [sim]) is not None:
            return sim
    return "laminar"


def _ras_model(view: CaseView, _: list[str]) -> str | None:
    fields = set(view.field_names())
    if {"k", "omega"} <= fields:
        return "kOmegaSST"
    if {"k", "epsilon"} <= fields:
        return "kEpsilon"
    if "nuTilda" in fields:
        return "SpalartAllmaras"
    return None


def linear_solver_default(view: CaseView, dict_path: list[str], keyword: str) -> str | None:
    """A keyword of the linear-solver entry `solvers/<field>`: from the canonical entry for
    the field's kind, except that a smoother or preconditioner is the one the solver the
    case names needs (GAMG: GaussSeidel, PCG: DIC)."""
    text = view.text("system/fvSolution") or ""
    solver = (fd.get(text, dict_path + ["solver"]) or "").strip()
    body = linear_solver_body(dict_path[-1])
    if keyword in ("smoother", "preconditioner"):
        return defaults().solver_settings.get(solver or body["solver"], {}).get(keyword)
    return body.get(keyword)


def _ddt(view: CaseView, _: list[str]) -> str | None:
    return time_scheme(view.steady)


_COMPUTED: dict[str, Callable[[CaseView, list[str]], str | None]] = {
    "deltaT": _delta_t,
    "writeInterval": _write_interval,
    "nu": _fluid_value("nu"),
    "beta": _fluid_value("beta"),
    "Pr": _fluid_value("pr"),
    "phase_nu": _phase_value("nu"),
    "phase_rho": _phase_value("rho"),
    "simulationType": _simulation_type,
    "RASModel": _ras_model,
    "ddt": _ddt,
}


# --- numerics ----------------------------------------------------------------------------


def div_scheme(view: CaseView, key: str) -> str:
    """The canonical divSchemes entry for `key`, e.g. div(phi,k) -> bounded Gauss limitedLinear 1."""
    extra = defaults().div_schemes.extra
    if key in extra:
        return extra[key]
    if "dev" in key or "nonlinearStress" in key or "((" in key or key == "div(R)":
        return stress_scheme()
    m = re.fullmatch(r"div\((\w+),\s*([\w.]+)\)", key)
    return convection_scheme(m[2] if m else "", view.steady)


def relaxation_lines(view: CaseView) -> list[str]:
    """A relaxationFactors body for a steady case (SIMPLEC values with `consistent yes`)."""
    text = view.text("system/fvSolution") or ""
    consistent = (fd.get(text, ["SIMPLE", "consistent"]) or "").strip() in ("yes", "true", "on")
    body = relaxation_factors("simplec" if consistent else "simple", view.field_names())
    lines: list[str] = []
    for section, entries in body.items():
        lines += [section, "{"]
        lines += [f"    {k:<15} {v};" for k, v in entries.items()]
        lines += ["}"]
    return lines


# --- gravity -----------------------------------------------------------------------------


def gravity_default(view: CaseView) -> str:
    """constant/g for a case that lacks it: the gravity the case's plan recorded, else from the
    mesh: a 2D blockMesh case (one cell across) has gravity in its plane, along -y when z is
    the normal and along -z when x or y is (a z-up column); otherwise the canonical (0 -9.81 0)."""
    canonical = defaults().constant_files["g"].entries["value"]
    manifest = view.text(".casewright/manifest.json")
    if manifest:
        try:
            g = (json.loads(manifest).get("physics") or {}).get("gravity")
        except (json.JSONDecodeError, AttributeError):
            g = None
        if isinstance(g, list) and len(g) == 3 and any(g):
            return "(" + " ".join(fmt(float(x)) for x in g) + ")"
    bmd = view.text("system/blockMeshDict") or ""
    counts = [tuple(int(n) for n in m) for m in re.findall(r"hex\s*\([^)]*\)\s*\(\s*(\d+)\s+(\d+)\s+(\d+)\s*\)", bmd)]
    if counts:
        flat = [axis for axis in range(3) if all(c[axis] == 1 for c in counts)]
        if flat == [0] or flat == [1]:
            return "(0 0 -9.81)"
    return canonical
