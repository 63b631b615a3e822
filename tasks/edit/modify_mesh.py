"""Mesh changes of `modify`: refinement or coarsening by a factor ("halve the cell size",
"double the resolution in x", "coarsen by 2"), cell counts ("80 by 80 cells", spread over the
blocks of a multi-block mesh), and a cell size ("refine to 1 mm cells", "cell size 5 mm",
"make the cells 2.5 mm"): every block of the blockMeshDict gets the counts that make its cells
about that size along each of its edges (a flat axis of a 2-D case keeps its one cell; blocks
that share a face keep matching counts), on one block or many."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from tasks.core.errors import PlanError
from tasks.edit import caseops
from tasks.edit.caseops_io import m4_output
from tasks.edit.modify_models import ChangePlan
from tasks.edit.modify_refine import relative_refinement
from tasks.edit.modify_words import FACTOR_TOKEN, token_factor
from tasks.foam import block_layout
from tasks.foam import dictionary as fd
from tasks.foam import geometry
from tasks.foam.casedir import mesh_patches
from tasks.plan.extract import Quantity
from tasks.plan.manifest import FileEdit

# words that make a length the size of the cells: after it ("1 mm cells") or just before it
# in its clause ("cell size 5 mm", "make the cells 2 mm", "a grid spacing of 0.5 mm")
_AFTER = re.compile(r"\s*(?:-\s*)?(?:cells?|grid|mesh|spacing|resolution|elements?)\b")
_BEFORE = re.compile(r"\b(?:cell[- ]?sizes?|cell spacing|grid spacing|mesh spacing|mesh size|grid size|spacing|"
                     r"cell width|cells?|resolution|grid|mesh)\b(?:\s+(?:of|to|at|=|:|about|around|roughly|"
                     r"approximately|be|are|is|should be))*\s*(?:~|=|:)?\s*$")


def stated_cell_size(qs: list[Quantity]) -> Quantity | None:
    """The first length the words make a cell size, None when there is none."""
    for q in qs:
        if q.kind != "length":
            continue
        clause = re.split(r"[,;]|\.\s|\band\b", q.before.lower())[-1]
        if _AFTER.match(q.after.lower()) or _BEFORE.search(clause):
            return q
    return None


def mesh_scale(text: str) -> float:
    """convertToMeters (or scale) of a blockMeshDict, 1 when absent or not a number."""
    raw = (fd.get(text, ["convertToMeters"]) or fd.get(text, ["scale"]) or "1").strip()
    try:
        return float(raw)
    except ValueError:
        return 1.0


def blocks_value(text: str) -> str:
    """The `blocks` list of a blockMeshDict as it is laid out there (a block a line, its grading
    on the lines it had), comments left out so that the value reads back as written: the value
    of an edit of the blocks, which would otherwise be written on one line."""
    span = fd.find(text, ["blocks"])
    if span is None:
        return ""
    raw = re.sub(r"/\*.*?\*/", "", text[span.value_start:span.value_end], flags=re.S)
    lines = (re.sub(r"//.*", "", line).rstrip() for line in raw.splitlines())
    return "\n".join(line for line in lines if line.strip())


def cell_size_edit(bmd_text: str, q: Quantity) -> FileEdit | str:
    """The blocks entry with cells of about `q` (metres), or why it cannot be set."""
    if q.value <= 0:
        return f"a cell size must be positive, got {q.text}"
    try:
        new = geometry.size_blocks(bmd_text, q.value, mesh_scale(bmd_text))
    except PlanError as err:
        return str(err)
    value = blocks_value(new)
    return FileEdit(file="system/blockMeshDict", entry=["blocks"], value=value, reason=f"cells of about {q.text}",
                    locked=True)


# direction words for one axis of a cell count ("80 cells across the channel height")
_AXIS_WORDS = (
    (0, r"\bin x\b|\bx[- ]direction|\balong x\b|\bx[- ]wise|streamwise|horizontal(?:ly)?|along the (?:channel|pipe|duct|length)|"
        r"lengthwise|axial(?:ly)?|over the length"),
    (1, r"\bin y\b|\by[- ]direction|\balong y\b|vertical(?:ly)?|wall[- ]normal|across the (?:channel |duct |gap )?(?:height|gap)|"
        r"over the height|through the height|radial(?:ly)?"),
    (2, r"\bin z\b|\bz[- ]direction|\balong z\b|spanwise|across the span|over the span"),
)
_AXIS_COUNT = re.compile(r"\b(\d+)\s+cells?\b(?P<rest>[^.;,]{0,40})")


def axis_cell_count(text: str) -> tuple[int, int] | None:
    """(axis, count) of a cell count stated for one direction ("80 cells across the channel
    height", "use 200 cells streamwise", "40 cells in y"); None when there is none or the
    direction is not said."""
    low = text.lower()
    for m in _AXIS_COUNT.finditer(low):
        near = m.group("rest") + " " + low[max(0, m.start() - 30):m.start()]
        axes = [axis for axis, words in _AXIS_WORDS if re.search(words, m.group("rest"))] or \
            [axis for axis, words in _AXIS_WORDS if re.search(words, near)]
        if len(axes) == 1 and int(m.group(1)) > 0:
            return axes[0], int(m.group(1))
    return None


def no_block_mesh(case: Path) -> str:
    """Why a case without system/blockMeshDict cannot have its cells changed here, and what to
    do: the mesh source it has (a gmsh .msh, snappyHexMeshDict, an imported polyMesh)."""
    if any(case.glob("*.msh")) or (case / ".casewright/geometry.json").is_file() and \
            '"gmsh"' in (case / ".casewright/geometry.json").read_text():
        return ("the mesh comes from gmsh (no system/blockMeshDict): make the case again with `casewright new` "
                "and the cell size or counts you want")
    if (case / "system/blockMeshDict.m4").is_file():
        return ("the mesh is written by the m4 template system/blockMeshDict.m4 (its counts are m4 macros, not "
                "cells per axis): state a refinement factor ('refine x2'), which expands the template, or change the "
                "counts in the .m4 file by hand")
    if (case / "system/snappyHexMeshDict").is_file():
        return ("the case is meshed by snappyHexMesh: change the background blockMesh or the refinement levels "
                "in system/snappyHexMeshDict by hand")
    return "the case has no system/blockMeshDict: an imported mesh is refined by hand (refineMesh, or in its mesher)"


def describe_counts(counts: list[int]) -> str:
    """'80 x 80 cells' for stated counts, '80 cells in y' for one axis ([0, 80, 0])."""
    if sum(1 for c in counts if c) == 1 and len(counts) > 1:
        axis = next(i for i, c in enumerate(counts) if c)
        return f"{counts[axis]} cells in {'xyz'[axis]}"
    return f"{' x '.join(map(str, counts))} cells"


_FACTOR_WORDS = {"double": 2.0, "twice": 2.0, "triple": 3.0, "quadruple": 4.0, "halve": 0.5, "half": 0.5}


_SPELLED = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "eight": 8, "ten": 10}


_SPELLED_TIMES = re.compile(rf"\b({'|'.join(_SPELLED)})\s+times\b")


def refinement(low: str, two_d: bool, flat: Iterable[int] = ()) -> list[float] | None:
    """Cell-count factors (x, y, z) a change request asks for: "halve the cell size" (x2),
    "double the resolution in x" (x2 in x), "refine the mesh by a factor of 3", "coarsen by 2",
    "twice as fine", "cells half as big"; None when it asks for no refinement. An axis in `flat`
    (one cell in every block: the empty direction of a 2-D case, in x, y or z) keeps its one
    cell unless the words name it."""
    low = _SPELLED_TIMES.sub(lambda m: f"{_SPELLED[m.group(1)]} times", low)  # "three times finer"
    size_words = r"(?:cell size|cell sizes|cell spacing|grid spacing|mesh size|spacing|cell width)"
    count_words = r"(?:resolution|cells|cell count|number of cells|mesh|grid)"
    factor: float | None = None
    m = re.search(rf"\b(double|twice|triple|quadruple|halve|half)\b[^.;,]*?{size_words}|{size_words}[^.;,]*?\b(doubled|halved|tripled)\b", low)
    if m:
        word = (m.group(1) or m.group(2) or "").removesuffix("d").removesuffix("e") + ("e" if (m.group(2) or "").startswith("halv") else "")
        word = {"doubl": "double", "halv": "halve", "halve": "halve", "tripl": "triple"}.get(word, word)
        factor = 1.0 / _FACTOR_WORDS.get(word, 1.0)
    if factor is None and re.search(rf"\b(?:coarsen\w*|(?:reduce|lower|decrease|cut)\w*\s+(?:the\s+)?{count_words})\b[^.;]*?"
                                    r"\bby\s+(?:a\s+)?half\b", low):
        factor = 0.5  # "coarsen the mesh by half", "reduce the resolution by half"
    if factor is None:  # "cells half as big", "cells twice as small", "a grid twice as fine"
        m = re.search(r"\b(?:cells?|grid|mesh|spacing)\b[^.;,]*?\b(half|twice|two times|three times|four times)\s+as\s+"
                      r"(big|large|wide|long|coarse|small|fine|narrow|short)\b", low)
        if m:
            n = {"half": 0.5, "twice": 2.0, "two times": 2.0, "three times": 3.0, "four times": 4.0}[m.group(1)]
            bigger = m.group(2) in ("big", "large", "wide", "long", "coarse")
            factor = 1.0 / n if bigger else n
    if factor is None:
        m = re.search(rf"\b(double|twice|triple|quadruple|halve|half)\b[^.;,]*?{count_words}|{count_words}[^.;,]*?\b(doubled|halved)\b", low)
        if m:
            word = m.group(1) or {"doubled": "double", "halved": "halve"}[m.group(2)]
            factor = _FACTOR_WORDS[word]
    if factor is None:
        m = re.search(rf"\b(increase|raise|multiply|decrease|reduce|lower)\w*\b[^.;]*?{count_words}[^.;]*?by\s+"
                      r"(?:a\s+)?factor\s+(?:of\s+)?(\d+(?:\.\d+)?)", low)
        if m:
            n = float(m.group(2))
            factor = n if m.group(1).startswith(("increase", "raise", "multiply")) else 1.0 / n
    if factor is None:
        # "refine by 2", never the "by" of a cell count ("refine to 80 by 80 cells")
        m = re.search(r"\b(refine|coarsen)\w*\b[^.;]*?(?:by\s+(?:a\s+)?factor\s+(?:of\s+)?|(?<![\d.]\s)(?<![\d.])by\s+)"
                      r"(\d+(?:\.\d+)?)(?![\d.])(?!\s*(?:by|x|\*)\s*\d|\s*(?:%|percent|per cent))", low) or \
            re.search(r"\b(\d+(?:\.\d+)?)\s*(?:x|times)\s+(finer|coarser)\b", low)
        if m:
            verb, number = (m.group(1), m.group(2)) if not m.group(1)[0].isdigit() else (m.group(2), m.group(1))
            factor = float(number) if verb.startswith(("refine", "finer")) else 1.0 / float(number)
        elif re.search(r"\b(twice|two times) as fine\b", low):
            factor = 2.0
    if factor is None:
        factor = _symbol_factor(low, size_words, count_words)
    if factor is None:  # "refine by 50 %" (1.5 times the cells), "coarsen the grid by 25 percent"
        m = re.search(rf"\b(refine|coarsen|(?:increase|raise|reduce|decrease|lower)\w*\s+(?:the\s+)?{count_words})\w*\b"
                      r"[^.;,]*?\bby\s+(\d+(?:\.\d+)?)\s*(?:%|percent|per cent)", low)
        if m:
            pct = float(m.group(2)) / 100
            finer = m.group(1).startswith(("refine", "increase", "raise"))
            factor = 1.0 + pct if finer else (1.0 - pct if pct < 1 else None)
    if factor is None:  # "50 % finer", "3x the cells", "three times as many cells", "cells 2x smaller"
        factor = relative_refinement(low)
    if factor is None:  # "cells per direction: twice the present count", "resolution x2 of what we had"
        factor = count_then_factor(low, count_words)
    if factor is None:  # "finer mesh please", "coarsen the grid": no factor stated, a factor of 2
        factor = default_refinement(low)
    if factor is None:
        return None
    axes = [bool(re.search(p, low)) for p in (r"\bin x\b|\bx[- ]direction|streamwise|along x|\bx\s+(?:and|,)|\(x\)|\bx[- ]only\b",
                                              r"\bin y\b|\by[- ]direction|wall[- ]normal|along y|(?:and|,)\s+y\b|\(y\)|\by[- ]only\b",
                                              r"\bin z\b|\bz[- ]direction|spanwise|along z|(?:and|,)\s+z\b|\(z\)|\bz[- ]only\b")]
    if not any(axes):
        flat = set(flat)
        axes = [i not in flat for i in range(3)] if flat else [True, True, not two_d]
    return [factor if a else 1.0 for a in axes]


# a multiplier after the count words, and what may follow it: the end of the clause or the count it scales
_AFTER_FACTOR = (r"(?=\s*(?:$|[.;,)]|(?:the\s+)?(?:present|current|old|original|existing|number|count|cells|resolution)\b|"
                 r"as\s+(?:many|fine|much|before|now)\b|of\s+(?:what|the|before|now)\b|what\b|per\b|in\s+each\b|"
                 r"(?:in|along)\s+(?:every|each|both|all)\b))")
_MULTIPLIER = {"twice": 2.0, "double": 2.0, "doubled": 2.0, "triple": 3.0, "tripled": 3.0, "half": 0.5, "halved": 0.5,
               "quadruple": 4.0, "quadrupled": 4.0}


def count_then_factor(low: str, count_words: str) -> float | None:
    """A factor stated after the words for the cell count, within a few words and ending its
    clause or naming the count: "cells per direction: twice the present count", "resolution:
    half of what we had", "number of cells x3 in each direction"; None when there is none."""
    words = "|".join(_MULTIPLIER)
    m = re.search(rf"\b{count_words}\b[\s:=,–—-]*(?:(?!by\b)[a-z]+\W+){{0,3}}?(?:(?P<word>{words})|(?<![\d.]\s)(?<![\d.])"
                  rf"x\s*(?P<n>\d+(?:\.\d+)?)|(?P<m>\d+(?:\.\d+)?)\s*x(?!\s*\d))\b{_AFTER_FACTOR}", low)
    if m is None:
        return None
    factor = _MULTIPLIER[m.group("word")] if m.group("word") else float(m.group("n") or m.group("m"))
    coarser = re.search(r"\b(?:coarse\w*|fewer|reduc\w*|decreas\w*|lower\w*)\b", low[:m.start()]) is not None
    return 1.0 / factor if coarser and factor > 1 else factor


# a finer or coarser mesh asked for without a factor: "coarser mesh please", "refine the grid",
# "a bit finer", "fewer cells"; never a time step refined nor a clause that gives a number
_FINER = re.compile(r"\b(?:finer|refine\w*|more cells|higher resolution|denser)\b")
_COARSER = re.compile(r"\b(?:coarser|coarsen\w*|fewer cells|lower resolution)\b")
_MESH_WORDS = re.compile(r"\b(?:mesh|grid|cells?|resolution)\b")


def default_refinement(low: str) -> float | None:
    """2 for a finer mesh asked for without a factor ("refine the mesh", "finer grid please"),
    0.5 for a coarser one; None when no clause asks for one, or the clause states a number."""
    for clause in re.split(r"[.;,!?]|\band\b|\n", low):
        if re.search(r"\d|\bby\b|\bfactor\b|time[- ]?step|\bdt\b|tolerance|residual", clause):  # an amount not read: no guess
            continue
        finer, coarser = _FINER.search(clause), _COARSER.search(clause)
        if (finer or coarser) and (_MESH_WORDS.search(clause) or re.search(r"\b(?:refine|coarsen)\w*\b", clause)):
            return 0.5 if coarser and not finer else 2.0 if finer and not coarser else None
    return None


_INCLUDE = re.compile(r'#include\s+"([^"]+)"')


def with_included_blocks(case: Path, text: str) -> str:
    """The blockMeshDict text with each `#include "file"` inside its blocks list replaced by that
    file's blocks, so that the variables the included blocks name are counted and refined too
    (helmholtzResonance's `blockMeshDict.caseBlocks`). An included file the case does not hold yet
    (its Allrun copies one of several variants in) stands for every system/blockMeshDict.* file
    that holds blocks, so that each variant's variables are refined alike. For reading the count
    variables only: the blocks list written back is never this text."""
    span = fd.find(text, ["blocks"])
    if span is None or "#include" not in text[span.value_start:span.value_end]:
        return text

    def inlined(m: re.Match[str]) -> str:
        target = case / "system" / m[1]
        variants = (f for f in (case / "system").glob("blockMeshDict.*") if f.suffix != ".m4" and "hex" in f.read_text())
        files = [target] if target.is_file() else sorted(variants)
        return "\n".join(fd.strip_comments(f.read_text()) for f in files)

    return text[:span.value_start] + _INCLUDE.sub(inlined, text[span.value_start:span.value_end]) + text[span.value_end:]


def mesh_text(case: Path) -> str | None:
    """The case's blockMeshDict as blockMesh will read it: system/blockMeshDict, else what its m4
    template (system/blockMeshDict.m4, written out when the change is applied) expands to; None
    for a case meshed otherwise or whose template does not expand."""
    bmd = case / "system/blockMeshDict"
    if bmd.is_file():
        return bmd.read_text()
    if not (case / "system/blockMeshDict.m4").is_file():
        return None
    try:
        return m4_output(case)
    except PlanError:
        return None


def counted_text(text: str) -> str:
    """The blockMeshDict text with the variables its blocks' cell counts name (`($nx 1 $nz)`)
    replaced by their values, for counting cells; the text itself when its counts are literal
    or a variable is not a whole number."""
    try:
        values = {"$" + ":".join(path): value for path, value, _ in geometry.count_variables(text)}
    except PlanError:
        return text
    if not values:
        return text
    token = re.compile(r"\$:?[A-Za-z_][\w.:]*")

    def literal(m: re.Match[str]) -> str:
        name = "$" + ":".join(p for p in re.split(r"[.:/]", m.group().lstrip("$:")) if p)
        return str(values.get(name, m.group()))

    return re.sub(r"(\bhex\s*\([^()]*\)\s*(?:[A-Za-z_][\w.:-]*\s*)?)(\([^()]*\))",
                  lambda m: m.group(1) + token.sub(literal, m.group(2)), text)


def variable_count_edits(text: str, factors: list[float], reason: str) -> list[FileEdit]:
    """The edits that refine a blockMeshDict whose blocks' counts are all variables or 1
    (`($nx 1 $nz)`): each variable times its axis' factor (a count of 1 stays). Raises, saying
    why, when the counts are neither literal nor such variables (#calc, a mix)."""
    clean = fd.strip_comments(text)
    blocks, hexes = _VARIABLE_BLOCK.findall(clean), len(re.findall(r"\bhex\s*\(", clean))
    if not hexes or len(blocks) != hexes or any(t[:1] != "$" and t != "1" for b in blocks for t in b):
        raise PlanError("system/blockMeshDict: the cell counts of its blocks are neither plain numbers nor "
                        f"variables alone ({hexes} hex blocks); change them by hand or with their variables")
    scaled = geometry.scaled_count_variables(text, factors)
    return [FileEdit(file="system/blockMeshDict", entry=path, value=str(new), reason=f"{reason} ({old} -> {new})",
                     locked=True) for path, old, new in scaled if new != old]


_VARIABLE_BLOCK = re.compile(r"\bhex\s*\([^()]*\)\s*(?:[A-Za-z_][\w.:-]*\s*)?\(\s*(\S+)\s+(\S+)\s+(\S+)\s*\)")


def unrefinable(case: Path, factors: list[float]) -> str | None:
    """Why the blockMeshDict cannot be refined by `factors`, None when it can: literal counts,
    counts that are variables (`$nx`: the variables are scaled), or an m4 template (expanded when
    the change is applied)."""
    text = mesh_text(case)
    if text is None:
        return no_block_mesh(case)
    try:
        caseops.scale_blocks(text, factors)
    except PlanError:
        try:
            variable_count_edits(with_included_blocks(case, text), factors, "mesh refinement")
        except PlanError as err:
            return str(err)
    return None


def set_refinement(plan: ChangePlan, case: Path, factors: list[float]) -> None:
    """Refine by `factors` (x, y, z; `unrefinable` said it can): the blocks' literal counts when the
    change is applied (plan.refine), or the variables their counts name, edited now."""
    bmd = case / "system/blockMeshDict"
    text = bmd.read_text() if bmd.is_file() else None
    try:
        if text is not None:
            caseops.scale_blocks(text, factors)
    except PlanError:
        how = f"mesh refined by {' x '.join(f'{f:.3g}' for f in factors)} (x y z)"
        plan.edits += variable_count_edits(with_included_blocks(case, text), factors, how)
        snappy_note(plan, case)
        return
    plan.refine = factors
    snappy_note(plan, case)


def snappy_note(plan: ChangePlan, case: Path) -> None:
    """Say, for a case snappyHexMesh meshes, that the change is to its background blockMesh and that
    the refinement levels of system/snappyHexMeshDict stay (each level halves the background cell,
    so the refined regions follow the new background)."""
    note = ("the background blockMesh of snappyHexMesh changed; the refinement levels in "
            "system/snappyHexMeshDict stay, so its refined regions scale with the background cells")
    if (case / "system/snappyHexMeshDict").is_file() and note not in plan.assumptions:
        plan.assumptions.append(note)


def cell_count_edit(plan: ChangePlan, case: Path, counts: list[int]) -> None:
    """"80 by 80 cells": the counts of a one-block mesh; a mesh of several blocks (or one whose
    counts are variables) is scaled so that its largest total along each stated axis becomes the
    stated count (blocks keep their proportions and shared faces keep matching counts)."""
    _cell_count_edit(plan, case, counts)
    if plan.refine is not None or any(e.file == "system/blockMeshDict" for e in plan.edits):
        snappy_note(plan, case)


def _cell_count_edit(plan: ChangePlan, case: Path, counts: list[int]) -> None:
    text = mesh_text(case)
    if text is None:
        plan.warnings.append(f"not applied: {describe_counts(counts)} ({no_block_mesh(case)})")
        return
    if not (case / "system/blockMeshDict").is_file():  # what an m4 template expands to: written when applied
        _template_counts(plan, case, text, counts)
        return
    counted = counted_text(text)
    if counted != text:
        return  # counts that are variables ($nx): the binder of `new` sets them, the flat axis kept (bind_the_rest)
    cells = caseops.block_cells(counted)
    wanted = _placed(counts, counted)
    if len(cells) == 1 and counted == text:
        along = (geometry.block_axes(text) or [(0, 1, 2)])[0]  # the block's local axis along x, y, z
        local = list(cells[0])
        for axis, count in enumerate(wanted):
            local[along[axis]] = count or local[along[axis]]
        value = blocks_value(geometry.set_single_block_cells(text, local))
        plan.edits.append(FileEdit(file="system/blockMeshDict", entry=["blocks"], value=value, reason="mesh resolution",
                                   locked=True))  # the stated counts replace a resolution the base case locked
        return
    # several blocks: the stated count is the total over the blocks met along a line through the mesh
    if counted == text:
        _layout_counts(plan, text, counts, wanted)
        return
    totals = caseops.axis_totals(counted)
    if totals is None or not cells:
        plan.warnings.append(f"not applied: {describe_counts(counts)} (the blockMeshDict's vertices or cell counts are "
                             "not plain numbers: its blocks' cells along each axis cannot be added up)")
        return
    factors = [wanted[i] / totals[i] if wanted[i] and totals[i] else 1.0 for i in range(3)]
    if (reason := unrefinable(case, factors)) is not None:
        plan.warnings.append(f"not applied: {describe_counts(counts)} ({reason})")
        return
    set_refinement(plan, case, factors)
    plan.assumptions.append(f"{' x '.join(map(str, counts))} cells over {len(cells)} blocks: every block scaled by "
                            f"{' x '.join(f'{f:.3g}' for f in factors)} (x y z), so the cell counts across the mesh are "
                            "about the stated ones")


def _layout_counts(plan: ChangePlan, text: str, counts: list[int], wanted: list[int]) -> None:
    """Stated totals along x, y, z (`wanted`, 0 where not said) on a mesh of several blocks with
    plain counts: each direction's total exact on the longest line through the blocks, spread
    in proportion to the cells the blocks hold now, shared faces kept conforming
    (tasks.foam.block_layout); not applied, with the reason, where the blocks turn."""
    totals = {axis: n for axis, n in enumerate(wanted) if n}
    try:
        new = block_layout.set_totals(text, totals)
    except PlanError as err:
        plan.warnings.append(f"not applied: {describe_counts(counts)} ({err})")
        return
    written = " ".join(f"({a} {b} {c})" for a, b, c in geometry.block_cells(new))
    said = ", ".join(f"{n} in {'xyz'[axis]}" for axis, n in totals.items())
    plan.edits.append(FileEdit(file="system/blockMeshDict", entry=["blocks"], value=blocks_value(new),
                               reason=f"mesh cells across the blocks: {said} (blocks {written})", locked=True))
    plan.assumptions.append(f"{describe_counts(counts)} over {len(geometry.block_cells(new))} blocks: blocks {written}, "
                            "each direction's total exact along the longest line, spread over the blocks on it in "
                            "proportion to the cells each holds now (their local refinement kept), shared faces matching")


def _placed(counts: list[int], text: str) -> list[int]:
    """Stated counts as (x, y, z): two counts on a 2-D mesh (or one with a single cell across one
    direction) are its two resolved directions ("200 by 120" on a mesh in the x-z plane is 200 in x
    and 120 in z), else in x, y, z order."""
    one_cell = [axis for axis, n in enumerate(geometry.aligned_totals(text) or []) if n == 1]  # global directions
    flat = one_cell or geometry.empty_axes(text)
    stated = [c for c in counts if c]
    if len(counts) == 2 and len(stated) == 2 and len(flat) == 1:
        resolved = [axis for axis in range(3) if axis not in flat]
        return [dict(zip(resolved, stated)).get(axis, 0) for axis in range(3)]
    return counts + [0] * (3 - len(counts))


def _template_counts(plan: ChangePlan, case: Path, text: str, counts: list[int]) -> None:
    """"200 by 120 cells" on a mesh an m4 template writes: the blocks of its expansion scaled so
    that the totals along the stated global directions become the counts, each block on its local
    axis along them (a template's blocks often run their first axis along y: sloshingTank2D); two
    counts are the two directions with more than one cell. A count for one direction is not
    placed on a template's blocks (polar and curved templates)."""
    dims = [c for c in counts if c]
    totals = geometry.aligned_totals(text)
    resolved = [axis for axis in range(3) if totals and totals[axis] > 1]
    if len(dims) < 2 or totals is None or len(dims) > 3 or len(dims) == 2 and len(resolved) != 2:
        plan.warnings.append(f"not applied: {describe_counts(counts)} ({no_block_mesh(case)})")
        return
    axes = resolved if len(dims) == 2 else [0, 1, 2]
    factors = [1.0, 1.0, 1.0]
    for axis, n in zip(axes, dims):
        factors[axis] = n / totals[axis]
    try:
        new = geometry.scale_blocks_along(text, factors)
    except PlanError as err:
        plan.warnings.append(f"not applied: {describe_counts(counts)} ({err})")
        return
    said = ", ".join(f"{n} in {'xyz'[axis]}" for axis, n in zip(axes, dims))
    plan.edits.append(FileEdit(file="system/blockMeshDict", entry=["blocks"], value=blocks_value(new),
                               reason=f"mesh cells across the blocks: {said} (system/blockMeshDict.m4 expanded)",
                               locked=True))


def is_2d(case: Path) -> bool:
    return "empty" in mesh_patches(case).values()


def _symbol_factor(low: str, size_words: str, count_words: str) -> float | None:
    """A refinement factor written with a symbol: "refine mesh 2x", "coarsen the grid x2",
    "resolution ×1.5", "cell size /2" (a size divided: finer), "3-fold refinement"."""
    token = FACTOR_TOKEN.pattern
    m = re.search(rf"\b(?P<verb>refine|coarsen)\w*\b[^.;,]{{0,30}}?(?:{token})", low)
    if m and _second_count(low, m):
        return None  # "refine to 200 x 50": cell counts, not a factor of 50
    if m:
        f = token_factor(m)
        return f if m.group("verb") == "refine" else 1.0 / f
    m = re.search(rf"(?:{token})\s*(?P<noun>refine|coarsen)\w*", low)
    if m:
        f = token_factor(m)
        return f if m.group("noun") == "refine" else 1.0 / f
    m = re.search(rf"\b{size_words}\s*(?:[:=]\s*)?(?:{token})", low)
    if m:
        return 1.0 / token_factor(m)
    m = re.search(rf"\b{count_words}\s*(?:[:=]\s*)?(?:{token})", low)
    return token_factor(m) if m and not _second_count(low, m) else None


def _second_count(low: str, m: re.Match[str]) -> bool:
    """The factor token `m` matched ("x 50") is the second of two cell counts ("200 x 50")."""
    at = m.start("pre") if m.group("pre") else -1
    return at >= 0 and re.search(r"\d\s*[x×*]\s*$", low[:at]) is not None
