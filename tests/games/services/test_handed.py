"""The games as the services run them (games/services/handed.py): each handed what its rules
need by its Django side, the registered games left pure."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from games.core.engine import RuleError
from games.core.registry import all_games, get_game
from games.galzyr.shelf import DatabaseShelf, forget_books
from games.services import handed, tables

pytestmark = pytest.mark.django_db


def test_only_a_game_whose_rules_need_more_than_its_state_is_handed_a_supplier():
    for slug, game in all_games().items():
        assert game.supplier is None, f"{slug}'s registered game fetches nothing itself"
    assert isinstance(handed.game("galzyr").supplier, DatabaseShelf)
    assert [slug for slug in all_games() if handed.game(slug).supplier is not None] == ["galzyr"]


def test_a_new_table_reads_the_book_the_service_hands_its_setup():
    forget_books()
    with pytest.raises(RuleError, match="No world with a book is loaded yet"):
        tables.create_table("galzyr", "Friday", {"players": ["Mara"]})
    with pytest.raises(RuleError, match="storybook is not set up"):
        get_game("galzyr").setup({"players": ["Mara"]}, seed=1)  # the rules look for nothing
    call_command("load_world", "fixtures/worlds/_minimal", "--slug", "vale", stdout=StringIO())
    table = tables.create_table("galzyr", "Friday", {"players": ["Mara"]})
    assert table.state["world"] == "vale"  # the only world with a book: the default
    assert tables.loaded_state(table).book().slug == "vale"
