"""The dimensions of a round pipe whose diameter changes along its axis (x): straight sections one after the
other, each with its own length and diameter (an orifice plate or a restriction ring is a short section of the
bore's diameter; a sudden expansion, two sections). Meshed as an axisymmetric wedge about the x axis in 2D, as
a full round pipe in 3D (tasks/geometry/shape_axisym.py)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, PositiveFloat, PositiveInt, model_validator


class PipeSection(BaseModel):
    """One straight part of the pipe: its length along the axis and its (inner) diameter."""

    model_config = ConfigDict(extra="forbid")

    length: PositiveFloat
    diameter: PositiveFloat


class SteppedPipeDims(BaseModel):
    """Sections from the inlet (x = 0) to the outlet; the cell sizes or the radial count, when the request gives
    them (otherwise the mesh is sized from the smallest feature: the narrowest gap between two radii)."""

    model_config = ConfigDict(extra="forbid")

    # default: an orifice plate (bore 25 mm, 3 mm thick) 5 diameters into a 50 mm pipe, 10 diameters after it
    sections: list[PipeSection] = Field(default_factory=lambda: [PipeSection(length=0.25, diameter=0.05),
                                                                 PipeSection(length=0.003, diameter=0.025),
                                                                 PipeSection(length=0.5, diameter=0.05)], min_length=2)
    wedge_angle: float = Field(5.0, gt=0, le=10)  # degrees (2D: the axisymmetric wedge)
    radial_cells: PositiveInt | None = None  # across the widest section's radius
    axial_cells: PositiveInt | None = None  # along the whole pipe, split over the sections by their lengths
    axial_cell: PositiveFloat | None = None  # cell length along x (m)
    radial_cell: PositiveFloat | None = None  # cell size across the radius (m)

    @model_validator(mode="after")
    def _changes_radius(self) -> SteppedPipeDims:
        if len({round(s.diameter, 12) for s in self.sections}) < 2:
            raise ValueError("a stepped pipe needs sections of at least two diameters (one diameter: a plain pipe)")
        return self


STEPPED_PIPE_DIMENSIONS = {"stepped_pipe": SteppedPipeDims}
