"""The moves' declared roles over the platform: the service refuses a role a move does not
list and keeps the table as it was, and a page shows a move's button exactly when ``may`` (the
same declaration) allows it."""

from __future__ import annotations

import re
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.core.engine import RuleError
from games.galzyr.shelf import forget_books
from games.models import Table
from games.services import tables, turns
from tests.seating import api_as, sit

pytestmark = pytest.mark.django_db

READER = Path(__file__).parent / "reader" / "reader_world"
HTMX = {"HTTP_HX_REQUEST": "true"}
ROLES = ("table", "sm", "active", "player")

# Moves whose button the state of each table below shows to whoever may make them: for these
# the page shows the button exactly when ``may`` allows it (for every other move, never without).
BOOK_BUTTONS = {
    "answer",
    "answer-secret",
    "choose",
    "continue",
    "open-scene",
    "draw-event",
    "set-active",
    "set-challenge",
    "pick-month",
}
CAMPAIGN_BUTTONS = {
    "campaign-take-card",
    "campaign-move-card",
    "campaign-begin-story",
    "campaign-end-turn",
    "campaign-save",
    "campaign-gold",
    "campaign-prestige",
    "campaign-place-figure",
    "campaign-place-timer",
    "open-scene",
    "draw-event",
}


def move(table: Table, name: str, args: dict | None = None, seat: str = "sm") -> Table:
    table.refresh_from_db()
    table, _ = turns.apply_move(
        table.code, name, args or {}, expected_version=table.version, seat=seat
    )
    return table


@pytest.fixture
def reading(client):
    """A book-only table reading scene 2001: a secret question, an open one, options."""
    forget_books()
    call_command("load_world", str(READER), "--slug", "reader", stdout=StringIO())
    table = tables.create_table("galzyr", "Roles", {"players": ["Mara", "Bo"], "world": "reader"})
    move(table, "pick-month", {"month": "june"})
    return move(table, "open-scene", {"number": 2001})


@pytest.fixture
def campaign():
    """A campaign of three on the sample world: beside the active player, one player reads
    their scenes as story master and one waits for their turn."""
    forget_books()
    call_command("load_world", "fixtures/worlds/sallowmere-marches", stdout=StringIO())
    return tables.create_table(
        "galzyr",
        "Sample campaign",
        {"players": ["Mara", "Bo", "Ada"], "world": "sallowmere-marches", "mode": "campaign"},
    )


def seats_by_role(table: Table) -> dict[str, str]:
    game = tables.game_of(table)
    state = game.load(table.state)
    return {game.role(state, seat.id): seat.id for seat in game.seats_fn(state)}


def buttons(client, table: Table) -> tuple[set[str], dict[str, bool]]:
    """The moves the seat's page has a form for, and the ``may`` it was rendered with."""
    response = client.get(reverse("games:table", args=[table.code]))
    assert response.status_code == 200
    base = re.escape(reverse("games:move", args=[table.code, "x"])[:-2])
    shown = set(re.findall(rf'action="{base}([a-z-]+)/"', response.content.decode()))
    return shown, response.context["may"]


def check_buttons(client, table: Table, key_moves: set[str]) -> None:
    game = tables.game_of(table)
    assert key_moves <= set(game.moves)
    by_role = seats_by_role(table)
    assert sorted(by_role) == sorted(ROLES)
    for role, seat in by_role.items():
        shown, may = buttons(sit(client, table, seat), table)
        assert may == game.may(game.load(table.state), seat)
        for name in game.moves:
            allowed = may[name.replace("-", "_")]
            assert allowed or name not in shown, f"{role} sees {name} it may not make"
            if name in key_moves:
                assert (name in shown) == allowed, (role, name, allowed)


def test_a_reading_page_shows_a_button_exactly_when_may_allows_it(client, reading):
    check_buttons(client, reading, BOOK_BUTTONS)


def test_answer_secret_is_only_on_the_story_masters_page(client, reading):
    by_role = seats_by_role(reading)
    for role, seat in by_role.items():
        shown, _may = buttons(sit(client, reading, seat), reading)
        assert ("answer-secret" in shown) == (role == "sm")
        assert ("answer" in shown) == (role in ("sm", "table"))
        assert ("choose" in shown) == (role != "player")


def test_a_campaign_page_shows_a_button_exactly_when_may_allows_it(client, campaign):
    check_buttons(client, campaign, CAMPAIGN_BUTTONS)


def test_every_refused_role_leaves_the_table_as_it_was(campaign):
    game = tables.game_of(campaign)
    by_role = seats_by_role(campaign)
    before = (campaign.version, campaign.state, campaign.moves.count())
    tried = 0
    for name, spec in sorted(game.moves.items()):
        for role in ROLES:
            if spec.allows(role):
                continue
            with pytest.raises(RuleError, match=f"^“{re.escape(spec.label)}” is for .*, not for "):
                turns.apply_move(
                    campaign.code, name, {}, expected_version=campaign.version, seat=by_role[role]
                )
            tried += 1
    campaign.refresh_from_db()
    assert (campaign.version, campaign.state, campaign.moves.count()) == before
    assert tried > len(game.moves)


def test_a_refused_role_hears_the_sentence_on_the_page_and_over_the_api(client, reading):
    by_role = seats_by_role(reading)
    reading.refresh_from_db()
    version = reading.version
    response = sit(client, reading, by_role["table"]).post(
        reverse("games:move", args=[reading.code, "answer-secret"]),
        {"version": version, "question": "watched", "yes": "true"},
        **HTMX,
    )
    assert response["HX-Trigger"] == "tk:refused"
    assert (
        "“Answer in secret” is for the story master, not for the shared display."
        in response.content.decode()
    )
    api = api_as(reading, by_role["player"])
    body = {"move": "choose", "args": {"option": 1}, "version": version}
    answer = api.post(f"/api/tables/{reading.code}/moves/", body, format="json")
    assert answer.status_code == 400
    assert answer.json()["error"] == (
        "“Choose” is for the active player, the story master or the shared display, not for "
        "a player waiting for their turn."
    )
    reading.refresh_from_db()
    assert reading.version == version and "watched" not in reading.state["answers"]
