"""Run controls of local time stepping (LTS: a `localEuler` ddt scheme, the *LTS tutorials of
rhoPimpleFoam, reactingFoam, reactingParcelFoam, reactingTwoPhaseEulerFoam ...). Each cell marches
with its own step, limited by the PIMPLE dictionary's maxCo, maxDeltaT, rDeltaTSmoothingCoeff and
rDeltaTDampingCoeff (v1912 setRDeltaT.H; rhoCentralFoam, which has no PIMPLE, reads them from
controlDict), so a Courant limit or a largest step said for an LTS run goes there; deltaT is 1 and endTime counts the iterations ("300 LTS
iterations": endTime 300). Pure functions over a case's texts and the request's words.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd

LTS_SCHEME = "localEuler"
# the words that ask for local time stepping (canonical/schemes.yaml and dictionary_terms.yaml name the
# scheme the same way); "no LTS", "without local time stepping" ask for none
_LTS = re.compile(r"(?<![\w-])(?:lts|local[\s-]*time[\s-]*step(?:ping|s)?|local[\s-]*euler|"
                  r"pseudo[\s-]*transient(?:ly)?)(?![\w-])", re.I)
_NEGATED = re.compile(r"\b(?:no|without|not|instead\s+of)\s+(?:\w+\s+){0,2}$", re.I)


def says_lts(text: str) -> bool:
    """The request asks for local time stepping ("LTS", "local time-stepping", "pseudo-transient"),
    not only rules it out ("no LTS")."""
    return any(not _NEGATED.search(text[max(0, m.start() - 30):m.start()]) for m in _LTS.finditer(text))


def rules_out_lts(text: str) -> bool:
    """The request rules local time stepping out ("no LTS, a real transient")."""
    return any(_NEGATED.search(text[max(0, m.start() - 30):m.start()]) for m in _LTS.finditer(text))


def steps_locally(fv_schemes: str) -> bool:
    """The fvSchemes text's default time derivative is localEuler."""
    default = fd.get(fd.strip_comments(fv_schemes), ["ddtSchemes", "default"]) or ""
    return default.split()[:1] == [LTS_SCHEME]


def lts_run(fv_schemes: str, text: str, solver: str, lts_solvers: list[str]) -> bool:
    """The planned case marches locally: its base's ddt scheme is localEuler, or the request asks
    for LTS on a solver that has it (the scheme binder then writes localEuler); not when the request
    rules LTS out."""
    if rules_out_lts(text):
        return False
    return steps_locally(fv_schemes) or (says_lts(text) and solver in lts_solvers)


def lts_control_home(fv_solution: str, key: str) -> tuple[str, list[str]]:
    """(file, entry) of an LTS control (maxCo, maxDeltaT, rDeltaTSmoothingCoeff): the PIMPLE
    dictionary of fvSolution where the solver has one (rhoPimpleFoam, reactingFoam, ...), else
    controlDict (rhoCentralFoam reads its LTS controls there)."""
    if fd.find(fd.strip_comments(fv_solution), ["PIMPLE"]) is not None:
        return "system/fvSolution", ["PIMPLE", key]
    return "system/controlDict", [key]


def lts_iterations(start: float, iterations: float) -> tuple[str, str]:
    """(endTime, deltaT) of an LTS run of that many iterations from `start`: deltaT 1 counts them."""
    end = start + iterations
    return (str(int(end)) if end == int(end) else repr(end)), "1"
