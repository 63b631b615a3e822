"""Binding a fan's pressure jump: a `fan` condition (a cyclic pair of baffle patches, made by createBaffles or
written in 0/p) raises the kinematic pressure by its `jumpTable`, a function of the volume flow through it;
`jump` is only the starting value. "A constant jump of 50 m2/s2", "the fan adds a flat 50 J/kg": a zeroth-order
polynomial `polynomial 1((50 0))`, with `jump uniform 50` to start from. Mixed into `tasks.plan.bind.Binder`."""

from __future__ import annotations

from tasks.foam import dictionary as fd
from tasks.plan.foam_values import fmt
from tasks.plan.stated import StatedQuantity


def fan_places(text: str) -> list[list[str]]:
    """The paths of the dictionaries of `text` that are `fan` conditions (`type fan;`)."""
    out = []
    for entry, raw in fd.leaves(text):
        if entry and entry[-1] == "type" and raw.strip().rstrip(";").strip() == "fan":
            out.append(entry[:-1])
    return out


class FanBinding:
    """The pressure jump of the base's fan conditions."""

    def _fan_jump(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        done = False
        value = fmt(q.value)
        for rel in [*self.base.field_rels("p"), *self._dictionaries()]:
            text = self.base.text(rel) or ""
            for path in fan_places(text):
                if fd.find(text, [*path, "jumpTable"]) is not None:
                    self.set(rel, [*path, "jumpTable"], f"polynomial 1(({value} 0))",
                             f"fan jump {value} (kinematic), the same at any flow rate (zeroth-order polynomial)", q)
                if fd.find(text, [*path, "jump"]) is not None:
                    self.set(rel, [*path, "jump"], f"uniform {value}", "the fan jump to start from")
                done = True
        if not done:
            self.refuse(q, "the base case has no fan (a `fan` condition on a cyclic baffle pair) to take a pressure jump")
