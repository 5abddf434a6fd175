"""Tavern Tales through the HTMX pages: every move form posts what the rules expect,
refusals are shown in place and change nothing. The 2-player duel, the end and the REST API
are in test_tavern_duel_views.py; the helpers in pages.py."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.http import QueryDict
from django.urls import reverse

from games.core.engine import RuleError
from games.core.registry import get_game
from games.models import Table
from games.services import catalogs, tables
from games.web.home import options_from_form
from librarians import make_librarian
from tests.games.tavern_tales.pages import (
    CARDS,
    LIE,
    SPECIALIST,
    accepted,
    make,
    page,
    refused,
    seated,
    set_state,
    stake,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def librarian_client(client):
    """The test client signed in as a librarian: saving the group's card data is theirs."""
    client.force_login(make_librarian("librarian")[0])
    return client


# -- the new-table form and the saved catalog ---------------------------------------------------


def test_dotted_option_names_nest():
    data = QueryDict(mutable=True)
    data.update({"opt_modules.rooms": "on", "opt_epic_duel": "on", "opt_first_player": ""})
    data.setlist("opt_room_depths", ["Mineshaft", "Caverns", "Inferno"])
    data["options_json"] = json.dumps({"modules": {"elite_heroes": True}})
    assert options_from_form(data) == {
        "modules": {"elite_heroes": True, "rooms": "on"},
        "epic_duel": "on",
        "room_depths": ["Mineshaft", "Caverns", "Inferno"],
    }
    clash = QueryDict("opt_modules=on&opt_modules.rooms=on")
    with pytest.raises(RuleError, match="contradict"):
        options_from_form(clash)


def test_the_new_table_form_offers_the_modules_and_creates_the_table(client):
    form = client.get(reverse("games:new", args=["tavern-tales"])).content.decode()
    for name in ("opt_modules.elite_heroes", "opt_modules.rooms", "opt_epic_duel"):
        assert f'name="{name}"' in form
    response = client.post(
        reverse("games:new", args=["tavern-tales"]),
        {
            "name": "Friday",
            "player": ["Mara", "Bo", "Cy", ""],
            "opt_modules.elite_heroes": "on",
            "opt_modules.specialty_drinks": "on",
            "opt_first_player": "2",
            "opt_drinks": ["-", "Magician's Mead", "-", "-", "-"],
        },
    )
    table = Table.objects.get()
    assert response.url == reverse("games:seat", args=[table.code])
    state = table.state
    assert state["modules"] == {"elite_heroes": True, "rooms": False, "specialty_drinks": True}
    assert state["active"] == 2
    assert [p["drink"] for p in state["players"]] == [None, "Magician's Mead", None]
    assert get_game("tavern-tales").view(state, "table")["players"][1]["hand_limit"] == 5


def test_the_new_table_form_refuses_an_epic_duel_for_three(client):
    response = client.post(
        reverse("games:new", args=["tavern-tales"]),
        {"player": ["Mara", "Bo", "Cy"], "opt_epic_duel": "on"},
    )
    assert b"The Epic Duel is for 2 players" in response.content
    assert not Table.objects.exists()
    # "Who goes first?" and the drinks name the players typed (QA8 item 13), "Player 4" the rest.
    first = response.content.decode().split("Who goes first?")[1].split("</fieldset>")[0]
    labels = re.findall(r'data-player-label="\d"[^>]*>([^<]*)<', first)
    assert labels == ["Mara", "Bo", "Cy", "Player 4", "Player 5"]


def test_a_groups_saved_catalog_reaches_new_tables_and_a_table_can_save_its_own(librarian_client):
    game = get_game("tavern-tales")
    catalogs.save(game, {"catalog": CARDS})
    table = tables.create_table("tavern-tales", "", {"players": ["Mara", "Bo"]})
    troll = next(f for f in table.state["catalog"]["feats"] if f["name"] == "Troll")
    assert troll["track"] == [3]
    seated(librarian_client, table, "p1")
    accepted(
        librarian_client,
        table,
        "edit-catalog",
        {
            "feat": "Gold",
            "feat_count": "7",
            "hero": "Boblin",
            "hero_kind": "adventurer",
            "hero_depths": ["Caverns", "Inferno"],
        },
        "The catalog now records Gold, Boblin.",
    )
    response = librarian_client.post(
        reverse("games:catalog", args=["tavern-tales"]), {"from_table": table.code}
    )
    assert response.status_code == 200
    saved = catalogs.saved(game)["catalog"]
    assert {"name": "Gold", "count": 7} in saved["feats"]
    assert {"name": "Troll", "kind": "monster", "track": [3], "count": 4} in saved["feats"]
    assert saved["heroes"] == [
        {"name": "Boblin", "kind": "adventurer", "depths": ["Caverns", "Inferno"]}
    ]
    assert "Dragon Egg" not in json.dumps(saved)  # only what the group entered


# -- the table page -------------------------------------------------------------------------------


