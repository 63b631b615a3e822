"""Find the documents of the knowledge store (tasks/knowledge/documents.py normalises and tags them).

Sources: tutorial case files, the annotated caseDicts, what the installed OpenFOAM says about
itself (`-help` of every application, BC/function-object/model lists; read and cached by
tasks/foam/installed.py), canonical/*.md and user folders. Loading a document is cheap
(read, normalise, fingerprint) so an unchanged corpus is recognised without chunking or
embedding; `enrich_document` and `chunk_document` (tasks/knowledge/chunking.py) run only for
documents that are new or changed.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from tasks.foam.files import read_text
from tasks.foam.installed import FoamIntrospection, introspect_openfoam, is_solver
from tasks.knowledge.casebase import CaseSummary, find_case_dirs, read_case_summary
from tasks.knowledge.documents import (
    MESHING_ROLES,
    DocMeta,
    DocType,
    Document,
    Intent,
    TextFormat,
    file_role,
    intent_for,
    looks_like_data,
    markdown_intent,
    normalise_foam,
    normalise_markdown,
    strip_decoration,
    tool_for,
)
from tasks.knowledge.installed_names import FILE_NAME as NAMES_FILE
from tasks.knowledge.installed_names import installed_name_documents

logger = logging.getLogger(__name__)

SKIP_SUFFIXES = frozenset(
    ".stl .obj .emesh .vtk .vtp .vtu .dat .csv .xy .out .inp .png .jpg .jpeg .gif .pdf .msh .unv"
    " .cgns .ccm .cel .vrt .bnd .tmp .c .h .ftr .fms .nas .step .stp .igs .iges .plt .foam .gz".split()
)
MESH_DATA = frozenset("points faces owner neighbour cells cellZones faceZones pointZones pointLevel"
                      " cellLevel level0Edge surfaceIndex".split())
MAX_BODY_CHARS = 200_000


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
        body, header = strip_decoration(raw).strip(), {}
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


# --- the installation's own files: environment, global controlDict, case templates, thermoData -----

ETC_TEXT_FILES = ("bashrc", "config.sh")
THERMO_DATA_CHARS = 4000


def _etc_document(doc_id: str, path: Path, title: str, body: str, fmt: TextFormat, role: str, version: str) -> Document:
    meta = DocMeta(source_path=str(path), doc_type="caseDict", intent="reference", role=role, openfoam_version=version)
    return Document(id=doc_id, source="etc", title=title, body=body, format=fmt, meta=meta).with_fingerprint()


def iter_installation_files(etc_dir: Path, *, version: str, known_tools: frozenset[str] = frozenset()) -> Iterator[Document]:
    """The documented parts of the installation's etc/: the environment scripts (bashrc and
    config.sh/*, where the WM_* and FOAM_* variables are set), the global controlDict (documented
    switches), the case templates (etc/templates) and the head of the JANAF thermoData file."""
    for name in ETC_TEXT_FILES:
        root = etc_dir / name
        for path in sorted([root] if root.is_file() else (p for p in root.rglob("*") if p.is_file())):
            body = strip_decoration(read_text(path)).strip()
            if body and len(body) <= MAX_BODY_CHARS:
                rel = path.relative_to(etc_dir).as_posix()
                yield _etc_document(f"etc:{rel}", path, f"OpenFOAM {version} environment script: etc/{rel} "
                                    "(WM_* and FOAM_* variables)", body, "text", "environment", version)
    global_dict = etc_dir / "controlDict"
    if global_dict.is_file():
        body, _ = normalise_foam(read_text(global_dict))
        yield _etc_document("etc:controlDict", global_dict, f"OpenFOAM {version} global controlDict: etc/controlDict "
                            "(InfoSwitches, OptimisationSwitches, DebugSwitches)", body, "foam", "global controlDict",
                            version)
    thermo = etc_dir / "thermoData" / "thermoData"
    if thermo.is_file():
        head = read_text(thermo)[:THERMO_DATA_CHARS]
        yield _etc_document("etc:thermoData/thermoData", thermo, f"OpenFOAM {version} JANAF species data: "
                            "etc/thermoData/thermoData (janafThermo coefficients, first species)", head, "foam",
                            "thermoData", version)
    templates = etc_dir / "templates"
    if templates.is_dir():
        yield from iter_case_tree(templates, id_prefix="etc:templates/", source="etc", doc_type="caseDict",
                                  version=version, known_tools=known_tools)


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
        if (plan.openfoam_dir / "etc").is_dir():
            docs += iter_installation_files(plan.openfoam_dir / "etc", version=version, known_tools=known)
            complete.append("etc")
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
        names_file = plan.canonical_dir / NAMES_FILE
        if names_file.is_file():  # the lists OpenFOAM prints for unknown names (installed_names.py)
            docs += installed_name_documents(names_file, version=version)
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
