"""Who may make which move is the moves' ``roles``, read here as data, for the games whose
seats are the shared display and the players (Dark Tales, Tavern Tales; Galzyr and Tales of
Danger have tables of their own, with scenarios per move): every move declares them, and a
seat of any role a declaration leaves out is refused by the engine, with its sentence, before
the move runs (the state stays as it was). A game of turns (``Game(turn_fn=…)``, Dark Tales)
gives the player's seat whose turn it is the role "active": a waiting seat is refused the
moves of the turn with whose turn it is, and is not offered them."""

from __future__ import annotations

import pytest

from games.core.engine import ACTIVE, ROLE_NAMES, RuleError, Seat, dump
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
WHO = {
    frozenset({"table", "player"}): "a player or the shared display",
    frozenset({"table", ACTIVE}): "the active player or the shared display",
    # the active player's seat and the waiting ones: any player's (not "the active player or
    # a player waiting for their turn")
    frozenset({"table", ACTIVE, "player"}): "a player or the shared display",
}


def seat_roles(slug: str) -> set[str]:
    """The roles the table's seats can have: their kinds, and "active" in a game of turns."""
    game = get_game(slug)
    kinds = {seat.kind for seat in game.seats(game.setup(OPTIONS[slug], 1))}
    return kinds | ({ACTIVE} if game.turn_fn is not None else set())


def left_out(slug: str) -> list[tuple[str, str, str]]:
    game = get_game(slug)
    roles = sorted(set(ROLE_NAMES) | set(game.role_names) | seat_roles(slug))
    return [
        (slug, name, role)
        for name, spec in game.moves.items()
        for role in roles
        if not spec.allows(role)
    ]


@pytest.mark.parametrize("slug", sorted(OPTIONS))
def test_every_move_declares_roles_the_table_has(slug):
    roles = seat_roles(slug)
    for name, spec in get_game(slug).moves.items():
        assert spec.roles, f"{name} declares no roles"
        assert spec.roles <= roles, f"{name} names a role no seat has: {spec.roles - roles}"


@pytest.mark.parametrize("slug", sorted(OPTIONS))
def test_the_shared_display_and_the_players_are_offered_every_move(slug):
    """Every move to the player whose turn it is; to the shared display every move but those
    of the turn alone; a waiting player's seat (a game of turns) every move but the turn's."""
    game = get_game(slug)
    data = game.setup(OPTIONS[slug], 1)
    state = game.load(data)
    for seat in game.seats(data):
        waiting = game.turn_fn is not None and seat.kind == "player"
        waiting = waiting and seat.id != game.turn_fn(state)
        # the shared display makes a move of the turn alone only after the hand-over (as that
        # seat): as itself it is not offered one (Tavern Tales' decisions)
        expected = {
            name.replace("-", "_"): (
                "player" in spec.roles
                if waiting
                else seat.kind != "table" or spec.roles != {ACTIVE}
            )
            for name, spec in game.moves.items()
        }
        assert game.may(state, seat.id) == expected
    if game.turn_fn is not None:  # Dark Tales: a waiting seat lacks the moves of the turn
        assert not all(game.may(state, "p2").values())


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
    # A seat that has that role now ("player": a waiting player's seat in a game of turns)
    held = next(seat.id for seat in game.seats_fn(state) if game.role(state, seat.id) == role)
    before = dump(state)
    spec = game.moves[move]
    with pytest.raises(RuleError) as refused:
        game.apply_to(state, move, {}, held)
    names = {**ROLE_NAMES, **game.role_names}
    # a move of the turn alone (Tavern Tales' decisions) is named as the game names "active"
    who = names[ACTIVE] if spec.roles == {ACTIVE} else WHO[spec.roles]
    expected = f"“{spec.label}” is for {who}, not for {names[role]}."
    if game.turn_fn is not None and role == "player" and ACTIVE in spec.roles:
        expected = "It is Mara's turn."  # a waiting seat, refused a move of the turn
    assert str(refused.value) == expected
    assert dump(state) == before
    assert game.may(state, held)[move.replace("-", "_")] is False
