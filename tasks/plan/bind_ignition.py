"""The ignition site of a premixed-combustion base (XiFoam, XiDyMFoam, XiEngineFoam, PDRFoam):
the values tasks.plan.stated_ignition gave an `ignition_*` role written to constant/
combustionProperties `ignitionSites ( { location (x y z); diameter D; start t0; duration dt;
strength S; } )`, the site addressed as the list's item `[n]` (tasks.foam.dictionary).

- the location: a triple, or coordinates given per axis (the others kept from the base's site); a
  height "above the ground" along the base's gravity; refused outside the mesh's bounds when its
  blockMeshDict / PDRblockMeshDict gives them;
- the diameter (twice a stated radius), the start, the duration, the strength;
- an engine base (XiEngineFoam: constant/engineGeometry) counts start and duration in crank-angle
  degrees: a duration in seconds is turned into degrees at its rpm, a start in seconds is refused
  (it is a crank angle, not a time from the run's start); degrees are written as they are;
- a base with several sites: refused unless the request says "all sites" (or which: "the second
  site"); a base with none: refused.

Pure: reads the base, records edits through the binder (`set`, bindings), returns the quantities taken.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.foam.block_vars import points, scale_of
from tasks.plan.foam_values import fmt, vec
from tasks.plan.stated import Binding, StatedQuantity
from tasks.plan.stated_ignition import words

_ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "1st": 0, "2nd": 1, "3rd": 2, "4th": 3}
_AXES = "xyz"


def bind_ignition(binder, stated: list[StatedQuantity]) -> list[StatedQuantity]:
    """Every ignition value of `stated` bound to the base's ignition site, or not applied with why."""
    said = [q for q in stated if q.role.startswith("ignition_")]
    if not said:
        return []
    home, key = words()["home"], words()["list"]
    text = binder.base.text(home) or ""
    count = fd.items(text, [key]) if fd.find(text, [key]) is not None else 0
    if count == 0:
        for q in said:
            binder.refuse(q, f"{q.text} is a value of an ignition site, but the base has none (no {key} in {home}); "
                             "a premixed-combustion tutorial (XiFoam, XiDyMFoam, PDRFoam) has one")
        return said
    sites = _sites(binder.text.lower(), count)
    if sites is None:
        for q in said:
            binder.refuse(q, f"the base has {count} ignition sites ({home} {key}); say which one {q.text} is for "
                             "(\"the first site\") or \"all sites\"")
        return said
    for site in sites:
        entry = [key, f"[{site}]"]
        _bind_location(binder, text, entry, [q for q in said if q.role.startswith("ignition_at_")])
        for q in said:
            if not q.role.startswith("ignition_at_"):
                _bind_value(binder, text, entry, q)
        _note_off_macro(binder, text, entry, said)
    return said


def _note_off_macro(binder, text: str, entry: list[str], said: list[StatedQuantity]) -> None:
    """A site whose values come from a macro that keeps it off (annularCombustorTurbine's
    `$noIgnitionProperties`: strength 0, duration 1e-30) stays off unless the request sets them:
    said as an assumption."""
    body = fd.block(text, entry) or ""
    macro = re.search(r"\$(\w+)", fd.strip_comments(body))
    if macro is None:
        return
    given = {q.role.removeprefix("ignition_").replace("radius", "diameter") for q in said}
    macro_values = {k: _number(fd.get(text, [macro.group(1), k])) for k in ("strength", "duration")}
    off = [k for k, v in macro_values.items()
           if k not in given and fd.get(body, [k]) is None and v is not None and abs(v) < 1e-12]
    if off:
        binder.assumptions.append(f"the ignition site still takes {', '.join(off)} from ${macro.group(1)}, where "
                                  f"they are zero, so it does not ignite; state its {' and '.join(off)} to turn it on")


def _number(raw: str | None) -> float | None:
    try:
        return float(raw) if raw is not None else None
    except ValueError:
        return None