def test_the_table_page_shows_the_whole_game(client, django_assert_num_queries):
    table = make(("Ann", "Bo", "Cy", "Di", "Ed"), modules={"elite_heroes": True, "rooms": True})
    seated(client, table, "table")
    # The seat's claim joined with its table and the seats devices hold (the shared display's
    # hand-over), the recent log.
    with django_assert_num_queries(2):
        response = client.get(reverse("games:table", args=[table.code]))
    assert len(response.content) < 60_000, len(response.content)
    print("table page:", len(response.content), "bytes")
    text = html.unescape(response.content.decode())
    assert "Ann: stake a claim (a full hand can't Think'n'Drink)." in text
    for depth in ("Mineshaft", "Ice Caves", "Caverns", "Catacombs", "Inferno"):
        assert f'data-depth="{depth}"' in text
    assert text.count("4 heroes in hand · limit 4") == 5
    assert "Setup checklist" in text and "Shuffle 3 random elite heroes" in text
    # Ann's decisions are hers: the display makes them only once handed over (QA8 item 7).
    assert "Stake a claim here</summary>" not in text and "Hand the tablet to Ann" in text
    text = page(client, table)  # handed over to Ann
    assert text.count("Stake a claim here</summary>") == 5
    assert "Think'n'Drink</button>" not in text  # Ann began the turn at the hand limit
    assert SPECIALIST in text and '{"kind": "elite"}' not in text  # elites can't start claims
    assert reverse("games:catalog", args=["tavern-tales"]) in text
    assert "css/tavern_tales.css" in text


def test_a_players_seat_sees_only_its_own_decisions(client):
    table = make()
    seated(client, table, "p2")
    text = page(client, table)
    assert "Stake a claim here" not in text and "Your decision" not in text
    assert "Fix a score" in text and text.count('name="player" value=') == 1  # only Bo's own
    seated(client, table, "p1")
    assert "Your decision" in page(client, table)


def test_hand_limits_follow_prestige(client):
    table = make()
    seated(client, table)
    text = accepted(client, table, "adjust-prestige", {"player": "0", "points": "10"}, "now 10")
    assert "4 at 15 prestige or lower" in text
    text = accepted(
        client, table, "adjust-prestige", {"player": "0", "points": "10"}, "discards down to 3"
    )
    assert "3 heroes in hand · limit 3" in text and "3 from 16 prestige" in text
    accepted(client, table, "adjust-prestige", {"player": "0", "points": "-5"}, "now 15")
    assert table.state["players"][0]["hand"] == 3
    assert "limit 4" in page(client, table)
    refused(
        client, table, "adjust-prestige", {"player": "7", "points": "1"}, "less than or equal to 4"
    )


# -- the moves of a 3-5 player claim --------------------------------------------------------------


def test_think_n_drink_is_refused_at_the_limit_and_taken_below_it(client):
    table = make()
    seated(client, table)
    refused(client, table, "think-n-drink", {}, "Mara began the turn at the hand limit of 4")
    set_state(table, p1=(2, 0))
    assert "Think'n'Drink</button>" in page(client, table)
    accepted(client, table, "think-n-drink", {}, "drew 3, discarded 1, 4 in hand")
    assert table.state["active"] == 1


def test_stake_claim_refusals_are_shown_in_place(client):
    table = make()
    seated(client, table)
    data = {"depth": "Mineshaft", "slots": ["0"]}
    refused(client, table, "stake-claim", data, "Tap the hero's type and the depths")
    adventurer = '{"kind": "adventurer", "depths": ["Mineshaft", "Inferno"]}'
    refused(
        client,
        table,
        "stake-claim",
        {**data, "slots": ["0", "1"], "args_json": adventurer},
        "An adventurer (Mineshaft / Inferno) claims at most 1 feat(s).",
    )
    refused(
        client,
        table,
        "stake-claim",
        {**data, "depth": "Inferno", "args_json": SPECIALIST},
        "doesn't show the Inferno",
    )
    refused(client, table, "stake-claim", {**data, "slots": ["0", "1", "2"]}, "at most 2 items")
    text = refused(client, table, "stake-claim", {**data, "args_json": "{nope"}, "not valid JSON")
    assert "Stake a claim here" in text  # the forms are still there to try again


def test_the_secret_door_form_offers_the_power_and_refuses_a_monster_kill_in_place(client):
    # The Secret Door adds a Treasure feat from a depth next to the claim's, nothing else.
    table = make()
    state = table.state
    state["players"][0]["feats"] = [{"feat": "Secret Door", "stack": "Secret Door"}]
    state["feat_deck"] -= 1
    Table.objects.filter(pk=table.pk).update(state=state)
    seated(client, table)
    accepted(
        client, table, "show-feats", {"depth": "Ice Caves", "feats": ['{"feat": "Troll"}'] * 3}
    )
    text = page(client, table)
    assert 'name="powers" value="Secret Door"' in text
    assert "the Secret Door adds a Treasure from a depth next door" in text
    data = {
        "depth": "Mineshaft",
        "slots": ["0"],
        "args_json": '{"kind": "adventurer", "depths": ["Mineshaft", "Ice Caves"]}',
        "powers": ["Secret Door"],
        "extra": ['{"depth": "Ice Caves", "slot": 1}'],
    }
    message = "The Secret Door adds a Treasure feat: the Troll is a Monster Kill."
    refused(client, table, "stake-claim", data, message)


