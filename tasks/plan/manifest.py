"""The request and the plan: `CaseRequest` in, `CaseManifest` out of the Architect."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tasks.plan.stated import Binding, NotApplied, StatedQuantity

Role = Literal[
    "inlet", "outlet", "wall", "movingWall", "heatedWall", "symmetry", "symmetryPlane",
    "empty", "atmosphere", "cyclic", "wedge",
]
MeshStrategy = Literal["tutorial", "blockMesh", "snappy", "imported"]


class CaseRequest(BaseModel):
    """What the user asked for (a flow parameter: validated, and a form in the Prefect UI)."""

    model_config = ConfigDict(extra="forbid")

    text: str = Field(description="the request in plain language")
    out_dir: Path = Field(description="where the case is written (must not be a non-empty folder)")
    example_dir: Path | None = Field(None, description="a case of yours to use as the base when it fits")
    run: bool = True
    review: bool = Field(True, description="repair a failing run with the Reviewer (bounded loop)")
    force: bool = False
    backend: str | None = None
    max_run_seconds: float | None = None
    smoke: int | None = Field(None, description="run only this many time steps or iterations (the report says so)")
    allow_substitute: bool = Field(False, description="run a tutorial's geometry when the one described cannot be built")
    geometry: Path | None = Field(None, description="an STL body (ASCII or binary) to mesh with snappyHexMesh")
    mesh: Path | None = Field(None, description="a Gmsh or Fluent .msh, or a constant/polyMesh folder")
    patch_roles: dict[str, str] = Field(default_factory=dict, description="patch name -> role (inlet, wall, ...)")


class Turbulence(BaseModel):
    model_config = ConfigDict(extra="forbid")

    simulation_type: Literal["laminar", "RAS", "LES"] = "laminar"
    model: str = "laminar"


class Physics(BaseModel):
    model_config = ConfigDict(extra="forbid")

    energy: bool = False
    buoyancy: bool = False
    gravity: list[float] | None = None
    phases: list[str] = Field(default_factory=list)
    particles: bool = False
    mrf: bool = False
    compressible: bool = False


class Fluid(BaseModel):
    """Properties in SI units: nu m2/s, rho kg/m3, mu Pa s, cp J/(kg K), kappa W/(m K), beta 1/K."""

    model_config = ConfigDict(extra="forbid")

    name: str
    nu: float
    rho: float
    mu: float | None = None
    cp: float | None = None
    kappa: float | None = None
    pr: float | None = None
    beta: float | None = None
    condition: str = ""


class Patch(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    role: Role


class SetFieldsBox(BaseModel):
    model_config = ConfigDict(extra="forbid")

    field: str
    box_min: list[float]
    box_max: list[float]
    value: float = 1.0
    default: float = 0.0


class TimeControl(BaseModel):
    model_config = ConfigDict(extra="forbid")

    end_time: float
    delta_t: float
    write_control: Literal["timeStep", "runTime", "adjustableRunTime"] = "timeStep"
    write_interval: float = 100
    adjustable: bool = False
    max_co: float | None = None
    shortened_from: float | None = None  # the endTime asked for, when a run is shortened


class FileEdit(BaseModel):
    """One entry to set in one file: `value` is OpenFOAM text, or a sub-dictionary."""

    model_config = ConfigDict(extra="forbid")

    file: str
    entry: list[str]
    value: str | dict[str, Any]
    reason: str = ""
    locked: bool = False  # the user asked for this value explicitly


class GeneratedField(BaseModel):
    """A field file written from the canonical BC selector."""

    model_config = ConfigDict(extra="forbid")

    field: str
    internal: str


class BaseCandidate(BaseModel):
    """A tutorial considered as the base, with its rank score and why."""

    model_config = ConfigDict(extra="forbid")

    tutorial: str
    score: float
    why: str


class CaseManifest(BaseModel):
    """The plan for one case: everything the InputWriter needs, and every assumption made."""

    model_config = ConfigDict(extra="forbid")

    request: str
    recipe: str
    base_tutorial: str | None = None  # relative to the tutorials directory, or an example dir
    base_kind: Literal["tutorial", "example", "template", "parametric"] = "tutorial"
    solver: str
    algorithm: Literal["SIMPLE", "PISO", "PIMPLE"]
    steady: bool
    turbulence: Turbulence = Field(default_factory=Turbulence)
    physics: Physics = Field(default_factory=Physics)
    fluid: Fluid | None = None
    mesh: MeshStrategy = "tutorial"
    mesh_params: dict[str, Any] = Field(default_factory=dict)
    patches: list[Patch] = Field(default_factory=list)
    values: dict[str, Any] = Field(default_factory=dict)  # the physical parameters, SI units
    set_fields: list[SetFieldsBox] = Field(default_factory=list)
    time: TimeControl
    files: list[str] = Field(default_factory=list)
    generate: list[GeneratedField] = Field(default_factory=list)
    edits: list[FileEdit] = Field(default_factory=list)
    remove: list[str] = Field(default_factory=list)
    bc_values: dict[str, str] = Field(default_factory=dict)  # {U} {k} {T} ... for the BC selector
    assumptions: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    planner: Literal["deterministic", "llm"] = "deterministic"
    stated: list[StatedQuantity] = Field(default_factory=list)  # every value the request states
    bindings: list[Binding] = Field(default_factory=list)  # values derived from stated ones, and where
    not_applied: list[NotApplied] = Field(default_factory=list)  # stated values the planner could not bind
    base_candidates: list[BaseCandidate] = Field(default_factory=list)
    steps: list[str] = Field(default_factory=list)  # the tutorial's own command sequence, when it has one
    substituted: bool = False  # the geometry described could not be built; a tutorial's was used

