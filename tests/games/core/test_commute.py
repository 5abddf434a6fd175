"""A move made against an older version: made when it commutes with the moves since, refused
with the latest table otherwise (turns.apply_move with games/core/commute.py), through the
services, the pages and the API; the log and undo stay exact."""

from __future__ import annotations

import typing
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from pydantic import BaseModel

from games.core import commute
from games.core.patch import KEY_ORDER, diff, touched
from games.core.registry import all_games
from games.galzyr.shelf import forget_books
from games.models import Move
from games.services import tables, turns
from tests.games.core.test_commute_game import commons_registered  # noqa: F401 (autouse)
from tests.seating import api_as, sit

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table():
    return tables.create_table("commons", "Fair", {"players": ["Ada", "Bo", "Cy"]})


def move(table, name, args, seat, version):
    return turns.apply_move(table.code, name, args, expected_version=version, seat=seat)


def test_a_stale_move_that_commutes_is_made_and_logged_at_the_new_version(table):
    move(table, "mark", {"points": 2}, "p1", 1)
    latest, logged = move(table, "mark", {"points": 3}, "p2", 1)  # saw version 1
    assert latest.version == 3 and logged.version == 3
    assert latest.state["marks"] == [2, 3, 0]
    assert logged.sentence == "Bo marks 3." and logged.seat == "p2"
    assert [m.version for m in Move.objects.filter(table=table)] == [3, 2]


def test_undo_after_a_stale_move_restores_each_state_exactly(table):
    first = table.state
    after_ada, _ = move(table, "note", {"text": "ada"}, "p1", 1)
    second = after_ada.state
    move(table, "note", {"text": "bo"}, "p2", 1)
    undone, _ = turns.undo_last(table.code, expected_version=3, seat="table")
    assert undone.state == second and list(undone.state["notes"]) == ["p1"]
    undone, _ = turns.undo_last(table.code, expected_version=4, seat="p1")
    assert undone.state == first


def test_a_real_conflict_is_refused_with_the_latest_table_and_changes_nothing(table):
    move(table, "pot", {"points": 1}, "p1", 1)
    with pytest.raises(tables.VersionConflict) as caught:
        move(table, "pot", {"points": 2}, "p2", 1)
    assert caught.value.table.version == 2 and caught.value.table.state["pot"] == 1
    assert Move.objects.filter(table=table).count() == 1


def test_the_same_tap_twice_is_made_once(table):
    move(table, "mark", {"points": 1}, "p1", 1)
    with pytest.raises(tables.VersionConflict):
        move(table, "mark", {"points": 1}, "p1", 1)
    table.refresh_from_db()
    assert table.state["marks"] == [1, 0, 0] and table.version == 2


def test_draws_from_the_generator_conflict_with_any_draw_since(table):
    move(table, "draw", {}, "p1", 1)
    with pytest.raises(tables.VersionConflict):
        move(table, "draw", {}, "p2", 1)
    with pytest.raises(tables.VersionConflict):
        move(table, "peek", {}, "p3", 1)  # declares it reads the generator
    made, _ = move(table, "mark", {}, "p3", 1)  # draws nothing: unaffected
    assert made.version == 3


def test_a_turn_change_since_refuses_every_stale_move(table):
    move(table, "end-turn", {}, "table", 1)
    with pytest.raises(tables.VersionConflict):
        move(table, "note", {"text": "late"}, "p2", 1)


def test_an_undo_since_refuses_a_stale_move(table):
    move(table, "mark", {}, "p1", 1)
    turns.undo_last(table.code, expected_version=2, seat="p1")
    with pytest.raises(tables.VersionConflict):
        move(table, "note", {"text": "x"}, "p2", 2)


def test_a_device_too_far_behind_is_refused(table):
    for version in range(1, commute.WINDOW + 2):
        move(table, "pot", {}, "table", version)
    with pytest.raises(tables.VersionConflict):
        move(table, "note", {"text": "x"}, "p2", 1)
    made, _ = move(table, "note", {"text": "x"}, "p2", 2)  # exactly WINDOW behind
    assert made.version == commute.WINDOW + 3


def test_a_stale_move_the_rules_refuse_is_the_conflict_it_always_was(table):
    move(table, "mark", {}, "p1", 1)
    with pytest.raises(tables.VersionConflict):
        move(table, "mark", {"points": 9}, "p2", 1)  # out of bounds: refused on any version
    with pytest.raises(tables.VersionConflict):
        move(table, "end-turn", {}, "p2", 1)  # not the shared display


def test_the_stale_path_reads_the_log_once_and_the_fresh_path_not_at_all(
    table, django_assert_num_queries
):
    # savepoint, lock, update the table, insert the move, release; the stale path reads the
    # moves since in one more query.
    with django_assert_num_queries(5):
        move(table, "mark", {}, "p1", 1)
    with django_assert_num_queries(6):
        move(table, "mark", {}, "p2", 1)


