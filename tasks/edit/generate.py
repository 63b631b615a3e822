"""The steps of request-to-case as plain functions (the flow in flows/case.py calls them):
plan with the Architect, write with the InputWriter, check, score and report."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tasks.core.config import Settings
from tasks.edit.checks import Problem, check_case
from tasks.edit.verify import verify_stated
from tasks.edit.writer import WrittenCase, check_out_dir, write_case
from tasks.foam.casedir import mesh_patches
from tasks.foam.locked import LockCheck, check_locked
from tasks.foam.physics import loadable_model
from tasks.plan.architect import plan
from tasks.plan.manifest import BaseCandidate, CaseManifest, CaseRequest
from tasks.plan.stated import NotApplied, StatedQuantity
from tasks.plan.request_order import names_first
from tasks.run.acceptance import Acceptance, acceptance_markdown
from tasks.run.plot import plot_residuals
from tasks.run.report import RunReport, plot_paths, plots_markdown
from tasks.run.score import Score, cap_for_not_applied, rubric

log = logging.getLogger(__name__)


class RouteSummary(BaseModel):
    """How the router read the request (mode, categories, tools), and the canonical sections
    it pins for it: shown in the report and given to the LLM planner."""

    model_config = ConfigDict(extra="forbid")

    mode: str
    categories: list[str]
    tools: list[str]
    pinned: list[str] = Field(default_factory=list)
    context: str = Field("", exclude=True)


def route_request(text: str) -> RouteSummary:
    """The deterministic router and its pinned canonical sections (no store, no model)."""
    from tasks.plan.request import strip_example_notes
    from tasks.retrieval.context import pinned_sections, select_pins
    from tasks.retrieval.router import classify, load_ontology

    clean = " ".join(strip_example_notes(text).split()) or text
    ontology = load_ontology()
    route = classify(clean, ontology)
    pins = select_pins(pinned_sections(route, ontology), [clean], limit=4)
    context = "\n\n".join(f"[{p.source}]\n{p.text}" for p in pins)
    return RouteSummary(mode=route.mode, categories=route.categories[:5], tools=route.tools,
                        pinned=[p.source for p in pins], context=context)


class ReviewSummary(BaseModel):
    """What the Reviewer did to a failing first run of `new`."""

    model_config = ConfigDict(extra="forbid")

    initial_status: str
    initial_problem: str | None
    repaired: bool
    cycles: list[str] = Field(description="one line per cycle: rule, outcome, files changed")
    stopped: str
    history_dir: str


def review_summary(review: Any) -> ReviewSummary:
    """The ReviewReport of tasks/review/session.py in a few lines."""
    return ReviewSummary(
        initial_status=review.initial_status,
        initial_problem=review.initial_problem.message if review.initial_problem else None,
        repaired=review.repaired, stopped=review.stopped, history_dir=review.history_dir,
        cycles=[f"{c.cycle}: {c.rule} -> {c.outcome} ({', '.join(c.files_changed) or 'no file'})" for c in review.cycles],
    )


class CaseResult(BaseModel):
    """What `casewright new` reports."""

    model_config = ConfigDict(extra="forbid")

    case_dir: str
    status: Literal["written", "completed", "failed"]
    score: int | None
    score_reason: str
    solver: str
    recipe: str
    base: str | None
    turbulence: str
    assumptions: list[str]
    warnings: list[str]
    checks: list[Problem]
    locked: list[LockCheck]
    files: list[str]
    run: RunReport | None = None
    residual_plot: str | None = None
    shortened: str | None = None
    planner: str = "deterministic"
    example_used: bool = False
    notes: list[str] = Field(default_factory=list)
    route: RouteSummary | None = None
    review: ReviewSummary | None = None
    stated: list[StatedQuantity] = Field(default_factory=list)
    not_applied: list[NotApplied] = Field(default_factory=list)
    base_candidates: list[BaseCandidate] = Field(default_factory=list)
    geometry: dict[str, Any] | None = None
    acceptance: Acceptance | None = None


def example_fits(example: Path, manifest: CaseManifest) -> tuple[bool, str]:
    """A user's example case is used as the base when its mesh has the planned patches."""
    if not (example / "system/controlDict").is_file():
        return False, f"{example} is not an OpenFOAM case (no system/controlDict)"
    have = set(mesh_patches(example))
    want = {p.name for p in manifest.patches}
    if manifest.mesh_params.get("rectangle") or manifest.mesh_params.get("m4"):
        return False, f"the example's geometry ({', '.join(sorted(have))}) differs from the planned {manifest.recipe} geometry"
    if want and want <= have:
        return True, f"the example's mesh has the planned patches ({', '.join(sorted(want))})"
    return False, f"the example's patches ({', '.join(sorted(have)) or 'none'}) do not match the planned {manifest.recipe} case"


