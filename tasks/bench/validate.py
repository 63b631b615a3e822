"""Validation against published data (`casewright bench validate`).

Each case is either a request that `new` plans and writes (the lid-driven cavity at Re 100
and 400, the pitzDaily step), or a case built here from installed-tutorial dictionaries with
the project's own writers (tasks/edit/caseops.py, templates/foam/) where the planner cannot
yet express the geometry (periodic channels, the differentially heated cavity, the flat
plate). After the run, `postProcess -func writeCellCentres` gives the cell centres; the
metric is computed from the last written fields and compared with the reference data in
benchmarks/validation/ (each file carries its citation) or with the analytic solution.

Pure functions apart from the builders (which write a case folder) and the plots (PNG).
"""

from __future__ import annotations

import csv
import shutil
from collections.abc import Callable
from pathlib import Path

import numpy as np
import yaml
from pydantic import BaseModel, ConfigDict

from tasks.core.errors import UsageError
from tasks.core.paths import BENCHMARKS_DIR
from tasks.core.render import render
from tasks.edit import caseops
from tasks.foam import dictionary as fd
from tasks.foam.defaults import convection_scheme, linear_solver_body
from tasks.foam.files import find_file, read_text
from tasks.foam.geometry import rectangle
from tasks.foam.physics import fmt
from tasks.run.acceptance import latest_time, read_internal_field
from tasks.run.runner import Step

VALIDATION_DIR = BENCHMARKS_DIR / "validation"
PITZDAILY = "incompressible/simpleFoam/pitzDaily"
HOTROOM = "heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom"
PROVENANCE = "bench validate"


class ValidationCase(BaseModel):
    """One run: a request for `new`, or a builder name with its parameters."""

    model_config = ConfigDict(extra="forbid")

    id: str
    request: str | None = None
    builder: str | None = None
    params: dict[str, float] = {}
    mesh: str


class Comparison(BaseModel):
    """One metric of one run against its reference (the `bench validate --json` row)."""

    model_config = ConfigDict(extra="forbid")

    id: str
    reference: str
    metric: str
    value: float | None
    reference_value: float | None
    error: float | None
    tolerance: float
    passed: bool
    plot: str | None = None
    case_dir: str = ""
    mesh: str = ""
    verdict: str | None = None
    note: str = ""


GHIA = "Ghia, Ghia & Shin (1982), J. Comput. Phys. 48, 387-411, Tables I-II"
DE_VAHL_DAVIS = "de Vahl Davis (1983), Int. J. Numer. Meth. Fluids 3, 249-264"
PITZ_DAILY = "Pitz & Daily (1983), AIAA J. 21, 1565-1570"

CASES: list[ValidationCase] = [
    ValidationCase(id="cavity-re100", mesh="64 x 64 uniform", params={"Re": 100},
                   request="lid-driven cavity, unit square, 64 x 64 cells, lid velocity 1 m/s, "
                           "kinematic viscosity 0.01 m2/s, run until 10 s, write every 5 s"),
    ValidationCase(id="cavity-re400", mesh="64 x 64 uniform", params={"Re": 400},
                   request="lid-driven cavity, unit square, 64 x 64 cells, lid velocity 1 m/s, "
                           "kinematic viscosity 0.0025 m2/s, run until 25 s, write every 12.5 s"),
    ValidationCase(id="poiseuille", builder="channel", mesh="4 x 40 uniform, periodic in x",
                   params={"H": 1.0, "nu": 0.1, "Ubar": 1.0, "ny": 40}),
    ValidationCase(id="couette", builder="channel", mesh="4 x 20 uniform, periodic in x",
                   params={"H": 1.0, "nu": 0.1, "Uwall": 1.0, "ny": 20}),
    ValidationCase(id="heated-cavity-ra1e3", builder="heated_cavity", mesh="40 x 40, graded 3:1 to the walls",
                   params={"Ra": 1e3, "n": 40}),
    ValidationCase(id="heated-cavity-ra1e4", builder="heated_cavity", mesh="64 x 64, graded 3:1 to the walls",
                   params={"Ra": 1e4, "n": 64}),
    ValidationCase(id="heated-cavity-ra1e5", builder="heated_cavity", mesh="64 x 64, graded 3:1 to the walls",
                   params={"Ra": 1e5, "n": 64}),
    ValidationCase(id="pitzdaily-reattachment", mesh="the tutorial's 12,225 cells",
                   request="pitzDaily backward-facing step with simpleFoam and the k-epsilon model, "
                           "inlet velocity 10 m/s, 3000 iterations"),
    ValidationCase(id="blasius-plate", builder="flat_plate", mesh="30 + 120 x 60 cells, graded to the plate",
                   params={"Re_L": 1e4}),
]

