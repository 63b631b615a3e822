"""The kind of quantity a unit measures (tasks.plan.units): by its SI dimensions."""

from __future__ import annotations

import math
import re

from tasks.plan.units_symbols import Dims

# a kind read in other than its SI unit: an angle in degrees, as OpenFOAM dictionaries write it
_KIND_SCALE = {"angle": 180 / math.pi}


def tidy(factor: float) -> float:
    """A number without float noise: 1e-3 / 1e-2**3 is 1000, not 999.9999999999999; 72 * 1e-3 is
    0.072 (a number with more than ten digits, such as 2 pi / 60, is kept whole)."""
    short = float(f"{factor:.12g}")
    return short if f"{short:.10g}" == f"{short:.12g}" else factor


# the kind of quantity each set of dimensions measures (kg, m, s, K, A, rad)
_KINDS: dict[Dims, str] = {
    (0, 1, -1, 0, 0, 0): "velocity",
    (0, 1, -2, 0, 0, 0): "gravity",
    (0, 2, -1, 0, 0, 0): "kinematic_viscosity",
    (0, 2, -2, 0, 0, 0): "pressure",  # kinematic pressure p/rho (m2/s2), what incompressible solvers use
    (1, -1, -1, 0, 0, 0): "dynamic_viscosity",
    (1, -3, 0, 0, 0, 0): "density",
    (1, -1, -2, 0, 0, 0): "pressure",
    (0, 3, -1, 0, 0, 0): "volume_flow",
    (1, 0, -1, 0, 0, 0): "mass_flow",
    (1, 0, -3, 0, 0, 0): "heat_flux",
    (1, 2, -3, 0, 0, 0): "power",  # a heat load in W ("the chip dissipates 5 W"): a wall's, by the thermal binder
    (1, 0, -2, 0, 0, 0): "surface_tension",
    (1, 1, -3, -1, 0, 0): "thermal_conductivity",
    (1, 0, -3, -1, 0, 0): "heat_transfer_coefficient",  # h (W/m2K), of a convective wall
    (1, 0, 0, 0, 0, 0): "mass",  # a mass of particles injected ("0.2 kg of sand"), a body's mass
    (0, 2, -2, -1, 0, 0): "specific_heat",
    (0, 2, -3, 0, 0, 0): "dissipation_rate",  # a turbulent dissipation rate epsilon (m2/s3)
    (0, -2, 0, 0, 0, 0): "darcy",
    (0, 1, 0, 0, 0, 0): "length",
    (0, 0, 1, 0, 0, 0): "time",
    (0, 0, -1, 0, 0, 0): "frequency",
    (0, 0, -1, 0, 0, 1): "angular_velocity",
    (0, 0, 0, 1, 0, 0): "temperature",
    (0, 0, 0, 0, 0, 1): "angle",
    (0, -3, 1, 0, 1, 0): "charge_density",
    (-1, 0, 2, 0, 1, 0): "mobility",
    (-1, -3, 3, 0, 2, 0): "conductivity",
    (0, 0, 0, -1, 0, 0): "expansion",  # a thermal expansion coefficient beta (1/K)
    (0, -2, 2, 0, 0, 0): "compressibility",  # a liquid's psi = drho/dp (s2/m2), 1/c^2
    (0, -1, 0, 0, 0, 0): "inverse_length",  # a gas's absorption coefficient, a Forchheimer coefficient (1/m)
}


# a mass per amount of substance: "g/mol", "kg/kmol", "g mol-1", "g·mol⁻¹", "grams per mole", "lb/lbmol"
_PER_MOLE = re.compile(r"(?:/|per\s+|\s|·|\.)\s*(?:k|kg|g|lb|kilo)?mol(?:e|es)?\b"
                       r"|mol(?:e)?\s*(?:\^?\s*-\s*1|⁻¹)", re.I)


def kind_of_dims(dims: Dims, written: str = "") -> str | None:
    """The kind of quantity `dims` measures, or None. An energy per mass (J/kg, a latent heat) is
    no kinematic pressure, even though both are m2/s2; a mass per mole ("g/mol", a count
    without dimension here) is a molar mass."""
    kind = _KINDS.get(dims)
    if kind == "mass" and _PER_MOLE.search(written):
        return "molar_mass"  # "g/mol", "kg/kmol", "grams per mole": mass per count, in kg/mol
    if kind == "pressure" and dims[0] == 0 and re.search(r"J|joule|btu|cal", written, re.I):
        return "specific_energy"  # "latent heat 2257 kJ/kg": an energy per mass, no kinematic pressure
    if kind == "mass" and not re.fullmatch(r"\s*(?:[kmµu]?g|grams?|kilo(?:gram)?s?|lbm?s?|pounds?|tonnes?|tons?)\s*", written, re.I):
        return None  # "2500\nt_end": a lone "t" (or a unit across a line) is no mass said
    return kind
