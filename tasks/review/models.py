"""The Reviewer's vocabulary: a located `Problem`, a `Patch` of file edits, a locked value,
and the record of one review cycle. Pydantic models, no I/O."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

ProblemKind = Literal[
    "missing_keyword",     # Entry 'nu' not found in dictionary ...
    "unknown_type",        # Unknown patchField type fixedValu / Unknown RASModel type ...
    "bad_enum",            # timestep is not in enumeration: 7(none timeStep ...)
    "missing_patch",       # Cannot find patchField entry for fixedWalls
    "constraint_mismatch", # patch type 'wall' not constraint type 'empty'
    "missing_file",        # cannot find file "0/k"
    "wrong_class",         # unexpected class name volVectorField expected volScalarField
    "dimensions",          # incompatible dimensions for operation ...
    "value_syntax",        # Wrong token type ... in a field or dictionary value
    "reference_cell",      # Unable to set reference cell for field p
    "mesh_vertices",       # Point label 6 out of range 0..5 in block ...
    "mesh_block_syntax",   # Wrong token type ... in blockMeshDict.blocks
    "mesh_quality",        # checkMesh "Failed N mesh checks", snappy illegal faces
    "wall_function",       # wall treatment that does not match the turbulence model
    "divergence",          # Courant blow-up, NaN residuals, growing continuity, SIGFPE
    "bounding",            # a turbulence field bounded on many of the last time steps
    "fatal",               # any other FOAM FATAL (no rule; LLM fallback)
    "crash",               # a signal without a FATAL and without numerical evidence
    "incomplete",          # the solver stopped before endTime without saying why
    "preflight",           # the case cannot even be read (controlDict broken, unknown application)
    "decomposition",       # a parallel run stopped by its decomposition (subdomains vs ranks, stub method, stale processor*)
]

# Problems whose cure may need more than one step (a smaller deltaT, then upwind schemes):
# the loop lets them survive one patch before it stops (see tasks/review/session.py).
NUMERICAL_KINDS = frozenset({"divergence", "bounding", "mesh_quality", "crash"})


class Problem(BaseModel):
    """The first meaningful problem of a run, as the rules need it."""

    model_config = ConfigDict(extra="forbid")

    kind: ProblemKind
    step: str                              # the command whose log shows it, or "audit"
    message: str
    file: str | None = None                # case-relative, e.g. "system/fvSolution"
    dict_path: list[str] = Field(default_factory=list)  # e.g. ["solvers", "p"]
    keyword: str | None = None
    value: str | None = None               # the offending word (unknown type, enum value)
    field: str | None = None
    patch: str | None = None
    valid_choices: list[str] = Field(default_factory=list)
    evidence: list[str] = Field(default_factory=list)
    metrics: dict[str, float] = Field(default_factory=dict)

    def signature(self) -> str:
        """Same kind + file + keyword: the identity used to notice a problem surviving its patch."""
        return f"{self.kind}|{self.file or ''}|{self.keyword or self.value or ''}"


class FileEdit(BaseModel):
    """The full new text of one case file (case-relative path)."""

    model_config = ConfigDict(extra="forbid")

    path: str
    text: str
    created: bool = False


ReviewStatus = Literal["completed", "suspicious", "diverged", "failed"]


class Patch(BaseModel):
    model_config = ConfigDict(extra="forbid")

    description: str
    edits: list[FileEdit]
    # case-relative directories to delete (only processor<N> ones Casewright's decomposePar wrote)
    removes: list[str] = Field(default_factory=list)
    rule: str = ""
    strategy: str = ""    # syntax | dialect | consistency | reference | numerics | rule | llm
    source: str = ""      # where the repair comes from: tutorial file, canonical section, rule

    def files(self) -> list[str]:
        return [e.path for e in self.edits] + [f"{r}/" for r in self.removes]


class CycleRecord(BaseModel):
    """One review cycle, as written to `.casewright/history/NNN.json`."""

    model_config = ConfigDict(extra="forbid")

    cycle: int
    problem: Problem
    rule: str
    strategy: str = ""
    source: str = ""
    description: str
    files_changed: list[str]
    diff: str
    rerun: list[str]
    rejected: list[str] = Field(default_factory=list)  # rules refused (locked value, no parse)
    outcome: ReviewStatus
    seconds: float = 0.0


class HistoryItem(BaseModel):
    """One repair as `review --json` lists it: what was wrong, which strategy repaired it
    from which source, and the diff."""

    model_config = ConfigDict(extra="forbid")

    cycle: int
    problem: str
    strategy: str
    source: str
    files: list[str]
    diff: str
