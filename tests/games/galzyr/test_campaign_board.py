"""The campaign panel's board and holding forms over HTMX: gold, prestige, skill marks, tags,
quests, statuses, companions and the setup of a new game, each posted as its form posts it.
A refused move shows its sentence in place and leaves the table's version as it was."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from games.galzyr.campaign import check
from games.galzyr.shelf import forget_books
from games.models import Table
from games.services import tables

from .test_campaign_pages import api_move, page, post_move, seated, state_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    forget_books()
    call_command("load_world", "fixtures/worlds/sallowmere-marches", stdout=StringIO())


@pytest.fixture
def table(world):
    """Mara plays Odile Brackwater (8 gold), Bo plays Marrow Hollins (10 gold)."""
    return tables.create_table(
        "galzyr",
        "Friday",
        {"players": ["Mara", "Bo"], "world": "sallowmere-marches", "mode": "campaign"},
    )


def version(t) -> int:
    return Table.objects.get(pk=t.pk).version


def refused_in_place(client, t, move, data, message):
    before, state = version(t), state_of(t)
    body = post_move(client, t, move, data).content.decode()
    assert 'class="flash error"' in body
    assert message in body.replace("&#x27;", "'").replace("&quot;", '"')
    assert version(t) == before and state_of(t) == state


def test_the_panel_offers_a_form_for_each_change(client, table):
    seated(client, table)
    text = page(client, table)
    for move in ("gold", "prestige", "move-mark", "tag", "gain"):
        assert f"/campaign-{move}/" in text, move
    assert 'id="gz-board-1"' in text and 'id="gz-noticeboard"' in text


def test_a_player_waiting_for_their_turn_sees_no_board_forms(client, world):
    """Three at the table: the player after the active one waits; the one before reads the
    active player's scenes as story master, and changes the boards as the scenes say."""
    table = tables.create_table(
        "galzyr",
        "Friday",
        {"players": ["Mara", "Bo", "Ada"], "world": "sallowmere-marches", "mode": "campaign"},
    )
    s = state_of(table)
    seated(client, table, f"p{(s.active + 1) % 3 + 1}")
    text = page(client, table)
    assert "/campaign-gold/" not in text
    assert "gz-settings" not in text  # QA 8: a settings card with nothing to set
    seated(client, table, f"p{(s.active - 1) % 3 + 1}")
    text = page(client, table)
    assert "/campaign-gold/" in text and "gz-settings" in text  # the reveal setting


def test_gold_is_gained_with_the_dial_to_turn(client, table):
    seated(client, table)
    r = post_move(client, table, "campaign-gold", {"player": 1, "amount": 3, "how": "gain"})
    assert r.status_code == 200
    assert state_of(table).campaign.adventurer("odile").gold == 11
    assert "Odile Brackwater gains 3 gold (turn Odile Brackwater" in r.content.decode().replace(
        "&#x27;", "'"
    )


def test_between_games_the_saves_gold_is_taken_from_the_form(client, table):
    """QA 8: the save's by-hand step "Take X gold from the library (X is printed on the
    adventurer board)" had no gold form between games, so the app's dial and the box's parted."""
    seated(client, table)
    text = post_move(client, table, "campaign-save", {"pack": "true"}).content.decode()
    assert state_of(table).campaign.phase == "packed"
    assert "/campaign-gold/" in text  # the gold form, between games too
    # QAF2: its "Who" listed no one once the box was packed (no game on, no one "in the game")
    who = text[text.index("/campaign-gold/") :]
    who = who[who.index('<select name="player">') : who.index("</select>")]
    assert '<option value="1"' in who
    before = state_of(table).campaign.adventurer("odile").gold
    post_move(client, table, "campaign-gold", {"player": 1, "amount": 2, "how": "gain"})
    assert state_of(table).campaign.adventurer("odile").gold == before + 2


def test_paying_more_gold_than_held_is_refused_in_place(client, table):
    seated(client, table)
    refused_in_place(
        client,
        table,
        "campaign-gold",
        {"player": 1, "amount": 9, "how": "pay"},
        "Odile Brackwater has only 8 gold: paying 9 is refused.",
    )


