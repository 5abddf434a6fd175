"""The project's import graph, read from its source with ast (nothing is imported): each
module's imports, module-level and function-level, absolute and relative, and the cycles.
tests/test_layout.py holds the rules over it; ``root`` lets a test read a throwaway tree.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WALKED = ("games", "storybook", "yaml_source", "librarians", "config")


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules(root: Path = ROOT) -> dict[str, Path]:
    found = {}
    for top in WALKED:
        for path in sorted((root / top).rglob("*.py")):
            if "migrations" not in path.parts:
                found[module_name(path, root)] = path
    return found


def resolved(name: str, root: Path = ROOT) -> str | None:
    """The project module ``name`` runs: itself, else the package or module holding it."""
    while name and name not in modules(root):
        name = name.rpartition(".")[0]
    return name or None


def _imports(mod: str, path: Path, root: Path = ROOT) -> list[tuple[str, bool]]:
    """(imported dotted name, inside a function?) of every import statement of the module."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
    found = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inside = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if isinstance(child, ast.Import):
                found.extend((alias.name, in_function) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parts = package.split(".")[: len(package.split(".")) - child.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                for alias in child.names:
                    name = f"{base}.{alias.name}"
                    found.append((name if resolved(name, root) == name else base, in_function))
            visit(child, inside)

    visit(tree, False)
    return found


@cache
def imports(root: Path = ROOT) -> dict[str, list[tuple[str, bool]]]:
    return {mod: _imports(mod, path, root) for mod, path in modules(root).items()}


@cache
def edges() -> dict[str, set[str]]:
    """Module -> the project modules it imports (a submodule's import of its own package's
    ``__init__`` is left out: Python has run that package first anyway)."""
    graph: dict[str, set[str]] = defaultdict(set)
    for mod, names in imports().items():
        for name, _inside in names:
            target = resolved(name)
            if target and target != mod and not mod.startswith(target + "."):
                graph[mod].add(target)
    return graph


def cycles() -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    graph, index, low, on, stack, found = edges(), {}, {}, set(), [], []
    for start in modules():
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def under(mod: str, prefix: str) -> bool:
    return mod == prefix or mod.startswith(prefix + ".")
