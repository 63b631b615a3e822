"""Tests for tasks.run.logs against real OpenFOAM v1912 logs (see tests/fixtures/logs/README.md)."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from tasks.run.logs import (
    FatalError,
    LogSummary,
    divergence_signals,
    parse_log,
    parse_log_file,
    reached_end_time,
)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "logs"


def load(name: str) -> LogSummary:
    path = FIXTURES / name
    assert path.is_file(), f"missing fixture {path}"
    return parse_log_file(path)


def text_of(name: str) -> str:
    return (FIXTURES / name).read_text()


# --------------------------------------------------------------------------- fatal errors

FATAL_CASES = [
    # fixture, app, kind, message must contain, keyword, file suffix, field, patch, line
    ("fatal_nu_missing.log", "icoFoam", "fatal_io", "'nu' not found", "nu",
     "constant/transportProperties", None, None, None),
    ("fatal_unknown_patch_type.log", "icoFoam", "fatal_io", "Unknown patchField type fixedValu", None,
     "0/U.boundaryField.movingWall", "U", "movingWall", 25),
    ("fatal_missing_patch_entry.log", "icoFoam", "fatal_io", "Cannot find patchField entry for fixedWalls",
     "fixedWalls", "0/p.boundaryField", "p", "fixedWalls", 25),
    ("blockmesh_vertex_removed.log", "blockMesh", "fatal_io", "Point label 7 out of range 0..6", None,
     "system/blockMeshDict.blocks", None, None, 32),
    ("fatal_unknown_rasmodel.log", "simpleFoam", "fatal_io", "Unknown RASModel type kEpsilonn", None,
     "constant/turbulenceProperties.RAS", None, None, 24),
    ("fatal_unknown_solver.log", "simpleFoam", "fatal_io", "solver type smoothSolverr", None,
     "system/fvSolution.solvers.(U|k|epsilon|omega|f|v2)", None, None, 30),
    ("fatal_no_mesh.log", "icoFoam", "fatal", 'Cannot find file "points" in directory "polyMesh"', None,
     None, None, None, None),
]


@pytest.mark.parametrize(
    ("name", "app", "kind", "text", "keyword", "file_suffix", "field", "patch", "line"), FATAL_CASES
)
def test_fatal_blocks(name, app, kind, text, keyword, file_suffix, field, patch, line):
    s = load(name)
    assert s.application == app
    f = s.fatal
    assert f is not None
    assert f.kind == kind
    assert text in f.message
    assert "\n" not in f.message and "  " not in f.message
    assert "From function" not in f.message and "FOAM exiting" not in f.message
    assert f.keyword == keyword
    if file_suffix is None:
        assert f.file is None
    else:
        assert f.file is not None and f.file.endswith(file_suffix)
    assert (f.field, f.patch, f.line) == (field, patch, line)
    assert f.function and f.function.startswith(("void ", "bool ", "static ", "virtual "))
    assert f.source and re.search(r"\.C at line \d+$", f.source)
    assert s.crash is None
    assert s.times == 0 or name == "fatal_unknown_solver.log"  # that one dies inside "Time = 1"
    assert not s.end_printed
    assert not reached_end_time(s, 0.0)


def test_nu_missing_specifics():
    f = load("fatal_nu_missing.log").fatal
    assert f is not None
    assert f.message == "Entry 'nu' not found in dictionary \"/tmp/lg/nu/constant/transportProperties\""
    assert f.file == "/tmp/lg/nu/constant/transportProperties"
    assert f.source == (
        "/build/openfoam-y7fGgh/openfoam-1912.200626/src/OpenFOAM/lnInclude/dimensionedType.C at line 100"
    )
    assert f.valid_choices == []


def test_unknown_patch_type_valid_choices():
    f = load("fatal_unknown_patch_type.log").fatal
    assert f is not None
    assert f.message == "Unknown patchField type fixedValu for patch type wall"
    assert len(f.valid_choices) == 88  # the count OpenFOAM printed before the list
    assert {"fixedValue", "zeroGradient", "noSlip", "movingWallVelocity"} <= set(f.valid_choices)
    assert f.valid_choices[0] == "SRFFreestreamVelocity" and f.valid_choices[-1] == "zeroGradient"
    assert "(" not in f.valid_choices and ")" not in f.valid_choices and "88" not in f.valid_choices


@pytest.mark.parametrize(
    ("name", "expected_len", "must_have"),
    [
        ("fatal_unknown_rasmodel.log", 20, {"kEpsilon", "kOmega", "SpalartAllmaras", "LRR"}),
        ("fatal_unknown_solver.log", 4, {"GAMG", "PBiCG", "PBiCGStab", "smoothSolver"}),
    ],
)
def test_valid_choice_list_forms(name, expected_len, must_have):
    f = load(name).fatal
    assert f is not None
    assert len(f.valid_choices) == expected_len
    assert must_have <= set(f.valid_choices)


def test_spec_style_messages_from_other_versions():
    text = """
