"""What a request states: every number with a unit (or a dimensionless group, a cell count, a
fraction), each bound to the role it plays in the case.

Pure functions over text. The roles come from the words around each quantity (a grammar of
role phrases, not the wording of any one request): "the lid moves at 2 m/s" and "2 m/s lid"
are both a lid velocity; "air enters through the top at 0.5 m/s" is an inlet velocity. The
set of stated quantities is what the score checks against the written files, whatever the
planner chose to use.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict

from tasks.core.paths import CANONICAL_DIR
from tasks.foam.patch_names import KIND_ALT
from tasks.plan.written_forms import written_forms
from tasks.plan.particle_pronouns import with_particle_antecedents
from tasks.plan.values_gravity import gravity_forms
from tasks.plan.bind_motion_rates import rate_forms
from tasks.plan.values_commas import decimal_commas, written_powers
from tasks.plan.controls import (
    Control,
    gravity_off,
    solver_controls,
    stated_switches,
    switch_names,
)
from tasks.plan.extract import Quantity, _kind_of, normalise, quantities, symbol_number
from tasks.geometry.text_differences import kelvin_difference
from tasks.geometry.text_expressions import evaluated_expressions
from tasks.plan.stated_anaphora import anaphoric_place
from tasks.plan.stated_bare import BareReading, bare_field_values
from tasks.plan.stated_bare import unit_follows as _unit_follows
from tasks.plan.stated_length_symbols import counted_in_symbol
from tasks.plan.stated_lists import _default_role, _last_words, attribute_runs, listed_groups, paired_words, places_after
from tasks.plan.stated_ranks import ranked_places
from tasks.plan.stated_back_units import backward_units
from tasks.plan.stated_camel import split_place_names
from tasks.plan.stated_place_order import quantity_first
from tasks.plan.stated_shared_units import echoed_units, shared_units
from tasks.plan.stated_items import _KIND_OF, _POINTER_AFTER, _ROLE_IN_BRACKETS, _value_first_item
from tasks.plan.stated_shared_places import shared_places
from tasks.plan.stated_solar import dms_degrees, sun_readings
from tasks.plan.stated_spelling import respelled
from tasks.plan.stated_unread import UNREAD, unread_units
from tasks.plan.stated_conditions import in_condition
from tasks.plan.stated_symbols import symbol_places
from tasks.plan.stated_ignition import ignition_extras, ignition_role, triple_spans
from tasks.plan.stated_roles import FLUID_AFTER, role_of  # noqa: F401 (FLUID_AFTER: kept importable here)
from tasks.plan.values_forms import table_rows
from tasks.plan.values_kinematic_energy import kinematic_energy
from tasks.plan.values_kept import explained, names_the_base, named_vectors, off_axis, range_end_chosen, range_start, relative_cell_size

UNITS = {
    "velocity": "m/s", "kinematic_viscosity": "m2/s", "dynamic_viscosity": "Pa s", "density": "kg/m3",
    "temperature": "K", "angular_velocity": "rad/s", "length": "m", "time": "s", "frequency": "Hz",
    "gravity": "m/s2", "pressure": "Pa", "angle": "deg", "volume_flow": "m3/s", "mass_flow": "kg/s",
    "heat_flux": "W/m2", "charge_density": "C/m3", "mobility": "m2/(V s)", "conductivity": "S/m", "expansion": "1/K",
    "dissipation_rate": "m2/s3", "heat_transfer_coefficient": "W/(m2 K)", "mass": "kg", "power": "W",
    "compressibility": "s2/m2", "inverse_length": "1/m",
    "molar_mass": "kg/mol", "specific_energy": "J/kg",
}


class StatedQuantity(BaseModel):
    """One value the request states, in SI units, with its role and (after writing) where it
    was found in the case."""

    model_config = ConfigDict(extra="forbid")

    text: str
    quantity: str
    value: float
    unit: str = ""
    role: str
    dims: list[int] | None = None
    vector: list[float] | None = None  # a velocity stated as a vector or by components, in SI; value is its size
    reference: Literal["gauge", "absolute"] | None = None  # a pressure stated as gauge or absolute (None: not said)
    place: str | None = None  # a listed value's own place words ("inlet and outlet at 1 and 0 bar": "inlet at")
    note: str | None = None  # how a bare number was read ("temperature 350": in K, T's unit), or why it was not
    file: str | None = None
    entry: list[str] | None = None
    verified: bool = False


class NotApplied(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: str
    reason: str


class Binding(BaseModel):
    """A value the planner derived from a stated quantity and wrote into one entry."""

    model_config = ConfigDict(extra="forbid")

    stated: str  # the stated quantity's text
    file: str
    entry: list[str]
    value: str
    how: str = ""


def _numbers_patch(text: str, q: Quantity) -> bool:
    """A bare digit right after a patch's kind word ("on outlet 2 and 1 m2/s2"): the patch's number,
    which a list's reading gave the unit of the value after it."""
    return re.fullmatch(r"\d", q.text.strip()) is not None and \
        re.search(rf"\b(?:{KIND_ALT})\s+$", text[:q.start], re.I) is not None


