"""Checks for the canonical knowledge layer (canonical/*.md and canonical/ontology.yaml).

What is checked:

* every fenced ```foam block in canonical/*.md parses with foamlib, has balanced
  brackets, and (when the OpenFOAM binaries are installed) is accepted by
  OpenFOAM's own dictionary reader (``foamDictionary``);
* the markdown adds up to at least 1,200 lines;
* every boundary-condition type, Function1 type, function-object type,
  sampled set/surface type, turbulence model, LES delta and thermoType
  combination used in the foam blocks is known to the installed OpenFOAM v1912,
  and no RAS/LES dict uses the post-v1912 ``model`` keyword. The lists come from
  the binaries themselves and are cached for the session: ``-listScalarBCs``/
  ``-listVectorBCs`` of several solvers, ``-listTurbulenceModels``,
  ``-listFunctionObjects``, ``-listFvOptions``, ``-listSwitches`` (registered type
  names, incl. compiled thermo combinations), and the "Valid ... types" lists
  icoFoam prints for deliberately invalid entries in a temp copy of the cavity
  tutorial (patchField, Function1, PatchFunction1, sampled sets and surfaces);
* canonical/ontology.yaml loads, has >= 18 categories with keywords and aliases,
  pins only existing files/sections, and its tool graph only uses declared tools.
"""

from __future__ import annotations

import atexit
import functools
import os
import re
import shutil
import subprocess
import tempfile
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import pytest

REPO = Path(__file__).resolve().parents[2]
CANONICAL = REPO / "canonical"
ONTOLOGY = CANONICAL / "ontology.yaml"

FOAM_BIN = Path("/usr/bin")
FOAM_DIR = "/usr/share/openfoam"
TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
CAVITY = TUTORIALS / "incompressible" / "icoFoam" / "cavity" / "cavity"

MIN_MARKDOWN_LINES = 1200
MIN_CATEGORIES = 18
STAGES = {"cad", "meshing", "setup", "solver", "postprocessing"}

# Solvers whose -listScalarBCs/-listVectorBCs output is merged: each loads a
# different set of libraries (multiphase, compressible, thermal, lagrangian).
BC_SOLVERS = (
    "simpleFoam",
    "interFoam",
    "multiphaseInterFoam",
    "buoyantSimpleFoam",
    "buoyantBoussinesqSimpleFoam",
    "rhoPimpleFoam",
    "rhoCentralFoam",
    "chtMultiRegionFoam",
    "twoPhaseEulerFoam",
    "MPPICFoam",
    "SRFSimpleFoam",
)
# Solvers whose registered type names (-listSwitches) form the "universe" of
# valid run-time selectable names for contexts without a dedicated list.
SWITCH_SOLVERS = ("simpleFoam", "interFoam", "buoyantSimpleFoam", "rhoCentralFoam", "MPPICFoam", "twoPhaseEulerFoam")
EXTRA_LIBS = (
    "fieldFunctionObjects",
    "forces",
    "utilityFunctionObjects",
    "solverFunctionObjects",
    "lagrangianFunctionObjects",
    "sampling",
    "scotchDecomp",
    "decompositionMethods",
    "dynamicFvMesh",
    "fvMotionSolvers",
    "snappyHexMesh",
)
# Keys whose value may be a Function1/PatchFunction1 given inline
# (``uniformValue sine;`` or ``uniformValue table (...);``).
FUNCTION1_KEYS = {"uniformValue", "volumetricFlowRate", "massFlowRate", "uniformInletValue", "flowRate"}


# --------------------------------------------------------------------------
# markdown extraction
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class FoamBlock:
    path: Path
    line: int  # 1-based line of the opening fence
    text: str

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(REPO)}:{self.line}"


FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([\w+-]*)\s*$")


def _markdown_files() -> list[Path]:
    return sorted(CANONICAL.glob("*.md"))


def _foam_blocks() -> list[FoamBlock]:
    blocks: list[FoamBlock] = []
    for md in _markdown_files():
        lines = md.read_text(encoding="utf-8").splitlines()
        i = 0
        while i < len(lines):
            m = FENCE.match(lines[i])
            if not m:
                i += 1
                continue
            fence, lang, start = m.group(2), m.group(3).lower(), i
            body: list[str] = []
            i += 1
            while i < len(lines) and not lines[i].strip().startswith(fence):
                body.append(lines[i])
                i += 1
            if i >= len(lines):
                raise AssertionError(f"{md.relative_to(REPO)}:{start + 1}: unclosed code fence")
            i += 1
            if lang == "foam":
                blocks.append(FoamBlock(md, start + 1, "\n".join(body) + "\n"))
    return blocks


