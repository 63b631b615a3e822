"""Suite 2: mistakes of the kinds LLM-written and novice-written OpenFOAM cases contain, written
before the strategies that repair them (benchmarks/faults/README.md, "Suite 2").

Sources of the kinds: the error taxonomies of LLM-generated cases (Foam-Agent and
MetaOpenFOAM report dictionary syntax, missing files and entries, wrong BC/patch
consistency, and solver-settings errors as the main classes; OpenFOAMGPT and FoamBench
report files and keywords of another OpenFOAM release), and the mistakes novices post to
CFD Online (missing `;`/`}`, patch names that do not match the mesh, `PCG` for an
asymmetric matrix, zero epsilon, relaxation above 1, inside-out blocks).

Each fault is one class of mistake (`kind`, "<strategy class>/<what>") on one of 12
tutorials of 11 solvers. No fault names the rule that repairs it: `expected_rule` is the
strategy class only. The held-out part is drawn by `held_out.py` and listed in
benchmarks/faults/held_out.yaml.
"""

from __future__ import annotations

from tasks.bench.faults_lib import Base, Fault, append, chain, create, delete, drop, prepend, put, sub

_LID = ("0/U", "boundaryField/movingWall/value", "uniform (1 0 0)")
_INLET10 = ("0/U", "boundaryField/inlet/value", "uniform (10 0 0)")


def _end(end: str, interval: str | None = None) -> dict:
    muts = [put("endTime", end)] + ([put("writeInterval", interval)] if interval else [])
    return {"system/controlDict": chain(*muts)}


NEW_BASES: dict[str, Base] = {
    "pisoCavity": Base("incompressible/pisoFoam/RAS/cavity", _end("0.1", "20"),
                       (_LID, ("system/controlDict", "endTime", "0.1"),
                        ("constant/turbulenceProperties", "RAS/RASModel", "kEpsilon"))),
    "scalarPitz": Base("basic/scalarTransportFoam/pitzDaily", _end("0.005", "50"),
                       (("0/T", "boundaryField/inlet/value", "uniform 1"), ("system/controlDict", "endTime", "0.005"))),
    "plateHole": Base("stressAnalysis/solidDisplacementFoam/plateHole", _end("20", "20"),
                      (("0/D", "boundaryField/right/traction", "uniform (10000 0 0)"),
                       ("constant/mechanicalProperties", "E/value", "2e+11"), ("system/controlDict", "endTime", "20"))),
    "hartmann": Base("electromagnetics/mhdFoam/hartmann", _end("0.1", "20"),
                     (("0/U", "boundaryField/inlet/value", "uniform (1 0 0)"), ("0/B", "internalField", "uniform (0 20 0)"),
                      ("system/controlDict", "endTime", "0.1"))),
    "offsetCylinder": Base("incompressible/nonNewtonianIcoFoam/offsetCylinder", _end("0.05"),
                           (("0/U", "boundaryField/left/value", "uniform (1 0 0)"),
                            ("constant/transportProperties", "CrossPowerLawCoeffs/nu0", "0.01"),
                            ("system/controlDict", "endTime", "0.05"))),
    "shockTube": Base("compressible/sonicFoam/laminar/shockTube", _end("0.001"),
                      (("system/controlDict", "endTime", "0.001"),
                       ("constant/thermophysicalProperties", "mixture/thermodynamics/Cp", "1005"))),
    "hotRoomPimple": Base("heatTransfer/buoyantPimpleFoam/hotRoom", _end("20", "10"),
                          (("system/controlDict", "endTime", "20"),
                           ("constant/thermophysicalProperties", "mixture/transport/mu", "1.8e-05"))),
}

_FENCE_OPEN = "```cpp\n"
_FENCE_CLOSE = "```\n"
_RAS_PROPERTIES = """// OpenFOAM 2.x layout: the RAS model in its own file
FoamFile
{
    version     2.0;
    format      ascii;
    class       dictionary;
    location    "constant";
    object      RASProperties;
}
// * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * //

RASModel        kEpsilon;

turbulence      on;

printCoeffs     on;
"""
_PROSE = "Here is the corrected fvSolution file for your case:\n\n"


def F(id: str, base: str, kind: str, breaks: str, edits: dict, locked: tuple = (), unlock: tuple = (),
      moves: tuple = ()) -> Fault:
    return Fault(id=id, base=base, breaks=breaks, expected_rule="strategy:" + kind.split("/")[0], edits=edits,
                 locked=locked, unlock=unlock, moves=moves, kind=kind)


