"""docs/api.md's "Adding a game", followed literally: every code block of the section that
starts with a path is written to that path in a throwaway tree, the registry block's line is
registered, and the platform's generic tests run on the game with no other edit (setup and
moves through the services, the new-table form, the pages, the API, undo, export/import,
the bounds of its numbers, no secret reaching another seat), then the recipe's own tests;
its own page joins the platform's url files by its ``GAME_URLS`` line, read again as at
start-up.
The same generic tests run on the smallest game the recipe allows (tests/counter_game.py:
public, one move), so they accept it too.

The game's package joins ``games`` for this module only (its ``__path__`` takes the tree's
``games/``), its templates the template directories; both are gone after.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client, override_settings
from django.urls import NoReverseMatch, clear_url_caches, reverse

import games
from games.core import registry
from games.services import tables
from tests import counter_game
from tests import test_layout as layout
from tests.api.test_every_game_api import check_the_api_plays
from tests.games.core.test_bounds import game_models, unbounded_models
from tests.games.services.test_exchange_roundtrip import check_round_trip
from tests.games.services.test_tables_loaded_state import check_own_state_shows_what_a_parse_shows
from tests.games.web.test_home_new_table import check_the_form_starts_a_table
from tests.seating import sit
from tests.test_hand_over_leaks import check_the_hand_over
from tests.test_leak_matrix import check_no_secret_reaches_another_requester

pytestmark = pytest.mark.django_db

DOCS = Path(__file__).resolve().parent.parent / "docs" / "api.md"
# A block's first line names its file: "# games/x.py" (Python) or "{# templates/x.html #}".
FIRST_LINE = re.compile(r"^(?:# (?P<py>\S+\.py)|\{# (?P<html>\S+\.html) #\})$")


def recipe() -> dict[str, str]:
    """path -> text of every block in the section that names its file."""
    text = DOCS.read_text()
    section = text[text.index("## Adding a game\n") :]
    following = section.find("\n## ", 1)
    section = section if following == -1 else section[:following]
    files = {}
    for block in re.findall(r"^```(?:python|django)\n(.*?)^```$", section, re.S | re.M):
        first, _, body = block.partition("\n")
        named = FIRST_LINE.match(first)
        if named:
            files[named["py"] or named["html"]] = body if named["html"] else block
    return files


def registry_lines(source: str) -> dict[str, tuple[str, str]]:
    """The (slug, module) the recipe's registry block adds to each table (``GAME_MODULES``,
    ``GAME_URLS``)."""
    lines = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.AnnAssign | ast.Assign):
            (slug,), (module,) = node.value.keys, node.value.values
            target = node.target if isinstance(node, ast.AnnAssign) else node.targets[0]
            lines[ast.unparse(target)] = (ast.literal_eval(slug), ast.literal_eval(module))
    return lines


@pytest.fixture(scope="module")
def recipe_game(tmp_path_factory):
    files = recipe()
    slug, module = registry_lines(files.pop("games/core/registry.py"))["GAME_MODULES"]
    root = tmp_path_factory.mktemp("recipe")
    for path, text in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
    package = module.rsplit(".", 1)[0]
    games.__path__.append(str(root / "games"))
    try:
        with override_settings(TEMPLATES=with_template_dir(root / "templates")):
            game = registry.load(slug, module)
            registry.add(game)
            yield game
    finally:
        registry.all_games().pop(slug, None)
        games.__path__.remove(str(root / "games"))
        for name in [name for name in sys.modules if name.startswith(package)]:
            del sys.modules[name]


def read_the_url_files_again() -> None:
    """As at start-up: the platform's url files gather the games' routes (``GAME_URLS``)."""
    for name in ("games.web.urls", "games.api.urls", settings.ROOT_URLCONF):
        importlib.reload(sys.modules[name])
    clear_url_caches()


@pytest.fixture
def its_routes(recipe_game):
    """The recipe's ``GAME_URLS`` line registered, and the url files read with it."""
    slug, module = registry_lines(recipe()["games/core/registry.py"])["GAME_URLS"]
    registry.GAME_URLS[slug] = module
    read_the_url_files_again()
    yield
    del registry.GAME_URLS[slug]
    read_the_url_files_again()


@pytest.fixture(scope="module")
def counter():
    registry.add(counter_game.game)
    yield counter_game.game
    registry.all_games().pop("counter")


