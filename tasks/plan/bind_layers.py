"""Per-region (layered) properties: a property stated with where it holds ("DT 1000 m2/s for z <
0 and 1 m2/s above", "conductivity 5 W/m/K in the lower half, 1 W/m/K in the upper half") is bound
to the base's field that varies by region: a volScalarField of the case (0/DT) that its
setFieldsDict sets in a region and by default elsewhere. The part each condition names is matched
against the setFields regions as they lie in the mesh (tasks.plan.stated_conditions); a value whose
part is no region of the base, or a base with no such field, is not applied with the reason (never
written to one uniform entry, which would give the whole domain one layer's value).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

from tasks.foam import dictionary as fd
from tasks.foam.physics_numbers import parse_dimensions
from tasks.plan.extract import normalise
from tasks.plan.foam_values import fmt
from tasks.plan.regions import DEFAULT, SetFields, _region_entries, raw_entry, read_set_fields, set_default, set_region
from tasks.plan.select_dimensions import is_line_mesh, tutorial_bounds
from tasks.plan.stated import Binding, StatedQuantity
from tasks.plan.stated_conditions import Condition, conditions

_RELS = "system/setFieldsDict"
# the material properties a layer may have, with their SI dimensions [kg m s K mol A cd]
_PROPERTY_DIMS: dict[str, tuple[float, ...]] = {
    "kinematic_viscosity": (0, 2, -1, 0, 0, 0, 0),  # a diffusivity DT, a viscosity nu
    "thermal_conductivity": (1, 1, -3, -1, 0, 0, 0),
    "dynamic_viscosity": (1, -1, -1, 0, 0, 0, 0),
    "density": (1, -3, 0, 0, 0, 0, 0),
    "specific_heat": (0, 2, -2, -1, 0, 0, 0),
    "conductivity": (-1, -3, 3, 0, 0, 2, 0),
}
# fields a flow solves for, of a property's dimensions: never a layer's property (a vector hU is excluded by kind)
_STATE_FIELDS = frozenset({"nut", "nuTilda", "alphat", "mut", "k", "epsilon", "omega", "h", "h0"})
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
Interval = tuple[float, float]


class Placed(NamedTuple):
    """A property value and the condition its own words give it; `near`: in the value's own clause."""

    q: StatedQuantity
    condition: Condition
    near: bool = True


def _numbers(raw: str) -> list[float]:
    return [float(x) for x in re.findall(_NUMBER, raw)]


def region_intervals(body: str, selector: str) -> list[Interval] | None:
    """The (min, max) along x, y, z of a setFields region (a boxToCell box, a cylinderToCell along
    an axis, a sphereToCell), None for a selector or a layout this cannot place."""
    box = re.search(r"\bbox\s*\(([^)]*)\)\s*\(([^)]*)\)", body)
    if selector == "boxToCell" and box:
        lo, hi = _numbers(box[1]), _numbers(box[2])
        return [(min(a, b), max(a, b)) for a, b in zip(lo, hi)] if len(lo) == len(hi) == 3 else None
    radius = re.search(rf"\bradius\s+({_NUMBER})\s*;", body)
    if selector == "cylinderToCell" and radius:
        ends = [re.search(rf"\b{k}\s*\(([^)]*)\)", body) for k in ("p1", "p2")]
        if not all(ends):
            return None
        a, b = (_numbers(e[1]) for e in ends)  # type: ignore[index]
        along = [i for i in range(3) if a[i] != b[i]] if len(a) == len(b) == 3 else []
        if len(along) != 1:
            return None  # a slanted cylinder: no interval per axis
        r = float(radius[1])
        return [(min(a[i], b[i]), max(a[i], b[i])) if i == along[0] else (a[i] - r, a[i] + r) for i in range(3)]
    centre = re.search(r"\b(?:centre|center|origin)\s*\(([^)]*)\)", body)
    if selector == "sphereToCell" and centre and radius and len(_numbers(centre[1])) == 3:
        r = float(radius[1])
        return [(c - r, c + r) for c in _numbers(centre[1])]
    return None


