"""Parameter sweeps: one base case x a parameter grid -> case variants, planned before anything
is written.

A sweep names its parameters (`U=0.5,1,2`) and says what each one changes: a change request
in plain words with `{name}` placeholders (`"lid velocity {U} m/s"`, planned by the same
offline planner as `casewright modify`) and/or direct dictionary entries
(`constant/transportProperties:nu={nu}`). Every variant is planned against the base case
first; one that cannot be planned refuses the whole sweep, and the output folder is only
created once all of them can.
"""

from __future__ import annotations

import itertools
import re
import shutil
import string
from collections.abc import Mapping, Sequence
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from tasks.core.errors import RequestError, UsageError
from tasks.edit.modify import CaseState, ChangePlan, ChangeResult, apply_changes, plan_changes, read_state
from tasks.plan.manifest import FileEdit
from tasks.run.report import RunReport

_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_UNSAFE = re.compile(r"[^A-Za-z0-9.+_-]+")
RESULT_DIRS = re.compile(r"^(processor\d+|postProcessing|dynamicCode|VTK|logs?)$")
MAX_VARIANTS = 64


class SweepParam(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    values: list[str] = Field(min_length=1)


class EntryTemplate(BaseModel):
    """One dictionary entry set in every variant: FILE:ENTRY/PATH=VALUE with placeholders."""

    model_config = ConfigDict(extra="forbid")

    file: str
    entry: list[str]
    value: str


class SweepSpec(BaseModel):
    """What `casewright sweep` and the `sweep` deployment take."""

    model_config = ConfigDict(extra="forbid")

    base_case: Path
    out_dir: Path
    params: list[SweepParam] = Field(min_length=1)
    change: str | None = Field(None, description="change request with {name} placeholders")
    sets: list[EntryTemplate] = Field(default_factory=list)
    parallel: int = Field(1, ge=1, le=16, description="variants run at once")
    review: bool = Field(False, description="repair failing variants with the Reviewer")
    run: bool = True
    max_variants: int = Field(MAX_VARIANTS, ge=1)


class VariantPlan(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    values: dict[str, str]
    change: str | None
    plan: ChangePlan


class VariantResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    values: dict[str, str]
    case_dir: str
    status: str = Field(description="written | completed | failed")
    score: int | None = None
    reason: str = ""
    time_reached: float | None = None
    end_time: float | None = None
    converged: bool = Field(False, description="a steady run stopped by its residual controls before endTime")
    last_residuals: dict[str, float] = Field(default_factory=dict)
    courant_max: float | None = None
    wall_seconds: float | None = None
    changed: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    reviewed: bool = False


class SweepResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    base_case: str
    out_dir: str
    params: list[SweepParam]
    variants: list[VariantResult]
    completed: int
    failed: int
    seconds: float


# --- parsing the command line (pure) ------------------------------------------------------------------

def parse_param(text: str) -> SweepParam:
    """`NAME=v1,v2,...` -> SweepParam."""
    name, sep, values = text.partition("=")
    name = name.strip()
    if not sep or not _NAME.match(name):
        raise UsageError(f"--param {text!r}: write NAME=value1,value2,... (NAME a letter then letters, digits or _)")
    items = [v.strip() for v in values.split(",")]
    if not values.strip() or any(not v for v in items):
        raise UsageError(f"--param {text!r}: give at least one value, separated by commas, none empty")
    if len(set(items)) != len(items):
        raise UsageError(f"--param {text!r}: a value is repeated")
    return SweepParam(name=name, values=items)


def parse_set(text: str) -> EntryTemplate:
    """`FILE:ENTRY/PATH=VALUE` -> EntryTemplate, FILE relative to the case and inside it."""
    target, sep, value = text.partition("=")
    file, colon, entry = target.partition(":")
    if not sep or not colon or not file.strip() or not entry.strip() or not value.strip():
        raise UsageError(f"--set {text!r}: write FILE:ENTRY=VALUE, e.g. constant/transportProperties:nu={{nu}} "
                         f"or 0/U:boundaryField/inlet/value=uniform ({{U}} 0 0)")
    path = Path(file.strip())
    if path.is_absolute() or ".." in path.parts or not path.parts or path.parts[0] not in ("0", "constant", "system"):
        raise UsageError(f"--set {text!r}: the file must be a dictionary under 0/, constant/ or system/ of the case")
    keys = [k for k in entry.strip().split("/") if k]
    return EntryTemplate(file=str(path), entry=keys, value=value.strip())


def placeholders(template: str) -> set[str]:
    try:
        return {field for _, field, _, _ in string.Formatter().parse(template) if field is not None}
    except ValueError as exc:
        raise UsageError(f"cannot read the placeholders of {template!r}: {exc} (write {{name}}; double braces "
                         f"{{{{ }}}} for a literal brace)") from exc


def fill(template: str, values: Mapping[str, str]) -> str:
    return template.format_map(dict(values))


def check_spec(spec: SweepSpec) -> None:
    """Every placeholder names a parameter, every parameter is used, and something changes."""
    names = [p.name for p in spec.params]
    if len(set(names)) != len(names):
        raise UsageError(f"a parameter is given twice: {', '.join(sorted(n for n in names if names.count(n) > 1))}")
    if spec.change is None and not spec.sets:
        raise UsageError("say what each parameter changes: --change \"lid velocity {U} m/s\" and/or "
                         "--set constant/transportProperties:nu={nu}")
    templates = ([spec.change] if spec.change else []) + [s.value for s in spec.sets] + \
        ["/".join(s.entry) for s in spec.sets]
    used = set().union(*(placeholders(t) for t in templates))
    unknown = sorted(used - set(names))
    if unknown:
        raise UsageError(f"placeholder {{{unknown[0]}}} has no --param {unknown[0]}=...")
    unused = [n for n in names if n not in used]
    if unused:
        raise UsageError(f"--param {unused[0]} is not used: put {{{unused[0]}}} in --change or a --set value")


def grid(params: Sequence[SweepParam], limit: int) -> list[dict[str, str]]:
    """The Cartesian product of the parameter values, first parameter slowest."""
    size = 1
    for p in params:
        size *= len(p.values)
    if size > limit:
        raise UsageError(f"the grid has {size} variants, more than the limit of {limit}: fewer values, "
                         f"or raise --max-variants")
    return [dict(zip([p.name for p in params], combo, strict=True))
            for combo in itertools.product(*(p.values for p in params))]


def variant_name(values: Mapping[str, str]) -> str:
    """A folder name from the values, e.g. U-0.5_nu-1e-05."""
    return "_".join(f"{k}-{_UNSAFE.sub('-', v).strip('-') or 'x'}" for k, v in values.items())


# --- planning and writing (file I/O) --------------------------------------------------------------------

def plan_sweep(spec: SweepSpec, state: CaseState) -> list[VariantPlan]:
    """Plan every variant against the base case; the first that cannot be planned refuses the sweep."""
    check_spec(spec)
    plans = []
    for values in grid(spec.params, spec.max_variants):
        name = variant_name(values)
        change = fill(spec.change, values) if spec.change else None
        try:
            plan = plan_changes(state, change) if change else ChangePlan(request=f"sweep {name}")
        except RequestError as exc:
            raise RequestError(f"variant {name}: {exc}") from exc
        for s in spec.sets:
            entry = [fill(k, values) for k in s.entry]
            if not (state.case_dir / s.file).is_file():
                raise RequestError(f"variant {name}: the base case has no {s.file} to set {'/'.join(entry)} in")
            plan.edits.append(FileEdit(file=s.file, entry=entry, value=fill(s.value, values),
                                       reason=f"sweep {'/'.join(entry)}", locked=True))
        plans.append(VariantPlan(name=name, values=values, change=change, plan=plan))
    names = [p.name for p in plans]
    if len(set(names)) != len(names):
        raise UsageError("two variants get the same folder name: make the parameter values differ in letters or digits")
    return plans


def check_out_dir(out_dir: Path) -> None:
    if out_dir.exists() and (not out_dir.is_dir() or any(out_dir.iterdir())):
        raise UsageError(f"{out_dir} exists and is not an empty folder: choose a new --out (nothing was written)")


def check_folders(spec: SweepSpec) -> None:
    """The base is a case, and the output folder is new or empty and outside it."""
    base, out = spec.base_case.resolve(), spec.out_dir.resolve()
    if not (base / "system" / "controlDict").is_file():
        raise UsageError(f"{spec.base_case} is not an OpenFOAM case (no system/controlDict)")
    if out == base or base in out.parents:
        raise UsageError(f"--out {spec.out_dir} is inside the base case: choose a folder outside it")
    check_out_dir(spec.out_dir)


def copy_base(base: Path, dest: Path) -> None:
    """The base case without its results: time folders other than 0, processor*, postProcessing,
    logs and Casewright's own reports (its locked values are kept)."""
    def ignore(folder: str, names: list[str]) -> set[str]:
        here = Path(folder)
        skipped = set()
        for n in names:
            if here == base and (RESULT_DIRS.match(n) or n.startswith("log.") or (_is_time(n) and n != "0")):
                skipped.add(n)
            elif here == base / ".casewright" and n != "locked.json":
                skipped.add(n)
        return skipped

    shutil.copytree(base, dest, ignore=ignore, symlinks=True)


def _is_time(name: str) -> bool:
    try:
        float(name)
    except ValueError:
        return False
    return True


def write_variants(spec: SweepSpec, plans: Sequence[VariantPlan]) -> dict[str, ChangeResult]:
    """Copy the base case once per variant and apply its plan; on any failure the output folder
    (new or empty before) is removed again."""
    check_folders(spec)
    created = not spec.out_dir.exists()
    spec.out_dir.mkdir(parents=True, exist_ok=True)
    results: dict[str, ChangeResult] = {}
    try:
        for p in plans:
            dest = spec.out_dir / p.name
            copy_base(spec.base_case, dest)
            results[p.name] = apply_changes(read_state(dest), p.plan)
    except BaseException:
        for child in spec.out_dir.iterdir():
            shutil.rmtree(child) if child.is_dir() else child.unlink()
        if created:
            spec.out_dir.rmdir()
        raise
    return results


def variant_result(plan: VariantPlan, case_dir: Path, change: ChangeResult, report: RunReport | None,
                   score: int | None, reason: str, reviewed: bool) -> VariantResult:
    status = "written" if report is None else report.status
    return VariantResult(
        name=plan.name, values=plan.values, case_dir=str(case_dir), status=status, score=score, reason=reason,
        time_reached=report.time_reached if report else None, end_time=report.end_time if report else None,
        converged=bool(report and report.converged_early),
        last_residuals={f: r.last_initial for f, r in report.residuals.items()} if report else {},
        courant_max=report.courant_max if report else None,
        wall_seconds=round(report.wall_seconds, 1) if report else None,
        changed=change.changed, warnings=report.warnings if report else [], reviewed=reviewed,
    )


def sweep_table(result: SweepResult) -> list[dict[str, str]]:
    """One row per variant: the parameter values, status, score, time reached, last residuals."""
    fields = sorted({f for v in result.variants for f in v.last_residuals}, key=_residual_order)[:5]
    rows = []
    for v in result.variants:
        row = {"variant": v.name, **v.values, "status": v.status + (" (reviewed)" if v.reviewed else ""),
               "score": "-" if v.score is None else f"{v.score}/4",
               "time": _time_cell(v)}
        for f in fields:
            row[f"res {f}"] = f"{v.last_residuals[f]:.2e}" if f in v.last_residuals else "-"
        row["Co max"] = "-" if v.courant_max is None else f"{v.courant_max:.3g}"
        row["wall s"] = "-" if v.wall_seconds is None else f"{v.wall_seconds:g}"
        row["warnings"] = str(len(v.warnings)) if v.warnings else "-"
        rows.append(row)
    return rows


def _residual_order(field: str) -> tuple[int, str]:
    """Pressure first, then the velocity components, then the other fields by name."""
    first = ("p", "p_rgh", "Ux", "Uy", "Uz")
    return (first.index(field), field) if field in first else (len(first), field)


def _time_cell(v: VariantResult) -> str:
    if v.time_reached is None:
        return "-"
    if v.converged:
        return f"{v.time_reached:g} (converged)"
    return f"{v.time_reached:g}/{v.end_time:g}" if v.end_time is not None else f"{v.time_reached:g}"
