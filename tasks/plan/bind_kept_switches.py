"""Switches a tutorial keeps inside a sub-dictionary: `tabulation { active on; method ISAT; }`,
`reduction { active on; method DAC; }` of chemistryProperties (TDAC), an fvOptions source's
`active yes;`. A request turns one on or off by the dictionary's name ("tabulation off"), by
the method it runs ("switch ISAT off") or by a name of canonical/switch_names.yaml ("without
TDAC": reduction and tabulation); the switch is written in the base's own words and read back.
A switch the base does not have is refused with the list of the switches it has. Pure readers
of the base's text, and a mixin for `tasks.plan.bind.Binder`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import yaml

from tasks.core.paths import CANONICAL_DIR
from tasks.core.config import get_settings
from tasks.plan.controls import SWITCH_WORDS, stated_switches, switch_names
from tasks.plan.foam_values import leaves
from tasks.plan.stated import StatedQuantity

# the leaf that turns its dictionary on or off
_ACTIVE_KEYS = ("active", "enabled")
# the entries that name what a switched dictionary runs (`method ISAT`, `type explicitPorositySource`)
_NAMING_KEYS = ("method", "type")
# a copy of a dictionary kept aside, which no application reads (chemistryProperties.new, .test)
_SPARE = re.compile(r"\.(?:new|test|old|bak|orig|org|template)$")


@dataclass(frozen=True)
class KeptSwitch:
    """An on/off leaf that turns its dictionary on or off, and the names it goes by."""

    rel: str  # the file (constant/chemistryProperties)
    entry: tuple[str, ...]  # the path to the switch leaf (tabulation, active)
    raw: str  # its value as written (on, yes, true, ...)
    names: frozenset[str]  # lower-case: the dictionaries on its path and the methods they name

    @property
    def on(self) -> bool:
        return self.raw in ("on", "yes", "true")

    @property
    def label(self) -> str:
        return "/".join(self.entry[:-1])


def kept_switches(rel: str, text: str) -> list[KeptSwitch]:
    """The `active`/`enabled` switches of one dictionary (not a function object's), each named by
    the dictionaries on its path (but `...Coeffs`) and the method or type they name."""
    values = dict((tuple(e), raw) for e, raw in leaves(text))
    found: list[KeptSwitch] = []
    for entry, raw in values.items():
        if entry[-1] not in _ACTIVE_KEYS or raw not in SWITCH_WORDS or len(entry) < 2 or "functions" in entry:
            continue
        names = {part.lower() for part in entry[:-1] if not part.endswith("Coeffs")}
        for depth in range(1, len(entry)):
            for key in _NAMING_KEYS:
                named = values.get((*entry[:depth], key), "")
                if re.fullmatch(r"\w+", named) and named != "none":
                    names.add(named.lower())
        found.append(KeptSwitch(rel, entry, raw, frozenset(names)))
    return found


@lru_cache(maxsize=1)
def switch_aliases() -> dict[str, tuple[str, ...]]:
    """canonical/switch_names.yaml: a phrase -> the switch names it stands for (several, space
    separated: "tdac" is the mechanism reduction and the tabulation)."""
    data = yaml.safe_load((CANONICAL_DIR / "switch_names.yaml").read_text()) or {}
    return {str(phrase).lower(): tuple(str(names).lower().split()) for phrase, names in data.items()}


def switches_named(name: str, switches: list[KeptSwitch]) -> list[KeptSwitch]:
    """The switches a request's name for one means: by a name of its own, else by the names
    canonical/switch_names.yaml gives the phrase (those the base has: "TDAC" of a base that
    tabulates nothing is its mechanism reduction)."""
    low = name.lower()
    own = [s for s in switches if low in s.names]
    if own:
        return own
    targets = switch_aliases().get(low, ())
    return [s for s in switches if any(t in s.names for t in targets)]


def spoken_names(switches: list[KeptSwitch], leaf_names: frozenset[str]) -> frozenset[str]:
    """The names a request may turn a kept switch by: the switches' own names (3 letters or
    more) and the phrases of canonical/switch_names.yaml for no installed leaf switch (lower
    case `leaf_names`; "coriolis" is the leaf `rotating`, read by tasks.plan.controls), so that
    one the base lacks ("turn ISAT on") is refused, not dropped."""
    phrases = {p for p, targets in switch_aliases().items() if not set(targets) & leaf_names}
    return frozenset({n for s in switches for n in s.names if len(n) > 2} | phrases)


class KeptSwitchBinding:
    """Mixed into the Binder (through `ModelBinding`): switches kept in sub-dictionaries."""

    def kept_switch_list(self) -> list[KeptSwitch]:
        """The kept switches of the base's dictionaries (not of a copy kept aside)."""
        return [s for rel in self._dictionaries() if not _SPARE.search(rel)
                for s in kept_switches(rel, self.base.text(rel) or "")]

    def add_kept_switches(self, stated: list[StatedQuantity]) -> None:
        """Add to `stated` the kept switches the request turns on or off by a name no installed
        leaf switch has ("switch ISAT off", "mechanism reduction off"), as `switch:<name>`
        quantities for the switch binder: those that change the base, and those the base lacks
        (to be refused); a statement already read is not read twice."""
        taken = [q for q in stated if q.quantity == "switch"]
        switches = self.kept_switch_list()
        leaf_names = frozenset(n.lower() for n in switch_names(str(get_settings().tutorials_dir)))
        for name, on, words, _ in stated_switches(self.text, spoken_names(switches, leaf_names)):
            if any(words in q.text or q.text in words for q in taken):
                continue
            hits = switches_named(name, switches)
            if hits and all(s.on == on for s in hits):
                continue  # "with porosity d 1e6": the source is on already, the words describe the case
            q = StatedQuantity(text=words, quantity="switch", value=float(on), role=f"switch:{name}")
            stated.append(q)
            taken.append(q)

    def bind_kept_switch(self, q: StatedQuantity) -> None:
        """Turn the kept switches the quantity names on or off, in the base's own words; else
        refuse with the switches the base has."""
        name = q.role.removeprefix("switch:")
        switches = self.kept_switch_list()
        hits = switches_named(name, switches)
        for s in hits:
            new = s.raw if s.on == bool(q.value) else SWITCH_WORDS[s.raw]
            self.set(s.rel, list(s.entry), new, f"{s.label} {new} ({q.text})", q)
        if not hits:
            have = sorted({s.label for s in switches} | set(self.leaf_switch_names()))
            self.refuse(q, f"the base case has no {name} switch to turn {'on' if q.value else 'off'}; its "
                           f"switches: {', '.join(have) or 'none'}")

    def leaf_switch_names(self) -> list[str]:
        """The names of the base's plain on/off entries (chemistry, radiation, ...), but the
        kept switches' own `active` leaves and function objects'."""
        return sorted({e[-1] for rel in self._dictionaries() for e, raw in leaves(self.base.text(rel) or "")
                       if raw in SWITCH_WORDS and e[-1] not in _ACTIVE_KEYS and "functions" not in e
                       and rel.startswith("constant/") and not _SPARE.search(rel)})