def test_prestige_is_gained_and_lost(client, table):
    seated(client, table)
    post_move(client, table, "campaign-prestige", {"player": 2, "amount": 4, "how": "gain"})
    post_move(client, table, "campaign-prestige", {"player": 2, "amount": 1, "how": "lose"})
    assert state_of(table).campaign.adventurer("marrow").prestige == 3


def test_a_skill_mark_moves_and_a_third_on_a_skill_is_refused(client, table):
    seated(client, table)
    post_move(
        client, table, "campaign-move-mark", {"player": 1, "source": "thievery", "to": "might"}
    )
    assert state_of(table).campaign.adventurer("odile").marks["might"] == 1
    refused_in_place(
        client,
        table,
        "campaign-move-mark",
        {"player": 1, "source": "perception", "to": "survival"},
        "Survival has 2 marks already.",
    )


def test_a_tag_is_gained_then_lost_and_a_board_tag_stays(client, table):
    seated(client, table)
    post_move(client, table, "campaign-tag", {"player": 1, "tag": "bellmarked", "how": "gain"})
    assert state_of(table).campaign.adventurer("odile").tags == ["bellmarked"]
    assert "gz-tag-lose-form" in page(client, table)
    refused_in_place(
        client,
        table,
        "campaign-tag",
        {"player": 1, "tag": "sailor", "how": "lose"},
        "The tag sailor is printed on Odile Brackwater's board: it stays.",
    )
    post_move(client, table, "campaign-tag", {"player": 1, "tag": "bellmarked", "how": "lose"})
    assert state_of(table).campaign.adventurer("odile").tags == []


def test_a_status_gained_twice_is_held_once(client, table):
    seated(client, table)
    post_move(client, table, "campaign-gain", {"player": 2, "number": 231, "kind": "status"})
    r = post_move(client, table, "campaign-gain", {"player": 2, "number": 231, "kind": "status"})
    assert "restarts its timed effects" in r.content.decode()
    c = state_of(table).campaign
    assert [c.copies[x].number for x in c.places["statuses:marrow"]].count(231) == 1
    post_move(client, table, "campaign-lose", {"player": 2, "number": 231, "kind": "status"})
    c = state_of(table).campaign
    assert 231 not in [c.copies[x].number for x in c.places["statuses:marrow"]]
    assert check(c) == []


def test_a_companion_joins_and_leaves(client, table):
    seated(client, table)
    post_move(client, table, "campaign-gain", {"player": 1, "number": 204, "kind": "companion"})
    assert "gz-companion-lose-form" in page(client, table)
    post_move(client, table, "campaign-lose", {"player": 1, "number": 204, "kind": "companion"})
    c = state_of(table).campaign
    assert c.places["companions:odile"] == []
    refused_in_place(
        client,
        table,
        "campaign-lose",
        {"player": 1, "number": 204, "kind": "companion"},
        "Odile Brackwater does not have card #204.",
    )


def test_a_quest_is_picked_up_at_its_location_from_the_noticeboard(client, table):
    seated(client, table)
    c = state_of(table).campaign
    quest = c.copies[c.places["noticeboard"][0]]
    elsewhere = next(loc.id for loc in c.world.locations if loc.id != quest.pickup)
    post_move(client, table, "campaign-place-figure", {"player": 1, "to": elsewhere})
    refused_in_place(
        client,
        table,
        "campaign-pick-up-quest",
        {"player": 1, "number": quest.number},
        f"is picked up at {c.location_name(quest.pickup)}",
    )
    post_move(client, table, "campaign-place-figure", {"player": 1, "to": quest.pickup})
    assert "/campaign-pick-up-quest/" in page(client, table)  # a button for Odile now
    post_move(client, table, "campaign-pick-up-quest", {"player": 1, "number": quest.number})
    c = state_of(table).campaign
    assert quest.number in [c.copies[x].number for x in c.places["quests:odile"]]
    assert len(c.places["noticeboard"]) == 3 and check(c) == []


def test_a_quest_is_abandoned_into_the_quest_slot(client, table):
    seated(client, table)
    c = state_of(table).campaign
    mine = c.copies[c.places["quests:odile"][0]].number  # her own quest, from her save slot
    assert "gz-abandon-form" in page(client, table)
    r = post_move(
        client, table, "campaign-abandon-quest", {"player": 1, "number": mine, "to": "quest_slot"}
    )
    assert "Resolve the abandon effects" in r.content.decode()
    c = state_of(table).campaign
    assert c.copies[c.places["quest_slot"][-1]].number == mine


