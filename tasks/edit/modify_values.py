"""Where a boundary value of a case lives and how a stated value is written: a patch's fixed
value followed through macros and #include files to the entry that holds it (ValueSite), the
pristine copy a run starts from (0.orig/X, 0/X.orig), and a vector's direction or magnitude
there."""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from tasks.edit.caseops import initial_field
from tasks.foam import dictionary as fd
from tasks.foam.physics import unrounded as _unrounded


NUMBER = r"[-+]?\d*\.?\d+(?:[eE][-+]?\d+)?"


def patch_direction(case: Path, field: str, patch: str) -> list[float]:
    value = fd.get(initial_field(case, field).read_text(), ["boundaryField", patch, "value"]) or ""  # type: ignore[union-attr]
    nums = [float(x) for x in re.findall(NUMBER, value)]
    if len(nums) == 3 and any(nums):
        norm = sum(x * x for x in nums) ** 0.5
        return [x / norm for x in nums]
    return [1.0, 0.0, 0.0]


def pristine_file(case: Path, rel: str) -> str:
    """The copy of a 0/ file the run starts from (0.orig/X or 0/X.orig when the case keeps one)."""
    if rel.startswith("0/"):
        found = initial_field(case, rel.removeprefix("0/"))
        if found is not None:
            return str(found.relative_to(case))
    return rel


def site_magnitude(case: Path, site: ValueSite) -> float:
    value = fd.get((case / pristine_file(case, site.file)).read_text(), site.entry) or ""
    nums = [float(x) for x in re.findall(NUMBER, value)]
    return sum(x * x for x in nums) ** 0.5 if len(nums) == 3 else 0.0


def unrounded(x: float) -> str:
    """A value the user stated, written without rounding it (313.15, not 313.1)."""
    return _unrounded(x)


class ValueSite(BaseModel):
    """Where a patch's fixed value is written: a boundaryField entry, or the macro it refers to
    ($internalField, $flowVelocity of an included file)."""

    model_config = ConfigDict(extra="forbid")

    file: str  # relative to the case: 0/U, 0.orig/include/initialConditions
    entry: list[str]
    uniform: bool  # the value is written "uniform (x y z)", else a bare "(x y z)" (a macro used as "uniform $X")
    note: str = ""
    also: list[list[str]] = []  # entries of the same file that carry the same value (turbulentInlet's value)


# the entry that holds a condition's fixed value, by condition type; None: no fixed value to set
_VALUE_KEYS: dict[str, str | None] = {
    "freestreamVelocity": "freestreamValue", "freestream": "freestreamValue", "uniformFixedValue": "uniformValue",
    "fixedMean": "meanValue", "inletOutlet": "inletValue", "flowRateInletVelocity": None,
    "pressureInletOutletVelocity": None, "zeroGradient": None, "noSlip": None, "slip": None,
    "totalPressure": None, "fixedFluxPressure": None, "timeVaryingMappedFixedValue": None, "turbulentInlet": "referenceField",
}
# a second entry that holds the same value: turbulentInlet fluctuates about referenceField, its
# value is the field's start (both move with a new inlet speed)
_ALSO_KEYS: dict[str, str] = {"turbulentInlet": "value"}


_MACRO = re.compile(r"(uniform\s+)?\$([\w.:]+)")


def value_site(case: Path, field: str, patch: str) -> ValueSite | str:
    """Where `patch`'s fixed value of `field` is set: its own `value` (freestreamValue,
    uniformValue... by condition type), followed through a macro ($internalField, a variable of
    an #include file, as motorBike's `inlet { value $internalField; }` from include/fixedInlet with
    `internalField uniform $flowVelocity;`). A string says why there is none (flowRateInletVelocity,
    a patch no file names)."""
    path = initial_field(case, field)
    if path is None:
        return f"the case has no {field} field"
    rel = str(path.relative_to(case))
    own = f"0/{field}"  # the field's own file: an edit goes to every copy of it (0/U, 0.orig/U)
    text = path.read_text()
    bc_file, bc_text = own, text
    if fd.get(text, ["boundaryField", patch]) is None:
        found = _included_with(case, path, ["boundaryField"], patch)
        if found is None:
            return f"{rel} has no entry for the patch {patch} (a regular expression or group covers it)"
        bc_file, bc_text = found
        prefix: list[str] = []
    else:
        prefix = ["boundaryField"]
    bc_type = (fd.get(bc_text, [*prefix, patch, "type"]) or "fixedValue").strip()
    key = _VALUE_KEYS.get(bc_type, "value")
    if key is None:
        return f"{patch} has a {bc_type} condition in {bc_file}: it sets no fixed {field} value to change"
    current = (fd.get(bc_text, [*prefix, patch, key]) or "").strip()
    also = [[*prefix, patch, k] for k in (_ALSO_KEYS.get(bc_type),) if k and fd.get(bc_text, [*prefix, patch, k]) is not None]
    site = ValueSite(file=bc_file, entry=[*prefix, patch, key], uniform=True, also=also)
    seen = 0
    while (m := _MACRO.fullmatch(current)) and seen < 4:  # $internalField -> uniform $flowVelocity -> (20 0 0)
        seen += 1
        name, uniform = m.group(2), m.group(1) is None
        if fd.get(text, [name]) is not None:
            site = ValueSite(file=own, entry=[name], uniform=uniform and site.uniform)
            current = fd.get(text, [name]).strip()  # type: ignore[union-attr]
        elif (found := _included_with(case, path, [], name)) is not None:
            site = ValueSite(file=found[0], entry=[name], uniform=uniform and site.uniform)
            current = (fd.get(found[1], [name]) or "").strip()
        else:
            return f"{patch}'s {key} is ${name}, defined in no file the case includes"
        site.note = (f"{patch} takes its value from ${name}: changed in {site.file}, so every entry that uses "
                     f"${name} follows (the initial field too)")
    return site


