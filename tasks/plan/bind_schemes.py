"""Discretisation schemes and the SIMPLEC switch a request names, written to the base's
system/fvSchemes (fvSolution for `consistent`): convection ("vanLeer for the scalar",
"linearUpwind for U", "first-order upwind everywhere") to the divSchemes entries of the named
fields (every convective entry when none is named, never the viscous or pressure-work terms);
time ("Crank-Nicolson 0.7", "backward", "local time stepping") to ddtSchemes; gradients ("least
squares", "cellLimited Gauss linear 1") to gradSchemes; non-orthogonal correction ("uncorrected",
"limited 0.33") to laplacianSchemes and snGradSchemes together. A scheme v1912 or the solver
lacks goes to not_applied with the names it has. One pass over the request's words, after the
stated values are bound (`bind_schemes`).
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.foam.physics_solvers import is_steady
from tasks.plan.bind_schemes_words import ENERGY, TURBULENCE, Mention, mention_fields, scheme_mentions, scheme_table
from tasks.plan.foam_values import fmt
from tasks.plan.stated import StatedQuantity

SCHEMES = "system/fvSchemes"
SOLUTION = "system/fvSolution"
# a convective term: div(<a flux>,<field>); phir/phirb is interface compression, not convection
_CONVECTIVE = re.compile(r"div\((?P<flux>(?!phirb?\b)\w*[pP]hi\w*(?:\.\w+)?),(?P<field>[\w.]+)\)")
_NOT_BY_DEFAULT = ("p", "p_rgh", "alpha")  # pressure work and the interface: only when named
# the fields a group's gradient entry is written for (`grad(U)`, `grad(T)`); others: the field itself
GROUP_FIELDS: dict[str, tuple[str, ...]] = {"energy": ("T",), "turbulence": ("k", "epsilon", "omega")}
_CONSISTENT = re.compile(r"\bSIMPLEC\b|\bconsistent\s+(?:SIMPLE|PIMPLE|formulation|pressure|option)|"
                         r"(?:SIMPLE|PIMPLE)\s+consistent|\bconsistent\s+(?:yes|true|on)\b|"
                         r"\bconsistent\s*=\s*(?:yes|true|on)\b", re.I)


def _quantity(binder, said: str) -> StatedQuantity:
    """The stated record of a scheme mention (one per wording, however many files take it)."""
    q = next((s for s in binder._stated if s.text == said and s.role == "scheme"), None)
    if q is None:
        q = StatedQuantity(text=said, quantity="switch", value=1.0, role="scheme")
        binder._stated.append(q)
    return q


def scheme_files(base) -> list[str]:
    """The base's fvSchemes: system/fvSchemes and each region's system/<region>/fvSchemes."""
    regions = sorted(p.name for p in (base.root / "system").iterdir() if p.is_dir()) \
        if (base.root / "system").is_dir() else []
    return [rel for rel in [SCHEMES, *(f"system/{r}/fvSchemes" for r in regions)] if base.text(rel)]


def key_fields(key: str) -> list[str]:
    """The fields a divSchemes key convects: `div(phi,U)` -> [U]; a regular expression of the
    Euler-Euler solvers `"div\\(alphaRhoPhi.*,(k|epsilon).*\\)"` -> [k, epsilon]; [] for a term
    that is no convection (stresses, interface compression)."""
    plain = fd.unquote(key)
    m = _CONVECTIVE.fullmatch(plain)
    if m:
        return [m.group("field")]
    m = re.fullmatch(r"div\\\((?P<flux>\w*[pP]hi\w*(?:\.\*)?),(?P<fields>[\w.*|()]+)\\\)", plain)
    if not m or m.group("flux").startswith("phir"):
        return []
    return re.findall(r"[A-Za-z_]\w*", m.group("fields"))


def _field_of(key: str) -> str | None:
    fields = key_fields(key)
    return fields[0] if fields else None


def convective_keys(schemes: str) -> list[str]:
    """The divSchemes keys of convective terms (div(phi,U), div(rhoPhi,k), div(phid,p), ...)."""
    return [k for k in fd.keys(schemes, ["divSchemes"]) if key_fields(k)]


def _in_group(field: str, group: str) -> bool:
    plain = field.split(".")[0]
    if group == "turbulence":
        return plain in TURBULENCE
    if group == "energy":
        return plain in ENERGY
    if group == "species":
        return plain == "Yi" or plain not in (*TURBULENCE, *ENERGY, "U", "p", "p_rgh", "K", "alpha") and \
            not plain.startswith("alpha") and plain[:1].isupper()
    if group == "alpha":
        return plain.startswith("alpha")
    return plain == group


def target_keys(schemes: str, groups: list[str]) -> list[str]:
    """The convective keys the field groups name; with no group, every convective key but the
    pressure-work and interface terms (and the default)."""
    keys = convective_keys(schemes)
    if not groups:
        return [k for k in keys if not any(f.split(".")[0] in _NOT_BY_DEFAULT or f.startswith("alpha")
                                           for f in key_fields(k))]
    return [k for k in keys if any(_in_group(f, g) for f in key_fields(k) for g in groups)]


def reconstructed(schemes: str, groups: list[str]) -> list[tuple[str, str]]:
    """(key, field) of the central solvers' `reconstruct(<field>)` interpolation entries the
    groups name (every one with no group)."""
    out = []
    for key in fd.keys(schemes, ["interpolationSchemes"]):
        m = re.fullmatch(r"reconstruct\((\w+)\)", fd.unquote(key))
        if m and (not groups or any(_in_group(m.group(1), g) for g in groups)):
            out.append((key, m.group(1)))
    return out


def _missing_keys(schemes: str, groups: list[str], flux: str) -> list[str]:
    """Keys to add for named single fields the base convects by its default entry only."""
    have = {f.split(".")[0] for k in convective_keys(schemes) for f in key_fields(k)}
    default = (fd.get(schemes, ["divSchemes", "default"]) or "none").split()
    if default[:1] == ["none"]:
        return []
    return [f"div({flux},{g})" for g in groups if g in ("U", "k", "epsilon", "omega", "nuTilda", "T") and g not in have]


def convection_value(name: str, field: str, old: str, coefficient: float | None, steady_bounded: bool,
                     schemes: str) -> str:
    """`[bounded] Gauss <name> [argument]` for one field: the vector name for U (vanLeerV,
    limitedLinearV), the stated or default coefficient, the gradient linearUpwind/LUST read
    (the base's own where it has one, else grad(<field>)); `bounded` kept from the base's entry,
    added where a steady request asked for bounded schemes."""
    table = scheme_table()
    vector = field.split(".")[0] == "U"
    word = table.vector_names.get(name, name) if vector else name
    words = [word]
    if word in table.coefficient or name in table.coefficient:
        c = coefficient if coefficient is not None else table.coefficient.get(word, table.coefficient.get(name, 1))
        words.append(fmt(c))
    if name in table.gradient_argument:
        own = re.search(rf"\b(?:linearUpwindV?|LUST)\s+(\S+)", old)
        named = re.findall(r"\b(?:linearUpwindV?|LUST)\s+(\w+)\b(?!\()", " ".join(
            fd.get(schemes, ["divSchemes", k]) or "" for k in fd.keys(schemes, ["divSchemes"])))
        words.append(own.group(1) if own else named[0] if named and fd.get(schemes, ["gradSchemes", named[0]])
                     else f"grad({field})")
    bounded = old.split()[:1] == ["bounded"] or steady_bounded
    return " ".join((["bounded"] if bounded else []) + ["Gauss"] + words)


class SchemeBinding:
    """The scheme mentions of one request, written to one binder's edits (or not_applied)."""

    def __init__(self, binder, rel: str = SCHEMES) -> None:
        self.binder = binder
        self.rel = rel
        self.schemes = binder.base.text(rel) or ""
        self.steady = is_steady(binder.solver) or \
            (fd.get(self.schemes, ["ddtSchemes", "default"]) or "").split()[:1] == ["steadyState"]
        # entry -> (value, the mentions bound to it, how): one value said in two wordings binds both
        self.values: dict[tuple[str, ...], tuple[str, list[StatedQuantity], str]] = {}
        self.refused: dict[str, str] = {}  # mention -> why this file cannot take it
        self.accepted: set[str] = set()  # mentions this file takes

    def put(self, entry: list[str], value: str, q: StatedQuantity, how: str, said: str) -> None:
        before = self.values.get(tuple(entry))
        kept = [s for s in before[1] if s is not q] if before is not None and before[0] == value else []
        self.values[tuple(entry)] = (value, [*kept, q], how)  # "local time stepping (LTS)": both wordings
        self.accepted.add(said)

    def refuse(self, said: str, reason: str) -> None:
        self.refused.setdefault(said, reason)

    def current(self, entry: list[str]) -> str | None:
        """The entry's value as this plan leaves it so far (another mention may have set it), else the base's."""
        planned = self.values.get(tuple(entry))
        return planned[0] if planned else fd.get(self.schemes, entry)

    def convection(self, m: Mention, groups: list[str], bounded: bool) -> None:
        table = scheme_table()
        if m.unknown or m.family:
            names = ", ".join(sorted({*table.convection, *table.vector_names.values()}))
            why = f"v1912 has no {m.said} convection scheme" if m.unknown else \
                f"{m.said} names a family of schemes: say which limiter"
            self.refuse(m.said, f"{why}; its convection schemes are {names}")
            return
        if m.coefficient is not None and not 0 <= m.coefficient <= 1:
            self.refuse(m.said, f"{m.name}'s coefficient lies in [0, 1]; {fmt(m.coefficient)} is not one")
            return
        keys = target_keys(self.schemes, groups)
        flux = next((_CONVECTIVE.fullmatch(fd.unquote(k)).group("flux") for k in convective_keys(self.schemes)
                     if _CONVECTIVE.fullmatch(fd.unquote(k))), "phi")
        keys += _missing_keys(self.schemes, groups, flux)
        default = (fd.get(self.schemes, ["divSchemes", "default"]) or "none").split()
        if not groups and default[:1] not in (["none"], []):
            keys.append("default")
        targets = [("divSchemes", k, _field_of(k) or "default") for k in keys]
        targets += [("interpolationSchemes", k, f) for k, f in reconstructed(self.schemes, groups)]
        if not targets:
            what = " and ".join(groups) or "any field"
            self.refuse(m.said, f"the base's {self.rel} has no convection term of {what}")
            return
        fields = list(dict.fromkeys(field for _, _, field in targets))
        q = _quantity(self.binder, f"{m.said} for {' and '.join(fields)}" if groups else m.said)
        for section, key, field in targets:  # the default's gradient name falls back to gradSchemes' default
            old = fd.get(self.schemes, [section, key]) or ""
            value = convection_value(m.name, field, old, m.coefficient, bounded and self.steady, self.schemes)
            if section == "interpolationSchemes":  # `reconstruct(U) vanLeerV`: no Gauss
                value = re.sub(r"^(?:bounded\s+)?Gauss\s+", "", value)
            self.put([section, key], value.replace("grad(default)", "grad"), q, f"convection of {field} with {m.name}",
                     m.said)

    def flux(self, m: Mention) -> None:
        names = ", ".join(scheme_table().flux)
        if fd.get(self.schemes, ["fluxScheme"]) is None:
            self.refuse(m.said, f"{self.binder.solver} reads no fluxScheme (only the central solvers, rhoCentralFoam "
                                f"and rhoCentralDyMFoam, do: {names})")
        elif m.unknown:
            self.refuse(m.said, f"v1912's central solvers have no {m.said} flux; their fluxScheme is one of {names}")
        else:
            self.put(["fluxScheme"], m.name, _quantity(self.binder, m.said), f"fluxScheme {m.name}", m.said)

    def bounded_only(self, said: str) -> None:
        """"bounded schemes" alone: `bounded` before every convective entry of a steady case."""
        if not self.steady:
            self.refuse(said, f"{self.binder.solver} is transient: `bounded` convection schemes are for steady "
                              f"solvers (ddt steadyState)")
            return
        q = _quantity(self.binder, said)
        for key in target_keys(self.schemes, []):
            old = fd.get(self.schemes, ["divSchemes", key]) or ""
            if old.split()[:1] == ["Gauss"]:
                self.put(["divSchemes", key], f"bounded {old.strip()}", q, "bounded convection", said)

    def time(self, m: Mention) -> None:
        table = scheme_table()
        solver = self.binder.solver
        names = ", ".join(table.time)
        if m.unknown:
            self.refuse(m.said, f"v1912 has no {m.said} time scheme; its ddtSchemes are {names}")
            return
        if m.name == "localEuler" and solver not in table.lts_solvers and self.steady:
            self.accepted.add(m.said)  # "steady state via LTS": the steady solver computes that state itself
            note = f"{m.said}: {solver} is steady (ddt steadyState): it computes the steady state local time " \
                   f"stepping marches to"
            self.binder.assumptions += [note] if note not in self.binder.assumptions else []
            return
        if m.name == "localEuler" and solver not in table.lts_solvers:
            self.refuse(m.said, f"{solver} has no local time stepping in v1912; the solvers that have it are "
                                f"{', '.join(table.lts_solvers)}")
            return
        if self.steady != (m.name == "steadyState") and m.name != "localEuler":
            kind = "steady (ddt steadyState)" if self.steady else "transient"
            self.refuse(m.said, f"{solver} is {kind}: a {m.name} time derivative needs a "
                                f"{'transient' if self.steady else 'steady'} solver")
            return
        c = m.coefficient if m.coefficient is not None else table.time_coefficient.get(m.name)
        if c is not None and not 0 <= c <= 1:
            self.refuse(m.said, f"the Crank-Nicolson coefficient lies in [0, 1]; {fmt(c)} is not one")
            return
        value = m.name if c is None else f"{m.name} {fmt(c)}"
        self.put(["ddtSchemes", "default"], value, _quantity(self.binder, m.said), f"time derivative {value}", m.said)

    def gradient(self, m: Mention, groups: list[str]) -> None:
        inner = "leastSquares" if re.search(r"least", m.said, re.I) else "Gauss linear"
        value = m.name if "imited" not in m.name else \
            f"{m.name} {inner} {fmt(m.coefficient if m.coefficient is not None else 1)}"
        if "imited" in m.name and not 0 <= (m.coefficient or 1) <= 1:
            self.refuse(m.said, f"a gradient limiter's coefficient lies in [0, 1]; {fmt(m.coefficient)} is not one")
            return
        fields = [f for g in groups for f in GROUP_FIELDS.get(g, (g,)) if g in GROUP_FIELDS or self._solves(f)]
        if groups and not fields:
            self.refuse(m.said, f"the base solves no {' or '.join(groups)} to take a gradient of")
            return
        q = _quantity(self.binder, f"{m.said} for {' and '.join(fields)}" if groups else m.said)
        have = fd.keys(self.schemes, ["gradSchemes"])
        keys = [f"grad({f})" for f in fields if f"grad({f})" in have or self._solves(f)] if groups else \
            [*have, "default"]
        for key in dict.fromkeys(keys):
            self.put(["gradSchemes", key], value, q, f"gradient {value}", m.said)

    def _solves(self, field: str) -> bool:
        """The base has an initial field of that name (0/ or 0.orig/)."""
        return bool(self.binder.base.field_rels(field))

    def laplacian(self, m: Mention) -> None:
        table = scheme_table()
        if m.name == "limited":
            c = m.coefficient if m.coefficient is not None else table.laplacian_coefficient["limited"]
            if not 0 <= c <= 1:
                self.refuse(m.said, f"the limited correction's coefficient lies in [0, 1]; {fmt(c)} is not one")
                return
            sn = f"limited corrected {fmt(c)}"
        else:
            sn = m.name
        q = _quantity(self.binder, m.said)
        for key in dict.fromkeys(["default", *fd.keys(self.schemes, ["laplacianSchemes"])]):
            old = (self.current(["laplacianSchemes", key]) or "Gauss linear corrected").split()
            if old[:1] == ["none"]:
                continue
            interpolation = old[1] if old[:1] == ["Gauss"] and len(old) > 2 else "linear"
            self.put(["laplacianSchemes", key], f"Gauss {interpolation} {sn}", q, f"laplacian with {sn} snGrad", m.said)
        for key in dict.fromkeys(["default", *fd.keys(self.schemes, ["snGradSchemes"])]):
            self.put(["snGradSchemes", key], sn, q, f"surface-normal gradient {sn}", m.said)

    def diffusivity(self, m: Mention) -> None:
        """The diffusivity's face interpolation (`Gauss harmonic corrected`) in every laplacian
        scheme, each keeping its own surface-normal gradient."""
        q = _quantity(self.binder, m.said)
        for key in dict.fromkeys(["default", *fd.keys(self.schemes, ["laplacianSchemes"])]):
            old = (self.current(["laplacianSchemes", key]) or "").split()
            if old[:1] != ["Gauss"] or len(old) < 3:
                continue  # `none`, or a default the case does not set
            self.put(["laplacianSchemes", key], f"Gauss {m.name} {' '.join(old[2:])}", q,
                     f"laplacian with {m.name} interpolation of the diffusivity", m.said)
        if m.said not in self.accepted:
            self.refuse(m.said, f"{self.rel} has no `Gauss` laplacian scheme whose interpolation could be {m.name}")

    def consistent(self, said: str) -> None:
        solution = self.binder.base.text(SOLUTION) or ""
        block = next((b for b in ("SIMPLE", "PIMPLE") if fd.get(solution, [b]) is not None), None)
        if self.binder.solver not in scheme_table().consistent_solvers or block is None:
            solvers = ", ".join(scheme_table().consistent_solvers)
            self.binder.refuse(_quantity(self.binder, said), f"{self.binder.solver} (v1912) reads no SIMPLEC "
                                                             f"`consistent` switch; the solvers that do are {solvers}")
            return
        self.binder.set(SOLUTION, [block, "consistent"], "yes", "SIMPLEC (consistent) named in the request",
                        _quantity(self.binder, said))
        self.binder.assumptions.append(f"{said}: {block} consistent yes (SIMPLEC); relaxation factors kept as the "
                                       f"base's unless stated")

    def write(self) -> None:
        for entry, (value, mentions, how) in self.values.items():
            for said in mentions:
                self.binder.set(self.rel, list(entry), value, f"{how} (named in the request)", said)


def bind_schemes(binder) -> None:
    """Write the schemes (and SIMPLEC) the request names to a Binder's base fvSchemes/fvSolution;
    where the base or solver cannot take one, not_applied says why."""
    text = binder.text
    mentions = scheme_mentions(text)
    consistent = _CONSISTENT.search(text)
    if consistent:
        SchemeBinding(binder).consistent(consistent.group(0))
    bounded_said = re.search(r"\bbounded\s+(?:\w+\s+)?(?:schemes?|Gauss|convection|div\w*)", text, re.I)
    bounded = bounded_said is not None
    if not mentions and not bounded:
        return
    bindings = [SchemeBinding(binder, rel) for rel in scheme_files(binder.base)]
    if not bindings:
        for m in mentions:
            binder.refuse(_quantity(binder, m.said), f"the base has no {SCHEMES}")
        return
    order = sorted(range(len(mentions)), key=lambda i: bool(mention_fields(text, mentions, i)))  # "everywhere" first
    for binding in bindings:
        for i in order:
            _apply(binding, mentions[i], mention_fields(text, mentions, i), bounded)
        if bounded and not any(m.kind == "convection" for m in mentions):
            binding.bounded_only(bounded_said.group(0))
        binding.write()
    accepted = {said for b in bindings for said in b.accepted}
    for b in bindings:  # a mention no file takes: the first file's reason (the case's own, then a region's)
        for said, reason in b.refused.items():
            if said not in accepted:
                binder.refuse(_quantity(binder, said), reason)


def _apply(binding: SchemeBinding, m: Mention, groups: list[str], bounded: bool) -> None:
    if m.kind == "convection":
        binding.convection(m, groups, bounded)
    elif m.kind == "flux":
        binding.flux(m)
    elif m.kind == "time":
        binding.time(m)
    elif m.kind == "gradient":
        binding.gradient(m, groups)
    elif m.kind == "diffusivity":
        binding.diffusivity(m)
    else:
        binding.laplacian(m)