def _glued(text: str, q: Quantity) -> bool:
    """A number inside a name ("LadenburgJet60psi", "OUTL10"): letters run right into it."""
    return q.kind not in ("cells", "count") and bool(re.search(r"[A-Za-z]{3,}\d*\Z", text[:q.start]))


def _after_words(text: str, q: Quantity) -> str:
    """The words after a quantity up to its clause's punctuation (not the dot of a number),
    long enough to read the unit of the next value."""
    rest = text[q.start + len(q.text):][:60] + " "  # in its case: "310 K cold wall 300 K" (K, not k)
    label = _ROLE_IN_BRACKETS.match(rest) or _value_first_item(text, q, rest)
    if label:  # "walls at 16.85 degC (cold) and 46.85 degC (hot)": the words in brackets name its role
        return label.group("words")
    pointer = _POINTER_AFTER.match(rest)
    if pointer:  # "300 K, which is the inlet temperature", "2 m/s — that's the inflow": the clause names it
        rest = _KIND_OF.sub("", rest[pointer.end():], count=1)  # "that is the temperature of the feed": the feed's
    return re.split(r"[,.;:]\s|\n|\(", rest, maxsplit=1)[0]


# a number in any scientific notation: "1.5e-5", "1.5E-05", "1.5x10^-5", "1.5 × 10⁻⁵", "1.5·10-5"
_SCI = (r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+|\s?[x×·*]\s?10(?:\^|\*\*)?\s?[-+−]?\d+|[ \t]10(?:\^|\*\*)\s?[-+−]?\d+"
        r"|\s?[x×·*]\s?10[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)?")
# "0,5 m/s", "2,75 K": a comma between digits right before a unit is a decimal comma when the
# digits after it are not a group of three (a thousands separator: "1,500 Pa" stays unread)
_DECIMAL_COMMA = re.compile(r"(?<![\d.,])(?P<a>\d+),(?P<b>(?<=0,)(?<!\d\d,)\d+|\d{4,}|\d{1,2}(?!\d))"
                            r"(?=(?P<unit>\s?[^\s,;:)\]]+))")  # the unit looked at, not taken: "2,5–3,5 m/s"
_WORD_UNITS = ("in", "at")  # units that are also words: "20,40 in x" is a list, not 20.4 inches
# "inlet velocity [m/s]: 8", "outlet pressure (Pa) = 0": the unit in brackets before its number
_BRACKET_UNIT = re.compile(r"\s*[\[(]\s*(?P<unit>[^\[\]()\d\s][^\[\]()]{0,11}?)\s*[\])]\s*(?:[:=]\s*)?"
                           rf"(?P<num>{_SCI})(?<!\.)(?!\d|\.\d|\s?[A-Za-z°%µ/])")  # not a full stop
# a named quantity with a bare number whose unit the name alone fixes ("kinematic viscosity 1e-5",
# "outlet pressure 0", "inlet velocity 8"); "viscosity 1e-3" alone (kinematic or dynamic?) stays unread
_BARE_NUMBER = r"(?:\s*(?:=|:|of|is|at|equal to|(?:is |be )?set to|to|(?:should |must |will |to )?be))?\s*" \
               rf"(?P<num>{_SCI})" \
               r"(?!\d|\.\d|\s?[°%µ/\[(–—]|\.\.|\s+(?:to|and)\s+[-+]?\.?\d)"  # a range's low end ("2–4 m/s")
