"""The Reviewer's patch catalogue: small pure rules, each `(Problem, CaseView) -> Patch | None`.

This module holds the dictionary rules (keywords, schemes, linear solvers, names OpenFOAM
does not know) and assembles `CATALOGUE` from them and the field, mesh and numerics rules.
The order is the order of preference: the most specific repair comes first.
"""

from __future__ import annotations

import difflib
import re

from tasks.foam import dictionary as fd
from tasks.foam.defaults import defaults, linear_solver_body
from tasks.review.case import CaseView
from tasks.review.defaults import SCHEME_SECTIONS_WITH_DEFAULT, canonical_keyword, div_scheme, keyword_default
from tasks.review.edits import Rule, closest, edit_file, patch
from tasks.review.models import Patch, Problem
from tasks.review.rules.fields import (
    canonical_patch_bc,
    fix_dimensions,
    fix_field_class,
    fix_vector_arity,
    generate_constant_file,
    generate_field_file,
    wall_function_pair,
)
from tasks.review.rules.mesh import fix_block_syntax, relax_mesh_quality, restore_block_vertices
from tasks.review.rules.numerics import (
    add_relaxation,
    bounded_turbulence_schemes,
    bounded_upwind_schemes,
    reduce_time_step,
    stronger_relaxation,
)


def _quote(key: str) -> str:
    return f'"{key}"' if re.search(r"[|*^$\\\[\]]", key) and not key.startswith('"') else key


def _keyword_level(problem: Problem) -> bool:
    """Keys at this level are keywords (not field names, schemes or patch names)."""
    path, file = problem.dict_path, problem.file or ""
    return not (file.endswith("fvSchemes") or path == ["solvers"] or path[:1] == ["boundaryField"]
                or file.startswith(("0/", "0.orig/")) or "(" in (problem.keyword or ""))


def rename_misspelled_keyword(problem: Problem, view: CaseView) -> Patch | None:
    """`endtime 0.5;` where endTime is missing: rename the key and keep the user's value."""
    if not problem.file or not problem.keyword or not _keyword_level(problem):
        return None
    text = view.text(problem.file)
    if text is None:
        return None
    want = canonical_keyword(problem.keyword)
    known = set(defaults().known_keywords.get(problem.file.rsplit("/", 1)[-1], [])) | {want}
    span = fd.body_span(text, problem.dict_path) or (0, len(text))
    siblings = [e.key for e in fd.entries(text, *span)
                if e.kind != "directive" and e.key not in known and not e.key.startswith(("$", '"'))]
    same = [k for k in siblings if k.lower() == want.lower()]
    near = same or difflib.get_close_matches(want, siblings, n=1, cutoff=0.75)
    if not near:
        return None
    new = fd.rename_key(text, problem.dict_path + [near[0]], want)
    return patch(f"renamed misspelled `{near[0]}` to `{want}` in {problem.file}", {problem.file: new}, view)


def add_canonical_keyword(problem: Problem, view: CaseView) -> Patch | None:
    """A missing entry gets its canonical value (nu from the case's fluid, deltaT from a
    Courant estimate, pRefCell 0, smoother GaussSeidel, ...); no value, no patch."""
    if not problem.file or not problem.keyword or problem.dict_path[:1] == ["solvers"] and len(problem.dict_path) == 1:
        return None
    keyword = canonical_keyword(problem.keyword)
    value = keyword_default(view, problem.file, problem.dict_path, keyword)
    if value is None:
        return None
    changes = edit_file(view, problem.file, lambda t: fd.set_entry(t, problem.dict_path + [keyword], value))
    where = "/".join(problem.dict_path + [keyword])
    return patch(f"added `{where} {value}` to {problem.file} (canonical default)", changes, view)