def _clip(span: Interval, bound: Interval) -> Interval:
    return max(span[0], bound[0]), min(span[1], bound[1])


def _close(a: Interval, b: Interval, scale: float) -> bool:
    return abs(a[0] - b[0]) <= 1e-6 * scale and abs(a[1] - b[1]) <= 1e-6 * scale


def split_axis(spans: list[list[Interval] | None], bounds: list[Interval]) -> int | None:
    """The one axis along which the regions cut the domain (each covers the whole domain across
    it), None when they cut it along none or several."""
    axes = set()
    for span in spans:
        if span is None:
            return None
        cut = [i for i in range(3) if not _close(_clip(span[i], bounds[i]), bounds[i], bounds[i][1] - bounds[i][0] or 1)]
        if len(cut) != 1:
            return None
        axes.add(cut[0])
    return axes.pop() if len(axes) == 1 else None


def target_of(side: Interval, axis: int, spans: list[list[Interval] | None], bounds: list[Interval]) -> int | None:
    """The setFields target that is exactly the part `side` of the domain along `axis`: the region
    that covers it, DEFAULT when one region covers all the rest, None when neither."""
    scale = bounds[axis][1] - bounds[axis][0] or 1.0
    if split_axis(spans, bounds) != axis:
        return None
    parts = [_clip(s[axis], bounds[axis]) for s in spans]  # type: ignore[index]
    own = [i for i, p in enumerate(parts) if _close(p, side, scale)]
    if len(own) == 1:
        return own[0]
    rest = (bounds[axis][0], side[0]) if _close((side[1], side[1]), (bounds[axis][1],) * 2, scale) \
        else (side[1], bounds[axis][1])
    if len(parts) == 1 and _close(parts[0], rest, scale):
        return DEFAULT
    return None


def own_conditions(low: str, props: list[tuple[StatedQuantity, int]], found: list[Condition]) -> list[Placed]:
    """Each property value with the condition its own words give it, nearest first: in its own
    clause after it ("1000 m2/s for z < 0"), in its own clause before it ("the lower layer DT =
    5e-5 m2/s"), then after it up to the next value or the end of its sentence ("1000 m2/s, for
    z < 0"), then before it back to the previous value."""
    ordered = sorted(props, key=lambda p: p[1])
    out: list[Placed] = []
    for n, (q, at) in enumerate(ordered):
        end = at + len(q.text)
        stop = ordered[n + 1][1] if n + 1 < len(ordered) else len(low)
        stop = next((end + m.start() for m in re.finditer(r"[.;](?:\s|$)", low[end:stop])), stop)
        clause_end = next((end + m.start() for m in re.finditer(r",\s", low[end:stop])), stop)
        back = ordered[n - 1][1] + len(ordered[n - 1][0].text) if n else 0
        back = max([back, *(back + m.end() for m in re.finditer(r"[.;:]\s", low[back:at]))])
        clause_start = max([back, *(back + m.end() for m in re.finditer(r",\s", low[back:at]))])
        tiers = ([c for c in found if end <= c.start < clause_end],
                 [c for c in found if clause_start <= c.start and c.end <= at][::-1],
                 [c for c in found if end <= c.start < stop],
                 [c for c in found if back <= c.start and c.end <= at][::-1])
        tier = next((i for i, t in enumerate(tiers) if t), None)
        if tier is not None and not (tier > 1 and tiers[tier][0].rest):  # "..., the rest": too far to be its own
            out.append(Placed(q, tiers[tier][0], near=tier < 2))
    by_kind = {p.q.quantity for p in out if not p.condition.rest}
    return [p for p in out if p.q.quantity in by_kind]  # "above" alone names no part: a stated condition must


def _coordinate(c: Condition, low: str) -> bool:
    """The condition gives a coordinate ("z < 0") or names a layer: a value for part of the domain
    whatever the base; 'the lower half' may be a phase's place ('water in the lower half')."""
    words = low[c.start:c.end]
    return (c.threshold is not None and re.search(r"\d", words) is not None) or "layer" in words


