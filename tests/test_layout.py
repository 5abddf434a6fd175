"""The project's shape, read from its source (ast: nothing is imported): imports run one way.

Over the project's packages (layout_graph.WALKED; migrations left out), module-level and
function-level imports, absolute and relative, make one graph; the tests below fail on

- an import cycle between modules;
- an import of ``games`` from ``storybook`` (the storybook knows no game), or of
  ``storybook`` from the platform (games/ outside a registered game's package: only a game
  that reads books builds on the storybook);
- an import of a registered game's package from the platform: the platform names a game only
  by the registry's dotted strings;
- an import of Django (or DRF, drf-spectacular, django-htmx), or of a project module that is
  not pure itself, from a module declared pure: the ``PURE`` list below, and each registered
  game's rules (the module games/core/registry.py's ``GAME_MODULES`` names, and every module
  of its package it imports, read from the source: a new game is checked with no edit here);
- a function-level import, unless ``ALLOWED_FUNCTION_IMPORTS`` gives the reason it can't be
  at the top;
- a .py file over 400 lines anywhere in the project (tests and the bench included);
- state kept per process in a hand-made container: a module-level empty dict, list or set, or
  a module-level ``threading.local()``, ``OrderedDict()``, ``defaultdict()``… (the rule:
  ``functools.lru_cache(maxsize=N)`` with a comment saying why N; ``ALLOWED_PROCESS_STATE``
  for what is not a cache, with the reason);
- the platform's layers out of order: games/core imports only itself (it is pure), the
  services import neither the pages (games/web) nor the API (games/api), and those two do
  not import each other: both are views over the services; the services and the core import
  no HTTP (``django.http``, DRF, …): they take a credential, not a request.

To declare pure rules: add the package or module to your line of ``PURE`` (a prefix covers a
package and everything under it; a prefix that names no module fails, so a rename must update
it). Every import of a pure module must then be pure too.

``KNOWN`` lists the offenders of each rule while the restructure of issue 15 is under way,
each with its owner. It only shrinks: a new offender fails, and so does an entry that no longer
offends (delete your line once it is fixed). By the end of the session it is empty.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

from tests.layout_graph import ROOT, WALKED, cycles, edges, imports, modules, resolved, under

SIZED = (*WALKED, "tests", "bench", "scripts", "manage.py")
MAX_LINES = 400
DJANGO = ("django", "rest_framework", "drf_spectacular", "django_htmx")

# Pure: no Django, no I/O, and only pure project imports. Owner: what they declare pure.
# A registered game's rules are pure without a line here (``game_rules``): the card games' whole
# packages but their Django side (``card_sheet``, the registry's ``GAME_SHEETS``).
PURE = {
    "NEUTRAL": ["yaml_source"],  # below the platform and the storybook alike
    "PLATFORM": ["games.core"],
    "GALZYR": [
        "games.galzyr.game",
        "games.galzyr.state",
        "games.galzyr.tracking",
        "games.galzyr.catalog",
        "games.galzyr.campaign",
        "games.galzyr.moves",
        "games.galzyr.seat_view",
        "games.galzyr.reader.book",
        "games.galzyr.reading",
        "games.galzyr.reader.dice",
        "games.galzyr.reader.calendar",
        "games.galzyr.reader.scene_effects",
        "games.galzyr.printed_events",
    ],
    "ENGINE": [
        "games.galzyr.playtest",
        "games.galzyr.campaign.readiness",
        "storybook.lint.sections",
    ],
    "STORYBOOK": [
        "storybook.refusal",
        "storybook.format",
        "storybook.loading",
        "storybook.interpreter",
        "storybook.lint",
        "storybook.worldgen",
        "storybook.playtest",
    ],
}

# (module, what it imports inside a function): why it can't be at the top.
ALLOWED_FUNCTION_IMPORTS = {
    ("storybook.management.commands.make_librarian", "django.contrib.auth"): (
        "get_user_model() is read at call time: the user model is a setting"
    ),
}

# (module, name): why a module-level container is not a cache.
ALLOWED_PROCESS_STATE = {
    ("storybook.lint.sections", "SECTIONS"): (
        "the report sections games register once at start-up (AppConfig.ready): a registry"
    ),
}
CONTAINERS = {"dict", "list", "set", "OrderedDict", "defaultdict", "local", "WeakValueDictionary"}

# The offenders of each rule today, each with its owner; only ever shrinks (see above).
KNOWN: dict[str, dict[str, str]] = {
    "cycle": {},
    "storybook imports games": {},
    "impure import": {},
    "function-level import": {},
    "process state": {},
    "over 400 lines": {},
}


@cache
def game_modules(root: Path = ROOT) -> tuple[str, ...]:
    """The module of each registered game (``GAME_MODULES``, read with ast)."""
    registry = ast.parse(modules(root)["games.core.registry"].read_text(encoding="utf-8"))
    (table,) = [
        node.value
        for node in registry.body
        if isinstance(node, ast.AnnAssign) and ast.unparse(node.target) == "GAME_MODULES"
    ]
    return tuple(ast.literal_eval(value) for value in table.values)


@cache
def game_rules(root: Path = ROOT) -> frozenset[str]:
    """Each registered game's module and every module of its package that it imports,
    directly or not: the game's pure rules."""
    found, todo = set(), list(game_modules(root))
    while todo:
        mod = todo.pop()
        package = mod.rpartition(".")[0]
        if mod in found or mod not in modules(root):
            continue
        found.add(mod)
        targets = (resolved(name, root) for name, _inside in imports(root)[mod])
        todo += [t for t in targets if t and under(t, package)]
    return frozenset(found)


