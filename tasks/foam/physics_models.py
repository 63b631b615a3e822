"""canonical/physics.yaml (fields, turbulence models, BC selector) and
canonical/solver_turbulence_models.yaml (the models each v1912 solver can load): validated once,
with the lookups over them."""

from __future__ import annotations

import difflib
from functools import lru_cache
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

from tasks.core.errors import PlanError
from tasks.core.paths import CANONICAL_DIR

class FieldSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    class_: str = Field(alias="class")
    kinematic: str
    absolute: str
    internal: str


class ModelSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    simulation_type: Literal["laminar", "RAS", "LES"]
    fields: list[str]
    solved: list[str] = Field(default_factory=list)
    elliptic: list[str] = Field(default_factory=list, description="solved fields without convection (v2f's f): no div(phi,X)")
    low_re: bool = False


class Physics(BaseModel):
    model_config = ConfigDict(extra="forbid")

    fields: dict[str, FieldSpec]
    turbulence_models: dict[str, ModelSpec]
    bc_selector: dict[str, dict[str, dict[str, str]]]
    wall_overrides: dict[str, dict[str, dict[str, str]]]
    boussinesq_overrides: dict[str, dict[str, dict[str, str]]]
    laminar_alphat: dict[str, str]
    ambient_pressure: float
    turbulence_defaults: dict[str, float]
    field_generators: list[str]
    patch_changers: list[str]


@lru_cache(maxsize=1)
def physics() -> Physics:
    data = yaml.safe_load((CANONICAL_DIR / "physics.yaml").read_text())
    return Physics.model_validate(data)


def model_spec(name: str) -> ModelSpec:
    models = physics().turbulence_models
    if name in models:
        return models[name]
    close = difflib.get_close_matches(name, list(models), n=3, cutoff=0.4)
    raise PlanError(
        f"unknown turbulence model {name!r}; known: {', '.join(close) if close else ', '.join(models)}"
    )


class SolverModels(BaseModel):
    """canonical/solver_turbulence_models.yaml: the RAS and LES models each probed v1912 solver
    can load (its turbulence-model family), and how the lists were obtained."""

    model_config = ConfigDict(extra="forbid")

    openfoam_version: str
    obtained: str
    generated: str
    families: dict[str, dict[Literal["RAS", "LES"], list[str]]]
    solvers: dict[str, str]


@lru_cache(maxsize=1)
def solver_model_table() -> SolverModels:
    data = yaml.safe_load((CANONICAL_DIR / "solver_turbulence_models.yaml").read_text())
    return SolverModels.model_validate(data)


def solver_models(solver: str, simulation_type: str) -> tuple[str, ...] | None:
    """The `simulation_type` (RAS or LES) models v1912 `solver` can load; None when the solver
    was not probed (nothing is assumed) or the type is laminar."""
    table = solver_model_table()
    family = table.solvers.get(solver)
    if family is None or simulation_type not in ("RAS", "LES"):
        return None
    return tuple(table.families[family][simulation_type])  # type: ignore[index]


# the models a fallback prefers when several share as many fields with the requested one: the
# general-purpose closures first
FALLBACK_ORDER = ("kEpsilon", "kOmegaSST", "realizableKE", "RNGkEpsilon", "kOmega", "SpalartAllmaras",
                  "Smagorinsky", "kEqn", "WALE", "dynamicKEqn")


def nearest_model(model: str, offered: tuple[str, ...] | list[str]) -> str | None:
    """The offered model (one canonical/physics.yaml knows) nearest `model`: the most fields in
    common besides nut (kOmegaSST -> a k model), then FALLBACK_ORDER, then the name; None when
    none of the offered models is known."""
    models = physics().turbulence_models
    known = [m for m in offered if m in models]
    if not known:
        return None
    wanted = set(models[model].fields) - {"nut"} if model in models else set()

    def rank(name: str) -> tuple[int, int, str]:
        shared = len(wanted & (set(models[name].fields) - {"nut"}))
        order = FALLBACK_ORDER.index(name) if name in FALLBACK_ORDER else len(FALLBACK_ORDER)
        return (-shared, order, name)

    return min(known, key=rank)


def loadable_model(solver: str, model: str) -> tuple[str, str | None]:
    """(`model`, None) when v1912 `solver` can load it (or the solver was not probed, or the model
    is laminar), else (the nearest model it can load, a warning naming what it offers):
    driftFluxFoam + kOmegaSST -> kEpsilon."""
    models = physics().turbulence_models
    kind = models[model].simulation_type if model in models else None
    if kind is None:  # a name physics.yaml lacks: whichever type lists it
        kind = next((k for k in ("RAS", "LES") if model in (solver_models(solver, k) or ())), None)
    offered = solver_models(solver, kind) if kind else None
    if offered is None or model in offered:
        return model, None
    chosen = nearest_model(model, offered)
    if chosen is None:
        return model, None
    return chosen, (f"{solver} (OpenFOAM {solver_model_table().openfoam_version}) cannot load the {kind} model "
                    f"{model}; it offers {', '.join(offered)}: {chosen} used instead")
