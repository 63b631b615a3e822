"""Corpus: normalisation, tagging, section-aware chunking, sources. No services needed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tasks.foam.installed import clean_help, parse_foam_lists
from tasks.knowledge.chunking import (
    ChunkBudget,
    Piece,
    chunk_document,
    enrich_document,
    merge_pieces,
    sliding_window,
    split_foam,
    split_markdown,
    word_count,
)
from tasks.knowledge.corpus import iter_case_tree, iter_markdown, iter_user_folder
from tasks.knowledge.documents import (
    DocMeta,
    Document,
    elide_large_lists,
    file_role,
    intent_for,
    looks_like_data,
    markdown_intent,
    md5,
    normalise_foam,
    normalise_markdown,
    tool_for,
)

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")

BANNER = r"""/*--------------------------------*- C++ -*----------------------------------*\
| =========                 |                                                 |
| \\      /  F ield         | OpenFOAM: The Open Source CFD Toolbox           |
|  \\    /   O peration     | Version:  v1912                                 |
|   \\  /    A nd           | Website:  www.openfoam.com                      |
|    \\/     M anipulation  |                                                 |
\*---------------------------------------------------------------------------*/
FoamFile
{
    version     2.0;
    format      ascii;
    class       volVectorField;
    location    "0";
    object      U;
}
// * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * //

#include "include/initialConditions"

dimensions      [0 1 -1 0 0 0 0];

// inlet speed from the experiment
internalField   uniform $flowVelocity;

/* a real explanation kept */
boundaryField
{
    inlet { type fixedValue; value uniform (10 0 0); }
}

