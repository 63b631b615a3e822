"""Values for one region of a multi-region case (conjugate heat transfer).

A chtMultiRegion tutorial has no 0/<region> files before it runs: splitMeshRegions makes them,
and `changeDictionary -region R` writes each region's values from system/R/changeDictionaryDict.
A temperature or a velocity the request gives for "the heater" or "the water" belongs in that
dictionary, on the region the words name (constant/regionProperties lists them: fluid and solid)
and on the patch the words name, else the one patch of that region with a fixed value.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.bind_kept_preprocessing import steps_run
from tasks.plan.bind_pressure_levels import number_in, same_level
from tasks.plan.bind_region_flux import RegionFluxBinding
from tasks.plan.bind_region_patches import PatchCarriage, own_patch
from tasks.plan.bind_thermal_segments import nearest_group
from tasks.plan.extract import normalise
from tasks.plan.foam_values import direction, fmt, vec
from tasks.plan.regions import read_set_fields, set_default, set_region
from tasks.plan.stated import Binding, StatedQuantity

_POSITION = {"top", "bottom", "left", "right", "upper", "lower", "front", "back", "inner", "outer", "middle"}
_VALUE_ROLES = {"velocity": "U", "temperature": "T"}
_INITIAL = re.compile(r"\b(?:initial(?:ly)?|start(?:s|ing)?|everywhere|throughout)\b")
# words that make a temperature the one of what flows in ("hot air blown in at 3 m/s and 300 K")
_INFLOW = re.compile(r"\b(?:inlets?|inflow|enter(?:s|ing)?|blown|blow(?:s|ing)?|suppl(?:y|ied)|fed|comes in|incoming)\b")
# "the rest of the solids", "the other solids": the regions of that kind no other value starts
_REST = re.compile(r"\b(?:rest|other|remaining|others)\b")
# "the solids", "all fluid regions": every region of that kind
_EVERY_OF_KIND = re.compile(r"\b(solid|fluid)(?:s\b|\s+regions\b|\s+parts\b)")
# a region's material property -> where its thermophysicalProperties holds it
_PROPERTY_PATHS = {
    "thermal_conductivity": (["mixture", "transport", "kappa"],),
    "density": (["mixture", "equationOfState", "rho"],),
    "specific_heat": (["mixture", "thermodynamics", "Cp"], ["mixture", "thermodynamics", "Cv"]),
}


def region_names(region_properties: str) -> dict[str, str]:
    """Region -> fluid | solid, from regionProperties' `regions (fluid (a b) solid (c))`."""
    found: dict[str, str] = {}
    for kind, names in re.findall(r"\b(fluid|solid)\s*\(([^()]*)\)", region_properties):
        for name in names.split():
            found[name] = kind
    return found


def name_words(region: str) -> list[str]:
    """bottomWater -> [bottom, water]; left_solid -> [left, solid]."""
    return [w.lower() for w in re.findall(r"[A-Z]?[a-z]+|\d+", region)]


def clause_before(text: str, q: StatedQuantity) -> str:
    """The words of the request's clause that lead to the quantity ("the heater base at"); a
    listed value's own place words ("fluid and solid at 300 and 350 K": "solid at")."""
    if q.place and q.place.strip():
        return " ".join(q.place.lower().split())
    at = text.find(q.text)
    head = text[:at] if at >= 0 else ""
    cut = max(head.rfind(c) for c in ".;,:\n")
    return head[cut + 1:].lower()


def _region_scores(clause: str, regions: dict[str, str], kind: str | None) -> dict[str, tuple[int, int]]:
    """Region -> (score, where its last word is said) for the regions the clause names: material
    words (water, air, heater) count twice, position words (bottom, left) once."""
    out: dict[str, tuple[int, int]] = {}
    for region, region_kind in regions.items():
        if kind and region_kind != kind:
            continue
        score, last = 0, -1
        for word in name_words(region):
            hits = [m.start() for m in re.finditer(rf"\b{re.escape(word)}\w*", clause)]
            if hits:
                score += 1 if word in _POSITION else 2
                last = max(last, hits[-1])
        if score:
            out[region] = (score, last)
    return out