# (a word after it may be a unit: see _unit_follows)
_NAMED_UNIT = [
    (re.compile(rf"\bkinematic\s+viscosity{_BARE_NUMBER}", re.I), "m2/s"),
    (re.compile(rf"\bdynamic\s+viscosity{_BARE_NUMBER}", re.I), "Pa s"),
    # not the speed of sound a normalised case is scaled by ("sound speed 1")
    (re.compile(rf"(?<!sound )\b(?:velocity|speed)(?!\s+of\s+sound){_BARE_NUMBER}", re.I), "m/s"),
    # a step is in seconds; case kept: "DT 2e-4" is laplacianFoam's diffusivity, not a step
    (re.compile(rf"(?<![\w-])(?:deltaT|[Tt]ime[\s-]?[Ss]tep|dt){_BARE_NUMBER}"), "s"),
]
_ZERO_PRESSURE = re.compile(r"\bpressure(?:\s*(?:=|:|of|is|at))?\s*(?P<num>[-+]?0(?:\.0*)?)(?![\d.]|\s?[A-Za-z°%µ/\[(])",
                            re.I)
# "zero outlet pressure", "0 back pressure": a zero before the pressure it is (a
# "zero pressure gradient" is a boundary condition, not a value)
_ZERO_BEFORE_PRESSURE = re.compile(r"(?<![\w.])(?:zero|0)(?=\s+(?:outlet|exit|inlet|back|ambient|initial|static|total)\s+pressure\b(?!\s+gradient))", re.I)


def _known_unit(unit: str) -> bool:
    try:
        _kind_of(unit)
    except ValueError:
        return False
    return True


# "Temperature (K): inlet 300, walls 350": a unit in brackets heading a list of bare numbers
# (a unit may hold digits after its first letter: "(kg/m3)", "[m2/s]"; the list may go on past a
# semicolon with more "name = number" items: "(degC): hot = 50; cold = 10")
_BRACKET_HEADER = re.compile(r"[\[(]\s*(?P<unit>[^\[\]()\d\s][^\[\]()]{0,11}?)\s*[\])]\s*:"
                             r"(?P<body>(?:[^;\n.]|\.(?=\d)|;(?=\s*[A-Za-z][\w -]{0,24}?\s*[=:]\s*[-+]?\.?\d+(?![\d.]*\s?[A-Za-z°%µ/])))+)")
_BARE = re.compile(rf"(?<![\w.^-])(?P<num>{_SCI})(?![\w.]|\s?[A-Za-z°%µ/\[(])")


def _header_units(m: re.Match[str]) -> str:
    unit = m.group("unit").strip()
    if not _known_unit(unit):
        return m.group(0)
    return m.group(0)[:m.start("body") - m.start()] + _BARE.sub(lambda n: f"{n.group(0)} {unit}", m.group("body"))


def decimal_points(text: str) -> str:
    """Decimal commas before a unit written as points ("0,5 m/s" -> "0.5 m/s", "1,5 bar"); a group
    of three digits stays a thousands separator ("1,500 Pa"). Keeps every character's place."""
    text = _DECIMAL_COMMA.sub(lambda m: f"{m.group('a')}.{m.group('b')}"
                              if _range_unit(m.group("unit")) else m.group(0), text)
    return _GROUP_DECIMAL_COMMA.sub(lambda m: f"{m.group('head')}{m.group('a')}.{m.group('b')}", text)


# a dimensionless group's value with a decimal comma ("Pr: 6,5", "Re = 0,25", "Mach number 2,5"):
# no unit follows, the symbol before it says it is one number; "Re 10,000" stays a thousands group
_GROUP_DECIMAL_COMMA = re.compile(
    r"(?P<head>(?<![\w.])(?:Pr|Prt|Re|Ma|Ra|Gr|Co|Sc|Fr|We|Pe|St|CFL|Courant|Mach|Prandtl|Reynolds|Rayleigh|"
    r"Grashof|Froude|Weber|Peclet|Strouhal)(?:\s+(?:number|no\.?))?\s*(?:[:=≈]|of|is)?\s*)"
    r"(?P<a>(?<!\d)0|\d+(?=,\d{1,2}(?!\d))),(?P<b>\d+)(?!\d|,\d)", re.I)


def _range_unit(unit: str) -> bool:
    """Whether what follows a number with a comma is a unit, or a range's other end and then one
    ("–3,5 m/s")."""
    if re.match(r"\s?[–—]\s?\d", unit):
        return True
    return _known_unit(unit) and unit.strip() not in _WORD_UNITS


