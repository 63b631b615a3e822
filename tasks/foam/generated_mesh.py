"""The mesh a tutorial's Allrun makes with a generator other than blockMesh (`createBoxTurb
-createBlockMesh` makes a box of the sides `L` in constant/createBoxTurbDict), and the lengths
that mesh has. Which generators, their dictionaries and entries are canonical/mesh_generators.yaml.

A case made from such a tutorial may still ship a blockMeshDict (decayIsoTurb's is a channel of
4 x 2 x 2 m that nothing reads): its sizes are the generator's, never that file's.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict

from tasks.core.paths import CANONICAL_DIR
from tasks.foam import dictionary as fd
from tasks.foam.files import find_file, read_text

_SCRIPTS = ("Allrun", "Allrun.pre")
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


class MeshGenerator(BaseModel):
    """One generator of canonical/mesh_generators.yaml."""

    model_config = ConfigDict(extra="forbid")

    application: str
    mesh_option: str | None = None
    dictionary: str
    box_sides: str
    cells: str | None = None
    patches: dict[str, str] = {}  # the patches the generator makes, with their mesh types


@lru_cache(maxsize=1)
def generators() -> tuple[MeshGenerator, ...]:
    data = yaml.safe_load((CANONICAL_DIR / "mesh_generators.yaml").read_text()) or {}
    return tuple(MeshGenerator(application=name, **spec) for name, spec in data.items())


def _script(case_dir: Path) -> str:
    text = "\n".join((case_dir / s).read_text(errors="replace") for s in _SCRIPTS if (case_dir / s).is_file())
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))


def mesh_generator(case_dir: Path) -> MeshGenerator | None:
    """The generator the case's Allrun makes its mesh with (a step running it with its mesh option,
    `createBoxTurb -createBlockMesh`), when the script runs no blockMesh of its own and the case has
    the generator's dictionary; a case being written has no script yet: its generator's dictionary
    alone says so. Else None."""
    script = _script(case_dir)
    if re.search(r"(?<![\w.-])blockMesh\b(?!Dict)", script):
        return None
    for gen in generators():
        option = re.escape(gen.mesh_option) if gen.mesh_option else ""
        runs = not script.strip() or re.search(rf"(?<![\w.-]){re.escape(gen.application)}\b[^\n;&|]*{option}", script)
        if runs and find_file(case_dir / Path(gen.dictionary).parent, Path(gen.dictionary).name) is not None:
            return gen
    return None


def box_sides(case_dir: Path) -> tuple[MeshGenerator, tuple[float, float, float]] | None:
    """(generator, the sides of the box its mesh fills) for a case meshed by a generator; None when
    it is not or the entry is no plain vector."""
    gen = mesh_generator(case_dir)
    sides = generator_vector(case_dir, gen, gen.box_sides) if gen is not None else None
    return (gen, sides) if gen is not None and sides is not None else None


def generator_vector(case_dir: Path, gen: MeshGenerator, entry: str) -> tuple[float, float, float] | None:
    """An entry of the generator's dictionary that is a plain vector (its box `L`, its counts `N`);
    None when the dictionary or the entry is missing or the value is no plain vector."""
    found = find_file(case_dir / Path(gen.dictionary).parent, Path(gen.dictionary).name)
    raw = fd.get(read_text(found), [entry]) if found is not None else None
    m = re.fullmatch(rf"\(\s*({_NUMBER})\s+({_NUMBER})\s+({_NUMBER})\s*\)", (raw or "").strip())
    return (float(m[1]), float(m[2]), float(m[3])) if m is not None else None


def generated_lengths(case_dir: Path) -> list[tuple[str, list[str], float]]:
    """(dictionary, entry, length in metres) of each size of the mesh a generator makes: each side of
    its box and half of it (the box's centre), as `box_sides` reads them; [] for a case meshed
    otherwise."""
    found = box_sides(case_dir)
    if found is None:
        return []
    gen, sides = found
    out = [(gen.dictionary, [gen.box_sides], side) for side in sides]
    out += [(gen.dictionary, [gen.box_sides], side / 2) for side in sides]
    return out
