"""The acceptance verdict of a finished run: is the result one to trust, not only one that ran?

Checks (bounds in canonical/defaults.yaml `acceptance`): residual drop in orders (steady),
continuity error, boundedness (k, epsilon, omega, nuTilda > 0; alpha within [0, 1]; T within
physical limits; absolute p > 0), the Courant number against the pressure-velocity algorithm,
y+ against each wall's treatment, inlet/outlet mass balance (the flow-rate function objects
Casewright writes with a case, `monitor_functions`), and stationarity of a monitored quantity
(steady runs). Each check is ok, warn or reject; the verdict is the worst of them. A steady
run is `converged` only when its residual, continuity and stationarity checks are ok.

`judge` is pure (tested with tables); `gather_inputs` reads the case folder once.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from tasks.foam import dictionary as fd
from tasks.foam.casedir import mesh_patches
from tasks.foam.coupled_patches import solver_start_patches
from tasks.foam.defaults import AcceptanceLimits, acceptance_limits
from tasks.foam.includes import expand_text
from tasks.foam.files import read_text
from tasks.foam.physics import is_steady, solver_family
from tasks.run.logs import parse_log_file

Severity = Literal["ok", "warn", "reject", "n/a"]
FLOW_PREFIX = "flowRate_"
MONITOR = "monitor_volAverage"
POSITIVE_FIELDS = ("k", "epsilon", "omega", "nuTilda")
NO_FLUX_FIELD = frozenset({"MPPICFoam", "DPMFoam", "MPPICInterFoam", "icoUncoupledKinematicParcelFoam"})


class AcceptanceCheck(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    value: float | None
    limit: str
    ok: bool
    severity: Severity
    note: str = ""


class Acceptance(BaseModel):
    """The verdict of one run, with every check behind it."""

    model_config = ConfigDict(extra="forbid")

    verdict: Literal["accept", "warn", "reject"]
    converged: bool | None = Field(None, description="steady runs: residual, continuity and stationarity all ok")
    checks: list[AcceptanceCheck]
    reasons: list[str] = Field(default_factory=list, description="the warn/reject notes, worst first")


class FieldRange(BaseModel):
    model_config = ConfigDict(extra="forbid")

    min: float
    max: float


class AcceptanceInputs(BaseModel):
    """What the verdict needs, read from the case folder and the run report."""

    model_config = ConfigDict(extra="forbid")

    application: str
    completed: bool
    residuals: dict[str, tuple[float, float]] = {}          # field -> (first, last) initial residual
    continuity: float | None = None                        # last "sum local"
    courant_max: float | None = None
    n_outer: int | None = None                             # None: SIMPLE or PISO
    max_co: float | None = None                            # maxCo with adjustTimeStep
    ranges: dict[str, FieldRange] = {}                     # last written time
    wall_temperatures: tuple[float, float] | None = None   # fixed T on walls (min, max)
    late_bounding: list[str] = []
    yplus: list[tuple[Severity, str]] = []
    patch_flows: dict[str, float] | None = None            # open patch -> last sum(phi)
    monitored: list[float] = []                            # steady: volAverage mag(U) per iteration


# --- reading fields and function-object output ---------------------------------------------


def latest_time(case: Path) -> str | None:
    """The name of the latest time directory (0 included), None when there is none."""
    best: tuple[float, str] | None = None
    for d in case.iterdir() if case.is_dir() else []:
        try:
            t = float(d.name)
        except ValueError:
            continue
        if d.is_dir() and (best is None or t > best[0]):
            best = (t, d.name)
    return best[1] if best else None


_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def read_internal_field(path: Path) -> np.ndarray:
    """The internalField of an ascii field file: one value per cell (a uniform field gives one
    row), vectors and tensors as rows."""
    text = read_text(path)
    start = text.find("internalField")
    if start < 0:
        raise ValueError(f"{path}: no internalField")
    body = text[start + len("internalField"):]
    head = body.lstrip()
    if head.startswith("uniform"):
        value = head[len("uniform"):].split(";", 1)[0]
        nums = [float(x) for x in _NUMBER.findall(expand_text(value, text))]
        if not nums:  # `uniform $flowVelocity` defined in an included file, or a #calc
            raise ValueError(f"{path}: internalField {value.strip()} is not a number this reader can resolve")
        return np.array([nums if len(nums) > 1 else nums[0]])
    m = re.match(r"\s*nonuniform\s+List<(\w+)>\s*(\d+)\s*\(", body)
    if m is None:
        raise ValueError(f"{path}: internalField is neither uniform nor an ascii nonuniform List")
    kind, n = m.group(1), int(m.group(2))
    width = {"scalar": 1, "vector": 3, "symmTensor": 6, "tensor": 9}.get(kind, 1)
    rest = body[m.end():]
    values = np.array(_NUMBER.findall(rest[: _list_end(rest, n, width)]), dtype=float)[: n * width]
    if values.size != n * width:
        raise ValueError(f"{path}: expected {n} {kind} values, read {values.size // width}")
    return values.reshape(n, width) if width > 1 else values


def _list_end(text: str, n: int, width: int) -> int:
    """Where the list of n entries closes (the first ')' at depth 0)."""
    depth = 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            if depth == 0:
                return i
            depth -= 1
    return len(text)


def field_range(path: Path) -> FieldRange | None:
    try:
        values = read_internal_field(path)
    except (ValueError, OSError, UnicodeDecodeError):
        return None
    if values.ndim > 1:
        return None
    return FieldRange(min=float(values.min()), max=float(values.max()))


def function_object_series(case: Path, name: str) -> list[list[float]]:
    """Rows of numbers from postProcessing/<name>/<start>/*.dat, restarts concatenated."""
    root = case / "postProcessing" / name
    rows: list[list[float]] = []
    if not root.is_dir():
        return rows
    starts = sorted((d for d in root.iterdir() if d.is_dir()), key=lambda d: _as_float(d.name))
    for start in starts:
        for dat in sorted(start.glob("*.dat")):
            for line in dat.read_text(errors="replace").splitlines():
                if line.startswith("#") or not line.strip():
                    continue
                try:
                    rows.append([float(x) for x in line.replace("(", " ").replace(")", " ").split()])
                except ValueError:
                    continue
    return rows


def _as_float(name: str) -> float:
    try:
        return float(name)
    except ValueError:
        return math.inf


# --- the function objects written with a case ----------------------------------------------


def open_patches(case: Path) -> list[str]:
    """Patches fluid can cross (type `patch`): inlets, outlets, open tops; of the mesh the solver
    will find (a patch createBaffles or createPatch takes over is not one: couple1 of an ACMI case)."""
    return [name for name, ptype in (solver_start_patches(case).present or mesh_patches(case)).items() if ptype == "patch"]


def monitor_functions(case: Path, application: str) -> dict[str, dict[str, str]]:
    """controlDict `functions` entries for the acceptance checks: the volume flux through each
    open patch (surfaceFieldValue sum(phi), as v1912's flowRatePatch), and for steady solvers
    the volume average of |U| as the monitored quantity. Empty for solvers without phi/U."""
    if application in NO_FLUX_FIELD or not (case / "0/U").is_file() and not (case / "0.orig/U").is_file():
        return {}
    libs = '("libfieldFunctionObjects.so")'
    functions: dict[str, dict[str, str]] = {}
    for patch in open_patches(case):
        functions[f"{FLOW_PREFIX}{patch}"] = {
            "type": "surfaceFieldValue", "libs": libs, "regionType": "patch", "name": patch,
            "operation": "sum", "fields": "(phi)", "writeFields": "false", "log": "false",
            "writeControl": "timeStep", "writeInterval": "1",
        }
    if is_steady(application):
        functions["monitor_magU"] = {"type": "mag", "libs": libs, "field": "U", "log": "false",
                                     "writeControl": "writeTime"}
        functions[MONITOR] = {"type": "volFieldValue", "libs": libs, "regionType": "all",
                              "operation": "volAverage", "fields": "(mag(U))", "writeFields": "false",
                              "log": "false", "writeControl": "timeStep", "writeInterval": "1"}
    return functions


# --- gathering ------------------------------------------------------------------------------


def gather_inputs(case: Path, report, yplus: list[tuple[Severity, str]]) -> AcceptanceInputs:
    """Read what `judge` needs from the case folder and the run report (a RunReport)."""
    sol = (case / "system/fvSolution").read_text(errors="replace") if (case / "system/fvSolution").is_file() else ""
    control = (case / "system/controlDict").read_text(errors="replace")
    n_outer = None
    if fd.find(sol, ["PIMPLE"]) is not None:
        n_outer = int(float(fd.get(sol, ["PIMPLE", "nOuterCorrectors"]) or 1))
    adjustable = (fd.get(control, ["adjustTimeStep"]) or "no").strip() in ("yes", "on", "true")
    max_co = _float(fd.get(control, ["maxCo"])) if adjustable else None
    ranges: dict[str, FieldRange] = {}
    time = latest_time(case)
    if time is not None and report.status == "completed":
        for path in sorted((case / time).glob("*")):
            name = path.name
            if path.is_file() and (name in (*POSITIVE_FIELDS, "T", "p") or name.startswith("alpha.")):
                r = field_range(path)
                if r is not None:
                    ranges[name] = r
    late: list[str] = []
    solver_step = next((s for s in report.steps if s.command == report.application), None)
    if solver_step is not None and Path(solver_step.log_path).is_file():
        from tasks.run.logs import late_bounding

        late = sorted({b.field for b in late_bounding(parse_log_file(solver_step.log_path))})
    flows = None
    patches = open_patches(case)
    if patches and (case / "postProcessing" / f"{FLOW_PREFIX}{patches[0]}").is_dir():
        flows = {}
        for p in patches:
            rows = function_object_series(case, f"{FLOW_PREFIX}{p}")
            if rows and len(rows[-1]) > 1:
                flows[p] = rows[-1][1]
    monitored = [r[1] for r in function_object_series(case, MONITOR) if len(r) > 1]
    return AcceptanceInputs(
        application=report.application, completed=report.status == "completed",
        residuals={f: (r.first_initial, r.last_initial) for f, r in report.residuals.items()},
        continuity=report.continuity_local,
        courant_max=report.courant_max, n_outer=n_outer, max_co=max_co, ranges=ranges,
        wall_temperatures=wall_temperatures(case), late_bounding=late, yplus=yplus,
        patch_flows=flows, monitored=monitored,
    )


def _float(value: str | None) -> float | None:
    try:
        return float(str(value).split()[0]) if value is not None else None
    except ValueError:
        return None


def wall_temperatures(case: Path) -> tuple[float, float] | None:
    """(min, max) of the fixed temperatures on the boundaries of 0/T, None without 0/T."""
    path = case / "0/T"
    if not path.is_file():
        return None
    text = path.read_text(errors="replace")
    values = []
    for patch in fd.keys(text, ["boundaryField"]):
        for key in ("value", "inletValue"):
            v = fd.get(text, ["boundaryField", patch, key])
            if v and v.strip().startswith("uniform"):
                f = _float(v.strip()[len("uniform"):])
                if f is not None:
                    values.append(f)
    internal = fd.get(text, ["internalField"]) or ""
    if internal.strip().startswith("uniform"):
        f = _float(internal.strip()[len("uniform"):])
        if f is not None:
            values.append(f)
    return (min(values), max(values)) if values else None


# --- judging --------------------------------------------------------------------------------


def _grade(value: float, bounds: tuple[float, float], larger_is_better: bool = False) -> Severity:
    ok, warn = bounds
    if larger_is_better:
        return "ok" if value >= ok else "warn" if value >= warn else "reject"
    return "ok" if value <= ok else "warn" if value <= warn else "reject"


def _check(name: str, value: float | None, limit: str, severity: Severity, note: str = "") -> AcceptanceCheck:
    return AcceptanceCheck(name=name, value=None if value is None else float(f"{value:.6g}"), limit=limit,
                           ok=severity in ("ok", "n/a"), severity=severity, note=note)


def residual_checks(inp: AcceptanceInputs, lim: AcceptanceLimits) -> list[AcceptanceCheck]:
    """Steady runs: each solved field's initial residual falls `residual_drop_orders`, or ends
    below `residual_floor` (a field that started converged)."""
    out = []
    for field, (first, last) in sorted(inp.residuals.items()):
        if last <= 0 or first <= 0:
            continue
        orders = math.log10(first / last)
        by_drop = _grade(orders, lim.residual_drop_orders, larger_is_better=True)
        by_floor = _grade(last, lim.residual_floor)
        severity = min(by_drop, by_floor, key=["ok", "warn", "reject"].index)
        out.append(_check(f"residual drop {field}", orders,
                          f">= {lim.residual_drop_orders[0]:g} orders or last <= {lim.residual_floor[0]:g}", severity,
                          "" if severity == "ok" else
                          f"{field} initial residual fell {orders:.2f} orders ({first:.3g} -> {last:.3g}): "
                          f"not converged; run more iterations or tighten residualControl"))
    return out


def continuity_check(inp: AcceptanceInputs, steady: bool, lim: AcceptanceLimits) -> AcceptanceCheck:
    bounds = lim.continuity_steady if steady else lim.continuity_transient
    if inp.continuity is None:
        return _check("continuity", None, f"sum local <= {bounds[0]:g}", "n/a", "no continuity line in the log")
    sev = _grade(abs(inp.continuity), bounds)
    note = "" if sev == "ok" else (f"local continuity error {inp.continuity:.3g} > {bounds[0]:g}: the pressure "
                                   f"equation is not converged (tighten p tolerance/residualControl)")
    return _check("continuity", inp.continuity, f"sum local <= {bounds[0]:g}", sev, note)


# Solvers whose T is a transported scalar of any scale (a concentration, a dye), whatever its
# declared dimensions: no temperature limits apply to it.
PASSIVE_SCALAR_SOLVERS = frozenset({"scalarTransportFoam"})


def bounds_checks(inp: AcceptanceInputs, lim: AcceptanceLimits) -> list[AcceptanceCheck]:
    out = []
    family = solver_family(inp.application)
    for name, r in sorted(inp.ranges.items()):
        if name in POSITIVE_FIELDS:
            sev: Severity = "ok" if r.min > 0 else "reject"
            out.append(_check(f"{name} > 0", r.min, "> 0", sev,
                              "" if sev == "ok" else f"{name} reaches {r.min:.3g}: an unphysical turbulence field"))
        elif name.startswith("alpha."):
            excess = max(-r.min, r.max - 1.0, 0.0)
            sev = _grade(excess, lim.alpha_excess)
            out.append(_check(f"{name} within [0, 1]", excess, f"excess <= {lim.alpha_excess[0]:g}", sev,
                              "" if sev == "ok" else f"{name} spans {r.min:.3g} .. {r.max:.3g}: the phase "
                                                     f"fraction is unbounded (lower maxAlphaCo, MULESCorr yes)"))
        elif name == "T" and inp.application not in PASSIVE_SCALAR_SOLVERS:
            lo, hi = lim.temperature
            sev = "ok" if lo <= r.min and r.max <= hi else "reject"
            note = "" if sev == "ok" else f"T spans {r.min:.4g} .. {r.max:.4g} K: outside physical limits"
            if sev == "ok" and family == "boussinesq" and inp.wall_temperatures:
                t0, t1 = inp.wall_temperatures
                span = max(t1 - t0, 1e-9)
                excess = max(t0 - r.min, r.max - t1, 0.0) / span
                sev = _grade(excess, lim.temperature_excess)
                if sev != "ok":
                    note = (f"T spans {r.min:.4g} .. {r.max:.4g} K beyond the boundary temperatures {t0:g} .. {t1:g} K "
                            f"with no heat source: over/undershoot of the convection scheme")
            out.append(_check("T within limits", r.max, f"{lo:g} .. {hi:g} K", sev, note))
        elif name == "p" and family == "compressible":
            sev = "ok" if r.min > 0 else "reject"
            out.append(_check("absolute p > 0", r.min, "> 0 Pa", sev,
                              "" if sev == "ok" else "absolute pressure <= 0 gives rho <= 0"))
    if inp.late_bounding:
        out.append(_check("no late bounding", float(len(inp.late_bounding)), "none in the last tenth", "warn",
                          f"bounding of {', '.join(inp.late_bounding)} late in the run"))
    return out


def courant_check(inp: AcceptanceInputs, steady: bool, lim: AcceptanceLimits) -> AcceptanceCheck:
    if steady or inp.courant_max is None:
        return _check("Courant", inp.courant_max, "transient runs only", "n/a")
    outer = inp.n_outer is not None and inp.n_outer > 1
    bounds = lim.courant_pimple if outer else lim.courant_piso
    ok_bound = bounds[0]
    if inp.max_co is not None and inp.max_co <= bounds[0]:
        ok_bound = max(ok_bound, inp.max_co * lim.courant_overshoot)  # adjustTimeStep overshoots maxCo
    sev = _grade(inp.courant_max, (ok_bound, max(bounds[1], ok_bound)))
    algo = f"PIMPLE with {inp.n_outer} outer correctors" if outer else "PISO / one outer corrector"
    note = "" if sev == "ok" else (f"max Co {inp.courant_max:.3g} > {ok_bound:.3g} with {algo}: not time-accurate; "
                                   f"reduce deltaT/maxCo or add outer correctors with residualControl")
    return _check("Courant", inp.courant_max, f"<= {ok_bound:.3g} ({algo})", sev, note)


def yplus_check(inp: AcceptanceInputs) -> AcceptanceCheck:
    if not inp.yplus:
        return _check("y+ vs wall treatment", None, "RAS runs", "n/a")
    worst = min((s for s, _ in inp.yplus), key=["reject", "warn", "ok", "n/a"].index)
    notes = "; ".join(m for s, m in inp.yplus if s != "ok")
    return _check("y+ vs wall treatment", None, "per wall function", worst, notes)


def mass_balance_check(inp: AcceptanceInputs, steady: bool, lim: AcceptanceLimits) -> AcceptanceCheck:
    if inp.patch_flows is None:
        return _check("mass balance", None, "open patches with flow-rate monitors", "n/a", "not monitored")
    if len(inp.patch_flows) < 2:
        return _check("mass balance", None, "an inlet and an outlet", "n/a",
                      "one open patch (an open top): its flux is the volume change, there is no inlet/outlet pair")
    if not steady and solver_family(inp.application) == "compressible":
        return _check("mass balance", None, "steady or incompressible", "n/a", "transient compressible: mass is stored")
    inflow = -sum(min(v, 0.0) for v in inp.patch_flows.values())
    outflow = sum(max(v, 0.0) for v in inp.patch_flows.values())
    scale = max(inflow, outflow)
    if scale <= 1e-30:
        return _check("mass balance", 0.0, "no net through-flow", "n/a", "no flow through the open patches")
    imbalance = abs(inflow - outflow) / scale
    sev = _grade(imbalance, lim.mass_imbalance)
    note = "" if sev == "ok" else (f"in {inflow:.4g} vs out {outflow:.4g} (relative {imbalance:.3g}): "
                                   f"mass is not conserved at the last step")
    return _check("mass balance", imbalance, f"|in - out| / in <= {lim.mass_imbalance[0]:g}", sev, note)


def stationarity_check(inp: AcceptanceInputs, steady: bool, lim: AcceptanceLimits) -> AcceptanceCheck:
    if not steady:
        return _check("stationarity", None, "steady runs only", "n/a")
    series = inp.monitored
    if len(series) < 20:
        return _check("stationarity", None, "monitored volAverage |U|", "n/a", "too few monitored iterations")
    n = max(20, int(len(series) * lim.stationarity_window))
    tail = np.array(series[-n:])
    mean = float(np.mean(tail))
    change = float((tail.max() - tail.min()) / abs(mean)) if abs(mean) > 1e-30 else 0.0
    sev = _grade(change, lim.stationarity)
    note = "" if sev == "ok" else (f"volume-average |U| still changes by {change:.3g} over the last {n} iterations: "
                                   f"not a steady state yet")
    return _check("stationarity", change, f"(max - min) / mean <= {lim.stationarity[0]:g}", sev, note)


def _stalled(c: AcceptanceCheck) -> AcceptanceCheck:
    """A residual that stalls while continuity is small and the monitored quantity stationary is
    a warning, not a rejection: OpenFOAM normalises each residual by the field's own variation,
    so a (nearly) uniform or zero field (p in a periodic channel, Uy in Couette flow) keeps an
    O(1e-2..1) residual of round-off noise."""
    if c.severity != "reject":
        return c
    return c.model_copy(update={"severity": "warn", "ok": False,
                                "note": c.note + " (continuity small and the solution stationary: a residual of a "
                                                 "near-uniform field, normalised by its own small variation)"})


def judge(inp: AcceptanceInputs, limits: AcceptanceLimits | None = None) -> Acceptance:
    """The verdict: reject if any check rejects, warn if any warns, else accept."""
    lim = limits or acceptance_limits()
    steady = is_steady(inp.application)
    checks: list[AcceptanceCheck] = [
        _check("run completed", None, "reached endTime or converged", "ok" if inp.completed else "reject",
               "" if inp.completed else "the run did not complete: no result to accept"),
    ]
    if inp.completed:
        residual = residual_checks(inp, lim) if steady else []
        continuity = continuity_check(inp, steady, lim)
        stationary = stationarity_check(inp, steady, lim)
        if continuity.severity == "ok" and stationary.severity == "ok":
            residual = [_stalled(c) for c in residual]
        checks += residual
        checks.append(continuity)
        checks += bounds_checks(inp, lim)
        checks.append(courant_check(inp, steady, lim))
        checks.append(yplus_check(inp))
        checks.append(mass_balance_check(inp, steady, lim))
        checks.append(stationary)
    severities = [c.severity for c in checks]
    verdict: Literal["accept", "warn", "reject"] = (
        "reject" if "reject" in severities else "warn" if "warn" in severities else "accept")
    converged = None
    if steady:
        converged = inp.completed and all(
            c.severity in ("ok", "n/a") for c in checks
            if c.name.startswith("residual") or c.name in ("continuity", "stationarity"))
    order = {"reject": 0, "warn": 1}
    reasons = [f"{c.severity}: {c.note or c.name}" for c in sorted(checks, key=lambda c: order.get(c.severity, 2))
               if c.severity in order]
    return Acceptance(verdict=verdict, converged=converged, checks=checks, reasons=reasons)


def acceptance_markdown(acc: Acceptance) -> str:
    lines = [f"**Acceptance: {acc.verdict.upper()}**" +
             ("" if acc.converged is None else f" (steady: {'converged' if acc.converged else 'NOT converged'})"), "",
             "| check | value | limit | result | note |", "|---|---|---|---|---|"]
    lines += [f"| {c.name} | {'-' if c.value is None else f'{c.value:.3g}'} | {c.limit} | {c.severity} | {c.note} |"
              for c in acc.checks]
    return "\n".join(lines) + "\n"


def with_acceptance(report, case: Path, yplus: list[tuple[Severity, str]]):
    """The report (a RunReport) with its acceptance verdict. A steady run stopped early by
    residualControl whose verdict says it has not converged is said so in the warnings."""
    acc = judge(gather_inputs(case, report, yplus))
    warnings = list(report.warnings)
    if report.converged_early and acc.converged is False:
        warnings.append("the run stopped at its residualControl, but the acceptance checks do not call it "
                        "converged: " + "; ".join(acc.reasons[:3]))
    return report.model_copy(update={"acceptance": acc, "warnings": warnings})


def read_verdict(case_dir: Path) -> tuple[str | None, list[str]]:
    """(verdict, reasons) from a case's report.json, (None, []) when it has none."""
    import json

    path = case_dir / "report.json"
    if not path.is_file():
        return None, []
    acc = json.loads(path.read_text()).get("acceptance") or {}
    return acc.get("verdict"), list(acc.get("reasons") or [])
