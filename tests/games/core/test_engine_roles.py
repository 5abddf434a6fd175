"""Who may make which move is the moves' ``roles``, read here as data, for the games whose
seats are the shared display and the players (Dark Tales, Tavern Tales; Galzyr and Tales of
Danger have tables of their own, with scenarios per move): every move declares them, and a
seat of any role a declaration leaves out is refused by the engine, with its sentence, before
the move runs (the state stays as it was)."""

from __future__ import annotations

import pytest

from games.core.engine import ROLE_NAMES, RuleError, Seat, dump
from games.core.registry import get_game

OPTIONS = {
    "dark-tales": {
        "players": ["Mara", "Bo"],
        "setting_a": "A1",
        "setting_b": "B1",
        "first_player": "Mara",
    },
    "tavern-tales": {"players": ["Mara", "Bo", "Cy"], "first_player": 0},
}
# How the engine names a declaration in its refusal; a new declaration adds its line here.
WHO = {frozenset({"table", "player"}): "a player or the shared display"}


def seat_kinds(slug: str) -> set[str]:
    game = get_game(slug)
    return {seat.kind for seat in game.seats(game.setup(OPTIONS[slug], 1))}


def left_out(slug: str) -> list[tuple[str, str, str]]:
    game = get_game(slug)
    roles = sorted(set(ROLE_NAMES) | set(game.role_names) | seat_kinds(slug))
    return [
        (slug, name, role)
        for name, spec in game.moves.items()
        for role in roles
        if not spec.allows(role)
    ]


@pytest.mark.parametrize("slug", sorted(OPTIONS))
def test_every_move_declares_roles_the_table_has(slug):
    kinds = seat_kinds(slug)
    for name, spec in get_game(slug).moves.items():
        assert spec.roles, f"{name} declares no roles"
        assert spec.roles <= kinds, f"{name} names a role no seat has: {spec.roles - kinds}"


@pytest.mark.parametrize("slug", sorted(OPTIONS))
def test_the_shared_display_and_the_players_are_offered_every_move(slug):
    game = get_game(slug)
    data = game.setup(OPTIONS[slug], 1)
    state = game.load(data)
    for seat in game.seats(data):
        assert game.may(state, seat.id) == {name.replace("-", "_"): True for name in game.moves}


@pytest.mark.parametrize(
    ("slug", "move", "role"), [c for s in sorted(OPTIONS) for c in left_out(s)]
)
def test_a_move_refuses_the_roles_its_declaration_leaves_out(monkeypatch, slug, move, role):
    game = get_game(slug)
    seats = game.seats_fn
    # A seat of that role: one of the table's own, or one added for the test (neither game
    # has a story master's seat, but a move must not depend on that to refuse one).
    monkeypatch.setattr(game, "seats_fn", lambda state: [*seats(state), Seat("x", role, role)])
    state = game.load(game.setup(OPTIONS[slug], 1))
    held = next(seat.id for seat in game.seats_fn(state) if seat.kind == role)
    before = dump(state)
    spec = game.moves[move]
    with pytest.raises(RuleError) as refused:
        game.apply_to(state, move, {}, held)
    assert str(refused.value) == (
        f"“{spec.label}” is for {WHO[spec.roles]}, not for {ROLE_NAMES[role]}."
    )
    assert dump(state) == before
    assert game.may(state, held)[move.replace("-", "_")] is False
