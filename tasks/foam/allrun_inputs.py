"""Inputs a tutorial's Allrun brings in before it runs, made or copied the same way here.

Templates: a few tutorials ship `system/controlDict.template` or
`constant/turbulenceProperties.template` with placeholders (END_TIME, LAMINAR_MODEL) and write
the real file with `cp` and `sed "s|END_TIME|$endTime|g"`. Without the real file the case is not
a case (no controlDict, no solver to read). The file is made as the Allrun's first pass makes it:
each placeholder takes the value the script gives its variable first (a variable set from a list,
or a loop over one, takes the list's first word). A placeholder whose value cannot be told leaves
the file unmade: the tutorial is then not offered as a base.

Shared resources: snappyHexMesh tutorials copy their surface from the tutorials' own
`resources/geometry` (`cp $FOAM_TUTORIALS/resources/geometry/cyclone.stl.gz constant/triSurface`);
a copied case needs that file where the script puts it.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

SUFFIX = ".template"
_SCRIPTS = ("Allrun", "Allrun.pre")
_SED = re.compile(r"""s([|/#,])([A-Z][A-Z0-9_]{2,})\1\$\{?(\w+)\}?\1""")
_ASSIGN = re.compile(r"""^\s*(\w+)=(?:"([^"]*)"|'([^']*)'|(\S*))""", re.M)
_LOOP = re.compile(r"""\bfor\s+(\w+)\s+in\s+\$\{?(\w+)\}?""")
_TUTORIALS_VAR = re.compile(r"""^\s*(\w+)=["']?\$\{?FOAM_TUTORIALS\}?(/[\w./-]*)["']?\s*$""", re.M)
_COPY = re.compile(r"""^\s*\\?cp\s+(?:-\w+\s+)*\$\{?FOAM_TUTORIALS\}?/([\w./*-]+)\s+([\w./-]+)""", re.M)


def _script_text(case_dir: Path) -> str:
    return "\n".join((case_dir / s).read_text(errors="replace") for s in _SCRIPTS if (case_dir / s).is_file())


def _first_values(script: str) -> dict[str, str]:
    """Each variable's first value in the script: `endTime=2`, `models="A B"` -> A; a loop
    `for model in $models` gives model the list's first word. Function arguments ($1) are not
    values."""
    values: dict[str, str] = {}
    for m in _ASSIGN.finditer(script):
        raw = next(g for g in m.groups()[1:] if g is not None).split()
        if m.group(1) not in values and raw and not raw[0].startswith("$"):
            values[m.group(1)] = raw[0]
    for var, listed in _LOOP.findall(script):
        if var not in values and listed in values:
            values[var] = values[listed]
    return values


def placeholders(case_dir: Path) -> dict[str, str | None]:
    """PLACEHOLDER -> the value the Allrun puts there first (None when it cannot be told)."""
    script = _script_text(case_dir)
    values = _first_values(script)
    return {key: values.get(var) for _, key, var in _SED.findall(script)}


def filled(template: Path, values: dict[str, str | None]) -> str | None:
    """The template's text with its placeholders replaced; None when one has no value."""
    text = template.read_text(errors="replace")
    for key, value in values.items():
        if re.search(rf"\b{key}\b", text):
            if value is None:
                return None
            text = re.sub(rf"\b{key}\b", value, text)
    return text


@lru_cache(maxsize=256)
def made_files(case_dir: Path) -> dict[str, str]:
    """rel path -> text of every file the Allrun makes from a template the case lacks
    (e.g. {"system/controlDict": ...}); a template that cannot be filled is left out."""
    values = placeholders(case_dir)
    made: dict[str, str] = {}
    for template in sorted(case_dir.glob(f"*/*{SUFFIX}")):
        target = template.with_name(template.name.removesuffix(SUFFIX))
        if target.exists():
            continue
        text = filled(template, values)
        if text is not None:
            made[target.relative_to(case_dir).as_posix()] = text
    return made


def resource_files(case_dir: Path) -> dict[str, Path]:
    """rel path in the case -> each shared file the Allrun copies there from the tutorials' tree:
    a file (`cp $FOAM_TUTORIALS/resources/geometry/x.stl.gz constant/triSurface/`), a folder
    (`cp -r $resourcesDir/meshes/sbend/polyMesh constant`, the variable set to a path under
    $FOAM_TUTORIALS) or a glob (`cp $resourcesDir/param/sbend/* 0`)."""
    roots = [p for p in case_dir.parents if (p / "resources").is_dir()]
    if not roots:
        return {}
    root = roots[-1]  # $FOAM_TUTORIALS: the top folder with resources/ (solver folders have their own)
    script = "\n".join(line for line in _script_text(case_dir).splitlines() if not line.lstrip().startswith("#"))
    for var, path in _TUTORIALS_VAR.findall(script):
        script = re.sub(rf"\$(?:\{{{var}\}}|{var}\b)", lambda _, path=path: "$FOAM_TUTORIALS" + path, script)
    found: dict[str, Path] = {}
    for src, dest in _COPY.findall(script):
        dest = dest.rstrip("/")
        into = src.endswith("*") or dest in ("0", "constant", "system") or (case_dir / dest).is_dir() \
            or dest.startswith("constant/")  # copied into a folder of the case
        for source in sorted(root.glob(src)):
            files = sorted(f for f in source.rglob("*") if f.is_file()) if source.is_dir() else [source]
            for f in files:
                inner = f.relative_to(source.parent).as_posix() if into else dest
                found[f"{dest}/{inner}" if into else dest] = f
    return found
