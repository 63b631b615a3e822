"""The run-time selectable names the installed OpenFOAM accepts, read from OpenFOAM itself.

OpenFOAM answers an unknown name with the list of valid ones ("Unknown discretisation scheme
fooBar ... Valid schemes are : 58 ( ... )"). `probe_installed_names` copies the pitzDaily and
cavity tutorials into a scratch folder, meshes them once, and for each kind of name (schemes,
linear solvers, preconditioners, smoothers, boundary conditions, turbulence models) puts the
unknown word `fooBar` into one entry and runs the solver through the project's runner (the
Docker image, no network). The lists are written to canonical/installed_names.yaml with the
version and the command that produced each one; `installed_name_documents` turns that file into
one canonical document per kind for the knowledge store.

Regenerate with `python -m tasks.knowledge.installed_names` (needs the OpenFOAM image).
"""

from __future__ import annotations

import logging
import re
import shutil
import tempfile
from collections.abc import Iterator, Sequence
from datetime import date
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field

from tasks.core.errors import CaseRunError, ConfigError
from tasks.foam import dictionary as fd
from tasks.foam.files import read_text
from tasks.knowledge.documents import DocMeta, Document
from tasks.run.runner import Runner, Step

logger = logging.getLogger(__name__)

UNKNOWN = "fooBar"
FILE_NAME = "installed_names.yaml"
SCALAR_PATCH, VECTOR_PATCH = "outlet", "inlet"

# v1912 prints an empty FATAL message for an unknown scheme that is looked up without a flux
# (interpolationSchemes, `Gauss fooBar` in laplacianSchemes), so the interpolation list is read where
# a flux is given (divSchemes): that table holds every interpolation scheme, with and without flux.
# "Valid schemes are :\n\n58\n(\nCoBlended\n...\n)"; "Valid RASModel types :\n\n21\n(...)"
_VALID = re.compile(r"Valid\s+([A-Za-z][\w ]*?)\s*(?:are|:)[^\n(]*?\n\s*(\d+)\s*\(\s*([^()]*?)\s*\)", re.DOTALL)


# --- the probes ------------------------------------------------------------------------------------

class Probe(BaseModel):
    """One kind of name: which tutorial, which entry gets the unknown word, which solver runs."""

    model_config = ConfigDict(extra="forbid")

    kind: str = Field(description="key in installed_names.yaml, e.g. smoothers_symmetric")
    title: str = Field(description="what the names are, for the document title")
    used_in: str = Field(description="where a user writes one of these names")
    case: str = Field(description="pitzDaily or cavity")
    file: str = Field(description="file edited, relative to the case")
    path: list[str] = Field(description="dictionary path of the entry set")
    value: str | dict[str, str]
    also: dict[str, str] = Field(default_factory=dict, description="other top-level entries of the same file")
    solver: str


def _sym(smoother: str | None = None, preconditioner: str | None = None, solver: str = "GAMG") -> dict[str, str]:
    entry = {"solver": solver, "tolerance": "1e-06", "relTol": "0.1"}
    entry |= {"smoother": smoother} if smoother else {}
    entry |= {"preconditioner": preconditioner} if preconditioner else {}
    return entry


