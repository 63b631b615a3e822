"""Initial states by region, for cases that setFields initialises.

setFields first gives every cell the `defaultFieldValues`, then each entry of `regions`
(boxToCell, sphereToCell, ...) overrides the fields in its `fieldValues` inside its shape;
the internalField of 0/<field> only matters for fields setFields does not touch. So "the
left half at 2 bar", "the driver gas at 400 K", "the bubble at 20 bar" or "the rest of the
domain at 1 bar" are values of the setFieldsDict: a region's fieldValues, or the defaults.

Pure functions over text: which part of the domain a value's words name (a side, a level,
the region itself or the rest), and the setFieldsDict values with one field changed.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict

from tasks.foam import dictionary as fd

_FIELD_VALUE = re.compile(
    r"\b(?P<kind>vol(?:Scalar|Vector|SymmTensor|Tensor)FieldValue)\s+(?P<field>[\w.:]+)\s+"
    r"(?P<value>\([^()]*\)|[^\s()]+)")
_NUMBERS = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
DEFAULT = -1  # the target index of defaultFieldValues

# side words -> (axis, +1 for the high end, -1 for the low end)
_SIDE_WORDS: list[tuple[str, int, int]] = [
    ("left", 0, -1), ("right", 0, 1), ("upstream", 0, -1), ("downstream", 0, 1),
    ("bottom", 1, -1), ("lower", 1, -1), ("top", 1, 1), ("upper", 1, 1),
    ("front", 2, 1), ("back", 2, -1), ("rear", 2, -1),
]
# level words: (words, field compared, +1 highest / -1 lowest)
_LEVEL_WORDS: list[tuple[tuple[str, ...], str, int]] = [
    (("high-pressure", "high pressure", "high side", "high-side", "driver", "pressurised", "pressurized",
      "compressed"), "p", 1),
    (("low-pressure", "low pressure", "low side", "low-side", "driven", "expansion chamber"), "p", -1),
    (("hot", "heated", "warm"), "T", 1),
    (("cold", "cool", "chilled"), "T", -1),
]
# words that name the region a setFieldsDict sets (vs the rest of the domain)
_REGION_WORDS: dict[str, tuple[str, ...]] = {
    "sphereToCell": ("bubble", "sphere", "ball", "drop", "droplet", "charge", "blob", "pocket", "kernel"),
    "cylinderToCell": ("cylinder", "column", "jet", "kernel"),
    "boxToCell": ("column", "block", "box", "slab", "pool", "layer", "blob", "pocket", "kernel"),
    "": ("inside the region", "in the region", "patch of", "zone"),
}
INITIAL_WORDS = r"\binitial(?:ly)?\b|\bstart(?:s|ing)?\b|\bat start\b|\bat t\s*=\s*0\b"
_REST_WORDS = ("rest of", "elsewhere", "surrounding", "ambient", "outside", "background", "everywhere else",
               "remaining", "remainder", "around it", "the others")


class Region(BaseModel):
    """One entry of `regions`: its selector, where it is and the values it sets."""

    model_config = ConfigDict(extra="forbid")

    selector: str
    values: dict[str, str]
    centre: list[float] | None = None


class SetFields(BaseModel):
    model_config = ConfigDict(extra="forbid")

    default: dict[str, str]
    regions: list[Region]

    def holds(self, field: str) -> bool:
        return field in self.default or any(field in r.values for r in self.regions)

    def value(self, target: int, field: str) -> float | None:
        """The number a target (DEFAULT or a region index) gives a scalar field; a region that
        does not set it has the default's."""
        raw = self.default.get(field) if target == DEFAULT else self.regions[target].values.get(field,
                                                                                               self.default.get(field))
        m = _NUMBERS.fullmatch(raw.strip()) if raw else None
        return float(m.group()) if m else None


def _values(raw: str) -> dict[str, str]:
    return {m.group("field"): " ".join(m.group("value").split()) for m in _FIELD_VALUE.finditer(fd.strip_comments(raw))}


def _region_entries(raw: str) -> list[fd.Entry]:
    """The selector entries (`boxToCell { ... }`) of the raw `regions` list."""
    text = fd.strip_comments(raw)
    open_at = text.find("(")
    close_at = text.rfind(")")
    if open_at < 0 or close_at <= open_at:
        return []
    return [e for e in fd.entries(text, open_at + 1, close_at) if e.kind == "dict"]


