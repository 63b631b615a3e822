"""The installed-name lists: parsing what OpenFOAM prints for an unknown name, and the documents
made from canonical/installed_names.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.core.errors import ConfigError
from tasks.core.paths import CANONICAL_DIR
from tasks.foam import dictionary as fd
from tasks.knowledge.chunking import ChunkBudget, chunk_document
from tasks.knowledge.installed_names import (
    FILE_NAME,
    PROBES,
    InstalledNames,
    NameList,
    installed_name_documents,
    load_installed_names,
    parse_valid_names,
    unknown_word_named,
    write_installed_names,
)

# Verbatim from v1912 simpleFoam on pitzDaily: a short list is printed on one line ...
SMOOTHER_LOG = """\
--> FOAM FATAL IO ERROR:
Unknown symmetric matrix smoother type fooBar

Valid symmetric matrix smoother types :
6(DIC DICGaussSeidel FDIC GaussSeidel nonBlockingGaussSeidel symGaussSeidel)


file: /case/system/fvSolution.solvers.p from line 22 to line 25.

FOAM exiting
"""
# ... a long one with one name per line.
SCHEME_LOG = """\
--> FOAM FATAL IO ERROR:
Unknown discretisation type fooBar

Valid discretisation types :

4
(
linear
upwind
vanLeer
LUST
)


file: /case/system/fvSchemes.divSchemes.div(phi,U) at line 31.
"""


@pytest.mark.parametrize(("log", "names"), [
    (SMOOTHER_LOG, ["DIC", "DICGaussSeidel", "FDIC", "GaussSeidel", "nonBlockingGaussSeidel", "symGaussSeidel"]),
    (SCHEME_LOG, ["LUST", "linear", "upwind", "vanLeer"]),
])
def test_parse_valid_names_reads_inline_and_multiline_lists(log: str, names: list[str]) -> None:
    assert parse_valid_names(log) == names
    assert unknown_word_named(log)


@pytest.mark.parametrize(("log", "message"), [
    ("--> FOAM FATAL ERROR:\n\n\nFOAM exiting\n", "no 'Valid"),  # v1912's empty message (no-flux lookup)
    ("Valid schemes are :\n3\n(\nlinear\nupwind\n)\n", "announces 3 names but holds 2"),
])
def test_parse_valid_names_refuses_what_is_not_a_complete_list(log: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_valid_names(log)


def test_every_probe_edits_an_entry_the_tutorial_dictionary_layer_can_set() -> None:
    kinds = [p.kind for p in PROBES]
    assert len(kinds) == len(set(kinds))
    text = "solvers\n{\n    p\n    {\n        solver GAMG;\n    }\n}\n"
    edited = fd.set_entry(text, ["solvers", "p"], {"solver": "PCG", "preconditioner": "fooBar"})
    assert fd.get(edited, ["solvers", "p", "preconditioner"]) == "fooBar"
    assert fd.parse_error(edited) is None


def test_documents_one_chunk_per_kind_with_every_name(tmp_path: Path) -> None:
    names = InstalledNames(openfoam_version="v1912", generated="2026-12-01", generator="test", kinds={
        "smoothers_symmetric": NameList(title="smoothers for symmetric matrices", used_in="fvSolution p { smoother }",
                                        command="simpleFoam ...", names=["DIC", "GaussSeidel"]),
        "boundary_conditions_scalar": NameList(title="scalar BCs", used_in="0/p", command="simpleFoam ...",
                                               names=[f"bc{n}" for n in range(150)]),
    })
    path = tmp_path / FILE_NAME
    write_installed_names(names, path)
    assert load_installed_names(path) == names
    docs = list(installed_name_documents(path, version="v1912"))
    assert [d.id for d in docs] == [f"canonical:{FILE_NAME}#smoothers_symmetric",
                                    f"canonical:{FILE_NAME}#boundary_conditions_scalar"]
    for doc, kind in zip(docs, names.kinds.values(), strict=True):
        chunks = chunk_document(doc, ChunkBudget())
        assert len(chunks) == 1
        assert all(name in chunks[0].text.split() for name in kind.names)
        assert doc.meta.doc_type == "canonical" and doc.source == "canonical"


def test_the_shipped_file_holds_every_probed_kind() -> None:
    shipped = load_installed_names(CANONICAL_DIR / FILE_NAME)
    assert shipped.openfoam_version == "v1912"
    assert set(shipped.kinds) == {p.kind for p in PROBES}
    assert "GaussSeidel" in shipped.kinds["smoothers_symmetric"].names
    assert "kOmegaSST" in shipped.kinds["ras_models"].names
    assert all(k.names == sorted(k.names) for k in shipped.kinds.values())


def test_an_unreadable_file_says_how_to_regenerate_it(tmp_path: Path) -> None:
    bad = tmp_path / FILE_NAME
    bad.write_text("kinds: [\n")
    with pytest.raises(ConfigError, match="python -m tasks.knowledge.installed_names"):
        load_installed_names(bad)