def plan_request(request: CaseRequest, settings: Settings, route: RouteSummary | None = None) -> CaseManifest:
    check_out_dir(request.out_dir, request.force)  # refuse before any work
    request = request.model_copy(update={"text": names_first(request.text)})  # "1e-5 for the nu" -> "nu 1e-5"
    manifest = choose_plan(request, settings, context=route.context if route else "")
    if request.example_dir is not None:
        fits, why = example_fits(Path(request.example_dir), manifest)
        if fits:
            manifest.base_kind = "example"
            manifest.base_tutorial = str(request.example_dir)
            manifest.assumptions.append(f"base = your example {request.example_dir} ({why})")
        else:
            manifest.assumptions.append(f"example {request.example_dir} not used as the base: {why}; "
                                        f"base = {manifest.base_tutorial}")
    loadable, why = loadable_model(manifest.solver, manifest.turbulence.model)
    if why is not None:  # driftFluxFoam + kOmegaSST: the model the solver can load, said first
        manifest.turbulence.model = loadable
        manifest.warnings.insert(0, why)
    log.info("planned %s with %s (%s)", manifest.recipe, manifest.solver, manifest.turbulence.model)
    return manifest


def choose_plan(request: CaseRequest, settings: Settings, llm=None, context: str = "") -> CaseManifest:
    """The deterministic planner, widened by the LLM planner when one is configured; a request
    with the user's STL or mesh (--geometry, --mesh) is built on that, and one that describes a
    shape of the geometry library with sizes or parameters no tutorial has is built on that shape
    before any tutorial or family recipe is tried (tasks/plan/generic.shape_to_build)."""
    from tasks.edit.parametric import plan_geometry
    from tasks.edit.user_mesh import plan_user_mesh
    from tasks.plan.generic import GeometryDescribed, shape_to_build
    from tasks.plan.request import build_context
    from tasks.plan.stated import read_stated

    if request.geometry or request.mesh:
        return plan_user_mesh(request, settings.tutorials_dir)
    ctx = build_context(request.text, settings.tutorials_dir, request.example_dir)
    spec = shape_to_build(ctx, read_stated(ctx.text))
    if spec is not None:
        return plan_geometry(request.text, settings.tutorials_dir, spec)
    try:
        return _choose_plan(request, settings, llm, context)
    except GeometryDescribed as described:
        return plan_geometry(request.text, settings.tutorials_dir, described.spec)


def _choose_plan(request: CaseRequest, settings: Settings, llm=None, context: str = "") -> CaseManifest:
    from tasks.core.errors import PlanError, RequestError
    from tasks.core.llm import make_llm_client
    from tasks.plan.llm import plan_with_llm

    llm = llm if llm is not None else (make_llm_client(settings) if settings.llm_planner != "off" else None)
    if llm is None:
        return plan(request.text, settings.tutorials_dir, request.example_dir, request.allow_substitute)
    if settings.llm_planner == "first":
        try:
            return plan_with_llm(llm, request.text, settings.tutorials_dir, context)
        except PlanError as exc:
            manifest = plan(request.text, settings.tutorials_dir, request.example_dir)
            manifest.warnings.append(f"LLM plan not used ({str(exc)[:160]}); planned offline")
            return manifest
    try:
        return plan(request.text, settings.tutorials_dir, request.example_dir)
    except RequestError as refused:
        try:
            return plan_with_llm(llm, request.text, settings.tutorials_dir, context)
        except PlanError as exc:
            raise RequestError(f"{refused} (the LLM planner also failed: {str(exc)[:160]})") from None


