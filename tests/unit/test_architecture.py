"""The structure the code promises: layer subpackages, imports only downward, no cycles."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# A layer imports only itself and the layers before it.
LAYERS = ["core", "foam", "geometry", "run", "knowledge", "retrieval", "plan", "edit", "review", "bench"]
SERVICES = ("prefect", "psycopg", "docker", "openai")
# Where a service client is the point of the module (the rest take clients injected).
SERVICE_HOMES = {
    "psycopg": {"tasks.knowledge.store", "tasks.knowledge.pgserver"},
    "docker": {"tasks.run.runner"},
    "openai": {"tasks.core.llm", "tasks.knowledge.embed"},
    "prefect": set(),
}


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for d in ("tasks", "flows") for p in (ROOT / d).rglob("*.py")}


def _imports(path: Path, known: set[str]) -> set[str]:
    """Project modules imported anywhere in the file (lazy imports count too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        else:
            continue
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name not in ("tasks", "flows"):
                found.add(name)
    return found


def _graph() -> dict[str, set[str]]:
    mods = _modules()
    known = set(mods)
    return {name: _imports(path, known) - {name} for name, path in mods.items()}


def _external_imports(path: Path) -> set[str]:
    """Top-level packages imported at run time (`if TYPE_CHECKING:` imports are annotations)."""
    tree = ast.parse(path.read_text())
    typing_only = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
                   and isinstance(block.test, ast.Name) and block.test.id == "TYPE_CHECKING"
                   for stmt in block.body for n in ast.walk(stmt)}
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            out |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module.split(".")[0])
    return out


def test_tasks_holds_only_subpackages() -> None:
    assert sorted(p.name for p in (ROOT / "tasks").glob("*.py")) == ["__init__.py"]
    assert {p.name for p in (ROOT / "tasks").iterdir() if p.is_dir() and p.name != "__pycache__"} == set(LAYERS)


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of `graph` (module -> modules it imports), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_the_cycle_check_finds_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_no_import_cycle() -> None:
    cycle = find_cycle(_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_layers_import_only_downward() -> None:
    wrong = []
    for module, imported in _graph().items():
        if not module.startswith("tasks."):
            continue
        layer = LAYERS.index(module.split(".")[1])
        for other in imported:
            if other.startswith("flows"):
                wrong.append(f"{module} imports {other}")
            elif other.startswith("tasks.") and LAYERS.index(other.split(".")[1]) > layer:
                wrong.append(f"{module} ({LAYERS[layer]}) imports {other}")
    assert not wrong, "\n".join(sorted(wrong))


def test_service_clients_only_where_they_are_the_point() -> None:
    wrong = []
    for module, path in _modules().items():
        if not module.startswith("tasks."):
            continue
        for service in SERVICES:
            if service in _external_imports(path) and module not in SERVICE_HOMES[service]:
                wrong.append(f"{module} imports {service}")
    assert not wrong, "\n".join(sorted(wrong))
