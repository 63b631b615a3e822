"""Small lengths that are a property of the flow, not a size of the domain: a liquid film's
thickness, a wall's roughness height, a porous layer's thickness, the size of particles the base
cannot hold. `small_length_kind` tells them from a size of the domain by the words around the
value (the geometry layer uses it: such a length never makes it refuse a request), and
`SmallLengthBinding.bind_small_lengths` binds each to its entry or leaves it in `not_applied`
with what the base lacks:

- a film's thickness: the finite-area film height `h` (liquidFilmFoam: 0/h, its internal value for
  an initial thickness, its fixed-value inlets for a fed one) or a surface film's `deltaf`
  (0/<filmRegion>/deltaf);
- a roughness height the base's wall functions have no entry for (no Ks): not applied;
- a porous layer's thickness: not applied (the mesh's zone sets it);
- a particle size in a base with no particles: not applied.

Mixed into `tasks.plan.bind.Binder` (through CloudBinding), whose recording and words it uses.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.foam_values import fmt
from tasks.plan.flow_lengths import flow_length, is_particle_size, small_length_kind  # noqa: F401 (flow_length: importable here)
from tasks.plan.stated import StatedQuantity

def _spoken(patch: str) -> str:
    """A pattern for a patch's name as words say it: lowerWall as "lower wall", "lowerwall" or
    "lower-wall"."""
    words = re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+", patch.strip('"'))
    return r"\b" + r"[\s_-]*".join(re.escape(w.lower()) for w in words) + r"s?\b" if words else r"(?!)"


_INITIAL = re.compile(r"\b(?:initial(?:ly)?|start(?:s|ing)?|begin|at\s+t\s*=\s*0|everywhere|whole|entire|uniform)\b")
_FED = re.compile(r"\b(?:inlet|inflow|incoming|enter(?:s|ing)?|fed|feed|supplied|inject\w*)\b")


class SmallLengthBinding:
    small_lengths: list[StatedQuantity] = []

    def bind_small_lengths(self, stated: list[StatedQuantity], skip: list[StatedQuantity] = ()) -> list[StatedQuantity]:
        """Each small length of the flow (a film's thickness, a roughness height, a porous
        layer's thickness, a particle size the base cannot hold) bound or not applied with
        why; the lengths taken are returned. Lengths another binder took (`skip`) are left."""
        low = self._low_text()
        taken: list[StatedQuantity] = []
        for q in stated:
            if q.quantity != "length" or any(q is s for s in skip) or \
                    q.role not in ("geometry", "", "roughness_height", "particle_diameter"):
                continue
            at = self.value_at(low, q)
            head, tail = (low[:at], low[at + len(q.text):]) if at >= 0 else ("", "")
            kind = "roughness" if q.role == "roughness_height" else small_length_kind(head, tail, q.value)
            if kind is None and q.role == "geometry" and is_particle_size(head, tail, q.value) and \
                    not self._cloud_files() and not self._euler_diameters():
                self.refuse(q, f"{q.text} is the size of particles, but the base has none (no cloud sizeDistribution, "
                               "no dispersed phase diameter); name a particle solver (DPMFoam, MPPICFoam, "
                               "reactingParcelFoam) or an Euler-Euler one")
                taken.append(q)
                continue
            if kind == "film":
                self._film_thickness(q, head, tail)
            elif kind == "roughness" and not self._rough_walls(q, head, tail):
                self.refuse(q, f"{q.text} is a wall roughness height, but the base's wall functions hold none (no "
                               f"nutkRoughWallFunction / nutURoughWallFunction Ks in 0/nut){self._why_smooth()}")
            elif kind == "porous_layer":
                self.refuse(q, f"{q.text} is the porous layer's thickness, which the base's mesh sets (its porous "
                               "cellZone); Casewright does not resize a zone of a tutorial's mesh")
            else:
                continue
            taken.append(q)
        self.small_lengths = taken  # the geometry layer refuses none of them (tasks.plan.generic)
        return taken

    def _why_smooth(self) -> str:
        """Why the base has no roughness entry: it is laminar, or its walls are smooth."""
        if not self.base.field_rels("nut"):
            return "; the base is laminar (no nut field), so no wall function takes a roughness"
        return "; its walls use wall functions with no rough form (only nutkWallFunction has one Casewright sets)"

    def _rough_walls(self, q: StatedQuantity, head: str, tail: str) -> bool:
        """The base's smooth nutkWallFunction walls made rough (nutkRoughWallFunction, sand-grain
        height Ks, roughness constant Cs 0.5): the walls the sentence names ("on the lower wall":
        lowerWall), else every one. False when the base has no such wall."""
        sentence = re.split(r"[.!?]\s|\n", head)[-1] + " " + re.split(r"[.!?;]\s|\n", tail)[0]
        done = False
        for rel in self.base.field_rels("nut"):
            text = self.base.text(rel) or ""
            smooth = [p for p in fd.keys(text, ["boundaryField"])
                      if (fd.get(text, ["boundaryField", p, "type"]) or "").strip() == "nutkWallFunction"]
            named = [p for p in smooth if re.search(_spoken(p), sentence)]
            for patch in named or smooth:
                old = (fd.get(text, ["boundaryField", patch, "value"]) or "uniform 0").strip()
                ks = f"uniform {fmt(q.value)}"
                self.set(rel, ["boundaryField", patch],
                         {"type": "nutkRoughWallFunction", "Ks": ks, "Cs": "uniform 0.5", "value": old},
                         f"rough wall {patch} (nutkRoughWallFunction)")
                self.set(rel, ["boundaryField", patch, "Ks"], ks, f"sand-grain roughness height of {patch} (Ks)", q)
                done = True
        if done:
            self.assumptions.append(f"{q.text} roughness: the smooth nutkWallFunction walls become "
                                    "nutkRoughWallFunction with Ks as stated and the usual roughness constant Cs 0.5")
        return done

    def _film_homes(self) -> list[str]:
        """The field files holding a film's thickness: a finite-area h (a length field beside
        constant/faMesh or system/faSchemes), else every surface film's deltaf."""
        homes: list[str] = []
        finite_area = self.base.text("system/faSchemes") is not None or (self.base.root / "constant" / "faMesh").exists()
        if finite_area:
            homes = [r for r in self.base.field_rels("h")
                     if re.search(r"\[\s*0\s+1\s+0\s+0", fd.get(self.base.text(r) or "", ["dimensions"]) or "")]
        if not homes:
            for d in ("0.orig", "0"):
                folder = self.base.root / d
                if folder.is_dir():
                    homes += [f"{d}/{p.name}/deltaf" for p in sorted(folder.iterdir())
                              if p.is_dir() and self.base.text(f"{d}/{p.name}/deltaf") is not None]
        return homes

    def _film_thickness(self, q: StatedQuantity, head: str, tail: str) -> None:
        """The film's initial thickness (the field's internal value) and, for a film fed at an
        inlet, its fixed-value inlets; with neither said, both where the base feeds the film as
        thick as it starts."""
        homes = self._film_homes()
        if not homes:
            self.refuse(q, f"{q.text} is a liquid film's thickness, but the base has no film (no finite-area h "
                           "field, no surface-film deltaf); liquidFilmFoam (finiteArea) or a surface-film case has one")
            return
        words = head[-60:] + " " + tail[:30]
        fed, initial = bool(_FED.search(words)), bool(_INITIAL.search(words))
        value = f"uniform {fmt(q.value)}"
        for rel in homes:
            text = self.base.text(rel) or ""
            inlets = [p for p in fd.keys(text, ["boundaryField"])
                      if (fd.get(text, ["boundaryField", p, "type"]) or "").strip() == "fixedValue"
                      and (self.roles.get(p) == "inlet" or re.search(r"inlet|inflow", p, re.I))]
            same = all((fd.get(text, ["boundaryField", p, "value"]) or "").split() ==
                       (fd.get(text, ["internalField"]) or "").split() for p in inlets)
            if not fed or initial:
                self.set(rel, ["internalField"], value, f"initial film thickness ({rel} internalField)", q)
            if fed or (not initial and same):
                for p in inlets:
                    self.set(rel, ["boundaryField", p, "value"], value, f"film thickness fed at {p}", q)
                if inlets and not fed:
                    self.assumptions.append(f"{q.text} film thickness: the film starts that thick and is fed at "
                                            f"{', '.join(inlets)} as thick (the base feeds it as thick as it starts)")
            if fed and not initial and not inlets:
                self.set(rel, ["internalField"], value, f"film thickness ({rel} internalField; no fixed-value inlet)", q)