# a thermal expansion coefficient written as the reciprocal of a temperature (an ideal gas's beta = 1/T): "beta =
# 1/293.15 K", "expansion coefficient 1/(300 K)", "beta 1/293.15 1/K"
_NUM_PLAIN = r"(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_BETA_WORDS = r"\b(?:beta|β|(?:(?:thermal|volumetric|cubic)\s+)?expansion\s+coefficient|(?:thermal\s+)?expansivity)\b"
_RECIPROCAL_T = re.compile(rf"({_BETA_WORDS}[^.;,\d]{{0,24}}?(?:=|:|\bof\b|\bis\b)?\s*)1\s*/\s*(?:\(\s*)?"
                           rf"({_NUM_PLAIN})\s*(?:(?:K|kelvin)\b\s*\)?(?!\s*(?:\^|\*\*)?\s*-\s*1)|\)?\s*(?=(?:1\s*/\s*K|K\s*\^?\s*-\s*1|/K)\b))",
                           re.I)


def reciprocal_expansion(text: str) -> str:
    """`text` with an expansion coefficient said as the reciprocal of a temperature written as its value in 1/K."""
    def one(m: re.Match[str]) -> str:
        t = float(m.group(2))
        if t <= 0:
            return m.group(0)
        unit = " " if re.match(r"\s*(?:1\s*/\s*K|K\s*\^?\s*-\s*1|/K)\b", m.string[m.end():], re.I) else " 1/K"
        return f"{m.group(1)}{1.0 / t:.6g}{unit}"
    return _RECIPROCAL_T.sub(one, text)


def plain_forms(text: str) -> str:
    """The request with the everyday ways of writing a value put as a number and its unit:
    decimal commas ("0,5 m/s"), units in brackets before the number ("velocity [m/s]: 2"),
    bare numbers after a name that fixes the unit ("kinematic viscosity 1e-5", "outlet
    pressure 0"), table rows ("| inlet velocity [m/s] | 8 |"), a list's one unit ("20 and 5 m2/s2" ->
    "20 m2/s2 and 5 m2/s2"), a unit said once for two places ("1 bar at the inlet and 0.5 at the
    outlet")."""
    text = _NUMBER_ABBREVIATION.sub("number ", text)  # "exit no. 2": no full stop ends a sentence there
    text = gravity_forms(text)  # "g = -9.81 y", "-9.8 g in y": gravity along -y, no grams
    text = evaluated_expressions(text, defined=False)  # "9*2*pi cm", "pi/10 m/s": one number (lengths in symbols: geometry's)
    text = reciprocal_expansion(text)  # "beta = 1/293.15 K": an ideal gas's expansion coefficient, 1/T
    text = written_forms(text)  # "stop at iteration 400", "40 times 40 cells", "16 min 40 s", "200 us", "k 0.066 J/kg"
    text = rate_forms(text)  # "2 pi rad/s", "one cycle per second": tasks.plan.bind_motion_rates
    text = quantity_first(text)  # "velocity inlet 5", "pressure outlet zero": the place before the name
    text = decimal_points(written_powers(decimal_commas(table_rows(text, _known_unit))))  # "2,5e-5", "1,2·10^-5"
    text = _BRACKET_UNIT.sub(lambda m: f" {m.group('num')} {m.group('unit').strip()}"
                             if _known_unit(m.group("unit")) else m.group(0), text)
    text = _BRACKET_HEADER.sub(_header_units, text)
    for pattern, unit in _NAMED_UNIT:
        text = pattern.sub(lambda m, u=unit: m.group(0) if _unit_follows(m.string, m.end()) else f"{m.group(0)} {u}",
                           text)
    text = _ZERO_PRESSURE.sub(lambda m: f"{m.group(0)} Pa", text)
    text = _ZERO_BEFORE_PRESSURE.sub("0 Pa", text)
    # "20 and 5 m2/s2", "1 bar at the inlet and 0.5 at the outlet", "T left 320 right 280 K": each value its unit
    return backward_units(echoed_units(shared_units(text)))


# "no. 2", "Nr. 3", "No.1": a number's abbreviation, read as the word (its dot ends no sentence)
_NUMBER_ABBREVIATION = re.compile(r"\b(?:no|nr)\.\s*(?=\d)", re.I)


