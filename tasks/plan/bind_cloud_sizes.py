"""The size of the particles, droplets, bubbles or grains a request states, in every layout the
installed tutorials keep one:

- a Lagrangian cloud (constant/*Cloud*Properties: kinematic, MPPIC, reacting, spray, coal):
  each injection model's `sizeDistribution`. One stated size ("200 micron droplets", "beads 3 mm
  across") makes it `fixedValue` with that value; a size said as a statistic goes to the named
  distribution's entry: a mean or median (d50) to a normal's `expectation` or a Rosin-Rammler's
  `d` (bounds and spread scaled so the shape is kept), a smallest/largest size to
  `minValue`/`maxValue`;
- an Euler-Euler phase (twoPhaseEulerFoam, reactingTwoPhaseEulerFoam, reactingMultiphaseEulerFoam:
  `<phase> { diameterModel constant; constantCoeffs { d ...; } }` in phaseProperties): the
  dispersed phase the words name (bubbles: the gas; grains, beads, solids: the solid phase).

A length is a particle size when its words name a dispersed thing (particles, droplets, beads,
grains, solids, sand, d50, d_p) and the base has somewhere to put one; a size of the domain or
of a pipe is not. Mixed into `tasks.plan.bind.Binder` (through `CloudBinding`).
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.bind_cloud_distribution import default_bounds
from tasks.plan.foam_values import fmt
from tasks.plan.cloud_words import HIGH_AFTER, named_clouds, size_range
from tasks.plan.flow_lengths import is_particle_size
from tasks.plan.stated import StatedQuantity


# statistic words, nearest the value wins
_STATISTICS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("min", re.compile(r"\b(?:min(?:imum)?|smallest|finest|lower (?:size|bound|cut)|at least)\b")),
    ("max", re.compile(r"\b(?:max(?:imum)?|largest|coarsest|upper (?:size|bound|cut)|at most|up to)\b")),
    ("median", re.compile(r"\b(?:d_?50|median|mass[- ]median|characteristic|rosin[- ]rammler|size parameter)\b")),
    ("mean", re.compile(r"\b(?:mean|average|expected|expectation|nominal|sauter|d_?32)\b")),
    ("single", re.compile(r"\b(?:monodisperse|all (?:of )?(?:the )?same size|all one size|one size|uniform size|"
                          r"every (?:droplet|particle|bead|grain|bubble))\b")),
)


def size_statistic(head: str, tail: str = "") -> str:
    """Which size of a distribution a stated length is: "single" (one size for every particle),
    "mean", "median" (d50, a Rosin-Rammler's characteristic size), "min" or "max". The statistic
    word nearest before the value counts ("mean diameter of 50 um", "d50 = 0.3 mm"), else one
    right after it ("0.3 mm (median)")."""
    head = head[-60:]
    best: tuple[int, str] | None = None
    for kind, pattern in _STATISTICS:
        for m in pattern.finditer(head):
            if best is None or m.start() > best[0]:
                best = (m.start(), kind)
    if best is not None:
        return best[1]
    near = re.split(r"[,;]", tail[:40])[0]
    found = [(m.start(), kind) for kind, pattern in _STATISTICS for m in pattern.finditer(near)]
    return min(found)[1] if found else "single"


def range_edits(kind: str, sub: str, entries: dict[str, str], low: float,
                high: float) -> list[tuple[list[str], str | dict]]:
    """Edits (below `sizeDistribution`) giving every size from `low` to `high` alike: a uniform
    distribution's own minValue and maxValue, any other distribution (a single size, a normal,
    a Rosin-Rammler, a table) replaced by a uniform one between them. A range said with a named
    distribution ("Rosin-Rammler from 10 to 200 um") is that distribution's bounds instead
    (tasks.plan.bind_cloud_distribution)."""
    if kind == "uniform" and "minValue" in entries and "maxValue" in entries:
        return [([sub, "minValue"], fmt(low)), ([sub, "maxValue"], fmt(high))]
    uniform = "uniformCoeffs" if sub.endswith("Coeffs") else "uniformDistribution"
    # the type and its coefficients apart: a whole {type: uniform, ...} would be read as the Function1
    # `uniform` by the writer; the base's old coefficients stay, unread by v1912
    return [(["type"], "uniform"), ([uniform], {"minValue": fmt(low), "maxValue": fmt(high)}),
            ([uniform, "maxValue"], fmt(high))]


def _float(raw: str | None) -> float | None:
    try:
        return float((raw or "").strip())
    except ValueError:
        return None


# a distribution -> the entry its typical size is
_TYPICAL = {"normal": "expectation", "RosinRammler": "d", "massRosinRammler": "d", "fixedValue": "value"}


def size_edits(kind: str, sub: str, entries: dict[str, str], statistic: str,
               value: float) -> tuple[list[tuple[list[str], str | dict]], str] | None:
    """The edits (paths below `sizeDistribution`) that give a distribution of type `kind`, its
    coefficients in the sub-dictionary `sub` holding `entries`, the stated size `value` (m) as
    its `statistic`, and a note of what was done; None when that distribution has no such size
    (a smallest size of a single-size distribution)."""
    fixed_sub = "fixedValueCoeffs" if sub.endswith("Coeffs") else "fixedValueDistribution"
    single: list[tuple[list[str], str | dict]] = [([], {"type": "fixedValue", fixed_sub: {"value": fmt(value)}}),
                                                  ([fixed_sub, "value"], fmt(value))]
    if statistic in ("min", "max"):
        key = f"{statistic}Value"
        if key not in entries:
            return None
        return [([sub, key], fmt(value))], f"{'smallest' if statistic == 'min' else 'largest'} size ({key})"
    if kind == "fixedValue" and "value" in entries:
        return [([sub, "value"], fmt(value))], "the one size (fixedValue)"
    key = _TYPICAL.get(kind)
    if statistic == "single" or key is None or key not in entries:
        # one size for every particle, or a statistic of a distribution without that entry (general,
        # uniform, exponential): every particle the stated size
        return single, f"one size for every particle (fixedValue instead of {kind})"
    old = _float(entries.get(key))
    edits: list[tuple[list[str], str | dict]] = [([sub, key], fmt(value))]
    if old and old > 0:
        spread = _float(entries.get("variance" if kind == "normal" else "n"))
        around = default_bounds(kind, value, spread) if spread and spread > 0 else (value / 10, value * 10)
        for i, other in enumerate(("minValue", "maxValue")):
            scaled = _float(entries.get(other))
            if scaled is not None:
                scaled = scaled * value / old
                if (other == "minValue" and scaled > value) or (other == "maxValue" and scaled < value):
                    scaled = around[i]  # the base's bound left the size outside: bounds around it
                edits.append(([sub, other], fmt(float(f"{scaled:.6g}"))))
        if kind == "normal" and (spread := _float(entries.get("variance"))) is not None:
            edits.append(([sub, "variance"], fmt(float(f"{spread * (value / old) ** 2:.6g}"))))
    return edits, f"{statistic} size ({kind} {key}, bounds scaled with it)"


class CloudSizeBinding:
    def bind_particle_sizes(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """Every stated particle size into the base's clouds (each injection model's size
        distribution) or, in an Euler-Euler base, into the dispersed phase's diameter. The
        sizes taken are returned; the rest are left to the other binders."""
        taken: list[StatedQuantity] = []
        clouds = self._sized_clouds()
        euler = self._euler_diameters()
        unsized = self._unsized_reason() if not clouds and not euler else None
        if not clouds and not euler and unsized is None:
            return taken
        low = self._low_text()
        for q in stated:
            if q.quantity != "length" or q.role not in ("particle_diameter", "geometry", "", "roughness_height") or \
                    any(q is t for t in taken + getattr(self, "distribution_taken", [])):
                continue
            at = self.value_at(low, q)
            head, tail = (low[:at], low[at + len(q.text):]) if at >= 0 else ("", "")
            if q.role == "roughness_height" and (not clouds or re.search(r"rough", f"{head[-80:]} {tail[:40]}")):
                continue  # "sand grains 200 um" in a cloud base is the grains' size; a roughness says so
            if q.role != "particle_diameter" and not is_particle_size(head, tail, q.value):
                continue
            if unsized is not None:  # a particle size the base has no entry for: never a length of the domain
                if size_range(head, tail, q.text, q.value) is not None or not self.bind_table_column(q, "d"):
                    self.refuse(q, f"{q.text} is a particle size, but {unsized}")  # a table row holds one size
                taken.append(q)
                continue
            if HIGH_AFTER.match(tail) and re.search(r"\b(?:between|from)\s*$", head[-12:]) and \
                    any(s.quantity == "length" and s is not q for s in stated):
                taken.append(q)  # the low end of "from 40 um to 160 um": bound with the high end
                continue
            span = size_range(head, tail, q.text, q.value)
            if span is not None and clouds and self._cloud_range(q, clouds, span):
                taken.append(q)
                continue
            statistic = size_statistic(head, tail)
            if clouds and self._cloud_sizes(q, clouds, statistic, head):
                taken.append(q)
            elif euler and self._euler_size(q, euler, head, tail):
                taken.append(q)
        self.sized_particles = taken  # a size a region of setFields must not take again
        return taken

    def _unsized_reason(self) -> str | None:
        """Why the base's clouds take no stated size (their injection models draw none from a
        sizeDistribution), None without clouds."""
        reasons = []
        for rel in self._cloud_files():
            text = self.base.text(rel) or ""
            models = fd.keys(text, ["subModels", "injectionModels"])
            if not models:
                reasons.append(f"{rel} has no injection model: its parcels are the ones already in the case at the "
                               f"start time (from a previous run's lagrangian fields), their diameters kept; a base "
                               f"that injects its particles (e.g. the hopperInitialState tutorial) sets their size")
            for model in models:
                path = ["subModels", "injectionModels", model]
                kind = (fd.get(text, path + ["type"]) or "").strip()
                table = (fd.get(text, path + ["inputFile"]) or "").strip().strip('"')
                if table:
                    reasons.append(f"{rel} {model} ({kind}) takes one diameter per injector from the table "
                                   f"constant/{table} (its d column): state one size, not a range or a distribution")
                else:
                    reasons.append(f"{rel} {model} ({kind}) has no sizeDistribution")
        return "; ".join(reasons) or None

    def _low_text(self) -> str:
        from tasks.plan.extract import normalise

        return normalise(self.text).lower()

    def _sized_clouds(self) -> dict[str, list[list[str]]]:
        """cloud file -> the paths of its injection models' sizeDistribution dictionaries."""
        out: dict[str, list[list[str]]] = {}
        for rel in self._cloud_files():
            text = self.base.text(rel) or ""
            for model in fd.keys(text, ["subModels", "injectionModels"]):
                path = ["subModels", "injectionModels", model, "sizeDistribution"]
                if fd.find(text, path + ["type"]) is not None:
                    out.setdefault(rel, []).append(path)
        return out

    def _cloud_sizes(self, q: StatedQuantity, clouds: dict[str, list[list[str]]], statistic: str, head: str) -> bool:
        """The size into each injection model of the clouds the words name (coal, limestone),
        else of every cloud; of the models the words name ("model2", "the second injector"), else
        of every model."""
        from tasks.plan.bind_cloud_distribution import chosen_models

        done = False
        for rel in named_clouds(list(clouds), head[-80:]) or list(clouds):
            text = self.base.text(rel) or ""
            own = re.split(r"[.;]\s|\b\d[\d.]*(?:e-?\d+)?(?:\s*[a-zµ]+)?\b", head[-80:])[-1]  # after the last value
            models = chosen_models([p[2] for p in clouds[rel]], own)
            for path in [p for p in clouds[rel] if p[2] in models]:
                kind = (fd.get(text, path + ["type"]) or "").strip()
                sub = next((s for s in (f"{kind}Distribution", f"{kind}Coeffs") if fd.find(text, path + [s]) is not None),
                           f"{kind}Distribution")
                entries = {k: (fd.get(text, path + [sub, k]) or "") for k in fd.keys(text, path + [sub])}
                found = size_edits(kind, sub, entries, statistic, q.value)
                if found is None:
                    continue
                edits, how = found
                model = path[2]
                for rest, value in edits:
                    self.set(rel, path + rest, value, f"particle {how} of {model}", q if isinstance(value, str) else None)
                if statistic == "median" and kind in ("RosinRammler", "massRosinRammler"):
                    self.assumptions.append(f"{q.text} (median size) taken as the {kind} distribution's "
                                            f"characteristic size")
                if any(not isinstance(v, str) for _, v in edits):
                    self.assumptions.append(f"{q.text}: every particle of {model} ({rel}) that size (the base's "
                                            f"{kind} distribution replaced by fixedValue)")
                done = True
        return done

    def _cloud_range(self, q: StatedQuantity, clouds: dict[str, list[list[str]]], span: tuple[float, float]) -> bool:
        """Sizes from low to high into each injection model's distribution."""
        for rel, paths in clouds.items():
            text = self.base.text(rel) or ""
            for path in paths:
                kind = (fd.get(text, path + ["type"]) or "").strip()
                sub = next((s for s in (f"{kind}Distribution", f"{kind}Coeffs") if fd.find(text, path + [s]) is not None),
                           f"{kind}Distribution")
                entries = {k: (fd.get(text, path + [sub, k]) or "") for k in fd.keys(text, path + [sub])}
                for rest, value in range_edits(kind, sub, entries, *span):
                    self.set(rel, path + rest, value, f"particle sizes {fmt(span[0])} to {fmt(span[1])} m of {path[2]}",
                             q if rest and rest[-1] == "maxValue" else None)
        self.assumptions.append(f"particle sizes from {fmt(span[0])} to {fmt(span[1])} m ({q.text} the largest)")
        return True

    # --- Euler-Euler: <phase> { diameterModel X; XCoeffs { d ...; } } in phaseProperties ----------------

    def _euler_diameters(self) -> dict[str, list[str]]:
        """phase -> the path of its diameter in constant/phaseProperties (constant d, isothermal d0)."""
        text = self.base.text("constant/phaseProperties") or ""
        out: dict[str, list[str]] = {}
        for phase in re.findall(r"[A-Za-z_][\w.]*", fd.strip_comments(fd.get(text, ["phases"]) or "")):
            model = (fd.get(text, [phase, "diameterModel"]) or "").strip()
            for key in ("d", "d0"):
                if model and fd.find(text, [phase, f"{model}Coeffs", key]) is not None:
                    out[phase] = [phase, f"{model}Coeffs", key]
                    break
        return out

    def _euler_size(self, q: StatedQuantity, sized: dict[str, list[str]], head: str, tail: str) -> bool:
        phase = dispersed_phase(list(sized), head, tail)
        if phase is None:
            return False
        self.set("constant/phaseProperties", sized[phase], fmt(q.value),
                 f"{phase} diameter ({'/'.join(sized[phase][1:])})", q)
        return True