// ************************************************************************* //
"""


def _numeric_list(n: int, one_line: bool = False) -> str:
    items = [f"({i}.5 {i} 0)" for i in range(n)]
    return f"{n}({' '.join(items)})" if one_line else f"{n}\n(\n" + "\n".join(items) + "\n)"


def test_normalise_foam_strips_banner_header_and_decorations() -> None:
    text, header = normalise_foam(BANNER)
    assert header == {"class": "volVectorField", "object": "U", "location": "0"}
    assert "F ield" not in text and "FoamFile" not in text and "* * *" not in text and "*****" not in text
    assert text.startswith('#include "include/initialConditions"')
    assert "// inlet speed from the experiment" in text
    assert "/* a real explanation kept */" in text
    assert "$flowVelocity" in text


@pytest.mark.parametrize(
    ("body", "elided"),
    [
        (f"internalField nonuniform List<vector>\n{_numeric_list(500)}\n;", True),
        (f"value nonuniform List<vector> {_numeric_list(400, one_line=True)};", True),
        (f"internalField nonuniform List<scalar> {_numeric_list(3)};", False),
        ("3\n(\n" + "\n".join(f"patch{i}\n{{\n type wall;\n nFaces {i};\n}}" for i in range(3)) + "\n)\n" * 1, False),
        ("60\n(\n" + "\n".join(f"wall{i}\n{{\n    type wall;\n    nFaces 10;\n    startFace {i};\n}}"
                               for i in range(60)) + "\n)", False),
    ],
    ids=["multi-line-vectors", "one-line-vectors", "small-list", "few-patches", "many-patches-kept"],
)
def test_elide_large_lists(body: str, elided: bool) -> None:
    out = elide_large_lists(body)
    assert ("entries elided" in out) is elided
    if elided:
        assert len(out) < 200
        assert out.split("(/*")[0].split()[-1].isdigit()


def test_elided_placeholder_states_the_size_and_keeps_what_follows() -> None:
    body = f"internalField nonuniform List<vector>\n{_numeric_list(800)}\n;\nboundaryField {{ }}"
    out = elide_large_lists(body)
    assert "800 (/* 800 entries elided */)" in out
    assert out.rstrip().endswith("boundaryField { }")


@pytest.mark.parametrize(
    ("body", "data"),
    [("(1 2 3)\n" * 2000, True), ("reaction \"O2 + H = OH + O\";\n" * 400, False), ("(1 2 3)\n" * 10, False)],
    ids=["positions", "reactions", "short"],
)
def test_looks_like_data(body: str, data: bool) -> None:
    assert looks_like_data(body) is data


def test_normalise_markdown_reads_front_matter() -> None:
    text, front = normalise_markdown("---\ntools: [simpleFoam]\nintent: setup\n---\n# Title\n\n\n\nBody\n")
    assert front == {"tools": ["simpleFoam"], "intent": "setup"}
    assert text == "# Title\n\nBody"


@pytest.mark.parametrize(
    ("rel", "foam_class", "role"),
    [
        ("0/U", "volVectorField", "boundary condition field U"),
        ("0.orig/k", "volScalarField", "boundary condition field k"),
        ("0/U.gz", "volVectorField", "boundary condition field U"),
        ("0.orig/include/initialConditions", None, "initial conditions include initialConditions"),
        ("0/fluid/T", "volScalarField", "boundary condition field T"),
        ("0.kOmegaSST/omega", "volScalarField", "boundary condition field omega"),
        ("system/fvSchemes", "dictionary", "fvSchemes"),
        ("system/blockMeshDict.orig", "dictionary", "blockMeshDict"),
        ("constant/polyMesh/boundary", "polyBoundaryMesh", "polyMesh/boundary"),
        ("constant/turbulenceProperties", "dictionary", "turbulenceProperties"),
        ("Allrun", None, "run script Allrun"),
        ("Allrun.pre", None, "run script Allrun.pre"),
        ("README", None, "README"),
    ],
)
def test_file_role(rel: str, foam_class: str | None, role: str) -> None:
    assert file_role(rel, foam_class) == role


@pytest.mark.parametrize(
    ("role", "text", "intent"),
    [
        ("blockMeshDict", "", "meshing"),
        ("snappyHexMeshDict", "", "meshing"),
        ("polyMesh/boundary", "", "meshing"),
        ("streamLines", "", "postprocessing"),
        ("myProbes", 'libs ("libsampling.so" "libfieldFunctionObjects.so");', "postprocessing"),
        ("controlDict", "", "setup"),
        ("boundary condition field U", "", "setup"),
        ("run script Allrun", "", "setup"),
    ],
)
def test_intent_for(role: str, text: str, intent: str) -> None:
    assert intent_for(role, text) == intent


KNOWN = frozenset({"blockMesh", "snappyHexMesh", "setFields", "simpleFoam", "decomposePar"})


@pytest.mark.parametrize(
    ("role", "solver", "known", "tool", "tools"),
    [
        ("blockMeshDict", "simpleFoam", KNOWN, "blockMesh", ["blockMesh", "simpleFoam"]),
        ("setFieldsDict", "interFoam", KNOWN, "setFields", ["setFields", "interFoam"]),
        ("fvSchemes", "simpleFoam", KNOWN, "simpleFoam", ["simpleFoam"]),
        ("boundary condition field U", "pimpleFoam", KNOWN, "pimpleFoam", ["pimpleFoam"]),
        ("madeUpDict", "simpleFoam", KNOWN, "simpleFoam", ["simpleFoam"]),
        ("madeUpDict", None, frozenset(), "madeUp", ["madeUp"]),
        ("fvSolution", None, KNOWN, None, []),
    ],
)
def test_tool_for(role: str, solver: str | None, known: frozenset[str], tool: str | None, tools: list[str]) -> None:
    assert tool_for(role, solver, known) == (tool, tools)


@pytest.mark.parametrize(
    ("name", "heading", "intent"),
    [
        ("troubleshooting", "", "troubleshooting"),
        ("numerics", "Divergence: what to check first", "troubleshooting"),
        ("meshing", "", "meshing"),
        ("parallel_postprocessing", "Sampling lines", "postprocessing"),
        ("turbulence_models", "kOmegaSST", "reference"),
        ("guide", "How to set up a case", "setup"),
    ],
)
def test_markdown_intent(name: str, heading: str, intent: str) -> None:
    assert markdown_intent(name, heading) == intent


def test_split_markdown_cuts_at_h2_h3_outside_code_fences() -> None:
    text = ("# Title\nintro\n## First\na\n### Sub\nb\n```bash\n## not a heading\n```\n## Second\nc\n")
    pieces = split_markdown(text)
    assert [p.label for p in pieces] == ["Title", "First", "First > Sub", "Second"]
    assert "## not a heading" in pieces[2].text


def test_split_foam_top_level_entries_and_sub_dictionaries() -> None:
    patches = "\n".join(f"    patch{i}\n    {{\n        type fixedValue;\n        value uniform {i};\n    }}"
                        for i in range(40))
    text = f"dimensions [0 1 -1 0 0 0 0];\n\ninternalField uniform 0;\n\nboundaryField\n{{\n{patches}\n}}\n"
    small = split_foam(text, budget=10_000)
    assert [p.label for p in small] == ["dimensions", "internalField", "boundaryField"]
    big = split_foam(text, budget=50)
    assert big[0].label == "dimensions"
    assert big[2].label == "boundaryField/patch0"
    assert big[2].text.startswith("// boundaryField\n")
    assert len(big) == 2 + 40


def test_merge_pieces_respects_budget_and_windows_big_pieces() -> None:
    pieces = [Piece(label=f"p{i}", text="word " * 30) for i in range(10)] + [Piece(label="big", text="x " * 500)]
    merged = merge_pieces(pieces, budget=100, overlap=20)
    assert all(word_count(p.text) <= 100 for p in merged)
    assert merged[0].label == "p0" and word_count(merged[0].text) == 90
    assert sum(1 for p in merged if p.label == "big") >= 5


@pytest.mark.parametrize(("budget", "overlap"), [(50, 10), (100, 25), (400, 100)])
def test_sliding_window_bounds_and_overlap(budget: int, overlap: int) -> None:
    text = "\n".join(f"line{i} a b c d" for i in range(300))
    windows = sliding_window(text, budget, overlap)
    assert all(word_count(w) <= budget for w in windows)
    for first, second in zip(windows, windows[1:], strict=False):
        assert first.splitlines()[-1] in second  # consecutive windows share lines
    assert windows[-1].splitlines()[-1] == "line299 a b c d"


def _doc(body: str, role: str = "fvSchemes", case: str = "a/b", fmt: str = "foam") -> Document:
    meta = DocMeta(source_path=f"/x/{case}/system/{role}", doc_type="tutorial", intent="setup",
                   tool="simpleFoam", tools=["simpleFoam"], role=role, case=case, solver="simpleFoam")
    return Document(id=f"tutorial:{case}/system/{role}", source="tutorial", title=f"Tutorial: {case}",
                    body=body, format=fmt, meta=meta).with_fingerprint()  # type: ignore[arg-type]


def test_chunks_carry_title_metadata_and_fingerprints() -> None:
    chunks = chunk_document(_doc("ddtSchemes { default steadyState; }\ngradSchemes { default Gauss linear; }"),
                            ChunkBudget(words=400, overlap=100))
    assert len(chunks) == 1
    chunk = chunks[0]
    assert chunk.text.startswith("Tutorial: a/b\n\nddtSchemes")
    assert chunk.fingerprint == md5(chunk.text) == chunk.metadata.fingerprint
    assert chunk.metadata.solver == "simpleFoam" and chunk.metadata.section == "ddtSchemes"
    assert chunk.id == "tutorial:a/b/system/fvSchemes#0"


def test_identical_bodies_share_one_embedding_text() -> None:
    body = "ddtSchemes { default steadyState; }"
    one, two = (chunk_document(_doc(body, case=c), ChunkBudget())[0] for c in ("a/one", "b/two"))
    assert one.text != two.text
    assert one.embed_fingerprint == two.embed_fingerprint


def test_fingerprint_follows_content() -> None:
    assert _doc("a 1;").fingerprint == _doc("a 1;").fingerprint != _doc("a 2;").fingerprint


def test_parse_foam_lists_and_clean_help() -> None:
    out = "banner\n// * * * //\nscalarBCs\n3\n(\nfixedValue\nzeroGradient\ninletOutlet\n)\n" \
          "functionObjects2(probes sets)\n"
    assert parse_foam_lists(out) == {"scalarBCs": ["fixedValue", "zeroGradient", "inletOutlet"],
                                     "functionObjects": ["probes", "sets"]}
    text = clean_help("\nUsage: simpleFoam [OPTIONS]\nOptions:\n  -case <dir> x\n\nSteady solver.\n\n"
                      "Using: OpenFOAM- (1912)\nBuild:  x\n")
    assert text.startswith("Steady solver.") and "Using:" not in text


@needs_tutorials
def test_tutorial_files_become_documents(tmp_path: Path) -> None:
    root = tmp_path / "tut"
    shutil.copytree(TUTORIALS / "incompressible/simpleFoam/airFoil2D", root / "incompressible/simpleFoam/airFoil2D")
    docs = {d.id: d for d in iter_case_tree(root, id_prefix="tutorial:", source="tutorial",
                                            doc_type="tutorial", version="v1912")}
    assert "tutorial:incompressible/simpleFoam/airFoil2D/constant/polyMesh/boundary" in docs
    assert not any(i.endswith(("polyMesh/points", "polyMesh/faces", "polyMesh/owner")) for i in docs)
    u = docs["tutorial:incompressible/simpleFoam/airFoil2D/0/U"]
    assert u.meta.role == "boundary condition field U" and u.meta.solver == "simpleFoam"
    assert u.meta.turbulence_model == "SpalartAllmaras" and u.meta.compressibility == "incompressible"
    assert u.title.splitlines()[0] == "Tutorial: incompressible/simpleFoam/airFoil2D"
    assert "F ield" not in u.body


@needs_tutorials
def test_macro_expansion_records_included_values(tmp_path: Path) -> None:
    case = tmp_path / "motorBike"
    shutil.copytree(TUTORIALS / "incompressible/simpleFoam/motorBike", case)
    doc = next(d for d in iter_case_tree(case, id_prefix="t:", source="tutorial", doc_type="tutorial",
                                         version="v1912") if d.id == "t:0.orig/U")
    enriched = enrich_document(doc, Path("/usr/share/openfoam"))
    assert "internalField = uniform (20 0 0)" in enriched.expansions
    assert enriched.fingerprint == doc.fingerprint  # expansion does not change the identity
    assert "Expanded values" in chunk_document(enriched, ChunkBudget())[-1].text


@needs_tutorials
def test_user_folder_notes_and_cases(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("# My notes\n## Divergence fix\nlower the relaxation\n")
    shutil.copytree(TUTORIALS / "incompressible/icoFoam/cavity/cavity", tmp_path / "runs/cavity")
    docs = {d.id: d for d in iter_user_folder(tmp_path, version="v1912")}
    root = tmp_path.resolve()
    assert f"user:{root}/notes.md" in docs
    control = docs[f"user:{root}/runs/cavity/system/controlDict"]
    assert control.source == f"user:{root}" and control.meta.doc_type == "user"
    assert control.meta.solver == "icoFoam"
    note = docs[f"user:{root}/notes.md"]
    assert chunk_document(note, ChunkBudget())[0].metadata.intent in ("troubleshooting", "reference")


def test_canonical_markdown_documents(tmp_path: Path) -> None:
    (tmp_path / "faq.md").write_text("# FAQ\n## Why does it diverge?\nCheck the mesh.\n")
    (tmp_path / "turbulence_models.md").write_text("# Turbulence\n## kOmegaSST\nText.\n")
    docs = {d.id: d for d in iter_markdown(tmp_path, id_prefix="canonical:", source="canonical",
                                           doc_type="canonical", version="v1912")}
    assert docs["canonical:faq.md"].meta.doc_type == "faq"
    assert docs["canonical:turbulence_models.md"].meta.doc_type == "canonical"
    chunks = chunk_document(docs["canonical:faq.md"], ChunkBudget())
    assert chunks[0].metadata.intent == "troubleshooting"