def test_a_new_game_is_set_up_with_chosen_adventurers_and_mode(client, table):
    seated(client, table)
    post_move(client, table, "campaign-save", {"pack": "true"})
    text = page(client, table)
    assert "gz-setup-form" in text and "Competitive (Discord)" in text
    refused_in_place(
        client,
        table,
        "campaign-setup",
        {"adventurers": ["wren", "wren"], "mode": "competitive"},
        "Wren Tallowby is chosen twice",
    )
    table.refresh_from_db()
    r = client.post(
        f"/t/{table.code}/move/campaign-setup/",
        {
            "version": table.version,
            "adventurers": ["wren", "odile"],
            "mode": "competitive",
            "challenge": "true",
        },
        HTTP_HX_REQUEST="true",
    )
    assert r.status_code == 200
    s = state_of(table)
    assert s.adventurers == ["wren", "odile"] and s.challenge
    assert (s.campaign.game.mode, s.campaign.game.limit) == ("competitive", 7)
    assert "competitive (Discord)" in page(client, table)


def test_the_panel_with_every_form_has_a_constant_number_of_queries(
    client, table, django_assert_num_queries
):
    seated(client, table)
    post_move(client, table, "campaign-gain", {"player": 1, "number": 230, "kind": "status"})
    post_move(client, table, "campaign-gain", {"player": 2, "number": 204, "kind": "companion"})
    post_move(client, table, "campaign-tag", {"player": 1, "tag": "bellmarked"})
    page(client, table)
    with django_assert_num_queries(3):  # the table, the world's hash, the recent log
        text = page(client, table)
    assert "gz-status-lose-form" in text and "gz-companion-lose-form" in text


def test_a_new_table_chooses_its_adventurers_before_the_first_scene(client, table):
    seated(client, table)
    text = page(client, table)
    assert "/campaign-first-setup/" in text and "Choose adventurers and how you play" in text
    refused_in_place(
        client,
        table,
        "campaign-first-setup",
        {"adventurers": ["marrow", "marrow"]},
        "Marrow Hollins is chosen twice",
    )
    table.refresh_from_db()
    r = client.post(
        f"/t/{table.code}/move/campaign-first-setup/",
        {"version": table.version, "adventurers": ["ysolde", "wren"], "mode": "competitive"},
        HTTP_HX_REQUEST="true",
    )
    assert "The first game is set up again" in r.content.decode()
    s = state_of(table)
    assert s.adventurers == ["ysolde", "wren"] and s.campaign.game.mode == "competitive"
    assert check(s.campaign) == []
    post_move(client, table, "campaign-begin-story")
    assert "/campaign-first-setup/" not in page(client, table)


def test_the_who_select_starts_on_the_active_players_adventurer(client, table):
    seated(client, table)
    s = state_of(table)
    text = page(client, table)
    form = text[text.index("gz-gold-form") :]
    form = form[: form.index("</form>")]
    assert f'<option value="{s.active + 1}" selected>' in form


def test_the_api_changes_gold_with_the_same_sentence(table):
    response = api_move(table, "campaign-gold", {"player": 2, "amount": 15, "how": "gain"})
    assert response.status_code == 200, response.content
    assert "the dial stops at 20: 5 of the gold gained is lost" in response.content.decode()
    assert state_of(table).campaign.adventurer("marrow").gold == 20


@pytest.mark.parametrize(
    ("move", "data", "message"),
    [
        ("campaign-prestige", {"player": 5, "amount": 1}, "There is no player 5 at this table."),
        (
            "campaign-gain",
            {"player": 1, "number": 150, "kind": "status"},
            "Card #150 is an item card, not an adventurer status.",
        ),
        (
            "campaign-abandon-quest",
            {"player": 2, "number": 105},
            "Marrow Hollins does not have card #105.",
        ),
    ],
)
def test_other_refusals_are_shown_in_place(client, table, move, data, message):
    seated(client, table)
    refused_in_place(client, table, move, data, message)