def _centre(body: str) -> list[float] | None:
    box = re.search(r"\bbox\s*\(([^)]*)\)\s*\(([^)]*)\)", body)
    if box:
        lo, hi = ([float(x) for x in _NUMBERS.findall(g)] for g in box.groups())
        if len(lo) == len(hi) == 3:
            return [(a + b) / 2 for a, b in zip(lo, hi)]
    for key in ("origin", "centre", "center"):
        m = re.search(rf"\b{key}\s*\(([^)]*)\)", body)
        if m and len(_NUMBERS.findall(m.group(1))) == 3:
            return [float(x) for x in _NUMBERS.findall(m.group(1))]
    cyl = re.search(r"\bp1\s*\(([^)]*)\)\s*;\s*p2\s*\(([^)]*)\)", body)
    if cyl:
        a, b = ([float(x) for x in _NUMBERS.findall(g)] for g in cyl.groups())
        if len(a) == len(b) == 3:
            return [(x + y) / 2 for x, y in zip(a, b)]
    return None


def read_set_fields(text: str) -> SetFields:
    """The default values and the regions of a setFieldsDict."""
    default_raw = fd.get(text, ["defaultFieldValues"]) or ""
    regions_raw = raw_entry(text, "regions")
    regions = []
    clean = fd.strip_comments(regions_raw)
    for e in _region_entries(regions_raw):
        body = clean[e.body_start:e.body_end]
        values = _values(fd.get(body, ["fieldValues"]) or "")
        regions.append(Region(selector=e.name, values=values, centre=_centre(body)))
    return SetFields(default=_values(default_raw), regions=regions)


def raw_entry(text: str, key: str) -> str:
    """A top-level entry's value as written (comments and layout kept), or ''."""
    found = fd.find(text, [key])
    if found is None or found.kind != "value":
        return ""
    return text[found.value_start:found.value_end].strip()


def _replace_or_add(raw: str, kind: str, field: str, value: str) -> str:
    """`raw` (a `( ... )` list of field values) with `field` set to `value`, added if absent."""
    clean = fd.strip_comments(raw)
    for m in _FIELD_VALUE.finditer(clean):
        if m.group("field") == field:
            return raw[:m.start("value")] + value + raw[m.end("value"):]
    close = clean.rfind(")")
    if close < 0:
        return f"( {kind} {field} {value} )"
    if "\n" in raw[:close]:
        indent = re.search(r"([ \t]*)\S[^\n]*\n[ \t]*$", raw[:close])
        pad = indent.group(1) if indent else "    "
        head = raw[:close].rstrip()
        return head + f"\n{pad}{kind} {field} {value}" + raw[len(head):]
    return raw[:close].rstrip() + f" {kind} {field} {value} " + raw[close:]


def set_default(default_raw: str, field: str, value: str, kind: str = "volScalarFieldValue") -> str:
    """defaultFieldValues with `field` set to `value`."""
    return _replace_or_add(default_raw, kind, field, value)


def set_region(regions_raw: str, index: int, field: str, value: str, kind: str = "volScalarFieldValue") -> str:
    """The `regions` list with `field` set to `value` in the fieldValues of region `index`."""
    entries = _region_entries(regions_raw)
    if not 0 <= index < len(entries):
        raise IndexError(f"setFieldsDict has {len(entries)} regions; no region {index}")
    e = entries[index]
    body = regions_raw[e.body_start:e.body_end]
    found = fd.find(body, ["fieldValues"])
    if found is None or found.kind != "value":
        new_body = body.rstrip() + f"\n        fieldValues ( {kind} {field} {value} );\n    "
    else:
        old = body[found.value_start:found.value_end]
        new_body = body[:found.value_start] + _replace_or_add(old, kind, field, value) + body[found.value_end:]
    return regions_raw[:e.body_start] + new_body + regions_raw[e.body_end:]


