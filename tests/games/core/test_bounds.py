"""Every number a game keeps is bounded by what the game can hold (issue 12).

Walks each registered game's state, options, catalog and move arguments, and fails on any
int or float — a field, a list's element, a dict's key or value — without both a lower and
an upper bound. A move that would push a number past its bound is refused by the engine
instead of being stored, and an import carrying one is refused by the model.
"""

from __future__ import annotations

import types
import typing

import pytest
from annotated_types import Ge, Gt, Le, Lt
from pydantic import BaseModel, Field, ValidationError

from games.core.bounds import upto
from games.core.engine import Game, RuleError, Seat
from games.core.moves import MoveSet, NoArgs, collect
from games.core.registry import all_games
from games.galzyr.campaign.state import Adventurer

LOWER = (Ge, Gt)
UPPER = (Le, Lt)


def bounded(metadata) -> bool:
    return any(isinstance(m, LOWER) for m in metadata) and any(
        isinstance(m, UPPER) for m in metadata
    )


def unbounded_numbers(annotation, metadata, where: str, found: list[str], seen: set) -> None:
    """Walk one annotation; ``metadata`` holds the bounds that apply at this level."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        inner, *extra = typing.get_args(annotation)
        flat = [m for e in extra for m in getattr(e, "metadata", [e])]
        unbounded_numbers(inner, [*metadata, *flat], where, found, seen)
        return
    if annotation in (int, float):
        if not bounded(metadata):
            found.append(where)
        return
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        unbounded_models(annotation, found, seen)
        return
    args = typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        # Optional[int] carries the field's own bounds to its int.
        for arg in args:
            unbounded_numbers(arg, metadata, where, found, seen)
    elif origin is typing.Literal:
        return
    else:
        for i, arg in enumerate(args):
            if arg is not Ellipsis:
                unbounded_numbers(arg, [], f"{where}[{i}]", found, seen)


def unbounded_models(model: type[BaseModel], found: list[str], seen: set) -> None:
    if model in seen:
        return
    seen.add(model)
    for name, field in model.model_fields.items():
        where = f"{model.__module__}.{model.__qualname__}.{name}"
        unbounded_numbers(field.annotation, list(field.metadata), where, found, seen)


def game_models(game) -> list[type[BaseModel]]:
    models = [game.State, game.Options, *(spec.args for spec in game.moves.values())]
    return [*models, game.Catalog] if game.Catalog else models


@pytest.mark.parametrize("slug", sorted(all_games()))
def test_every_number_a_game_keeps_is_bounded(slug):
    found: list[str] = []
    seen: set = set()
    for model in game_models(all_games()[slug]):
        unbounded_models(model, found, seen)
    assert found == [], "numbers without both bounds:\n" + "\n".join(found)


def test_the_walker_sees_an_unbounded_number_inside_a_container():
    class Inner(BaseModel):
        n: int

    class Outer(BaseModel):
        tally: dict[str, int] | None = None
        rows: list[Inner] = []

    found: list[str] = []
    unbounded_models(Outer, found, set())
    assert any(".tally[1]" in f for f in found)
    assert any(".Inner.n" in f for f in found)


class Jar(BaseModel):
    beans: int = Field(0, ge=0, le=3)


moves = MoveSet("jar")


@moves.move()
def add_bean(state: Jar, args, seat: str) -> str:
    """A rule that forgot the jar's size: the engine still refuses the fourth bean."""
    state.beans += 1
    return "A bean."


jar = Game(
    slug="jar",
    title="Jar",
    State=Jar,
    Options=NoArgs,
    setup_fn=lambda options, seed, needs: Jar(),
    view_fn=lambda state, seat: state.model_dump(),
    seats_fn=lambda state: [Seat("table", "Table", "table")],
    secret_keys=frozenset(),
    moves=collect(moves),
)


def test_a_move_that_would_store_a_number_past_its_bound_is_refused():
    data = jar.setup(None, seed=1)
    for _ in range(3):
        data, _ = jar.apply(data, "add-bean", None, "table")
    assert data == {"beans": 3}
    with pytest.raises(RuleError, match="more than the game can hold.*beans"):
        jar.apply(data, "add-bean", None, "table")


@pytest.mark.parametrize(
    ("slug", "path", "value"),
    [
        ("dark-tales", ("players", 0, "vp"), 10**30),
        ("tales-of-danger", ("deck",), -1),
        ("tavern-tales", ("players", 0, "prestige"), 10_001),
    ],
)
def test_a_state_past_a_bound_does_not_load(slug, path, value):
    game = all_games()[slug]
    options = {"players": ["Ana", "Ben"]}
    data = game.setup(options, seed=3)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(ValidationError):
        game.load(data)


def test_an_adventurer_holds_at_most_the_gold_dial():
    # Galzyr's setup reads its world from the database, so its bound is tried on the model.
    Adventurer(id="mara", gold=20, marks={"might": 2})
    with pytest.raises(ValidationError, match="less than or equal to 20"):
        Adventurer(id="mara", gold=21, marks={"might": 2})
    with pytest.raises(ValidationError):
        Adventurer(id="mara", marks={"might": 3})


def test_upto_counts_up_to_its_first_number_from_a_named_low():
    class Points(BaseModel):
        gem: upto(5, low=1)

    assert [Points(gem=n).gem for n in (1, 5)] == [1, 5]
    for outside in (0, 6):
        with pytest.raises(ValidationError):
            Points(gem=outside)
    with pytest.raises(TypeError):
        upto(5, 1)  # which is the low? The call must say.
