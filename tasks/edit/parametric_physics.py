"""The physics a generated (shape-library) case may ask for besides incompressible flow and
Boussinesq heat: compressible flow (rhoSimpleFoam, rhoPimpleFoam: p absolute in Pa, T, the
thermophysicalProperties of the fluid), a free surface (interFoam: alpha.water, p_rgh, g and the
water region set by setFields) and compressible buoyancy (buoyantPimpleFoam, buoyantSimpleFoam).

The dictionaries come from an installed tutorial of the chosen solver, learnt from the case base
(`physics_template`): a blockMesh case with no moving mesh, no rotating zone and no field beyond
the solver's, whose equation of state fits the fluid (a gas or a liquid). A combination that
cannot be built stops with the reason (`refuse_physics`).

Pure functions on text (`free_surface_region`, `water_box`, `gas_equation_of_state`) and small
writers that edit a scratch case in place (`set_gravity`, `write_set_fields`, `compressible_nu`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

from tasks.core.errors import RequestError
from tasks.foam import dictionary as fd
from tasks.foam.files import find_file, read_text
from tasks.foam.physics import fmt
from tasks.plan.stated import StatedQuantity

# solver -> the physics family its generated case follows
FAMILY = {"rhoSimpleFoam": "compressible", "rhoPimpleFoam": "compressible", "interFoam": "free_surface",
          "buoyantPimpleFoam": "buoyant", "buoyantSimpleFoam": "buoyant"}
# the shapes each family is set up on, and why not on the others
SHAPES = {
    "compressible": frozenset({"rectangle", "channel", "box", "channel_with_obstacles", "backward_step", "forward_step",
                               "sudden_expansion", "sudden_contraction", "cylinder_crossflow", "pipe", "t_junction",
                               "nozzle", "diffuser", "lid_driven_cavity", "heated_cavity", "bend", "channel_with_cavity",
                               "cross_junction"}),
    "free_surface": frozenset({"rectangle", "box", "channel", "lid_driven_cavity"}),
    "buoyant": frozenset({"rectangle", "box", "channel", "lid_driven_cavity", "heated_cavity", "channel_with_obstacles"}),
}
_WHY_NOT = {
    "free_surface": "a free surface is set up on a closed or open box, a tank, a channel or a cavity (gravity along "
                    "-y, the water region set by setFields); ask for one of those shapes",
    "compressible": "the far field of this shape is written for an incompressible pressure; ask for a channel, step, "
                    "nozzle, diffuser, pipe or a cylinder in a channel",
    "buoyant": "the compressible buoyant solvers run here only on a rectangular domain (a cavity, box or channel)",
}
# the fields each family's generated case writes (turbulence fields and alphat come with the model)
FIELDS = {"compressible": ["U", "p", "T"], "free_surface": ["U", "p_rgh", "alpha.water"],
          "buoyant": ["U", "p", "p_rgh", "T"]}
# the dictionaries each family needs from its tutorial besides system/ (copied when present)
NEEDS = {"compressible": ("constant/thermophysicalProperties",),
         "free_surface": ("constant/transportProperties", "constant/g"),
         "buoyant": ("constant/thermophysicalProperties", "constant/g")}
GRAVITY = 9.81
# stated roles that bring flow through the openings of a free-surface shape (else it is a closed tank)
_INFLOW_ROLES = frozenset({"inlet_velocity", "velocity", "inflow", "inlet_flow_rate", "inlet_mass_flow", "mass_flow",
                           "volume_flow", "inlet_pressure", "pressure_drop"})
_TURBULENCE_FIELDS = frozenset({"k", "epsilon", "omega", "nuTilda", "nut", "alphat", "muTilda", "R"})


def family(solver: str) -> str | None:
    """The physics family of a solver the shape library sets up beyond the incompressible ones."""
    return FAMILY.get(solver)


def refuse_physics(solver: str, shape: str) -> None:
    """Stop with the reason when `solver`'s physics cannot be built on `shape`."""
    fam = FAMILY.get(solver)
    if fam is None or shape in SHAPES[fam]:
        return
    raise RequestError(f"{solver} is not set up on a generated {shape.replace('_', ' ')}: {_WHY_NOT[fam]}; or pass "
                       "--example DIR to start from your own case")


