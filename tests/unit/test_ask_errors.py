"""Questions that quote a FATAL or paste a log: parsing (through the Reviewer's log parser), the
canonical section each message class pins, and the structured offline answer built from it."""

from __future__ import annotations

import pytest

from tasks.retrieval.answer import (
    case_file,
    first_paragraph,
    offline_answer,
    section_fields,
)
from tasks.retrieval.errors import (
    error_pins,
    example_items,
    matching_section,
    message_templates,
    read_quoted_log,
    split_case_file,
)
from tasks.retrieval.fusion import ContextItem, Hit

UNKNOWN_BC = """icoFoam stops with
--> FOAM FATAL IO ERROR:
Unknown patchField type noSlipp for patch type wall

Valid patchField types :

5
(
calculated
fixedValue
noSlip
slip
zeroGradient
)

file: /home/me/cavity/0/U.boundaryField.fixedWalls at line 31.

    From function Foam::fvPatchField<Type>::New(...)
    in file fields/fvPatchFields/fvPatchField/fvPatchFieldNew.C at line 121.

FOAM exiting
"""
MISSING_ENTRY = """--> FOAM FATAL IO ERROR:
Entry 'div(phi,alpha)' not found in dictionary "/x/damBreak/system/fvSchemes.divSchemes"

file: /x/damBreak/system/fvSchemes.divSchemes from line 30 to line 32.
"""
LONG_LOG = "\n".join(
    ["/*---------------------------------------------------------------------------*\\", "Build  : v1912",
     "Exec   : icoFoam", "Create time", ""]
    + [line for n in range(200) for line in (f"Time = {n * 0.005:g}", "",
                                             "Courant Number mean: 0.1 max: 0.5",
                                             "DICPCG:  Solving for p, Initial residual = 0.01, Final residual = 1e-07, "
                                             "No Iterations 20", "ExecutionTime = 0.1 s  ClockTime = 0 s", "")]
    + ["--> FOAM FATAL ERROR:", "Cannot find file \"points\" in directory \"polyMesh\" in times \"0\" down to constant",
       "", "FOAM exiting", "why does this happen?"])


@pytest.mark.parametrize(("text", "section_start", "case", "dictionary"), [
    (UNKNOWN_BC, "FATAL: Unknown patchField type", "0/U", "boundaryField.fixedWalls"),
    (MISSING_ENTRY, "FATAL: Entry not found in dictionary", "system/fvSchemes", "divSchemes"),
    ("--> FOAM FATAL IO ERROR:\nUnknown ddt type Eulerr\n\nValid ddt types :\n3(Euler backward steadyState)\n\n"
     "file: /x/c/system/fvSchemes.ddtSchemes.default at line 20.\n", "FATAL: Unknown ddt type", "system/fvSchemes",
     "ddtSchemes.default"),
    ("[0] --> FOAM FATAL ERROR:\n[0] \"/x/c/system/decomposeParDict\" specifies 4 processors but job was started "
     "with 2 processors.\nFOAM parallel run exiting\n", "FATAL: decomposeParDict specifies", "system/decomposeParDict",
     None),
    ("--> FOAM FATAL ERROR :\n    Could not find mandatory etc entry (mode=ugo)\n    'controlDict'\n",
     "FATAL: Could not find mandatory etc entry", None, None),
    (LONG_LOG, "FATAL: Cannot find file points in polyMesh", None, None),
])
def test_a_quoted_fatal_is_parsed_and_pins_its_section(text: str, section_start: str, case: str | None,
                                                        dictionary: str | None) -> None:
    quoted = read_quoted_log(text)
    assert quoted is not None and quoted.error is not None
    error = quoted.error
    assert (error.case_file, error.dictionary) == (case, dictionary)
    source = matching_section(error)
    assert source is not None and source.split("#", 1)[1].startswith(section_start)
    pins = error_pins(error)
    assert [p.source for p in pins] == [source] and pins[0].trouble


def test_the_closest_valid_choice_is_suggested_and_the_search_text_stays_short() -> None:
    error = read_quoted_log(UNKNOWN_BC).error  # type: ignore[union-attr]
    assert (error.unknown, error.suggestion, error.field, error.patch) == ("noSlipp", "noSlip", "U", "fixedWalls")
    long = read_quoted_log(LONG_LOG)
    assert long is not None and len(long.search_text) < 600  # the residual lines are not searched for
    assert "why does this happen?" in long.prose and "Solving for" not in long.prose


