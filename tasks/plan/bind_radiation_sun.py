"""The sun's position a request states (`tasks.plan.stated_solar`: the site's latitude and
longitude, the day of the year, the time of day, the offset from GMT, how often a tracked sun is
moved) written to the solar calculator of the base: the solarLoadCoeffs or solarCalculatorCoeffs
dictionary of each radiationProperties that holds one (constant/ or constant/<region>/). The time
of day is the calculator's startTime in hours, never the controlDict's startTime.

Refused, with the reason: a base without a solar calculator; a value outside its range; a base
whose sun is a fixed sunDirection vector (OpenFOAM then reads no site and no moment); an update
interval where the sun is not tracked. Called from `tasks.plan.bind_radiation.bind_radiation`."""

from __future__ import annotations

from typing import Any

from tasks.foam import dictionary as fd
from tasks.plan.foam_values import fmt
from tasks.plan.stated import StatedQuantity
from tasks.plan.stated_solar import sun_readings, sun_terms


def _homes(binder: Any, files: list[str], dictionaries: list[str]) -> dict[str, tuple[str, str]]:
    """rel -> (the solar dictionary, the file's text) of every radiationProperties with a solar calculator."""
    out: dict[str, tuple[str, str]] = {}
    for rel in files:
        text = binder.base.text(rel) or ""
        home = next((d for d in dictionaries if fd.find(text, [d]) is not None), None)
        if home is not None:
            out[rel] = (home, text)
    return out


def _why_not(q: StatedQuantity, home: str, text: str, rel: str) -> str | None:
    """Why `q` cannot go to this home's solar calculator, or None when it can."""
    terms = sun_terms()
    low, high = terms.limits.get(q.role, [float("-inf"), float("inf")])
    spoken = terms.spoken[q.role]
    if not low <= q.value <= high:
        return f"{spoken} must lie between {fmt(low)} and {fmt(high)} (got {fmt(q.value)} {q.unit}".rstrip() + ")"
    if q.role == "sun_day" and q.value != int(q.value):
        return f"{spoken} is a whole day (got {fmt(q.value)})"
    if q.role == "sun_update_interval" and q.value <= 0:
        return f"{spoken} must be a positive time in seconds (got {fmt(q.value)} s)"
    model = (fd.get(text, [home, terms.direction_model]) or "").split("//")[0].strip()
    fixed = fd.get(text, [home, terms.direction]) is not None
    if q.role == "sun_update_interval" and model != terms.tracking:
        return (f"the sun is not tracked in {rel} ({terms.direction_model} {model or 'unset'}), so its position is "
                f"never updated; pick a transient solar tutorial that tracks it (externalSolarLoad, solarBeamWithTrees)")
    if model != terms.tracking and fixed:
        vector = " ".join((fd.get(text, [home, terms.direction]) or "").split())
        return (f"the sun's direction is fixed in {rel} ({terms.direction_model} {model}, {terms.direction} {vector}): "
                f"OpenFOAM reads no site or moment there, so {spoken} would change nothing; state the sun's direction "
                f"as a vector instead, or pick a solar tutorial that tracks the sun (externalSolarLoad, solarBeamWithTrees)")
    return None


def bind_sun_position(binder: Any, stated: list[StatedQuantity], files: list[str], dictionaries: list[str]) -> list[StatedQuantity]:
    """Write each stated value of the sun's position to every solar calculator of the base (`files`:
    its radiationProperties; `dictionaries`: the solar dictionaries' names); returns the quantities
    taken (bound or refused), so no later binder reads a day or a clock time as the run's."""
    terms = sun_terms()
    said = [q for q in stated if q.role in terms.entries]
    if not said:
        return []
    homes = _homes(binder, files, dictionaries)
    spans = {i for r in sun_readings(binder.text) for i in range(r.start, r.end)}
    binder.model_said_at = getattr(binder, "model_said_at", set()) | spans  # no by-name binder reads "latitude 35"
    for q in said:
        spoken = terms.spoken[q.role]
        if not homes:
            binder.refuse(q, f"{binder.base.root.name} has no solar calculator (no {' or '.join(dictionaries)} in its "
                             f"radiationProperties) to take {spoken}; pick a solar tutorial (externalSolarLoad, "
                             f"solarBeamWithTrees, simpleCarSolarPanel)")
            continue
        reasons = [why for rel, (home, text) in homes.items() if (why := _why_not(q, home, text, rel))]
        if reasons:
            binder.refuse(q, reasons[0])
            continue
        entry = terms.entries[q.role]
        value = str(int(q.value)) if q.role == "sun_day" else fmt(q.value)
        unit = {"deg": " degrees", "h": " h", "s": " s"}.get(q.unit, "")
        for rel, (home, _text) in homes.items():
            binder.set(rel, [home, entry], value, f"{spoken}: {entry} {value}{unit} of the solar calculator", q)
    return said