def gas_equation_of_state(thermo_text: str) -> bool | None:
    """Whether a thermophysicalProperties describes a gas (perfectGas, incompressiblePerfectGas,
    Peng-Robinson), a liquid (rhoConst, perfectFluid, icoPolynomial, ...), or None when unread."""
    text = fd.strip_comments(thermo_text)
    eos = fd.get(text, ["thermoType", "equationOfState"])
    if eos is None:  # a liquid named from the thermophysical property library (`properties liquid;`)
        return False if (fd.get(text, ["thermoType", "properties"]) or "").strip() == "liquid" else None
    return bool(re.search(r"gas", eos.strip(), re.I))


@dataclass(frozen=True)
class TemplateChoice:
    case: str  # the tutorial path relative to the tutorials root
    why: str


def physics_template(records: list, tutorials_dir: Path, solver: str, gas: bool = True) -> TemplateChoice:
    """The installed tutorial whose dictionaries a generated `solver` case starts from: blockMesh
    meshed, no moving mesh or rotating zone, no field the family does not write (radiation, a
    porosity index), the dictionaries the family needs present, and (compressible and buoyant) an
    equation of state that fits the fluid; laminar before turbulent, then the fewest files."""
    fam = FAMILY.get(solver)
    if fam is None:
        raise RequestError(f"the shape library has no physics family for {solver}")
    allowed = set(FIELDS[fam]) | _TURBULENCE_FIELDS | ({"alpha.water"} if fam == "free_surface" else set())
    ranked = []
    for r in records:
        if r.solver != solver or r.dynamic_mesh or r.mrf or r.mesh_method != "blockMesh":
            continue
        if {f.name for f in r.fields} - allowed:
            continue
        path = Path(r.path) if r.path else tutorials_dir / r.case
        if any(find_file((path / rel).parent, Path(rel).name) is None for rel in NEEDS[fam]):
            continue
        eos_fits = True
        if fam in ("compressible", "buoyant"):
            found = find_file(path / "constant", "thermophysicalProperties")
            eos_fits = found is not None and gas_equation_of_state(read_text(found)) is gas
        ranked.append((not eos_fits, r.simulation_type != "laminar", len(r.files), r.case))
    if not ranked:
        raise RequestError(f"no installed {solver} tutorial has the dictionaries a generated case needs "
                           f"({', '.join(NEEDS[fam])}, a blockMesh, no moving mesh); pass --example DIR")
    ranked.sort()
    best = ranked[0]
    why = f"{'laminar' if not best[1] else 'turbulent'} {solver} tutorial with the fewest files"
    if fam in ("compressible", "buoyant"):
        why += f", {'a gas' if gas else 'a liquid'} equation of state" + ("" if not best[0] else " not found: "
                                                                             "its fluid differs")
    return TemplateChoice(best[3], why)


# --- compressible ---------------------------------------------------------------------------

R_UNIVERSAL = 8314.47  # J/(kmol K)


def thermo_numbers(thermo_text: str) -> dict[str, float]:
    """molWeight, Cp or Cv, mu and Pr of a pureMixture thermophysicalProperties (those present)."""
    text = fd.strip_comments(thermo_text)
    out: dict[str, float] = {}
    for key, path in (("molWeight", ["mixture", "specie", "molWeight"]), ("Cp", ["mixture", "thermodynamics", "Cp"]),
                      ("Cv", ["mixture", "thermodynamics", "Cv"]), ("mu", ["mixture", "transport", "mu"]),
                      ("Pr", ["mixture", "transport", "Pr"]), ("rho", ["mixture", "equationOfState", "rho"])):
        raw = (fd.get(text, path) or "").split()
        try:
            out[key] = float(raw[-1])
        except (IndexError, ValueError):
            continue
    return out


