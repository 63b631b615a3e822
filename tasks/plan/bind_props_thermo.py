"""Binding a material property into the thermophysical dictionary it belongs to: the case's one
constant/thermophysicalProperties, a phase's thermophysicalProperties.<phase> or a region's
constant/<region>/thermophysicalProperties, whichever layout each uses (`bind_props_layout`).
The file is the one the words name (its phase or region, or the kind of material: "the gas",
"the particles", "the water"), else the only one that can hold the value. Mixed into
`tasks.plan.bind.Binder` through `PropertyBinding`.
"""

from __future__ import annotations

import re

from tasks.plan.bind_props_layout import GAS_EOS, Site, density_of, layout_of, property_site
from tasks.plan.multi_region import name_words, region_names
from tasks.plan.stated import Binding, StatedQuantity

THERMO_NAME = "thermophysicalProperties"
# material properties with a unit that the property binders place in the thermophysical dictionary of
# the phase or region the words name (and convert: a molar mass in kg/mol is molWeight in kg/kmol)
MATERIAL_KINDS = ("thermal_conductivity", "specific_heat", "density", "molar_mass")

# words that say which kind of material a value is for
KIND_WORDS: dict[str, re.Pattern[str]] = {
    "gas": re.compile(r"\b(?:gas(?:es)?|air|steam|vapou?r|bubbles?|nitrogen|oxygen|n2|co2|exhaust)\b"),
    "liquid": re.compile(r"\b(?:liquids?|water|oil|fuel|diesel|sea ?water|brine|melt|coolant|glycol)\b"),
    "solid": re.compile(r"\b(?:solids?|particles?|particulates?|sand|beads?|glass|grains?|powder|catalyst|"
                        r"steel|copper|alumin(?:i)?um|metal|ice)\b"),
}
_GAS_NAMES = ("air", "gas", "steam", "vapour", "vapor", "gas2")
_SOLID_NAMES = ("particles", "solids", "solid", "sand", "beads")


def owner_words(owner: str) -> list[str]:
    """The words a phase or region name is said with: bottomWater -> [bottom, water]; particles ->
    [particles, particle]."""
    words = name_words(owner) or [owner.lower()]
    joined = [owner.lower()] if len(words) > 1 else []  # "topair" as the request may write topAir
    return joined + words + [w.removesuffix("s") for w in words if w.endswith("s") and len(w) > 3]


def _last_named(text: str, owners: dict[str, str]) -> list[str]:
    """The owners whose name the text says, the one said last (nearest a value the text leads to)
    alone when several are said at different places."""
    spots: dict[str, int] = {}
    for o in owners:
        hits = [m.start() for w in owner_words(o) if len(w) > 2 and w not in ("top", "left", "right", "bottom")
                for m in re.finditer(rf"\b{re.escape(w)}\b", text)]
        if o and hits:
            spots[o] = max(hits)
    if len(spots) < 2:
        return list(spots)
    last = max(spots.values())
    return [o for o, at in spots.items() if at == last]


def material_kind(owner: str, text: str, region_kind: str | None = None) -> str:
    """gas | liquid | solid: a dictionary's material, from its region's kind, its phase name and
    its layout (a perfect gas, a solid's constIso transport)."""
    layout = layout_of(text)
    low = owner.lower()
    if region_kind == "solid" or low in _SOLID_NAMES or (layout is not None and layout.transport == "constIso"):
        return "solid"
    if low in _GAS_NAMES or (layout is not None and layout.equationOfState in GAS_EOS):
        return "gas"
    return "liquid"


def pick_owner(owners: dict[str, str], words: list[str], settable: set[str]) -> str | None:
    """The owner (phase or region; "" for a case's one thermo) the words are for: the one whose
    name the nearest words say, else the one of the kind they say, else the only one able to hold
    the value, else the only liquid. `owners`: owner -> kind."""
    if len(owners) == 1:
        return next(iter(owners))
    for text in words:
        named = _last_named(text, owners)
        if len(named) == 1:
            return named[0]
        kinds = [k for k, pattern in KIND_WORDS.items() if pattern.search(text)]
        of_kind = [o for o, k in owners.items() if k in kinds]
        if len(kinds) == 1 and len(of_kind) == 1:
            return of_kind[0]
        if len(kinds) == 1 and len(of_kind) > 1:
            return None  # "the gas" where there are two: ask which
    able = [o for o in owners if o in settable]
    if len(able) == 1:
        return able[0]
    liquids = [o for o in able if owners[o] == "liquid"]
    return liquids[0] if len(liquids) == 1 else None


