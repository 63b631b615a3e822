"""The fields a phase's new RAS model reads that the case lacks, derived from the ones it has: a phase switched
from k-epsilon to k-omega (SST) gets 0/omega.<phase> from its epsilon and k (omega = epsilon / (Cmu k), Cmu 0.09,
wall functions swapped), and the other way round; the schemes' and solvers' regular-expression keys that name
epsilon name omega too (and back), and an omega model gets its wall distance (`wallDist`). Used by `modify` after
the switch (tasks.edit.modify_phase_models plans it, tasks.edit.modify_apply calls `complete_phase_turbulence`)
and by `new` after its edits (tasks.edit.writer); which fields can be made: tasks.plan.phase_field_sources.
"""

from __future__ import annotations

import re
from pathlib import Path

from tasks.foam import dictionary as fd
from tasks.foam.files import read_text
from tasks.foam.physics_models import physics
from tasks.plan.foam_values import fmt
from tasks.plan.phase_field_sources import _DERIVED, _UNIFORM, derivable, field_dir, field_text, uniform_value


def _derive(case: Path, field: str, phase: str) -> list[str]:
    """Write `field`.<phase> (in 0/ and 0.orig/ as the case keeps its fields) from the other field and k."""
    source_name, convert = _DERIVED[field]
    table = physics()  # canonical/physics.yaml: the field's dimensions and each field's wall condition
    dims = table.fields[field].kinematic
    old_wall, new_wall = table.bc_selector["wall"][source_name]["type"], table.bc_selector["wall"][field]["type"]
    folder = field_dir(case)
    source = field_text(case, f"{folder}/{source_name}.{phase}") or ""
    k = uniform_value(field_text(case, f"{folder}/k.{phase}") or "") or 0.0

    def value(m: re.Match[str]) -> str:
        return f"uniform {fmt(convert(float(m.group(1)), k))}"

    text = re.sub(rf"\bobject\s+{re.escape(source_name)}\.{re.escape(phase)}\s*;", f"object      {field}.{phase};", source)
    text = re.sub(r"\bdimensions\s+\[[^\]]*\]\s*;", f"dimensions      {dims};", text, count=1)
    text = _UNIFORM.sub(value, text)
    text = re.sub(rf"\b{old_wall}\b", new_wall, text)
    written = []
    for where in dict.fromkeys([folder, "0"]):
        if (case / where).is_dir():
            (case / where / f"{field}.{phase}").write_text(text)
            written.append(f"{where}/{field}.{phase}")
    return written


def _widen_keys(text: str, have: str, add: str) -> str:
    """Regular-expression keys that name `have` in an alternation ("(k|epsilon).*") name `add` too."""
    def widen(m: re.Match[str]) -> str:
        group = m.group(1)
        names = group.split("|")
        return m.group(0) if add in names else "(" + "|".join([*names[:names.index(have) + 1], add,
                                                                 *names[names.index(have) + 1:]]) + ")"

    return re.sub(rf'(?<=[",(\\])\(((?:[\w.*]+\|)*{have}(?:\|[\w.*]+)*)\)', widen, text)


def complete_phase_turbulence(case: Path) -> list[str]:
    """Every phase whose RAS model reads omega (or epsilon) the case lacks gets it, with its schemes and solvers;
    the files written or changed."""
    from tasks.plan.bind_phase_turbulence import phase_turbulence_models

    models = phase_turbulence_models()
    changed: list[str] = []
    for props in sorted((case / "constant").glob("turbulenceProperties.*")):
        phase = props.name.split(".", 1)[1]
        text = read_text(props) or ""
        if (fd.get(text, ["simulationType"]) or "").strip() != "RAS":
            continue
        model = (fd.get(text, ["RAS", "RASModel"]) or fd.get(text, ["RAS", "model"]) or "").strip()
        facts = models.get(model)
        if facts is None:
            continue
        for field in facts.fields:
            if field_text(case, f"{field_dir(case)}/{field}.{phase}") is None and derivable(case, field, phase):
                changed += _derive(case, field, phase)
                other = _DERIVED[field][0]
                for rel in ("system/fvSchemes", "system/fvSolution"):
                    old = read_text(case / rel) or ""
                    new = _widen_keys(old, other, field)
                    if new != old:
                        (case / rel).write_text(new)
                        changed.append(rel)
        if "omega" in facts.fields and fd.get(read_text(case / "system/fvSchemes") or "", ["wallDist"]) is None:
            rel = "system/fvSchemes"  # the SST blending functions read the wall distance
            (case / rel).write_text(fd.set_entry(read_text(case / rel) or "", ["wallDist"], {"method": "meshWave"}))
            changed.append(rel)
    return list(dict.fromkeys(changed))
