"""Who may make which move: each move's declared roles, checked from the declaration itself.

Every move has a scenario below: a table where the move is legal, its arguments, and the
seat acting for each role (the shared display, or the player the move is about). From the
declaration (``game.moves[name].roles``) the tests take the roles a move allows (each makes
it in its scenario) and the roles it leaves out (each is refused with the engine's
sentence, in that same scenario, and nothing changes: in the engine, over the API and on
the page). A new move needs a scenario; a changed declaration is tested without a new test.
"""

from __future__ import annotations

import dataclasses
import json
import re

import pytest
from django.urls import reverse

from games.core.engine import ACTIVE, ROLE_NAMES, RuleError
from games.models import Table
from games.tales_of_danger.game import game
from tests.seating import api_as, sit

POOL = ["monk", "farmer", "deacon", "captain", "innkeeper"]
QUEEN_HAND = ["sailor", "business-man", "minstrel"]  # can secure the Queen (test catalog)
# The seats that try each move: the shared display, and p1, the player every scenario is about
# (whose turn it is: its role is ACTIVE). A waiting seat is test_who_moves.py's.
SEATS = ("table", "p1")


def _dealing(tod):
    return tod.Table(3)


def _recruiting(tod, **kw):
    return tod.arranged([QUEEN_HAND, ["monk"], ["nun"]], POOL, on_table=list(tod.SPONSORS), **kw)


def _discarding(tod):
    t = tod.arranged([[*QUEEN_HAND, "monk", "nun"], ["monk"]], POOL, ["queen", None])
    state = t.state
    state.players[0].discard_to = 3
    t.put(state)
    return t


def _free_card(tod):
    pool = ["doctor", "monk", "farmer", "deacon", "innkeeper"]  # the Doctor is free for the Queen
    return tod.arranged([QUEEN_HAND, ["nun"]], pool, ["queen", None])


def _gathering(tod):
    pool = ["monk", "farmer", "deacon", "innkeeper", "sailor"]  # none free for the Queen
    return tod.arranged([QUEEN_HAND, ["nun"]], pool, ["queen", None])


def _preparing(tod):
    t = tod.act3([["monk"], ["nun"]], [None, (1, ["crew"])])
    state = t.state
    state.step = "prepare"
    t.put(state)
    return t


def _journal_owed(tod):
    t = tod.act3([["monk", "nun"], ["nun"]], [(1, ["crew"]), (1, ["crew"])])
    t.do("complete-segment", {"pay": [{"person": "monk"}]}, seat="p1")
    return t


# move -> (a table where the move is legal for p1 and whoever may act for p1, its arguments)
SCENARIOS = {
    "deal": (_dealing, {"player": "p1", "people": ["nun", "nun", "monk"]}),
    "refill-pool": (_dealing, {"people": ["monk"]}),
    "recruit": (_recruiting, {"picks": [{"person": "monk"}, {"person": "farmer"}]}),
    "secure-sponsor": (lambda tod: _recruiting(tod, step="acted"), {"sponsor": "queen"}),
    "take-lowest-sponsor": (
        lambda tod: tod.arranged(
            [["sailor"], ["monk"]],
            POOL,
            [None, "queen"],
            step="acted",
            on_table=list(tod.SPONSORS),
        ),
        {},
    ),
    "end-turn": (lambda tod: _recruiting(tod, step="acted"), {}),
    "discard-down": (_discarding, {"player": "p1", "people": ["monk", "nun"]}),
    "take-free-cards": (_free_card, {}),
    "gather": (_gathering, {"picks": [{"person": "monk"}, {"person": "farmer"}]}),
    "prepare-segment": (_preparing, {"difficulty": 1, "costs": ["crew"]}),
    "complete-segment": (
        lambda tod: tod.act3([["monk", "nun"], ["nun"]], [(1, ["crew"]), (1, ["crew"])]),
        {"pay": [{"person": "monk"}]},
    ),
    "forage": (
        lambda tod: tod.act3([["monk"], ["nun"]], [(1, ["crew"]), None]),
        {"cost": "supply"},
    ),
    "write-journal": (_journal_owed, {"value": 3, "person": "nun"}),
    "set-sponsor-card": (_dealing, {"sponsor": "queen", "market": 3}),
    "set-person-card": (_dealing, {"person": "nun", "crew": 1}),
    "enter-card-sheet": (_dealing, {"sponsors": {"queen": {"market": 3}}, "people": {}}),
}


def role_of(move: str, seat: str) -> str:
    """The seat's role in the move's scenario: p1 takes the first turn, so it is ACTIVE from
    the deal on (it flips the pool once the hands are dealt)."""
    return "table" if seat == "table" else ACTIVE


def allowed() -> list[tuple[str, str]]:
    return [(m, s) for m, spec in game.moves.items() for s in SEATS if spec.allows(role_of(m, s))]


def left_out() -> list[tuple[str, str]]:
    return [
        (m, s) for m, spec in game.moves.items() for s in SEATS if not spec.allows(role_of(m, s))
    ]


# How the engine names each declaration (a player's seat, whose turn it is or not, is "a
# player": not "the active player or a player"); a new declaration adds its line here.
WHO = {
    frozenset({"table", "active", "player"}): "a player or the shared display",
    frozenset({"table", "active"}): "the active player or the shared display",
    frozenset({"active"}): "the active player",
    frozenset({"active", "player"}): "a player",
}


