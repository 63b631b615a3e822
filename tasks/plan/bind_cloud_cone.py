"""The angle of an injection cone a request states ("spray cone half-angle 12 deg", "a 20 degree
spray cone", "cone angle of 30 degrees", "inner cone angle 5 deg") is the outer (or inner) angle of
each injection model that sprays in a cone (coneInjection, coneNozzleInjection: `thetaOuter`,
`thetaInner`, measured from the cone's axis, a Function1 `constant X` or a plain number). A cone
or spray angle said without "half" is the whole opening, so the model takes half of it. A base
whose injection models spray no cone (patch, manual, table injections) gets the angle in
not_applied with the entries they have, never a mesh's or a wall's angle. Bound before the
by-name binder and the geometry's angle binders. Mixed into `tasks.plan.bind.Binder` (through
`CloudBinding`).
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.foam_values import fmt
from tasks.plan.stated import StatedQuantity

_CONE = re.compile(r"\b(?:cone|spray|theta_?(?:outer|inner)|spread(?:ing)? angle|half[- ]?angle|opening angle)\b")
_HALF = re.compile(r"\bhalf[- ]?(?:cone[- ])?angle\b|\bsemi[- ]?(?:cone[- ])?angle\b|\bthetaouter\b|\bthetainner\b|"
                   r"\bfrom the (?:axis|centre ?line|center ?line)\b")
_INNER = re.compile(r"\binner\b|\bthetainner\b|\bhollow\b")


def cone_entry(words: str, value: float) -> tuple[str, float, bool] | None:
    """(entry, angle from the axis in degrees, halved) a stated cone angle of `value` degrees is,
    from its words (lower case, the clause around it); None when the words name no cone."""
    if not _CONE.search(words):
        return None
    key = "thetaInner" if _INNER.search(words) else "thetaOuter"
    if _HALF.search(words):
        return key, value, False
    return key, value / 2, True


class CloudConeBinding:
    def bind_cone_angles(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """Each stated cone angle into the cone injection models' thetaOuter / thetaInner, or not
        applied with what the models have; the quantities taken."""
        taken: list[StatedQuantity] = []
        if not self._cloud_files():
            return taken
        for q in stated:
            if q.quantity != "angle":
                continue
            clause, _ = self._words_of(q)
            found = cone_entry(clause, q.value)
            if found is None:
                continue
            key, angle, halved = found
            if not 0 <= angle < 90:
                self.refuse(q, f"{q.text}: a cone's angle from its axis lies between 0 and 90 degrees")
                taken.append(q)
                continue
            done = []
            for rel in self._cloud_files():
                text = self.base.text(rel) or ""
                for model in fd.keys(text, ["subModels", "injectionModels"]):
                    path = ["subModels", "injectionModels", model, key]
                    raw = (fd.get(text, path) or "").strip()
                    if not raw:
                        continue
                    new = f"constant {fmt(angle)}" if raw.startswith("constant") else fmt(angle)
                    self.set(rel, path, new, f"cone {'inner' if key == 'thetaInner' else 'outer'} angle of {model} "
                                             f"({key}, from the axis)", q)
                    done.append(model)
            if done and halved:
                self.assumptions.append(f"{q.text} is the whole opening of the spray cone: {key} (from the cone's "
                                        f"axis) is half of it, {fmt(angle)} deg")
            if not done:
                models = self._injection_entries()
                said = "; ".join(f"{name}: {', '.join(entries)}" for name, entries in models.items()) or \
                    "the base's clouds have no injection model"
                self.refuse(q, f"{q.text} is the angle of an injection cone, but no injection model of the base "
                               f"sprays in a cone ({key} of a coneInjection or coneNozzleInjection): {said}")
            taken.append(q)
        return taken
