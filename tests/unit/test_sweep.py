"""Sweep planning: parsing, grids, names, refusals, and the base-case copy (no OpenFOAM run)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.core.errors import RequestError, UsageError
from tasks.edit.modify import read_state
from tasks.edit.sweep import (
    EntryTemplate,
    SweepParam,
    SweepSpec,
    check_spec,
    copy_base,
    grid,
    parse_param,
    parse_set,
    plan_sweep,
    variant_name,
    write_variants,
)
from tests.conftest import CAVITY, copy_tutorial


@pytest.mark.parametrize(("text", "name", "values"), [
    ("U=0.5,1,2", "U", ["0.5", "1", "2"]),
    (" nu = 1e-05 , 2e-05 ", "nu", ["1e-05", "2e-05"]),
    ("model=kEpsilon,kOmegaSST", "model", ["kEpsilon", "kOmegaSST"]),
])
def test_parse_param(text: str, name: str, values: list[str]) -> None:
    assert parse_param(text) == SweepParam(name=name, values=values)


@pytest.mark.parametrize(("text", "problem"), [
    ("U", "NAME=value1"), ("1U=1,2", "NAME=value1"), ("U=", "at least one value"), ("U=1,,2", "none empty"),
    ("U=1,1", "repeated"),
])
def test_bad_params_are_named(text: str, problem: str) -> None:
    with pytest.raises(UsageError, match=problem):
        parse_param(text)


def test_parse_set() -> None:
    assert parse_set("0/U:boundaryField/inlet/value=uniform ({U} 0 0)") == EntryTemplate(
        file="0/U", entry=["boundaryField", "inlet", "value"], value="uniform ({U} 0 0)")


@pytest.mark.parametrize("text", ["nu={nu}", "constant/transportProperties:nu", "../x/transportProperties:nu=1",
                                  "/etc/passwd:root=1", "Allrun:x=1", "constant/transportProperties:=1"])
def test_bad_sets_are_refused(text: str) -> None:
    with pytest.raises(UsageError, match="--set"):
        parse_set(text)


def _spec(tmp_path: Path, **kw: object) -> SweepSpec:
    base = {"base_case": tmp_path / "base", "out_dir": tmp_path / "out", "params": [parse_param("U=1,2")],
            "change": "lid velocity {U} m/s"}
    return SweepSpec(**{**base, **kw})  # type: ignore[arg-type]


@pytest.mark.parametrize(("kw", "problem"), [
    ({"change": "lid velocity {V} m/s"}, r"\{V\} has no --param"),
    ({"change": "lid velocity 1 m/s"}, "--param U is not used"),
    ({"change": None}, "say what each parameter changes"),
    ({"params": [parse_param("U=1"), parse_param("U=2")]}, "given twice"),
    ({"change": "lid velocity {U m/s"}, "placeholders"),
])
def test_spec_refusals(tmp_path: Path, kw: dict, problem: str) -> None:
    with pytest.raises(UsageError, match=problem):
        check_spec(_spec(tmp_path, **kw))


def test_a_placeholder_in_a_set_counts_as_used(tmp_path: Path) -> None:
    check_spec(_spec(tmp_path, change=None, sets=[parse_set("constant/transportProperties:nu={U}")]))


def test_grid_order_and_limit() -> None:
    params = [parse_param("a=1,2"), parse_param("b=x,y,z")]
    assert grid(params, 6) == [{"a": "1", "b": "x"}, {"a": "1", "b": "y"}, {"a": "1", "b": "z"},
                               {"a": "2", "b": "x"}, {"a": "2", "b": "y"}, {"a": "2", "b": "z"}]
    with pytest.raises(UsageError, match="6 variants, more than the limit of 5"):
        grid(params, 5)


@pytest.mark.parametrize(("values", "name"), [
    ({"U": "0.5", "nu": "1e-05"}, "U-0.5_nu-1e-05"),
    ({"scheme": "Gauss linearUpwind grad(U)"}, "scheme-Gauss-linearUpwind-grad-U"),
    ({"x": "(1 0 0)"}, "x-1-0-0"),
])
def test_variant_name(values: dict[str, str], name: str) -> None:
    assert variant_name(values) == name


def test_plan_names_the_variant_that_cannot_be_planned(tmp_path: Path) -> None:
    base = copy_tutorial(CAVITY, tmp_path / "base")
    spec = _spec(tmp_path, change="make it look {U}")
    with pytest.raises(RequestError, match="variant U-1: found no change"):
        plan_sweep(spec, read_state(base))
    spec = _spec(tmp_path, change=None, sets=[parse_set("constant/thermophysicalProperties:x={U}")])
    with pytest.raises(RequestError, match="no constant/thermophysicalProperties"):
        plan_sweep(spec, read_state(base))
    assert not spec.out_dir.exists()


def test_variants_hold_their_values_and_the_base_is_untouched(tmp_path: Path) -> None:
    base = copy_tutorial(CAVITY, tmp_path / "base")
    before = {p: p.read_bytes() for p in base.rglob("*") if p.is_file()}
    spec = _spec(tmp_path, params=[parse_param("U=1,2"), parse_param("nu=0.01,0.02")],
                 sets=[parse_set("constant/transportProperties:nu={nu}")])
    changes = write_variants(spec, plan_sweep(spec, read_state(base)))
    assert sorted(changes) == ["U-1_nu-0.01", "U-1_nu-0.02", "U-2_nu-0.01", "U-2_nu-0.02"]
    variant = spec.out_dir / "U-2_nu-0.02"
    assert "uniform (2 0 0)" in (variant / "0/U").read_text()
    assert "nu              0.02;" in (variant / "constant/transportProperties").read_text()
    assert (variant / ".casewright/locked.json").is_file()
    assert {p: p.read_bytes() for p in base.rglob("*") if p.is_file()} == before


def test_an_out_folder_inside_the_base_is_refused(tmp_path: Path) -> None:
    base = copy_tutorial(CAVITY, tmp_path / "base")
    spec = _spec(tmp_path, out_dir=base / "sweep")
    with pytest.raises(UsageError, match="inside the base case"):
        write_variants(spec, plan_sweep(spec, read_state(base)))
    assert not spec.out_dir.exists()


def test_a_non_empty_out_folder_is_refused_and_kept(tmp_path: Path) -> None:
    base = copy_tutorial(CAVITY, tmp_path / "base")
    spec = _spec(tmp_path)
    spec.out_dir.mkdir()
    (spec.out_dir / "mine.txt").write_text("keep me")
    with pytest.raises(UsageError, match="not an empty folder"):
        write_variants(spec, plan_sweep(spec, read_state(base)))
    assert [p.name for p in spec.out_dir.iterdir()] == ["mine.txt"]


def test_a_failed_write_leaves_no_output_folder(tmp_path: Path) -> None:
    base = copy_tutorial(CAVITY, tmp_path / "base")
    spec = _spec(tmp_path)
    plans = plan_sweep(spec, read_state(base))
    (base / "0/U").rename(base / "0/U.moved")  # the planned edit of 0/U cannot be applied to the copies
    with pytest.raises(RequestError, match="cannot change 0/U"):
        write_variants(spec, plans)
    assert not spec.out_dir.exists()


def test_the_copy_leaves_results_behind(tmp_path: Path) -> None:
    base = copy_tutorial(CAVITY, tmp_path / "base")
    for extra in ("0.5/U", "processor0/0/U", "postProcessing/probes/0/U", ".casewright/reports/x.json",
                  "constant/polyMesh/boundary", "constant/6DoF.dat", "system/1D.dat"):
        (base / extra).parent.mkdir(parents=True, exist_ok=True)
        (base / extra).write_text("x")
    (base / "log.icoFoam").write_text("x")
    (base / ".casewright/locked.json").write_text("[]")
    copy_base(base, tmp_path / "copy")
    names = {str(p.relative_to(tmp_path / "copy")) for p in (tmp_path / "copy").rglob("*") if p.is_file()}
    assert "0/U" in names and ".casewright/locked.json" in names and "constant/polyMesh/boundary" in names
    assert {"constant/6DoF.dat", "system/1D.dat"} <= names  # a name starting with a digit below the top is input
    assert not {n for n in names if n.startswith(("0.5", "processor", "postProcessing", "log.", ".casewright/reports"))}


@pytest.mark.parametrize(("text", "values"), [
    ("U=1..4", ["1", "2", "3", "4"]),
    ("U=4..2", ["4", "3", "2"]),
    ("nu=0.01..0.1:10", ["0.01", "0.02", "0.03", "0.04", "0.05", "0.06", "0.07", "0.08", "0.09", "0.1"]),
    ("dt=1e-3..2e-3:3", ["0.001", "0.0015", "0.002"]),
    ("U=0.5,1..3,5", ["0.5", "1", "2", "3", "5"]),
])
def test_a_param_range_expands_to_its_values(text: str, values: list[str]) -> None:
    from tasks.edit.sweep import parse_param

    assert parse_param(text).values == values


@pytest.mark.parametrize(("text", "message"), [
    ("nu=0.01..0.1", "needs a count"),
    ("U=1..x", "is not a range"),
    ("U=1..5:1", "at least 2 values"),
    ("U=1..3,2", "a value is repeated"),
])
def test_a_bad_param_range_is_refused_with_the_form_to_write(text: str, message: str) -> None:
    from tasks.core.errors import UsageError
    from tasks.edit.sweep import parse_param

    with pytest.raises(UsageError, match=message):
        parse_param(text)
