"""A tutorial that is one stage of a larger tutorial and takes its mesh from an earlier stage.

'wingMotion/wingMotion2D_pimpleFoam' has no mesh of its own: the parent's Allrun meshes
'wingMotion_snappyHexMesh', extrudes it in 'wingMotion2D_simpleFoam' and copies that mesh in.
Such a stage still ranks for what it is (a pitching wing) - leaving it out makes an unrelated
moving-mesh tutorial the best fit - but it cannot stand in alone: the planner refuses it by name,
saying which stage makes its mesh. The same holds for an overset stage whose Allrun merges in a
component mesh made by a sibling case ('floatingBody/background' takes '../floatingBody'). Pure
reads of the installed tutorial.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from tasks.foam.allrun_inputs import copies_from
from tasks.plan.select_catalog import _other_case_used

# what a case meshes itself from, or the mesh it brings
_OWN_MESH = ("system/blockMeshDict", "system/blockMeshDict.m4", "system/snappyHexMeshDict", "constant/polyMesh",
             "constant/polyMesh.orig", "constant/polyMesh.tgz", "system/extrudeMeshDict", "system/foamyHexMeshDict",
             "system/foamyQuadMeshDict")
_MESH_FILE = re.compile(r"\.(?:msh|ans|neu|unv|cas|ccm|geo|vrt|cel|mesh|plot3d|dat\.gz|msh\.gz)$", re.I)


_SOURCE_CASE = re.compile(r"^\s*sourceCase\s+\"?\.\./", re.M)


def _extrudes_elsewhere(case_dir: Path) -> bool:
    """Its extrudeMeshDict extrudes another case's mesh (sourceCase "../box_snappyHexMesh")."""
    path = case_dir / "system" / "extrudeMeshDict"
    return path.is_file() and bool(_SOURCE_CASE.search(path.read_text(errors="replace")))


def _has_own_mesh(case_dir: Path) -> bool:
    if any((case_dir / rel).exists() or (case_dir / f"{rel}.gz").exists() for rel in _OWN_MESH):
        return not _extrudes_elsewhere(case_dir) or any(
            (case_dir / rel).exists() for rel in _OWN_MESH if not rel.endswith("extrudeMeshDict"))
    return any(_MESH_FILE.search(p.name) for p in case_dir.iterdir() if p.is_file())


def _parent_script(case_dir: Path) -> str:
    return "\n".join((case_dir.parent / name).read_text(errors="replace")
                     for name in ("Allrun", "Allrun.pre") if (case_dir.parent / name).is_file())


@lru_cache(maxsize=1024)
def mesh_stage(path: str) -> str | None:
    """The sibling stage whose mesh the tutorial at `path` takes ('wingMotion_snappyHexMesh'), when
    it has no mesh of its own and its parent's Allrun runs it as one stage of several; None otherwise.
    The stage named is the first sibling that the parent's script visits and that meshes itself."""
    case_dir = Path(path)
    if not case_dir.is_dir() or _has_own_mesh(case_dir):
        return None
    script = "\n".join(line.split("#", 1)[0] for line in _parent_script(case_dir).splitlines())
    if not re.search(rf"(?<![\w.-]){re.escape(case_dir.name)}(?![\w.-])", script):
        return None
    extrude = case_dir / "system" / "extrudeMeshDict"
    if _extrudes_elsewhere(case_dir) and (m := re.search(r"sourceCase\s+\"?\.\./([\w.-]+)", extrude.read_text(errors="replace"))):
        if (case_dir.parent / m.group(1)).is_dir():
            return m.group(1)
    for name in re.findall(r"(?<![\w.-])([A-Za-z][\w.-]*)(?![\w.-])", script):
        sibling = case_dir.parent / name
        if name != case_dir.name and sibling.is_dir() and _has_own_mesh(sibling):
            return name
    return None


@lru_cache(maxsize=1024)
def built_from_stage(path: str) -> str | None:
    """The sibling case the tutorial at `path` builds itself from (its Allrun merges, maps or copies
    '../floatingBody' in) without it being copied with it: that case is a stage before this one."""
    root = Path(path)
    other = _other_case_used(root) if root.is_dir() else None
    if not other or copies_from(root, other):
        return None
    name = other.removeprefix("../").strip("/").split("/")[0]
    return name if name and name not in ("common", "shared") and (root.parent / name).is_dir() else None


def stage_refusal(case: str, path: str) -> str | None:
    """Why the tutorial cannot stand in alone (its mesh is another stage's), said so the user knows
    what to do; None when it makes or brings its own mesh."""
    stage = mesh_stage(path) or built_from_stage(path)
    if stage is None:
        return None
    parent = case.rsplit("/", 1)[0]
    return (f"the nearest tutorial, {case}, is one stage of the larger tutorial {parent}: its mesh is made "
            f"in {stage} and handed on by {parent}/Allrun, which Casewright does not chain; run that Allrun "
            f"and pass the finished stage with --example DIR, or describe the geometry to build instead")