def add_missing_scheme(problem: Problem, view: CaseView) -> Patch | None:
    """fvSchemes: a `default` for ddt/grad/laplacian/interpolation/snGrad sections, the
    canonical div scheme for a div term (bounded forms for steady solvers)."""
    if not problem.file or not problem.file.endswith("fvSchemes") or len(problem.dict_path) != 1:
        return None
    section, key = problem.dict_path[0], problem.keyword or ""
    text = view.text(problem.file) or ""
    if section in SCHEME_SECTIONS_WITH_DEFAULT:
        has_default = (fd.get(text, [section, "default"]) or "none") != "none"
        target = key if has_default else "default"
        value = keyword_default(view, problem.file, [section], "default")
    elif section == "divSchemes" and key.startswith("div("):
        target, value = key, div_scheme(view, key)
    else:
        return None
    if value is None:
        return None
    new = fd.set_entry(text, [section, _quote(target)], value) if target == "default" else \
        fd.insert_entry(text, [section], target, value)
    return patch(f"added `{target} {value}` to {section} in {problem.file}", {problem.file: new}, view)


def add_linear_solver(problem: Problem, view: CaseView) -> Patch | None:
    """fvSolution/solvers: a Final entry copies its base entry with relTol 0; any other field
    gets the canonical solver for its kind (GAMG for pressure, smoothSolver otherwise)."""
    if problem.dict_path != ["solvers"] or not problem.keyword or not problem.file:
        return None
    text = view.text(problem.file) or ""
    name = problem.keyword
    lines: list[str]
    if name.endswith("Final") and (base := fd.find(text, ["solvers", name[:-5]], regex=True)) is not None:
        if base.kind != "dict":
            return None
        if fd.unquote(base.key) == name[:-5]:
            lines = [f"${name[:-5]};", f"{'relTol':<15} 0;"]
        else:  # a regex entry "(U|k|epsilon)": one "(U|k|epsilon)Final" covers all its fields
            body = text[base.body_start : base.body_end]
            inner = [ln.strip() for ln in body.strip("\n").splitlines() if ln.strip()]
            lines = [ln for ln in inner if not ln.startswith("relTol")] + [f"{'relTol':<15} 0;"]
            name = f'"{fd.unquote(base.key)}Final"'

    else:
        lines = [f"{k:<15} {v};" for k, v in linear_solver_body(name).items()]
    new = fd.insert_entry(text, ["solvers"], _quote(name), lines, before=f"${name}")
    return patch(f"added a linear solver for `{name}` to {problem.file}", {problem.file: new}, view)


def set_reference_cell(problem: Problem, view: CaseView) -> Patch | None:
    """A closed domain needs a pressure reference: pRefCell 0; pRefValue 0."""
    rel = problem.file or "system/fvSolution"
    text = view.text(rel)
    algo = problem.dict_path[:1] or [k for k in ("PIMPLE", "PISO", "SIMPLE") if fd.find(text or "", [k])][:1]
    if text is None or not algo:
        return None
    new = fd.set_entry(fd.set_entry(text, algo + ["pRefCell"], "0"), algo + ["pRefValue"], "0")
    return patch(f"set pRefCell 0 and pRefValue 0 in {algo[0]} of {rel} (closed domain)", {rel: new}, view)


def nearest_valid_choice(problem: Problem, view: CaseView) -> Patch | None:
    """An unknown name -> the nearest of the names OpenFOAM printed as valid."""
    if not problem.value or not problem.file:
        return None
    best = closest(problem.value, problem.valid_choices)
    if best is None:
        return None

    def swap(text: str) -> str | None:
        level = fd.entries(text, *(fd.body_span(text, problem.dict_path) or (0, len(text))))
        for node in level:
            if node.kind == "value" and fd.get(text, problem.dict_path + [node.key]) == problem.value:
                return fd.set_entry(text, problem.dict_path + [node.key], best)
        return fd.replace_word(text, problem.dict_path, problem.value, best)

    changes = edit_file(view, problem.file, swap)
    return patch(f"replaced unknown `{problem.value}` by `{best}` (nearest valid choice) in {problem.file}",
                 changes, view)


