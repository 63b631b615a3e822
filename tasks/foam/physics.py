"""Physics knowledge from canonical/physics.yaml: model fields, BC selector, dimensions,
inlet turbulence; fluid properties from canonical/fluids.yaml. Numerics and dictionary
defaults are canonical/defaults.yaml (tasks/foam/defaults.py).

Pure lookups over validated YAML files; no I/O beyond reading each once. What OpenFOAM itself
says through its installed tutorials (a solver's field dimensions, the initial fields it needs,
the flux it convects turbulence with) is read from them once per process and cached.

This module is the facade; the knowledge lives in: physics_numbers (fmt, dimensions text),
physics_models (the canonical tables), physics_tutorials (what the installed tutorials say),
physics_solvers (a solver's family and kind), physics_fields (dimensions, BCs, internal values),
physics_inlet (inlet and free-stream turbulence), physics_fluids (named fluids).
"""

from __future__ import annotations

from tasks.foam.physics_numbers import (  # noqa: F401
    Dims,
    fmt,
    unrounded,
    format_dimensions,
    nice_floor,
    parse_dimensions,
    _UNIT,
    _UNITS,
)
from tasks.foam.physics_models import (  # noqa: F401
    FALLBACK_ORDER,
    FieldSpec,
    loadable_model,
    model_spec,
    ModelSpec,
    nearest_model,
    Physics,
    physics,
    solver_model_table,
    solver_models,
    SolverModels,
)
from tasks.foam.physics_tutorials import (  # noqa: F401
    _APPLICATION,
    changes_patches,
    DEFAULT_TUTORIALS,
    initial_fields,
    makes_fields,
    _PASCAL,
    _runs_one_of,
    solver_tutorials,
    _START_TIME,
    _turbulent,
    _tutorial_absolute_pressure,
    tutorial_absolute_pressure,
    _tutorial_dimensions,
    tutorial_dimensions,
    _tutorial_field_names,
    tutorial_field_names,
    tutorial_index,
    _tutorial_phase_fractions,
    tutorial_phase_fractions,
    tutorial_root,
    tutorial_text,
)
from tasks.foam.physics_solvers import (  # noqa: F401
    ABSOLUTE_PRESSURE_SOLVERS,
    _convection_flux,
    convection_flux,
    Family,
    is_absolute_pressure,
    is_steady,
    _MOMENTUM_DIV,
    MULTIPHASE_SOLVERS,
    _needs_alphat,
    needs_alphat,
    solver_family,
    STEADY_SOLVERS,
    _TURBULENCE_DIV,
)
from tasks.foam.physics_fields import (  # noqa: F401
    boundary_condition,
    CONSTRAINT_ROLES,
    dimensions,
    dimensions_fit,
    field_class,
    _fill,
    internal_value,
    reference_pressure,
    sine_bc,
)
from tasks.foam.physics_inlet import (  # noqa: F401
    freestream_turbulence,
    inlet_turbulence,
    InletTurbulence,
)
from tasks.foam.physics_fluids import (  # noqa: F401
    find_fluid,
    fluid_table,
    FluidEntry,
)