PROBES: tuple[Probe, ...] = (
    Probe(kind="interpolation_schemes",
          title="surface interpolation schemes (cell to face values), the limited and upwind-biased convection "
                "schemes included",
          used_in="system/fvSchemes: after `Gauss` in divSchemes (div(phi,U) Gauss linearUpwind grad(U); "
                  "div(phi,k) bounded Gauss limitedLinear 1;), gradSchemes and laplacianSchemes (Gauss linear "
                  "corrected), and interpolationSchemes { default linear; }. Schemes that need a flux (upwind, "
                  "linearUpwind, limitedLinear, vanLeer, MUSCL, QUICK, ...) are valid for convection only",
          case="pitzDaily", file="system/fvSchemes", path=["divSchemes", "div(phi,U)"],
          value=f"bounded Gauss {UNKNOWN}", solver="simpleFoam"),
    Probe(kind="divergence_schemes", title="divergence (convection) scheme types",
          used_in="system/fvSchemes divSchemes, the first word: div(phi,U) Gauss ...; or bounded Gauss ...",
          case="pitzDaily", file="system/fvSchemes", path=["divSchemes", "div(phi,U)"], value=UNKNOWN,
          solver="simpleFoam"),
    Probe(kind="gradient_schemes", title="gradient schemes",
          used_in="system/fvSchemes gradSchemes, e.g. default Gauss linear; grad(U) cellLimited Gauss linear 1;",
          case="pitzDaily", file="system/fvSchemes", path=["gradSchemes", "default"], value=UNKNOWN,
          solver="simpleFoam"),
    Probe(kind="laplacian_schemes", title="laplacian schemes",
          used_in="system/fvSchemes laplacianSchemes, the first word: default Gauss linear corrected;",
          case="pitzDaily", file="system/fvSchemes", path=["laplacianSchemes", "default"], value=UNKNOWN,
          solver="simpleFoam"),
    Probe(kind="sngrad_schemes", title="surface-normal gradient (snGrad) schemes, non-orthogonal correction",
          used_in="system/fvSchemes snGradSchemes { default corrected; } and the last word of a laplacian "
                  "scheme, e.g. laplacianSchemes { default Gauss linear limited corrected 0.33; }",
          case="pitzDaily", file="system/fvSchemes", path=["laplacianSchemes", "default"],
          value=f"Gauss linear {UNKNOWN}", solver="simpleFoam"),
    Probe(kind="ddt_schemes", title="time (ddt) schemes",
          used_in="system/fvSchemes ddtSchemes, e.g. default Euler; (steadyState for SIMPLE solvers, "
                  "backward or CrankNicolson 0.9 for second order in time)",
          case="cavity", file="system/fvSchemes", path=["ddtSchemes", "default"], value=UNKNOWN, solver="icoFoam"),
    Probe(kind="linear_solvers_symmetric", title="linear solvers for symmetric matrices (p, p_rgh, pressure-like)",
          used_in="system/fvSolution solvers { p { solver GAMG; ... } }; `solver diagonal;` is accepted too "
                  "(it is checked before this table, for matrices with a diagonal only)",
          case="pitzDaily", file="system/fvSolution", path=["solvers", "p"], value=_sym(solver=UNKNOWN),
          solver="simpleFoam"),
    Probe(kind="linear_solvers_asymmetric", title="linear solvers for asymmetric matrices (U, k, epsilon, T, ...)",
          used_in="system/fvSolution solvers { U { solver smoothSolver; smoother symGaussSeidel; ... } }; "
                  "`solver diagonal;` is accepted too",
          case="pitzDaily", file="system/fvSolution", path=["solvers", "U"], value=_sym(solver=UNKNOWN),
          solver="simpleFoam"),
    Probe(kind="preconditioners_symmetric", title="preconditioners for symmetric matrices (the preconditioner of PCG)",
          used_in="system/fvSolution solvers { p { solver PCG; preconditioner DIC; } } "
                  "(preconditioner GAMG is a multigrid preconditioner)",
          case="pitzDaily", file="system/fvSolution", path=["solvers", "p"],
          value=_sym(solver="PCG", preconditioner=UNKNOWN), solver="simpleFoam"),
    Probe(kind="preconditioners_asymmetric",
          title="preconditioners for asymmetric matrices (the preconditioner of PBiCG and PBiCGStab)",
          used_in="system/fvSolution solvers { U { solver PBiCGStab; preconditioner DILU; } }",
          case="pitzDaily", file="system/fvSolution", path=["solvers", "U"],
          value=_sym(solver="PBiCGStab", preconditioner=UNKNOWN), solver="simpleFoam"),
    Probe(kind="smoothers_symmetric", title="smoothers for symmetric matrices (GAMG and smoothSolver on p)",
          used_in="system/fvSolution solvers { p { solver GAMG; smoother GaussSeidel; } }; "
                  "the same names serve smoothSolver on a symmetric matrix",
          case="pitzDaily", file="system/fvSolution", path=["solvers", "p"], value=_sym(smoother=UNKNOWN),
          solver="simpleFoam"),
    Probe(kind="smoothers_asymmetric", title="smoothers for asymmetric matrices (smoothSolver and GAMG on U, k, ...)",
          used_in="system/fvSolution solvers { U { solver smoothSolver; smoother symGaussSeidel; } }",
          case="pitzDaily", file="system/fvSolution", path=["solvers", "U"],
          value=_sym(solver="smoothSolver", smoother=UNKNOWN), solver="simpleFoam"),
    Probe(kind="boundary_conditions_scalar", title="boundary condition types for scalar fields (p, k, epsilon, T, ...)",
          used_in="0/<field> boundaryField { <patch> { type ...; } } of a volScalarField",
          case="pitzDaily", file="0/p", path=["boundaryField", SCALAR_PATCH, "type"], value=UNKNOWN,
          solver="simpleFoam"),
    Probe(kind="boundary_conditions_vector", title="boundary condition types for vector fields (U)",
          used_in="0/U boundaryField { <patch> { type ...; } } of a volVectorField",
          case="pitzDaily", file="0/U", path=["boundaryField", VECTOR_PATCH, "type"], value=UNKNOWN,
          solver="simpleFoam"),
    Probe(kind="topo_set_sources",
          title="topoSet sources (the `source` of a topoSetDict action: *ToCell select cells, *ToFace faces, "
                "*ToPoint points)",
          used_in="system/topoSetDict actions ( { name c1; type cellSet; action new; source boxToCell; box (0 0 0) "
                  "(1 1 1); } ); run `topoSet`, then e.g. `refineMesh -overwrite` (refineMeshDict `set c1;`), "
                  "setFields regions or a cellZone for MRF/porosity/fvOptions",
          case="cavity", file="system/topoSetDict", path=["actions"],
          value=f"( {{ name c1; type cellSet; action new; source {UNKNOWN}; }} )", solver="topoSet"),
    Probe(kind="topo_set_types", title="topoSet set and zone types (the `type` of a topoSetDict action)",
          used_in="system/topoSetDict actions ( { name c1; type cellSet; action new; source ...; } ); "
                  "cellZoneSet/faceZoneSet make zones from sets",
          case="cavity", file="system/topoSetDict", path=["actions"],
          value=f"( {{ name c1; type {UNKNOWN}; action new; source boxToCell; box (0 0 0) (1 1 1); }} )",
          solver="topoSet"),
    Probe(kind="ras_models", title="RAS turbulence models (incompressible)",
          used_in="constant/turbulenceProperties: simulationType RAS; RAS { RASModel kOmegaSST; }",
          case="pitzDaily", file="constant/turbulenceProperties", path=["RAS", "RASModel"], value=UNKNOWN,
          solver="simpleFoam"),
    Probe(kind="les_models", title="LES turbulence models (incompressible)",
          used_in="constant/turbulenceProperties: simulationType LES; LES { LESModel Smagorinsky; delta cubeRootVol; }",
          case="pitzDaily", file="constant/turbulenceProperties", path=["LES"],
          value={"LESModel": UNKNOWN, "delta": "cubeRootVol", "turbulence": "on"}, also={"simulationType": "LES"},
          solver="simpleFoam"),
    Probe(kind="les_deltas", title="LES filter width (delta) types",
          used_in="constant/turbulenceProperties: LES { delta cubeRootVol; } (vanDriest for wall damping)",
          case="pitzDaily", file="constant/turbulenceProperties", path=["LES"],
          value={"LESModel": "Smagorinsky", "delta": UNKNOWN, "turbulence": "on"}, also={"simulationType": "LES"},
          solver="simpleFoam"),
)

