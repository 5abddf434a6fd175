"""Pure modules install no hook (tests/test_layout.py declares which are pure): no function
rebinds a module-level name (``global``: something installed at start-up that the rules then
reach through) and no module-level ``ContextVar`` hands things over unseen. Pure rules are
handed what they need by the service that starts or loads them (``Game.named``, and the
supplier of games/core/needs.py).

``KNOWN`` only shrinks, as test_layout.py's does: delete a line once it is fixed.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.layout_graph import modules
from tests.test_layout import is_pure

KNOWN: dict[str, str] = {}


def hooks(path: Path) -> set[str]:
    """Module-level names a function of the module rebinds, and module-level ContextVars."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = {name for node in ast.walk(tree) if isinstance(node, ast.Global) for name in node.names}
    for node in tree.body:
        value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        if isinstance(value, ast.Call) and ast.unparse(value.func).split(".")[-1] == "ContextVar":
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found |= {ast.unparse(t) for t in targets}
    return found


def test_pure_modules_install_no_hook():
    found = {
        f"{mod}.{name}" for mod, path in modules().items() if is_pure(mod) for name in hooks(path)
    }
    assert not found - set(KNOWN), "a hook in a pure module (hand it over instead)"
    assert not set(KNOWN) - found, f"fixed: delete it from KNOWN in {__file__}"


def test_a_hook_is_seen_in_a_function_or_a_context_variable(tmp_path):
    source = tmp_path / "hooked.py"
    source.write_text(
        "from contextvars import ContextVar\n_fetch = None\nhanded = ContextVar('h')\n"
        "def install(fn):\n    global _fetch\n    _fetch = fn\n"
    )
    assert hooks(source) == {"_fetch", "handed"}
