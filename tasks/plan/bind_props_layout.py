"""Where a fluid or solid property goes in a thermophysical model, whatever its layout.

A base keeps its material data in one of OpenFOAM's thermo layouts (`thermoType { transport;
thermo; equationOfState; }` of constant/thermophysicalProperties, of a phase's
thermophysicalProperties.<phase> or of a region's constant/<region>/thermophysicalProperties).
Each layout holds a property under its own entry, or not at all: a density is rhoConst's rho,
perfectFluid's or Boussinesq's rho0, icoPolynomial's coefficient 0; a perfect gas has none (p / (R
T)). `property_site` reads the layout of a text and returns the edits that set a property in it,
or the reason it cannot be set there. Pure: text in, edits out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tasks.foam import dictionary as fd
from tasks.plan.foam_values import fmt

R_UNIVERSAL = 8314.46  # J/(kmol K): specie molWeight is in kg/kmol

# role -> (thermoType slot, model -> entry under mixture); a polynomial's entry is coefficient 0
_SITES: dict[str, tuple[str, dict[str, list[str]]]] = {
    "density": ("equationOfState", {
        "rhoConst": ["equationOfState", "rho"], "perfectFluid": ["equationOfState", "rho0"],
        "adiabaticPerfectFluid": ["equationOfState", "rho0"], "Boussinesq": ["equationOfState", "rho0"],
        "linear": ["equationOfState", "rho0"], "icoPolynomial": ["equationOfState", "rhoCoeffs<8>"]}),
    "mu": ("transport", {"const": ["transport", "mu"], "polynomial": ["transport", "muCoeffs<8>"]}),
    "specific_heat": ("thermo", {
        "hConst": ["thermodynamics", "Cp"], "hRefConst": ["thermodynamics", "Cp"],
        "eConst": ["thermodynamics", "Cv"], "eRefConst": ["thermodynamics", "Cv"],
        "hPolynomial": ["thermodynamics", "CpCoeffs<8>"]}),
    "thermal_conductivity": ("transport", {
        "constIso": ["transport", "kappa"], "polynomial": ["transport", "kappaCoeffs<8>"]}),
    "prandtl": ("transport", {"const": ["transport", "Pr"]}),
    "molar_mass": ("specie", {"specie": ["specie", "molWeight"]}),
}

# why a model holds no such value: role -> model -> reason
_NONE_IN: dict[str, dict[str, str]] = {
    "density": {
        "perfectGas": "a perfect gas has no density to set: rho = p / (R T) follows from the pressure, the "
                      "temperature and the molar mass",
        "incompressiblePerfectGas": "an incompressible perfect gas has rho = pRef / (R T): set the reference "
                                    "pressure or the molar mass instead",
        "rPolynomial": "the rPolynomial equation of state is a fit 1/rho = C0 + C1 T + ...: give its coefficients"},
    "mu": {"sutherland": "", "constIso": "a solid has no viscosity"},
    "specific_heat": {"janaf": "JANAF polynomials give cp(T) over two temperature ranges; no constant cp to set"},
    "thermal_conductivity": {
        "sutherland": "Sutherland transport computes the conductivity from cp and mu (Eucken): state a Prandtl "
                      "number with a constant viscosity instead"},
    "prandtl": {"sutherland": "Sutherland transport has no Prandtl number (it uses Eucken's conductivity)",
                "constIso": "a solid has no Prandtl number: state its conductivity"},
}

_LIQUID_LIBRARY = ("its properties come from OpenFOAM's liquid property library (liquidProperties, e.g. "
                   "H2O) as functions of T and p; there is no constant to set")

GAS_EOS = ("perfectGas", "incompressiblePerfectGas")


@dataclass(frozen=True)
class Layout:
    """The models of one thermophysical dictionary (empty strings where it names none)."""

    transport: str = ""
    thermo: str = ""
    equationOfState: str = ""  # noqa: N815 (the OpenFOAM spelling)
    liquid_library: bool = False

    def model(self, slot: str) -> str:
        return "specie" if slot == "specie" else getattr(self, slot)


@dataclass
class Site:
    """The edits (entry under the file -> value) that set a property, what they mean, and what was
    assumed to make them."""

    edits: list[tuple[list[str], str | dict[str, str]]] = field(default_factory=list)  # full entry paths
    how: str = ""
    assumption: str = ""
    bound: tuple[list[str], str] | None = None  # the entry and value the stated quantity is recorded at, when
    # an edit writes a whole sub-dictionary


def layout_of(text: str) -> Layout | None:
    """The thermoType models of a thermophysicalProperties text; None when it has no thermoType."""
    if fd.find(text, ["thermoType"]) is None:
        return None
    get = lambda key: (fd.get(text, ["thermoType", key]) or "").strip()  # noqa: E731
    return Layout(transport=get("transport"), thermo=get("thermo"), equationOfState=get("equationOfState"),
                  liquid_library=get("properties") == "liquid")


def number_at(text: str, path: list[str]) -> float | None:
    """The one number of a mixture entry ("1027", "[1 -3 0 0 0 0 0] 1000"); a polynomial's
    coefficient 0; None when absent."""
    raw = fd.get(text, ["mixture", *path])
    found = re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", re.sub(r"\[[^\]]*\]", " ", raw or ""))
    return float(found[0]) if found else None


def constant_polynomial(value: float, old: str) -> str:
    """A polynomial's coefficients as the constant `value`: coefficient 0 = value, the rest 0."""
    count = max(1, len(re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", old or ""))) or 8
    return "(" + " ".join([fmt(value)] + ["0"] * (count - 1)) + ")"


def density_of(text: str) -> float | None:
    """The constant density a layout keeps (rhoConst rho, perfectFluid rho0, a polynomial's
    coefficient 0); None for a gas, whose density is no constant."""
    layout = layout_of(text)
    if layout is None:
        return None
    path = _SITES["density"][1].get(layout.equationOfState)
    return number_at(text, path) if path else None


def _value_for(role: str, layout: Layout, text: str, value: float, known: dict[str, float]) -> tuple[float, str, str]:
    """The value the entry holds for a stated SI value: cv for a cp on an internal-energy thermo
    (equal for a liquid or solid, cp - R/W for a gas, W the molar mass stated with it, else the
    base's), kg/kmol for a molar mass in kg/mol."""
    if role == "molar_mass":
        return value * 1000.0, "molar mass (kg/kmol)", ""
    if role == "specific_heat" and layout.thermo in ("eConst", "eRefConst"):
        if layout.equationOfState in GAS_EOS:
            said = known.get("molar_mass")
            weight = said * 1000.0 if said else number_at(text, ["specie", "molWeight"]) or 28.9
            cv = value - R_UNIVERSAL / weight
            return cv, f"Cv = Cp - R/W = {fmt(value)} - {R_UNIVERSAL:g}/{fmt(weight)}", \
                f"the base's thermo keeps Cv: Cv = Cp - R/W = {cv:.6g} J/(kg K)"
        return value, "Cv = Cp (a liquid or solid)", "the base's thermo keeps Cv: a liquid's Cv taken equal to its Cp"
    return value, "", ""


def property_site(text: str, role: str, value: float, known: dict[str, float] | None = None) -> Site | str:
    """The edits that set `role` (density, mu, specific_heat, thermal_conductivity, prandtl,
    molar_mass; SI value) in a thermophysicalProperties text, or why its layout holds none.
    `known`: other properties stated for the same material (mu, specific_heat), used where the
    layout derives this one from them (a conductivity as Pr = cp mu / kappa)."""
    layout = layout_of(text)
    if layout is None:
        return "the dictionary has no thermoType"
    if layout.liquid_library:
        return _LIQUID_LIBRARY
    if role not in _SITES:
        raise ValueError(f"property_site: unknown property role {role!r}; expected one of {', '.join(_SITES)}")
    slot, models = _SITES[role]
    model = layout.model(slot)
    path = models.get(model)
    if path is None and role == "mu" and model == "sutherland":
        return Site(edits=[(["thermoType", "transport"], "const"), (["mixture", "transport"], {"mu": fmt(value), "Pr": "0.7"})],
                    how="constant viscosity (was sutherland)", bound=(["mixture", "transport", "mu"], fmt(value)),
                    assumption="transport const instead of the base's sutherland, Pr 0.7")
    if path is None and role == "thermal_conductivity" and model == "const":
        return _prandtl_from_kappa(text, layout, value, known or {})
    if path is None:
        reason = _NONE_IN.get(role, {}).get(model)
        return reason or f"the {slot} model {model or '(none)'} keeps no {role.replace('_', ' ')}"
    if fd.find(text, ["mixture", *path]) is None:
        return f"the base's {slot} {model} has no mixture/{'/'.join(path)} entry"
    held, how, assumption = _value_for(role, layout, text, value, known or {})
    if path[-1].endswith("Coeffs<8>"):
        new = constant_polynomial(held, fd.get(text, ["mixture", *path]) or "")
        return Site(edits=[(["mixture", *path], new)], how=f"{path[-1]} constant {fmt(held)}",
                    assumption=f"{path[-1]} made constant: coefficient 0 = {fmt(held)}, the T terms 0")
    return Site(edits=[(["mixture", *path], f"{held:.6g}")], how=how or path[-1], assumption=assumption)


def _prandtl_from_kappa(text: str, layout: Layout, kappa: float, known: dict[str, float]) -> Site | str:
    """A conductivity on a const transport: its Prandtl number Pr = cp mu / kappa (the stated cp
    and mu, else the base's)."""
    mu = known.get("mu") or number_at(text, ["transport", "mu"])
    cp = known.get("specific_heat") or number_at(text, ["thermodynamics", "Cp"])
    if cp is None and layout.thermo in ("eConst", "eRefConst"):
        cv = number_at(text, ["thermodynamics", "Cv"])
        said = known.get("molar_mass")
        weight = said * 1000.0 if said else number_at(text, ["specie", "molWeight"]) or 28.9
        cp = None if cv is None else cv + (R_UNIVERSAL / weight if layout.equationOfState in GAS_EOS else 0.0)
    if not mu or not cp or kappa <= 0 or fd.find(text, ["mixture", "transport", "Pr"]) is None:
        return "the const transport carries a conductivity as Pr = cp mu / kappa, but the base has no cp, mu or Pr"
    pr = cp * mu / kappa
    return Site(edits=[(["mixture", "transport", "Pr"], f"{pr:.6g}")], how=f"Pr = cp mu / kappa = {fmt(cp)} x {fmt(mu)} / "
                f"{fmt(kappa)}", assumption=f"the const transport carries the conductivity as Pr = {pr:.4g}")