def test_a_claim_one_upped_and_passed_round_is_collected(client):
    table = make()
    seated(client, table)
    text = stake(client, table, slots=["0", "1"], hero='{"hero": "Dwarf"}')
    assert "A claim at the Mineshaft" in text and "Dwarf · Specialist · Mineshaft" in text
    assert "Bo: pass, or one-up with a hero that shows the Mineshaft." in text
    assert "passes in a row: 0 of 2" in text
    accepted(client, table, "pass-claim", {}, "Bo passed.")
    refused(client, table, "one-up", {"args_json": LIE}, "doesn't match the Mineshaft")
    text = accepted(client, table, "one-up", {"args_json": SPECIALIST}, "Cy one-upped")
    assert "turned face-down" in text  # Mara's Dwarf
    accepted(client, table, "pass-claim", {}, "Mara passed.")
    accepted(client, table, "pass-claim", {}, "Cy wins the claim")
    text = page(client, table)  # the display handed over to Cy, who collects
    assert "Which feat lay in place 1 at the Mineshaft?" in text
    assert text.count('<select name="reveal" required>') == 2
    refused(client, table, "collect", {}, "Tap which feats you collected")
    refused(client, table, "collect", {"reveal": ["Gold", "Mimic"]}, "scoring track of Mimic")
    text = accepted(
        client,
        table,
        "collect",
        {"reveal": ["Troll", "Gold"]},
        "Cy collects Troll (+3), Gold (+1): 0 → 4 prestige.",
    )
    assert "Bo: stake a claim" in text  # play passes to Cy's left... Mara started: Bo is next
    assert table.state["active"] == 1


def test_special_feats_ask_their_choices_when_collected(client):
    table = make()
    seated(client, table)
    feats = [json.dumps({"feat": name}) for name in ("Boss Armor", "Gelatinous Cube", "Troll")]
    accepted(
        client,
        table,
        "show-feats",
        {"depth": "Mineshaft", "feats": feats},
        "The Mineshaft shows Boss Armor, Gelatinous Cube, Troll.",
    )
    stake(client, table, slots=["0", "1"])
    accepted(client, table, "pass-claim", {})
    accepted(client, table, "pass-claim", {}, "choose for the Boss Armor")
    text = page(client, table)  # the display handed over to Mara, who collects
    assert 'name="boss_armor" value="two" required' in text
    assert 'name="gelatinous_cube" value="draw"' in text
    refused(client, table, "collect", {"boss_armor": "two"}, "Choose for the Gelatinous Cube")
    choices = {"boss_armor": "per-monster", "gelatinous_cube": "draw", "drawn": "Troll"}
    refused(client, table, "collect", choices, "enter the type of Gelatinous Cube")
    accepted(client, table, "edit-catalog", {"feat": "Gelatinous Cube", "feat_kind": "monster"})
    accepted(
        client,
        table,
        "collect",
        choices,
        "Mara collects Gelatinous Cube (+0), Troll (+3), Boss Armor (+4): 0 → 7 prestige.",
    )


def test_card_facts_entered_mid_claim_let_the_winner_collect(client):
    table = make()
    seated(client, table)
    feats = [json.dumps({"feat": "Mimic"}), "{}", "{}"]
    accepted(client, table, "show-feats", {"depth": "Mineshaft", "feats": feats})
    refused(
        client,
        table,
        "show-feats",
        {"depth": "Mineshaft", "feats": ['{"face_down": true}', "{}", "{}"]},
        "keeps its layout",
    )
    stake(client, table)
    accepted(client, table, "pass-claim", {})
    text = accepted(client, table, "pass-claim", {}, "Enter the scoring track of Mimic")
    assert "Enter the scoring track of Mimic from its card" in text
    refused(client, table, "edit-catalog", {"feat": "Mimic", "feat_track": "two"}, "as numbers")
    refused(client, table, "edit-catalog", {"feat_track": "1"}, "Name the feat card")
    accepted(
        client,
        table,
        "edit-catalog",
        {"feat": "Mimic", "feat_kind": "monster", "feat_track": "−2"},
        "The catalog now records Mimic.",
    )
    accepted(client, table, "collect", {}, "Mara collects Mimic (-2): 0 → 0 prestige.")


def test_redraw_hand_needs_the_elite_heroes(client):
    table = make()
    seated(client, table)
    refused(client, table, "redraw-hand", {}, "not in this game")
    elite = make(modules={"elite_heroes": True})
    seated(client, elite)
    assert "Redraw a hand of elite heroes" in page(client, elite)
    accepted(client, elite, "redraw-hand", {}, "drew 4 new cards")


def test_a_player_cannot_answer_for_another(client):
    table = make()
    seated(client, table, "p1")
    stake(client, table)
    assert "pass-claim" not in page(client, table)
    refused(client, table, "pass-claim", {}, "It is Bo's turn.")