def is_pure(mod: str, root: Path = ROOT) -> bool:
    declared = any(under(mod, p) for prefixes in PURE.values() for p in prefixes)
    return declared or mod in game_rules(root)


def impure_imports(root: Path = ROOT) -> set[str]:
    """``module -> what it imports`` for each pure module's import of Django or of a project
    module that is not pure."""
    found = set()
    for mod, names in imports(root).items():
        if not is_pure(mod, root):
            continue
        for name, _inside in names:
            target = resolved(name, root)
            if is_django(name) or (target and target != mod and not is_pure(target, root)):
                found.add(f"{mod} -> {target or name.split('.')[0]}")
    return found


def is_django(name: str) -> bool:
    return name.split(".")[0] in DJANGO


def offenders(rule: str) -> set[str]:
    if rule == "cycle":
        return {mod for component in cycles() for mod in component}
    if rule == "storybook imports games":
        return {
            f"{mod} -> {target}"
            for mod, targets in edges().items()
            if under(mod, "storybook")
            for target in targets
            if under(target, "games")
        }
    if rule == "impure import":
        return impure_imports()
    if rule == "function-level import":
        return {
            f"{mod} -> {name}"
            for mod, names in imports().items()
            for name, inside in names
            if inside and not any(mod == m and under(name, n) for m, n in ALLOWED_FUNCTION_IMPORTS)
        }
    if rule == "process state":
        return {
            f"{mod}.{name}"
            for mod, path in modules().items()
            for name in _containers(path)
            if (mod, name) not in ALLOWED_PROCESS_STATE
        }
    if rule == "over 400 lines":
        paths = [ROOT / "manage.py"] + [
            p for root in SIZED[:-1] if (ROOT / root).is_dir() for p in (ROOT / root).rglob("*.py")
        ]
        return {
            str(p.relative_to(ROOT))
            for p in paths
            if ".venv" not in p.parts and len(p.read_text(encoding="utf-8").splitlines()) > 400
        }
    raise ValueError(rule)


def _containers(path: Path) -> list[str]:
    """Names a module binds at its top level to an empty or hand-made container."""
    found = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        if value is None:
            continue
        empty = isinstance(value, ast.Dict | ast.List | ast.Set) and not (
            getattr(value, "keys", None) or getattr(value, "elts", None)
        )
        made = isinstance(value, ast.Call) and ast.unparse(value.func).split(".")[-1] in CONTAINERS
        if empty or made:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found += [ast.unparse(t) for t in targets]
    return found


def check(rule: str) -> None:
    found, known = offenders(rule), KNOWN[rule]
    new = sorted(found - set(known))
    fixed = sorted(set(known) - found)
    assert not new, f"{rule}, not allowed (fix it; KNOWN only shrinks):\n  " + "\n  ".join(new)
    assert not fixed, f"{rule}: fixed, now delete from KNOWN in {__file__}:\n  " + "\n  ".join(
        fixed
    )


def test_no_import_cycle():
    check("cycle")


def test_the_storybook_imports_no_game():
    check("storybook imports games")


def test_pure_modules_import_no_django_and_nothing_impure():
    check("impure import")


def test_no_function_level_import():
    check("function-level import")


def test_nothing_kept_per_process_in_a_hand_made_container():
    check("process state")


def test_no_file_over_400_lines():
    check("over 400 lines")


# The storybook's pure parts in order, each importing only those before it (its __init__'s map).
# So a world folder loaded for use, which must pass the checks, is ``lint.folder.load_world``:
# ``loading`` only reads (``loader.read_world``), and the checks stand on it.
STORYBOOK = (
    "storybook.refusal",
    "storybook.format",
    "storybook.loading",
    "storybook.interpreter",
    "storybook.lint",
    "storybook.playtest",
    "storybook.worldgen",
)

