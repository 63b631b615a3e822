"""The quantities a request states, as read by tasks/plan/extract.py: a kind, an SI value and the words around it."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

Kind = Literal[
    "velocity", "kinematic_viscosity", "dynamic_viscosity", "density", "temperature",
    "angular_velocity", "length", "time", "frequency", "reynolds", "mach", "gravity",
    "iterations", "cells", "diameter", "pressure", "angle", "fraction", "rayleigh", "prandtl",
    "courant", "ranks", "volume_flow", "mass_flow", "heat_flux", "count", "charge_density", "mobility",
    "conductivity", "surface_tension", "thermal_conductivity", "specific_heat", "darcy", "dissipation_rate",
    "expansion", "heat_transfer_coefficient", "mass", "molar_mass", "specific_energy", "power", "froude", "weber", "peclet", "strouhal", "grashof", "hartmann", "schmidt", "richardson",
    "compressibility", "friction_reynolds", "inverse_length",
]


class Quantity(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: Kind
    value: float  # SI
    text: str  # as written
    before: str  # the words just before it (lower case)
    after: str = ""  # the words right after it, up to the next punctuation ("wide", "tall")
    start: int
    replaced_from: float | None = None  # "from A to B": A
    dims: list[int] | None = None  # cells: the counts per direction
    vector: list[float] | None = None  # a velocity written as a vector or its components (SI); value is its size
    reference: Literal["gauge", "absolute"] | None = None  # a pressure said as gauge ("2 barg") or absolute ("psia")
    standard: str | None = None  # a gas volume at reference conditions ("Nm3/h", "SCFM"): the state and density assumed


class Sine(BaseModel):
    model_config = ConfigDict(extra="forbid")

    amplitude: float
    period: float
    text: str