def gas_density(p: float, t: float, mol_weight: float) -> float:
    """rho = p / (R T) of a perfect gas (p absolute in Pa, T in K, molWeight in kg/kmol)."""
    if p <= 0 or t <= 0 or mol_weight <= 0:
        raise ValueError(f"a perfect-gas density needs positive p, T and molWeight (got {p}, {t}, {mol_weight})")
    return p * mol_weight / (R_UNIVERSAL * t)


def sound_speed(t: float, numbers: dict[str, float]) -> float | None:
    """a = sqrt(gamma R T / M) of a perfect gas from the thermo's Cp or Cv and molWeight."""
    m = numbers.get("molWeight")
    if not m or t <= 0:
        return None
    r = R_UNIVERSAL / m
    cp = numbers.get("Cp") or ((numbers["Cv"] + r) if "Cv" in numbers else None)
    if cp is None or cp <= r:
        return None
    return math.sqrt(cp / (cp - r) * r * t)


def compressible_nu(case: Path, p: float, t: float) -> float | None:
    """The kinematic viscosity mu / rho of a generated compressible case's fluid at (p, T)."""
    found = Path(case) / "constant/thermophysicalProperties"
    if not found.is_file():
        return None
    numbers = thermo_numbers(found.read_text())
    if "mu" not in numbers:
        return None
    rho = numbers.get("rho") or (gas_density(p, t, numbers["molWeight"]) if numbers.get("molWeight") else None)
    return numbers["mu"] / rho if rho else None


# --- free surface ---------------------------------------------------------------------------

_WATER = r"water|liquid|fluid|oil"
_ROLE_WIDTH = re.compile(r"\b(?:wide|width|long|length|across|horizontal(?:ly)?)\b", re.I)
_ROLE_HEIGHT = re.compile(r"\b(?:high|height|tall|deep|depth|level|thick|thickness|vertical(?:ly)?|up\s+to|filled\s+to|"
                          r"fill(?:ed)?\s+(?:height|level))\b", re.I)
_CONTAINER = re.compile(r"\b(?:tank|box|domain|container|basin|channel|cavity|rectangle|reservoir|vessel|flume)\b")
_FRACTIONS = {"half": 0.5, "a third": 1 / 3, "one third": 1 / 3, "a quarter": 0.25, "one quarter": 0.25,
              "two thirds": 2 / 3, "three quarters": 0.75}


@dataclass(frozen=True)
class WaterRegion:
    width: float | None  # a column from one side wall (m); None: the whole width (a layer)
    height: float | None  # from the floor (m); None: a fraction of the domain height
    fraction: float | None  # of the domain height, when no height is stated
    side: str  # "left" or "right": the wall the column stands against
    texts: list[str]  # the stated quantities taken


