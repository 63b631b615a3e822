"""Boundary values a tutorial's pre-processing step writes: the patchFields of the baffles
`createBaffles` cuts (system/createBafflesDict: a porous baffle's D, I), the boundary values
`changeDictionary` writes over 0/ after meshing (system/changeDictionaryDict), and the values
by patch group `createZeroDirectory` writes 0/ from (system/caseProperties: the lid's U). A
value goes where the step the Allrun runs takes it from (0/ is overwritten by that step), and
to 0/ as well where 0/ has the same patch entry, so both agree. Pure readers of the base's
text, and a mixin for `tasks.plan.bind.Binder`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tasks.foam import dictionary as fd
from tasks.plan.extract import normalise
from tasks.plan.foam_values import fmt, leaves, vec
from tasks.plan.foam_values import direction as unit_direction
from tasks.plan.stated import StatedQuantity

BAFFLES_DICT = "system/createBafflesDict"
CHANGE_DICT = "system/changeDictionaryDict"
CASE_PROPERTIES = "system/caseProperties"
_SCRIPTS = ("Allrun", "Allrun.pre")
# the words of a porous baffle's coefficients (porousBafflePressure: D in 1/m2, I in 1/m), tried
# before the phrases of canonical/entry_names.yaml
_SPOKEN = {"D": r"darcy(?:\s+(?:coefficient|resistance|term))?|viscous\s+(?:coefficient|resistance)",
           "I": r"inertial(?:\s+(?:coefficient|resistance|loss|term))?|forchheimer(?:\s+(?:coefficient|term))?"}
# the kinds of stated quantity (tasks.plan.units) each porous baffle coefficient takes
_KINDS = {"D": ("darcy", "parameter"), "I": ("parameter", "inverse_length")}  # porousBafflePressure: D in 1/m2, I in 1/m


@dataclass(frozen=True)
class KeptValue:
    """One numeric entry of a patch condition a pre-processing dictionary writes."""

    rel: str  # the dictionary (or 0/ field file)
    entry: tuple[str, ...]  # the path to the entry
    field: str  # the field it is a condition of (p_rgh)
    patch: str  # the patch it is for (porous_half0), or the baffle's name
    name: str  # the entry's name (D)
    raw: str  # its value as written


# what may stand between `runApplication`/`runParallel` and the application: its options and their
# arguments (`-s $region`, `-o`, `$decompDict`)
_RUN_PREFIX = r"(?:run(?:Application|Parallel)\s+(?:(?:-\S+|\$\{?\w+\}?)\s+)*)?"


def steps_run(scripts: list[str]) -> set[str]:
    """The pre-processing applications the Allrun scripts run (`runApplication createBaffles
    -overwrite`, `createZeroDirectory`, `runApplication -s $region changeDictionary -region
    $region`, `runApplication setFields -region water`); commented lines are not run."""
    text = "\n".join(scripts)
    return {m.group(1) for m in re.finditer(rf"(?m)^\s*{_RUN_PREFIX}(createBaffles|changeDictionary|"
                                            r"createZeroDirectory|setFields|splitMeshRegions|mapFields)\b", text)}


def _numeric(raw: str) -> bool:
    return bool(re.fullmatch(r"(?:uniform\s+)?[-+\d.eE]+", raw))


def baffle_values(text: str) -> list[KeptValue]:
    """The numeric entries of the patchFields createBafflesDict gives its baffles (a
    `${...master.patchFields}` copy is the master's own: not listed twice)."""
    out: list[KeptValue] = []
    for entry, raw in leaves(text):
        if len(entry) < 3 or entry[0] != "baffles" or "patchFields" not in entry or not _numeric(raw):
            continue
        at = entry.index("patchFields")
        if len(entry) != at + 3:
            continue  # patchFields/<field>/<entry>
        patch = fd.get(text, [*entry[:at], "name"]) or entry[1]
        out.append(KeptValue(BAFFLES_DICT, tuple(entry), entry[at + 1], patch.strip(), entry[-1], raw))
    return out


def made_patches(text: str) -> set[str]:
    """The names of the patches createBafflesDict makes (each side of each baffle)."""
    return {raw.strip() for e, raw in leaves(text) if len(e) == 5 and e[0] == "baffles" and e[2] == "patches"
            and e[4] == "name"}


def changed_values(rel: str, text: str) -> list[KeptValue]:
    """The numeric entries of the patch conditions changeDictionaryDict writes (<field>/
    boundaryField/<patch>/<entry>)."""
    return [KeptValue(rel, tuple(e), e[0], fd.unquote(e[2]), e[3], raw) for e, raw in leaves(text)
            if len(e) == 4 and e[1] == "boundaryField" and _numeric(raw)]


def field_values(rel: str, text: str, patches: set[str]) -> list[KeptValue]:
    """The numeric entries of these patches' conditions in a 0/ field file."""
    field = rel.rsplit("/", 1)[-1]
    return [KeptValue(rel, tuple(e), field, e[1], e[2], raw) for e, raw in leaves(text)
            if len(e) == 3 and e[0] == "boundaryField" and e[1] in patches and _numeric(raw)]


def group_velocities(text: str, kind: str) -> list[tuple[str, ...]]:
    """The `values/U` entries of caseProperties' boundary groups of a kind: "moving" (walls
    whose options say motion moving), or a category (inlet, outlet)."""
    out = []
    for group in fd.keys(text, ["boundaryConditions"]):
        path = ["boundaryConditions", group]
        if fd.get(text, [*path, "values", "U"]) is None:
            continue
        motion = (fd.get(text, [*path, "options", "motion"]) or "").strip()
        category = (fd.get(text, [*path, "category"]) or "").strip()
        if (kind == "moving" and motion == "moving") or category == kind:
            out.append((*path, "values", "U"))
    return out


class KeptPreprocessingBinding:
    """Mixed into the Binder (through `ModelBinding`): values pre-processing dictionaries write."""

    def steps_run(self) -> set[str]:
        return steps_run([self.base.text(s) or "" for s in _SCRIPTS])

    def kept_places(self) -> list[KeptValue]:
        """The patch condition entries the run takes from a pre-processing dictionary, with the
        0/ entries of the same patches: createBafflesDict's when the Allrun runs createBaffles,
        changeDictionaryDict's when it runs changeDictionary."""
        steps = self.steps_run()
        places: list[KeptValue] = []
        if "createBaffles" in steps:
            places += baffle_values(self.base.text(BAFFLES_DICT) or "")
        if "changeDictionary" in steps:
            places += changed_values(CHANGE_DICT, self.base.text(CHANGE_DICT) or "")
        patches = {p.patch for p in places} | made_patches(self.base.text(BAFFLES_DICT) or "")
        for field in {p.field for p in places}:
            for rel in self.base.field_rels(field):
                places += field_values(rel, self.base.text(rel) or "", patches)
        return places

    def bind_kept_values(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """Set the patch coefficients the request names ("D 2000", "inertial coefficient 800")
        where the pre-processing step takes them from (and in 0/); returns the quantities taken
        (new unit-less ones are added to `stated`)."""
        from tasks.plan.controls import find_named
        from tasks.plan.named import stated_for

        places = [p for p in self.kept_places() if p.name in _KINDS]
        if not places:
            return []
        text = normalise(self.text)
        index = {name: [(BAFFLES_DICT, [name])] for name in {p.name for p in places}}  # one place per name
        taken: list[StatedQuantity] = []
        for match in find_named(self.text, index, {n: _SPOKEN[n] for n in index}):
            name, value, _, at = match
            q = stated_for(match, stated, text)
            if q.quantity not in _KINDS[name]:
                continue  # "D 2 m": a length, no Darcy coefficient
            if q not in stated:
                stated.append(q)
            self.model_said_at = getattr(self, "model_said_at", set()) | {at}
            for p in places:
                if p.name == name:
                    new = f"uniform {fmt(value)}" if p.raw.startswith("uniform") else fmt(value)
                    self.set(p.rel, list(p.entry), new, f"{p.field} {name} of {p.patch} (written by the "
                                                        f"pre-processing step)", q)
            taken.append(q)
        return taken

    def bind_group_velocity(self, q: StatedQuantity) -> bool:
        """A lid or inlet velocity of a base whose 0/ createZeroDirectory writes from
        caseProperties: the moving (or inlet) group's values/U, in the direction it had; False
        when the base has no such group."""
        if "createZeroDirectory" not in self.steps_run() or self.base.field_rels(self.u_field):
            return False
        text = self.base.text(CASE_PROPERTIES) or ""
        kind = {"lid_velocity": "moving", "wall_velocity": "moving", "inlet_velocity": "inlet"}.get(q.role)
        entries = group_velocities(text, kind) if kind else []
        for entry in entries:
            raw = fd.get(text, list(entry)) or ""
            way = unit_direction(raw) or [1.0, 0.0, 0.0]
            self.set(CASE_PROPERTIES, list(entry), f"uniform {vec([q.value * c for c in way])}",
                     f"{q.role.replace('_', ' ')} of the {entry[1]} patch group (createZeroDirectory)", q)
        return bool(entries)

    def follow_preprocessing(self) -> None:
        """A patch value bound in 0/ that the pre-processing step writes over (changeDictionaryDict's
        <field>/boundaryField/<patch>/<entry>, a created baffle's patchFields) is set there too,
        to the same value, so the run keeps it."""
        steps = self.steps_run()
        baffles = self.base.text(BAFFLES_DICT) or "" if "createBaffles" in steps else ""
        changes = self.base.text(CHANGE_DICT) or "" if "changeDictionary" in steps else ""
        if not (baffles or changes):
            return
        for b in list(self.bindings):
            if b.file.split("/")[0] not in ("0", "0.orig") or len(b.entry) != 3 or b.entry[0] != "boundaryField":
                continue
            field, (_, patch, key) = b.file.rsplit("/", 1)[-1], b.entry
            q = next((s for s in self._stated if s.text == b.stated), None)
            for rel, entry in overwriting_places(baffles, changes, field, patch, key):
                if q is not None and not any(o.file == rel and o.entry == entry for o in self.bindings):
                    self.set(rel, entry, b.value, f"{field} {key} of {patch}, which {rel} writes over 0/", q)


def overwriting_places(baffles: str, changes: str, field: str, patch: str, key: str) -> list[tuple[str, list[str]]]:
    """Where a pre-processing dictionary writes a patch entry of a field: changeDictionaryDict's
    own, and the patchFields of the created baffle side named `patch`."""
    found: list[tuple[str, list[str]]] = []
    if changes and fd.get(changes, [field, "boundaryField", patch, key]) is not None:
        found.append((CHANGE_DICT, [field, "boundaryField", patch, key]))
    for e, raw in leaves(baffles):
        if len(e) == 5 and e[0] == "baffles" and e[2] == "patches" and e[4] == "name" and raw.strip() == patch:
            entry = [*e[:4], "patchFields", field, key]
            if fd.get(baffles, entry) is not None:
                found.append((BAFFLES_DICT, entry))
    return found
