"""What the installed OpenFOAM says about itself: the `-help` text of every solver and
utility and the run-time selectable names it lists (boundary conditions, function objects,
fvOptions, turbulence models), read by running the applications and cached per install.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

logger = logging.getLogger(__name__)

HELP_LIBS = "(fieldFunctionObjects forces utilityFunctionObjects solverFunctionObjects " \
            "lagrangianFunctionObjects initialisationFunctionObjects sampling)"
_LIST_BLOCK = re.compile(r"([A-Za-z][A-Za-z ]*?)\s*\n?\s*(\d+)\s*\(\s*([^()]*?)\s*\)", re.S)


class FoamIntrospection(BaseModel):
    """`-help` of every OpenFOAM application and the run-time selectable names it lists."""

    model_config = ConfigDict(extra="forbid")

    version: str
    help: dict[str, str] = Field(default_factory=dict, description="application -> -help text")
    lists: dict[str, dict[str, list[str]]] = Field(
        default_factory=dict, description="list name -> {origin: names}, e.g. scalarBCs -> {simpleFoam: [...]}"
    )


def is_solver(name: str) -> bool:
    return name.endswith("Foam") and not name.startswith("foam")


def parse_foam_lists(output: str) -> dict[str, list[str]]:
    """`name N ( a b c )` blocks of a `-listXxx` output (after the banner)."""
    body = output.split("// * * *", 1)[-1]
    return {m.group(1).strip(): m.group(3).split() for m in _LIST_BLOCK.finditer(body)}


def clean_help(output: str) -> str:
    """The `-help` text, description first, without the Using/Build/Arch trailer."""
    lines = [ln.rstrip() for ln in output.splitlines() if not ln.startswith(("Using:", "Build:", "Arch:"))]
    paragraphs = [p.strip("\n") for p in re.split(r"\n\s*\n", "\n".join(lines)) if p.strip()]
    usage = [p for p in paragraphs if p.lstrip().startswith(("Usage:", "Options:", "-"))]
    description = [p for p in paragraphs if p not in usage]
    return "\n\n".join(description + usage)


def openfoam_applications(bin_dir: Path = Path("/usr/bin")) -> list[Path]:
    """OpenFOAM executables in `bin_dir`: ELF files linked against libOpenFOAM."""
    apps = []
    for path in sorted(bin_dir.iterdir()):
        try:
            if not path.is_file() or path.stat().st_size > 50_000_000:
                continue
            with path.open("rb") as fh:
                if fh.read(4) != b"\x7fELF":
                    continue
                if b"libOpenFOAM.so" in fh.read():
                    apps.append(path)
        except OSError:
            continue
    return apps


def _run_quiet(args: list[str], cwd: Path, env: dict[str, str], timeout: float) -> str:
    try:
        done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout,
                              stdin=subprocess.DEVNULL, check=False)
    except (subprocess.TimeoutExpired, OSError) as exc:
        logger.warning("`%s` did not answer: %s", " ".join(args), exc)
        return ""
    return done.stdout


def introspect_openfoam(
    openfoam_dir: Path, cache_dir: Path, bin_dir: Path = Path("/usr/bin"), timeout: float = 10.0, workers: int = 4,
) -> FoamIntrospection | None:
    """Run every application with `-help` and the `-listXxx` options; cached.

    The cache file is keyed by `openfoam_dir` and the names and sizes of the files in
    `bin_dir`, so an OpenFOAM upgrade (new binaries) re-runs it; the version found is stored
    inside. None when no OpenFOAM application is installed.
    """
    if not bin_dir.is_dir():
        return None
    listing = sorted((p.name, p.stat().st_size) for p in bin_dir.iterdir() if p.is_file())
    key = hashlib.md5(json.dumps([str(openfoam_dir), listing]).encode("utf-8")).hexdigest()[:16]
    cache = cache_dir / f"openfoam-help-{key}.json"
    if cache.is_file():
        try:
            return FoamIntrospection.model_validate_json(cache.read_text())
        except ValueError:
            logger.warning("ignoring unreadable help cache %s", cache)
    apps = openfoam_applications(bin_dir)
    if not apps:
        return None
    env = {**os.environ, "WM_PROJECT_DIR": str(openfoam_dir), "FOAM_SIGFPE": "false"}
    with tempfile.TemporaryDirectory(prefix="casewright-help-") as tmp:
        probe = next((a for a in apps if a.name == "simpleFoam"), apps[0])
        found = re.search(r"\((\d{4})\)|OPENFOAM=(\d{4})", _run_quiet([str(probe), "-help"], Path(tmp), env, timeout))
        version = f"v{found.group(1) or found.group(2)}" if found else "unknown"
        cwd = Path(tmp)
        with ThreadPoolExecutor(max_workers=workers) as pool:
            helps = list(pool.map(lambda a: clean_help(_run_quiet([str(a), "-help"], cwd, env, timeout)), apps))
        info = FoamIntrospection(version=version, help={a.name: h for a, h in zip(apps, helps, strict=True) if h})
        names = {a.name: str(a) for a in apps}
        probes = [("simpleFoam", "-listScalarBCs"), ("simpleFoam", "-listVectorBCs"),
                  ("rhoPimpleFoam", "-listScalarBCs"), ("rhoPimpleFoam", "-listVectorBCs"),
                  ("buoyantPimpleFoam", "-listScalarBCs"), ("interFoam", "-listScalarBCs"),
                  ("interFoam", "-listVectorBCs"), ("simpleFoam", "-listFvOptions"),
                  ("simpleFoam", "-listTurbulenceModels"), ("rhoSimpleFoam", "-listTurbulenceModels")]
        for app, option in probes:
            if app in names:
                for list_name, items in parse_foam_lists(_run_quiet([names[app], option], cwd, env, timeout)).items():
                    if list_name != "Turbulence models":
                        info.lists.setdefault(list_name, {})[app] = items
        if "simpleFoam" in names:
            out = _run_quiet([names["simpleFoam"], "-listFunctionObjects", "-lib", HELP_LIBS], cwd, env, timeout)
            info.lists["functionObjects"] = {"simpleFoam": parse_foam_lists(out).get("functionObjects", [])}
        if "postProcess" in names:
            out = _run_quiet([names["postProcess"], "-list"], cwd, env, timeout)
            configured = parse_foam_lists(out.replace("Available configured functionObjects:", "configured"))
            info.lists["configuredFunctionObjects"] = {"postProcess": configured.get("configured", [])}
    info.lists = {k: v for k, v in info.lists.items() if any(v.values())}
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(info.model_dump_json())
    return info
