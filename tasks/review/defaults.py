"""Canonical values the Reviewer writes: canonical/review_defaults.yaml plus what must be
computed from the case (deltaT from the mesh and velocity, nu from the case's fluid, ...).

Pure lookups over one validated YAML file and a `CaseView`.
"""

from __future__ import annotations

import fnmatch
import json
import re
from functools import lru_cache
from typing import Callable, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

from tasks.core.paths import CANONICAL_DIR
from tasks.foam import dictionary as fd
from tasks.foam.physics import find_fluid, fluid_table, fmt, physics
from tasks.review.case import CaseView, estimate_delta_t, first_number, nice_floor


class MeshGate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    value: str
    sense: Literal["max", "min", "exact"]


class ConstantFile(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    class_: str = Field(alias="class")
    entries: dict[str, str]


class ReviewDefaults(BaseModel):
    model_config = ConfigDict(extra="forbid")

    keywords: dict[str, dict[str, dict[str, str]]]
    aliases: dict[str, str]
    linear_solvers: dict[str, dict[str, str]]
    solver_settings: dict[str, dict[str, str]]
    div_extra: dict[str, str]
    relaxation: dict[str, dict[str, dict[str, str]]]
    relaxation_scale: float
    mesh_quality: dict[str, MeshGate]
    constant_files: dict[str, ConstantFile]
    known_keywords: dict[str, list[str]]
    target_courant: float


@lru_cache(maxsize=1)
def defaults() -> ReviewDefaults:
    data = yaml.safe_load((CANONICAL_DIR / "review_defaults.yaml").read_text())
    return ReviewDefaults.model_validate(data)


SCHEME_SECTIONS_WITH_DEFAULT = ("ddtSchemes", "gradSchemes", "laplacianSchemes",
                                "interpolationSchemes", "snGradSchemes")
PRESSURE = re.compile(r"(p|p_rgh|pcorr.*|Phi|pa)(Final)?")


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
    table_name = "FoamFile" if dict_path[:1] == ["FoamFile"] else rel.rsplit("/", 1)[-1]
    path = "/".join(dict_path[1:] if table_name == "FoamFile" else dict_path)
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
    dt = estimate_delta_t(view, defaults().target_courant)
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


def _solver_setting(name: str) -> Callable[[CaseView, list[str]], str | None]:
    def compute(view: CaseView, dict_path: list[str]) -> str | None:
        text = view.text("system/fvSolution") or ""
        solver = (fd.get(text, dict_path + ["solver"]) or "").strip()
        if name == "solver":
            field = dict_path[-1] if dict_path else ""
            return linear_solver_body(field).get("solver")
        if name == "relTol":
            return "0" if dict_path and dict_path[-1].strip('"').endswith("Final") else "0.1"
        return defaults().solver_settings.get(solver, {}).get(name)

    return compute


def _ddt(view: CaseView, _: list[str]) -> str | None:
    return "steadyState" if view.steady else "Euler"


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
    "solver": _solver_setting("solver"),
    "smoother": _solver_setting("smoother"),
    "preconditioner": _solver_setting("preconditioner"),
    "relTol": _solver_setting("relTol"),
    "ddt": _ddt,
}


# --- numerics ----------------------------------------------------------------------------


def linear_solver_body(field: str) -> dict[str, str]:
    """The canonical linear-solver entries for a field (`pFinal`, `UFinal`: relTol 0)."""
    name = field.strip('"')
    final = name.endswith("Final")
    base = name[: -len("Final")] if final else name
    table = defaults().linear_solvers
    kind = "pressure" if PRESSURE.fullmatch(base) else "alpha" if base.startswith("alpha") else "default"
    body = dict(table[kind])
    if final:
        body["relTol"] = "0"
    return body


def div_scheme(view: CaseView, key: str) -> str:
    """The canonical divSchemes entry for `key`, e.g. div(phi,k) -> bounded Gauss limitedLinear 1."""
    extra = defaults().div_extra
    if key in extra:
        return extra[key]
    schemes = physics().div_schemes
    table = schemes["steady" if view.steady else "transient"]
    assert isinstance(table, dict)
    if "dev" in key or "nonlinearStress" in key or "((" in key:
        stress = schemes["stress"]
        return stress if isinstance(stress, str) else "Gauss linear"
    m = re.fullmatch(r"div\((\w+),\s*([\w.]+)\)", key)
    field = m[2] if m else ""
    if field == "U":
        return table["U"]
    if field == "R":
        return table["R"]
    if field.startswith("alpha"):
        return extra.get("div(phi,alpha)", "Gauss vanLeer")
    return table["scalar"]


def relaxation_lines(view: CaseView) -> list[str]:
    """A relaxationFactors body for a steady case (SIMPLEC values with `consistent yes`)."""
    text = view.text("system/fvSolution") or ""
    consistent = (fd.get(text, ["SIMPLE", "consistent"]) or "").strip() in ("yes", "true", "on")
    table = defaults().relaxation["simplec" if consistent else "simple"]
    fields = set(view.field_names())
    lines: list[str] = []
    for section in ("fields", "equations"):
        entries = {k: v for k, v in table.get(section, {}).items() if section != "fields" or k in fields}
        if not entries:
            continue
        lines += [section, "{"]
        lines += [f"    {k:<15} {v};" for k, v in entries.items()]
        lines += ["}"]
    return lines