_GAS = re.compile(r"^(?:air|gas|steam|vapou?r|nitrogen|oxygen|co2)\d*$")
_LIQUID = re.compile(r"^(?:water|liquid|oil|brine|melt)\d*$")
_CLAUSE_END = re.compile(r"[,;:]|[.!?](?:\s|$)")
_THINGS = (("gas", re.compile(r"\bbubbles?\b")), ("liquid", re.compile(r"\b(?:droplets?|drops?|spray|mist)\b")),
           ("solid", re.compile(r"\b(?:particles?|grains?|beads?|sand|solids?|powders?|pellets?|catalyst|sediments?|"
                                r"dust)\b")))


def dispersed_phase(phases: list[str], head: str, tail: str) -> str | None:
    """The phase a size is of, from the words before (`head`) and after (`tail`) it: what they call
    the things nearest the value (bubbles: the gas phase; droplets: the liquid; grains, beads,
    solids: the phase neither gas nor liquid), the named one of that kind where several are ("3 mm
    air bubbles rise through water"); with no things named, the one phase the words name."""
    after = _CLAUSE_END.split(tail)[0][:60]
    words = f"{head[-60:]} {after}"
    named = [p for p in phases if re.search(rf"\b{re.escape(p.lower().removesuffix('s'))}s?\b", words)]
    gas = [p for p in phases if _GAS.match(p.lower())]
    liquid = [p for p in phases if _LIQUID.match(p.lower())]
    kinds = {"gas": gas, "liquid": liquid, "solid": [p for p in phases if p not in gas and p not in liquid]}
    said = [(m.start(), kind) for kind, pattern in _THINGS for m in pattern.finditer(words)]
    if not said:  # no things named: the one phase the words name
        return named[0] if len(named) == 1 else None
    # what the things are called decides ("glass beads 1 mm across, fluidised with air": the solid)
    pick = kinds[min(said, key=lambda s: abs(s[0] - len(head[-60:])))[1]]
    pick = [p for p in pick if p in named] or pick
    return pick[0] if len(pick) == 1 else None