def named_region(clause: str, regions: dict[str, str], kind: str | None) -> str | None:
    """The region the clause names: the best score of `_region_scores`, a tie going to the region
    named last, nearest the value. None when regions tie on the same words ("the solid" where
    leftSolid and rightSolid both are one): the words do not tell which."""
    scores = _region_scores(clause, regions, kind)
    if not scores:
        return None
    best = max(scores.values())
    top = [r for r, key in scores.items() if key == best]
    return top[0] if len(top) == 1 else None


def last_named_region(words: str, regions: dict[str, str]) -> str | None:
    """The region named last in the words (nearest a value they lead to: "the heater is aluminium,
    k 237 W/(m K), density 2700" gives the density to the heater); None when none is named or the
    last words name several regions alike."""
    scores = _region_scores(words, regions, None)
    if not scores:
        return None
    last = max(at for _, at in scores.values())
    at_last = {r: key for r, key in scores.items() if key[1] == last}
    best = max(at_last.values())
    top = [r for r, key in at_last.items() if key == best]
    return top[0] if len(top) == 1 else None


_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|\n")


def sentence_head(text: str, q: StatedQuantity) -> str:
    """The words of the value's sentence before it (lower case), "" when the text does not hold it."""
    at = text.find(q.text)
    if at < 0:
        return ""
    ends = [m.end() for m in _SENTENCE_END.finditer(text, 0, at)]
    return text[ends[-1] if ends else 0:at].lower()


# words that say what kind of region a value is for ("the steel", "the gas"), when no region name is said
_KIND_WORDS = {
    "solid": re.compile(r"\b(?:solids?|metal\w*|steel|copper|alumin\w*|iron|brass|wall|plate|block|bar|rod|slab|"
                        r"heater|conductor|electrode|body|casing|wood|concrete|glass|windshield|billet|ingot|workpiece|fin|tube)\b"),
    "fluid": re.compile(r"\b(?:fluids?|gas(?:es)?|air|water|liquid|flow|stream|coolant|oil|steam|vapou?r)\b"),
}


def sole_region(clause: str, regions: dict[str, str], fits: set[str] | None = None) -> str | None:
    """The region a value is for when the words name none: the case's only region, else the one
    region of the kind the words say ("the steel", "the gas"), else the one region `fits` (the
    regions whose dictionary holds the entry, the regions whose patches the words name)."""
    if len(regions) == 1:
        return next(iter(regions))
    said = [k for k, words in _KIND_WORDS.items() if words.search(clause)]
    pool = [r for r, k in regions.items() if len(said) != 1 or k == said[0]]
    if fits is not None:
        pool = [r for r in pool if r in fits] if any(r in fits for r in pool) else pool
    return pool[0] if len(pool) == 1 else None


def phase_fields(files: list[str], field: str) -> list[str]:
    """The phase files of `field` among a region folder's file names (T.liquid, T.gas for T), not
    the region's other fields (Tsat) nor backups (alpha.gas.org)."""
    return [f for f in files if f.startswith(f"{field}.") and "." not in f[len(field) + 1:]]


# a gas phase (T.gas, T.air, T.steam) is named by any of these words as well as by its own
_GAS_PHASE = re.compile(r"^(?:gas|air|vapou?r|steam)\d*$")
_GAS_WORDS = r"gas|air|vapou?rs?|steam|bubbles?"


def said_phases(words: str, names: list[str]) -> list[str]:
    """Of a region's phase files (water/T.liquid, water/T.gas), those whose phase the words after
    the last number name ("the vapour at 380 K and the liquid at": the liquid); all of them when
    they name none or every one, so a temperature of the whole region ("the water bath at 60 degC")
    starts both phases at it."""
    own = re.split(r"\d", words)[-1]

    def named(phase: str) -> bool:
        said = rf"{re.escape(phase)}|{_GAS_WORDS}" if _GAS_PHASE.match(phase) else re.escape(phase)
        return bool(re.search(rf"\b(?:{said})\b", own))

    chosen = [n for n in names if "." in n.rsplit("/", 1)[-1] and named(n.rsplit(".", 1)[1].lower())]
    return chosen if chosen and len(chosen) < len(names) else names