def test_a_crash_log_is_a_parsed_error_and_a_plain_question_is_none() -> None:
    crash = read_quoted_log("Courant Number mean: 1e+18 max: 2e+19\n#0  Foam::error::printStack(Foam::Ostream&)\n"
                            "#1  Foam::sigFpe::sigHandler(int) at ??:?\nFloating point exception (core dumped)\n")
    assert crash is not None and crash.error is not None and crash.error.kind == "crash"
    assert matching_section(crash.error).endswith("(sigFpe) during a time step")  # type: ignore[union-attr]
    assert read_quoted_log("How do I set a mass flow rate at an inlet?") is None


def test_every_message_template_compiles_and_the_specific_ones_come_first() -> None:
    templates = message_templates()
    assert len(templates) >= 12
    lengths = [t.literal_chars for t in templates]
    assert lengths == sorted(lengths, reverse=True)


@pytest.mark.parametrize(("printed", "expected"), [
    ("/x/c/0/U.boundaryField.inlet", ("0/U", "boundaryField.inlet")),
    ("/x/c/0/alpha.water.boundaryField.wall", ("0/alpha.water", "boundaryField.wall")),
    ("/x/c/constant/transportProperties", ("constant/transportProperties", None)),
    (None, (None, None)),
])
def test_split_case_file(printed: str | None, expected: tuple[str | None, str | None]) -> None:
    assert split_case_file(printed) == expected


def _hit(source: str, text: str) -> Hit:
    return Hit(chunk_id=source, source=source, text=text, doc_type="tutorial", score=1.0)


def test_the_offline_answer_names_the_file_the_entry_and_a_tutorial_example() -> None:
    quoted = read_quoted_log(MISSING_ENTRY)
    error = quoted.error  # type: ignore[union-attr]
    error = error.model_copy(update={"section": matching_section(error)})
    pin = error_pins(error)[0]
    hits = [_hit("tutorial:incompressible/icoFoam/cavity/cavity/system/fvSchemes", "divSchemes\n{\n div(phi,U) Gauss linear;\n}"),
            _hit("tutorial:multiphase/interFoam/laminar/damBreak/damBreak/system/fvSchemes",
                 "Tutorial: damBreak\nFile: system/fvSchemes\n\ndivSchemes\n{\n    div(rhoPhi,U)  Gauss linearUpwind grad(U);\n"
                 "    div(phi,alpha)  Gauss vanLeer;\n}")]
    examples = example_items(error, hits)
    assert len(examples) == 1 and "div(phi,alpha)  Gauss vanLeer;" in examples[0].text
    context = [ContextItem(kind="canonical", source=pin.source, text=pin.text, score=1.0), *examples]
    answer = offline_answer(context, error)
    assert answer.generated_by == "offline" and "not found" in answer.summary
    step = answer.steps[0]
    assert step.file == "system/fvSchemes" and "vanLeer" in (step.example or "")
    assert step.source.startswith("tutorial:multiphase/interFoam")


def test_the_offline_answer_without_an_error_uses_the_pinned_sections() -> None:
    text = ("## Far-field boundaries\n\nAround an airfoil use freestreamVelocity. It switches per face.\n\n"
            "```foam\ninlet\n{\n    type freestreamVelocity;\n}\n```\n")
    context = [ContextItem(kind="canonical", source="canonical/boundary_conditions.md#Far-field boundaries",
                           text=text, score=0.4)]
    answer = offline_answer(context)
    assert answer.summary.startswith("Around an airfoil")
    assert answer.steps[0].example and "freestreamVelocity" in answer.steps[0].example
    assert offline_answer([]).steps == []


def test_section_helpers() -> None:
    assert section_fields("Means: a\nChange: b\nFile: system/fvSolution\n") == {
        "means": "a", "change": "b", "file": "system/fvSolution"}
    assert case_file("add it to fvSolution") == "system/fvSolution"
    assert case_file("File: 0/U (boundary condition field U)") == "0/U"
    assert first_paragraph("## H\n\n- one. two.\n") == "one. two."