FOAM_BLOCKS = _foam_blocks()


def _block_id(block: FoamBlock) -> str:
    return block.where


# --------------------------------------------------------------------------
# OpenFOAM binaries: lists of valid names, cached per session
# --------------------------------------------------------------------------


def _have_openfoam() -> bool:
    return (FOAM_BIN / "simpleFoam").exists()


requires_openfoam = pytest.mark.skipif(
    not _have_openfoam(), reason="OpenFOAM v1912 binaries (/usr/bin/simpleFoam) are not installed"
)


def _foam_env(cwd: Path | None = None) -> dict[str, str]:
    env = dict(os.environ)
    env["WM_PROJECT_DIR"] = FOAM_DIR
    env.setdefault("FOAM_SIGFPE", "false")
    if cwd is not None:
        env["PWD"] = str(cwd)
    return env


def _run_foam(args: list[str], cwd: Path, timeout: int = 120) -> str:
    proc = subprocess.run(
        args, cwd=cwd, env=_foam_env(cwd), capture_output=True, text=True, timeout=timeout, check=False
    )
    return proc.stdout + "\n" + proc.stderr


@functools.lru_cache(maxsize=1)
def _scratch() -> Path:
    path = Path(tempfile.mkdtemp(prefix="casewright-canonical-"))
    atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path


def _list_after(text: str, header: str) -> set[str]:
    """Parse an OpenFOAM list printed after a header line: ``header\\nN\\n(\\na\\nb\\n)``."""
    idx = text.find(header)
    if idx < 0:
        return set()
    m = re.compile(r"\(\s*(.*?)\s*\)", re.S).search(text, idx)
    return set(m.group(1).split()) if m else set()


def _valid_types_from_error(text: str, kind: str) -> set[str]:
    m = re.search(r"Valid %s types\s*:?\s*\d*\s*\((.*?)\)" % re.escape(kind), text, re.S)
    return set(m.group(1).split()) if m else set()


@functools.lru_cache(maxsize=None)
def boundary_condition_types() -> frozenset[str]:
    names: set[str] = set()
    for solver in BC_SOLVERS:
        if not (FOAM_BIN / solver).exists():
            continue
        out = _run_foam([solver, "-listScalarBCs", "-listVectorBCs"], _scratch())
        names |= _list_after(out, "scalarBCs")
        names |= _list_after(out, "vectorBCs")
    assert {"fixedValue", "zeroGradient", "noSlip", "kqRWallFunction"} <= names, "BC listing failed"
    return frozenset(names)


@functools.lru_cache(maxsize=None)
def turbulence_models() -> tuple[frozenset[str], frozenset[str]]:
    ras: set[str] = set()
    les: set[str] = set()
    for solver in ("simpleFoam", "rhoSimpleFoam"):
        out = _run_foam([solver, "-listTurbulenceModels"], _scratch())
        ras |= _list_after(out, "RAS models")
        les |= _list_after(out, "LES models")
    assert "kEpsilon" in ras and "Smagorinsky" in les, "turbulence model listing failed"
    return frozenset(ras), frozenset(les)


def _lib_args() -> list[str]:
    args: list[str] = []
    for lib in EXTRA_LIBS:
        args += ["-lib", lib]
    return args


@functools.lru_cache(maxsize=None)
def function_object_types() -> frozenset[str]:
    out = _run_foam(["simpleFoam", *_lib_args(), "-listFunctionObjects"], _scratch())
    names = _list_after(out, "functionObjects")
    assert {"forces", "yPlus", "solverInfo"} <= names, "function object listing failed"
    return frozenset(names)


@functools.lru_cache(maxsize=None)
def fv_option_types() -> frozenset[str]:
    out = _run_foam(["simpleFoam", "-listFvOptions"], _scratch())
    return frozenset(_list_after(out, "fvOptions"))


@functools.lru_cache(maxsize=None)
def registered_type_names() -> frozenset[str]:
    """Every run-time type name registered (debug switches) by a set of solvers plus libraries."""
    names: set[str] = set()
    for solver in SWITCH_SOLVERS:
        if not (FOAM_BIN / solver).exists():
            continue
        out = _run_foam([solver, *_lib_args(), "-listSwitches"], _scratch())
        body = out.split("DebugSwitches", 1)[-1]
        names |= {ln.strip() for ln in body.splitlines() if re.fullmatch(r"\s*[A-Za-z][\w:<>,.]*\s*", ln)}
    assert "heRhoThermo<pureMixture<const<hConst<perfectGas<specie>>,sensibleEnthalpy>>>" in names
    return frozenset(names)


