"""Temperature changes of `modify`: a stated temperature on the patch its words name, by name,
place or value replaced, or by a hot or cold word ("the hot wall" is the fixed-temperature wall
with the highest value in 0/T, whatever the patch is called: hotWall, leftWall, wall1), as a new
value ("the hot wall to 40 degC") or a change of the present one ("50 K warmer", "cool the
floor by 5 degC": a difference, 5 K, never 278.15 K)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from tasks.edit.patch_words import (
    after_sign,
    extreme_patch,
    hot_or_cold,
    increment_sign,
    kind_in_other_number,
    patch_mentions,
    segment_before,
    temperature_difference,
)
from tasks.edit.modify_values import uniform_scalar
from tasks.edit.modify_words import present_sign, stated_sign
from tasks.foam import dictionary as fd
from tasks.foam.physics import fmt
from tasks.plan.extract import Quantity
from tasks.plan.manifest import FileEdit

if TYPE_CHECKING:
    from tasks.edit.modify_models import CaseState

_UNIFORM = re.compile(r"uniform\s+([-+]?\d*\.?\d+(?:[eE][-+]?\d+)?)")
_KIND_ROLES = ((re.compile(r"\b(?:walls?|sides?|lid|floor|ceiling|roof|plate|surface)\b"), ("wall", "movingWall")),
               (re.compile(r"\binlets?\b"), ("inlet",)),
               (re.compile(r"\boutlets?\b"), ("outlet",)))


def fixed_temperatures(t_text: str) -> tuple[list[str], dict[str, float]]:
    """(patches with a fixedValue temperature, patch -> its uniform value in K) of a 0/T text;
    a value written as a macro of the same file ($internalField, uniform $Twall) is followed."""
    fixed = [p for p in fd.keys(t_text, ["boundaryField"]) if fd.get(t_text, ["boundaryField", p, "type"]) == "fixedValue"]
    values = {p: v for p in fixed if (v := uniform_scalar(t_text, ["boundaryField", p, "value"])) is not None}
    return fixed, values


def temperature_patch(state: CaseState, segment: str, fixed: list[str], values: Mapping[str, float],
                      replaced_from: float | None = None) -> str | None:
    """The fixed-temperature patch the words before a value name. A hot or cold word with no
    patch named by its name, alias or place ("the hot wall", "the cold side") means the hottest
    or coldest fixed-temperature patch of the kind the words say (wall, inlet; any kind when
    that tells none apart). Else the patch the words name, else the one holding the value it
    replaces ("350 K instead of 300 K")."""
    word = hot_or_cold(segment)
    if word is not None and not patch_mentions(segment, state.patches, state.centres, state.up):
        # "the hot wall" names no patch: the hottest fixed-temperature patch of that kind, even
        # when one patch's name is the kind word ("wall" of iglooWithFridges is the cold one)
        if re.search(r"\bheater|heat source", segment.lower()):
            return None  # a heater that is no patch of its own: a setFields region or a source, for the binder
        kinds = next((roles for pattern, roles in _KIND_ROLES if pattern.search(segment.lower())), None)
        among = [p for p in values if state.roles.get(p) in kinds] if kinds is not None else list(values)
        if len(among) == 1:
            return among[0]  # "the cooling water inlet": the one inlet with a fixed temperature
        found = extreme_patch(word, values, among) if among else extreme_patch(word, values)
        if found is not None:
            return found
    target = state.patch_named(segment, fixed)
    if target is None and state.patch_named(segment) is None:  # "the wall temperature" of the one patch walls
        target = kind_in_other_number(segment, fixed)
    if target is None and replaced_from is not None:
        target = next((p for p, v in values.items() if abs(v - replaced_from) < 1e-6), None)
    return target


def temperature_edits(state: CaseState, t_text: str, text: str, temps: list[Quantity]) -> tuple[list[FileEdit], list[str]]:
    """(edits of 0/T, warnings) for each stated temperature: a new value on the patch its words
    name, or a change of that patch's present value ("by 10 K", "50 K warmer"). A temperature
    whose patch the words do not tell is left for the binder (a heater region, an entry)."""
    fixed, values = fixed_temperatures(t_text)
    edits: list[FileEdit] = []
    warnings: list[str] = []
    previous_end = None
    low = text.lower()
    for q in temps:
        segment = segment_before(low, q.start, previous_end)
        previous_end = q.start + len(q.text)
        target = temperature_patch(state, segment, fixed, values, q.replaced_from)
        sign = increment_sign(segment) or after_sign(q.after) or present_sign(q.after) or stated_sign(q.text, "temperature")
        if target is None and sign is not None and (edit := _initial_change(t_text, segment, q, sign)) is not None:
            edits.append(edit)  # "T0 +10 K", "the gas starting 18 degF warmer": the initial field's value
            continue
        if target is None:
            continue
        new, note = q.value, ""
        if sign is not None:  # "raise the floor temperature by 10 K", "make the walls 50 K warmer"
            if target not in values:
                warnings.append(f"not applied: {target} temperature {q.text} more or less ({target} has no uniform value)")
                continue
            change = temperature_difference(q.text)
            new = round(values[target] + sign * abs(q.value if change is None else change), 10)
            said = q.text.strip().lstrip("+-−")
            note = f" ({'+' if sign > 0 else '-'}{said})"  # read by stated_changes: a change, not the new value
        edits.append(FileEdit(file="0/T", entry=["boundaryField", target, "value"], value=f"uniform {_num(new)}",
                              reason=f"{target} temperature {_num(new)} K{note}", locked=True))
        values = {**values, target: new}
    return edits, warnings


# words naming the initial temperature field, not a patch: "T0", "initial", "internal", "the gas starting"
_INITIAL = re.compile(r"\b(?:t0|t_0|t_?init\w*|initial\w*|internal\w*|start\w*|ambient|bulk|gas|fluid|air|water|"
                      r"domain|field|everywhere|interior)\b")


def _initial_change(t_text: str, segment: str, q: Quantity, sign: int) -> FileEdit | None:
    """A change of the initial temperature by a difference ("T0 +10 K", "raise the initial gas
    temperature by ten kelvin", "the gas starting 18 degF warmer"): 0/T's uniform internalField
    plus the difference; None when the words name no initial state or the field is not uniform."""
    clause = re.split(r"[.;,:]|\band\b|\bwith\b", segment)[-1] if re.search(r"[.;,]|\band\b|\bwith\b", segment) else segment
    if not _INITIAL.search(clause or segment):
        return None
    m = _UNIFORM.fullmatch((fd.get(t_text, ["internalField"]) or "").strip())
    if m is None:
        return None
    change = temperature_difference(q.text)
    new = round(float(m.group(1)) + sign * abs(q.value if change is None else change), 10)
    said = q.text.strip().lstrip("+-−")
    return FileEdit(file="0/T", entry=["internalField"], value=f"uniform {_num(new)}",
                    reason=f"initial temperature {_num(new)} K ({'+' if sign > 0 else '-'}{said})", locked=True)


def _num(x: float) -> str:
    return fmt(x) if float(x).is_integer() else f"{float(x):.10g}"


_DEGREES = re.compile(r"\s*[-+]?\d*\.?\d+(?:[eE][-+]?\d+)?\s*(?:°|deg(?:ree)?s?)\s*$", re.IGNORECASE)
_THERMAL_WORDS = re.compile(r"\b(?:temperatures?|hot\w*|warm\w*|heat\w*|cold\w*|cool\w*|chill\w*)\b")


def degree_changes(qs: list[Quantity]) -> list[Quantity]:
    """Plain "degrees" that are temperature differences, not angles: "5 degrees cooler", "raise
    the hot wall temperature by 3 degrees" (a change of a temperature, never a contact angle or
    an angle of attack); each as a temperature of that many kelvin."""
    out = []
    for q in qs:
        if q.kind != "angle" or not _DEGREES.fullmatch(q.text):
            continue
        clause = re.split(r"[.;,]|\band\b", q.before.lower())[-1]
        relative = (after_sign(q.after) or present_sign(q.after)) is not None and re.match(r"\s*(?:warmer|hotter|colder|cooler)\b", q.after.lower())
        by = increment_sign(q.before) is not None and _THERMAL_WORDS.search(clause)
        if relative or by:
            out.append(q.model_copy(update={"kind": "temperature"}))
    return out