def _side(c: Condition, axis: int, bounds: list[Interval]) -> Interval | None:
    """The part of the domain along `axis` a condition names (None when its cut lies outside)."""
    lo, hi = bounds[axis]
    cut = (lo + hi) / 2 if c.threshold is None else c.threshold
    if not lo < cut < hi:
        return None
    return (lo, cut) if c.sign < 0 else (cut, hi)


def layered_field(binder, kind: str, sf: SetFields) -> str | None:
    """The one field the setFieldsDict sets whose initial file has the dimensions of `kind`."""
    want = _PROPERTY_DIMS[kind]
    scalars = set(re.findall(r"\bvolScalarFieldValue\s+(\w+)", fd.strip_comments(binder.base.text(_RELS) or "")))
    names = sorted(({*sf.default, *(f for r in sf.regions for f in r.values)} & scalars) - _STATE_FIELDS)
    fits = []
    for name in names:
        rels = binder.base.field_rels(name)
        text = binder.base.text(rels[0]) or "" if rels else ""
        dims = parse_dimensions(fd.get(text, ["dimensions"]) or "")
        if re.search(r"\bclass\s+volScalarField\s*;", text) and dims is not None and \
                all(abs(a - b) < 1e-9 for a, b in zip(dims, want)):
            fits.append(name)
    return fits[0] if len(fits) == 1 else None


def binder_took(binder, q: StatedQuantity) -> bool:
    """The value was bound or refused here."""
    return any(b.stated == q.text for b in binder.bindings) or any(n.text == q.text for n in binder.not_applied)


def bind_layers(binder, stated: list[StatedQuantity]) -> list[StatedQuantity]:
    """Bind the property values the request gives per region (module docstring); returns the
    values taken (bound or not applied), which no other binder then writes."""
    low = normalise(binder.text).lower()
    props = [(q, at) for q in stated if q.quantity in _PROPERTY_DIMS and (at := binder.value_at(low, q)) >= 0]
    raw = binder.base.text(_RELS)
    sf = read_set_fields(raw) if raw else None
    found = conditions(low)
    placed = own_conditions(low, props, found) if found else []
    whole = [q for q, _ in props if not any(p.q.quantity == q.quantity for p in placed)]
    taken = _bind_whole(binder, whole, sf) if sf is not None else []
    if not placed:
        return taken
    bounds = tutorial_bounds(Path(binder.base.root))
    for kind in dict.fromkeys(p.q.quantity for p in placed):
        group = [p for p in placed if p.q.quantity == kind]
        field = layered_field(binder, kind, sf) if sf is not None else None
        if field is None or not bounds:
            if not any(_coordinate(p.condition, low) for p in group):
                continue  # 'water (rho 1000 kg/m3) in the lower half': a phase's, its own binders place it
            for p in group:
                binder.refuse(p.q, f"{p.q.text} holds in one part of the domain only "
                                   f"({low[p.condition.start:p.condition.end]}), but the base has no "
                                   f"{kind.replace('_', ' ')} field set by region (a 0/ field its setFieldsDict "
                                   "sets): pick a base with a layered field, or state one value for the whole domain")
            continue
        _bind_group(binder, group, field, sf, bounds, low)  # type: ignore[arg-type]
    return taken + [p.q for p in placed if binder_took(binder, p.q)]