def canonical_div_scheme(problem: Problem, view: CaseView) -> Patch | None:
    """An unknown scheme in a divSchemes entry with no near-miss among OpenFOAM's valid names:
    the canonical scheme for that term (bounded forms for steady solvers)."""
    if not problem.file or not problem.file.endswith("fvSchemes") or len(problem.dict_path) != 2:
        return None
    section, key = problem.dict_path
    if section != "divSchemes" or not key.startswith("div("):
        return None
    text = view.text(problem.file) or ""
    if fd.find(text, [section, key]) is None:
        return None
    value = div_scheme(view, key)
    changes = {problem.file: fd.set_entry(text, [section, key], value)}
    return patch(f"replaced the unknown scheme `{problem.value}` of {key} by `{value}` (canonical) in "
                 f"{problem.file}", changes, view)


def _rule(name: str, kinds: str, fn: object, summary: str) -> Rule:
    return Rule(name=name, kinds=frozenset(kinds.split()), fn=fn, summary=summary)  # type: ignore[arg-type]


CATALOGUE: list[Rule] = [
    _rule("rename_misspelled_keyword", "missing_keyword", rename_misspelled_keyword,
          "a missing keyword whose misspelling is present: rename it, keep the value"),
    _rule("add_missing_scheme", "missing_keyword", add_missing_scheme,
          "fvSchemes entry missing: default or canonical div scheme"),
    _rule("add_linear_solver", "missing_keyword", add_linear_solver,
          "fvSolution solver missing (incl. PIMPLE Final): copy base or canonical"),
    _rule("add_canonical_keyword", "missing_keyword", add_canonical_keyword,
          "missing keyword: canonical default (fluid tables, Courant deltaT, ...)"),
    _rule("set_reference_cell", "reference_cell", set_reference_cell,
          "closed domain without pressure reference: pRefCell/pRefValue"),
    _rule("nearest_valid_choice", "unknown_type bad_enum", nearest_valid_choice,
          "unknown type/name/enum value: nearest of OpenFOAM's valid list"),
    _rule("canonical_div_scheme", "unknown_type", canonical_div_scheme,
          "unknown divSchemes scheme: the canonical scheme for the term"),
    _rule("canonical_patch_bc", "missing_patch constraint_mismatch unknown_type", canonical_patch_bc,
          "patch entry missing or unusable: canonical BC for the patch role"),
    _rule("generate_field_file", "missing_file", generate_field_file,
          "missing 0/ field: generated from the BC selector"),
    _rule("generate_constant_file", "missing_file", generate_constant_file,
          "missing constant/g or turbulenceProperties: canonical file"),
    _rule("fix_dimensions", "dimensions", fix_dimensions,
          "field dimensions that do not fit the solver: canonical dimensions"),
    _rule("fix_field_class", "wrong_class", fix_field_class, "field header class: the expected one"),
    _rule("fix_vector_arity", "value_syntax", fix_vector_arity,
          "vector/tensor value with the wrong number of components"),
    _rule("wall_function_pair", "wall_function", wall_function_pair,
          "wall BC that does not fit the turbulence model: canonical wall function"),
    _rule("restore_block_vertices", "mesh_vertices", restore_block_vertices,
          "blockMeshDict vertices missing: rebuild the hex corners"),
    _rule("fix_block_syntax", "mesh_block_syntax", fix_block_syntax,
          "blockMeshDict block with commas or two cell counts"),
    _rule("relax_mesh_quality", "mesh_quality", relax_mesh_quality,
          "mesh quality gates stricter than canonical: canonical gates"),
    _rule("add_relaxation", "divergence", add_relaxation,
          "steady solver without relaxation factors: canonical relaxation"),
    _rule("reduce_time_step", "divergence", reduce_time_step,
          "transient divergence: deltaT for Courant 0.5 (or halve; lower maxCo)"),
    _rule("stronger_relaxation", "divergence", stronger_relaxation,
          "steady divergence with relaxation: factors x0.7"),
    _rule("bounded_turbulence_schemes", "bounding", bounded_turbulence_schemes,
          "fields bounded on many late steps: canonical bounded/TVD convection scheme"),
    _rule("bounded_upwind_schemes", "divergence bounding", bounded_upwind_schemes,
          "divergence: bounded upwind convection schemes"),
]

RULES_BY_NAME = {r.name: r for r in CATALOGUE}
