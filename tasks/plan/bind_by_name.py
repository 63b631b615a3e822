"""Binder steps for values a request gives by name: a field of the base ("B 10 T (y)",
"inlet T 5", "sludge alpha 0.002"), a selectable model with its coefficients ("a
Bird-Carreau fluid, nu0 0.01, n 0.5"), solver controls, a mesh count per direction and a
solid's loads. Mixed into `tasks.plan.bind.Binder`, whose recording (`set`, `refuse`), patch
roles and base view they use; each kind of step lives in its own `bind_by_name_*` module.
"""

from __future__ import annotations

from tasks.plan.bind_by_name_common import (
    _in_words,
    _mean_of_list,
    _stated_at,
    entry_dims,
    place_said,
    unit_dims_after,
)
from tasks.plan.bind_by_name_controls import ControlBinding
from tasks.plan.bind_by_name_fields import FieldBinding
from tasks.plan.bind_by_name_lengths import BoundaryLengthBinding
from tasks.plan.bind_by_name_loads import LoadBinding
from tasks.plan.bind_by_name_mesh import MeshSizeBinding
from tasks.plan.bind_by_name_models import ModelBinding
from tasks.plan.stated import StatedQuantity

__all__ = [
    "BoundaryLengthBinding",
    "ByNameBinding",
    "ControlBinding",
    "FieldBinding",
    "LoadBinding",
    "MeshSizeBinding",
    "ModelBinding",
    "_in_words",
    "_mean_of_list",
    "_stated_at",
    "entry_dims",
    "place_said",
    "unit_dims_after",
]


class ByNameBinding(ModelBinding, ControlBinding, MeshSizeBinding, LoadBinding, BoundaryLengthBinding, FieldBinding):
    """Every by-name binder step: models, controls, mesh counts, loads, boundary lengths and fields."""

    def bind_fields(self, stated: list[StatedQuantity], skip: list[StatedQuantity] = ()) -> list[StatedQuantity]:
        """The lengths a boundary condition holds ("Zref 50 m"), then the fields named with a value."""
        lengths = self.bind_boundary_lengths(stated, skip)
        return lengths + super().bind_fields(stated, [*skip, *lengths])
