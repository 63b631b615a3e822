"""Which patch of a region a value's own words name, when the region has several that could take
it ("fuel at 0.8 m/s and air at 2 m/s" in a gas region with inletFuel and inletAir; "0.8 m/s
for the fuel"; "the methane inlet"): the patch named by its spoken name, by the distinctive part
of an inlet's name or a word it stands for (fuel for inletCH4, oxidiser for inletAir). Pure
functions over the words and the patch names.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from tasks.foam import dictionary as fd
from tasks.foam.patch_names import PATCH_ALIASES, stream_part_patches
from tasks.plan.bind_words import words_named_after, words_since_value
from tasks.plan.fields import names_patch, spoken

# the patch names no words tell apart ("the inlet" names every inlet)
_PLAIN = {"inlet", "outlet", "inflow", "outflow", "wall", "walls"}


def said_patches(words: str, patches: Iterable[str]) -> list[str]:
    """The patches the words name: by the whole spoken name ("the air inlet" for inletAir), else by
    the distinctive part of an inlet or outlet name ("the fuel" for inletFuel, "methane" for
    inletCH4). A region's coupled patches (gas_to_solid) are never named this way."""
    usable = [p for p in patches if "_to_" not in p and re.fullmatch(r"[\w.-]+", p)]
    low = words.lower()
    whole = [p for p in usable if spoken(p) not in _PLAIN and names_patch(low, p)]
    return whole or stream_part_patches(low, usable)


def own_patch(before: str, after: str, patches: Iterable[str],
              carried: dict[str, set[str]] | None = None) -> str | None:
    """The one patch a value's own words name: the owner right after it ("2 m/s for the air"),
    else the words since the value before it ("fuel at 0.8 m/s and air at " -> air), else the
    whole clause before it when that names one; by name, else by what the patch carries
    (`carried`: inlet1 brings CH4, so "the fuel" is inlet1). None when the words name none, or
    several alike (then which one takes the value is not said)."""
    patches = list(patches)
    for words in (words_named_after(after), words_since_value(before), before):
        found = said_patches(words, patches) or carried_patches(words, {p: w for p, w in (carried or {}).items()
                                                                         if p in patches})
        if found:
            return found[0] if len(found) == 1 else None
    return None


# a species field's name: a formula with a count in it (CH4, O2, N2, H2O, C7H16)
_SPECIES = re.compile(r"(?=.*\d)(?:[A-Z][a-z]?\d*)+")
_OXIDISER_WORDS = {"air", "oxidiser", "oxidizer", "oxygen"}


def _fraction(text: str, patch: str) -> float | None:
    """The mass fraction a species file fixes on a patch (its value, `$internalField` resolved); None
    where the patch does not fix it (an outlet's inletOutlet)."""
    if fd.get(text, ["boundaryField", patch, "type"]) != "fixedValue":
        return None
    raw = (fd.get(text, ["boundaryField", patch, "value"]) or "").strip()
    if raw.endswith("$internalField"):
        raw = fd.get(text, ["internalField"]) or ""
    m = re.fullmatch(r"\s*uniform\s+([-+]?\d*\.?\d+(?:[eE][-+]?\d+)?)\s*", raw)
    return float(m.group(1)) if m else None


def carried_words(species_texts: dict[str, str], patch: str) -> set[str]:
    """What an inlet brings in, as a request says it, from the mass fractions its species files
    fix there: the fuel species above all others gives its formula, its name and "fuel" (CH4:
    methane, fuel); oxygen with no fuel gives air and oxidiser. Empty when no species is fixed."""
    fractions = {name: f for name, text in species_texts.items() if _SPECIES.fullmatch(name)
                 and (f := _fraction(text, patch)) is not None and f > 0}
    fuels = {n: f for n, f in fractions.items() if n not in ("O2", "N2", "H2O", "CO2", "AR", "Ar")}
    if fuels:
        main = max(fuels, key=fuels.get).lower()
        return {main, *PATCH_ALIASES.get(main, ()), "fuel"}
    return set(_OXIDISER_WORDS) if fractions.get("O2", 0) > 0.1 else set()


def comment_words(field_text: str, patch: str) -> set[str]:
    """The words of the comment a field file puts on a patch (`inlet1 // fuel jet`, or a comment
    line inside its dictionary)."""
    m = re.search(rf"^[ \t]*\"?{re.escape(patch)}\"?[ \t]*(//[^\n]*)?\n[ \t]*\{{", field_text, re.M)
    if m is None:
        return set()
    body = fd.get(field_text, ["boundaryField", patch]) or ""
    notes = " ".join([m.group(1) or "", *re.findall(r"//([^\n]*)", body)])
    return {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z0-9]+", notes)} - {"type", "value", "uniform"}


def carried_patches(words: str, carried: dict[str, set[str]]) -> list[str]:
    """The patches whose carried words (`carried_words`, `comment_words`) the words say."""
    low = words.lower()
    return [p for p, said in carried.items() if any(re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", low)
                                                    for w in said if len(w) > 2)]


class PatchCarriage:
    """Mixed into the Binder: what each inlet of a case (or of one region's folder) brings in."""

    def carried_of(self, folder: str, patches: list[str]) -> dict[str, set[str]]:
        """Patch -> the words for what it brings: the species its files fix there and the comment
        its velocity file puts on it; `folder` is "" for a one-region case, "gas/" for a region."""
        names: set[str] = set()
        for d in ("0.orig", "0"):
            path = self.base.root / d / folder
            if path.is_dir():
                names |= {p.name.removesuffix(".gz") for p in path.iterdir() if p.is_file()}
        species = {n: self.base.text(rels[0]) or "" for n in sorted(names) if _SPECIES.fullmatch(n)
                   and (rels := self.base.field_rels(f"{folder}{n}"))}
        u_rels = self.base.field_rels(f"{folder}U")
        u_text = self.base.text(u_rels[0]) or "" if u_rels else ""
        return {p: carried_words(species, p) | comment_words(u_text, p) for p in patches}