def write_planned_case(request: CaseRequest, manifest: CaseManifest, settings: Settings) -> WrittenCase:
    example = Path(request.example_dir) if manifest.base_kind == "example" and request.example_dir else None
    written = write_case(manifest, Path(request.out_dir), settings.tutorials_dir, request.force, example)
    if manifest.base_kind == "parametric" and manifest.base_tutorial:
        import shutil

        shutil.rmtree(manifest.base_tutorial, ignore_errors=True)  # the scratch case it was built from
    return written


def check_written_case(written: WrittenCase, manifest: CaseManifest) -> list[Problem]:
    return check_case(written.case_dir, manifest.solver)


def score_case(request: CaseRequest, manifest: CaseManifest, written: WrittenCase,
               problems: list[Problem], report: RunReport | None, route: RouteSummary | None = None,
               review: ReviewSummary | None = None) -> CaseResult:
    locks = check_locked(written.case_dir)
    stated, not_applied = verify_stated(written.case_dir, manifest.stated, manifest.bindings, manifest.not_applied)
    plot = None
    if report is None:
        status, score = "written", Score(score=0, reason="not run (--no-run)")
        value: int | None = None
    else:
        score = cap_for_not_applied(rubric(report, locks), not_applied)
        if manifest.substituted and score.score > 2:
            score = Score(score=2, reason=f"geometry substituted by the tutorial's; {score.reason}")
        value = score.score
        status = "completed" if report.status == "completed" else "failed"
        drawn = plot_paths(report).get("residuals")  # write_report drew it with the run's report
        solver_step = next((s for s in report.steps if s.command == manifest.solver), None)
        if drawn is not None and drawn.is_file():
            plot = str(drawn)
        elif solver_step is not None:
            from tasks.run.logs import parse_log_file

            png = plot_residuals(parse_log_file(solver_step.log_path), written.case_dir / "residuals.png",
                                 f"{written.case_dir.name}: {manifest.solver}")
            plot = str(png) if png else None
    shortened = report.shortened if report is not None else None
    if manifest.time.shortened_from is not None:
        shortened = f"endTime shortened from {manifest.time.shortened_from} to {manifest.time.end_time}"
    return CaseResult(
        case_dir=str(written.case_dir), status=status, score=value, score_reason=score.reason,
        solver=manifest.solver, recipe=manifest.recipe, base=manifest.base_tutorial,
        turbulence=manifest.turbulence.model, assumptions=manifest.assumptions, warnings=manifest.warnings,
        checks=problems, locked=locks, files=written.files, run=report, residual_plot=plot, shortened=shortened,
        planner=manifest.planner, example_used=manifest.base_kind == "example", route=route, review=review,
        stated=stated, not_applied=not_applied, base_candidates=manifest.base_candidates,
        acceptance=report.acceptance if report is not None else None,
        geometry=geometry_summary(manifest, written.case_dir),
    )