# Layer -> the layers it must not import.
LAYERS = {
    "games.core": ("games.services", "games.web", "games.api", "games.live", "games.models"),
    "games.live": ("games.services", "games.web", "games.api"),  # the services announce through it
    "games.services": ("games.web", "games.api"),
    "games.web": ("games.api",),
    "games.api": ("games.web",),
    **{part: STORYBOOK[i + 1 :] for i, part in enumerate(STORYBOOK)},
    # Galzyr's reader stands on the book alone, below the game's state that reads it.
    "games.galzyr.reader": ("games.galzyr.state", "games.galzyr.reading"),
}


def test_the_layers_import_downwards_only():
    wrong = sorted(
        f"{mod} -> {target}"
        for mod, targets in edges().items()
        for layer, banned in LAYERS.items()
        if under(mod, layer)
        for target in targets
        if any(under(target, b) for b in banned)
    )
    assert not wrong, "a layer imports one above it:\n  " + "\n  ".join(wrong)


# What only the pages and the API know: requests, responses, cookies, headers. The services take
# a credential and answer an ``Access``; where a request carries it is the views' business
# (games/web/credentials.py, games/api/credentials.py).
HTTP = ("django.http", "django.shortcuts", "django.views", "django_htmx", "rest_framework")


def http_imports(layers: tuple[str, ...]) -> list[str]:
    return sorted(
        f"{mod} -> {name}"
        for mod, names in imports().items()
        if any(under(mod, layer) for layer in layers)
        for name, _inside in names
        if any(under(name, h) for h in HTTP)
    )


def storybook_imports(platform: bool) -> list[str]:
    """``module -> storybook module`` for each import of the storybook from the platform (games/
    outside the registered games' packages), or from the games' packages."""
    packages = {module.rpartition(".")[0] for module in game_modules()}
    return sorted(
        f"{mod} -> {target}"
        for mod, targets in edges().items()
        if under(mod, "games") and platform != any(under(mod, p) for p in packages)
        for target in targets
        if under(target, "storybook")
    )


def test_the_platform_imports_nothing_of_the_storybook():
    """A game that reads books (Galzyr) builds on the storybook; the platform that hosts every
    game does not. What both need stands below both: ``yaml_source``, ``librarians``."""
    assert storybook_imports(platform=False)  # it sees a game's imports of the storybook
    wrong = storybook_imports(platform=True)
    assert not wrong, "the platform imports the storybook:\n  " + "\n  ".join(wrong)


def game_imports(graph: dict[str, set[str]]) -> list[str]:
    """``module -> game module`` for each import of a registered game's package from the
    platform (games/ outside those packages) in ``graph``."""
    packages = {module.rpartition(".")[0] for module in game_modules()}
    return sorted(
        f"{mod} -> {target}"
        for mod, targets in graph.items()
        if under(mod, "games") and not any(under(mod, p) for p in packages)
        for target in targets
        if any(under(target, p) for p in packages)
    )


def test_the_platform_imports_no_game():
    """The platform names a game only by the registry's dotted strings (``GAME_MODULES``,
    ``GAME_URLS``, ``GAME_SUPPLIERS``, ``GAME_SHEETS``), so a game is added without an edit to
    it: a card game's sheet is the game's own (its ``card_sheet``), over the platform's parts."""
    seen = {"games.services.card_sheets": {"games.dark_tales.catalog"}}  # as it was until s9
    assert game_imports(seen) == ["games.services.card_sheets -> games.dark_tales.catalog"]
    wrong = game_imports(edges())
    assert not wrong, "the platform imports a game:\n  " + "\n  ".join(wrong)


def test_the_services_and_the_core_know_no_http():
    assert "games.web.credentials -> django.http" in http_imports(("games.web",))  # it sees
    wrong = http_imports(("games.core", "games.services"))
    assert not wrong, "HTTP below the views (take a secret, not a request):\n  " + "\n  ".join(
        wrong
    )


def test_every_pure_prefix_names_a_module():
    """A renamed package must take its line in PURE along (else it would go unchecked)."""
    missing = [
        f"{owner}: {prefix}"
        for owner, prefixes in PURE.items()
        for prefix in prefixes
        if not any(under(mod, prefix) for mod in modules())
    ]
    assert not missing, "PURE names no module:\n  " + "\n  ".join(missing)


def test_known_and_allowed_entries_are_owned_and_explained():
    owners = set(PURE) | {"PLATFORM", "GALZYR", "STORYBOOK", "ENGINE", "TABLE"}
    assert {owner for entries in KNOWN.values() for owner in entries.values()} <= owners
    assert all(reason.strip() for reason in ALLOWED_FUNCTION_IMPORTS.values())


def test_the_graph_sees_relative_and_function_level_imports():
    """The walk itself: a relative import resolves to its module, a function's import counts."""
    assert "games.core.engine" in edges()["games.core.registry"]
    assert ("django.contrib.auth", True) in imports()[
        "storybook.management.commands.make_librarian"
    ]