NEW_FAULTS: list[Fault] = [
    # --- syntax: what a careless writer or an LLM leaves in a dictionary -----------------
    F("s2_cavity_controlDict_no_semicolon", "cavity", "syntax/missing_semicolon",
      "controlDict `deltaT 0.005` without its `;`", {"system/controlDict": sub(r"^(deltaT\s+0\.005);", r"\1")}),
    F("s2_pitz_fvSchemes_no_semicolon", "pitzDaily", "syntax/missing_semicolon",
      "fvSchemes div(phi,U) line without `;`",
      {"system/fvSchemes": sub(r"(div\(phi,U\)\s+bounded Gauss linearUpwind grad\(U\));", r"\1")}),
    F("s2_dambreak_fvSolution_missing_brace", "damBreak", "syntax/missing_brace",
      "fvSolution: the closing `}` of the pcorr solver removed",
      {"system/fvSolution": sub(r"(\"pcorr\.\*\"\s*\{[^}]*?)\n    \}", r"\1")}),
    F("s2_pisocavity_fvSchemes_extra_brace", "pisoCavity", "syntax/extra_brace",
      "fvSchemes: a stray `}` after gradSchemes", {"system/fvSchemes": sub(r"(gradSchemes\s*\{[^}]*\})", r"\1\n}")}),
    F("s2_hartmann_markdown_fence", "hartmann", "syntax/foreign_text",
      "controlDict wrapped in a ```cpp markdown fence (LLM output pasted as is)",
      {"system/controlDict": chain(prepend(_FENCE_OPEN), append(_FENCE_CLOSE))}),
    F("s2_offsetcyl_prose_line", "offsetCylinder", "syntax/foreign_text",
      "fvSolution starts with an LLM's sentence", {"system/fvSolution": prepend(_PROSE)}),
    F("s2_scalarpitz_no_header", "scalarPitz", "syntax/header",
      "transportProperties without its FoamFile header",
      {"constant/transportProperties": sub(r"FoamFile\s*\{[^}]*\}\n", "")}),
    F("s2_platehole_vector_commas", "plateHole", "syntax/list",
      "0/D traction written `uniform (10000, 0, 0)`",
      {"0/D": sub(r"traction(\s+)uniform \(10000 0 0\)", r"traction\1uniform (10000, 0, 0)")}),
    F("s2_shocktube_python_bool", "shockTube", "syntax/token",
      "controlDict `runTimeModifiable True` (Python spelling)",
      {"system/controlDict": sub(r"runTimeModifiable(\s+)\w+;", r"runTimeModifiable\1True;")}),
    F("s2_hotroom_equals_sign", "hotRoom", "syntax/token", "transportProperties `Prt = 0.85;`",
      {"constant/transportProperties": sub(r"^Prt(\s+)", r"Prt = ")}),
    F("s2_pimple_hash_comment", "pimplePitzDaily", "syntax/foreign_text",
      "turbulenceProperties with a `# RAS settings` shell-style comment",
      {"constant/turbulenceProperties": sub(r"^RAS\s*$", "# RAS settings\nRAS")}),
    F("s2_cavity_unterminated_comment", "cavity", "syntax/comment",
      "fvSchemes: a `/* note` comment that is never closed",
      {"system/fvSchemes": sub(r"^(divSchemes)", r"/* schemes for the lid-driven cavity\n\1")}),
    F("s2_pitz_square_bracket_vector", "pitzDaily", "syntax/list", "0/U internalField `uniform [0 0 0]`",
      {"0/U": sub(r"internalField(\s+)uniform \(0 0 0\)", r"internalField\1uniform [0 0 0]")}),
    F("s2_dambreak_quoted_number", "damBreak", "syntax/token", "controlDict `maxCo \"1\";`",
      {"system/controlDict": sub(r"^maxCo(\s+)1;", r'maxCo\1"1";')}),
    F("s2_hartmann_field_no_semicolon", "hartmann", "syntax/missing_semicolon",
      "0/B lowerWall `type fixedValue` without `;`",
      {"0/B": sub(r"(lowerWall\s*\{\s*type\s+fixedValue);", r"\1")}),
    F("s2_platehole_vertex_paren", "plateHole", "syntax/list", "blockMeshDict: a vertex without its `)`",
      {"system/blockMeshDict": sub(r"\(0\.5 0 0\)", "(0.5 0 0")}),
    F("s2_offsetcyl_dimensions_commas", "offsetCylinder", "syntax/list", "0/p `dimensions [0, 2, -2, 0, 0, 0, 0]`",
      {"0/p": sub(r"\[0 2 -2 0 0 0 0\]", "[0, 2, -2, 0, 0, 0, 0]")}),
    F("s2_hartmann_vector_no_parens", "hartmann", "syntax/list", "0/U internalField `uniform 0 0 0`",
      {"0/U": sub(r"internalField(\s+)uniform \(0 0 0\)", r"internalField\1uniform 0 0 0")}),
    F("s2_shocktube_trailing_text", "shockTube", "syntax/foreign_text",
      "fvSolution ends with `End of fvSolution` (text after the last entry)",
      {"system/fvSolution": append("\nEnd of fvSolution\n")}),
    F("s2_pisocavity_missing_open_brace", "pisoCavity", "syntax/missing_brace",
      "fvSolution: `PISO` without its opening `{`", {"system/fvSolution": sub(r"^PISO\s*\n\{", "PISO\n")}),
    F("s2_hotroompimple_semicolon_after_brace_name", "hotRoomPimple", "syntax/token",
      "fvSolution `PIMPLE;` (a `;` between the name and its `{`)", {"system/fvSolution": sub(r"^PIMPLE\s*\n\{", "PIMPLE;\n{")}),
    # --- dialect: files and keywords of other OpenFOAM releases ---------------------------
    F("s2_pitz_momentumTransport", "pitzDaily", "dialect/file",
      "constant/momentumTransport (Foundation v8+) instead of turbulenceProperties, `model kEpsilon`",
      {"constant/turbulenceProperties": sub(r"RASModel(\s+)kEpsilon", r"model\1    kEpsilon")},
      moves=(("constant/turbulenceProperties", "constant/momentumTransport"),)),
    F("s2_cavity_physicalProperties", "cavity", "dialect/file",
      "constant/physicalProperties (Foundation v9+) instead of transportProperties",
      {"constant/transportProperties": prepend("")},
      moves=(("constant/transportProperties", "constant/physicalProperties"),)),
    F("s2_pimple_viscosityModel", "pimplePitzDaily", "dialect/keyword",
      "transportProperties `viscosityModel constant;` (Foundation v10) instead of transportModel Newtonian",
      {"constant/transportProperties": sub(r"^transportModel\s+Newtonian;", "viscosityModel  constant;")}),
    F("s2_pisocavity_RAS_model_keyword", "pisoCavity", "dialect/keyword",
      "turbulenceProperties `model kEpsilon;` (Foundation v7+) instead of RASModel",
      {"constant/turbulenceProperties": sub(r"RASModel(\s+)kEpsilon", r"model\1    kEpsilon")}),
    F("s2_hotroompimple_physicalProperties", "hotRoomPimple", "dialect/file",
      "constant/physicalProperties (Foundation v9+) instead of thermophysicalProperties",
      {"constant/thermophysicalProperties": prepend("")},
      moves=(("constant/thermophysicalProperties", "constant/physicalProperties"),)),
    F("s2_dambreak_foamRun", "damBreak", "dialect/application",
      "controlDict `application foamRun; solver incompressibleVoF;` (Foundation v11+)",
      {"system/controlDict": sub(r"^application(\s+)interFoam;", r"application\1foamRun;\n\nsolver          incompressibleVoF;")}),
    F("s2_pitz_RASProperties", "pitzDaily", "dialect/file",
      "OpenFOAM 2.x split: turbulenceProperties `simulationType RASModel;` plus constant/RASProperties",
      {"constant/turbulenceProperties": sub(r"simulationType(\s+)RAS;\s*RAS\s*\{[^}]*\}", r"simulationType\1RASModel;"),
       "constant/RASProperties": create(_RAS_PROPERTIES)}),
    F("s2_hotroom_physicalProperties", "hotRoom", "dialect/file",
      "constant/physicalProperties (Foundation v9+) instead of transportProperties (Boussinesq)",
      {"constant/transportProperties": prepend("")},
      moves=(("constant/transportProperties", "constant/physicalProperties"),), unlock=("constant/transportProperties:TRef",)),
    F("s2_offsetcyl_viscosityModel", "offsetCylinder", "dialect/keyword",
      "transportProperties `viscosityModel CrossPowerLaw;` (Foundation v10) instead of transportModel",
      {"constant/transportProperties": sub(r"^transportModel(\s+)CrossPowerLaw;", r"viscosityModel\1CrossPowerLaw;")}),
    F("s2_shocktube_momentumTransport", "shockTube", "dialect/file",
      "constant/momentumTransport (Foundation v8+) instead of turbulenceProperties",
      {"constant/turbulenceProperties": prepend("")},
      moves=(("constant/turbulenceProperties", "constant/momentumTransport"),)),
    F("s2_pimple_momentumTransport_model", "pimplePitzDaily", "dialect/file",
      "constant/momentumTransport with `model kEpsilon` (Foundation v8+)",
      {"constant/turbulenceProperties": sub(r"RASModel(\s+)kEpsilon", r"model\1    kEpsilon")},
      moves=(("constant/turbulenceProperties", "constant/momentumTransport"),)),
    # --- reference: a missing or invalid item the solver's tutorials have --------------
    F("s2_scalarpitz_missing_fvSchemes", "scalarPitz", "reference/file", "system/fvSchemes deleted",
      {"system/fvSchemes": delete}),
    F("s2_pisocavity_missing_fvSolution", "pisoCavity", "reference/file", "system/fvSolution deleted",
      {"system/fvSolution": delete}),
    F("s2_hartmann_missing_B", "hartmann", "reference/file", "0/B (magnetic flux density) deleted",
      {"0/B": delete}, unlock=("0/B:internalField",)),
    F("s2_pimple_missing_PIMPLE", "pimplePitzDaily", "reference/dict", "fvSolution PIMPLE dictionary removed",
      {"system/fvSolution": drop("PIMPLE")}),
    F("s2_dambreak_missing_alpha_solver", "damBreak", "reference/dict",
      "fvSolution `\"alpha.water.*\"` solver dictionary removed (nAlphaCorr, MULES)",
      {"system/fvSolution": drop("solvers", '"alpha.water.*"')}),
    F("s2_dambreak_missing_div_phirb", "damBreak", "reference/entry", "div(phirb,alpha) removed from fvSchemes",
      {"system/fvSchemes": drop("divSchemes", "div(phirb,alpha)")}),
    F("s2_hotroompimple_missing_div_h", "hotRoomPimple", "reference/entry", "div(phi,h) removed from fvSchemes",
      {"system/fvSchemes": drop("divSchemes", "div(phi,h)")}),
    F("s2_shocktube_missing_div_e", "shockTube", "reference/entry", "div(phi,e) removed from fvSchemes",
      {"system/fvSchemes": drop("divSchemes", "div(phi,e)")}),
    F("s2_shocktube_missing_equationOfState", "shockTube", "reference/entry",
      "thermoType without equationOfState", {"constant/thermophysicalProperties": drop("thermoType", "equationOfState")}),
    F("s2_shocktube_missing_molWeight", "shockTube", "reference/entry", "mixture/specie without molWeight",
      {"constant/thermophysicalProperties": drop("mixture", "specie", "molWeight")}),
    F("s2_platehole_missing_thermalProperties", "plateHole", "reference/file", "constant/thermalProperties deleted",
      {"constant/thermalProperties": delete}),
    F("s2_platehole_missing_stressAnalysis", "plateHole", "reference/dict",
      "fvSolution stressAnalysis dictionary removed", {"system/fvSolution": drop("stressAnalysis")}),
    F("s2_hartmann_missing_sigma", "hartmann", "reference/entry", "transportProperties sigma removed",
      {"constant/transportProperties": drop("sigma")}),
    F("s2_offsetcyl_missing_coeffs", "offsetCylinder", "reference/dict",
      "CrossPowerLawCoeffs removed (transportModel CrossPowerLaw kept)", {"constant/transportProperties": drop("CrossPowerLawCoeffs")},
      unlock=("constant/transportProperties:CrossPowerLawCoeffs/nu0",)),
    F("s2_hotroompimple_missing_thermoType", "hotRoomPimple", "reference/dict", "thermoType dictionary removed",
      {"constant/thermophysicalProperties": drop("thermoType")}),
    F("s2_hotroompimple_missing_alphat", "hotRoomPimple", "reference/file", "0.orig/alphat deleted",
      {"0.orig/alphat": delete}),
    F("s2_scalarpitz_missing_DT", "scalarPitz", "reference/entry", "transportProperties DT removed",
      {"constant/transportProperties": drop("DT")}),
    F("s2_scalarpitz_missing_T_solver", "scalarPitz", "reference/entry", "fvSolution solvers/T removed",
      {"system/fvSolution": drop("solvers", "T")}),
    F("s2_cavity_missing_laplacianSchemes", "cavity", "reference/dict", "fvSchemes laplacianSchemes section removed",
      {"system/fvSchemes": drop("laplacianSchemes")}),
    F("s2_pitz_missing_div_dev2", "pitzDaily", "reference/entry",
      "div((nuEff*dev2(T(grad(U))))) removed from fvSchemes",
      {"system/fvSchemes": drop("divSchemes", "div((nuEff*dev2(T(grad(U)))))")}),
    F("s2_hotroom_missing_Prt", "hotRoom", "reference/entry", "transportProperties Prt removed",
      {"constant/transportProperties": drop("Prt")}),
    F("s2_hartmann_missing_pB_solver", "hartmann", "reference/entry", "fvSolution solvers/pB removed",
      {"system/fvSolution": drop("solvers", "pB")}),
    # --- consistency: fields against the mesh, BC entries each type needs ----------------
    F("s2_pitz_patch_name_case", "pitzDaily", "consistency/patch_name", "0/p names the outlet `Outlet`",
      {"0/p": sub(r"^(\s+)outlet\b", r"\1Outlet")}),
    F("s2_scalarpitz_patch_renamed", "scalarPitz", "consistency/patch_name", "0/T names the inlet `inflow`",
      {"0/T": sub(r"^(\s+)inlet\b", r"\1inflow")}, unlock=("0/T:boundaryField/inlet/value",),
      locked=(("0/T", "internalField", "uniform 0"),)),
    F("s2_pisocavity_empty_zeroGradient", "pisoCavity", "consistency/constraint",
      "0/k frontAndBack `zeroGradient` on an empty mesh patch",
      {"0/k": sub(r"(frontAndBack\s*\{\s*type\s+)empty", r"\1zeroGradient")}),
    F("s2_hartmann_wall_symmetryPlane", "hartmann", "consistency/constraint",
      "0/p lowerWall `symmetryPlane` on a patch mesh patch",
      {"0/p": sub(r"(lowerWall\s*\{\s*type\s+)zeroGradient", r"\1symmetryPlane")}),
    F("s2_pitz_k_fixedValue_no_value", "pitzDaily", "consistency/bc_entry", "0/k inlet `fixedValue` without `value`",
      {"0/k": sub(r"(inlet\s*\{\s*type\s+fixedValue;)\s*value\s+uniform [^;]+;", r"\1")}),
    F("s2_dambreak_inletOutlet_no_inletValue", "damBreak", "consistency/bc_entry",
      "alpha.water atmosphere `inletOutlet` without inletValue",
      {"0/alpha.water.orig": sub(r"(atmosphere\s*\{\s*type\s+inletOutlet;)\s*inletValue\s+uniform 0;", r"\1"),
       "0/alpha.water": sub(r"(atmosphere\s*\{\s*type\s+inletOutlet;)\s*inletValue\s+uniform 0;", r"\1")}),
    F("s2_offsetcyl_p_fixedValue_no_value", "offsetCylinder", "consistency/bc_entry",
      "0/p right `fixedValue` without `value`", {"0/p": sub(r"(right\s*\{\s*type\s+fixedValue;)\s*value\s+uniform 0;", r"\1")}),
    F("s2_platehole_traction_missing", "plateHole", "consistency/bc_entry",
      "0/D up `tractionDisplacement` without traction",
      {"0/D": sub(r"(up\s*\{\s*type\s+tractionDisplacement;)\s*traction\s+uniform \(0 0 0\);", r"\1")}),
    F("s2_pitz_nut_no_value", "pitzDaily", "consistency/bc_entry", "0/nut walls `nutkWallFunction` without value",
      {"0/nut": sub(r"(nutkWallFunction;)\s*value\s+uniform 0;", r"\1", count=0)}),
    F("s2_cavity_mesh_patch_not_empty", "cavity", "consistency/constraint",
      "blockMeshDict frontAndBack `type patch` where the fields say empty (2-D)",
      {"system/blockMeshDict": sub(r"(frontAndBack\s*\{\s*type\s+)empty", r"\1patch")}),
    F("s2_hartmann_mesh_patch_renamed", "hartmann", "consistency/patch_name",
      "blockMeshDict names the inlet `inflow`; the fields say inlet",
      {"system/blockMeshDict": sub(r"^(\s+)inlet\b", r"\1inflow")}),
    F("s2_hotroompimple_alphat_no_namespace", "hotRoomPimple", "consistency/bc_type",
      "0.orig/alphat walls `alphatWallFunction` (without compressible::)",
      {"0.orig/alphat": sub(r"compressible::alphatWallFunction", "alphatWallFunction", count=0)}),
    # --- numerics: algorithm, matrix solvers, time controls, initial fields, blocks -------
    F("s2_pitz_missing_SIMPLE", "pitzDaily", "numerics/algorithm",
      "fvSolution SIMPLE dictionary removed (runs to endTime, continuity error 1e+83)",
      {"system/fvSolution": drop("SIMPLE")}),
    F("s2_pitz_U_PCG", "pitzDaily", "numerics/matrix_solver",
      "symmetric PCG (DIC) for the asymmetric U/k/epsilon matrices",
      {"system/fvSolution": sub(r'("\(U\|k\|epsilon\|omega\|f\|v2\)"\s*\{\s*solver\s+)smoothSolver;\s*smoother\s+symGaussSeidel;',
                                r"\1PCG;\n        preconditioner  DIC;")}),
    F("s2_pisocavity_U_DIC", "pisoCavity", "numerics/matrix_solver",
      "asymmetric U solved by PBiCGStab with the symmetric DIC preconditioner",
      {"system/fvSolution": sub(r'("\(U\|k\|epsilon\|omega\|R\|nuTilda\)"\s*\{\s*solver\s+)smoothSolver;\s*smoother\s+GaussSeidel;',
                                r"\1PBiCGStab;\n        preconditioner  DIC;")}),
    F("s2_pitz_relaxation_above_one", "pitzDaily", "numerics/relaxation", "relaxation factor for U 1.5",
      {"system/fvSolution": sub(r"(equations\s*\{\s*U\s+)0\.9;", r"\g<1>1.5;")}),
    F("s2_pitz_zero_epsilon", "pitzDaily", "numerics/initial_field", "epsilon internalField 0 (nut = k^2/0)",
      {"0/epsilon": sub(r"internalField(\s+)uniform [^;]+;", r"internalField\1uniform 0;")}),
    F("s2_pisocavity_negative_k", "pisoCavity", "numerics/initial_field", "k internalField negative",
      {"0/k": sub(r"internalField(\s+)uniform [^;]+;", r"internalField\1uniform -0.00325;")}),
    F("s2_cavity_deltaT_zero", "cavity", "numerics/time_control", "deltaT 0", {"system/controlDict": put("deltaT", "0")}),
    F("s2_offsetcyl_writeInterval_zero", "offsetCylinder", "numerics/time_control", "writeInterval 0 (runTime)",
      {"system/controlDict": put("writeInterval", "0")}),
    F("s2_hartmann_endTime_before_start", "hartmann", "numerics/time_control",
      "startTime 1 after endTime 0.1 (only 0/ exists)", {"system/controlDict": put("startTime", "1")}),
    F("s2_cavity_block_inside_out", "cavity", "numerics/block_topology",
      "hex vertex order mirrored (inside-out block)",
      {"system/blockMeshDict": sub(r"hex \(0 1 2 3 4 5 6 7\)", "hex (0 3 2 1 4 7 6 5)")}),
    F("s2_hartmann_block_zero_cells", "hartmann", "numerics/block_topology", "block cell count `(100 0 1)`",
      {"system/blockMeshDict": sub(r"\(100 40 1\)", "(100 0 1)")}),
    F("s2_platehole_hex_seven_labels", "plateHole", "numerics/block_topology", "a hex with 7 vertex labels",
      {"system/blockMeshDict": sub(r"hex \(5 4 9 10 16 15 20 21\)", "hex (5 4 9 10 16 15 20)")}),
    F("s2_pisocavity_face_bad_label", "pisoCavity", "numerics/block_topology",
      "movingWall face refers to vertex 9 of 8", {"system/blockMeshDict": sub(r"\(3 7 6 2\)", "(3 7 6 9)")}),
    F("s2_shocktube_negative_T", "shockTube", "numerics/initial_field", "setFieldsDict default T -348.432",
      {"system/setFieldsDict": sub(r"volScalarFieldValue T 348\.432", "volScalarFieldValue T -348.432")}),
    F("s2_hotroompimple_zero_pressure", "hotRoomPimple", "numerics/initial_field", "0.orig/p internalField 0 Pa",
      {"0.orig/p": sub(r"internalField(\s+)uniform [^;]+;", r"internalField\1uniform 0;")}),
    F("s2_cavity_ddt_steadyState", "cavity", "numerics/schemes", "icoFoam with `steadyState` ddt scheme",
      {"system/fvSchemes": sub(r"(ddtSchemes\s*\{\s*default\s+)Euler", r"\1steadyState")}),
]