class ThermoSiteBinding:
    """Material properties set in whichever thermophysical dictionary and layout the base uses."""

    def thermo_dictionaries(self) -> dict[str, tuple[str, str]]:
        """owner -> (file, kind) of every thermophysical dictionary with a thermoType: "" for
        constant/thermophysicalProperties, a phase for its .<phase> file, a region for its folder's."""
        found: dict[str, tuple[str, str]] = {}
        folder = self.base.root / "constant"  # type: ignore[attr-defined]
        if not folder.is_dir():
            return found
        regions = region_names(self.base.text("constant/regionProperties") or "")  # type: ignore[attr-defined]
        rels = [("", f"constant/{THERMO_NAME}", None)]
        rels += [(p.name.removesuffix(".gz").split(".", 1)[1], f"constant/{p.name.removesuffix('.gz')}", None)
                 for p in sorted(folder.iterdir()) if p.name.startswith(f"{THERMO_NAME}.")]
        rels += [(r, f"constant/{r}/{THERMO_NAME}", kind) for r, kind in regions.items()]
        for owner, rel, region_kind in rels:
            text = self.base.text(rel) or ""  # type: ignore[attr-defined]
            if layout_of(text) is not None and owner not in found:
                found[owner] = (rel, material_kind(owner, text, region_kind))
        return found

    def thermo_owns(self, q: StatedQuantity, rels: list[str]) -> bool:
        """Whether a material property that a by-name step would write to `rels` is left to the
        property binders: the case has several thermophysical dictionaries (phases, regions) and
        all of `rels` are such dictionaries, so whose value it is is read from the words."""
        return q.quantity in MATERIAL_KINDS and all(THERMO_NAME in rel for rel in rels) and \
            len(self.thermo_dictionaries()) > 1

    def bind_thermo_property(self, q: StatedQuantity, role: str, stated: list[StatedQuantity],
                             value: float | None = None, refuse: bool = True) -> bool:
        """Set `role` (a `property_site` role) from q in the thermophysical dictionary its words name.
        True when bound or refused with the reason; False when the base has no such dictionary (or,
        with refuse=False, when none can hold the value)."""
        dictionaries = self.thermo_dictionaries()
        if not dictionaries:
            return False
        value = q.value if value is None else value
        texts = {o: self.base.text(rel) or "" for o, (rel, _) in dictionaries.items()}  # type: ignore[attr-defined]
        sites = {o: property_site(t, role, value, self._known_for(o, q, stated)) for o, t in texts.items()}
        settable = {o for o, s in sites.items() if isinstance(s, Site)}
        clause, sentence = self._words_of(q)  # type: ignore[attr-defined]
        leading = clause.partition(q.text.lower())[0]  # "topAir molar mass 29 g/mol and heater density": topAir
        owner = pick_owner({o: k for o, (_, k) in dictionaries.items()}, [leading, clause, sentence], settable)
        if owner is None or (owner not in settable and not refuse):
            if refuse and owner is None:
                names = ", ".join(o or "the fluid" for o in dictionaries)
                self.refuse(q, f"name the phase or region {q.text} is for: the case has {names}")  # type: ignore[attr-defined]
                return True
            return False
        rel = dictionaries[owner][0]
        site = sites[owner]
        if isinstance(site, str):
            if not refuse:
                return False
            self.refuse(q, f"{rel}: {site}")  # type: ignore[attr-defined]
            return True
        self.apply_site(rel, site, q, owner)
        return True

    def apply_site(self, rel: str, site: Site, q: StatedQuantity, owner: str) -> None:
        for path, new in site.edits:
            self.set(rel, path, new, f"{owner + ' ' if owner else ''}{site.how}",  # type: ignore[attr-defined]
                     q if path[0] == "mixture" and isinstance(new, str) else None)
        if site.bound is not None:
            self.bindings.append(Binding(stated=q.text, file=rel, entry=site.bound[0],  # type: ignore[attr-defined]
                                         value=site.bound[1], how=site.how))
        if site.assumption:
            self.assumptions.append(f"{q.text}: {site.assumption}")  # type: ignore[attr-defined]

    def _known_for(self, owner: str, q: StatedQuantity, stated: list[StatedQuantity]) -> dict[str, float]:
        """The other properties stated with q that a derived entry reads (mu, cp for a Pr; the
        molar mass for a gas's Cv = Cp - R/W)."""
        known: dict[str, float] = {}
        for s in stated:
            if s is not q and s.role in ("mu", "specific_heat", "molar_mass"):
                known.setdefault(s.role, s.value)
        return known

    def thermo_density(self, q: StatedQuantity, stated: list[StatedQuantity]) -> tuple[str, float] | None:
        """(owner, density) of the thermo q's words name, for a kinematic viscosity: the density
        stated with it, else the dictionary's own constant one; None when neither is known."""
        dictionaries = self.thermo_dictionaries()
        if not dictionaries:
            return None
        texts = {o: self.base.text(rel) or "" for o, (rel, _) in dictionaries.items()}  # type: ignore[attr-defined]
        fluids = {o: k for o, (_, k) in dictionaries.items() if k != "solid"} or \
            {o: k for o, (_, k) in dictionaries.items()}
        clause, sentence = self._words_of(q)  # type: ignore[attr-defined]
        owner = pick_owner(fluids, [clause, sentence], {o for o in fluids if density_of(texts[o]) or o})
        if owner is None:
            return None
        said = [s.value for s in stated if s.role == "density"]
        rho = said[0] if len(said) == 1 else density_of(texts[owner])
        return (owner, rho) if rho else None
