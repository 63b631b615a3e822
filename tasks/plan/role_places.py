"""Where each role of a stated quantity lives in a case: the files, the entry names and how
values compare (a velocity as a vector's magnitude, a time as a scalar). The verifier reads the
written case through it (tasks.edit.verify), and the Architect asks it whether a recipe's locked
value already carries a stated quantity (an end time of 0.5 s is no Courant number of 0.5).
Pure: no file is read here.
"""

from __future__ import annotations

import fnmatch
import math
import re

from tasks.foam import dictionary as fd
from tasks.plan.stated import StatedQuantity

NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
VECTOR = re.compile(r"\(\s*([-+\d.eE]+)\s+([-+\d.eE]+)\s+([-+\d.eE]+)\s*\)")


def _fields(*names: str) -> list[str]:
    """A field's files: in 0/ and 0.orig/, a phase's (U.air) and a region's (0/fluid/U) too."""
    return [f"{d}/{r}{n}" for r in ("", "*/") for d in ("0", "0.orig") for n in names]


_VELOCITY = _fields("U", "U.*", "Urel")
_PRESSURE = _fields("p", "p_rgh")
_TEMPERATURE = _fields("T", "T.*")
_PROPERTIES = ["constant/transportProperties", "constant/thermophysicalProperties", "constant/thermophysicalProperties.*",
               "constant/*/transportProperties", "constant/*/thermophysicalProperties*", "constant/physicalProperties*"]
_CLOUD = ["constant/*CloudProperties", "constant/*cloudProperties", "constant/*Cloud*Properties"]

# role -> (file globs, entry names that may hold it (None: any), how values compare)
ROLE_PLACES: dict[str, tuple[list[str], tuple[str, ...] | None, str]] = {
    "lid_velocity": (_VELOCITY, None, "magnitude"),
    "initial_velocity": (_VELOCITY, ("internalField",), "magnitude"),
    "wall_velocity": (_VELOCITY, None, "magnitude"),
    "inlet_velocity": (_VELOCITY + _CLOUD + ["constant/transportProperties", "constant/fvOptions", "system/fvOptions"],
                       None, "magnitude"),
    "outlet_pressure": (_PRESSURE, None, "scalar"),
    "inlet_pressure": (_PRESSURE, None, "scalar"),
    "ambient_pressure": (_PRESSURE + _PROPERTIES, None, "scalar"),
    "reference_temperature": (_PROPERTIES + _TEMPERATURE, None, "scalar"),
    "inlet_temperature": (_TEMPERATURE, None, "scalar"),
    "hot_wall_temperature": (_TEMPERATURE, None, "scalar"),
    "cold_wall_temperature": (_TEMPERATURE, None, "scalar"),
    "wall_temperature": (_TEMPERATURE, None, "scalar"),
    "initial_temperature": (_TEMPERATURE + _PROPERTIES, None, "scalar"),
    "nu": (_PROPERTIES + ["constant/momentumTransport"], None, "scalar"),
    "mu": (_PROPERTIES, None, "scalar"),
    "density": (_PROPERTIES, None, "scalar"),
    "particle_density": (_CLOUD, None, "scalar"),
    "particle_diameter": (_CLOUD, None, "scalar"),
    "end_time": (["system/controlDict"], ("endTime",), "scalar"),
    "delta_t": (["system/controlDict"], ("deltaT",), "scalar"),
    "write_interval": (["system/controlDict"], ("writeInterval",), "scalar"),
    "max_co": (["system/controlDict"], ("maxCo", "maxAlphaCo"), "scalar"),
    "ranks": (["system/decomposeParDict"], ("numberOfSubdomains",), "scalar"),
    "gravity": (["constant/g"], ("value",), "magnitude"),
    "angular_velocity": (["constant/MRFProperties", "constant/SRFProperties", "constant/dynamicMeshDict"] + _VELOCITY,
                         None, "scalar"),
    "frequency": (_VELOCITY + _PRESSURE + _TEMPERATURE, ("frequency",), "scalar"),
    "prandtl": (_PROPERTIES, ("Pr",), "scalar"),
    "turbulence_intensity": (["0/k", "0.orig/k"], ("intensity",), "scalar"),
    "inlet_flow_rate": (_VELOCITY, ("volumetricFlowRate", "flowRate"), "scalar"),
    "inlet_mass_flow": (_VELOCITY, ("massFlowRate",), "scalar"),
    "wall_heat_flux": (_TEMPERATURE, ("q", "gradient"), "scalar"),
    "heat_transfer_coefficient": (_TEMPERATURE + ["system/*/changeDictionaryDict"], ("h",), "scalar"),
    # lengths of boundary conditions (tasks.plan.bind_by_name_lengths), in a field file or its include
    "reference_height": (_fields("*"), ("Zref", "zRef", "Href"), "scalar"),
    "roughness_length": (_fields("*"), ("z0", "Ks", "roughnessHeight"), "scalar"),
    "roughness_height": (_fields("*"), ("Ks", "roughnessHeight", "z0"), "scalar"),
    "mixing_length": (_fields("*"), ("mixingLength",), "scalar"),
}