TUTORIALS = {"pitzDaily": "incompressible/simpleFoam/pitzDaily", "cavity": "incompressible/icoFoam/cavity/cavity"}
# one iteration (pitzDaily, deltaT 1) or one time step (cavity) at most
END_TIMES = {"pitzDaily": "1", "cavity": "0.005"}


# --- parsing (pure) --------------------------------------------------------------------------------

def parse_valid_names(log: str) -> list[str]:
    """The names of the first "Valid ... : N ( ... )" list in an OpenFOAM error, sorted.

    Raises ValueError when the log has no such list or its count does not match."""
    found = _VALID.search(log)
    if found is None:
        raise ValueError("no 'Valid ... N ( ... )' list in the log")
    names = found.group(3).split()
    if len(names) != int(found.group(2)):
        raise ValueError(f"the list announces {found.group(2)} names but holds {len(names)}")
    return sorted(set(names))


def unknown_word_named(log: str) -> bool:
    """Whether the FATAL text is about our unknown word (not some other failure)."""
    return UNKNOWN in log and "FOAM FATAL" in log


# --- the file --------------------------------------------------------------------------------------

class NameList(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: str
    used_in: str
    command: str = Field(description="how OpenFOAM printed the list")
    names: list[str]


class InstalledNames(BaseModel):
    """canonical/installed_names.yaml."""

    model_config = ConfigDict(extra="forbid")

    openfoam_version: str
    generated: str
    generator: str
    kinds: dict[str, NameList]


def load_installed_names(path: Path) -> InstalledNames:
    """The validated file; ConfigError naming it and the command that rewrites it."""
    try:
        return InstalledNames.model_validate(yaml.safe_load(path.read_text()))
    except (OSError, yaml.YAMLError, ValueError) as exc:
        raise ConfigError(f"cannot read {path}: {exc}; regenerate it with "
                         "`python -m tasks.knowledge.installed_names`") from exc


def write_installed_names(names: InstalledNames, path: Path) -> None:
    header = ("# Run-time selectable names of the installed OpenFOAM, printed by OpenFOAM itself when an entry\n"
              "# names an unknown word. Generated by tasks/knowledge/installed_names.py; do not edit by hand.\n")
    body = yaml.safe_dump(names.model_dump(), sort_keys=False, width=110, default_flow_style=False)
    path.write_text(header + body)


def installed_name_documents(path: Path, *, version: str) -> Iterator[Document]:
    """One canonical document per kind of name (one chunk each: the names as one line)."""
    data = load_installed_names(path)
    for kind, entry in data.kinds.items():
        body = (f"The {entry.title} available in this OpenFOAM {data.openfoam_version} installation "
                f"({len(entry.names)} names, as OpenFOAM itself lists them). Used in: {entry.used_in}.\n\n"
                f"Valid names: {' '.join(entry.names)}\n\n"
                f"Printed by: {entry.command}")
        meta = DocMeta(source_path=f"{path}#{kind}", doc_type="canonical", intent="reference",
                       role=f"installed {kind.replace('_', ' ')}", openfoam_version=data.openfoam_version or version)
        yield Document(id=f"canonical:{FILE_NAME}#{kind}", source="canonical",
                       title=f"Installed names: {entry.title} (OpenFOAM {data.openfoam_version})",
                       body=body, format="text", meta=meta).with_fingerprint()


# --- probing (I/O: the runner) ---------------------------------------------------------------------

def _edit(case_dir: Path, rel: str, path: Sequence[str], value: str | dict[str, str]) -> None:
    """Set one entry; a dictionary the tutorial does not have (topoSetDict) is created."""
    target = case_dir / rel
    text = read_text(target) if target.is_file() else _HEADER.format(name=target.name)
    target.write_text(fd.set_entry(text, list(path), value))


_HEADER = "FoamFile\n{{\n    version     2.0;\n    format      ascii;\n    class       dictionary;\n" \
          "    object      {name};\n}}\n\n"


def _prepare(name: str, tutorials_dir: Path, scratch: Path, runner: Runner, timeout_s: float) -> Path:
    src = tutorials_dir / TUTORIALS[name]
    if not src.is_dir():
        raise CaseRunError(f"tutorial {src} not found; set tutorials_dir to the installed OpenFOAM tutorials")
    case = scratch / f"{name}-mesh"
    shutil.copytree(src, case)
    _edit(case, "system/controlDict", ["endTime"], END_TIMES[name])
    _edit(case, "system/controlDict", ["writeInterval"], "1000")
    result = runner.run(case, Step(command="blockMesh"), timeout_s)
    if result.status != "ok":
        raise CaseRunError(f"blockMesh failed in {case} (exit {result.exit_code}); see {result.log_path}")
    return case


def _tail(log: str, lines: int = 8) -> str:
    return " | ".join(ln.strip() for ln in log.strip().splitlines()[-lines:] if ln.strip())


def run_probe(probe: Probe, meshed: Path, scratch: Path, runner: Runner, timeout_s: float) -> NameList:
    """Copy the meshed case, put the unknown word in, run the solver and read the list it prints."""
    case = scratch / probe.kind
    shutil.copytree(meshed, case)
    _edit(case, probe.file, probe.path, probe.value)
    for key, value in probe.also.items():
        _edit(case, probe.file, [key], value)
    result = runner.run(case, Step(command=probe.solver), timeout_s)
    log = read_text(Path(result.log_path))
    if not unknown_word_named(log):
        raise CaseRunError(f"probe {probe.kind}: {probe.solver} did not reject {UNKNOWN!r} in {probe.file} "
                           f"(status {result.status}); the log ends: {_tail(log)}")
    try:
        names = parse_valid_names(log)
    except ValueError as exc:
        raise CaseRunError(f"probe {probe.kind}: {exc}; see {result.log_path}") from exc
    value = probe.value if isinstance(probe.value, str) else \
        "{ " + " ".join(f"{k} {v};" for k, v in probe.value.items()) + " }"
    command = (f"{probe.solver} on the {probe.case} tutorial with {probe.file}: "
               f"{' '.join(probe.path)} {value}")
    return NameList(title=probe.title, used_in=probe.used_in, command=command, names=names)


def probe_installed_names(runner: Runner, tutorials_dir: Path, *, version: str, probes: Sequence[Probe] = PROBES,
                          timeout_s: float = 120.0) -> InstalledNames:
    """Every probe's list, from the OpenFOAM the runner runs (each probe in its own scratch copy)."""
    kinds: dict[str, NameList] = {}
    with tempfile.TemporaryDirectory(prefix="casewright-names-") as tmp:
        scratch = Path(tmp)
        meshed = {name: _prepare(name, tutorials_dir, scratch, runner, timeout_s)
                  for name in sorted({p.case for p in probes})}
        for probe in probes:
            kinds[probe.kind] = run_probe(probe, meshed[probe.case], scratch, runner, timeout_s)
            logger.info("%s: %d names", probe.kind, len(kinds[probe.kind].names))
    return InstalledNames(openfoam_version=version, generated=date.today().isoformat(),
                          generator=f"python -m tasks.knowledge.installed_names (runner: {runner.name})",
                          kinds=kinds)


def main(argv: Sequence[str] | None = None) -> int:
    """Probe the OpenFOAM image and write canonical/installed_names.yaml."""
    import argparse

    from tasks.core.config import get_settings
    from tasks.core.paths import CANONICAL_DIR
    from tasks.run.runner import select_runner

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--out", type=Path, default=CANONICAL_DIR / FILE_NAME)
    parser.add_argument("--backend", choices=["auto", "docker", "native"], default="docker")
    parser.add_argument("--version", default="v1912", help="the OpenFOAM version the image holds")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    settings = get_settings()
    runner, choice = select_runner(args.backend, settings.image, settings.docker_memory, settings.docker_cpus)
    logger.info("probing with the %s runner (%s)", choice.backend, choice.reason)
    names = probe_installed_names(runner, settings.tutorials_dir, version=args.version)
    write_installed_names(names, args.out)
    logger.info("wrote %d kinds to %s", len(names.kinds), args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