# the words between a group and the length it is based on: "Re 5000 based on the 2 cm inlet",
# "Pe 1000 with the 10 m/s inflow and the 25.4 mm step", "Re = 100 (D = 1 cm)"
_BASED_ON = re.compile(r"[^.;\n]{0,60}?(?:\bbased\s+on|\bon\b|\bwith\b|\busing\b|\bover\b|\bfor\b|\bfrom\b"
                       r"|\btaking\b|\bper\b|\(|\b[LDdh]\s*=)[^.;\n]*$")


def based_on(between: str) -> bool:
    """Whether the words between a Reynolds or Peclet number and the next length make that length
    the one the group is based on ("Re 5000 based on the 2 cm inlet", "Pe 1000 with the 10 m/s
    inflow and the 25.4 mm step", "Re = 100 (D = 1 cm)")."""
    return len(between) <= 80 and _BASED_ON.match(between) is not None


# the words before a zero time that make it the start instant ("at t = 0", "from time 0")
_AN_INSTANT = re.compile(r"\b(?:at|from|since|when|initially\s+at)\s+(?:(?:time\s+)?t\s*=\s*|time\s+|t\s*)?$", re.I)


def read_stated(text: str) -> list[StatedQuantity]:
    """Every quantity the request states, with its role; then the solver controls and the
    switches it sets in words."""
    out: list[StatedQuantity] = []
    # "temprature at the inelt", "T_in": the words it was meant to be, the place a symbol's subscript names
    text = symbol_places(respelled(split_place_names(dms_degrees(text))))  # "hotWall": the hot wall; "40°25' N"
    text = with_particle_antecedents(text)  # "inject the droplets ..., make them smaller": the droplets' sizes
    text, bare = bare_field_values(text)
    text = plain_forms(text)  # "floor temperature 350": 350 K, said as an assumption
    plain = normalise(text)
    controls = solver_controls(plain)
    held = [(c.start, c.start + len(c.text)) for c in controls]  # "max time step 5 ms": maxDeltaT's
    found = [kinematic_energy(plain, q) for q in quantities(text)]  # "total pressure 50 J/kg": p/rho
    kept = [q for q in found if not _glued(plain, q) and not _numbers_patch(plain, q) and not any(a <= q.start < b for a, b in held)
            and not explained(plain, q) and not names_the_base(plain, q) and not off_axis(q) and not relative_cell_size(plain, q)
            and not in_condition(plain, q.start)  # "z < 0": where a value holds
            and not counted_in_symbol(plain, q.start, q.text)]  # "c = 0.1 m ... x = 3c": lengths, not 3 degC
    kept = [q for q in kept if q.vector is None or q.start not in named_vectors(plain)]
    triples = triple_spans(plain)  # "ignition at (150, 150, 25) cm": one location, no three lengths
    kept = [q for q in kept if not any(a <= q.start < b for a, b in triples)]
    ignited_to = -1  # where the last value of an ignition site ended ("ignite at 1 ms for 2 ms")
    sun = sun_readings(plain)  # "40.42 deg N", "startTime 12 h" beside the sun: its position, no angle or run time
    kept = [q for q in kept if not any(r.start < q.start + len(q.text) and q.start < r.end for r in sun)]
    paired: dict[int, str] = {}
    placed: dict[int, str] = {}
    for group in listed_groups(plain, kept):
        start, words = paired_words(plain, group)
        paired.update({id(q): plain[:start] + w for q, w in zip(group, words)})
        if not words:  # "320 and 280 K on the left and right walls"; "the two outlets at 20 and 5 m2/s2"
            placed.update({id(q): w for q, w in zip(group, places_after(plain, group) or ranked_places(plain, group))})
    shared = {id(q): _after_words(plain, run[-1]) for run in attribute_runs(plain, kept) for q in run[:-1]
              if run[-1].kind not in ("cells", "count", "iterations")}  # not a count's noun: "0.1 m, 40x40 cells"
    low_ends = {id(q): range_start(plain, q) for q in kept}
    for q in kept:
        key, before = id(q), plain[:q.start]
        if key in paired:  # "inlet and outlet at 1 and 0 bar": 1 bar reads "inlet at"
            before = paired[key]
            q = q.model_copy(update={"before": before[-80:].lower()})
        after = placed.get(key) or _after_words(plain, q)  # "320 and 280 K on the left and right walls"
        place = placed.get(key) or (_last_words(paired[key]) if key in paired else None)
        label = _value_first_item(plain, q, plain[q.start + len(q.text):][:60] + " ") if place is None else None
        if label is not None:  # "3 m2/s2 = outlet2", "340 K: walls": the label after it is its place
            place = label.group("words")
        if any(s is not None and s <= q.start for s in (low_ends.get(id(other)) for other in kept if other.start > q.start)):
            continue  # "between 2 m/s and 3 m/s": the low end of the range the later value ends
        span = range_start(plain, q)
        chosen = range_end_chosen(plain, q) if span is not None else None
        if chosen is not None:  # "between 2 and 3 m/s, use the upper end": that end is the value
            if chosen == "lower":
                q = _low_end(plain, span, q) or q
            span = None
        elif span is not None:  # "between 290 and 310 K": no one value of any entry
            q = q.model_copy(update={"text": plain[span:q.start + len(q.text)]})
        if q.kind == "time" and q.value == 0 and _AN_INSTANT.search(before[-20:]):
            continue  # "the gas at t = 0 is 300 K": the start, when a state is said, not a time to set
        if place is None and span is None and key not in shared:  # "...; its temperature there is 295 K"
            back = anaphoric_place(plain, q.start, q.start + len(q.text), q.kind)
            if back is not None:
                place, before = back, back
                q = q.model_copy(update={"before": back.lower()})
        role = "range" if span is not None else role_of(q, before, after)
        if key in shared and role == _default_role(q.kind):  # "320 K, 1 bar gas arriving at 600 m/s"
            role = role_of(q, before, shared[key])
        chained = ignited_to >= 0 and not re.search(r"[.!?;]\s", plain[ignited_to:q.start])
        role = ignition_role(plain, q.start, q.start + len(q.text), q.kind, role, chained)  # a spark's, not the run's
        ignited_to = q.start + len(q.text) if role.startswith("ignition_") else ignited_to
        value = q.value
        if role == "temperature_difference":  # "a 15 degC difference" is 15 K, not 288.15 K
            value = kelvin_difference(q.text) or q.value
        together = shared_places(plain, q) if place is None and span is None else []
        for place, role in together or [(place, role)]:  # "the inlet and the walls both at 320 K": one each
            out.append(StatedQuantity(text=q.text.strip(), quantity=q.kind, value=value, unit=UNITS.get(q.kind, ""),
                                      role=role, dims=q.dims, vector=q.vector, reference=q.reference,
                                      place=place.strip() if place else None))
    out += [StatedQuantity(text=r.text, quantity="sun_position", value=r.value, unit=r.unit, role=r.role, note=r.note)
            for r in sun]
    out += stated_controls(plain, [c for c in controls if not any(r.start <= c.start < r.end for r in sun)])
    unread = [StatedQuantity(text=u.text, quantity=UNREAD, value=u.value, role="bare_value", note=u.note)
              for u in unread_units(plain, found, held)]  # "a source of 1e6 W/m3": reported, never dropped
    out += [StatedQuantity(**q) for q in ignition_extras(plain)]  # a location given as a triple, a strength: no unit reader finds them
    return relative_last(out + shared_limits(plain, out) + noted_bare(out, bare) + unread)


