"""Find and normalise the documents of the knowledge store.

Sources: tutorial case files, the annotated caseDicts, what the installed OpenFOAM says about
itself (`-help` of every application, BC/function-object/model lists; read and cached by
tasks/foamhelp.py), canonical/*.md and user folders. Loading a document is cheap
(read, normalise, fingerprint) so an unchanged corpus is recognised without chunking or
embedding; `enrich_document` and `chunk_document` (tasks/chunking.py) run only for
documents that are new or changed.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Literal, get_args

import yaml
from pydantic import BaseModel, ConfigDict, Field

from tasks.casebase import CaseSummary, find_case_dirs, read_case_summary, read_text
from tasks.foamhelp import FoamIntrospection, introspect_openfoam, is_solver

logger = logging.getLogger(__name__)

PIPELINE_VERSION = "corpus-3"  # bump when normalisation or chunking changes: forces re-chunking

DocType = Literal["tutorial", "caseDict", "help", "canonical", "faq", "user"]
Intent = Literal["setup", "troubleshooting", "reference", "meshing", "postprocessing"]
TextFormat = Literal["foam", "markdown", "text"]

SKIP_SUFFIXES = frozenset(
    ".stl .obj .emesh .vtk .vtp .vtu .dat .csv .xy .out .inp .png .jpg .jpeg .gif .pdf .msh .unv"
    " .cgns .ccm .cel .vrt .bnd .tmp .c .h .ftr .fms .nas .step .stp .igs .iges .plt .foam .gz".split()
)
MESH_DATA = frozenset("points faces owner neighbour cells cellZones faceZones pointZones pointLevel"
                      " cellLevel level0Edge surfaceIndex".split())
MAX_BODY_CHARS = 200_000
MESHING_ROLES = frozenset(
    "blockMeshDict snappyHexMeshDict surfaceFeatureExtractDict surfaceFeaturesDict extrudeMeshDict"
    " topoSetDict createPatchDict meshQualityDict refineMeshDict mirrorMeshDict createBafflesDict"
    " foamyHexMeshDict foamyQuadMeshDict collapseDict extrude2DMeshDict polyMesh/boundary"
    " blockMeshDict.m4 PDRblockMeshDict subsetMeshDict".split()
)
POSTPROCESSING_ROLES = frozenset(
    "sampleDict sample samples sampling probes streamLines streamlines forces forceCoeffs"
    " cuttingPlane runTimePostProcessing residuals vtkWrite ensightWrite surfaces singleGraph"
    " fieldAverage yPlus wallShearStress derivedFields visualization postProcessingDict".split()
)
DICT_TOOLS = {"collapseDict": "collapseEdges", "sampleDict": "postProcess", "blockMeshDict.m4": "blockMesh"}


class DocMeta(BaseModel):
    """The metadata every chunk of a document carries (stored as jsonb)."""

    model_config = ConfigDict(extra="forbid")

    source_path: str
    doc_type: DocType
    intent: Intent
    tool: str | None = Field(None, description="the solver or utility the text is about")
    tools: list[str] = Field(default_factory=list)
    role: str = ""
    case: str | None = None
    solver: str | None = None
    simulation_type: str | None = None
    turbulence_model: str | None = None
    compressibility: str | None = None
    openfoam_version: str = "v1912"


class Document(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(description="stable source key, e.g. tutorial:incompressible/.../fvSchemes")
    source: str = Field(description="source scope used for pruning: tutorial, caseDict, ..., user:<root>")
    title: str = Field(description="header lines prepended to every chunk")
    body: str = Field(description="normalised text")
    format: TextFormat
    meta: DocMeta
    fingerprint: str = ""
    expansions: str = Field("", description="expanded macro values, filled by enrich_document")

    def with_fingerprint(self) -> Document:
        payload = json.dumps([PIPELINE_VERSION, self.title, self.body, self.meta.model_dump()], sort_keys=True)
        return self.model_copy(update={"fingerprint": md5(payload)})


def md5(text: str) -> str:
    return hashlib.md5(text.encode("utf-8")).hexdigest()


# --- normalisation -------------------------------------------------------------------------

_BLOCK_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_DECORATION = re.compile(r"^[ \t]*(?://|#)[ \t]*[-*=~_ \t]{5,}(?://)?[ \t]*$\n?", re.M)
_FOAMFILE = re.compile(r"\bFoamFile\s*\{[^{}]*\}\s*", re.S)
_COUNTED_LIST = re.compile(r"(?<![\w.$])(\d+)\s*\(")
_NUMERIC = re.compile(r"[\s\d.eE+\-()]*")
_BLANKS = re.compile(r"\n[ \t]*\n(?:[ \t]*\n)+")


def _is_banner(comment: str) -> bool:
    if "F ield" in comment or "=========" in comment or "GNU General Public License" in comment:
        return True
    return not re.sub(r"[-*\\/|=\s]", "", comment) or "C++" in comment and len(comment) < 120


def _list_end(text: str, open_idx: int) -> int | None:
    """End of the counted list opening at `open_idx`: a `)` alone at a line start for a
    multi-line list, the last `)` of the line for a one-line list."""
    if text.startswith("\n", open_idx + 1) or text.startswith("\r\n", open_idx + 1):
        close = text.find("\n)", open_idx)
        return None if close < 0 else close + 2
    eol = text.find("\n", open_idx)
    line = text[open_idx : eol if eol >= 0 else len(text)]
    close = line.rfind(")")
    return None if close <= 0 else open_idx + close + 1


def elide_large_lists(text: str, min_chars: int = 1500) -> str:
    """Replace numeric counted lists longer than `min_chars` (mesh points, `nonuniform
    List<...>` values) by a placeholder stating their size. Lists of names or
    dictionaries (polyMesh/boundary) are kept."""
    if len(text) < min_chars:
        return text
    out, pos = [], 0
    while (match := _COUNTED_LIST.search(text, pos)) is not None:
        open_idx = match.end() - 1
        end = _list_end(text, open_idx)
        numeric = _NUMERIC.match(text, open_idx + 1, min(len(text), open_idx + 200))
        if end is None or end - match.start() < min_chars or numeric is None or numeric.end() < min(
            len(text), open_idx + 200
        ):
            out.append(text[pos : match.end()])
            pos = match.end()
            continue
        out.append(text[pos : match.start()])
        out.append(f"{match.group(1)} (/* {match.group(1)} entries elided */)")
        pos = end
    out.append(text[pos:])
    return "".join(out)


def normalise_foam(text: str) -> tuple[str, dict[str, str]]:
    """Strip banner and decorative comments and the FoamFile header; elide large lists.

    Returns the text and the header's class/object/location.
    """
    header: dict[str, str] = {}
    found = _FOAMFILE.search(text)
    if found:
        for key in ("class", "object", "location"):
            value = re.search(rf"\b{key}\s+\"?([^;\"\s]+)\"?\s*;", found.group())
            if value:
                header[key] = value.group(1)
        text = text[: found.start()] + text[found.end() :]
    text = _BLOCK_COMMENT.sub(lambda m: "" if _is_banner(m.group()) else m.group(), text)
    text = _DECORATION.sub("", text)
    text = elide_large_lists(text)
    text = "\n".join(line.rstrip() for line in text.splitlines())
    return _BLANKS.sub("\n\n", text).strip("\n"), header


def looks_like_data(body: str, min_chars: int = 5000, ratio: float = 0.75) -> bool:
    """A long text that is mostly numbers (particle positions, tables): not worth indexing."""
    if len(body) < min_chars:
        return False
    numeric = sum(body.count(c) for c in "0123456789.eE+-()")
    return numeric / max(1, len(body) - body.count(" ") - body.count("\n")) > ratio


def normalise_markdown(text: str) -> tuple[str, dict[str, object]]:
    """Split off YAML front matter (returned as a dict); normalise blank lines."""
    front: dict[str, object] = {}
    if text.startswith("---\n"):
        end = text.find("\n---", 4)
        if end > 0:
            try:
                loaded = yaml.safe_load(text[4:end])
            except yaml.YAMLError:
                loaded = None
            if isinstance(loaded, dict):
                front, text = loaded, text[end + 4 :]
    text = "\n".join(line.rstrip() for line in text.splitlines())
    return _BLANKS.sub("\n\n", text).strip("\n"), front


# --- tagging ---------------------------------------------------------------------------------

_TIME_DIR = re.compile(r"^0(\.[\w]+)?$")  # 0, 0.orig, 0.kOmegaSST: initial fields


def file_role(rel_in_case: str, foam_class: str | None) -> str:
    """What a case file is: `boundary condition field U`, `fvSchemes`, `run script Allrun`..."""
    parts = rel_in_case.removesuffix(".gz").split("/")
    name = parts[-1].removesuffix(".orig")
    if name.startswith("Allrun") or name in ("Allmesh", "Allpre"):
        return f"run script {name}"
    if name.startswith("README"):
        return "README"
    if len(parts) > 1 and _TIME_DIR.match(parts[0]):
        if "include" in parts[1:-1] or foam_class is None or not foam_class.startswith(("vol", "point", "surface")):
            return f"initial conditions include {name}"
        return f"boundary condition field {name}"
    if "polyMesh" in parts:
        return f"polyMesh/{name}"
    return name


def intent_for(role: str, text: str = "") -> Intent:
    base = role.split()[-1] if role else ""
    if role in MESHING_ROLES or base in MESHING_ROLES:
        return "meshing"
    if base in POSTPROCESSING_ROLES or re.search(r"\b(libs|functionObjectLibs)\s*\([^)]*FunctionObjects", text):
        return "postprocessing"
    return "setup"


def tool_for(role: str, solver: str | None, known_tools: frozenset[str]) -> tuple[str | None, list[str]]:
    """(tool, tools): the utility a dictionary configures (blockMeshDict -> blockMesh), else the solver."""
    name = role.split()[-1].split("/")[-1] if role else ""
    utility = DICT_TOOLS.get(name) or (name[:-4] if name.endswith("Dict") else None)
    if utility and known_tools and utility not in known_tools:
        utility = None
    tools = [t for t in dict.fromkeys([utility, solver]) if t]
    return (tools[0] if tools else None), tools


def markdown_intent(name: str, heading: str = "") -> Intent:
    text = f"{name} {heading}".lower()
    if re.search(r"troubleshoot|error|fatal|diverg|crash|fail|faq|problem|fix", text):
        return "troubleshooting"
    if "mesh" in text:
        return "meshing"
    if re.search(r"post-?process|sampl|function object|probe|forces", text):
        return "postprocessing"
    if re.search(r"setup|set up|how to|tutorial|workflow|step", text):
        return "setup"
    return "reference"


# --- sources ---------------------------------------------------------------------------------

def _wanted_case_file(path: Path, case_dir: Path) -> bool:
    parts = path.relative_to(case_dir).parts
    name = path.name.removesuffix(".gz")
    if path.suffix.lower() in SKIP_SUFFIXES and path.suffix != ".gz":
        return False
    if Path(name).suffix.lower() in SKIP_SUFFIXES:
        return False
    if "triSurface" in parts or "sets" in parts or (name in MESH_DATA and "polyMesh" in parts):
        return False
    return not name.startswith(("Allclean", "Alltest"))


def load_case_file(
    path: Path, *, doc_id: str, source: str, doc_type: DocType, case_rel: str, rel_in_case: str,
    summary: CaseSummary | None, version: str, known_tools: frozenset[str] = frozenset(),
) -> Document | None:
    """One tutorial (or user case) file as a Document; None for data, scripts and binaries."""
    raw = read_text(path)
    if "\x00" in raw[:8192]:
        return None
    name = path.name.removesuffix(".gz")
    is_foam = "FoamFile" in raw[:3000]
    script = name.startswith("Allrun") or raw.startswith("#!")
    if script and not name.startswith(("Allrun", "Allmesh")):
        return None
    if not (is_foam or script or name.startswith("README") or ";" in raw):
        return None
    if script or name.startswith("README"):
        body, header = _DECORATION.sub("", raw).strip(), {}
        fmt: TextFormat = "text"
    else:
        body, header = normalise_foam(raw)
        fmt = "foam"
    if not body.strip() or len(body) > MAX_BODY_CHARS or looks_like_data(body):
        return None
    role = file_role(rel_in_case, header.get("class"))
    solver = summary.solver if summary else None
    tool, tools = tool_for(role, solver, known_tools)
    meta = DocMeta(
        source_path=str(path), doc_type=doc_type, intent=intent_for(role, body), tool=tool, tools=tools,
        role=role, case=case_rel or None, solver=solver,
        simulation_type=summary.simulation_type if summary else None,
        turbulence_model=summary.turbulence_model if summary else None,
        compressibility=summary.compressibility if summary else None, openfoam_version=version,
    )
    turb = " ".join(x for x in (meta.simulation_type, meta.turbulence_model) if x) or "unknown"
    title = (f"{'Tutorial' if doc_type == 'tutorial' else 'Case'}: {case_rel or '.'}\n"
             f"File: {rel_in_case.removesuffix('.gz')} ({role}"
             f"{', ' + header['class'] if header.get('class') else ''})\n"
             f"Solver: {solver or 'unknown'}; turbulence: {turb}; {meta.compressibility or ''}".rstrip("; "))
    return Document(id=doc_id, source=source, title=title, body=body, format=fmt, meta=meta).with_fingerprint()


def iter_case_tree(
    root: Path, *, id_prefix: str, source: str, doc_type: DocType, version: str,
    known_tools: frozenset[str] = frozenset(), absolute_ids: bool = False,
) -> Iterator[Document]:
    """Every wanted file of every case under `root` (files outside cases: Allrun, README)."""
    cases = find_case_dirs(root)
    summaries = {c: read_case_summary(c, root) for c in cases}
    case_set = set(cases)
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        case_dir = next((a for a in path.parents if a in case_set), None)
        base = case_dir or path.parent
        if not _wanted_case_file(path, base):
            continue
        rel_root = path.relative_to(root).as_posix().removesuffix(".gz")
        doc_id = f"{id_prefix}{path.as_posix().removesuffix('.gz') if absolute_ids else rel_root}"
        case_rel = case_dir.relative_to(root).as_posix() if case_dir and case_dir != root else (
            root.name if case_dir == root else path.parent.relative_to(root).as_posix())
        try:
            doc = load_case_file(
                path, doc_id=doc_id, source=source, doc_type=doc_type, case_rel=case_rel,
                rel_in_case=path.relative_to(base).as_posix(), summary=summaries.get(case_dir),  # type: ignore[arg-type]
                version=version, known_tools=known_tools,
            )
        except (OSError, EOFError, ValueError) as exc:
            logger.warning("skipping unreadable %s: %s", path, exc)
            continue
        if doc is not None:
            yield doc


def iter_casedicts(root: Path, *, version: str, known_tools: frozenset[str] = frozenset()) -> Iterator[Document]:
    """The annotated caseDicts shipped with OpenFOAM (etc/caseDicts)."""
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        rel = path.relative_to(root).as_posix()
        body, header = normalise_foam(read_text(path))
        if not body.strip():
            continue
        parts = rel.split("/")
        solver = next((p for p in parts if p in known_tools and p.endswith("Foam")), None)
        tool, tools = tool_for(Path(rel).stem, solver, known_tools)
        intent: Intent = ("meshing" if parts[0] == "mesh" or Path(rel).stem in MESHING_ROLES
                          else "postprocessing" if parts[0] == "postProcessing" else "reference")
        meta = DocMeta(source_path=str(path), doc_type="caseDict", intent=intent, tool=tool, tools=tools,
                       role=Path(rel).stem, solver=solver, openfoam_version=version)
        title = f"OpenFOAM {version} annotated case dictionary: caseDicts/{rel}"
        yield Document(id=f"caseDict:{rel}", source="caseDict", title=title, body=body, format="foam",
                       meta=meta).with_fingerprint()


def iter_markdown(root: Path, *, id_prefix: str, source: str, doc_type: DocType, version: str,
                  suffixes: tuple[str, ...] = (".md",), absolute_ids: bool = False,
                  skip_dirs: frozenset[Path] = frozenset()) -> Iterator[Document]:
    """Markdown (and plain-text) notes; canonical/*.md or a user folder."""
    for path in sorted(p for p in root.rglob("*") if p.is_file() and p.suffix.lower() in suffixes):
        if any(d in path.parents for d in skip_dirs):
            continue
        body, front = normalise_markdown(read_text(path))
        if not body.strip():
            continue
        rel = path.relative_to(root).as_posix()
        kind: DocType = "faq" if doc_type == "canonical" and "faq" in path.stem.lower() else doc_type
        tools = [str(t) for t in (front.get("tools") or ([front["tool"]] if front.get("tool") else []))]
        intent = front.get("intent") if front.get("intent") in get_args(Intent) else markdown_intent(path.stem)
        meta = DocMeta(source_path=str(path), doc_type=kind, intent=intent, tool=tools[0] if tools else None,  # type: ignore[arg-type]
                       tools=tools, role=str(front.get("title") or path.stem), openfoam_version=version)
        label = "Canonical note" if doc_type == "canonical" else "Note"
        doc_id = f"{id_prefix}{path.as_posix() if absolute_ids else rel}"
        fmt: TextFormat = "markdown" if path.suffix.lower() in (".md", ".markdown") else "text"
        yield Document(id=doc_id, source=source, title=f"{label}: {rel}", body=body, format=fmt,
                       meta=meta).with_fingerprint()


def iter_user_folder(root: Path, *, version: str, known_tools: frozenset[str] = frozenset()) -> Iterator[Document]:
    """A `--source DIR`: OpenFOAM cases inside it (like tutorials) plus markdown/text notes."""
    root = root.resolve()
    source = f"user:{root}"
    cases = frozenset(find_case_dirs(root))
    for case_dir in sorted(cases):
        if any(c in case_dir.parents for c in cases):
            continue
        yield from iter_case_tree(case_dir, id_prefix="user:", source=source, doc_type="user",
                                  version=version, known_tools=known_tools, absolute_ids=True)
    yield from iter_markdown(root, id_prefix="user:", source=source, doc_type="user", version=version,
                             suffixes=(".md", ".markdown", ".txt", ".rst"), absolute_ids=True, skip_dirs=cases)


# --- what the installed OpenFOAM says about itself, as documents -----------------------------

def help_documents(info: FoamIntrospection) -> Iterator[Document]:
    """One document per application's help, one per list (scalar BCs, vector BCs, ...)."""
    version = info.version
    for name, text in sorted(info.help.items()):
        kind = "solver" if is_solver(name) else "utility"
        meta = DocMeta(source_path=f"{name} -help", doc_type="help", intent="reference", tool=name,
                       tools=[name], role=f"{kind} help", solver=name if kind == "solver" else None,
                       openfoam_version=version)
        yield Document(id=f"help:{name}", source="help", title=f"OpenFOAM {version} {kind} {name}: usage and options",
                       body=text, format="text", meta=meta).with_fingerprint()
    titles = {"scalarBCs": "boundary condition types valid for scalar fields (volScalarField: p, k, T, ...)",
              "vectorBCs": "boundary condition types valid for vector fields (volVectorField: U, ...)",
              "functionObjects": "function object types (controlDict functions, postProcess -func)",
              "configuredFunctionObjects": "configured function objects usable with #includeFunc / postProcess -func",
              "fvOptions": "fvOptions source types (constant/fvOptions, system/fvOptions)",
              "RAS models": "RAS turbulence models (simulationType RAS; RAS { model ...; })",
              "LES models": "LES turbulence models (simulationType LES; LES { model ...; })"}
    for list_name, by_origin in sorted(info.lists.items()):
        common = sorted(set.intersection(*(set(v) for v in by_origin.values())))
        parts = [f"Valid in every application checked: {' '.join(common)}"]
        for origin, names in sorted(by_origin.items()):
            extra = sorted(set(names) - set(common))
            if extra:
                parts.append(f"Also available with {origin}: {' '.join(extra)}")
        label = titles.get(list_name, list_name)
        meta = DocMeta(source_path=f"openfoam -list {list_name}", doc_type="help", intent="reference",
                       role=list_name, openfoam_version=version, tools=sorted(by_origin))
        yield Document(id=f"help:list:{list_name.replace(' ', '_')}", source="help",
                       title=f"OpenFOAM {version}: {label}", body="\n\n".join(parts), format="text",
                       meta=meta).with_fingerprint()


# --- discovery of every source ---------------------------------------------------------------

SourceKind = Literal["tutorial", "caseDict", "help", "canonical", "user"]
ALL_KINDS: tuple[SourceKind, ...] = ("tutorial", "caseDict", "help", "canonical", "user")


class SourcePlan(BaseModel):
    """Where each source kind is read from (None: that kind is not ingested)."""

    model_config = ConfigDict(extra="forbid")

    tutorials_dir: Path | None = None
    casedicts_dir: Path | None = None
    canonical_dir: Path | None = None
    user_dirs: list[Path] = Field(default_factory=list)
    include_help: bool = True
    openfoam_dir: Path = Path("/usr/share/openfoam")
    bin_dir: Path = Path("/usr/bin")
    cache_dir: Path = Path(".")


class CaseRoot(BaseModel):
    model_config = ConfigDict(extra="forbid")

    root: Path
    origin: str


class DiscoveredCorpus(BaseModel):
    """Every document found, and the sources that were read completely (safe to prune)."""

    model_config = ConfigDict(extra="forbid")

    documents: list[Document]
    complete_sources: list[str]
    case_roots: list[CaseRoot]
    openfoam_version: str


def discover_documents(plan: SourcePlan) -> DiscoveredCorpus:
    """Load (read + normalise + fingerprint) the documents of every planned source."""
    docs: list[Document] = []
    complete: list[str] = []
    roots: list[CaseRoot] = []
    info = introspect_openfoam(plan.openfoam_dir, plan.cache_dir, plan.bin_dir) if plan.include_help else None
    version = info.version if info else "v1912"
    known = frozenset(info.help) if info else frozenset()
    if info is not None:
        docs += help_documents(info)
        complete.append("help")
    elif plan.include_help:
        logger.warning("no OpenFOAM applications found in %s: help documents not refreshed", plan.bin_dir)
    if plan.tutorials_dir is not None:
        if plan.tutorials_dir.is_dir():
            docs += iter_case_tree(plan.tutorials_dir, id_prefix="tutorial:", source="tutorial",
                                   doc_type="tutorial", version=version, known_tools=known)
            complete.append("tutorial")
            roots.append(CaseRoot(root=plan.tutorials_dir, origin="tutorial"))
        else:
            logger.warning("tutorials directory %s not found: tutorial documents not refreshed", plan.tutorials_dir)
    if plan.casedicts_dir is not None and plan.casedicts_dir.is_dir():
        docs += iter_casedicts(plan.casedicts_dir, version=version, known_tools=known)
        complete.append("caseDict")
    if plan.canonical_dir is not None and plan.canonical_dir.is_dir():
        docs += iter_markdown(plan.canonical_dir, id_prefix="canonical:", source="canonical",
                              doc_type="canonical", version=version)
        complete.append("canonical")
    for user_dir in plan.user_dirs:
        root = user_dir.resolve()
        docs += iter_user_folder(root, version=version, known_tools=known)
        complete.append(f"user:{root}")
        roots.append(CaseRoot(root=root, origin=f"user:{root}"))
    unique: dict[str, Document] = {}
    for doc in docs:
        if doc.id in unique:
            logger.warning("duplicate document id %s (%s): keeping the first", doc.id, doc.meta.source_path)
            continue
        unique[doc.id] = doc
    return DiscoveredCorpus(documents=list(unique.values()), complete_sources=complete, case_roots=roots,
                            openfoam_version=version)