def _sites(low: str, count: int) -> list[int] | None:
    """The sites the values are for: the one there is, every one ("all sites"), the one named by
    its ordinal ("the second ignition site"); None when several and none said."""
    if count == 1:
        return [0]
    if re.search(words()["all_sites"], low):
        return list(range(count))
    named = re.search(r"\b(" + "|".join(_ORDINALS) + r")\s+(?:ignition\s+)?(?:site|spark|igniter|kernel)\b", low)
    if named and _ORDINALS[named.group(1)] < count:
        return [_ORDINALS[named.group(1)]]
    return None


def _bind_value(binder, text: str, entry: list[str], q: StatedQuantity) -> None:
    home = words()["home"]
    name = q.role.removeprefix("ignition_")
    engine = binder.base.text("constant/engineGeometry") is not None
    if name in ("length", "time"):
        what = "its diameter or a coordinate (x = ..., \"at (x y z)\")" if name == "length" else \
            "its start (\"spark at t = ...\") or its duration (\"lasting ...\")"
        binder.refuse(q, f"{q.text} is said of the ignition, but not which of its values; say {what}")
        return
    value = q.value
    if name == "radius":
        name, value = "diameter", 2 * q.value
    if name in ("start", "duration"):
        value = _engine_time(binder, q, name) if engine else _plain_time(binder, q, name)
        if value is None:
            return
    old = fd.get(text, [*entry, name])
    reason = f"ignition site {name} (from {q.text})" if name == "diameter" and q.role == "ignition_radius" \
        else f"ignition site {name}"
    if old is None:  # the site takes it from a macro (`$noIgnitionProperties;`): its own entry overrides it
        binder.assumptions.append(f"{q.text}: written as the ignition site's own {name}, which overrides the value "
                                  f"its macro gives (the site's other values still come from the macro)")
    binder.set(home, [*entry, name], fmt(value), reason, q)


def _plain_time(binder, q: StatedQuantity, name: str) -> float | None:
    if q.quantity == "angle":
        binder.refuse(q, f"{q.text} is a crank angle, but the base is no engine case (no constant/engineGeometry): "
                         f"its ignition {name} is a time in seconds")
        return None
    return q.value


def _engine_time(binder, q: StatedQuantity, name: str) -> float | None:
    """An engine's ignition start/duration in crank-angle degrees; None (refused) when it cannot be."""
    if q.quantity == "angle":
        return q.value
    rpm = _rpm(binder.base.text("constant/engineGeometry") or "")
    if name == "start":
        binder.refuse(q, f"{q.text}: the engine base counts the ignition start in crank-angle degrees (constant/"
                         "engineGeometry), and a time in seconds does not say from which crank angle; state it "
                         "in degrees (\"spark at -15 deg\")")
        return None
    if rpm is None:
        binder.refuse(q, f"{q.text}: the engine base counts the ignition duration in crank-angle degrees, and its "
                         "rpm cannot be read to convert; state it in degrees")
        return None
    degrees = q.value * rpm * 6.0  # rpm/60 revolutions a second, 360 degrees each
    binder.assumptions.append(f"{q.text} ignition duration = {fmt(degrees)} crank-angle degrees at {fmt(rpm)} rpm "
                              "(the engine counts time in degrees)")
    return degrees


def _rpm(text: str) -> float | None:
    raw = fd.get(text, ["rpm"]) or ""
    m = re.search(r"([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*$", raw)
    return float(m.group(1)) if m else None


