"""Cut documents into chunks: section-aware splitting (dictionary entries, markdown
headings, paragraphs), word budgets with overlapping windows, and per-chunk fingerprints.

Runs only for documents that are new or changed (see tasks/knowledge/corpus.py): `enrich_document`
(PyFoam macro expansion) first, then `chunk_document`. A change to how chunks are cut must
bump `tasks.knowledge.documents.PIPELINE_VERSION`, so stored documents are re-chunked.
"""

from __future__ import annotations

import logging
import os
import re
import sys
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from tasks.foam import dictionary as fd
from tasks.knowledge.documents import DocMeta, Document, markdown_intent, md5

logger = logging.getLogger(__name__)


class ChunkMeta(DocMeta):
    section: str = ""
    fingerprint: str = Field("", description="MD5 of the chunk text")
    embed_fingerprint: str = Field("", description="MD5 of the embedded text; equal => same vector")


class Chunk(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    document_id: str
    ord: int
    text: str = Field(description="what is shown and full-text indexed: title + section")
    embed_text: str = Field(description="what is embedded: role + section, so shared bodies dedupe")
    fingerprint: str
    embed_fingerprint: str
    metadata: ChunkMeta


class ChunkBudget(BaseModel):
    model_config = ConfigDict(extra="forbid")

    words: int = Field(400, gt=0)
    overlap: int = Field(100, ge=0)


def word_count(text: str) -> int:
    return len(text.split())


# --- splitting -------------------------------------------------------------------------------

class Piece(BaseModel):
    model_config = ConfigDict(extra="forbid")

    label: str
    text: str


def split_foam(text: str, budget: int, path: tuple[str, ...] = ()) -> list[Piece]:
    """Top-level entries; an entry over budget is split into its sub-entries (recursively)."""
    entries = fd.entries(text)
    if not entries:
        return [Piece(label="/".join(path), text=text)] if text.strip() else []
    pieces: list[Piece] = []
    for n, entry in enumerate(entries):
        end = entries[n + 1].lead_start if n + 1 < len(entries) else len(text)
        segment = text[entry.lead_start : end].strip("\n")
        if entry.kind == "dict" and word_count(segment) > budget and entry.body_end > entry.body_start:
            inner = split_foam(text[entry.body_start : entry.body_end], budget, (*path, entry.name))
            if len(inner) > 1:
                pieces.extend(inner)
                continue
        crumb = f"// {'/'.join(path)}\n" if path else ""
        if segment.strip():
            pieces.append(Piece(label="/".join((*path, entry.name)), text=crumb + segment))
    return pieces


_HEADING = re.compile(r"^(#{1,3})\s+(.*)$")


def split_markdown(text: str) -> list[Piece]:
    """Sections at H2/H3 headings (outside code fences); H1 stays with what follows it."""
    pieces: list[Piece] = []
    current: list[str] = []
    label, h2, fence = "", "", False
    for line in text.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
        heading = None if fence else _HEADING.match(line)
        if heading and len(heading.group(1)) in (2, 3):
            if "\n".join(current).strip():
                pieces.append(Piece(label=label, text="\n".join(current).strip("\n")))
            current = []
            title = heading.group(2).strip()
            h2 = title if len(heading.group(1)) == 2 else h2
            label = title if len(heading.group(1)) == 2 else f"{h2} > {title}" if h2 else title
        elif heading and not label:
            label = heading.group(2).strip()
        current.append(line)
    if "\n".join(current).strip():
        pieces.append(Piece(label=label, text="\n".join(current).strip("\n")))
    return pieces


def split_paragraphs(text: str) -> list[Piece]:
    return [Piece(label="", text=p.strip("\n")) for p in re.split(r"\n\s*\n", text) if p.strip()]


def sliding_window(text: str, budget: int, overlap: int) -> list[str]:
    """Windows of at most `budget` words overlapping by `overlap`, cut at line ends when possible."""
    overlap = min(overlap, budget // 2)
    lines = text.splitlines()
    if any(word_count(line) > budget for line in lines):
        words = text.split()
        step = max(1, budget - overlap)
        return [" ".join(words[i : i + budget]) for i in range(0, max(1, len(words) - overlap), step)]
    windows: list[str] = []
    start = 0
    while start < len(lines):
        end, count = start, 0
        while end < len(lines) and count + word_count(lines[end]) <= budget:
            count += word_count(lines[end])
            end += 1
        windows.append("\n".join(lines[start:end]))
        if end >= len(lines):
            break
        back, kept = end, 0
        while back > start + 1 and kept + word_count(lines[back - 1]) <= overlap:
            kept += word_count(lines[back - 1])
            back -= 1
        start = back
    return [w for w in windows if w.strip()]


def merge_pieces(pieces: list[Piece], budget: int, overlap: int) -> list[Piece]:
    """Merge small neighbours up to the budget; window any piece still over it."""
    merged: list[Piece] = []
    for piece in pieces:
        if merged and word_count(merged[-1].text) + word_count(piece.text) <= budget:
            merged[-1] = Piece(label=merged[-1].label or piece.label, text=f"{merged[-1].text}\n\n{piece.text}")
        elif word_count(piece.text) > budget:
            merged.extend(Piece(label=piece.label, text=w) for w in sliding_window(piece.text, budget, overlap))
        else:
            merged.append(piece)
    return merged


def split_document(doc: Document, budget: ChunkBudget) -> list[Piece]:
    body = doc.body + (f"\n\n// Expanded values\n{doc.expansions}" if doc.expansions else "")
    if doc.format == "foam":
        pieces = split_foam(body, budget.words)
    elif doc.format == "markdown":
        pieces = split_markdown(body)
    else:
        pieces = split_paragraphs(body)
    return merge_pieces(pieces, budget.words, budget.overlap)


def _embed_view(doc: Document, text: str) -> str:
    """Compact text for the embedding model: the file role + the section without `;{}` noise.

    The tutorial path and solver stay out so identical bodies (a third of the tutorial files)
    share one embedding; they are in the chunk text, which full-text search sees.
    """
    compact = " ".join(re.sub(r"[;{}]+", " ", text).split())
    return f"{doc.meta.role}: {compact}" if doc.meta.role else compact


def chunk_document(doc: Document, budget: ChunkBudget) -> list[Chunk]:
    """The document's chunks, each prefixed with the document title and tagged."""
    chunks: list[Chunk] = []
    for ord_, piece in enumerate(split_document(doc, budget)):
        text = f"{doc.title}\n\n{piece.text}"
        meta = ChunkMeta(**doc.meta.model_dump(), section=piece.label, fingerprint=md5(text))
        if doc.format == "markdown" and doc.meta.doc_type in ("canonical", "faq", "user") and piece.label:
            meta.intent = markdown_intent(doc.meta.role, piece.label)
        embed_text = _embed_view(doc, piece.text) if doc.meta.doc_type in ("tutorial", "user", "caseDict") \
            else " ".join(text.split())
        meta.embed_fingerprint = md5(embed_text)
        chunks.append(Chunk(id=f"{doc.id}#{ord_}", document_id=doc.id, ord=ord_, text=text,
                            embed_text=embed_text, fingerprint=meta.fingerprint,
                            embed_fingerprint=meta.embed_fingerprint, metadata=meta))
    return chunks


# --- enrichment: macro expansion by PyFoam (new/changed documents only) ----------------------

_LOCAL_INCLUDE = re.compile(r'^\s*#include\s+"([^"$]+)"', re.M)


_CONSTRAINT_TYPES = frozenset("cyclic cyclicAMI cyclicACMI cyclicSlip empty nonuniformTransformCyclic processor"
                              " processorCyclic symmetryPlane symmetry wedge overset".split())


def _flatten(value: object, prefix: str = "") -> dict[str, str]:
    """`a/b/c -> value` leaves of a parsed dictionary, without PyFoam's comment entries and the
    generic constraint patches of `#includeEtc "caseDicts/setConstraintTypes"`."""
    if isinstance(value, dict):
        flat: dict[str, str] = {}
        for key, sub in value.items():
            if not isinstance(key, str) or key in _CONSTRAINT_TYPES:
                continue
            flat.update(_flatten(sub, f"{prefix}/{key}" if prefix else key))
        return flat
    text = " ".join(str(value).split())
    return {} if text.startswith("//") else {prefix: text}


def _macro_paths(text: str, prefix: str = "") -> tuple[set[str], set[str]]:
    """(all entry paths, paths whose value uses a `$macro`) of a dictionary text."""
    paths, macros = set(), set()
    for entry in fd.entries(text):
        if entry.kind == "directive":
            continue
        path = f"{prefix}/{entry.name}" if prefix else entry.name
        paths.add(path)
        if entry.kind == "dict":
            sub_paths, sub_macros = _macro_paths(text[entry.body_start : entry.body_end], path)
            paths |= sub_paths
            macros |= sub_macros
        elif "$" in text[entry.key_start : entry.end]:
            macros.add(path)
    return paths, macros


_TABLES_READY = False


def _reuse_pyfoam_parser_tables() -> None:
    """PyFoam's PLY parser writes its LALR tables to PyFoam's per-user temp dir but can only
    read them back when that dir is importable; otherwise it rebuilds them for every file
    (~0.2 s instead of ~0.05 s). Make it importable when it is ours and not writable by others."""
    global _TABLES_READY
    if _TABLES_READY:
        return
    _TABLES_READY = True
    from PyFoam.FoamInformation import getUserTempDir

    tables = Path(getUserTempDir())
    try:
        st = tables.stat()
    except OSError:
        return
    if st.st_uid == os.getuid() and not st.st_mode & 0o022 and str(tables) not in sys.path:
        sys.path.append(str(tables))


def enrich_document(doc: Document, openfoam_dir: Path | None = None, max_lines: int = 40) -> Document:
    """Record values that `#include`d files and `$macros` expand to (PyFoam, doMacroExpansion).

    Only for uncompressed dictionaries that include a local file; a parse failure is skipped.
    PyFoam finds `#includeEtc` files through WM_PROJECT_DIR (set from `openfoam_dir` if unset).
    """
    path = Path(doc.meta.source_path)
    if doc.format != "foam" or path.suffix == ".gz" or not _LOCAL_INCLUDE.search(doc.body):
        return doc
    if not any((path.parent / inc).is_file() for inc in _LOCAL_INCLUDE.findall(doc.body)):
        return doc
    try:
        from PyFoam.RunDictionary.ParsedParameterFile import ParsedParameterFile

        if openfoam_dir is not None:
            os.environ.setdefault("WM_PROJECT_DIR", str(openfoam_dir))
        _reuse_pyfoam_parser_tables()
        parsed = ParsedParameterFile(str(path), doMacroExpansion=True, preserveComments=False)
        flat = _flatten(parsed.content)
    except Exception as exc:  # noqa: BLE001 - PyFoam raises many kinds; expansion is optional
        logger.debug("PyFoam could not expand %s: %s", path, exc)
        return doc
    paths, macros = _macro_paths(doc.body)
    lines = [f"{key} = {value}" for key, value in flat.items() if key in macros or key not in paths]
    return doc.model_copy(update={"expansions": "\n".join(lines[:max_lines])}) if lines else doc
