"""A move's answer reuses the state model the move changed instead of parsing the stored JSON
again (``Written.state``): for every registered game, what the answer shows from that
model (games/services/shown.py) must be what a fresh parse of the stored state shows — seats,
outcome, every seat's view and the moves it may make.

Each game is walked at random: moves and arguments are drawn from the move's argument model
and from values found in the state, and every move the rules accept is checked.
"""

from __future__ import annotations

import dataclasses
import json
import random
import types
import typing
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from pydantic import BaseModel

from games.core.engine import RuleError
from games.core.registry import all_games
from games.galzyr.shelf import forget_books
from games.models import Table
from games.services import handed, tables, turns
from games.services.shown import shown
from tests.seating import sit

pytestmark = pytest.mark.django_db

STEPS, TRIES = 40, 80


def sample_cases() -> list[tuple[str, dict]]:
    """(slug, options) for each sample table of every registered game (``Game.sample_options``),
    the tests' own tally included (tests/conftest.py registers it before collection)."""
    return [
        (slug, options) for slug, game in all_games().items() for options in game.sample_options
    ]


@pytest.fixture
def world():
    forget_books()
    call_command("load_world", "fixtures/worlds/sallowmere-marches", stdout=StringIO())


def test_every_registered_game_names_sample_options():
    for slug, game in all_games().items():
        assert game.sample_options, f"{slug} names no sample_options for the generic tests"
        for options in game.sample_options:
            game.parse_options(options)


def scalars_of(data, found=None) -> dict[type, list]:
    """The strs and ints found in a JSON value (the ids and numbers a move may name)."""
    found = found if found is not None else {str: set(), int: set()}
    if isinstance(data, dict):
        for key, value in data.items():
            found[str].add(key)
            scalars_of(value, found)
    elif isinstance(data, list):
        for value in data:
            scalars_of(value, found)
    elif isinstance(data, str) and len(data) < 40:
        found[str].add(data)
    elif type(data) is int:
        found[int].add(data)
    return {kind: sorted(values) for kind, values in found.items()}


def candidate(annotation, rng: random.Random, found: dict, depth: int = 0):
    """A random value of the field's type, often one the state holds."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Annotated:
        return candidate(args[0], rng, found, depth)
    if origin is typing.Literal:
        return rng.choice(args)
    if origin in (typing.Union, types.UnionType):
        return candidate(rng.choice(args), rng, found, depth)
    if origin in (list, tuple, set, frozenset):
        if depth > 2 or rng.random() < 0.3:
            return []
        inner = args[0] if args else str
        return [candidate(inner, rng, found, depth + 1) for _ in range(rng.randint(1, 3))]
    if origin is dict:
        return {}
    if annotation is type(None):
        return None
    if annotation is bool:
        return rng.random() < 0.5
    if annotation is int:
        if found[int] and rng.random() < 0.6:
            return rng.choice(found[int])
        return rng.randint(-1, 6)
    if annotation is float:
        return rng.choice([0.0, 1.0, 2.5])
    if annotation is str:
        if found[str] and rng.random() < 0.8:
            return rng.choice(found[str])
        return rng.choice(["", "x", "p1", "p2"])
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return random_args(annotation, rng, found, depth + 1)
    return None


def random_args(model: type[BaseModel], rng: random.Random, found: dict, depth: int = 0) -> dict:
    args = {}
    for name, field in model.model_fields.items():
        if not field.is_required() and rng.random() < 0.3:
            continue
        args[field.alias or name] = candidate(field.annotation, rng, found, depth)
    return args


def shown_to_every_seat(game, state) -> dict:
    """Everything a move's answer shows of ``state`` to each seat (HTMX page and API alike)."""
    return {
        seat.id: dataclasses.asdict(shown(game, state, seat.id, seat.id))
        for seat in game.seats_fn(state)
    }


@pytest.mark.parametrize(("slug", "options"), sample_cases())
def test_a_moves_own_state_shows_what_a_fresh_parse_shows(world, slug, options):
    check_own_state_shows_what_a_parse_shows(slug, options)


def check_own_state_shows_what_a_parse_shows(slug: str, options: dict) -> None:
    """Walk a table of ``slug`` at random; each accepted move's own state must show what a
    fresh parse of the stored state shows."""
    game = handed.game(slug)
    rng = random.Random(f"{slug}-{json.dumps(options)}")
    data = game.setup(options, seed=rng.randrange(2**32))
    accepted = 0
    for _ in range(STEPS):
        found = scalars_of(data)
        seats = [seat.id for seat in game.seats(data)]
        for _ in range(TRIES):
            name = rng.choice(sorted(game.moves))
            args = random_args(game.moves[name].args, rng, found)
            state = game.load(data)
            try:
                new_data, _sentence = game.apply_to(state, name, args, rng.choice(seats))
            except (RuleError, ValueError, KeyError, IndexError, TypeError):
                continue
            # What apply_move leaves for the answer, next to what a parse of the stored text gives.
            turns._forget_private(state)
            stored = json.loads(json.dumps(new_data))
            game.hand(state, game.needs(stored))  # handed again, as apply_move does
            after_move = json.dumps(shown_to_every_seat(game, state), default=str)
            after_parse = json.dumps(shown_to_every_seat(game, game.load(stored)), default=str)
            assert json.loads(after_move) == json.loads(after_parse), (name, args)
            accepted += 1
            data = stored
            break
    # The walk must have moved, or it tested nothing (a game may have a single move).
    assert accepted >= 2, accepted


def test_the_answer_to_a_move_does_not_parse_the_state_again(world, client, monkeypatch):
    table = tables.create_table(
        "galzyr",
        "Friday",
        {"players": ["Mara", "Bo"], "world": "sallowmere-marches", "mode": "campaign"},
    )
    sit(client, table, "sm")
    game = tables.game_of(table)
    loads = []
    original = type(game).load
    monkeypatch.setattr(
        type(game),
        "load",
        lambda self, data, needs=None: loads.append(1) or original(self, data, needs),
    )
    response = client.post(
        reverse("games:move", args=[table.code, "campaign-move-card"]),
        {"version": table.version, "number": 150, "to": "vault"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200 and "tk:refused" not in response.headers.get(
        "HX-Trigger", ""
    )
    assert len(loads) == 1  # the move's own parse; the answer reuses it
    fresh = Table.objects.get(pk=table.pk)
    assert response.context["view"] == game.view(fresh.state, "sm")


def test_a_move_hands_its_state_to_the_answer_and_leaves_nothing_on_the_table(world):
    table = tables.create_table("galzyr", "Friday", {"players": ["Mara", "Bo"]})
    written = turns.apply_move(
        table.code, "pick-month", {"month": "march"}, expected_version=table.version, seat="sm"
    )
    table, move = written
    assert (table, move) == (written.table, written.move) and written.state is not None
    assert not hasattr(table, "loaded_state")  # no cache rides on the ORM object