def _bind_whole(binder, whole: list[StatedQuantity], sf: SetFields) -> list[StatedQuantity]:
    """One value, no condition, of a property the base sets by region ("weightedFluxExample with DT
    3 m2/s"): every part of the domain gets it (the defaults and each region setting the field),
    not a uniform entry the case does not read (its transportProperties DT)."""
    taken: list[StatedQuantity] = []
    for kind in dict.fromkeys(q.quantity for q in whole):
        same = [q for q in whole if q.quantity == kind]
        field = layered_field(binder, kind, sf)
        if field is None or len(same) != 1:
            continue
        q, value = same[0], fmt(same[0].value)
        regions = [i for i, r in enumerate(sf.regions) if field in r.values]
        new = binder.current(_RELS, "regions")
        for i in regions:
            new = set_region(new, i, field, value)
        if regions:
            binder.set(_RELS, ["regions"], new, f"{field} = {value} in every setFields region")
        binder.set(_RELS, ["defaultFieldValues"], set_default(binder.current(_RELS, "defaultFieldValues"), field, value),
                   f"{field} = {value} in the rest of the domain")
        for key in ["defaultFieldValues", *(["regions"] if regions else [])]:
            binder.bindings.append(Binding(stated=q.text, file=_RELS, entry=[key],
                                           value=f"volScalarFieldValue {field} {value}", how=f"uniform {field}"))
        binder.assumptions.append(f"{q.text} is {field} everywhere: the base sets {field} by region (setFields), "
                                  "so every region and the rest of the domain get it")
        taken.append(q)
    return taken


def _bind_group(binder, group: list[Placed], field: str, sf: SetFields, bounds: list[Interval], low: str) -> None:
    """Write each value of one property to the setFields target its condition names."""
    raw = raw_entry(binder.base.text(_RELS) or "", "regions")
    clean = fd.strip_comments(raw)
    spans = [region_intervals(clean[e.body_start:e.body_end], e.name) for e in _region_entries(raw)]
    setting = [s for s, r in zip(spans, sf.regions) if field in r.values]
    axis_cut = split_axis(setting, bounds)
    line = is_line_mesh(Path(binder.base.root))  # 'the left half' of a rod is a half along it
    done: dict[int, str] = {}
    for p in group:
        words = low[p.condition.start:p.condition.end]
        c: Condition | None = p.condition
        if p.condition.rest:  # "above", "elsewhere": the other side of the group's stated condition
            ref = next((o.condition for o in group if o is not p and not o.condition.rest), None)
            c = ref._replace(sign=-ref.sign) if ref is not None else None
        halves = c is not None and c.threshold is None and (line or c.axis is None)  # a rod's left half: along it
        axis = axis_cut if halves else (c.axis if c is not None else None)
        side = _side(c, axis, bounds) if c is not None and axis is not None else None
        target = None
        if side is not None:
            index = target_of(side, axis, setting, bounds)  # type: ignore[arg-type]
            target = DEFAULT if index == DEFAULT else (
                [i for i, r in enumerate(sf.regions) if field in r.values][index] if index is not None else None)
        if target is None:
            cut = f"along {'xyz'[axis_cut]}" if axis_cut is not None else "in no one direction"
            binder.refuse(p.q, f"{p.q.text} is for {words}, which is not a part of the domain that the base's "
                               f"setFieldsDict sets {field} in (its regions cut the domain {cut}): state the "
                               "value for the base's own layers, or give a case of yours with --example DIR")
            continue
        if target in done:
            binder.refuse(p.q, f"{done[target]} already sets {field} in that part ({words}); say which part "
                               f"{p.q.text} is for")
            continue
        done[target] = p.q.text
        value = fmt(p.q.value)
        key = "defaultFieldValues" if target == DEFAULT else "regions"
        where = "the rest of the domain (defaultFieldValues)" if target == DEFAULT else \
            f"setFields region {target + 1} ({sf.regions[target].selector})"
        current = binder.current(_RELS, key)
        new = set_default(current, field, value) if target == DEFAULT else set_region(current, target, field, value)
        binder.set(_RELS, [key], new, f"{field} = {value} in {where} ({words})")
        binder.bindings.append(Binding(stated=p.q.text, file=_RELS, entry=[key],
                                       value=f"volScalarFieldValue {field} {value}",
                                       how=f"layered {field} in {where}"))
        binder.assumptions.append(f"{p.q.text} is {field} where {words}: {where}, which setFields writes "
                                  f"over 0/{field}")