@functools.lru_cache(maxsize=None)
def _cavity_error_lists() -> dict[str, frozenset[str]]:
    """Run icoFoam on a temp copy of the cavity tutorial with deliberately invalid
    entries and collect the 'Valid ... types' lists OpenFOAM prints."""
    if not CAVITY.is_dir():
        pytest.skip(f"cavity tutorial not found at {CAVITY}")
    root = _scratch() / "cavity"
    if not root.exists():
        shutil.copytree(CAVITY, root)
        for p in root.rglob("*"):
            p.chmod(0o755 if p.is_dir() else 0o644)
        out = _run_foam(["blockMesh"], root)
        assert (root / "constant" / "polyMesh" / "faces").exists(), out[-2000:]
    u_file = root / "0" / "U"
    original = u_file.read_text()
    lists: dict[str, frozenset[str]] = {}
    probes = {
        "patchField": "type bogusPatchFieldType;",
        "PatchFunction1": "type uniformFixedValue; uniformValue { type bogusFunction1; }",
        "Function1": "type flowRateInletVelocity; volumetricFlowRate { type bogusFunction1; } value uniform (0 0 0);",
    }
    try:
        for kind, body in probes.items():
            text = re.sub(r"(movingWall\s*\{)[^}]*(\})", r"\1 %s \2" % body, original, count=1)
            u_file.write_text(text)
            out = _run_foam(["icoFoam"], root)
            lists[kind] = frozenset(_valid_types_from_error(out, kind))
            assert lists[kind], f"no 'Valid {kind} types' list in icoFoam output:\n{out[-3000:]}"
    finally:
        u_file.write_text(original)
    # sampling: an invalid surface/set type in a controlDict function object
    control = root / "system" / "controlDict"
    control_original = control.read_text()
    sample_probes = {
        "sampledSurface": "s1 { type surfaces; libs (sampling); surfaceFormat vtk; fields (p);"
        " surfaces ( a { type bogusSurface; } ); }",
        "sampledSet": "s1 { type sets; libs (sampling); setFormat raw; interpolationScheme cell; fields (p);"
        " sets ( a { type bogusSet; } ); }",
    }
    try:
        for kind, body in sample_probes.items():
            control.write_text(control_original + "\nfunctions\n{\n    %s\n}\n" % body)
            out = _run_foam(["icoFoam"], root)
            lists[kind] = frozenset(_valid_types_from_error(out, "sample"))
            assert lists[kind], f"no 'Valid sample types' list ({kind}) in icoFoam output:\n{out[-3000:]}"
    finally:
        control.write_text(control_original)
    return lists


def function1_types() -> frozenset[str]:
    lists = _cavity_error_lists()
    return lists["Function1"] | lists["PatchFunction1"]


# --------------------------------------------------------------------------
# parsing helpers
# --------------------------------------------------------------------------


def _parse(block: FoamBlock) -> Any:
    """foamlib parse; its warnings (e.g. a duplicated keyword, where only the last
    entry would survive) count as failures too."""
    foamlib = pytest.importorskip("foamlib")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            return foamlib.FoamFile.loads(block.text)
    except Exception as exc:  # pragma: no cover - message path
        raise AssertionError(f"{block.where}: foam block does not parse with foamlib: {exc}") from exc


def _strip_comments_and_strings(text: str) -> str:
    text = re.sub(r'"(?:\\.|[^"\\])*"', '""', text)
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def _check_brackets(block: FoamBlock) -> None:
    pairs = {")": "(", "}": "{", "]": "["}
    stack: list[tuple[str, int]] = []
    for lineno, line in enumerate(_strip_comments_and_strings(block.text).splitlines(), start=1):
        for ch in line:
            if ch in "({[":
                stack.append((ch, lineno))
            elif ch in pairs:
                if not stack or stack[-1][0] != pairs[ch]:
                    raise AssertionError(
                        f"{block.path.relative_to(REPO)}:{block.line + lineno}: unbalanced '{ch}' in foam block"
                    )
                stack.pop()
    if stack:
        ch, lineno = stack[-1]
        raise AssertionError(f"{block.path.relative_to(REPO)}:{block.line + lineno}: unclosed '{ch}' in foam block")


