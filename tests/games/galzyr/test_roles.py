"""Who may make which move, read from the moves' declarations (``@moves.move(..., roles=...)``).

Every move declares its roles; for every move and every role it does not list, a seat holding
that role is refused with the engine's sentence and the state stays as it was. Pure rules: the
sample world from its folder, a campaign table of three (so every role is held by some seat: the
shared display, the story master, the active player and a player waiting for their turn; the
player who reads the active player's scenes is a story master too).
"""

from __future__ import annotations

import copy

import pytest

from games.core.engine import RuleError
from games.galzyr.state import State
from tests.games.galzyr.worlds import game

ROLES = ("table", "sm", "active", "player")
# How the engine's sentence names each role (games/core/engine.py ROLE_NAMES + the game's).
NAMES = {
    "table": "the shared display",
    "sm": "the story master",
    "active": "the active player",
    "player": "a player waiting for their turn",
}

# How the sentence names each declaration (the moves' MANAGERS, READERS, STORY_MASTER).
WHO = {
    frozenset({"sm", "table"}): "the story master or the shared display",
    frozenset(
        {"sm", "table", "active"}
    ): "the active player, the story master or the shared display",
    frozenset({"sm"}): "the story master",
}


@pytest.fixture(scope="module")
def campaign_table() -> dict:
    return game.setup({"players": ["Mara", "Bo", "Ada"], "mode": "campaign"}, seed=5)


def seat_holding(data: dict, role: str) -> str:
    """A seat holding ``role`` at this table now."""
    state = State.model_validate(data)
    return next(seat.id for seat in game.seats_fn(state) if game.role(state, seat.id) == role)


def refusals() -> list[tuple[str, str]]:
    return [
        (name, role)
        for name, spec in sorted(game.moves.items())
        for role in ROLES
        if not spec.allows(role)
    ]


def test_every_move_declares_roles_the_game_knows():
    for name, spec in game.moves.items():
        assert spec.roles, f"{name} declares no roles: every seat could make it"
        assert spec.roles <= set(ROLES), (name, spec.roles)
    # a player waiting for their turn follows the story: their device makes no move
    assert not any(spec.allows("player") for spec in game.moves.values())


def test_each_role_is_held_by_one_seat_of_a_campaign_table(campaign_table):
    state = State.model_validate(campaign_table)
    held = {seat.id: game.role(state, seat.id) for seat in game.seats_fn(state)}
    assert sorted(set(held.values())) == sorted(ROLES)
    # one story master: the player reading the active player's scenes (the rules' story
    # master: three at the table, the one to the active player's right); the Story master
    # seat is a second shared display meanwhile (docs/campaign.md)
    reader = f"p{(state.active - 1) % 3 + 1}"
    assert [seat for seat, role in held.items() if role == "sm"] == [reader]
    assert held["sm"] == "table" and not game.may(state, "sm")["answer_secret"]
    assert sorted(held.values()).count("active") == sorted(held.values()).count("player") == 1
    assert game.role_names["active"] == NAMES["active"]


@pytest.mark.parametrize(("move", "role"), refusals())
def test_a_role_the_move_does_not_list_is_refused_and_nothing_changes(campaign_table, move, role):
    data = copy.deepcopy(campaign_table)
    spec = game.moves[move]
    who = WHO[spec.roles]
    with pytest.raises(RuleError) as refused:
        game.apply(data, move, {}, seat_holding(data, role))
    assert str(refused.value) == f"“{spec.label}” is for {who}, not for {NAMES[role]}."
    assert data == campaign_table


def test_a_role_the_move_lists_gets_past_the_role_check(campaign_table):
    state = game.load(campaign_table)
    for spec in game.moves.values():
        for role in spec.roles or ():
            game.check_role(spec, state, seat_holding(campaign_table, role))  # raises if refused


def test_may_is_the_declaration_for_each_seat(campaign_table):
    state = game.load(campaign_table)
    for seat in game.seats_fn(state):
        role = game.role(state, seat.id)
        may = game.may(state, seat.id)
        assert may == {n.replace("-", "_"): s.allows(role) for n, s in game.moves.items()}


def test_the_active_role_follows_the_turn(campaign_table):
    data = copy.deepcopy(campaign_table)
    active = seat_holding(data, "active")
    assert game.may(game.load(data), active)["campaign_end_turn"]
    state = State.model_validate(data)
    state.active = (state.active + 2) % 3  # the turn of the player to the right
    data = state.model_dump(mode="json")
    assert seat_holding(data, "player") == active
    assert not any(game.may(game.load(data), active).values())


def test_the_story_master_role_rotates_with_the_turn_as_the_rules_say(campaign_table):
    """ "X's player reads it as story master": that player's own device draws the event card
    and checks its prerequisite; once the turn passes, the next reader does, and they don't."""
    state = State.model_validate(copy.deepcopy(campaign_table))
    for _turn in range(3):
        reader = f"p{(state.active - 1) % 3 + 1}"
        assert game.role(state, reader) == "sm"
        may = game.may(state, reader)
        assert may["draw_event"] and may["confirm_event"] and may["answer_secret"]
        assert game.role(state, "sm") == "table"  # a display while a player reads
        state.active = (state.active + 1) % 3
        assert game.role(state, reader) in ("active", "player")
        assert not game.may(state, reader)["draw_event"]


def test_the_story_master_alone_answers_in_secret_and_by_hand():
    only_sm = {name for name, spec in game.moves.items() if spec.roles == {"sm"}}
    assert only_sm == {"answer-secret", "answer-by-hand", "confirm-event"}


def test_a_solo_player_is_their_own_story_master():
    """Rulebook: each scene is read to the active player by the story master, "in solo games
    those are the same person": the one player's device is the story master (it draws the event
    card, sees what the story master sees), and still makes the active player's moves."""
    state = game.setup({"players": ["Mara"], "mode": "campaign"}, seed=5)
    parsed = State.model_validate(state)
    assert game.role_fn(parsed, "p1") == "sm"
    assert "event" in game.view(state, "p1")
    after, said = game.apply(state, "draw-event", {}, "p1")
    assert "draws an event card" in said
    assert game.view(after, "p1")["event"]["card"] is not None  # the drawn card is theirs to read


def test_the_story_master_seat_is_the_story_master_only_while_no_player_reads():
    """Book-only mode and solo play keep the Story master seat; a campaign of two or more
    gives the role to the reading player and the seat is not offered to hand the tablet to."""
    book = game.load(game.setup({"players": ["Mara", "Bo"]}, seed=5))
    solo = game.load(game.setup({"players": ["Mara"], "mode": "campaign"}, seed=5))
    pair = game.load(game.setup({"players": ["Mara", "Bo"], "mode": "campaign"}, seed=5))
    assert game.role(book, "sm") == game.role(solo, "sm") == "sm"
    assert game.role(pair, "sm") == "table"
    kinds = {seat.id: seat.kind for seat in game.seats_fn(pair)}
    assert kinds["sm"] == "table"  # the hand-over offers no seat of the shared display's kind