class RegionDictBinding(RegionFluxBinding, PatchCarriage):
    """Mixed into the Binder: binds a region's temperature, velocity or heat flux in its
    changeDictionaryDict."""

    def _region_dicts(self) -> dict[str, str]:
        """Regions whose values `changeDictionary -region R` writes from system/R/changeDictionaryDict;
        none when the Allrun does not run changeDictionary (solidQuenching2D keeps such files but
        starts from 0.orig/<region>/: a value written to them would never reach the solver)."""
        regions = region_names(self.base.text("constant/regionProperties") or "")
        if "changeDictionary" not in steps_run([self.base.text(s) or "" for s in ("Allrun", "Allrun.pre")]):
            return {}
        return {r: k for r, k in regions.items() if self.base.text(f"system/{r}/changeDictionaryDict")}

    def _region_folders(self, field: str) -> dict[str, str]:
        """Regions whose fields the base keeps in their own folder (0.orig/<region>/<field>, or one
        file a phase, <field>.<phase>): chtMultiRegionSimpleFoam's heatExchanger, windshieldDefrost,
        solidQuenching2D's water (T.liquid, T.gas)."""
        regions = region_names(self.base.text("constant/regionProperties") or "")
        return {r: k for r, k in regions.items() if self._region_field_names(r, field)}

    def _region_field_names(self, region: str, field: str) -> list[str]:
        """The files of a region that hold `field`: `<region>/T` itself, else the phases' own
        (`<region>/T.liquid`, `<region>/T.gas`) of a multiphase region."""
        if self.base.field_rels(f"{region}/{field}"):
            return [f"{region}/{field}"]
        return [f"{region}/{name}" for name in phase_fields(self._region_files(region), field)
                if self.base.field_rels(f"{region}/{name}")]

    def _region_files(self, region: str) -> list[str]:
        """The names of the field files in the base's 0.orig/<region>/ and 0/<region>/ folders."""
        names: set[str] = set()
        for folder in ("0.orig", "0"):
            path = self.base.root / folder / region
            if path.is_dir():
                names |= {f.name.removesuffix(".gz") for f in path.iterdir() if f.is_file()}
            names |= {rel.rsplit("/", 1)[1].removesuffix(".gz") for rel in self.base.resources()
                      if rel.startswith(f"{folder}/{region}/") and rel.count("/") == 2}
        return sorted(names)

    def _region_presets(self, region: str, names: list[str], value: str, q: StatedQuantity) -> None:
        """A region-wide initial value where `setFields -region R` writes it after the fields are
        restored (system/R/setFieldsDict): its default and every one of its regions that sets one
        of `names` (T.liquid), so the preset does not put the old value back."""
        rel = f"system/{region}/setFieldsDict"
        if "setFields" not in steps_run([self.base.text(s) or "" for s in ("Allrun", "Allrun.pre")]) or \
                not self.base.text(rel):
            return
        sf = read_set_fields(self.base.text(rel) or "")
        for name in names:
            targets = ([("defaultFieldValues", None)] if name in sf.default else []) + \
                [("regions", i) for i, part in enumerate(sf.regions) if name in part.values]
            for key, index in targets:
                raw = self.current(rel, key)
                where = f"the defaults of {region}" if index is None else f"setFields region {index + 1} of {region}"
                self.set(rel, [key], set_default(raw, name, value) if index is None else
                         set_region(raw, index, name, value), f"{name} = {value} in {where}")
                self.bindings.append(Binding(stated=q.text, file=rel, entry=[key], value=f"volScalarFieldValue {name} "
                                             f"{value}", how=f"initial {name} in {where} (setFields writes it)"))

    def bind_region_property(self, q: StatedQuantity) -> bool:
        """A material property of a region ("heater thermal conductivity 400 W/m/K", "the water's
        density"): constant/<region>/thermophysicalProperties of the region the words name (the
        only solid for a solid's property). False when the case has no regions."""
        paths = _PROPERTY_PATHS.get(q.quantity)
        regions = region_names(self.base.text("constant/regionProperties") or "")
        if not paths or not regions:
            return False
        clause = clause_before(self.text, q) + " " + q.text.lower()
        chosen = self._property_regions(q, clause, regions, paths)
        if not chosen:
            self.refuse(q, f"name the region {q.text} is for: the case has regions {', '.join(regions)}")
            return True
        for region in chosen:
            rel = f"constant/{region}/thermophysicalProperties"
            text = self.base.text(rel) or ""
            path = next((p for p in paths if fd.find(text, p) is not None), None)
            if path is None:
                self.refuse(q, f"{rel} has no {'/'.join(paths[0])} for {q.text} (its thermo model computes it)")
                return True
            self.set(rel, path, fmt(q.value), f"{path[-1]} of {region}", q)
        return True

    def _property_regions(self, q: StatedQuantity, clause: str, regions: dict[str, str],
                          paths: tuple[list[str], ...]) -> list[str]:
        """The regions a material property is for: every one of a kind its clause names in the
        plural ("the solids"), else the one its clause names, else the only solid
        for "the solid", else the regions its sentence named before the list it is in ("leftSolid
        and rightSolid are steel: k 16, rho 7900"), else the one region its kind words and the
        entry allow; [] when the words do not tell (several regions alike)."""
        every = _EVERY_OF_KIND.search(clause)
        if every:  # "the solids", "all fluid regions": each region of that kind
            return [r for r, k in regions.items() if k == every.group(1)]
        region = named_region(clause, regions, None)
        if region is None:
            solids = [r for r, k in regions.items() if k == "solid"]
            region = solids[0] if len(solids) == 1 and re.search(r"\bsolid\b", clause) else None
        if region is not None:
            return [region]
        head = sentence_head(self.text, q)
        group = nearest_group(head, list(regions), True)  # names said whole, with the names listed with them
        if group:
            return group
        region = last_named_region(head, regions)
        if region is not None:
            return [region]
        holds = {r for r in regions if any(fd.find(self.base.text(f"constant/{r}/thermophysicalProperties") or "", p)
                                          is not None for p in paths)}
        region = sole_region(clause, regions, holds)
        return [region] if region is not None else []

    def bind_in_region(self, q: StatedQuantity) -> bool:
        """Bind q in the region its clause names; False when the case has no region dictionaries or
        q is not a temperature or velocity (the ordinary binder takes it)."""
        if self.bind_region_property(q):
            return True
        if q.role == "wall_heat_flux" and self._region_dicts():
            words, regions = self._value_words(q), self._region_dicts()
            return self.bind_region_flux(q, regions, named_region(words, regions, None), words)
        if self._bind_region_pressure(q):
            return True
        field = _VALUE_ROLES.get(q.quantity)
        regions = self._region_dicts() if field else {}
        if not regions and field and self._region_folders(field):
            return self._bind_in_region_folder(q, field, self._region_folders(field))
        if not regions:
            return False
        clause = clause_before(self.text, q)
        region = named_region(clause, regions, "fluid" if field == "U" else None)
        if region is None and field == "U":
            fluids = [r for r, k in regions.items() if k == "fluid" and self._region_inlets(r)]
            region = fluids[0] if len(fluids) == 1 else None
        if region is None:
            region = sole_region(clause + " " + q.text.lower(), regions, self._regions_patch_named(regions, field, clause))
        initial = field == "T" and (q.role == "initial_temperature" or bool(_INITIAL.search(clause)))
        kind = _EVERY_OF_KIND.search(clause)
        if initial and kind:  # "the solids start at 350 K"; "the rest of the solids": those no other value took
            taken = {b.file.split("/")[1] for b in self.bindings if b.stated != q.text and b.file.count("/") >= 2
                     and b.entry[-1] in ("internalField", "T")} if _REST.search(clause) else set()
            for each in [r for r, k in regions.items() if k == kind.group(1) and r not in taken]:
                self._set_region_initial(each, "T", q)
            return True
        if region is None and initial:
            for each in regions:
                self._set_region_initial(each, "T", q)
            return True
        if region is None:
            self.refuse(q, f"name the region {q.text} is for: the case has regions {', '.join(regions)}")
            return True
        rel = f"system/{region}/changeDictionaryDict"
        if initial:
            self._set_region_initial(region, "T", q)
            return True
        patch = self._region_patch(region, field, clause, q)
        if patch is None:
            self.refuse(q, f"the region {region} has no single patch with a fixed {field} for {q.text}; name one of "
                           f"its patches ({', '.join(self._region_patches(region, field)) or 'none listed'})")
            return True
        old = fd.get(self.base.text(rel) or "", [field, "boundaryField", patch, "value"]) or ""
        if field == "U":
            along = direction(old) or [1.0, 0.0, 0.0]
            value = f"uniform {vec([q.value * d for d in along])}"
            internal = fd.get(self.base.text(rel) or "", [field, "internalField"]) or ""
            if " ".join(internal.split()) == " ".join(old.split()):
                self.set(rel, [field, "internalField"], value, f"{region} starts at its inlet velocity")
        else:
            value = f"uniform {fmt(q.value)}"
        kind = fd.get(self.base.text(rel) or "", [field, "boundaryField", patch, "type"])
        if kind != "fixedValue":
            self.set(rel, [field, "boundaryField", patch, "type"], "fixedValue", f"{patch} of {region} fixed")
        self.set(rel, [field, "boundaryField", patch, "value"], value, f"{field} on {patch} of {region}", q)
        return True

    def _regions_patch_named(self, regions: dict[str, str], field: str | None, clause: str) -> set[str]:
        """The regions one of whose patches (by name, not the coupled ones) the clause names."""
        if field is None:
            return set()
        return {r for r in regions if any(re.search(rf"\b{re.escape(p.lower())}\b", clause)
                                          for p in self._region_patches(r, field) if not p.startswith(f"{r}_to_"))}

    def _region_patches(self, region: str, field: str) -> list[str]:
        """The patches a region's dictionary lists for a field by name (not by pattern)."""
        text = self.base.text(f"system/{region}/changeDictionaryDict") or ""
        return [k for k in fd.keys(text, [field, "boundaryField"]) if re.fullmatch(r"\w+", k)]

    def _region_inlets(self, region: str) -> list[str]:
        text = self.base.text(f"system/{region}/changeDictionaryDict") or ""
        return [p for p in self._region_patches(region, "U")
                if fd.get(text, ["U", "boundaryField", p, "type"]) == "fixedValue"
                and direction(fd.get(text, ["U", "boundaryField", p, "value"]) or "") is not None]

    def _region_patch(self, region: str, field: str, clause: str, q: StatedQuantity) -> str | None:
        """The patch the clause names, else the one the value's own words name (the fuel inlet), else
        the region's one inlet (U) or one fixed-value patch (T)."""
        listed = self._region_patches(region, field)
        named = [p for p in listed if re.search(rf"\b{re.escape(p.lower())}\b", clause)]
        if len(named) == 1:
            return named[0]
        said = self._own_region_patch(q, clause, listed, region)
        if said is not None:
            return said
        if field == "U":
            inlets = self._region_inlets(region)
            return inlets[0] if len(inlets) == 1 else None
        text = self.base.text(f"system/{region}/changeDictionaryDict") or ""
        fixed = [p for p in listed if fd.get(text, [field, "boundaryField", p, "type"]) == "fixedValue"
                 and not p.startswith(f"{region}_to_")]
        return fixed[0] if len(fixed) == 1 else None


    def _set_region_initial(self, region: str, field: str, q: StatedQuantity) -> None:
        """A region's initial value where its run takes it from: the changeDictionaryDict entry that
        writes the region's internalField (multiRegionHeater: `T { internalField ...; }`, or under
        the `dictionaryReplacement` that `-subDict` reads), or system/<region>/caseProperties
        initialConditions where createZeroDirectory writes the region's fields from them; where the
        dictionary only retypes
        patches (externalSolarLoad), the region's own restored files (0.orig/air/T); else a new
        internalField entry in the dictionary."""
        rel, value = f"system/{region}/changeDictionaryDict", f"uniform {fmt(q.value)}"
        made = f"system/{region}/caseProperties"  # createZeroDirectory writes 0/<region>/ from its initialConditions
        if fd.get(self.base.text(made) or "", ["initialConditions", field]) is not None:
            self.set(made, ["initialConditions", field], value, f"initial {field} of {region}", q)
            return
        run = region in self._region_dicts()  # changeDictionary runs on it
        text = self.base.text(rel) or "" if run else ""
        for entry in ([field, "internalField"], ["dictionaryReplacement", field, "internalField"]):
            if fd.get(text, entry) is not None:
                self.set(rel, entry, value, f"initial {field} of {region}", q)
                return
        files = self._region_field_names(region, field)
        if not files and run:
            self.set(rel, [field, "internalField"], value, f"initial {field} of {region}", q)
            return
        if not files:
            self.refuse(q, f"the base keeps no initial {field} for {region} ({region}'s fields and changeDictionaryDict "
                           f"hold none)")
            return
        for name in files:
            for each in self.base.field_rels(name):
                self.set(each, ["internalField"], value, f"initial {field} of {region}", q)

    def _bind_region_pressure(self, q: StatedQuantity) -> bool:
        """An ambient or initial pressure of a multi-region case with no domain-wide p (each fluid
        region keeps its own: solidQuenching2D, windshieldDefrost, externalSolarLoad): the p of the
        fluid region the words name, else of every fluid region, where its step reads it
        (`_set_region_initial`), with its p_rgh where that starts at the same level. Refused when
        the case has no fluid region; False for any other case (the domain's binders take it)."""
        regions = region_names(self.base.text("constant/regionProperties") or "")
        if q.quantity != "pressure" or q.role != "ambient_pressure" or not regions or self.base.field_rels("p"):
            return False
        fluids = {r: k for r, k in regions.items() if k == "fluid"}
        if not fluids:
            self.refuse(q, f"the case has no fluid region for {q.text} (its regions, {', '.join(regions)}, are solid)")
            return True
        region = named_region(clause_before(self.text, q), fluids, "fluid")
        for each in [region] if region else list(fluids):
            self._set_region_initial(each, "p", q)
            p_rels, rgh_rels = self.base.field_rels(f"{each}/p"), self.base.field_rels(f"{each}/p_rgh")
            old = number_in(fd.get(self.base.text(p_rels[0]) or "", ["internalField"])) if p_rels else None
            for rel in rgh_rels:
                level = number_in(fd.get(self.base.text(rel) or "", ["internalField"]))
                if level is not None and old is not None and same_level(level, old):
                    self.set(rel, ["internalField"], f"uniform {fmt(q.value)}", f"initial p_rgh of {each}", q)
        return True

    def _bind_in_region_folder(self, q: StatedQuantity, field: str, regions: dict[str, str]) -> bool:
        """A region's value in its own field files: the initial field when the words say so,
        else the patch they name, else the region's one inlet (a fixed, non-zero velocity)."""
        clause = clause_before(self.text, q)
        name = f"{{}}/{field}"
        region = named_region(clause, regions, "fluid" if field == "U" else None)
        if region is None:
            with_inlet = [r for r in regions if self._folder_inlets(r)]
            flows_in = "inlet" in q.role or bool(_INFLOW.search(clause_before(self.text, q) + " " + q.text))
            region = with_inlet[0] if len(with_inlet) == 1 and (field == "U" or flows_in) else None
        if region is None:
            named = {r for r in regions if any(re.search(rf"\b{re.escape(p.lower())}\b", clause)
                                               for p in self.base.patch_bcs(f"{r}/{field}"))
                     or self._own_region_patch(q, clause, self._named_region_patches(r, field), r) is not None}
            region = sole_region(clause, regions, named)
        if region is None:
            self.refuse(q, f"name the region {q.text} is for: the case has regions {', '.join(regions)}")
            return True
        rels = self.base.field_rels(name.format(region))
        bcs = self.base.patch_bcs(name.format(region))
        said = self._own_region_patch(q, clause, self._named_region_patches(region, field), region)
        initial = field == "T" and (bool(_INITIAL.search(clause)) or q.role == "initial_temperature" and said is None)
        if initial:
            names = said_phases(clause, self._region_field_names(region, field))
            for each in names:
                for rel in self.base.field_rels(each):
                    self.set(rel, ["internalField"], f"uniform {fmt(q.value)}", f"initial temperature of {region}", q)
            self._region_presets(region, [n.split("/", 1)[1] for n in names], fmt(q.value), q)
            return True
        if not rels:
            self.refuse(q, f"{region} keeps {field} by phase ({', '.join(self._region_field_names(region, field))}); "
                           f"say it is the initial temperature of {region} or name its patch in one phase")
            return True
        named = [p for p in bcs if re.search(rf"\b{re.escape(p.lower())}\b", clause)]
        patches = named[:1] or ([said] if said else []) or self._folder_inlets(region)
        if len(patches) != 1:
            self.refuse(q, f"which patch of {region} takes {q.text} is not clear; name one ({', '.join(bcs)})")
            return True
        patch = patches[0]
        was = bcs.get(patch) or next((bc for key, bc in bcs.items()
                                      if fd.key_matches(f'"{fd.unquote(key)}"', patch)), "?")  # under "inlet.*"
        for rel in rels:
            text = self.base.text(rel) or ""
            old = fd.get(text, ["boundaryField", patch, "value"]) or ""
            value = f"uniform {vec([q.value * d for d in (direction(old) or [1.0, 0.0, 0.0])])}" if field == "U" \
                else f"uniform {fmt(q.value)}"
            if bcs.get(patch) == "fixedValue":
                self.set(rel, ["boundaryField", patch, "value"], value, f"{field} on {patch} of {region}", q)
            else:
                self.hold_fixed(rel, patch, value, f"{field} of {region}", was, q,
                                f"{patch} of {region} is held at {q.text} (fixedValue instead of {was})" if patch in bcs
                                else f"{patch} of {region} gets its own fixedValue entry at {q.text} (the base sets "
                                     f"it through a pattern)")
        return True

    def _named_region_patches(self, region: str, field: str) -> list[str]:
        """A region's patches by name: the field's own keys and those its velocity lists one by one
        (inletFuel where T has "inlet.*")."""
        return list(dict.fromkeys([*self.base.patch_bcs(f"{region}/{field}"), *self.base.patch_bcs(f"{region}/U")]))

    def _value_words(self, q: StatedQuantity) -> str:
        """The words of a value's clause before it, the value, and the words that name its owner
        right after it ("5 kW/m2 into the heater")."""
        text = normalise(self.text).lower()
        at = self.value_at(text, q)
        after = re.split(r"[,;]|\.\s|\d", text[at + len(q.text):])[0] if at >= 0 else ""
        owner = re.match(r"\s*(?:into|onto|through|to|on|at|for|of|in)\s+(.*)", after)
        return f"{clause_before(self.text, q)} {q.text.lower()} {owner.group(1) if owner else ''}"

    def _own_region_patch(self, q: StatedQuantity, clause: str, patches: list[str], region: str) -> str | None:
        """The one patch of a region the value's own words name ("fuel at 0.8 m/s and air at 2 m/s",
        "2 m/s for the air", "the methane inlet"), by its name or by what it brings (the species its
        files fix there); None when they name none or several alike."""
        text = normalise(self.text).lower()
        at = self.value_at(text, q)
        after = text[at + len(q.text):] if at >= 0 and not (q.place and q.place.strip()) else ""
        return own_patch(clause, after, patches, self.carried_of(f"{region}/", patches))

    def _folder_inlets(self, region: str) -> list[str]:
        """A region's inlets: the patches its U fixes at a non-zero velocity."""
        rels = self.base.field_rels(f"{region}/U")
        text = self.base.text(rels[0]) or "" if rels else ""
        return [p for p, bc in self.base.patch_bcs(f"{region}/U").items()
                if bc == "fixedValue" and any(abs(x) > 0 for x in (direction(fd.get(text, ["boundaryField", p, "value"])
                                                                                 or "") or []))]
