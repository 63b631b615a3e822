"""Switching a case between solvers: application, ddt and convection schemes, the
algorithm dictionary (SIMPLE, PISO, PIMPLE), Final solvers, relaxation, the pressure reference
of a closed domain and the transport model."""

from __future__ import annotations

from pathlib import Path

from tasks.edit.caseops_io import read, set_control, write
from tasks.edit.caseops_numerics import _solver_keys, covered_by
from tasks.foam import dictionary as fd
from tasks.foam.defaults import (
    convection_schemes,
    keyword_values,
    relaxation_factors,
    stress_scheme,
    time_scheme,
    unbounded_scheme,
)
from tasks.foam.physics import is_steady, reference_pressure

# --- solver switches ------------------------------------------------------------------

ALGORITHM = {"SIMPLE": "SIMPLE", "PISO": "PISO", "PIMPLE": "PIMPLE"}
# What switch_solver writes into a new algorithm dictionary besides nNonOrthogonalCorrectors
# (and pRefCell/pRefValue for a closed domain); the values are the canonical ones.
ALGORITHM_KEYS = {"SIMPLE": ["consistent"], "PIMPLE": ["nOuterCorrectors", "nCorrectors", "momentumPredictor"],
                  "PISO": ["nCorrectors"]}


def algorithm_of(solver: str) -> str:
    if is_steady(solver):
        return "SIMPLE"
    if solver in ("icoFoam", "pisoFoam", "nonNewtonianIcoFoam"):
        return "PISO"
    return "PIMPLE"


# pressure conditions that leave the pressure level free (a domain bounded only by them needs pRefCell)
_FREE_PRESSURE = {"zeroGradient", "fixedFluxPressure", "fixedFluxExtrapolatedPressure", "empty", "wedge", "symmetry",
                  "symmetryPlane", "cyclic", "cyclicAMI", "cyclicACMI", "processor", "calculated", "slip", "noSlip"}


def with_pressure_reference(solution: str, algo: str, solver: str) -> str:
    """fvSolution text whose algorithm dictionary has a pressure reference (pRefCell/pRefValue),
    added with the canonical cell and the solver's reference pressure when it has none."""
    if fd.find(solution, [algo]) is None or fd.find(solution, [algo, "pRefCell"]) is not None or \
            fd.find(solution, [algo, "pRefPoint"]) is not None:
        return solution
    solution = fd.set_entry(solution, [algo, "pRefCell"], keyword_values("fvSolution", algo)["pRefCell"])
    return fd.set_entry(solution, [algo, "pRefValue"], reference_pressure(solver))


def pressure_level_free(case: Path) -> bool:
    """Whether no boundary of the case fixes the pressure level (every p_rgh, else p, condition
    is zero-gradient-like): OpenFOAM then needs a reference cell ("Unable to set reference cell")."""
    for name in ("p_rgh", "p"):
        rel = next((f"{d}/{name}" for d in ("0", "0.orig") if (case / d / name).is_file()), None)
        if rel is None:
            continue
        text = read(case, rel)
        types = [fd.get(text, ["boundaryField", key, "type"]) for key in fd.keys(text, ["boundaryField"])]
        return bool(types) and all(t in _FREE_PRESSURE for t in types)
    return False


def ensure_pressure_reference(case: Path, solver: str) -> list[str]:
    """Add pRefCell/pRefValue where the pressure level is free and the algorithm dictionary has
    no reference; the files changed."""
    if not pressure_level_free(case):
        return []
    sol = read(case, "system/fvSolution")
    new = with_pressure_reference(sol, algorithm_of(solver), solver)
    return [write(case, "system/fvSolution", new)] if new != sol else []