def test_the_page_makes_a_commuting_stale_tap_and_shows_409_for_a_conflict(client, table):
    sit(client, table, "p2")
    move(table, "mark", {}, "p1", 1)
    url = reverse("games:move", args=[table.code, "note"])
    made = client.post(url, {"text": "hello", "version": 1}, **HTMX)
    assert made.status_code == 200 and "HX-Trigger" not in made
    assert b"Bo writes a note." in made.content and b'data-version="3"' in made.content
    move(table, "pot", {}, "p1", 3)
    refused = client.post(reverse("games:move", args=[table.code, "pot"]), {"version": 3})
    assert refused.status_code == 409
    assert b"The table changed" in refused.content and b'data-version="4"' in refused.content


def test_the_api_makes_a_commuting_stale_move_and_answers_409_with_the_latest(table):
    api = api_as(table, "p2")
    move(table, "mark", {}, "p1", 1)
    url = f"/api/tables/{table.code}/moves/"
    made = api.post(url, {"move": "mark", "args": {"points": 2}, "version": 1}, format="json")
    assert made.status_code == 200
    assert made.json()["move"]["version"] == 3 and made.json()["table"]["version"] == 3
    move(table, "pot", {}, "p1", 3)
    refused = api.post(url, {"move": "pot", "args": {}, "version": 3}, format="json")
    assert refused.status_code == 409
    body = refused.json()
    assert body["version"] == 4 and body["state"]["pot"] == 1
    assert body["error"] == "The table changed — here is the latest."


# -- the issue's own case: the story master answers in secret while a player chooses ------------


@pytest.fixture
def reading():
    forget_books()
    call_command("load_world", "fixtures/worlds/sallowmere-marches", stdout=StringIO())
    table = tables.create_table(
        "galzyr", "Ferry", {"players": ["Mara", "Bo"], "world": "sallowmere-marches"}
    )
    table, _ = move(table, "pick-month", {"month": "june"}, "sm", table.version)
    table, _ = move(table, "open-scene", {"number": 1003}, "sm", table.version)
    return table


def test_a_secret_answer_and_an_unrelated_choice_are_both_made(reading):
    seen = reading.version
    move(reading, "answer-secret", {"question": "pell", "yes": True}, "sm", seen)
    made, logged = move(reading, "choose", {"option": 3}, "p1", seen)  # ask the otters
    assert logged.version == seen + 2
    assert made.state["option"] == 2 and made.state["answers"] == {"pell": True}


def test_a_choice_the_secret_answer_locked_is_refused(reading):
    seen = reading.version
    move(reading, "answer-secret", {"question": "pell", "yes": False}, "sm", seen)
    with pytest.raises(tables.VersionConflict) as caught:
        move(reading, "choose", {"option": 4}, "p1", seen)  # Pell: only if he is there
    assert caught.value.table.state["option"] is None


# -- the places a patch changes -----------------------------------------------------------------


def test_touched_names_keys_indices_and_whole_lists():
    before = {"a": {"b": 1, "c": [1, 2, 3]}, "d": [1, 2], "e": 0}
    assert touched(before, diff(before, {**before, "e": 1})) == {("e",)}
    inner = {**before, "a": {"b": 1, "c": [1, 9, 3]}}
    assert touched(before, diff(before, inner)) == {("a", "c", 1)}
    assert touched(before, diff(before, {**before, "d": [1]})) == {("d",)}  # length changed
    assert touched(before, diff(before, {**before, "f": 1})) == {("f",)}
    reordered = {"e": 0, "d": [1, 2], "a": before["a"]}
    assert touched(before, diff(before, reordered)) == {(KEY_ORDER,)}


def test_places_meet_along_a_path_and_through_wildcards():
    assert commute.meets([("a", "b")], [("a",)]) and commute.meets([("a",)], [("a", "b", 1)])
    assert commute.meets([("p", 3, "hand")], [("p", "*", "hand")])
    assert not commute.meets([("a", "b")], [("a", "c")])
    assert not commute.meets([("p", 1)], [("p", 2)])


def fields_of(annotation) -> dict:
    """The pydantic fields behind an annotation (``Round | None`` → Round's fields)."""
    for kind in (annotation, *typing.get_args(annotation)):
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            return kind.model_fields
    return {}


@pytest.mark.parametrize("slug", sorted(all_games()))
def test_every_contended_place_is_a_field_of_the_games_state(slug):
    game = all_games()[slug]
    for dotted in game.contended:
        fields = game.State.model_fields
        for part in dotted.split("."):
            assert part in fields, (slug, dotted)
            fields = fields_of(fields[part].annotation)