def _bind_location(binder, text: str, entry: list[str], said: list[StatedQuantity]) -> None:
    """The site's location from a triple or per-axis coordinates (the other axes kept); refused
    when it lies outside the mesh's bounds, or a coordinate is given twice."""
    if not said:
        return
    home = words()["home"]
    old = re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", fd.get(text, [*entry, "location"]) or "")
    location = [float(x) for x in old] if len(old) == 3 else [0.0, 0.0, 0.0]
    given: dict[int, StatedQuantity] = {}
    placed: list[StatedQuantity] = []
    for q in said:
        axes = q.role.removeprefix("ignition_at_")
        if axes == "up":
            axis = _up_axis(binder)
            if axis is None:
                binder.refuse(q, f"{q.text} is a height of the ignition site, but the base has no gravity "
                                 "(constant/g) to tell which axis is up; give the axis (\"z = ...\")")
                continue
            axes = _AXES[axis]
        values = q.vector if q.vector is not None else [q.value] * len(axes)
        pairs = list(zip(range(3), values)) if axes == "xyz" else [(_AXES.index(a), q.value) for a in axes]
        twice = [a for a, _ in pairs if a in given and given[a].text != q.text]
        if twice:
            binder.refuse(q, f"{q.text} gives the ignition site's {_AXES[twice[0]]} again "
                             f"({given[twice[0]].text} gives it too); say each coordinate once")
            continue
        for a, v in pairs:
            location[a] = v
            given[a] = q
        placed.append(q)
    if not placed:
        return
    outside = _outside(binder, location, [float(x) for x in old] if len(old) == 3 else None)
    if outside is not None:
        for q in placed:
            binder.refuse(q, f"the ignition location {vec(location)} lies outside the mesh ({outside}); "
                             "give a point inside it")
        return
    value = vec(location)
    binder.set(home, [*entry, "location"], value, "ignition site location", placed[0])
    for q in placed[1:]:  # each coordinate stated reads the one location back
        binder.bindings.append(Binding(stated=q.text, file=home, entry=[*entry, "location"], value=value,
                                       how="ignition site location"))
    kept = [_AXES[a] for a in range(3) if a not in given]
    if kept:
        binder.assumptions.append(f"ignition location {value}: {', '.join(kept)} kept from the base's site")


def _up_axis(binder) -> int | None:
    raw = fd.get(binder.base.text("constant/g") or "", ["value"])
    numbers = [abs(float(x)) for x in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", raw or "")]
    return max(range(3), key=lambda a: numbers[a]) if len(numbers) == 3 and any(numbers) else None


def mesh_bounds(base) -> list[tuple[float, float]] | None:
    """The (min, max) of each axis of the base's block mesh (blockMeshDict vertices times
    convertToMeters, or PDRblockMeshDict's x/y/z points times scale); None when unreadable."""
    for rel in ("system/blockMeshDict", "constant/polyMesh/blockMeshDict"):
        text = base.text(rel)
        if text:
            found = points(text)
            if found:
                scale = scale_of(text)
                return [(min(p[a] for p in found) * scale, max(p[a] for p in found) * scale) for a in range(3)]
    text = base.text("system/PDRblockMeshDict")
    if text:
        scale = scale_of(text)
        out = []
        for axis in _AXES:
            raw = fd.get(text, [axis, "points"]) or ""
            numbers = [float(x) for x in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", raw)]
            if not numbers:
                return None
            out.append((min(numbers) * scale, max(numbers) * scale))
        return out
    return None


def _outside(binder, location: list[float], base_site: list[float] | None) -> str | None:
    """The mesh's bounds, said, when `location` lies outside them; None when inside or unknown. A
    block mesh the base's own site lies outside is no bound of the final mesh (a background mesh
    that a later step scales, annularCombustorTurbine's): unknown."""
    bounds = mesh_bounds(binder.base)
    if bounds is None or (base_site is not None and not _inside(base_site, bounds)):
        return None
    if _inside(location, bounds):
        return None
    return "its bounds: " + ", ".join(f"{_AXES[a]} {fmt(lo)} to {fmt(hi)} m" for a, (lo, hi) in enumerate(bounds))


def _inside(point: list[float], bounds: list[tuple[float, float]]) -> bool:
    tolerance = 1e-9
    return all(lo - tolerance <= v <= hi + tolerance for v, (lo, hi) in zip(point, bounds))