def switch_solver(case: Path, solver: str, closed_domain: bool) -> list[str]:
    """Make the case's numerics fit `solver` (application, ddt, algorithm dict, Final solvers,
    relaxation, transportModel). Field and model changes are separate operations."""
    base_solver = fd.get(read(case, "system/controlDict"), ["application"]) or ""
    was_steady = bool(base_solver) and is_steady(base_solver.strip())
    changed = set_control(case, application=solver)
    steady = is_steady(solver)
    algo = algorithm_of(solver)

    schemes = read(case, "system/fvSchemes")
    schemes = fd.set_entry(schemes, ["ddtSchemes", "default"], time_scheme(steady))
    div = convection_schemes(steady)
    schemes = fd.set_entry(schemes, ["divSchemes", "div(phi,U)"], div["U"])
    if not steady:  # every bounded convection entry a steady base holds (k, omega, T, default, ...)
        schemes = unbound_convection(schemes)
    if solver not in ("icoFoam",) and fd.get(schemes, ["divSchemes", "div((nuEff*dev2(T(grad(U)))))"]) is None:
        schemes = fd.set_entry(schemes, ["divSchemes", "div((nuEff*dev2(T(grad(U)))))"], stress_scheme())
    changed.append(write(case, "system/fvSchemes", schemes))

    sol = read(case, "system/fvSolution")
    for other in ("SIMPLE", "PISO", "PIMPLE"):
        if other != algo:
            sol = fd.remove_entry(sol, [other])
    if fd.find(sol, [algo]) is None:
        canonical = keyword_values("fvSolution", algo)
        body: dict[str, str | dict] = {key: canonical[key] for key in ["nNonOrthogonalCorrectors", *ALGORITHM_KEYS[algo]]}
        if algo == "SIMPLE":
            body["residualControl"] = {"p": "1e-3", "U": "1e-4", "(k|epsilon|omega|nuTilda|R|kt|kl)": "1e-4"}
        if closed_domain:
            body.update({key: canonical[key] for key in ("pRefCell", "pRefValue")})
            body["pRefValue"] = reference_pressure(solver)  # absolute-pressure solvers shift p to it
        sol = fd.set_entry(sol, [algo], body)
    elif closed_domain:
        sol = with_pressure_reference(sol, algo, solver)
    if steady:
        if fd.find(sol, ["relaxationFactors"]) is not None and not was_steady and _final_unrelaxed(sol):
            # a transient base's ".*" 1 relaxes nothing: a steady run needs its under-relaxation
            sol = fd.remove_entry(sol, ["relaxationFactors"])
        if fd.find(sol, ["relaxationFactors"]) is None:
            consistent = (fd.get(sol, ["SIMPLE", "consistent"]) or "").strip() in ("yes", "true", "on")
            present = [path.name for path in (case / "0").glob("*")]
            rel = relaxation_factors("simplec" if consistent else "simple", present)
            sol = fd.set_entry(sol, ["relaxationFactors"], rel)
        for name in _solver_keys(sol):
            if name.endswith("Final") or name.endswith("Final)") or "Final" in name:
                sol = fd.remove_entry(sol, ["solvers", name])
    else:
        if algo == "PISO" or not _final_unrelaxed(sol):
            # PISO has none; PIMPLE with one outer corrector solves only the Final equations, which a
            # steady case's ".*" 0.9 would under-relax: the transient would not be time-accurate.
            # A factor of 1 in its place, as the transient tutorials write it: fvMatrix::relax(1)
            # still makes each matrix diagonally dominant, and without it the k-omega SST omega
            # equation of a switched steady case (backwardFacingStep2D, pitzDaily) is not, and its
            # symGaussSeidel smoother stops on SIGFPE in the first step
            sol = fd.remove_entry(sol, ["relaxationFactors"])
            sol = fd.set_entry(sol, ["relaxationFactors"], relaxation_factors("transient"))
        if algo in ("PIMPLE", "PISO"):  # the pressure a solver solves (p, or p_rgh with gravity) and U: PISO's last
            # pressure corrector reads pFinal too (pisoFoam: "Entry 'pFinal' not found")
            for field in ("p", "p_rgh", "U", "Urel"):  # Urel: the relative velocity SRF solvers solve
                key = f"{field}Final"
                if not covered_by(key, _solver_keys(sol)):
                    base = next((k for k in _solver_keys(sol) if covered_by(field, [k])), None)
                    if base is None:
                        continue
                    sol = fd.set_entry(sol, ["solvers", key], _final_copy(sol, base))
    changed.append(write(case, "system/fvSolution", sol))

    props = case / "constant/transportProperties"
    if props.is_file() and solver not in ("icoFoam",):
        text = props.read_text()
        if fd.get(text, ["transportModel"]) is None and fd.get(text, ["phases"]) is None:
            nu_span = fd.find(text, ["nu"])
            model = keyword_values("transportProperties", "")["transportModel"]
            text = text[:nu_span.key_start] + f"transportModel  {model};\n\n" + text[nu_span.key_start:] if nu_span else text
            changed.append(write(case, "constant/transportProperties", text))
    return list(dict.fromkeys(changed))


def unbound_convection(schemes: str) -> str:
    """An fvSchemes text with `bounded` dropped from every divSchemes entry (the default too):
    what a steady-to-transient switch needs (defaults.unbounded_scheme)."""
    for key in fd.keys(schemes, ["divSchemes"]):
        value = fd.get(schemes, ["divSchemes", key])
        if value is not None and unbounded_scheme(value) != value:
            schemes = fd.set_entry(schemes, ["divSchemes", key], unbounded_scheme(value))
    return schemes