def _items(node: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(node, dict) or hasattr(node, "items") and callable(node.items):
        for k, v in node.items():
            yield (str(k) if k is not None else ""), v


def _is_mapping(node: Any) -> bool:
    return isinstance(node, dict) or (hasattr(node, "items") and hasattr(node, "keys"))


@dataclass
class Usage:
    kind: str  # bc | function1 | functionObject | sampledSurface | sampledSet | ras | les | delta | thermo | type
    name: str
    path: tuple[str, ...]


def _first_word(value: Any) -> str | None:
    if isinstance(value, str):
        return value.split()[0] if value.split() else None
    if isinstance(value, (tuple, list)) and value and isinstance(value[0], str):
        return value[0]
    return None


def _walk(node: Any, path: tuple[str, ...], out: list[Usage]) -> None:
    if _is_mapping(node):
        entries = dict(_items(node))
        parent = path[-1] if path else ""
        grand = path[-2] if len(path) >= 2 else ""
        if "type" in entries and isinstance(entries["type"], str):
            name = entries["type"]
            if grand == "boundaryField":
                kind = "bc"
            elif "boundaryField" in path:
                kind = "function1"
            elif grand == "functions":
                kind = "functionObject"
            elif grand == "surfaces" and "functions" in path:
                kind = "sampledSurface"
            elif grand == "sets" and "functions" in path:
                kind = "sampledSet"
            elif parent == "thermoType":
                kind = "thermo"
            else:
                kind = "type"
            out.append(Usage(kind, name, path))
        if parent == "thermoType":
            out.append(Usage("thermoCombo", _thermo_combo(entries), path))
        for key, kind in (("RASModel", "ras"), ("LESModel", "les")):
            if key in entries and isinstance(entries[key], str):
                out.append(Usage(kind, entries[key], path))
        if parent in ("RAS", "LES") and "model" in entries:
            out.append(Usage("v1912-model-keyword", str(entries["model"]), path))
        if parent == "LES" or parent.endswith("Coeffs") and "LES" in path:
            if "delta" in entries and isinstance(entries["delta"], str):
                out.append(Usage("delta", entries["delta"], path))
        for key in FUNCTION1_KEYS & set(entries):
            word = _first_word(entries[key])
            if word and not re.fullmatch(r"[-+.\deE]+", word):
                out.append(Usage("function1", word, path + (key,)))
        for key, value in entries.items():
            _walk(value, path + (key,), out)
    elif isinstance(node, (list, tuple)):
        # blockMesh-style lists of (name, dict) pairs keep the name as context
        for item in node:
            if isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str) and _is_mapping(item[1]):
                _walk(item[1], path + (item[0],), out)
            else:
                _walk(item, path, out)


def _thermo_combo(entries: dict[str, Any]) -> str:
    keys = ("type", "mixture", "transport", "thermo", "equationOfState", "specie", "energy")
    t, mix, tr, th, eos, sp, en = (str(entries.get(k, "?")) for k in keys)
    return f"{t}<{mix}<{tr}<{th}<{eos}<{sp}>>,{en}>>>"


def _usages(block: FoamBlock) -> list[Usage]:
    out: list[Usage] = []
    _walk(_parse(block), (), out)
    return out


# --------------------------------------------------------------------------
# tests: markdown
# --------------------------------------------------------------------------


def test_canonical_markdown_exists() -> None:
    files = _markdown_files()
    assert len(files) >= 8, f"expected the canonical topic files, found {[f.name for f in files]}"


def test_markdown_total_lines() -> None:
    total = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in _markdown_files())
    assert total >= MIN_MARKDOWN_LINES, f"canonical markdown has {total} lines (< {MIN_MARKDOWN_LINES})"


def test_markdown_sections_are_chunkable() -> None:
    for md in _markdown_files():
        text = md.read_text(encoding="utf-8")
        headings = re.findall(r"^##\s+\S.*$", text, re.M)
        assert len(headings) >= 4, f"{md.name}: needs H2 sections for retrieval chunking"
        assert not re.search(r"^#{2,3}\s*$", text, re.M), f"{md.name}: empty heading"


def test_there_are_foam_blocks() -> None:
    assert len(FOAM_BLOCKS) >= 60, f"only {len(FOAM_BLOCKS)} foam blocks found"


@pytest.mark.parametrize("block", FOAM_BLOCKS, ids=_block_id)
def test_foam_block_parses(block: FoamBlock) -> None:
    assert block.text.strip(), f"{block.where}: empty foam block"
    assert "..." not in _strip_comments_and_strings(block.text), f"{block.where}: '...' placeholder in foam block"
    assert "FoamFile" not in block.text, f"{block.where}: foam blocks must not carry a FoamFile header"
    _check_brackets(block)
    parsed = _parse(block)
    assert parsed is not None and len(parsed) > 0, f"{block.where}: foam block parsed to nothing"