def free_surface_region(text: str, stated: list[StatedQuantity]) -> WaterRegion:
    """Where the water starts, from the request's words: a column or block of water W wide and H
    high (against the left wall unless the words say right), a layer of depth H (`water depth 0.1 m`,
    `filled to 0.2 m`, `0.1 m of water`), or a fill fraction (`half full`, `30 % filled`). Lengths are
    the stated geometry quantities of the sentence that names the water; the role words nearest
    each (wide/long vs high/deep/level) say which is which."""
    low = text.lower()
    sentences = [s for s in re.split(r"(?<=[.;!?])\s+|[;\n]", low) if s.strip()]  # not at "0.8"
    width = height = fraction = None
    taken: list[str] = []
    side = "left"
    for sentence in sentences:
        if not re.search(rf"\b(?:{_WATER})\b|\bfill|\bfull\b|\bcolumn\b|\bfree[- ]surface", sentence):
            continue
        if re.search(r"\bright\b", sentence) and not re.search(r"\bleft\b", sentence):
            side = "right"
        m = re.search(r"(\d+(?:\.\d+)?)\s*(?:%|per\s*cent|percent)", sentence)
        if m and re.search(r"fill|full|water|liquid", sentence) and fraction is None:
            fraction = float(m.group(1)) / 100.0
        for word, value in _FRACTIONS.items():
            if fraction is None and re.search(rf"\b{word}[- ](?:full|filled|of\s+(?:the\s+)?(?:height|depth|tank|box))|"
                                              rf"filled\s+(?:to\s+)?{word}", sentence):
                fraction = value
        for q in stated:
            if q.role not in ("geometry", "depth", "height", "fill_height", "water_depth") or q.unit not in ("m", None):
                continue
            at = sentence.find(q.text.lower())
            if at < 0 or q.text in taken:
                continue
            before = re.split(r"[,(]|\band\b", sentence[max(0, at - 40):at])[-1]
            after = re.split(r"[,;)]|\band\b", sentence[at + len(q.text):at + len(q.text) + 25])[0]
            hb, wb = _ROLE_HEIGHT.search(before), _ROLE_WIDTH.search(before)
            ha, wa = _ROLE_HEIGHT.search(after), _ROLE_WIDTH.search(after)
            is_height = bool(ha) if (ha or wa) else bool(hb) and not (wb and wb.start() > hb.start())
            is_width = bool(wa) if (ha or wa) else bool(wb) and not is_height
            if not re.search(rf"\b(?:{_WATER})\b|column|fill|full", sentence[:at + len(q.text) + 25]):
                continue  # the sentence names the water only after this length (the tank's size)
            of_water = re.match(rf"\s*(?:(?:deep|high|tall|thick)\s+)?(?:\w+\s+)?of\s+(?:{_WATER})\b", after)
            holder = list(_CONTAINER.finditer(sentence[:at]))
            filler = list(re.finditer(rf"\b(?:{_WATER}|column|block|layer|slab|body)\b", sentence[:at]))
            if holder and not of_water and (not filler or filler[-1].start() < holder[-1].start()):
                continue  # "a tank 0.6 m wide", "a domain of 0.5 m holds water": the container's size
            if is_height and height is None:
                height = q.value
                taken.append(q.text)
            elif is_width and width is None and re.search(r"column|block|dam|body|volume|slab", sentence):
                width = q.value
                taken.append(q.text)
    return WaterRegion(width, height, fraction, side, taken)


def domain_box(block_mesh_dict: str) -> tuple[tuple[float, float, float], tuple[float, float, float]] | None:
    """The bounding box (min, max) of a blockMeshDict's vertices, in metres."""
    text = fd.strip_comments(block_mesh_dict)
    scale = float((fd.get(text, ["convertToMeters"]) or fd.get(text, ["scale"]) or "1").split()[0])
    num = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
    points = [tuple(float(x) * scale for x in m) for m in
              re.findall(rf"\(\s*({num})\s+({num})\s+({num})\s*\)", fd.get(text, ["vertices"]) or "")]
    if not points:
        return None
    lo = tuple(min(p[i] for p in points) for i in range(3))
    hi = tuple(max(p[i] for p in points) for i in range(3))
    return lo, hi  # type: ignore[return-value]


def water_box(region: WaterRegion, lo: tuple[float, float, float], hi: tuple[float, float, float],
              up: int = 1) -> tuple[tuple[float, float, float], tuple[float, float, float], str]:
    """The boxToCell corners of the water region in a domain (lo, hi) whose vertical axis is `up`
    (the horizontal axis of a column is x), and what was assumed."""
    size = [hi[i] - lo[i] for i in range(3)]
    if region.height is not None:
        h, said = min(region.height, size[up]), f"water up to {fmt(region.height)} m"
    elif region.fraction is not None:
        h, said = region.fraction * size[up], f"water filling {fmt(100 * region.fraction)} % of the height"
    else:
        h, said = 0.5 * size[up], "water filling the lower half (default; state a depth or a column to change it)"
    a, b = list(lo), list(hi)
    a = [x - 1e-6 * max(size) for x in a]
    b = [x + 1e-6 * max(size) for x in b]
    b[up] = lo[up] + h
    if region.width is not None:
        w = min(region.width, size[0])
        if region.side == "right":
            a[0] = hi[0] - w
        else:
            b[0] = lo[0] + w
        said += f", a column {fmt(w)} m wide against the {region.side} wall"
    return tuple(a), tuple(b), said  # type: ignore[return-value]