def _included_with(case: Path, path: Path, where: list[str], key: str) -> tuple[str, str] | None:
    """(relative path, text) of a file that `path` #includes inside `where` (top level: []) and
    that defines `key` at its top level."""
    text = path.read_text()
    span = fd.find(text, where) if where else None
    scope = text[span.body_start:span.body_end] if span and span.body_start >= 0 else text
    for name in re.findall(r'#include(?:Etc)?\s+"([^"]+)"', scope):
        inc = (path.parent / name)
        if inc.is_file() and fd.get(inc.read_text(), [key]) is not None:
            return str(inc.relative_to(case)), inc.read_text()
    return None


def literal_value(text: str, patch: str) -> bool:
    """True when the patch has its own entry with a value that is no macro."""
    value = (fd.get(text, ["boundaryField", patch, "value"]) or "").strip()
    return bool(value) and _MACRO.fullmatch(value) is None


def site_direction(case: Path, site: ValueSite) -> list[float] | None:
    """The unit direction of the vector at a value site, None when it is zero or no vector."""
    value = fd.get((case / pristine_file(case, site.file)).read_text(), site.entry) or ""
    nums = [float(x) for x in re.findall(NUMBER, value)]
    if len(nums) == 3 and any(nums):
        norm = sum(x * x for x in nums) ** 0.5
        return [x / norm for x in nums]
    return None


_UNIFORM_SCALAR = re.compile(rf"(?:uniform\s+)?({NUMBER})")


def uniform_scalar(text: str, entry: list[str]) -> float | None:
    """The number a scalar entry holds ("uniform 1e5", "0"), following a macro of the same file
    ("$internalField" -> "uniform 293"); None when it holds no single uniform number."""
    value = (fd.get(text, entry) or "").strip()
    for _ in range(4):
        macro = _MACRO.fullmatch(value)
        if macro is None:
            break
        value = (fd.get(text, [macro.group(2)]) or "").strip()
    m = _UNIFORM_SCALAR.fullmatch(value)
    return float(m.group(1)) if m else None


_TABLE_ROW = re.compile(rf"\(\s*({NUMBER})\s+({NUMBER})\s*\)")


def scaled_function1(text: str, factor: float) -> str | None:
    """A scalar Function1 entry with its values times `factor`, its times kept: "constant 5" ->
    "constant 10", "table ((0 10) (1 40))" -> "table ((0 20) (1 80))"; None for any other form
    (a coded or file-read function has no number here to scale)."""
    body = " ".join(text.split())
    if m := re.fullmatch(rf"constant\s+({NUMBER})", body):
        return f"constant {_unrounded(round(float(m.group(1)) * factor, 10))}"
    inner = re.fullmatch(r"table\s*\((.*)\)", body)
    if inner is None or _TABLE_ROW.sub("", inner.group(1)).strip():
        return None
    rows = " ".join(f"({t} {_unrounded(round(float(v) * factor, 10))})" for t, v in _TABLE_ROW.findall(inner.group(1)))
    return f"table ({rows})"


def followed_macro(text: str, entry: list[str]) -> str:
    """An entry's text, with the value of the same-file macro it names after it: "$internalField
    (= uniform 1000)", "uniform $Uinlet (= (250 0 0))"; the text alone when it names none."""
    value = " ".join((fd.get(text, entry) or "").split())
    seen, current = 0, value
    while (m := _MACRO.fullmatch(current)) and seen < 4 and fd.get(text, [m.group(2)]) is not None:
        seen += 1
        current = " ".join((fd.get(text, [m.group(2)]) or "").split())
    return value if current == value else f"{value} (= {current})"
