"""The parallel faults: a case run on 2 MPI ranks whose decomposition is wrong, in the ways
hand-written and LLM-written decomposeParDicts are (a subdomain count that is not the rank
count, divisions that do not multiply to it, methods whose libraries are stubs in Debian's
OpenFOAM v1912, a misspelled method, no dictionary at all).

The base records the rank count the way `--np 2` does (.casewright/parallel.json), so the
Reviewer's plan is decomposePar -force, `mpirun -np 2 icoFoam -parallel`, reconstructPar;
its runs use the case's decomposeParDict as it is (no `--np` preparation), so each fault
reaches OpenFOAM. Stale processor directories are not a text mutation: they are tested in
tests/integration/test_parallel.py.
"""

from __future__ import annotations

from tasks.bench.faults_lib import Base, Fault, create

_LID = ("0/U", "boundaryField/movingWall/value", "uniform (1 0 0)")

PARALLEL_BASES: dict[str, Base] = {
    "cavity2": Base("incompressible/icoFoam/cavity/cavity",
                    {".casewright/parallel.json": create('{"np": 2}\n')},
                    (_LID, ("system/controlDict", "endTime", "0.5"))),
}


def _dict(subdomains: int, method: str, coeffs: str = "") -> str:
    return ("FoamFile\n{\n    version     2.0;\n    format      ascii;\n    class       dictionary;\n"
            "    object      decomposeParDict;\n}\n\n"
            f"numberOfSubdomains {subdomains};\n\nmethod          {method};\n\n{coeffs}")


def _coeffs(method: str, n: str, extra: str = "    order xyz;\n") -> str:
    return f"{method}Coeffs\n{{\n    n               ({n});\n{extra}}}\n"


def P(id: str, what: str, breaks: str, text: str | None) -> Fault:
    edits = {"system/decomposeParDict": create(text)} if text is not None else {}
    return Fault(id=id, base="cavity2", breaks=breaks, expected_rule="strategy:decomposition", edits=edits,
                 kind=f"decomposition/{what}")


PARALLEL_FAULTS: list[Fault] = [
    P("par_cavity_subdomains_3", "subdomains", "numberOfSubdomains 3 for 2 ranks (n (3 1 1))",
      _dict(3, "hierarchical", _coeffs("hierarchical", "3 1 1"))),
    P("par_cavity_n_product", "divisions", "hierarchicalCoeffs n (2 2 1) for 2 subdomains",
      _dict(2, "hierarchical", _coeffs("hierarchical", "2 2 1"))),
    P("par_cavity_simple_n", "divisions", "simpleCoeffs n (1 1 1) for 2 subdomains",
      _dict(2, "simple", _coeffs("simple", "1 1 1", "    delta           0.001;\n"))),
    P("par_cavity_scotch", "stub_method", "method scotch (a stub library in Debian's v1912)", _dict(2, "scotch")),
    P("par_cavity_metis", "stub_method", "method metis (a stub library in Debian's v1912)", _dict(2, "metis")),
    P("par_cavity_method_typo", "unknown_method", "method `hierarchial`", _dict(2, "hierarchial")),
    P("par_cavity_no_dict", "missing_dict", "no system/decomposeParDict", None),
]