def _final_unrelaxed(sol: str) -> bool:
    """True when no relaxation factor below 1 applies to a Final equation or field (UFinal,
    pFinal, kFinal, ...): OpenFOAM matches the regex keys (".*") against the Final names too."""
    for section in ("fields", "equations"):
        path = ["relaxationFactors", section]
        if fd.find(sol, path) is None:
            continue
        for name in ("UFinal", "pFinal", "p_rghFinal", "kFinal", "epsilonFinal", "omegaFinal", "TFinal"):
            value = fd.get(sol, [*path, name])
            if value is None:
                for key in reversed(fd.keys(sol, path)):
                    if covered_by(name, [key.strip('"')]):
                        value = fd.get(sol, [*path, key])
                        break
            try:
                if value is not None and float(str(value).split()[0]) < 1:
                    return False
            except ValueError:
                continue
    return True


def _final_copy(sol: str, base: str) -> dict:
    """A Final solver entry: the base entry's settings with relTol 0."""
    body = fd.get(sol, ["solvers", base]) or ""
    spec: dict[str, str] = {}
    for e in fd.entries(body):
        if not e.is_dict and not e.key.startswith("#"):
            value = fd.get(body, [e.key])
            if value is not None:
                spec[e.key] = value
    spec["relTol"] = "0"
    return spec


_CONSTRAINTS = ("empty", "wedge", "symmetry", "symmetryPlane", "cyclic", "cyclicAMI", "cyclicACMI", "processor")


def _radiation_field(template: str, name: str, dimensions: str, condition: str) -> str:
    """A radiation field file (G of P1, IDefault of fvDOM) on the patches of a field of the same
    case (`template`, its 0/T): the model's wall condition on every patch but the constraint
    ones (empty, wedge, symmetry, cyclic), which keep their type."""
    patches = []
    for patch in fd.keys(template, ["boundaryField"]):
        bc = (fd.get(template, ["boundaryField", patch, "type"]) or "").strip()
        body = {"type": bc} if bc in _CONSTRAINTS else {"type": condition, "value": "uniform 0"}
        patches.append(fd.format_entry(patch, body, "    "))
    return ("FoamFile\n{\n    version     2.0;\n    format      ascii;\n    class       volScalarField;\n"
            f"    object      {name};\n}}\n\ndimensions      {dimensions};\n\ninternalField   uniform 0;\n\n"
            "boundaryField\n{\n" + "\n".join(patches) + "}\n")


def _with_solved_conditions(text: str, condition: str) -> str:
    """An existing radiation field whose patches are `calculated` (fvDOM's G, which it only
    computes) given the model's condition, so a model that solves the field (P1) can."""
    for patch in fd.keys(text, ["boundaryField"]):
        if (fd.get(text, ["boundaryField", patch, "type"]) or "").strip() == "calculated":
            text = fd.set_entry(text, ["boundaryField", patch, "type"], condition)
    return text


def complete_radiation(case: Path) -> list[str]:
    """Write what the radiation model selected in each radiationProperties of a case needs and the
    case lacks (canonical/radiation_models.yaml): the field it solves (0/G with Marshak walls for
    P1, 0/IDefault for fvDOM, in 0/ and 0.orig/ of its region), its linear solver in fvSolution and
    its schemes in fvSchemes. Idempotent: a case that has them is left alone. Returns the files
    written."""
    from tasks.plan.bind_radiation import radiation_on
    from tasks.plan.bind_radiation_models import radiation_models

    written: list[str] = []
    models = radiation_models().models
    for props in sorted((case / "constant").rglob("radiationProperties")) if (case / "constant").is_dir() else []:
        text = props.read_text()
        model = models.get((fd.get(text, ["radiationModel"]) or "").strip())
        if model is None or not radiation_on(text) or model.field is None:
            continue
        region = props.parent.relative_to(case / "constant")
        for zero in ("0", "0.orig"):
            home = case / zero / region
            rel = str(Path(zero) / region / model.field)
            if not (home / "T").is_file():
                continue
            if not (home / model.field).is_file():
                written.append(write(case, rel, _radiation_field(read(case, str(Path(zero) / region / "T")), model.field,
                                                                 model.field_dimensions or "[1 0 -3 0 0 0 0]",
                                                                 model.field_condition or "calculated")))
            elif model.field_condition:
                old = read(case, rel)
                new = _with_solved_conditions(old, model.field_condition)
                if new != old:
                    written.append(write(case, rel, new))
        sol = str(Path("system") / region / "fvSolution")
        if model.solver_key and (case / sol).is_file():
            old = read(case, sol)
            if not covered_by(model.solver_key, [k.strip('"') for k in _solver_keys(old)]):
                written.append(write(case, sol, fd.set_entry(old, ["solvers", model.solver_key], dict(model.solver))))
        sch = str(Path("system") / region / "fvSchemes")
        if model.schemes and (case / sch).is_file():
            old = new = read(case, sch)
            for section, entries in model.schemes.items():
                for key, value in entries.items():
                    if fd.find(new, [section, key]) is None:
                        new = fd.set_entry(new, [section, key], value)
            if new != old:
                written.append(write(case, sch, new))
    return written