# roles a boundary carries: found on a patch of the field, never in its internal field
ON_PATCHES = {"lid_velocity", "wall_velocity", "inlet_temperature", "hot_wall_temperature", "cold_wall_temperature",
               "wall_temperature", "outlet_pressure", "inlet_pressure"}


def numbers(raw: str, how: str) -> list[float]:
    raw = fd.strip_comments(raw)
    if how == "magnitude":
        return [math.sqrt(sum(float(x) ** 2 for x in m.groups())) for m in VECTOR.finditer(raw)] + \
               [abs(float(x)) for x in NUMBER.findall(VECTOR.sub(" ", raw))]
    raw = re.sub(r"\[[^\]]*\]", " ", raw)  # dimension sets are not values
    out: list[float] = []
    for x in NUMBER.findall(raw):
        try:
            out.append(float(x))
        except ValueError:
            continue
    return out


def close(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-6 * max(abs(a), abs(b)) + 1e-9 * max(abs(b), 1e-3)


_VELOCITY_NAME = re.compile(r"^U|[Vv]elocity|[Ss]peed")


def entry_holds(q: StatedQuantity, entry: list[str], raw: str, file: str | None = None) -> bool:
    """The entry (of a file where q's role lives) holds q's value where that role is kept.
    Outside the field files a velocity counts only in an entry named for one (Ubar, U0,
    flowVelocity): a surface tension of 0.1 in transportProperties is no inlet at 0.1 m/s."""
    _, names, how = ROLE_PLACES[q.role]
    if not entry or entry[0] == "FoamFile" or (names is not None and entry[-1] not in names):
        return False  # the header's version 2.0 is no velocity of 2 m/s
    if q.role == "inlet_velocity" and file is not None and not file.startswith("0") \
            and not _VELOCITY_NAME.search(entry[-1]):
        return False
    if q.role in ON_PATCHES and entry[0] != "boundaryField":
        return False
    want = q.value * 60 / (2 * math.pi) if q.role == "angular_velocity" and entry[-1] == "rpm" else q.value
    return any(close(x, want) for x in numbers(raw, how))


def role_holds(q: StatedQuantity, file: str, entry: list[str], raw: str) -> bool | None:
    """Whether `file` `entry` = `raw` (a planned edit, say) holds q's value in a place its role
    lives (the places find_stated reads); None when the role has no known place (a geometry
    length, a cell count, a dimensionless number the planner turns into another value)."""
    where = ROLE_PLACES.get(q.role)
    if where is None:
        return None
    return any(fnmatch.fnmatchcase(file, g) for g in where[0]) and entry_holds(q, entry, raw, file)
