"""Edits of a case directory that the InputWriter and `modify` share.

Each operation reads the files it needs, edits them with minimal diffs (tasks/foam/dictionary.py),
and returns the relative paths it changed. Field files it must create come from the
canonical BC selector (tasks/knowledge) through templates/foam/field.j2.

This module is the facade; each family of edits lives in its own module: files and entries
(caseops_io), fields and the turbulence model (caseops_fields), schemes and solvers of the solved
fields (caseops_numerics), solver switches (caseops_switch), what the acceptance verdict needs
(caseops_control); the model-switch helpers (caseops_models) and the blockMesh cell counts
(tasks/foam/geometry) are re-exported for the callers that reach them through here.
"""

from __future__ import annotations

from tasks.edit.caseops_models import (  # noqa: F401
    case_velocity_roles,
    elliptic_fields,
    limit_courant,
    model_field_names,
    wall_function_patches,
)
from tasks.foam.casedir import block_mesh_default_patch, mesh_patches  # noqa: F401
from tasks.foam.geometry import axis_totals, block_cells, block_extents, flat_axes, scale_blocks  # noqa: F401
from tasks.foam.physics import model_spec  # noqa: F401
from tasks.edit.caseops_io import (  # noqa: F401
    _COORD,
    default_patch,
    edit,
    expand_m4,
    field_patches,
    field_writing_patches,
    initial_field,
    patch_centres,
    _POINT,
    read,
    set_control,
    set_internal,
    set_patch_bc,
    set_patch_value,
    write,
)
from tasks.edit.caseops_fields import (  # noqa: F401
    drop_fields_from_function_objects,
    field_role,
    LES_COEFFS,
    MODEL_FALLBACK_FILE,
    resolve_model,
    role_of,
    set_turbulence_model,
    stabilise_stress_model,
    TURBULENCE_FIELDS,
    turbulence_values,
    _wall_bcs_fit,
    _WALL_ROLES,
    WALL_TYPES,
    write_field,
)
from tasks.edit.caseops_numerics import (  # noqa: F401
    covered_by,
    ensure_numerics,
    _FLUXES,
    has_convection_scheme,
    _relaxation_of,
    _solver_keys,
)
from tasks.edit.caseops_switch import (  # noqa: F401
    ALGORITHM,
    ALGORITHM_KEYS,
    algorithm_of,
    ensure_pressure_reference,
    _final_copy,
    _final_unrelaxed,
    _FREE_PRESSURE,
    pressure_level_free,
    switch_solver,
    unbound_convection,
    with_pressure_reference,
)
from tasks.edit.caseops_control import (  # noqa: F401
    add_monitors,
    residuals_stated,
    tighten_residual_control,
)
