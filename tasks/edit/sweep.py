"""Parameter sweeps: one base case x a parameter grid -> case variants, planned before anything
is written.

A sweep names its parameters (`U=0.5,1,2`) and says what each one changes: a change request
in plain words with `{name}` placeholders (`"lid velocity {U} m/s"`, planned by the same
offline planner as `casewright modify`) and/or direct dictionary entries
(`constant/transportProperties:nu={nu}`). Every variant is planned against the base case
first; one that cannot be planned refuses the whole sweep, and the output folder is only
created once all of them can. Each planned edit is also applied, in memory, to the base
case's text (checked), and the plan is written to OUT/sweep-plan.json before anything runs:
`--dry-run` stops there, `--resume` re-runs only the variants without a result.
"""

from __future__ import annotations

import itertools
import json
import re
import shutil
import string
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tasks.core.errors import RequestError, UsageError
from tasks.foam import dictionary as fd
from tasks.edit.modify import CaseState, ChangePlan, ChangeResult, apply_changes, plan_changes, read_state
from tasks.plan.manifest import FileEdit
from tasks.run.report import RunReport

_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_UNSAFE = re.compile(r"[^A-Za-z0-9.+_-]+")
RESULT_DIRS = re.compile(r"^(processor\d+|postProcessing|dynamicCode|VTK|logs?)$")
MAX_VARIANTS = 64  # variants a sweep runs unless --max-variants says more
MAX_PLANNED = 10_000  # variants a --dry-run plans unless --max-variants says otherwise
PLAN_FILE = "sweep-plan.json"
RESULT_FILE = "variant.json"  # in each landed variant folder: its VariantResult
Executor = Literal["threads", "dask-local", "dask"]


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
    parallel: int = Field(1, ge=1, le=16, description="variants run at once (threads executor)")
    review: bool = Field(False, description="repair failing variants with the Reviewer")
    run: bool = True
    max_variants: int | None = Field(None, ge=1, description=f"refuse larger grids (default {MAX_VARIANTS}, "
                                                               f"{MAX_PLANNED} with dry_run)")
    np: int = Field(1, ge=1, le=64, description="MPI ranks per variant")
    executor: Executor = Field("threads", description="threads in this process, a local Dask cluster, or a "
                                                      "running dask.distributed scheduler at `address`")
    address: str | None = Field(None, description="tcp://HOST:PORT of the Dask scheduler (executor dask)")
    dry_run: bool = Field(False, description="plan, check and write sweep-plan.json; run nothing")
    resume: bool = Field(False, description="re-run only the variants of OUT without a result")

    def limit(self) -> int:
        return self.max_variants or (MAX_PLANNED if self.dry_run else MAX_VARIANTS)