@pytest.fixture(scope="module", params=["recipe_game", "counter"])
def new_game(request):
    """The recipe's game, then the smallest one: each generic test runs on both."""
    return request.getfixturevalue(request.param)


def with_template_dir(directory: Path) -> list[dict]:
    first, *others = settings.TEMPLATES
    return [{**first, "DIRS": [*first["DIRS"], directory]}, *others]


@pytest.fixture(autouse=True)
def many_tries(settings):
    settings.GUESS_RATE = "100000/min"  # the leak matrix asks addresses a table lacks


def test_the_recipe_names_every_part():
    files = recipe()
    assert {
        "games/core/registry.py",
        "games/my_game/__init__.py",
        "templates/games/my_game/panel.html",
    } <= set(files)
    assert any(path.startswith("tests/") for path in files)
    assert "MoveSet(" in files["games/my_game/moves.py"]
    game_py = files["games/my_game/game.py"]
    for part in ("collect(", "Catalog=", "options_template=", "sample_options="):
        assert part in game_py, part
    assert {"GAME_MODULES", "GAME_URLS"} == set(registry_lines(files["games/core/registry.py"]))


def test_its_sample_tables_play_through_the_services(new_game):
    for options in new_game.sample_options:
        check_own_state_shows_what_a_parse_shows(new_game.slug, options)
        for seed in range(3):
            check_round_trip(new_game.slug, options, seed, steps=8)


def test_its_form_and_the_api_start_and_play_it(new_game):
    for options in new_game.sample_options:
        check_the_form_starts_a_table(Client(), new_game.slug, options)
        check_the_api_plays(new_game.slug, options)


def test_its_panel_offers_its_moves_on_the_table_page(recipe_game):
    table = tables.create_table(recipe_game.slug, "Panel", recipe_game.sample_options[0])
    page = sit(Client(), table, "table").get(reverse("games:table", args=[table.code]))
    move = reverse("games:move", args=[table.code, "take-gem"])
    assert page.status_code == 200 and f'action="{move}"' in page.content.decode()


def test_its_own_page_joins_the_platforms_by_its_registry_line(
    its_routes, django_assert_num_queries
):
    url = reverse("games:my-game-gems")
    with django_assert_num_queries(0):
        page = Client().get(url)
    assert page.status_code == 200 and "ruby: 3" in page.content.decode()


def test_without_its_line_the_page_is_not_there(recipe_game):
    with pytest.raises(NoReverseMatch):
        reverse("games:my-game-gems")


def test_its_numbers_are_bounded(new_game):
    found: list[str] = []
    for model in game_models(new_game):
        unbounded_models(model, found, set())
    assert found == []


def test_the_recipes_game_has_secrets_to_keep(recipe_game):
    assert recipe_game.secret_keys == {"bonus"}


def test_no_secret_reaches_another_seat(new_game):
    check_no_secret_reaches_another_requester(new_game.slug)
    check_the_hand_over(new_game.slug)


def test_its_own_tests_pass(recipe_game, tmp_path):
    (path,) = [path for path in recipe() if path.startswith("tests/")]
    (tmp_path / "recipe_tests.py").write_text(recipe()[path])
    spec = importlib.util.spec_from_file_location("recipe_tests", tmp_path / "recipe_tests.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    tests = [getattr(module, name) for name in dir(module) if name.startswith("test_")]
    assert tests
    for test in tests:
        test()


def test_its_rules_are_checked_for_purity(tmp_path):
    """tests/test_layout.py finds the game's rules from its registry line: the recipe's files
    pass, and the same files with Django imported in the rules fail, with no edit there."""
    for tree, tail in (("as-written", ""), ("with-django", "\nimport django.db\n")):
        for path, text in recipe().items():
            (tmp_path / tree / path).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / tree / path).write_text(
                text + (tail if path == "games/my_game/rules.py" else "")
            )
    assert "games.my_game.rules" in layout.game_rules(tmp_path / "as-written")
    assert layout.impure_imports(tmp_path / "as-written") == set()
    assert layout.impure_imports(tmp_path / "with-django") == {"games.my_game.rules -> django"}


def test_a_second_game_under_a_taken_slug_is_refused(counter):
    # A new game named like a test's (or another game's) would replace it without a word.
    with pytest.raises(RuntimeError, match="Another game is registered as “counter” already"):
        registry.add(counter_game.game)
    assert registry.get_game("counter") is counter_game.game