def noted_bare(out: list[StatedQuantity], bare: list[BareReading]) -> list[StatedQuantity]:
    """Each bare number read in its field's unit noted on its quantity (the reading is an
    assumption); those left unread as quantities of role bare_value (reported, never bound)."""
    unread: list[StatedQuantity] = []
    for reading in bare:
        if reading.unit is None:
            unread.append(StatedQuantity(text=reading.phrase, quantity="bare", value=reading.value, role="bare_value",
                                         note=reading.note))
            continue
        said = next((q for q in out if q.note is None and q.text == f"{reading.number} {reading.unit}"), None)
        if said is not None:
            said.note = reading.note
    return unread


def _low_end(plain: str, span: int, q: Quantity) -> Quantity | None:
    """The low end of the range from `span` to the quantity `q` ("between 2 and 3 m/s" -> 2 m/s),
    read with q's unit when the low number is written bare."""
    low = re.search(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", plain[span:q.start])
    number = re.match(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", q.text)
    if low is None or number is None:
        return None
    found = quantities(low.group(0) + q.text[number.end():])
    if not found or found[0].kind != q.kind:
        return None
    return q.model_copy(update={"value": found[0].value, "text": plain[span + low.start():q.start + len(q.text)]})


# roles whose value is measured from another stated one ("floor 2 K warmer than the 300 K ceiling",
# "Gr 3e4 with the ceiling at 300 K"): bound after the values they are measured from
_RELATIVE_ROLES = frozenset({"pressure_drop", "temperature_difference", "grashof", "rayleigh", "richardson"})


def relative_last(stated: list[StatedQuantity]) -> list[StatedQuantity]:
    """The stated quantities with the differences and the buoyancy groups moved to the end (in
    their order): their binders read the absolute values the others have written."""
    return [q for q in stated if q.role not in _RELATIVE_ROLES] + [q for q in stated if q.role in _RELATIVE_ROLES]


_CO_NAME = r"(?:max(?:imum)?\s*)?(?:maxCo|Co|CFL|[Cc]ourant)"
_ALPHA_CO_NAME = r"(?:maxAlphaCo|(?:max(?:imum)?\s+)?(?:[Aa]lpha|[Ii]nterface)[\s-]*(?:Co|CFL|[Cc]ourant))"
_LIMIT_NAME = rf"(?:{_ALPHA_CO_NAME}|{_CO_NAME})(?:\s+numbers?)?"
# two limits named together: "Co and alpha Co", "neither the Courant number nor the interface
# Courant number", "the flow and interface Courant numbers", "both Courant numbers (flow and interface)"
_NUM_LIMIT = r"(?P<num>\d+\.?\d*|\.\d+)"
_TWO_LIMITS = (
    rf"(?:(?:neither|both|either)\s+)?(?:the\s+)?(?P<a>{_LIMIT_NAME})\s*(?:,\s*and|,|and|&|nor|or|as well as|plus)"
    rf"\s*(?:the\s+)?(?P<b>{_LIMIT_NAME})"
    r"|(?:the\s+)?(?:flow|cell|mesh|velocity|ordinary|regular|normal|plain|bulk)\s*(?:and|&|/)\s*(?:the\s+)?"
    r"(?:interface|alpha|vof)\s+(?:Co|CFL|[Cc]ourant)(?:\s+(?:numbers?|limits?))?"
    r"|both\s+(?:the\s+)?(?:Co|CFL|[Cc]ourant)\s+(?:numbers|limits)(?:\s*\([^()]*\))?")
# the bound after them: "both 0.1", "capped at 0.1", "exceeds 0.5", "must stay below 0.4", "0.25 at most"
_BOUND_WORDS = (r"=|:|of|at|to|below|under|at most|capped at|limited to|kept at|kept below|held at|set to|"
                r"at or below|no more than|not above|within|up to|(?:do(?:es)?\s+not\s+|don't\s+|doesn't\s+|"
                r"never\s+|must\s+not\s+|should\s+not\s+|shall\s+not\s+)?(?:exceeds?|go(?:es)?\s+(?:above|over|"
                r"beyond)|rises?\s+above|pass(?:es)?)|(?:must\s+|should\s+)?(?:stay|stays|remain|remains|kept|keep|"
                r"be\s+kept|be\s+held)(?:\s+(?:below|under|within|at or below))?")
# words after the value that are no unit ("0.25 at most", "0.5 max", "0.3 or less")
_AFTER_BOUND = r"(?:at\s+most|max(?:imum)?|or\s+(?:less|lower|below|under)|tops|each|both|for\s+both)\b"
_SHARED_LIMIT = re.compile(
    rf"(?<![\w-])(?:{_TWO_LIMITS})"
    rf"(?:\s+(?:both|each|all))?(?:\s+(?:are|is|should be|must be|be))?"
    rf"(?:\s*(?:{_BOUND_WORDS})){{0,2}}\s*"
    rf"{_NUM_LIMIT}(?!\d|\.\d|\s*(?!{_AFTER_BOUND})[A-Za-z%°/])")
# the value first: "a limit of 0.5 on both maxCo and maxAlphaCo", "0.25 for Co and alphaCo"
_SHARED_LIMIT_BEFORE = re.compile(
    rf"(?<![\w.]){_NUM_LIMIT}\s+(?:for|on|applies to|to)\s+(?:both\s+|each\s+of\s+)?(?:{_TWO_LIMITS})")


def shared_limits(text: str, stated: list[StatedQuantity]) -> list[StatedQuantity]:
    """The Courant limits that share one value ("Co and alpha Co capped at 0.1": maxCo 0.1 and
    maxAlphaCo 0.1), those not stated already."""
    out: list[StatedQuantity] = []
    for m in [*_SHARED_LIMIT.finditer(text), *_SHARED_LIMIT_BEFORE.finditer(text)]:
        value = float(m.group("num"))
        if m.group("a") is not None:  # two names: one of them the interface's ("Co and Co" is one limit)
            alpha = [re.fullmatch(rf"{_ALPHA_CO_NAME}(?:\s+numbers?)?", n) is not None for n in (m.group("a"), m.group("b"))]
            if all(alpha) or not any(alpha):
                continue
        said = m.group(0)
        if not any(q.role in ("max_co", "control:maxCo") for q in stated + out):
            # a control beside its twin: a Courant quantity with the same number would be taken by
            # the named maxAlphaCo (bind_by_name._read_as_controls) and never reach maxCo
            out.append(StatedQuantity(text=said, quantity="control", value=value, role="control:maxCo"))
        if not any(q.role == "control:maxAlphaCo" for q in stated + out):
            out.append(StatedQuantity(text=said, quantity="control", value=value, role="control:maxAlphaCo"))
    return out


def stated_controls(text: str, controls: list[Control]) -> list[StatedQuantity]:
    """The solver controls of the normalised text (corrector counts, residual targets, relaxation
    factors, named entries), switches turned on or off ("no momentum predictor": value 0) and
    gravity turned off (a gravity of 0 m/s2)."""
    from tasks.core.config import get_settings

    out = [StatedQuantity(text=c.label, quantity="control", value=c.value, role=f"control:{c.key}")
           for c in controls]
    names = switch_names(str(get_settings().tutorials_dir))
    out += [StatedQuantity(text=words, quantity="switch", value=float(on), role=f"switch:{name}")
            for name, on, words, _ in stated_switches(text, names)]
    off = gravity_off(text)
    if off:
        out.append(StatedQuantity(text=off, quantity="gravity", value=0.0, unit=UNITS["gravity"], role="gravity"))
    return out


_SECONDS = {"second": 1.0, "year": 365.25 * 86400.0}


@lru_cache(maxsize=1)
def _time_units() -> dict[str, str]:
    return yaml.safe_load((CANONICAL_DIR / "time_units.yaml").read_text()) or {}


def in_case_time(seconds: float, solver: str) -> float:
    """A stated duration (in seconds) in the solver's own unit of time: years for financialFoam
    (canonical/time_units.yaml), seconds otherwise."""
    return float(f"{seconds / _SECONDS[_time_units().get(solver, 'second')]:.10g}")  # 5e-13 s (0.5 ps) stays 5e-13


ATMOSPHERE = 101325.0  # Pa, the standard atmosphere a gauge pressure is read against


def absolute_pressure(q: StatedQuantity, atmosphere: float = ATMOSPHERE) -> float:
    """A stated pressure in absolute Pa: a gauge one ("2 barg", "30 psig", "2 bar gauge") plus the
    atmosphere; any other as stated. For solvers whose p is absolute (compressible, buoyant)."""
    return q.value + atmosphere if q.reference == "gauge" else q.value


def gauge_pressure(q: StatedQuantity, atmosphere: float = ATMOSPHERE) -> float:
    """A stated pressure relative to the atmosphere: an absolute one ("1.2 bar abs", "psia") less
    the atmosphere; any other as stated. For incompressible solvers (p relative to the outlet)."""
    return q.value - atmosphere if q.reference == "absolute" else q.value


def written_as(q: StatedQuantity, raw: str) -> bool:
    """`raw` (a value as a by-name binder read it) is how the request wrote `q`: its text, or
    the number of a symbol-and-number quantity ("1200" of "rho 1200")."""
    if q.quantity == UNREAD:
        return False  # a value in a unit the reader does not know: the by-name binder reads it anew
    return q.text.strip() == raw.strip() or symbol_number(q.text) == raw.strip()


def mentions_value(text: str, value: float) -> bool:
    """`text` holds the number `value` (any spelling: 1e-05, 0.00001)."""
    for token in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", text):
        try:
            x = float(token)
        except ValueError:
            continue
        if abs(x - value) <= 1e-6 * max(abs(x), abs(value)) + 1e-12:
            return True
    return False