def refusal(move: str, seat: str) -> str:
    """The engine's sentence, from the declaration: who the move is for, and who asked."""
    spec = game.moves[move]
    return f"“{spec.label}” is for {WHO[spec.roles]}, not for {ROLE_NAMES[role_of(move, seat)]}."


@pytest.mark.parametrize("move", sorted(SCENARIOS))
def test_each_scenario_gives_p1_the_role_the_tests_assume(tod, move):
    state = SCENARIOS[move][0](tod).state
    assert game.role(state, "p1") == role_of(move, "p1")
    assert game.role(state, "table") == "table"


def test_every_move_declares_its_roles_and_has_a_scenario():
    assert set(SCENARIOS) == set(game.moves)
    for name, spec in game.moves.items():
        assert spec.roles, f"{name} declares no roles"
        assert spec.roles <= {"table", "player", ACTIVE}, f"{name} names a role no seat holds"


def test_the_display_makes_no_act_3_move_and_writes_no_journal():
    # Act 3's hands are private: its turn moves are the active player's seat's (its phone, or
    # the display after the hand-over), journals the player's own; the rest of the game is
    # face up, entered by the table or by the player concerned (the move says which).
    assert left_out() == [
        ("prepare-segment", "table"),
        ("complete-segment", "table"),
        ("forage", "table"),
        ("write-journal", "table"),
    ]


@pytest.mark.parametrize(("move", "seat"), allowed())
def test_a_role_the_move_declares_makes_it(tod, move, seat):
    build, args = SCENARIOS[move]
    t = build(tod)
    assert game.may(t.state, seat)[move.replace("-", "_")] is True
    assert t.do(move, args, seat=seat)


@pytest.mark.parametrize(("move", "seat"), left_out())
def test_the_engine_refuses_a_role_the_move_leaves_out(tod, move, seat):
    build, args = SCENARIOS[move]
    t = build(tod)
    state = t.state
    before = state.model_dump(mode="json")
    assert game.may(state, seat)[move.replace("-", "_")] is False
    with pytest.raises(RuleError, match=f"^{re.escape(refusal(move, seat))}$"):
        game.apply_to(state, move, args, seat)
    # Refused before the move ran: the very model it was given is untouched.
    assert state.model_dump(mode="json") == before


@pytest.mark.django_db
@pytest.mark.parametrize(("move", "seat"), left_out())
def test_the_api_refuses_a_role_the_move_leaves_out(tod, move, seat):
    build, args = SCENARIOS[move]
    table = Table.objects.create(game="tales-of-danger", name="Roles", state=build(tod).data)
    before = dict(table.state)
    response = api_as(table, seat).post(
        f"/api/tables/{table.code}/moves/",
        {"move": move, "args": args, "version": table.version},
        format="json",
    )
    assert response.status_code == 400
    assert response.json() == {"error": refusal(move, seat)}
    table.refresh_from_db()
    assert (table.version, table.state, table.moves.count()) == (1, before, 0)
    table_json = api_as(table, seat).get(f"/api/tables/{table.code}/").json()
    assert table_json["may"][move.replace("-", "_")] is False


@pytest.mark.django_db
@pytest.mark.parametrize(("move", "seat"), left_out())
def test_the_page_offers_no_form_for_a_left_out_role_and_refuses_the_post(client, tod, move, seat):
    build, args = SCENARIOS[move]
    table = Table.objects.create(game="tales-of-danger", name="Roles", state=build(tod).data)
    before = dict(table.state)
    sit(client, table, seat)
    url = reverse("games:table", args=[table.code])
    html = client.get(url, {"cards": "1"}).content.decode()
    assert f"/move/{move}/" not in html
    # Posted anyway (an old page, a hand-made request): the engine's sentence, no change.
    response = client.post(
        reverse("games:move", args=[table.code, move]),
        {"version": table.version, "args_json": json.dumps(args)},
        HTTP_HX_REQUEST="true",
    )
    assert response["HX-Trigger"] == "tk:refused"
    assert refusal(move, seat) in response.content.decode()
    table.refresh_from_db()
    assert (table.version, table.state, table.moves.count()) == (1, before, 0)


@pytest.mark.django_db
def test_the_panel_draws_its_forms_from_the_declaration(client, tod, monkeypatch):
    """The view offers a seat only what ``may`` allows: a move declared for players only
    loses the table's form and leaves the table's ``moves``, with no edit of the view."""
    table = Table.objects.create(game="tales-of-danger", name="Roles", state=_recruiting(tod).data)
    url = reverse("games:table", args=[table.code])
    assert "/move/recruit/" in sit(client, table, "table").get(url).content.decode()
    players_only = dataclasses.replace(game.moves["recruit"], roles=frozenset({ACTIVE}))
    monkeypatch.setitem(game.moves, "recruit", players_only)
    html = client.get(url).content.decode()
    assert "recruit" not in game.view(table.state, "table")["moves"]
    assert "/move/recruit/" not in html and "/move/recruit/" in (
        sit(client, table, "p1").get(url).content.decode()
    )