--> FOAM FATAL IO ERROR:
keyword nu is undefined in dictionary "/tmp/x/constant/transportProperties"

file: /tmp/x/constant/transportProperties from line 17 to line 19.

    From function const Foam::entry& Foam::dictionary::lookupEntry(const Foam::word&) const
    in file db/dictionary/dictionary.C at line 399.

FOAM exiting
"""
    f = parse_log(text).fatal
    assert f is not None
    assert f.message == 'keyword nu is undefined in dictionary "/tmp/x/constant/transportProperties"'
    assert (f.keyword, f.file, f.line) == ("nu", "/tmp/x/constant/transportProperties", 17)
    assert f.source == "db/dictionary/dictionary.C at line 399"

    old = (
        "[0] --> FOAM FATAL ERROR: \n"
        "[0] Unknown patchField type fixedValu for patch movingWall of field U\n"
        "[0] \n[0] Valid patchField types are :\n[0] 3\n[0] (\n[0] fixedValue\n[0] slip\n"
        "[0] zeroGradient\n[0] )\n[0] \n[0] FOAM parallel run exiting\n"
    )
    f = parse_log(old).fatal
    assert f is not None
    assert (f.kind, f.field, f.patch) == ("fatal", "U", "movingWall")
    assert f.valid_choices == ["fixedValue", "slip", "zeroGradient"]
    assert f.message == "Unknown patchField type fixedValu for patch movingWall of field U"


def test_only_first_fatal_kept():
    one = text_of("fatal_nu_missing.log")
    two = text_of("fatal_missing_patch_entry.log")
    s = parse_log(one + two)
    assert s.fatal is not None and s.fatal.keyword == "nu"


# --------------------------------------------------------------------------- runs

RUN_CASES = [
    # fixture, app, endTime, reached, End printed, fields, number of Time lines, first, last
    ("cavity_ok.log", "icoFoam", 0.5, True, True, {"Ux", "Uy", "p"}, 100, 0.005, 0.5),
    ("pitzdaily_short.log", "simpleFoam", 50, True, True, {"Ux", "Uy", "p", "epsilon", "k"}, 50, 1, 50),
    ("bounding.log", "simpleFoam", 100, True, True, {"Ux", "Uy", "p", "epsilon", "k"}, 100, 1, 100),
    ("diverging.log", "icoFoam", 30, False, False, {"Ux", "Uy", "p"}, 34, 1, 17.5),
    ("sigfpe.log", "icoFoam", 50, False, False, {"Ux", "Uy", "p"}, 18, 0.5, 9),
    ("interfoam_dambreak_short.log", "interFoam", 0.02, True, True, {"alpha.water", "p_rgh", "pcorr"},
     8, 0.00119048, 0.0195177),
]


@pytest.mark.parametrize(
    ("name", "app", "end_time", "reached", "end", "fields", "times", "first", "last"), RUN_CASES
)
def test_runs(name, app, end_time, reached, end, fields, times, first, last):
    s = load(name)
    assert s.application == app
    assert reached_end_time(s, end_time) is reached
    assert s.end_printed is end
    assert set(s.final_residuals()) == fields
    assert set(s.residual_summary()) == fields
    assert s.times == times
    assert s.first_time == pytest.approx(first) and s.last_time == pytest.approx(last)
    assert s.execution_time_s is not None and s.clock_time_s is not None


def test_cavity_ok_details():
    s = load("cavity_ok.log")
    assert s.fatal is None and s.crash is None and s.warnings == []
    first = s.residuals[0]
    assert (first.time, first.field, first.solver) == (0.005, "Ux", "smoothSolver")
    assert (first.initial, first.final, first.iterations) == (1.0, 8.90511e-06, 19)
    assert len(s.residuals) == 400  # Ux, Uy, p, p per step
    assert len(s.courant) == 100 and s.interface_courant == []
    assert [c.time for c in s.courant[:2]] == [0.005, 0.01]  # Courant printed after "Time ="
    assert s.courant[-1].time == 0.5 and s.courant[-1].max == pytest.approx(0.852134)
    assert len(s.continuity) == 200
    assert s.continuity[0].global_error == pytest.approx(-1.79995e-19)
    assert s.continuity[-1].cumulative == pytest.approx(1.21735e-17)
    assert (s.execution_time_s, s.clock_time_s) == (0.11, 0.0)
    assert s.bounding == []
    # the header "trapFpe: Floating point exception trapping enabled" is not a crash
    assert s.crash is None
    assert not reached_end_time(s, 0.6)


def test_final_residuals_use_first_solve_of_last_step():
    s = load("cavity_ok.log")
    final = s.final_residuals()
    # last step solves p twice (PISO): 8.63844e-07 first, then 9.59103e-07
    assert final["p"].time == 0.5 and final["p"].initial == pytest.approx(8.63844e-07)
    assert final["Ux"].initial == pytest.approx(2.3091e-07)
    summary = s.residual_summary()
    assert summary["p"]["n"] == 100  # one per time step, not per PISO corrector
    assert summary["Ux"]["first_initial"] == 1.0
    assert summary["Ux"]["last_initial"] == pytest.approx(2.3091e-07)
    assert summary["Uy"]["min_initial"] == 0.0
    assert summary["p"]["max_initial"] == 1.0


def test_residual_summary_ignores_nan_for_min_max():
    line = "smoothSolver:  Solving for Ux, Initial residual = {r}, Final residual = {r}, No Iterations 3\n"
    s = parse_log("".join(f"Time = {i}\n" + line.format(r=r) for i, r in enumerate(["nan", "0.5", "0.1"], 1)))
    stats = s.residual_summary()["Ux"]
    assert math.isnan(stats["first_initial"]) and stats["last_initial"] == 0.1
    assert (stats["min_initial"], stats["max_initial"], stats["n"]) == (0.1, 0.5, 3)
    assert any("NaN" in x and "t=1" in x for x in divergence_signals(s))


def test_bounding_records():
    s = load("bounding.log")
    assert len(s.bounding) == 43
    assert {b.field for b in s.bounding} == {"k", "epsilon"}
    assert sum(b.field == "k" for b in s.bounding) == 38
    b0 = s.bounding[0]
    assert (b0.time, b0.field, b0.min, b0.max, b0.average) == (1.0, "epsilon", -0.921453, 1080.25, 44.1685)
    assert all(b.min < 0 for b in s.bounding)
    signals = divergence_signals(s)
    assert any("bounding applied 10 times late in the run" in x and "worst field k" in x for x in signals)

    pitz = load("pitzdaily_short.log")
    assert [(b.time, b.field) for b in pitz.bounding] == [(1, "epsilon"), (2, "epsilon"), (3, "epsilon")]


def test_interfoam_courant_attribution():
    s = load("interfoam_dambreak_short.log")
    # interFoam prints Courant lines *before* "Time = ..."; they belong to the step that follows
    assert s.courant[2].time == pytest.approx(0.00262605) and s.courant[2].max == pytest.approx(0.107249)
    assert s.interface_courant[2].time == pytest.approx(0.00431798)
    assert s.interface_courant[2].max == pytest.approx(0.0565577)
    assert len(s.interface_courant) == s.times
    assert s.residuals[0].field == "pcorr" and s.residuals[0].time == 0.0  # before the first Time line
    assert divergence_signals(s) == []
    # without the half-deltaT allowance the run would count as not finished
    assert not reached_end_time(s.model_copy(update={"end_printed": False}), 0.02)


# --------------------------------------------------------------------------- divergence & crashes

def test_divergence_signals_diverging():
    s = load("diverging.log")
    signals = divergence_signals(s)
    joined = "\n".join(signals)
    assert "NaN" in joined and "Ux" in joined
    assert any(x.startswith("Ux initial residual grew") for x in signals)
    assert any(x.startswith("Courant number max reached 2.54e+03") for x in signals)
    assert any("continuity" in x for x in signals)
    assert math.isnan(s.residuals[-1].initial)
    assert s.fatal is not None and "nan" in s.fatal.message
    assert not reached_end_time(s, 17.5)  # got there, but with a fatal error


@pytest.mark.parametrize(
    ("maxima", "expected"),
    [
        ([0.05, 0.2, 0.8], None),  # 16x growth but still below 1: adjustable deltaT ramp-up
        ([0.2, 1.5, 5.0], "Courant number max grew 25x to 5"),
        ([0.5, 3.0, 12.0], "Courant number max reached 12 (t=3)"),
        ([0.5, 0.6, 0.7], None),
    ],
)
def test_courant_signals(maxima, expected):
    s = parse_log("".join(f"Time = {i}\nCourant Number mean: 0.01 max: {c}\n" for i, c in enumerate(maxima, 1)))
    found = [x for x in divergence_signals(s) if x.startswith("Courant")]
    assert found == ([expected] if expected else [])


@pytest.mark.parametrize("name", ["cavity_ok.log", "interfoam_dambreak_short.log"])
def test_divergence_signals_healthy(name):
    assert divergence_signals(load(name)) == []


def test_sigfpe_crash():
    s = load("sigfpe.log")
    c = s.crash
    assert c is not None and c.signal == "SIGFPE"
    assert len(c.frames) == 14
    assert c.frames[0].startswith("Foam::error::printStack")
    assert c.frames[1].startswith("Foam::sigFpe::sigHandler")
    assert c.frames[-1] == "? in /usr/bin/icoFoam"
    assert "Floating point exception" in c.message and c.message.startswith("bash:")
    assert s.fatal is None
    assert "run crashed with SIGFPE" in divergence_signals(s)
    assert s.courant[-1].max == pytest.approx(2.35591e19)


@pytest.mark.parametrize(
    ("text", "signal", "n_frames"),
    [
        ("#0  Foam::error::printStack(Foam::Ostream&) at ??:?\n#1  Foam::sigSegv::sigHandler(int) at ??:?\n",
         "SIGSEGV", 2),
        ("Time = 1\nSegmentation fault (core dumped)\n", "SIGSEGV", 0),
        ("./Allrun: line 7: 123 Aborted (core dumped) simpleFoam\n", "SIGABRT", 0),
        ("#0  Foam::error::printStack(Foam::Ostream&) at ??:?\n#1  ? in /lib/libc.so.6\n", "other", 2),
    ],
)
def test_crash_variants(text, signal, n_frames):
    c = parse_log(text).crash
    assert c is not None and c.signal == signal and len(c.frames) == n_frames


def test_only_first_stack_trace_kept():
    trace = "#0  Foam::error::printStack(Foam::Ostream&) at ??:?\n#1  Foam::sigFpe::sigHandler(int) at ??:?\n"
    c = parse_log(trace + "Time = 1\n" + trace.replace("sigFpe", "sigSegv")).crash
    assert c is not None and c.signal == "SIGFPE" and len(c.frames) == 2


# --------------------------------------------------------------------------- warnings

def test_blockmesh_warning():
    s = load("blockmesh_warning.log")
    assert s.warnings == ["Found 10 undefined faces in mesh; adding to default patch defaultFaces"]
    assert s.fatal is None and s.end_printed


def test_warnings_deduplicated_and_capped():
    block = "--> FOAM Warning : \n    From function f()\n    in file a.C at line 1\n    thing {n} happened\n\n"
    s = parse_log(block.format(n=1) * 3 + "".join(block.format(n=i) for i in range(40)))
    assert s.warnings[0] == "thing 1 happened"
    assert len(s.warnings) == 20 and len(set(s.warnings)) == 20


# --------------------------------------------------------------------------- edge cases

def test_empty_text():
    s = parse_log("")
    assert s == LogSummary()
    assert s.times == 0 and s.first_time is None and s.fatal is None and s.crash is None
    assert s.final_residuals() == {} and s.residual_summary() == {}
    assert divergence_signals(s) == []
    assert not reached_end_time(s, 0.0)


def test_no_time_lines():
    s = parse_log(
        "Exec   : potentialFoam -writep\n"
        "GAMG:  Solving for Phi, Initial residual = 1, Final residual = 0.006, No Iterations 12\n"
        "Time   : 06:42:08\n"  # header line, not a time step
        "End\n"
    )
    assert s.application == "potentialFoam"
    assert s.times == 0 and s.last_time is None
    assert [(r.time, r.field, r.iterations) for r in s.residuals] == [(0.0, "Phi", 12)]
    assert s.end_printed
    assert not reached_end_time(s, 0.0)


@pytest.mark.parametrize(("line", "value"), [("Time = 1e-05", 1e-05), ("Time = 12", 12.0),
                                             ("Time = 0.005s", 0.005), ("Time = 0.0195177", 0.0195177)])
def test_time_formats(line, value):
    s = parse_log(line + "\n")
    assert s.times == 1 and s.last_time == value


def test_truncated_fatal_block_at_eof():
    full = text_of("fatal_unknown_patch_type.log")
    cut = full[: full.index("fixedValue\n")]  # ends in the middle of the choices list
    f = parse_log(cut).fatal
    assert f is not None
    assert f.message == "Unknown patchField type fixedValu for patch type wall"
    assert "fixedMeanOutletInlet" in f.valid_choices and "fixedValue" not in f.valid_choices
    assert f.file is None and f.function is None

    bare = parse_log("Reading field U\n\n--> FOAM FATAL IO ERROR: ").fatal
    assert bare is not None and bare.kind == "fatal_io" and bare.message == "" and bare.valid_choices == []


def test_end_must_be_whole_line():
    assert not parse_log("End of something\nthe End\n").end_printed
    assert parse_log("  End  \n").end_printed


def test_parse_log_file_missing_and_bad_bytes(tmp_path):
    assert parse_log_file(tmp_path / "nope.log") == LogSummary()
    p = tmp_path / "bad.log"
    p.write_bytes(b"Exec   : icoFoam\n\xff\xfe garbage\nTime = 0.5\nEnd\n")
    s = parse_log_file(p)
    assert s.application == "icoFoam" and s.last_time == 0.5 and s.end_printed


def test_reached_end_time_tolerance():
    s = parse_log("Time = 0.4999999\nEnd\n")
    assert reached_end_time(s, 0.5)
    assert not reached_end_time(s, 0.5, rel_tol=1e-9)
    assert not reached_end_time(parse_log("Time = 0.49\n"), 0.5)


def test_models_forbid_extra_fields():
    with pytest.raises(ValidationError):
        LogSummary(bogus=1)
    with pytest.raises(ValidationError):
        FatalError(kind="fatal", message="x", valid_choices=[], extra_thing=1)


def test_healthy_runs_have_no_divergence_signals():
    for name in ("cavity_ok.log", "pitzdaily_short.log"):
        summary = parse_log_file(FIXTURES / name)
        assert divergence_signals(summary) == [], name


LOGS = Path(__file__).parent / "data/logs"


def test_electrostatic_iterations_are_its_times():
    """electrostaticFoam prints "Iteration = t" where other solvers print "Time = t"."""
    summary = parse_log_file(LOGS / "electrostaticFoam.log")
    assert summary.last_time == pytest.approx(0.0005) and summary.end_printed


@pytest.mark.parametrize("app, log, end", [("financialFoam", "financialFoam.log", 0.05),
                                           ("electrostaticFoam", "electrostaticFoam.log", 0.0005)])
def test_a_solver_that_ends_cleanly_has_reached_its_end(tmp_path, app, log, end):
    """A solver that prints no time at all (financialFoam) ends its time loop at endTime: End
    without an error is a completed run, not an abort at start."""
    from tasks.foam.casedir import CaseInfo
    from tasks.run.report import build_report
    from tasks.run.runner import StepResult

    case = tmp_path / "case"
    case.mkdir()
    (case / f"log.{app}").write_bytes((LOGS / log).read_bytes())
    info = CaseInfo(case_dir=case, application=app, start_time=0.0, end_time=end, delta_t=None,
                    block_mesh_dict=None, snappy_dict=None, surface_features_dict=None, set_fields_dict=None,
                    has_mesh=True, zero_orig_dir=False, orig_field_files=[])
    step = StepResult(command=app, args=[], backend="docker", status="ok", exit_code=0, seconds=1.0,
                      log_path=str(case / f"log.{app}"))
    report = build_report(info, [step], "docker", "test", [], 1.0)
    assert report.status == "completed" and report.reached_end_time, report.status