class VariantPlan(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    params: dict[str, str]
    change: str | None
    plan: ChangePlan


class VariantResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    params: dict[str, str]
    case_dir: str
    status: str = Field(description="planned | written | completed, or how the run ended (failed, diverged, ...)")
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
    np: int = 1
    worker: str | None = Field(None, description="where it ran: the Dask worker's address, or host:pid")
    seconds: float | None = Field(None, description="the variant task's wall time on its worker")
    qoi: dict[str, float] = Field(default_factory=dict, description="quantities of interest (function objects)")
    acceptance: str | None = Field(None, description="the run's acceptance verdict: accept | warn | reject")


class SweepSummary(BaseModel):
    model_config = ConfigDict(extra="forbid")

    n: int
    completed: int
    failed: int = Field(description="variants whose run did not complete (failed, diverged, timed out, lost)")
    wall_s: float
    speedup_vs_serial_estimate: float | None = Field(
        None, description="the variants' own seconds added up, over the sweep's wall time")


class SweepResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    base_case: str
    out_dir: str
    params: list[SweepParam]
    executor: Executor
    address: str | None = None
    dry_run: bool = False
    variants: list[VariantResult]
    summary: SweepSummary
    plan_file: str | None = None
    csv_file: str | None = None
    plots: list[str] = Field(default_factory=list)


class SweepPlanFile(BaseModel):
    """OUT/sweep-plan.json: the whole plan, reviewable before anything runs."""

    model_config = ConfigDict(extra="forbid")

    base_case: str
    params: list[SweepParam]
    change: str | None
    sets: list[EntryTemplate]
    np: int
    variants: list[VariantPlan]


# --- parsing the command line (pure) ------------------------------------------------------------------

_RANGE = re.compile(r"^(?P<a>[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*\.\.\s*"
                    r"(?P<b>[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)(?:\s*:\s*(?P<n>\d+))?$")


def expand_range(item: str, text: str) -> list[str]:
    """`A..B:N` -> N evenly spaced values from A to B, both included; `A..B` with whole A and B ->
    every whole number from A to B. Anything else with `..` is refused."""
    m = _RANGE.match(item)
    if not m:
        raise UsageError(f"--param {text!r}: {item!r} is not a range: write A..B:N for N values from A to B "
                         f"(e.g. 0.01..0.1:10), or A..B for whole numbers (e.g. 1..10)")
    a, b = float(m.group("a")), float(m.group("b"))
    if m.group("n") is None:
        if not (a.is_integer() and b.is_integer()) or any(c in m.group("a") + m.group("b") for c in ".eE"):
            raise UsageError(f"--param {text!r}: {item!r} needs a count: A..B:N gives N values from A to B "
                             f"(e.g. {m.group('a')}..{m.group('b')}:10)")
        step = 1 if b >= a else -1
        return [str(int(v)) for v in range(int(a), int(b) + step, step)]
    n = int(m.group("n"))
    if n < 2:
        raise UsageError(f"--param {text!r}: a range needs at least 2 values (A..B:N with N >= 2)")
    return [f"{a + (b - a) * i / (n - 1):.6g}" for i in range(n)]


def parse_param(text: str) -> SweepParam:
    """`NAME=v1,v2,...` -> SweepParam; an item `A..B:N` (or `A..B` for whole numbers) is a range."""
    name, sep, values = text.partition("=")
    name = name.strip()
    if not sep or not _NAME.match(name):
        raise UsageError(f"--param {text!r}: write NAME=value1,value2,... or NAME=A..B:N "
                         f"(NAME a letter then letters, digits or _)")
    items = [v.strip() for v in values.split(",")]
    items = [x for v in items for x in (expand_range(v, text) if ".." in v else [v])]
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
    texts: dict[str, str] = {}
    for values in grid(spec.params, spec.limit()):
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
        check_edits(state.case_dir, name, plan, texts)
        plans.append(VariantPlan(name=name, params=values, change=change, plan=plan))
    names = [p.name for p in plans]
    if len(set(names)) != len(names):
        raise UsageError("two variants get the same folder name: make the parameter values differ in letters or digits")
    return plans


def check_edits(base: Path, name: str, plan: ChangePlan, texts: dict[str, str]) -> None:
    """Apply the variant's dictionary edits to the base case's text in memory, so a plan that
    cannot be written is refused before anything runs (`texts` caches the base files)."""
    edited: dict[str, str] = {}
    for e in plan.edits:
        if e.file not in texts:
            path = base / e.file
            if not path.is_file():
                raise RequestError(f"variant {name}: the base case has no {e.file} to change ({e.reason})")
            texts[e.file] = path.read_text(errors="replace")
        try:
            edited[e.file] = fd.set_entry(edited.get(e.file, texts[e.file]), e.entry, e.value)
        except fd.FoamTextError as exc:
            raise RequestError(f"variant {name}: cannot set {'/'.join(e.entry)} in {e.file}: {exc}") from exc


def check_out_dir(out_dir: Path, resume: bool = False) -> None:
    """New or empty; or holding only a sweep plan (a --dry-run's, to be run now); or, with
    --resume, a sweep's own output."""
    if not out_dir.exists():
        return
    if not out_dir.is_dir():
        raise UsageError(f"{out_dir} exists and is not a folder: choose a new --out (nothing was written)")
    names = {p.name for p in out_dir.iterdir()}
    if not names or names == {PLAN_FILE} or (resume and PLAN_FILE in names):
        return
    hint = "" if PLAN_FILE not in names else "; add --resume to run its variants without a result"
    raise UsageError(f"{out_dir} exists and is not an empty folder: choose a new --out{hint} (nothing was written)")


def check_folders(spec: SweepSpec) -> None:
    """The base is a case, and the output folder is new or empty and outside it."""
    base, out = spec.base_case.resolve(), spec.out_dir.resolve()
    if not (base / "system" / "controlDict").is_file():
        raise UsageError(f"{spec.base_case} is not an OpenFOAM case (no system/controlDict)")
    if out == base or base in out.parents:
        raise UsageError(f"--out {spec.out_dir} is inside the base case: choose a folder outside it")
    check_out_dir(spec.out_dir, spec.resume)
    if spec.resume and not (spec.out_dir / PLAN_FILE).is_file():
        raise UsageError(f"--resume: {spec.out_dir} holds no {PLAN_FILE} of an earlier sweep")


def plan_file(spec: SweepSpec, plans: Sequence[VariantPlan]) -> SweepPlanFile:
    return SweepPlanFile(base_case=str(spec.base_case), params=spec.params, change=spec.change, sets=spec.sets,
                         np=spec.np, variants=list(plans))


def write_plan(spec: SweepSpec, plans: Sequence[VariantPlan]) -> Path:
    """OUT/sweep-plan.json; with --resume (or over a --dry-run's plan) the plan must be the same one."""
    path = spec.out_dir / PLAN_FILE
    new = plan_file(spec, plans)
    if path.is_file():
        old = SweepPlanFile.model_validate_json(path.read_text())
        if [v.model_dump() for v in old.variants] != [v.model_dump() for v in new.variants]:
            raise UsageError(f"{path} holds a different plan ({len(old.variants)} variants): use the same "
                             f"--param/--change/--set as that sweep, or a new --out")
        return path
    spec.out_dir.mkdir(parents=True, exist_ok=True)
    path.write_text(new.model_dump_json(indent=1) + "\n")
    return path


def landed_results(out_dir: Path, plans: Sequence[VariantPlan]) -> dict[str, VariantResult]:
    """The variants of an earlier run of this sweep that have a result (OUT/<name>/variant.json)."""
    done = {}
    for p in plans:
        path = out_dir / p.name / RESULT_FILE
        if path.is_file():
            try:
                done[p.name] = VariantResult.model_validate(json.loads(path.read_text()))
            except ValueError:
                continue  # a half-written result: the variant runs again
    return done


def keep_base_file(rel: Path) -> bool:
    """Whether a path of the base case (relative to it) belongs to a variant: not its results
    (time folders other than 0, processor*, postProcessing, logs, report.json) and of
    Casewright's own files only the locked values."""
    top = rel.parts[0]
    if len(rel.parts) == 1 and (RESULT_DIRS.match(top) or top.startswith("log.") or top == "report.json"
                                or (_is_time(top) and top != "0")):
        return False
    return not (top == ".casewright" and len(rel.parts) > 1 and rel.parts[1] != "locked.json")


def copy_base(base: Path, dest: Path) -> None:
    """The base case without its results (see keep_base_file)."""
    def ignore(folder: str, names: list[str]) -> set[str]:
        here = Path(folder).relative_to(base)
        return {n for n in names if not keep_base_file(here / n)}

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
            if child.name != PLAN_FILE:
                shutil.rmtree(child) if child.is_dir() else child.unlink()
        if created and not any(spec.out_dir.iterdir()):
            spec.out_dir.rmdir()
        raise
    return results


def variant_result(plan: VariantPlan, case_dir: Path, change: ChangeResult | None, report: RunReport | None,
                   score: int | None, reason: str, reviewed: bool, status: str | None = None) -> VariantResult:
    status = status or ("written" if report is None else report.status)
    return VariantResult(
        name=plan.name, params=plan.params, case_dir=str(case_dir), status=status, score=score, reason=reason,
        time_reached=report.time_reached if report else None, end_time=report.end_time if report else None,
        converged=bool(report and report.converged_early),
        last_residuals={f: r.last_initial for f, r in report.residuals.items()} if report else {},
        courant_max=report.courant_max if report else None,
        wall_seconds=round(report.wall_seconds, 1) if report else None,
        changed=change.changed if change else [], warnings=report.warnings if report else [], reviewed=reviewed,
        np=report.np if report else 1,
        acceptance=report.acceptance.verdict if report and report.acceptance else None,
    )
