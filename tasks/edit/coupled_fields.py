"""Conditions of coupled and constraint patches in a generated field.

A patch whose mesh type is a constraint type (cyclic, cyclicAMI, cyclicACMI, cyclicSlip,
processor, empty, wedge, symmetry, symmetryPlane, nonuniformTransformCyclic ...) takes the
condition of that type whatever role its name suggests: an `inletOutlet` or a wall function on
ACMI1_couple aborts the solver ("inconsistent patch and patchField types"). The
arbitrary-mesh-interface types carry a value, as the tutorials write them.
"""

from __future__ import annotations

import re

_CONSTRAINT = re.compile(r"cyclic\w*|processor\w*|nonuniformTransformCyclic|empty|wedge|symmetry|symmetryPlane")
_WITH_VALUE = re.compile(r"cyclicA?C?MI|cyclicSlip|processor\w*|nonuniformTransformCyclic")


def is_constraint_type(patch_type: str) -> bool:
    """Whether a mesh patch type forces its fields' condition type (a constraint type)."""
    return bool(_CONSTRAINT.fullmatch(patch_type))


def constraint_condition(patch_type: str, internal: str) -> dict[str, str] | None:
    """The condition a field gets on a patch of a constraint type (`internal`: the field's
    internalField value, e.g. `uniform (0 0 0)`, for the types that carry a value); None for
    an ordinary patch or wall."""
    if not is_constraint_type(patch_type):
        return None
    return {"type": patch_type, "value": internal} if _WITH_VALUE.fullmatch(patch_type) else {"type": patch_type}