# Tolerances, with the reasons BENCHMARKS.md gives for them.
TOLERANCE = {
    "cavity-re100": 0.02, "cavity-re400": 0.04, "poiseuille-profile": 0.01, "poiseuille-dpdx": 0.01,
    "couette": 0.005, "heated-cavity-ra1e3": 0.02, "heated-cavity-ra1e4": 0.02, "heated-cavity-ra1e5": 0.03,
    "pitzdaily-reattachment": 0.20, "blasius-plate": 0.05,
}


def validation_cases(only: list[str] | None = None) -> list[ValidationCase]:
    if not only:
        return list(CASES)
    known = {c.id for c in CASES}
    unknown = [o for o in only if o not in known]
    if unknown:
        raise UsageError(f"unknown validation case(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    return [c for c in CASES if c.id in only]


def post_steps(application: str) -> list[Step]:
    """Cell centres of the last time (the fields are read by the comparisons)."""
    return [Step(command="postProcess", args=["-func", "writeCellCentres", "-latestTime"],
                 log_name="log.writeCellCentres")]


# --- reference data ----------------------------------------------------------------------


def read_reference_csv(name: str) -> dict[str, np.ndarray]:
    """Columns of a reference CSV in benchmarks/validation/ (lines starting with # are its citation)."""
    path = VALIDATION_DIR / name
    rows = [line for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]
    reader = csv.reader(rows)
    header = next(reader)
    data = np.array([[float(x) for x in row] for row in reader])
    return {h: data[:, i] for i, h in enumerate(header)}


def read_reference_yaml(name: str) -> dict:
    return yaml.safe_load((VALIDATION_DIR / name).read_text())


# --- case builders -----------------------------------------------------------------------


def _copy_base(tutorials: Path, base: str, case: Path, files: list[str]) -> None:
    if case.exists():
        shutil.rmtree(case)
    for rel in files:
        src = find_file((tutorials / base / rel).parent, Path(rel).name)
        if src is None:
            raise UsageError(f"the OpenFOAM tutorial file {tutorials / base / rel} is missing; install openfoam-examples")
        text = read_text(src)
        if rel == "system/controlDict":  # the tutorial's own function objects (streamlines, ...) are not ours
            text = fd.remove_entry(text, ["functions"])
        caseops.write(case, rel, text)


def _write_mesh(case: Path, mesh, neighbours: dict[str, str] | None = None, description: str = "",
                grading: list | None = None) -> None:
    """blockMeshDict from templates/foam/blockMeshDict.j2; `grading` replaces every block's
    (multi-grading lists allowed, e.g. cells clustered toward both walls)."""
    patches = [p.model_dump() for p in mesh.patches]
    blocks = [b.model_dump() for b in mesh.blocks]
    if grading is not None:
        for b in blocks:
            b["grading"] = grading
    for p in patches:
        if p["name"] in (neighbours or {}):
            p["neighbour"] = neighbours[p["name"]]
    text = render("foam/blockMeshDict.j2", foam_class="dictionary", object="blockMeshDict", location="system",
                  provenance=PROVENANCE, description=description or f"{mesh.n_cells} cells",
                  vertices=mesh.vertices, blocks=blocks, patches=patches)
    caseops.write(case, "system/blockMeshDict", text)


def _steady_laminar_numerics(case: Path, fields: list[str], residual: dict[str, str], closed: bool,
                             end: int, consistent: bool = True) -> None:
    """SIMPLE(C), canonical second-order bounded convection, tight residual controls."""
    sch = caseops.read(case, "system/fvSchemes")
    for f in fields:
        if f not in ("p", "p_rgh"):
            sch = fd.set_entry(sch, ["divSchemes", f"div(phi,{f})"], convection_scheme(f, steady=True))
    caseops.write(case, "system/fvSchemes", sch)
    sol = caseops.read(case, "system/fvSolution")
    for f in fields:
        sol = fd.set_entry(sol, ["solvers", f], linear_solver_body(f))
    sol = fd.set_entry(sol, ["SIMPLE", "residualControl"], residual)
    sol = fd.set_entry(sol, ["SIMPLE", "consistent"], "yes" if consistent else "no")
    if closed:
        sol = fd.set_entry(sol, ["SIMPLE", "pRefCell"], "0")
        sol = fd.set_entry(sol, ["SIMPLE", "pRefValue"], "0")
    caseops.write(case, "system/fvSolution", sol)
    caseops.set_control(case, endTime=str(end), deltaT="1", writeControl="timeStep", writeInterval=str(end))


def build_channel(case: Path, tutorials: Path, params: dict[str, float]) -> None:
    """A plane channel periodic in x: Poiseuille (mean velocity held by meanVelocityForce)
    or Couette (the upper wall moves), laminar simpleFoam."""
    _copy_base(tutorials, PITZDAILY, case, ["system/controlDict", "system/fvSchemes", "system/fvSolution",
                                            "constant/transportProperties", "constant/turbulenceProperties"])
    h, ny = params["H"], int(params["ny"])
    names = {"bottom": "lowerWall", "top": "upperWall", "left": "left", "right": "right"}
    mesh = rectangle([0.0, 0.1 * h], [0.0, h], [4], [ny], lambda side, _: names[side],
                     {"lowerWall": "wall", "upperWall": "wall", "left": "cyclic", "right": "cyclic"},
                     thickness=0.1 * h)
    _write_mesh(case, mesh, {"left": "right", "right": "left"}, "plane channel, periodic in x")
    caseops.edit(case, "constant/transportProperties", ["nu"], fmt(params["nu"]))
    caseops.set_turbulence_model(case, "laminar", "simpleFoam", {}, {}, PROVENANCE, keep_existing=False)
    couette = "Uwall" in params
    wall_u = fmt(params.get("Uwall", 0.0))
    roles = {"upperWall": "movingWall" if couette else "wall", "lowerWall": "wall", "left": "cyclic", "right": "cyclic"}
    values = {"U": f"({wall_u} 0 0)"}
    caseops.write_field(case, "U", "simpleFoam", "laminar", "uniform (0 0 0)", roles, values, PROVENANCE)
    caseops.write_field(case, "p", "simpleFoam", "laminar", "uniform 0", roles, values, PROVENANCE)
    if not couette:
        text = render("foam/fvOptions.j2", foam_class="dictionary", object="fvOptions", location="constant",
                      provenance=PROVENANCE, ubar=[params["Ubar"], 0, 0])
        caseops.write(case, "constant/fvOptions", text)
    _steady_laminar_numerics(case, ["U", "p"], {"p": "2e-6", "U": "2e-6"}, closed=True, end=4000)


def heated_cavity_properties(ra: float, pr: float = 0.71, length: float = 1.0, d_t: float = 1.0,
                             g: float = 9.81, nu: float = 1e-3) -> dict[str, float]:
    """beta for the Rayleigh number Ra = g beta dT L^3 / (nu alpha), alpha = nu / Pr."""
    alpha = nu / pr
    return {"nu": nu, "Pr": pr, "beta": ra * nu * alpha / (g * d_t * length**3), "dT": d_t, "L": length, "g": g}


def build_heated_cavity(case: Path, tutorials: Path, params: dict[str, float]) -> None:
    """de Vahl Davis's square cavity: hot wall x = 0, cold wall x = L, adiabatic top and
    bottom, Pr 0.71, laminar buoyantBoussinesqSimpleFoam (from the hotRoom dictionaries)."""
    _copy_base(tutorials, HOTROOM, case, ["system/controlDict", "system/fvSchemes", "system/fvSolution",
                                          "constant/g", "constant/transportProperties",
                                          "constant/turbulenceProperties"])
    n = int(params["n"])
    prop = heated_cavity_properties(params["Ra"])
    names = {"left": "hotWall", "right": "coldWall", "bottom": "bottomWall", "top": "topWall"}
    mesh = rectangle([0.0, prop["L"]], [0.0, prop["L"]], [n], [n], lambda side, _: names[side],
                     {v: "wall" for v in names.values()}, thickness=0.1 * prop["L"])
    both_walls = [[0.5, 0.5, 3.0], [0.5, 0.5, 1 / 3.0]]  # cells 3x finer at the walls than at the centre
    _write_mesh(case, mesh, description="differentially heated square cavity, graded to the walls",
                grading=[both_walls, both_walls, 1])
    t_ref = 300.0
    tp = "constant/transportProperties"
    for key, value in (("nu", prop["nu"]), ("beta", prop["beta"]), ("TRef", t_ref), ("Pr", prop["Pr"])):
        caseops.edit(case, tp, [key], f"{value:.6g}")
    caseops.edit(case, "constant/g", ["value"], f"(0 {-prop['g']:g} 0)")
    solver = "buoyantBoussinesqSimpleFoam"
    caseops.set_turbulence_model(case, "laminar", solver, {}, {}, PROVENANCE, keep_existing=False)
    roles = {"hotWall": "heatedWall", "coldWall": "heatedWall", "bottomWall": "wall", "topWall": "wall"}
    values = {"U": "(0 0 0)", "T": fmt(t_ref + prop["dT"] / 2)}
    for field, internal in (("U", "uniform (0 0 0)"), ("p", "uniform 0"), ("p_rgh", "uniform 0"),
                            ("T", f"uniform {fmt(t_ref)}")):
        caseops.write_field(case, field, solver, "laminar", internal, roles, values, PROVENANCE)
    caseops.set_patch_value(case, "T", "coldWall", f"uniform {fmt(t_ref - prop['dT'] / 2)}")
    for f in ("k", "epsilon", "nut", "T.orig"):
        (case / "0" / f).unlink(missing_ok=True)
    _steady_laminar_numerics(case, ["U", "T", "p_rgh"], {"p_rgh": "2e-6", "U": "2e-6", "T": "2e-6"},
                             closed=True, end=6000, consistent=False)


def build_flat_plate(case: Path, tutorials: Path, params: dict[str, float]) -> None:
    """A laminar flat plate at zero incidence (x = 0..1 m, Re_L from U = 1 m/s and nu): a
    symmetry plane ahead of the leading edge, free top (fixed p, zero-gradient U), simpleFoam."""
    _copy_base(tutorials, PITZDAILY, case, ["system/controlDict", "system/fvSchemes", "system/fvSolution",
                                            "constant/transportProperties", "constant/turbulenceProperties"])
    nu = 1.0 / params["Re_L"]
    seg = {("bottom", 0): "symmetryFront", ("bottom", 1): "plate"}
    names = {"left": "inlet", "right": "outlet", "top": "top"}
    mesh = rectangle([-0.2, 0.0, 1.0], [0.0, 0.4], [30, 120], [60],
                     lambda side, i: seg.get((side, i), names.get(side, side)),
                     {"plate": "wall", "symmetryFront": "symmetryPlane", "inlet": "patch", "outlet": "patch",
                      "top": "patch"}, thickness=0.05)
    mesh.blocks[0].grading = [0.1, 40, 1]   # cells shrink toward the leading edge and the wall
    mesh.blocks[1].grading = [8, 40, 1]
    _write_mesh(case, mesh, description="laminar flat plate")
    caseops.edit(case, "constant/transportProperties", ["nu"], fmt(nu))
    caseops.set_turbulence_model(case, "laminar", "simpleFoam", {}, {}, PROVENANCE, keep_existing=False)
    roles = {"inlet": "inlet", "outlet": "outlet", "top": "outlet", "plate": "wall", "symmetryFront": "symmetryPlane"}
    values = {"U": "(1 0 0)"}
    caseops.write_field(case, "U", "simpleFoam", "laminar", "uniform (1 0 0)", roles, values, PROVENANCE)
    caseops.set_patch_bc(case, "U", "top", {"type": "zeroGradient"})
    caseops.write_field(case, "p", "simpleFoam", "laminar", "uniform 0", roles, values, PROVENANCE)
    _steady_laminar_numerics(case, ["U", "p"], {"p": "2e-6", "U": "2e-6"}, closed=False, end=3000)


BUILDERS: dict[str, Callable[[Path, Path, dict[str, float]], None]] = {
    "channel": build_channel, "heated_cavity": build_heated_cavity, "flat_plate": build_flat_plate,
}


def build_case(case: ValidationCase, out: Path, tutorials: Path) -> Path:
    if case.builder is None:
        raise UsageError(f"validation case {case.id} is a request for `new`, not a built case")
    BUILDERS[case.builder](out, tutorials, case.params)
    application = fd.get(caseops.read(out, "system/controlDict"), ["application"]) or ""
    caseops.add_monitors(out, application.strip())  # as `new` writes them: the acceptance checks read them
    return out


# --- reading the results -------------------------------------------------------------------


def cell_data(case: Path, fields: list[str]) -> dict[str, np.ndarray]:
    """Cell centres (x, y) and the named fields of the last written time."""
    time = latest_time(case)
    if time is None:
        raise UsageError(f"{case}: no time directory with results")
    out = {"x": read_internal_field(case / time / "Cx"), "y": read_internal_field(case / time / "Cy")}
    for f in fields:
        out[f] = read_internal_field(case / time / f)
    return out


def line_profile(coord: np.ndarray, along: np.ndarray, value: np.ndarray, at: float) -> tuple[np.ndarray, np.ndarray]:
    """Values on the line coord = at, linearly interpolated between the two nearest columns
    of cell centres; returned sorted by the `along` coordinate."""
    columns = np.unique(np.round(coord, 9))
    lo = columns[columns <= at + 1e-12].max()
    hi = columns[columns >= at - 1e-12].min()
    w = 0.0 if hi == lo else (at - lo) / (hi - lo)
    a = np.isclose(coord, lo, atol=1e-9)
    b = np.isclose(coord, hi, atol=1e-9)
    ia, ib = np.argsort(along[a]), np.argsort(along[b])
    return along[a][ia], (1 - w) * value[a][ia] + w * value[b][ib]


def max_abs_error(s: np.ndarray, v: np.ndarray, s_ref: np.ndarray, v_ref: np.ndarray, scale: float) -> float:
    return float(np.max(np.abs(np.interp(s_ref, s, v) - v_ref)) / scale)


# --- comparisons ---------------------------------------------------------------------------


def compare_cavity(case: ValidationCase, case_dir: Path, plot_dir: Path) -> list[Comparison]:
    """u on the vertical centreline and v on the horizontal one against Ghia et al. (1982)."""
    re_col = f"Re{int(case.params['Re'])}"
    d = cell_data(case_dir, ["U"])
    length = float(d["x"].max() + d["x"].min())  # the centres are symmetric about L/2
    u = d["U"][:, 0]
    v = d["U"][:, 1]
    ys, us = line_profile(d["x"], d["y"], u, length / 2)
    xs, vs = line_profile(d["y"], d["x"], v, length / 2)
    ys, us = np.r_[0.0, ys / length, 1.0], np.r_[0.0, us, 1.0]
    xs, vs = np.r_[0.0, xs / length, 1.0], np.r_[0.0, vs, 0.0]
    gu = read_reference_csv("ghia1982_u_vertical_centreline.csv")
    gv = read_reference_csv("ghia1982_v_horizontal_centreline.csv")
    inner_u = (gu["y"] > 0) & (gu["y"] < 1)
    inner_v = (gv["x"] > 0) & (gv["x"] < 1)
    note = ""
    if re_col == "Re400":  # the suspected misprint in Table II (see the CSV header)
        inner_v &= ~np.isclose(gv["x"], 0.9063)
        note = "Ghia Table II Re 400 x = 0.9063 (-0.23827, a suspected misprint) left out"
    err_u = max_abs_error(ys, us, gu["y"][inner_u], gu[re_col][inner_u], 1.0)
    err_v = max_abs_error(xs, vs, gv["x"][inner_v], gv[re_col][inner_v], 1.0)
    png = plot_dir / f"{case.id}.png"
    _plot_cavity(png, case.id, (ys, us, gu["y"], gu[re_col]), (xs, vs, gv["x"], gv[re_col], inner_v | (gv["x"] <= 0) | (gv["x"] >= 1)))
    tol = TOLERANCE[case.id]
    common = dict(reference=GHIA, tolerance=tol, plot=str(png), case_dir=str(case_dir), mesh=case.mesh)
    return [
        Comparison(id=f"{case.id}-u", metric="max |u - u_Ghia| / U_lid on x = L/2", value=err_u,
                   reference_value=0.0, error=err_u, passed=err_u <= tol, **common),
        Comparison(id=f"{case.id}-v", metric="max |v - v_Ghia| / U_lid on y = L/2", value=err_v,
                   reference_value=0.0, error=err_v, passed=err_v <= tol, note=note, **common),
    ]


def poiseuille_gradient(log_text: str) -> float | None:
    """The last `pressure gradient = X` that meanVelocityForce printed."""
    import re

    found = re.findall(r"pressure gradient = ([-+0-9.eE]+)", log_text)
    return float(found[-1]) if found else None


def compare_channel(case: ValidationCase, case_dir: Path, plot_dir: Path) -> list[Comparison]:
    """Plane Poiseuille (profile and pressure gradient) or Couette (linear profile), analytic."""
    p = case.params
    d = cell_data(case_dir, ["U"])
    x0 = float(np.unique(np.round(d["x"], 9))[0])
    y, u = line_profile(d["x"], d["y"], d["U"][:, 0], x0)
    h = p["H"]
    png = plot_dir / f"{case.id}.png"
    common = dict(plot=str(png), case_dir=str(case_dir), mesh=case.mesh)
    if "Uwall" in p:
        exact = p["Uwall"] * y / h
        err = float(np.max(np.abs(u - exact)) / p["Uwall"])
        _plot_profile(png, case.id, u, y, lambda s: p["Uwall"] * s / h, h, "u = U y / H")
        tol = TOLERANCE["couette"]
        return [Comparison(id="couette", reference="analytic: u = U_wall y / H", metric="max |u - u_exact| / U_wall",
                           value=err, reference_value=0.0, error=err, tolerance=tol, passed=err <= tol, **common)]
    ubar, nu = p["Ubar"], p["nu"]
    exact = 6 * ubar * (y / h) * (1 - y / h)
    err = float(np.max(np.abs(u - exact)) / (1.5 * ubar))
    _plot_profile(png, case.id, u, y, lambda s: 6 * ubar * (s / h) * (1 - s / h), h, "u = 6 Ubar (y/H)(1 - y/H)")
    grad = poiseuille_gradient((case_dir / "log.simpleFoam").read_text(errors="replace"))
    grad_ref = 12 * nu * ubar / h**2
    grad_err = abs(grad - grad_ref) / grad_ref if grad is not None else None
    tp, tg = TOLERANCE["poiseuille-profile"], TOLERANCE["poiseuille-dpdx"]
    return [
        Comparison(id="poiseuille-profile", reference="analytic: u = 6 Ubar (y/H)(1 - y/H)",
                   metric="max |u - u_exact| / u_max", value=err, reference_value=0.0, error=err, tolerance=tp,
                   passed=err <= tp, **common),
        Comparison(id="poiseuille-dpdx", reference="analytic: -dp/dx = 12 nu Ubar / H^2",
                   metric="pressure gradient (meanVelocityForce) / (m/s2)", value=grad, reference_value=grad_ref,
                   error=grad_err, tolerance=tg, passed=grad_err is not None and grad_err <= tg, **common),
    ]


def hot_wall_nusselt(x: np.ndarray, y: np.ndarray, t: np.ndarray, t_hot: float, d_t: float, length: float) -> float:
    """Mean Nusselt number on the wall x = 0: the wall gradient from the wall value and the
    first two cell centres of each row (second order), averaged over the rows."""
    nus = []
    for row in np.unique(np.round(y, 9)):
        sel = np.isclose(y, row, atol=1e-9)
        order = np.argsort(x[sel])
        x1, x2 = x[sel][order][:2]
        t1, t2 = t[sel][order][:2]
        # T(x) = Tw + a x + b x^2 through (x1, t1) and (x2, t2)
        a = ((t1 - t_hot) * x2**2 - (t2 - t_hot) * x1**2) / (x1 * x2 * (x2 - x1))
        nus.append(-a * length / d_t)
    return float(np.mean(nus))


def compare_heated_cavity(case: ValidationCase, case_dir: Path, plot_dir: Path) -> list[Comparison]:
    ref = read_reference_yaml("devahldavis1983_nusselt.yaml")
    ra = case.params["Ra"]
    prop = heated_cavity_properties(ra)
    d = cell_data(case_dir, ["T"])
    nu = hot_wall_nusselt(d["x"], d["y"], d["T"], 300.0 + prop["dT"] / 2, prop["dT"], prop["L"])
    table = {float(k): float(v) for k, v in ref["nu_mean"].items()}
    nu_ref = table[ra]
    err = abs(nu - nu_ref) / nu_ref
    png = plot_dir / f"{case.id}.png"
    _plot_nusselt(png, case.id, ra, nu, table)
    tol = TOLERANCE[case.id]
    return [Comparison(id=case.id, reference=DE_VAHL_DAVIS, metric=f"mean hot-wall Nusselt number, Ra {ra:.0e}",
                       value=nu, reference_value=nu_ref, error=err, tolerance=tol, passed=err <= tol,
                       plot=str(png), case_dir=str(case_dir), mesh=case.mesh)]


def wall_row(x: np.ndarray, y: np.ndarray, value: np.ndarray, x_range: tuple[float, float],
             wall_y: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each column of cell centres in x_range: x, the height above the wall and the value
    of the two cells nearest the wall y = wall_y (cells above it)."""
    xs, ds, vs = [], [], []
    for col in np.unique(np.round(x, 7)):
        if not (x_range[0] < col < x_range[1]):
            continue
        sel = np.isclose(x, col, atol=1e-7) & (y > wall_y)
        if sel.sum() < 2:
            continue
        order = np.argsort(y[sel])[:2]
        xs.append(col)
        ds.append(y[sel][order] - wall_y)
        vs.append(value[sel][order])
    return np.array(xs), np.array(ds), np.array(vs)


def reattachment(xs: np.ndarray, u_wall: np.ndarray) -> float | None:
    """The last x where the near-wall streamwise velocity turns from backward to forward."""
    found = None
    for i in range(len(xs) - 1):
        if u_wall[i] < 0 <= u_wall[i + 1]:
            found = xs[i] - u_wall[i] * (xs[i + 1] - xs[i]) / (u_wall[i + 1] - u_wall[i])
    return found


def compare_pitzdaily(case: ValidationCase, case_dir: Path, plot_dir: Path) -> list[Comparison]:
    ref = read_reference_yaml("pitzdaily1983_reattachment.yaml")
    h = float(ref["step_height_m"])
    d = cell_data(case_dir, ["U"])
    xs, _, us = wall_row(d["x"], d["y"], d["U"][:, 0], (0.0, 0.206), -h)
    order = np.argsort(xs)
    xs, u1 = xs[order], us[order][:, 0]
    xr = reattachment(xs, u1)
    value = xr / h if xr is not None else None
    ref_v = float(ref["reattachment_over_h"])
    err = abs(value - ref_v) / ref_v if value is not None else None
    png = plot_dir / f"{case.id}.png"
    _plot_reattachment(png, case.id, xs / h, u1, value, ref_v)
    tol = TOLERANCE[case.id]
    return [Comparison(id=case.id, reference=PITZ_DAILY, metric="reattachment length x_r / h (k-epsilon)",
                       value=value, reference_value=ref_v, error=err, tolerance=tol,
                       passed=err is not None and err <= tol, plot=str(png), case_dir=str(case_dir), mesh=case.mesh)]


def compare_flat_plate(case: ValidationCase, case_dir: Path, plot_dir: Path) -> list[Comparison]:
    """Skin friction against Blasius, Cf = 0.664 / sqrt(Re_x), over 0.2 <= x/L <= 0.9."""
    nu = 1.0 / case.params["Re_L"]
    d = cell_data(case_dir, ["U"])
    xs, ds, us = wall_row(d["x"], d["y"], d["U"][:, 0], (0.0, 1.0), 0.0)
    y1, y2 = ds[:, 0], ds[:, 1]
    u1, u2 = us[:, 0], us[:, 1]
    dudy = (u1 * y2**2 - u2 * y1**2) / (y1 * y2 * (y2 - y1))  # quadratic through the wall (u = 0)
    cf = 2 * nu * dudy  # U = 1 m/s
    cf_ref = 0.664 / np.sqrt(xs / nu)
    sel = (xs >= 0.2) & (xs <= 0.9)
    err = float(np.mean(np.abs(cf[sel] - cf_ref[sel]) / cf_ref[sel]))
    png = plot_dir / f"{case.id}.png"
    _plot_cf(png, case.id, xs / nu, cf, sel)
    tol = TOLERANCE[case.id]
    return [Comparison(id=case.id, reference="Blasius (1908): Cf = 0.664 / sqrt(Re_x)",
                       metric="mean |Cf - Cf_Blasius| / Cf_Blasius, 0.2 <= x/L <= 0.9", value=err,
                       reference_value=0.0, error=err, tolerance=tol, passed=err <= tol, plot=str(png),
                       case_dir=str(case_dir), mesh=case.mesh)]


def compare(case: ValidationCase, case_dir: Path, plot_dir: Path) -> list[Comparison]:
    """The comparisons of one finished case."""
    plot_dir.mkdir(parents=True, exist_ok=True)
    if case.id.startswith("cavity"):
        return compare_cavity(case, case_dir, plot_dir)
    if case.builder == "channel":
        return compare_channel(case, case_dir, plot_dir)
    if case.builder == "heated_cavity":
        return compare_heated_cavity(case, case_dir, plot_dir)
    if case.id.startswith("pitzdaily"):
        return compare_pitzdaily(case, case_dir, plot_dir)
    return compare_flat_plate(case, case_dir, plot_dir)


def failed_comparisons(case: ValidationCase, case_dir: Path, why: str) -> list[Comparison]:
    """Rows for a case whose run or post-processing failed: every metric fails, with the reason."""
    ids = {"cavity-re100": ["cavity-re100-u", "cavity-re100-v"], "cavity-re400": ["cavity-re400-u", "cavity-re400-v"],
           "poiseuille": ["poiseuille-profile", "poiseuille-dpdx"]}.get(case.id, [case.id])
    return [Comparison(id=i, reference="", metric="", value=None, reference_value=None, error=None,
                       tolerance=TOLERANCE.get(i, TOLERANCE.get(case.id, 0.0)), passed=False,
                       case_dir=str(case_dir), mesh=case.mesh, note=why) for i in ids]


# --- plots ---------------------------------------------------------------------------------


def _figure(ncols: int = 1):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, ncols, figsize=(5 * ncols, 4), dpi=100)
    return plt, fig, axes


def _save(plt, fig, png: Path) -> None:
    fig.tight_layout()
    fig.savefig(png)
    plt.close(fig)


def _plot_cavity(png: Path, title: str, u: tuple, v: tuple) -> None:
    plt, fig, (a, b) = _figure(2)
    ys, us, gy, gu = u
    a.plot(us, ys, "-", label="Casewright (icoFoam)")
    a.plot(gu, gy, "o", mfc="none", label="Ghia et al. 1982")
    a.set_xlabel("u / U_lid at x = L/2")
    a.set_ylabel("y / L")
    xs, vs, gx, gv, used = v
    b.plot(xs, vs, "-", label="Casewright (icoFoam)")
    b.plot(gx[used], gv[used], "o", mfc="none", label="Ghia et al. 1982")
    if (~used).any():
        b.plot(gx[~used], gv[~used], "x", color="grey", label="left out (misprint)")
    b.set_xlabel("x / L")
    b.set_ylabel("v / U_lid at y = L/2")
    for ax in (a, b):
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle(title)
    _save(plt, fig, png)


def _plot_profile(png: Path, title: str, u: np.ndarray, y: np.ndarray, exact, h: float, label: str) -> None:
    plt, fig, ax = _figure()
    s = np.linspace(0, h, 101)
    ax.plot(exact(s), s, "-", label=f"analytic: {label}")
    ax.plot(u, y, "o", mfc="none", ms=4, label="Casewright (simpleFoam), cell centres")
    ax.set_xlabel("u / (m/s)")
    ax.set_ylabel("y / m")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title(title)
    _save(plt, fig, png)


def _plot_nusselt(png: Path, title: str, ra: float, nu: float, table: dict[float, float]) -> None:
    plt, fig, ax = _figure()
    ras = sorted(table)
    ax.loglog(ras, [table[r] for r in ras], "o--", mfc="none", label="de Vahl Davis 1983")
    ax.loglog([ra], [nu], "s", color="C3", label=f"Casewright, Ra {ra:.0e}: Nu {nu:.3f}")
    ax.set_xlabel("Ra")
    ax.set_ylabel("mean hot-wall Nu")
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize=8)
    ax.set_title(title)
    _save(plt, fig, png)


def _plot_reattachment(png: Path, title: str, x_h: np.ndarray, u1: np.ndarray, value: float | None, ref: float) -> None:
    plt, fig, ax = _figure()
    ax.plot(x_h, u1, "-", label="Casewright: Ux of the wall cells (lowerWall)")
    ax.axhline(0, color="k", lw=0.5)
    ax.axvline(ref, color="C1", ls="--", label=f"Pitz & Daily 1983: x_r/h = {ref:g}")
    if value is not None:
        ax.axvline(value, color="C0", ls=":", label=f"computed x_r/h = {value:.2f}")
    ax.set_xlabel("x / h")
    ax.set_ylabel("Ux / (m/s)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title(title)
    _save(plt, fig, png)


def _plot_cf(png: Path, title: str, re_x: np.ndarray, cf: np.ndarray, sel: np.ndarray) -> None:
    plt, fig, ax = _figure()
    grid = np.linspace(re_x.min(), re_x.max(), 200)
    ax.loglog(grid, 0.664 / np.sqrt(grid), "-", label="Blasius: 0.664 / sqrt(Re_x)")
    ax.loglog(re_x, cf, ".", ms=3, color="grey", label="Casewright (simpleFoam)")
    ax.loglog(re_x[sel], cf[sel], ".", ms=4, color="C3", label="compared range")
    ax.set_xlabel("Re_x")
    ax.set_ylabel("Cf")
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize=8)
    ax.set_title(title)
    _save(plt, fig, png)


def summary(rows: list[Comparison]) -> dict[str, int]:
    return {"n": len(rows), "passed": sum(r.passed for r in rows)}