def write_set_fields(case: Path, corners: tuple[tuple[float, ...], tuple[float, ...]]) -> str:
    """system/setFieldsDict: alpha.water 0 everywhere, 1 in the box."""
    (a, b) = corners
    box = f"({' '.join(f'{x:.6g}' for x in a)}) ({' '.join(f'{x:.6g}' for x in b)})"
    text = ("FoamFile\n{\n    version     2.0;\n    format      ascii;\n    class       dictionary;\n"
            "    object      setFieldsDict;\n}\n\n"
            "defaultFieldValues\n(\n    volScalarFieldValue alpha.water 0\n);\n\n"
            f"regions\n(\n    boxToCell\n    {{\n        box {box};\n        fieldValues\n        (\n"
            "            volScalarFieldValue alpha.water 1\n        );\n    }\n);\n")
    (Path(case) / "system/setFieldsDict").write_text(text)
    return "system/setFieldsDict"


def set_gravity(case: Path, up: tuple[float, float, float], magnitude: float = GRAVITY) -> str:
    """constant/g along -up (m/s2), keeping the template's header."""
    path = Path(case) / "constant/g"
    vec = " ".join(fmt(-magnitude * c + 0.0) for c in up)
    if path.is_file():
        text = fd.set_entry(path.read_text(), ["dimensions"], "[0 1 -2 0 0 0 0]")
        path.write_text(fd.set_entry(text, ["value"], f"({vec})"))
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("FoamFile\n{\n    version     2.0;\n    format      ascii;\n    class       "
                        "uniformDimensionedVectorField;\n    object      g;\n}\n\n"
                        f"dimensions      [0 1 -2 0 0 0 0];\nvalue           ({vec});\n")
    return "constant/g"


def phase_nu(case: Path, phase: str = "water") -> float | None:
    """The kinematic viscosity of a phase in an interFoam transportProperties."""
    path = Path(case) / "constant/transportProperties"
    if not path.is_file():
        return None
    raw = (fd.get(fd.strip_comments(path.read_text()), [phase, "nu"]) or "").split()
    try:
        return float(raw[-1])
    except (IndexError, ValueError):
        return None


def open_top(text: str) -> bool:
    """A free-surface box is open to the atmosphere at its top unless the words close it."""
    return not re.search(r"\b(?:closed|sealed|lid(?:ded)?|covered|airtight)\b", text, re.I)


def pressure_reference(case: Path) -> bool:
    """pRefCell 0 and pRefValue 0 in the PIMPLE dictionary (a closed box fixes no pressure)."""
    path = Path(case) / "system/fvSolution"
    text = path.read_text()
    if fd.find(text, ["PIMPLE", "pRefCell"]) is not None or fd.find(text, ["PIMPLE", "pRefPoint"]) is not None:
        return False
    text = fd.set_entry(text, ["PIMPLE", "pRefCell"], "0")
    path.write_text(fd.set_entry(text, ["PIMPLE", "pRefValue"], "0"))
    return True


# --- the case writers -------------------------------------------------------------------------


@dataclass
class FreeSurface:
    speed: float  # sqrt(g h): the velocity scale of the water falling or sloshing (m/s)
    assumptions: list[str]
    bindings: list  # Binding of the stated lengths that placed the water


def _up_axis(case: Path, build) -> tuple[float, float, float]:
    """The upward unit vector of a generated box: the inward normal of its floor (bottom patch),
    else +y (the shape library's 2D shapes lie in x-y with y up)."""
    from tasks.edit.parametric_roles import inward_normal

    bottom = next((p.name for p in build.patches if p.role == "bottom"), None)
    bmd = Path(case) / "system/blockMeshDict"
    if bottom is not None and bmd.is_file():
        try:
            return inward_normal(bmd.read_text(), bottom)
        except ValueError:
            pass
    return (0.0, 1.0, 0.0)


