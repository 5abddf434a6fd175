"""The reader's book: a new table's world, the shelf it comes from, a book's scenes fetched
once, and the book the service that loads a table hands its state.

No database: the books come from world folders through a ``FolderShelf`` (worlds.py).
"""

from __future__ import annotations

import pytest

from games.core.engine import RuleError
from games.galzyr.game import game as registered
from games.galzyr.reader import book as books
from games.galzyr.state import State
from tests.games.galzyr.playing import play
from tests.games.galzyr.worlds import MINIMAL, READER, SHELF, game

from .book_world import CIRCLE, new


# -- setup ---------------------------------------------------------------------------------
def test_a_new_table_reads_the_default_world_and_shuffles_its_event_deck():
    reader = registered.supplied_by(books.FolderShelf({"minimal": MINIMAL, "reader": READER}))
    state = reader.setup({"players": ["Mara"]}, seed=7)
    assert state["world"] == "minimal"  # the shelf's first: no default named
    state = reader.supplied_by(books.FolderShelf({"reader": READER})).setup(
        {"players": ["Mara", "Bo", "Cy"]}, seed=7
    )
    assert state["world"] == "reader" and state == new()
    assert sorted(state["deck"]) == [78, 79]
    assert state["month"] is None and state["scene"] is None
    assert {new(seed=s)["deck"][0] for s in range(20)} == {78, 79}
    assert game.load(state).model_dump(mode="json") == state


def test_a_world_that_is_not_loaded_is_refused():
    with pytest.raises(RuleError, match="not loaded"):
        new(world="atlantis")


def test_seats_are_the_table_the_story_master_and_each_player():
    seats = game.seats(new())
    assert [s.id for s in seats] == ["table", "sm", "p1", "p2", "p3"]
    assert [s.kind for s in seats][:2] == ["table", "sm"]


def test_a_book_fetches_each_scene_once_and_only_scenes_it_has():
    fetched = []
    world = SHELF.book("reader")

    def fetch(number):
        fetched.append(number)
        return world.fetch(number)

    book = books.Book("r", "R", "v1", world.info, world.events, world.titles, fetch)
    assert book.scene(2001).title == "The ferry rope"
    assert book.scene(2001) is book.scene(2001)
    assert book.scene(1234) is None
    assert fetched == [2001]
    assert book.skills == CIRCLE and book.skill_name("might") == "Might"


def test_a_setup_handed_no_book_says_so_and_one_handed_a_book_reads_it():
    with pytest.raises(RuleError, match="storybook is not set up"):
        registered.setup({"players": ["Mara"]}, seed=7)  # no supplier, no book handed
    state = registered.setup({"players": ["Mara"], "world": "x"}, 7, SHELF.book("minimal"))
    assert state["world"] == "minimal"  # the book handed decides, as its supplier chose it


def test_with_no_world_with_a_book_a_new_table_is_refused_with_the_reason():
    empty = registered.supplied_by(books.FolderShelf({}))
    with pytest.raises(RuleError, match="No world with a book is loaded yet"):
        empty.setup({"players": ["Mara"]}, seed=7)


# -- the book handed to a state by the service that loaded it --------------------------------
def test_a_state_handed_its_book_reads_it_and_asks_no_supplier():
    state = play(new(), "pick-month", {"month": "june"})
    book = SHELF.book("reader")
    model = registered.load(state, book)  # the registered game: no supplier to ask
    assert model.book() is book
    data, sentence = registered.apply_to(model, "open-scene", {"number": 2001}, "sm")
    assert data["scene"] == 2001 and "2001" in sentence
    assert registered.view_fn(model, "sm")["scene"]["number"] == 2001  # the view reads it too


def test_a_shelf_that_names_no_default_world_cannot_be_made():
    class OnlyBooks(books.Shelf):
        def book(self, slug: str) -> books.Book | None:
            return None

    with pytest.raises(TypeError, match="default_slug"):
        OnlyBooks()


class Asked(books.FolderShelf):
    """A shelf that notes every world it is asked for."""

    def __init__(self) -> None:
        super().__init__({"reader": READER})
        self.asked: list[str] = []

    def book(self, slug: str) -> books.Book | None:
        self.asked.append(slug)
        return super().book(slug)


def test_a_state_loaded_with_nothing_handed_asks_the_supplier_once_and_only_when_read():
    state = play(new(), "pick-month", {"month": "june"})
    shelf = Asked()
    model = registered.supplied_by(shelf).load(state)  # a replay, a view: nothing handed
    assert shelf.asked == []  # not asked while nothing reads the book
    assert model.book() is model.book() is shelf.book("reader")
    assert shelf.asked == ["reader", "reader"]  # once by the state, once by this test


def test_a_state_never_looks_for_its_book_on_the_shelf():
    state = play(new(), "pick-month", {"month": "june"})
    with pytest.raises(RuleError, match="“reader” is not loaded"):
        State.model_validate(state).book()  # parsed by hand: no one handed a book