def geometry_summary(manifest: CaseManifest, case: Path) -> dict[str, Any]:
    """kind (tutorial | parametric | gmsh | example), shape, dimensions, cells, and the mesh
    quality checkMesh reported when it ran."""

    from tasks.foam.geometry import block_cell_counts
    from tasks.geometry.quality import parse_check_mesh

    if manifest.values.get("geometry"):
        summary = dict(manifest.values["geometry"])
    else:
        bmd = case / "system/blockMeshDict"
        counts = block_cell_counts(bmd.read_text()) if bmd.is_file() else []
        summary = {"kind": "example" if manifest.base_kind == "example" else "tutorial",
                   "shape": (manifest.base_tutorial or "").rstrip("/").rsplit("/", 1)[-1], "dimensions": {},
                   "cells": sum(a * b * c for a, b, c in counts) or None}
    log = case / "log.checkMesh"
    if log.is_file():
        q = parse_check_mesh(log.read_text(errors="replace"))
        summary["mesh_quality"] = {"max_non_orthogonality": q.max_non_orthogonality, "max_skewness": q.max_skewness,
                                   "max_aspect_ratio": q.max_aspect_ratio, "ok": q.ok}
        summary["cells"] = getattr(q, "n_cells", None) or summary.get("cells")
    else:
        summary["mesh_quality"] = None
    return summary


def result_markdown(result: CaseResult) -> str:
    lines = [
        f"# {Path(result.case_dir).name}: {result.status}" + (f", score {result.score}/4" if result.score is not None else ""),
        "",
    ]
    lines += [f"- NOT APPLIED: {n.text} ({n.reason})" for n in result.not_applied]
    lines += [
        f"- {result.score_reason}",
        f"- solver `{result.solver}`, turbulence `{result.turbulence}`, recipe `{result.recipe}`, base `{result.base}`",
    ]
    if result.route:
        lines.append(f"- routed: {result.route.mode} mode, {', '.join(result.route.categories[:3])}; "
                     f"canonical notes: {', '.join(p.split('#')[-1] for p in result.route.pinned[:3])}")
    if result.shortened:
        lines.append(f"- {result.shortened}")
    if result.review:
        r = result.review
        lines.append(f"- the first run {r.initial_status} ({r.initial_problem or 'no problem named'}); the Reviewer "
                     f"{'repaired it' if r.repaired else 'stopped: ' + r.stopped} in {len(r.cycles)} cycle(s)")
        lines += [f"  - cycle {c}" for c in r.cycles]
    if result.stated:
        lines += ["", "| stated | role | file | entry | verified |", "|---|---|---|---|---|"]
        lines += [f"| {q.text} | {q.role} | {q.file or '-'} | {'/'.join(q.entry or []) or '-'} | "
                  f"{'yes' if q.verified else 'NO'} |" for q in result.stated]
    if result.base_candidates:
        lines += ["", "Base candidates: " + "; ".join(f"{c.tutorial} ({c.score:.0f}: {c.why})"
                                                     for c in result.base_candidates[:3])]
    if result.locked:
        lines += ["", "| requested value | file | found | ok |", "|---|---|---|---|"]
        lines += [f"| {c.name} | {c.file} | {c.found} | {'yes' if c.ok else 'NO'} |" for c in result.locked]
    if result.assumptions:
        lines += ["", "Assumptions:"] + [f"- {a}" for a in result.assumptions]
    if result.run and result.run.y_plus:
        lines += ["", "y+ on walls (average, min-max): " + ", ".join(
            f"{w.patch} {w.average:.3g} ({w.min:.3g}-{w.max:.3g})" for w in result.run.y_plus)]
    if result.acceptance:
        lines += ["", acceptance_markdown(result.acceptance)]
    if result.warnings:
        lines += ["", "Warnings:"] + [f"- {w}" for w in result.warnings]
    if result.run and result.run.warnings:
        lines += ["", "From the run:"] + [f"- {w}" for w in result.run.warnings[:10]]
    if result.checks:
        lines += ["", "Pre-run checks:"] + [f"- {p.severity} in {p.file}: {p.message} (fix: {p.fix})" for p in result.checks]
    if result.run is not None and result.run.plots:
        lines += plots_markdown(result.run)
    elif result.residual_plot:
        lines += ["", f"Residual plot: `{result.residual_plot}`"]
    return "\n".join(lines) + "\n"
