"""Binder steps for loads on a solid ("50 kPa traction on the right edge", "a pressure of
1 MPa on the hole", "outer edges traction-free"). Part of
`tasks.plan.bind_by_name.ByNameBinding`.
"""

from __future__ import annotations

import re

from tasks.plan.extract import normalise
from tasks.plan.foam_values import direction as _direction
from tasks.plan.foam_values import fmt, vec
from tasks.plan.foam_values import leaves_get as _leaves_get
from tasks.plan.foam_values import magnitude as _magnitude
from tasks.plan.stated import StatedQuantity

class LoadBinding:
    # loads on a solid ("50 kPa traction on the right edge", "a pressure of 1 MPa on the hole") ---
    _PULL_WORDS = r"tract|pull|tension|tensile|load|stretch"

    _PUSH_WORDS = r"\bpressur|compress|push"

    def _pushes(self, clause: str, value: str) -> bool:
        """Whether the words make a load a pressure pushing on the face rather than a pull: the
        load word nearest the value ("load the plate by a pressure of 5 MPa" pushes, "a pressure
        vessel pulled by 5 MPa" pulls)."""
        head, _, tail = clause.partition(value)
        def nearest(words: str, last: bool) -> tuple[int, int]:
            push = [m.start() for m in re.finditer(self._PUSH_WORDS, words)]
            pull = [m.start() for m in re.finditer(self._PULL_WORDS, words)]
            pick = max if last else min
            return (pick(push) if push else -1), (pick(pull) if pull else -1)
        push, pull = nearest(head, True)
        if push >= 0 or pull >= 0:
            return push > pull
        push, pull = nearest(tail, False)
        return push >= 0 and (pull < 0 or push < pull)

    _FREE_WORDS = re.compile(r"\btraction[- ]?free\b|\bno (?:traction|load)\b|\bunloaded\b|\bfree of (?:traction|load)|"
                             r"\bload[- ]?free\b|\bstress[- ]?free\b|"
                             r"\b(?:edge|side|face|boundary|surface)s?\s+(?:is\s+|are\s+|left\s+|kept\s+)?free\b")
    _ALL_OTHER = re.compile(r"\b(?:outer|other|remaining|all)\s+(?:edges|sides|boundaries|faces)\b")

    def _free_of_load(self, rels: list[str], loaded: list[str], patch: str, sides: dict) -> None:
        """"Leave the right edge traction free", "outer edges traction-free": the named loaded
        boundaries (or all but the one the stated load is on) carry no traction and no pressure."""
        from tasks.plan.fields import names_patch

        low = normalise(self.text).lower()
        for clause in re.split(r"[,;]\s|\.\s|\binstead\b|\bbut\b", low):
            if not self._FREE_WORDS.search(clause):
                continue
            free = [p for p in loaded if p != patch and (names_patch(clause, p) or any(
                re.search(rf"\b{w}\b", clause) and p.lower().startswith(w) for s, ws in sides.items()
                if re.search(rf"\b{s}\b", clause) for w in ws))]
            if not free and self._ALL_OTHER.search(clause):
                free = [p for p in loaded if p != patch]
            for p in free:
                for rel in rels:
                    self.set(rel, ["boundaryField", p, "traction"], "uniform (0 0 0)", f"{p} traction free (as said)")
                    self.set(rel, ["boundaryField", p, "pressure"], "uniform 0", f"{p} traction free (as said)")
                self.assumptions.append(f"{p} carries no load (the request leaves it traction free)")

    def bind_load(self, q: StatedQuantity) -> bool:
        """A pressure-unit value on a patch of a solid whose displacement D has traction
        boundaries (tractionDisplacement): a pull is the traction vector (along the stated axis,
        else the base's direction there, else the side's outward normal), a pressure pushes in.
        The patch is the one the words name, else the only loaded one of the base."""
        rels = self.base.field_rels("D")
        loaded = [p for p, bc in self.base.patch_bcs("D").items() if bc == "tractionDisplacement"]
        if q.quantity != "pressure" or not rels or not loaded:
            return False
        text = self.base.text(rels[0]) or ""
        clause, _ = self._words_of(q)
        side = self._side_word(q)
        sides = {**self.sides, "top": (*self.sides["top"], "up"), "bottom": (*self.sides["bottom"], "down")}
        patches = [p for p in self._named_patches(clause) if p in loaded] or \
            [p for p in loaded if side and any(p.lower().startswith(w) for w in sides[side])]
        if not patches:
            patches = [p for p in loaded if _magnitude(_leaves_get(text, ["boundaryField", p, "traction"])) > 0 or
                       re.search(r"[1-9]", _leaves_get(text, ["boundaryField", p, "pressure"]))]
        if len(patches) != 1:
            self.refuse(q, f"which boundary carries {q.text} is not clear (traction boundaries: {', '.join(loaded)}); "
                           f"name it")
            return True
        patch = patches[0]
        self._free_of_load(rels, loaded, patch, sides)
        if self._pushes(clause, q.text.lower()):
            for rel in rels:
                self.set(rel, ["boundaryField", patch, "pressure"], f"uniform {fmt(q.value)}", f"pressure on {patch}", q)
                if _magnitude(_leaves_get(text, ["boundaryField", patch, "traction"])) > 0:  # the stated load replaces it
                    self.set(rel, ["boundaryField", patch, "traction"], "uniform (0 0 0)",
                             f"{patch} loaded by the stated pressure only")
            return True
        axis = self._axis_hint(q)
        base = _direction(_leaves_get(text, ["boundaryField", patch, "traction"]))
        outward = {"right": [1.0, 0.0, 0.0], "left": [-1.0, 0.0, 0.0], "top": [0.0, 1.0, 0.0],
                   "bottom": [0.0, -1.0, 0.0]}
        direction = [float(i == axis) for i in range(3)] if axis is not None else \
            base or outward.get(next((s for s, ws in sides.items() if any(patch.lower().startswith(w) for w in ws)), ""))
        if direction is None:
            self.refuse(q, f"the direction of the traction on {patch} is not clear; say it ('in x', '(1 0 0)')")
            return True
        for rel in rels:
            self.set(rel, ["boundaryField", patch, "traction"], f"uniform {vec([q.value * d for d in direction])}",
                     f"traction on {patch}", q)
            if re.search(r"[1-9]", _leaves_get(text, ["boundaryField", patch, "pressure"])):  # the stated load replaces it
                self.set(rel, ["boundaryField", patch, "pressure"], "uniform 0", f"{patch} loaded by the stated traction only")
        return True