def set_free_surface(text: str, stated: list[StatedQuantity], case: Path, build, roles: dict[str, str]) -> FreeSurface:
    """A free-surface (interFoam) case on a generated box: gravity along -up (stated g kept), the
    water region from the request (setFieldsDict, run by setFields before the solver), the top open
    to the atmosphere unless the words close the box (then a pressure reference cell)."""
    from tasks.plan.stated import Binding

    up = _up_axis(case, build)
    axis = max(range(3), key=lambda i: abs(up[i]))
    g_q = next((q for q in stated if q.role == "gravity"), None)
    g = abs(g_q.value) if g_q else GRAVITY
    set_gravity(case, up, g)
    notes = [f"gravity {fmt(g)} m/s2 along -{'xyz'[axis]} (constant/g)"]
    if not any(q.role in _INFLOW_ROLES for q in stated):  # a tank: no flow comes in or goes out
        shut = [n for n, r in roles.items() if r in ("inlet", "outlet")]
        roles.update({n: "wall" for n in shut})
        if shut:
            notes.append(f"{', '.join(shut)}: walls (no inflow stated: the water moves under gravity alone)")
    top = next((p.name for p in build.patches if p.role == "top"), None)
    if top is not None and open_top(text) and roles.get(top) in ("wall", None):
        roles[top] = "atmosphere"
        notes.append(f"{top}: open to the atmosphere (totalPressure p_rgh 0, pressureInletOutletVelocity, air "
                     "flows back in); say 'closed' to make it a wall")
    elif not any(r in ("outlet", "atmosphere") for r in roles.values()) and pressure_reference(case):
        notes.append("closed box: p_rgh referenced at cell 0 (pRefCell 0, pRefValue 0)")
    box = domain_box((Path(case) / "system/blockMeshDict").read_text()) if \
        (Path(case) / "system/blockMeshDict").is_file() else None
    if box is None:
        raise RequestError(f"the water region of a free surface is set on a blockMesh box; the {build.generator} mesh "
                           "of this shape has none to read")
    region = free_surface_region(text, stated)
    a, b, said = water_box(region, box[0], box[1], axis)
    write_set_fields(case, (a, b))
    notes.append(f"{said}: alpha.water 1 in the box {tuple(round(x, 6) for x in a)} - "
                 f"{tuple(round(x, 6) for x in b)} (setFields), air above")
    depth = b[axis] - box[0][axis]
    box_text = f"({' '.join(f'{x:.6g}' for x in a)}) ({' '.join(f'{x:.6g}' for x in b)})"
    bindings = [Binding(stated=t, file="system/setFieldsDict", entry=["regions"], value=box_text,
                        how="the water region (boxToCell, alpha.water 1)") for t in region.texts]
    return FreeSurface(math.sqrt(g * max(depth, 1e-6)), notes, bindings)


def case_viscosity(case: Path, fam: str, stated: list[StatedQuantity], assumptions: list[str]) -> float:
    """The kinematic viscosity a generated compressible, free-surface or buoyant case's Reynolds
    number and turbulence inflow use: stated, else the water phase's (interFoam), else mu / rho of
    the tutorial's fluid at the stated (else 1 bar, 300 K) pressure and temperature."""
    nu_q = next((q for q in stated if q.role == "nu"), None)
    if nu_q is not None:
        return nu_q.value
    if fam == "free_surface":
        nu = phase_nu(case) or 1e-6
        assumptions.append(f"water nu = {fmt(nu)} m2/s, air above it (the tutorial's phases)")
        return nu
    p = next((q.value for q in stated if q.role in ("outlet_pressure", "pressure", "initial_pressure")
              and q.reference != "gauge"), 1e5)
    t = next((q.value for q in stated if q.role in ("inlet_temperature", "initial_temperature", "temperature")), 300.0)
    nu = compressible_nu(case, p, t) or 1.5e-5
    assumptions.append(f"nu = mu / rho = {fmt(nu)} m2/s at {fmt(p)} Pa and {fmt(t)} K (the tutorial's thermophysical "
                       "properties)")
    return nu
