"""What the shape library hands back: the steps that make the mesh, the patches by role, the
cell count and the assumptions made (`MeshBuild`), and how big the cells are (`Sizing`)."""

from __future__ import annotations

import math
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tasks.foam.commands import ALLOWED_COMMANDS
from tasks.foam.geometry import split_cells

Role = Literal[
    "inlet", "outlet", "wall", "moving_wall", "hot_wall", "cold_wall", "body", "top", "bottom",
    "empty", "symmetry", "wedge",
]


class MeshCommand(BaseModel):
    """An OpenFOAM utility to run in the case directory (whitelisted in tasks.foam.commands)."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["command"] = "command"
    command: str
    args: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _whitelisted(self) -> MeshCommand:
        if self.command not in ALLOWED_COMMANDS:
            raise ValueError(f"{self.command} is not a whitelisted OpenFOAM command")
        return self


class SetPatchTypes(BaseModel):
    """A Python step between runner steps: set patch types in constant/polyMesh/boundary
    (gmshToFoam writes every patch as `patch`). Apply with `apply_post_step`."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["set_patch_types"] = "set_patch_types"
    types: dict[str, str]


MeshStep = Annotated[MeshCommand | SetPatchTypes, Field(discriminator="kind")]


class PatchInfo(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    type: str  # the polyMesh type: patch, wall, empty, wedge, symmetryPlane
    role: Role


class MeshBuild(BaseModel):
    """Everything the case needs to know about its mesh."""

    model_config = ConfigDict(extra="forbid")

    shape: str
    generator: Literal["blockMesh", "gmsh", "snappyHexMesh"]
    steps: list[MeshStep]
    files: list[str]  # written, relative to the case directory
    patches: list[PatchInfo]
    n_cells: int
    two_d: bool
    flow_direction: tuple[float, float, float] = (1.0, 0.0, 0.0)
    reference_length: float  # the length a Reynolds number is based on (m)
    bounds: list[tuple[float, float]] | None = None  # (min, max) of the mesh points in x, y, z (m)
    assumptions: list[str] = Field(default_factory=list)

    def patch(self, name: str) -> PatchInfo:
        for p in self.patches:
            if p.name == name:
                return p
        raise KeyError(f"no patch {name!r}; patches: {', '.join(p.name for p in self.patches)}")

    def patches_with(self, role: Role) -> list[str]:
        return [p.name for p in self.patches if p.role == role]


# Cells across the smallest feature of the geometry, per resolution level.
CELLS_ACROSS = {"coarse": 10, "medium": 20, "fine": 40}


class Sizing(BaseModel):
    """A target cell size `h` (m) and, when the request gave them, total cells per direction."""

    model_config = ConfigDict(extra="forbid")

    h: float
    cells: list[int] | None = None
    wall_grading: float = 3.0
    hs: list[float] | None = None  # a size per direction when the request gave them ("2 mm x 1 mm cells")

    def along(self, lengths: list[float], direction: int) -> list[int]:
        """Cells on each segment of one direction (0 = x/length, 1 = y/height, 2 = z)."""
        if self.cells is not None and direction < len(self.cells):
            total = max(self.cells[direction], len(lengths))
            counts = split_cells(total, lengths)
            counts[-1] = max(1, counts[-1] + total - sum(counts))
            return counts
        h = self.hs[direction] if self.hs is not None and direction < len(self.hs) else self.h
        return [max(1, math.ceil(length / h - 1e-9)) for length in lengths]


def sizing_for(mesh, smallest: float, feature: str, length_x: float) -> tuple[Sizing, list[str]]:
    """The cell size the request asks for, or one sized from the smallest feature; the
    sentences saying which."""
    if mesh.cell_sizes is not None:
        said = " x ".join(f"{h:g}" for h in mesh.cell_sizes)
        return Sizing(h=mesh.cell_size, hs=list(mesh.cell_sizes), wall_grading=mesh.wall_grading), [
            f"Cell sizes {said} m per direction (x, y{', z' if len(mesh.cell_sizes) == 3 else ''}; axial, radial for "
            "a round pipe) as requested."]
    if mesh.cell_size is not None:
        return Sizing(h=mesh.cell_size, wall_grading=mesh.wall_grading), [
            f"Cell size {mesh.cell_size:g} m as requested."]
    if mesh.cells is not None:
        h = length_x / mesh.cells[0]
        return Sizing(h=h, cells=list(mesh.cells), wall_grading=mesh.wall_grading), [
            f"Cells per direction {mesh.cells} as requested."]
    level = mesh.resolution or "medium"
    n = CELLS_ACROSS[level]
    said = "requested" if mesh.resolution else "default"
    return Sizing(h=smallest / n, wall_grading=mesh.wall_grading), [
        f"Cell size {smallest / n:.4g} m: {n} cells across the smallest feature ({feature}, "
        f"{smallest:g} m) for the {said} {level} resolution."]
