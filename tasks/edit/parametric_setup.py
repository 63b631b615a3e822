"""What a generated (shape-library) case needs besides its mesh and fields to run: one import
for its setup, kept in small modules by idea:

- parametric_mesh: the smallest cell, and meshes the buoyant solvers run on;
- parametric_time: the time step (`TimeStepChoice`) and the write interval;
- parametric_turbulence: free-stream far fields and inlet turbulence (`NamedTurbulence`);
- parametric_thermal: forced-convection heat (Richardson, Pr, T as a passive scalar);
- parametric_boussinesq: a heated cavity's Boussinesq numbers (`Heat`).
"""

from __future__ import annotations

from tasks.edit.parametric_boussinesq import (GRAVITY, Heat, beta_for_rayleigh, boussinesq_open_boundaries,
                                              buoyancy_speed, convective_speed, delta_t_for_rayleigh,
                                              flux_gradient, flux_side, keep_dims, rayleigh, said_cp,
                                              set_boussinesq, set_patch_gradient, set_patch_value)
from tasks.edit.parametric_mesh import (RECONSTRUCT_SOLVERS, axis_aligned_blocks, reconstruct_safe, smallest_cell,
                                        smallest_cell_block_mesh, smallest_cell_msh)
from tasks.edit.parametric_thermal import (body_temperature, fluid_prandtl, passive_temperature_object, richardson,
                                           set_passive_temperature)
from tasks.edit.parametric_time import ADJUSTABLE, TimeStepChoice, fit_write_interval, set_time_step, time_step
from tasks.edit.parametric_turbulence import (TURBULENCE_INLET_FIELDS, NamedTurbulence, default_turbulence,
                                              inlet_value, match_stated, set_free_stream, stated_length_scale,
                                              stated_turbulence)

__all__ = ["ADJUSTABLE", "GRAVITY", "RECONSTRUCT_SOLVERS", "TURBULENCE_INLET_FIELDS", "Heat", "NamedTurbulence",
           "TimeStepChoice", "axis_aligned_blocks", "beta_for_rayleigh", "body_temperature",
           "boussinesq_open_boundaries", "buoyancy_speed", "convective_speed", "default_turbulence",
           "delta_t_for_rayleigh", "fit_write_interval", "fluid_prandtl", "flux_gradient", "flux_side", "inlet_value",
           "keep_dims", "match_stated", "passive_temperature_object", "rayleigh", "reconstruct_safe", "richardson",
           "said_cp", "set_boussinesq", "set_free_stream", "set_passive_temperature", "set_patch_gradient",
           "set_patch_value", "set_time_step", "smallest_cell", "smallest_cell_block_mesh", "smallest_cell_msh",
           "stated_length_scale", "stated_turbulence", "time_step"]