def _side_cue(words: str) -> tuple[int, int, float | None] | None:
    """(axis, sign, threshold) named by the words: 'left' -> (0, -1, None), 'x < 0' -> (0, -1, 0)."""
    m = re.search(r"\b([xyz])\s*(<=?|>=?|≤|≥)\s*([-+]?\d+\.?\d*(?:[eE][-+]?\d+)?)", words)
    if m:
        return "xyz".index(m.group(1)), -1 if m.group(2) in ("<", "<=", "≤") else 1, float(m.group(3))
    hits = [(words.rfind(w), axis, sign) for w, axis, sign in _SIDE_WORDS if re.search(rf"\b{w}\b", words)]
    if hits:
        _, axis, sign = max(hits)
        return axis, sign, None
    return None


def target_for(words: str, field: str, sf: SetFields, bounds: list[tuple[float, float]] | None) -> int | None:
    """The part of the domain the words name, for a value of `field`: DEFAULT, a region index,
    or None when the words name none of them (or could name either).

    `words` are the quantity's own words (lower case, nearest last); `bounds` the domain's
    (min, max) per axis."""
    if not sf.regions:
        return None
    side = _side_cue(words)
    if side is not None:
        axis, sign, threshold = side
        if threshold is None and bounds is not None:
            threshold = (bounds[axis][0] + bounds[axis][1]) / 2
        if threshold is None:
            return None
        # only the regions that set this field decide its value on a side
        setting = [r for r in sf.regions if field in r.values] or list(sf.regions)
        if any(r.centre is None for r in setting):
            return None
        placed = [(sf.regions.index(r), r.centre[axis] - threshold) for r in setting]  # type: ignore[index]
        on_side = [i for i, d in placed if d * sign > 0]
        off_side = [i for i, d in placed if d * sign < 0]
        if len(on_side) == 1:
            return on_side[0]
        if not on_side and off_side:
            return DEFAULT  # every region is on the other side: this side keeps the defaults
        return None
    for level_words, ref, sign in _LEVEL_WORDS:
        if any(re.search(rf"\b{re.escape(w)}\b", words) for w in level_words):
            setting = [DEFAULT] * (ref in sf.default) + [i for i, r in enumerate(sf.regions) if ref in r.values]
            options = [(v, t) for t in setting if (v := sf.value(t, ref)) is not None]
            values = sorted({v for v, _ in options})
            if len(values) < 2:
                return None
            pick = values[-1] if sign > 0 else values[0]
            chosen = [t for v, t in options if v == pick]
            return chosen[0] if len(chosen) == 1 else None
    if any(w in words for w in _REST_WORDS):
        return DEFAULT
    for selector, names in _REGION_WORDS.items():
        if any(re.search(rf"\b{re.escape(n)}\b", words) for n in names):
            setting = [i for i, r in enumerate(sf.regions) if field in r.values and (not selector or r.selector ==
                                                                                      selector)]
            if len(setting) == 1:
                return setting[0]
    return None


def said_initial(words: str, value: str) -> bool:
    """The words before a value say it is the initial state ("the air initially at 290 K",
    "starting from 20 degC"), not a part of the domain or a boundary."""
    return bool(re.search(INITIAL_WORDS, words.split(value.lower())[0]))


def region_key(regions_raw: str, index: int, key: str) -> str | None:
    """The value of `key` (radius, origin, box) in the selector of region `index`, or None."""
    entries = _region_entries(regions_raw)
    if not 0 <= index < len(entries):
        return None
    e = entries[index]
    clean = fd.strip_comments(regions_raw)
    m = re.search(rf"\b{key}\b\s*([^;]*);", clean[e.body_start:e.body_end])
    return " ".join(m.group(1).split()) if m else None


def set_region_key(regions_raw: str, index: int, key: str, value: str) -> str:
    """The `regions` list with `key` (radius, origin, centre, box) of region `index` set to
    `value`; the selector must have the key already."""
    entries = _region_entries(regions_raw)
    if not 0 <= index < len(entries):
        raise IndexError(f"setFieldsDict has {len(entries)} regions; no region {index}")
    e = entries[index]
    body = regions_raw[e.body_start:e.body_end]
    m = re.search(rf"(\b{key}\b\s*)([^;]*)(;)", fd.strip_comments(body))  # offsets kept: a commented key is no key
    if m is None:
        raise KeyError(f"region {index} ({e.name}) of the setFieldsDict has no {key}")
    new_body = body[:m.start(2)] + value + body[m.end(2):]
    return regions_raw[:e.body_start] + new_body + regions_raw[e.body_end:]
