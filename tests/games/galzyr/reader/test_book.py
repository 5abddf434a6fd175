"""The reader's book: a new table's world, the shelf it comes from, a book's scenes fetched
once, and the book the service that loads a table hands its state.

No database: the books come from world folders through a ``FolderShelf`` (book_world.py).
"""

from __future__ import annotations

import pytest

from games.core.engine import RuleError
from games.galzyr.game import game
from games.galzyr.reader import book as books
from games.galzyr.state import State
from tests.games.galzyr.playing import play

from .book_world import (
    CIRCLE,
    SHELF,
    new,
    shelf,  # noqa: F401 (the shelf every test reads)
)


# -- setup ---------------------------------------------------------------------------------
def test_a_new_table_reads_the_default_world_and_shuffles_its_event_deck():
    state = new()
    assert state["world"] == "reader"
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


def test_without_a_shelf_the_reader_says_so():
    previous = books.install(None)
    try:
        with pytest.raises(RuleError, match="storybook is not set up"):
            new()
    finally:
        books.install(previous)


# -- the book handed to a state by the service that loaded it --------------------------------
def test_a_state_handed_its_book_reads_it_and_never_the_shelf():
    state = play(new(), "pick-month", {"month": "june"})
    book = SHELF.book("reader")
    previous = books.install(None)  # no shelf: only the handed book can answer
    try:
        model = game.load(state, book)
        assert model.book() is book
        data, sentence = game.apply_to(model, "open-scene", {"number": 2001}, "sm")
        assert data["scene"] == 2001 and "2001" in sentence
        assert game.view_fn(model, "sm")["scene"]["number"] == 2001  # the view reads it too
    finally:
        books.install(previous)


def test_a_state_loaded_with_nothing_handed_asks_the_game_once_and_only_when_read(monkeypatch):
    state = play(new(), "pick-month", {"month": "june"})
    asked = []
    monkeypatch.setattr(
        game, "needs_fn", lambda data: asked.append(data["world"]) or SHELF.book("reader")
    )
    model = game.load(state)  # a replay, a view, a script: nothing handed
    assert asked == []  # not asked while nothing reads the book
    assert model.book() is model.book() is SHELF.book("reader")
    assert asked == ["reader"]


def test_a_state_never_looks_for_its_book_on_the_shelf():
    state = play(new(), "pick-month", {"month": "june"})
    with pytest.raises(RuleError, match="“reader” is not loaded"):
        State.model_validate(state).book()  # parsed by hand: no one handed a book
