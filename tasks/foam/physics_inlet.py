"""Turbulence values at an inlet (from intensity and a mixing length) and in a free stream
(from intensity and a viscosity ratio)."""

from __future__ import annotations

import math

from pydantic import BaseModel, ConfigDict

from tasks.core.errors import PlanError
from tasks.foam.physics_models import physics

class InletTurbulence(BaseModel):
    model_config = ConfigDict(extra="forbid")

    k: float
    epsilon: float
    omega: float
    nuTilda: float
    intensity: float
    length_scale: float


def mixing_length_dissipation(k: float, length: float) -> tuple[float, float]:
    """(epsilon, omega) of turbulence energy k (m2/s2) with mixing length `length` (m), as the
    mixing-length inlet conditions compute them: Cmu^0.75 k^1.5 / l and k^0.5 / (Cmu^0.25 l)."""
    cmu = physics().turbulence_defaults["cmu"]
    return cmu**0.75 * k**1.5 / length, math.sqrt(k) / (cmu**0.25 * length)


def inlet_turbulence(speed: float, length: float, nu: float, intensity: float | None = None) -> InletTurbulence:
    """k from intensity, epsilon and omega from a mixing length (0.07 x the length scale)."""
    if speed <= 0 or length <= 0 or nu <= 0:
        raise PlanError(f"inlet turbulence needs positive speed, length and nu (got {speed}, {length}, {nu})")
    d = physics().turbulence_defaults
    i = intensity if intensity is not None else d["intensity"]
    l = d["length_fraction"] * length
    k = 1.5 * (speed * i) ** 2
    eps, omega = mixing_length_dissipation(k, l)
    return InletTurbulence(k=k, epsilon=eps, omega=omega, nuTilda=3 * nu, intensity=i, length_scale=l)


def freestream_turbulence(speed: float, nu: float, intensity: float = 0.005,
                          viscosity_ratio: float = 5.0) -> InletTurbulence:
    """Free-stream turbulence for external flows (turbulence_models.md): intensity 0.1-1 % and
    nut/nu 1-10, so the free stream does not carry hundreds of times the molecular viscosity:
    k = 1.5 (U I)^2, omega = k / (nu r), epsilon = Cmu k^2 / (nu r)."""
    if speed <= 0 or nu <= 0 or not 0 < intensity < 1 or viscosity_ratio <= 0:
        raise PlanError(f"free-stream turbulence needs positive speed, nu, ratio and 0 < I < 1 "
                        f"(got {speed}, {nu}, {viscosity_ratio}, {intensity})")
    cmu = physics().turbulence_defaults["cmu"]
    k = 1.5 * (speed * intensity) ** 2
    nut = viscosity_ratio * nu
    return InletTurbulence(k=k, epsilon=cmu * k**2 / nut, omega=k / nut, nuTilda=3 * nu, intensity=intensity,
                           length_scale=cmu**0.75 * k**1.5 / (cmu * k**2 / nut))
