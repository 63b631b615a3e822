"""Binder steps for a cell count per direction ("32 cells per side") and the fields that
follow the mesh's size. Part of `tasks.plan.bind_by_name.ByNameBinding`.
"""

from __future__ import annotations

from tasks.foam import dictionary as fd
from tasks.plan.bind_by_name_common import _mean_of_list
from tasks.plan.stated import StatedQuantity

class MeshSizeBinding:
    # the mesh ("32 cells per side") and the fields that follow its size ------------------------
    def _mesh_cells_each(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """The same cell count in every direction the base's one-block mesh resolves (a 2D
        mesh keeps its one cell across)."""
        text, blocks = self.base.blocks()
        if len(blocks) != 1:
            self.refuse(q, f"the base mesh has {len(blocks)} blocks; a cell count per direction fits a one-block "
                           f"mesh: ask for a refinement factor ('refine the mesh by 2')")
            return
        new = [int(q.value) if c > 1 else c for c in blocks[0]]
        self._set_block_counts(text, blocks[0], new, q)

    def reset_sized_fields(self) -> None:
        """After the mesh changes size, every non-uniform list of the base's fields (an initial
        field a utility generated, boxTurb's U) holds the wrong number of values: each becomes
        uniform at its mean. A utility the run steps call (boxTurb, setFields) writes it anew."""
        reset = []
        for field in self.base.fields():
            for rel in self.base.field_rels(field):
                text = self.base.text(rel) or ""
                for entry, raw in fd.leaves(text):
                    if entry[0] in ("internalField", "boundaryField") and raw.lstrip().startswith("nonuniform"):
                        self.set(rel, entry, f"uniform {_mean_of_list(raw)}", "the mesh changed size")
                        reset.append(f"{rel} {'/'.join(entry)}")
        if reset:
            self.assumptions.append(f"the mesh changed size: non-uniform values become uniform at their mean "
                                    f"({', '.join(reset)})")