@requires_openfoam
@pytest.mark.parametrize("block", FOAM_BLOCKS, ids=_block_id)
def test_foam_block_accepted_by_openfoam_reader(block: FoamBlock, tmp_path: Path) -> None:
    """OpenFOAM's own parser (foamDictionary) must read the snippet standalone:
    this catches undefined $variables, wrong #includeEtc paths and stray tokens."""
    if not (FOAM_BIN / "foamDictionary").exists():
        pytest.skip("foamDictionary not installed")
    snippet = tmp_path / "snippet"
    snippet.write_text(block.text)
    proc = subprocess.run(
        ["foamDictionary", str(snippet)],
        cwd=tmp_path,
        env=_foam_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    if proc.returncode != 0:
        err = (proc.stdout + proc.stderr).strip()
        m = re.search(r"FATAL.*?(?=From function|\Z)", err, re.S)
        raise AssertionError(f"{block.where}: OpenFOAM cannot read this foam block:\n{m.group(0) if m else err}")


# --------------------------------------------------------------------------
# tests: names against the installed OpenFOAM
# --------------------------------------------------------------------------


@requires_openfoam
@pytest.mark.parametrize("block", FOAM_BLOCKS, ids=_block_id)
def test_foam_block_names_exist_in_openfoam(block: FoamBlock) -> None:
    problems: list[str] = []
    ras, les = turbulence_models()
    for use in _usages(block):
        where = ".".join(use.path) or "<top>"
        if use.kind == "bc":
            ok = use.name in boundary_condition_types()
            what = "boundary condition"
        elif use.kind == "function1":
            ok = use.name in function1_types()
            what = "Function1/PatchFunction1 type"
        elif use.kind == "functionObject":
            ok = use.name in function_object_types()
            what = "function object"
        elif use.kind in ("sampledSurface", "sampledSet"):
            ok = use.name in _cavity_error_lists()[use.kind]
            what = f"{use.kind} type"
        elif use.kind == "ras":
            ok = use.name in ras
            what = "RAS model"
        elif use.kind == "les":
            ok = use.name in les
            what = "LES model"
        elif use.kind == "v1912-model-keyword":
            ok, what = False, "'model' keyword (v1912 needs RASModel/LESModel)"
        elif use.kind == "thermoCombo":
            ok = use.name in registered_type_names()
            what = "thermoType combination"
        elif use.kind == "thermo":
            ok = any(n.startswith(use.name + "<") for n in registered_type_names())
            what = "thermo type"
        elif use.kind in ("delta", "type"):
            universe = (
                registered_type_names()
                | boundary_condition_types()
                | function_object_types()
                | fv_option_types()
                | function1_types()
            )
            ok = use.name in universe
            what = f"{use.kind} name"
        else:  # pragma: no cover
            continue
        if not ok:
            problems.append(f"unknown {what} '{use.name}' at {where}")
    assert not problems, f"{block.where}:\n  " + "\n  ".join(problems)


@requires_openfoam
def test_openfoam_lists_are_sane() -> None:
    bcs = boundary_condition_types()
    for name in (
        "movingWallVelocity",
        "totalPressure",
        "pressureInletOutletVelocity",
        "inletOutlet",
        "fixedFluxPressure",
        "prghPressure",
        "prghTotalPressure",
        "compressible::alphatWallFunction",
        "compressible::alphatJayatillekeWallFunction",
        "turbulentIntensityKineticEnergyInlet",
        "turbulentMixingLengthDissipationRateInlet",
        "turbulentMixingLengthFrequencyInlet",
        "variableHeightFlowRate",
        "constantAlphaContactAngle",
    ):
        assert name in bcs, name
    assert "bogusPatchFieldType" not in bcs
    # the patchField list printed on error should agree with -listScalarBCs/-listVectorBCs
    from_error = _cavity_error_lists()["patchField"]
    assert from_error <= bcs, sorted(from_error - bcs)
    assert {"sine", "table", "tableFile"} <= function1_types()
    ras, les = turbulence_models()
    assert {"kOmegaSST", "LRR", "kkLOmega", "realizableKE", "RNGkEpsilon"} <= ras
    assert {"WALE", "kEqn", "dynamicKEqn"} <= les


def test_usage_walker_classifies_contexts() -> None:
    pytest.importorskip("foamlib")
    block = FoamBlock(
        CANONICAL / "x.md",
        1,
        "boundaryField { inlet { type uniformFixedValue; uniformValue { type sine; } } }\n"
        "functions { y { type yPlus; } s { type sets; sets ( l { type uniform; } ); } c { type surfaces;"
        " surfaces ( p { type cuttingPlane; } ); } }\n"
        "RAS { RASModel kEpsilon; }\n"
        "LES { LESModel WALE; delta cubeRootVol; }\n"
        "thermoType { type heRhoThermo; mixture pureMixture; transport const; thermo hConst;"
        " equationOfState perfectGas; specie specie; energy sensibleEnthalpy; }\n"
        "boundary ( top { type patch; } );\n",
    )
    kinds = {(u.kind, u.name) for u in _usages(block)}
    assert ("les", "WALE") in kinds
    assert ("delta", "cubeRootVol") in kinds
    assert ("thermo", "heRhoThermo") in kinds
    assert ("thermoCombo", "heRhoThermo<pureMixture<const<hConst<perfectGas<specie>>,sensibleEnthalpy>>>") in kinds
    assert ("sampledSet", "uniform") in kinds
    assert ("sampledSurface", "cuttingPlane") in kinds
    assert ("bc", "uniformFixedValue") in kinds
    assert ("function1", "sine") in kinds
    assert ("functionObject", "yPlus") in kinds
    assert ("ras", "kEpsilon") in kinds
    assert ("type", "patch") in kinds


# --------------------------------------------------------------------------
# tests: ontology
# --------------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def _ontology() -> dict[str, Any]:
    yaml = pytest.importorskip("yaml")
    data = yaml.safe_load(ONTOLOGY.read_text(encoding="utf-8"))
    assert isinstance(data, dict), "ontology.yaml must be a mapping"
    return data


def _headings(md: Path) -> set[str]:
    return {h.strip() for h in re.findall(r"^#{2,3}\s+(.+?)\s*$", md.read_text(encoding="utf-8"), re.M)}


def test_ontology_categories() -> None:
    data = _ontology()
    cats = data.get("categories")
    assert isinstance(cats, dict) and len(cats) >= MIN_CATEGORIES, f"need >= {MIN_CATEGORIES} categories"
    for name, cat in cats.items():
        assert isinstance(cat, dict), name
        kw = cat.get("keywords")
        assert isinstance(kw, list) and kw and all(isinstance(k, str) and k for k in kw), f"{name}: keywords"
        aliases = cat.get("aliases")
        assert isinstance(aliases, dict) and aliases, f"{name}: aliases must be a non-empty mapping"
        for term, variants in aliases.items():
            assert isinstance(variants, list) and variants, f"{name}.{term}: alias list"
            assert all(isinstance(v, str) and v for v in variants), f"{name}.{term}: alias strings"


def test_ontology_canonical_docs_exist() -> None:
    for name, cat in _ontology()["categories"].items():
        docs = cat.get("canonical_docs")
        assert isinstance(docs, list) and docs, f"{name}: canonical_docs"
        for ref in docs:
            file_part, _, section = str(ref).partition("#")
            md = CANONICAL / file_part
            assert md.is_file(), f"{name}: {ref}: file missing"
            if section:
                assert section in _headings(md), f"{name}: {ref}: no such H2/H3 heading in {file_part}"


def test_ontology_tools_and_graph() -> None:
    data = _ontology()
    tools = data.get("tools")
    assert isinstance(tools, dict) and tools, "tools section"
    for tool, info in tools.items():
        assert isinstance(info, dict), tool
        assert info.get("stage") in STAGES, f"{tool}: stage {info.get('stage')!r}"
        implies = info.get("implies", [])
        assert isinstance(implies, list), f"{tool}: implies must be a list"
        for other in implies:
            assert other in tools, f"{tool}: implies '{other}', which is not declared in tools"
    graph = data.get("tool_graph")
    assert isinstance(graph, dict), "tool_graph"
    stage_edges = graph.get("stage_edges")
    assert stage_edges, "tool_graph.stage_edges"
    for edge in stage_edges:
        assert len(edge) == 2 and set(edge) <= STAGES, f"bad stage edge {edge}"
    tool_edges = graph.get("tool_edges")
    assert tool_edges, "tool_graph.tool_edges"
    for edge in tool_edges:
        assert len(edge) == 2, edge
        for end in edge:
            assert end in tools, f"tool_graph edge {edge}: '{end}' is not declared in tools"
    for required in ("blockMesh", "snappyHexMesh", "checkMesh", "setFields", "gmshToFoam", "fluentMeshToFoam",
                     "decomposePar", "ParaView", "PyFoam", "simpleFoam", "interFoam"):
        assert required in tools, f"tools: {required} missing"


def test_ontology_physics_phrases() -> None:
    data = _ontology()
    phrases = data.get("physics_phrases")
    assert isinstance(phrases, dict) and len(phrases) >= 15
    tools = data["tools"]
    for phrase, target in phrases.items():
        assert isinstance(target, dict) and target.get("solver"), f"{phrase}: needs a solver"
        assert target["solver"] in tools, f"{phrase}: solver {target['solver']} not in tools"
    expected = {
        "lid-driven cavity": "icoFoam",
        "dam break": "interFoam",
        "natural convection": "buoyantBoussinesqSimpleFoam",
        "backward-facing step": "simpleFoam",
        "pitzDaily": "simpleFoam",
        "particle column": "MPPICFoam",
    }
    for phrase, solver in expected.items():
        assert phrases[phrase]["solver"] == solver, phrase


def test_ontology_phrase_tutorials_exist() -> None:
    if not TUTORIALS.is_dir():
        pytest.skip(f"OpenFOAM tutorials not installed at {TUTORIALS}")
    for phrase, target in _ontology()["physics_phrases"].items():
        tutorial = target.get("tutorial")
        if tutorial:
            assert (TUTORIALS / tutorial).is_dir(), f"{phrase}: tutorial {tutorial} not found"


@requires_openfoam
def test_ontology_solvers_exist_in_v1912() -> None:
    for tool, info in _ontology()["tools"].items():
        if info.get("stage") == "solver" and info.get("binary", True):
            assert (FOAM_BIN / tool).exists(), f"ontology solver {tool} is not installed in /usr/bin"


@requires_openfoam
def test_ontology_model_aliases_are_real_models() -> None:
    ras, les = turbulence_models()
    aliases = _ontology()["categories"]["turbulence_models"]["aliases"]
    unknown = [m for m in aliases if m not in ras | les | {"laminar"}]
    assert not unknown, f"turbulence_models aliases name unknown models: {unknown}"


# --------------------------------------------------------------------------
# tests: canonical/physics.yaml and canonical/defaults.yaml, one home per fact
# --------------------------------------------------------------------------

LOADERS = {"physics.yaml": "tasks/foam/physics_models.py", "fluids.yaml": "tasks/foam/physics_fluids.py",
           "defaults.yaml": "tasks/foam/defaults.py"}


def test_physics_and_defaults_validate_and_share_no_section() -> None:
    yaml = pytest.importorskip("yaml")
    from tasks.foam.defaults import defaults
    from tasks.foam.physics import physics

    physics(), defaults()  # pydantic, extra="forbid"
    sections = {name: set(yaml.safe_load((CANONICAL / name).read_text(encoding="utf-8")))
                for name in ("physics.yaml", "defaults.yaml")}
    assert not sections["physics.yaml"] & sections["defaults.yaml"]


def test_each_canonical_table_is_read_by_its_loader_only() -> None:
    sources = [p for d in ("tasks", "flows") for p in (REPO / d).rglob("*.py")]
    for name, loader in LOADERS.items():
        readers = sorted(str(p.relative_to(REPO)) for p in sources if f'"{name}"' in p.read_text(encoding="utf-8"))
        assert readers == [loader], f"canonical/{name} is opened by {readers}, not only by {loader}"


def _tutorial_text(rel: str) -> str:
    from tasks.foam.files import find_file, read_text

    path = find_file((TUTORIALS / rel).parent, (TUTORIALS / rel).name)
    if path is None:
        pytest.skip(f"OpenFOAM tutorial file {rel} not installed")
    return read_text(path)


def test_simplec_relaxation_is_the_pitzdaily_tutorials() -> None:
    from tasks.foam import dictionary as fd
    from tasks.foam.defaults import relaxation_factors

    text = _tutorial_text("incompressible/simpleFoam/pitzDaily/system/fvSolution")
    assert fd.get(text, ["SIMPLE", "consistent"]) == "yes"
    body = relaxation_factors("simplec", ["p", "U", "k", "epsilon"])
    assert list(body) == fd.keys(text, ["relaxationFactors"]) == ["equations"]  # p unrelaxed
    for key, value in body["equations"].items():
        assert fd.get(text, ["relaxationFactors", "equations", key]) == value, key


@pytest.mark.parametrize(("tutorial", "entry", "field", "keys"), [
    ("incompressible/icoFoam/cavity/cavity", "p", "p", ("tolerance", "relTol")),
    ("multiphase/interFoam/laminar/damBreak/damBreak", "alpha.water.*", "alpha.water",
     ("nAlphaCorr", "nAlphaSubCycles", "cAlpha", "MULESCorr", "solver", "smoother", "tolerance", "relTol")),
    ("incompressible/simpleFoam/pitzDaily", "p", "p", ("solver", "smoother", "tolerance")),
])
def test_linear_solvers_are_the_tutorials(tutorial: str, entry: str, field: str, keys: tuple[str, ...]) -> None:
    from tasks.foam import dictionary as fd
    from tasks.foam.defaults import linear_solver_body

    text = _tutorial_text(f"{tutorial}/system/fvSolution")
    body = linear_solver_body(field)
    for key in keys:
        have = fd.get(text, ["solvers", entry, key])
        assert have is not None and _same(have, body[key]), f"{tutorial} solvers/{entry}/{key}: {have} vs {body[key]}"


def test_stress_divergence_is_the_tutorials() -> None:
    from tasks.foam import dictionary as fd
    from tasks.foam.defaults import stress_scheme

    text = _tutorial_text("incompressible/pisoFoam/RAS/cavity/system/fvSchemes")
    assert fd.get(text, ["divSchemes", "div(R)"]) == stress_scheme()


def _same(a: str, b: str) -> bool:
    try:
        return float(a) == float(b)
    except ValueError:
        return a == b


@pytest.fixture()
def steady_cavity(tmp_path: Path) -> Path:
    """The cavity tutorial switched by the InputWriter to simpleFoam with k-epsilon numerics."""
    from tasks.edit.caseops import ensure_numerics, switch_solver
    from tasks.foam.files import decompress_tree

    if not CAVITY.is_dir():
        pytest.skip(f"OpenFOAM tutorials not installed at {TUTORIALS}")
    case = Path(shutil.copytree(CAVITY, tmp_path / "cavity"))
    decompress_tree(case)
    switch_solver(case, "simpleFoam", closed_domain=True)
    ensure_numerics(case, "simpleFoam", ["k", "epsilon"])
    return case


def test_the_reviewer_writes_what_the_planner_writes(steady_cavity: Path) -> None:
    """Every canonical value the InputWriter put into a case is the value the Reviewer would
    write for the same entry if it were missing."""
    from tasks.foam import dictionary as fd
    from tasks.review.case import CaseView
    from tasks.review.defaults import div_scheme, keyword_default, relaxation_lines

    view = CaseView.load(steady_cavity)
    solution, schemes = view.text("system/fvSolution") or "", view.text("system/fvSchemes") or ""
    transport = view.text("constant/transportProperties") or ""

    def reviewer(rel: str, path: list[str]) -> str | None:
        return keyword_default(view, rel, path[:-1], path[-1])

    planner_wrote = {
        ("system/fvSolution", ("SIMPLE", key)): fd.get(solution, ["SIMPLE", key])
        for key in fd.keys(solution, ["SIMPLE"]) if key != "residualControl"
    }
    planner_wrote.update({("system/fvSolution", ("solvers", "(k|epsilon)", key)): fd.get(solution, ["solvers", "(k|epsilon)", key])
                          for key in fd.keys(solution, ["solvers", "(k|epsilon)"])})
    planner_wrote[("system/fvSchemes", ("ddtSchemes", "default"))] = fd.get(schemes, ["ddtSchemes", "default"])
    planner_wrote[("system/fvSchemes", ("wallDist", "method"))] = fd.get(schemes, ["wallDist", "method"])
    planner_wrote[("constant/transportProperties", ("transportModel",))] = fd.get(transport, ["transportModel"])
    assert len(planner_wrote) == 11  # 4 SIMPLE, 4 solver, 3 other entries
    for (rel, path), value in planner_wrote.items():
        assert reviewer(rel, list(path)) == value, f"{rel} {'/'.join(path)}: planner {value}"
    for key in ("div(phi,U)", "div(phi,k)", "div(phi,epsilon)", "div((nuEff*dev2(T(grad(U)))))"):
        assert div_scheme(view, key) == fd.get(schemes, ["divSchemes", key]), key

    lines = relaxation_lines(view)
    reviewer_text = fd.set_entry("", ["relaxationFactors"], lines)
    for section in fd.keys(solution, ["relaxationFactors"]):
        for key in fd.keys(solution, ["relaxationFactors", section]):
            path = ["relaxationFactors", section, key]
            assert fd.get(reviewer_text, path) == fd.get(solution, path), "/".join(path)
    assert fd.keys(reviewer_text, ["relaxationFactors"]) == fd.keys(solution, ["relaxationFactors"])
