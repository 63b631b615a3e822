"""What a document of the knowledge store is: its model and fingerprint, how its text is
normalised (OpenFOAM banners and huge lists out, markdown front matter read) and how it is
tagged (file role, intent, tools). Pure functions; tasks/knowledge/corpus.py finds the documents.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

PIPELINE_VERSION = "corpus-4"  # 4: the one dictionary scan (tasks/foam/dictionary.py); bump when normalisation or chunking changes: forces re-chunking

DocType = Literal["tutorial", "caseDict", "help", "canonical", "faq", "user"]
Intent = Literal["setup", "troubleshooting", "reference", "meshing", "postprocessing"]
TextFormat = Literal["foam", "markdown", "text"]

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


def strip_decoration(text: str) -> str:
    """Comment lines that are only rules (// -----, # =====) removed."""
    return _DECORATION.sub("", text)
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
