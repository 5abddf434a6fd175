"""Campaign mode over the platform: a resolved outcome's effects wait under the scene, each
applied by a tap that undo takes back; refusals say why and change nothing. An item bought
with a full inventory asks which card to give up, a 4th quest which quest to abandon, from the
page and from the REST API."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.galzyr.campaign.text import adventurer_name
from games.galzyr.shelf import forget_books
from games.galzyr.state import State
from games.models import Table
from games.services import tables
from tests.games.galzyr.playing import story_master
from tests.seating import api_as, sit

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
SAMPLE = "fixtures/worlds/sallowmere-marches"


@pytest.fixture
def table():
    return sample_table()


def sample_table() -> Table:
    """Mara and Bo's campaign table on the sample world, freshly loaded."""
    forget_books()
    call_command("load_world", SAMPLE, stdout=StringIO())
    return tables.create_table(
        "galzyr",
        "Friday",
        {"players": ["Mara", "Bo"], "world": "sallowmere-marches", "mode": "campaign"},
    )


@pytest.fixture
def seated(client, table):
    return sit(client, table, "sm")


def post_move(client, table, name, data=None):
    table.refresh_from_db()
    return client.post(
        reverse("games:move", args=[table.code, name]),
        {"version": table.version, **(data or {})},
        **HTMX,
    )


def undo(client, table):
    table.refresh_from_db()
    return client.post(reverse("games:undo", args=[table.code]), {"version": table.version}, **HTMX)


def state_of(table) -> State:
    return State.model_validate(Table.objects.get(pk=table.pk).state)


def held(table, number: int) -> list[str]:
    s = state_of(table)
    c = s.campaign
    where = c.where()
    return [where[cid] for cid in c.numbered(number) if not where[cid].startswith("library")]


def resolve(client, table, scene: int, option: int) -> str:
    post_move(client, table, "open-scene", {"number": str(scene)})
    post_move(client, table, "choose", {"option": str(option)})
    response = post_move(client, table, "continue")
    assert response.status_code == 200, response.content
    return response.content.decode()


def test_effects_wait_under_the_scene_with_an_apply_button_each(seated, table):
    text = resolve(seated, table, 7009, 3)  # "Go quietly": two statuses
    assert "Effects on the campaign" in text
    apply = reverse("games:move", args=[table.code, "apply-effect"])
    assert text.count(f'action="{apply}"') == 2 and "Apply all" in text
    assert [p.verb for p in state_of(table).effects] == ["status", "status"]


def test_applying_one_effect_moves_the_card_and_undo_puts_it_back(seated, table):
    resolve(seated, table, 7009, 3)
    s = state_of(table)
    aid = s.adventurers[s.active]
    before = s.campaign.model_dump(mode="json")
    response = post_move(seated, table, "apply-effect", {"effect": "1"})
    text = response.content.decode()
    assert response.status_code == 200 and "Applied" in text
    assert held(table, 242) == [f"statuses:{aid}"]
    assert "card #242" in Table.objects.get(pk=table.pk).moves.first().sentence
    assert 'name="effect" value="1"' not in text  # done: no button any more
    assert (
        "is applied already"
        in post_move(seated, table, "apply-effect", {"effect": "1"}).content.decode()
    )
    undo(seated, table)
    s = state_of(table)
    assert s.campaign.model_dump(mode="json") == before and not s.effects[0].done


def test_apply_all_applies_what_it_can(seated, table):
    resolve(seated, table, 7009, 3)
    assert post_move(seated, table, "apply-all-effects").status_code == 200
    s = state_of(table)
    aid = s.adventurers[s.active]
    assert all(p.done for p in s.effects)
    assert held(table, 242) == held(table, 233) == [f"statuses:{aid}"]


def test_an_effect_that_cannot_be_applied_is_refused_and_changes_nothing(seated, table):
    resolve(seated, table, 2112, 1)  # discard card 106, which nobody holds
    before = state_of(table).model_dump(mode="json")
    response = post_move(seated, table, "apply-effect", {"effect": "1"})
    assert response.status_code == 200 and response["HX-Trigger"] == "tk:refused"
    assert "not in play" in response.content.decode()
    assert state_of(table).model_dump(mode="json") == before
    # "Apply all" applies the gold and the prestige, and says why the discard was not
    assert post_move(seated, table, "apply-all-effects").status_code == 200
    said = Table.objects.get(pk=table.pk).moves.first().sentence
    assert "2 effects applied" in said and "not in play" in said


def test_everyone_means_each_adventurer_in_the_game(seated, table):
    post_move(seated, table, "open-scene", {"number": "7022"})
    post_move(seated, table, "continue")
    s = state_of(table)
    assert [(p.verb, p.player) for p in s.effects] == [("prestige", 0), ("prestige", 1)]


def test_book_only_tables_have_no_campaign_effects(client):
    forget_books()
    call_command("load_world", SAMPLE, stdout=StringIO())
    t = tables.create_table("galzyr", "T", {"players": ["Mara"], "world": "sallowmere-marches"})
    sit(client, t, "sm")
    post_move(client, t, "pick-month", {"month": "june"})
    text = resolve(client, t, 7009, 3)
    assert "Effects on the campaign" not in text and state_of(t).effects == []
    response = post_move(client, t, "apply-all-effects")
    assert "reads the book only" in response.content.decode()


@pytest.mark.parametrize("move", ["apply-effect", "mark-effect-done"])  # applied, or by hand
def test_an_effects_tap_has_a_constant_number_of_queries(
    seated, table, django_assert_num_queries, move
):
    resolve(seated, table, 7009, 3)
    table.refresh_from_db()
    # savepoint, the locked table with the device's claim joined (games/services/access.py), save,
    # move row, release; the world's hash for the view after it (the move opens no book);
    # the recent log
    with django_assert_num_queries(7):
        response = seated.post(
            reverse("games:move", args=[table.code, move]),
            {"version": table.version, "effect": "1"},
            **HTMX,
        )
    assert response.status_code == 200


def test_the_story_master_may_answer_a_tracked_scene_by_hand(seated, table):
    post_move(seated, table, "open-scene", {"number": "1003"})
    table.refresh_from_db()
    seated = sit(seated.__class__(), table, story_master(table.state))  # the reading player
    text = seated.get(reverse("games:table", args=[table.code])).content.decode()
    assert "(the book can tell)" in text and "Answer by hand instead" in text
    text = post_move(seated, table, "answer-by-hand", {"on": "true"}).content.decode()
    assert "Let the campaign answer" in text and "(the book can tell)" not in text
    assert state_of(table).by_hand


def test_the_turn_ends_once_the_effects_are_applied_as_its_form_says(seated, table):
    """QA 8: "End the turn" was accepted with the scene's effects waiting, unsaid."""
    post_move(seated, table, "campaign-begin-story")
    text = resolve(seated, table, 7009, 3)
    assert "2 effects of the scene wait to be applied: the turn ends once they are." in text
    text = post_move(seated, table, "campaign-end-turn").content.decode()
    assert "Scene 7009&#x27;s effects on the campaign are not applied yet" in text
    assert state_of(table).effects[0].done is False  # refused: nothing changed
    post_move(seated, table, "apply-all-effects")
    text = post_move(seated, table, "campaign-end-turn").content.decode()
    assert "effects on the campaign are not applied yet" not in text
    assert "wait to be applied" not in text


def test_opening_another_scene_says_what_was_left_unapplied(seated, table):
    resolve(seated, table, 7009, 3)
    post_move(seated, table, "apply-effect", {"effect": "1"})
    for _copy in range(4):  # no Wanted by the Reeve (#233) left in the library to take
        post_move(seated, table, "campaign-move-card", {"number": "233", "to": "vault"})
    post_move(seated, table, "campaign-begin-story")
    post_move(seated, table, "campaign-end-turn")  # one scene a turn: the next player's
    post_move(seated, table, "open-scene", {"number": "1001"})
    said = Table.objects.get(pk=table.pk).moves.first().sentence
    assert "1 effect of the last scene was not applied" in said
    assert state_of(table).effects == []


# -- a fourth item: which card to give up ---------------------------------------------------
HELD = (151, 153, 154)  # Eel pie, Peat spade, Blackthorn cudgel
LANTERN = 168  # scene 7003, option 3: "Buy a dark lantern" (4 gold, then take card 168)


def items(table, kind: str = "items") -> list[int]:
    """The numbers of the active adventurer's items (or ``quests``), in the order taken."""
    s = state_of(table)
    c = s.campaign
    return [c.copies[cid].number for cid in c.places[f"{kind}:{s.adventurers[s.active]}"]]


def held_copy(table, number: int, kind: str = "items") -> str:
    s = state_of(table)
    c = s.campaign
    mine = c.places[f"{kind}:{s.adventurers[s.active]}"]
    return str(next(cid for cid in mine if c.copies[cid].number == number))


def api_move(table, args: dict):
    """``apply-effect`` posted to the REST API by the story master's seat."""
    api = api_as(table, "sm")
    base = f"/api/tables/{table.code}/"
    version = api.get(base).json()["version"]
    body = {"move": "apply-effect", "args": args, "version": version}
    return api.post(base + "moves/", body, format="json")


@pytest.fixture
def full(seated, table):
    """The active adventurer holds 3 items and has bought the dark lantern (7003, option 3)."""
    player = state_of(table).active + 1
    for number in HELD:
        post_move(seated, table, "campaign-take-card", {"number": number, "player": player})
    assert items(table) == list(HELD)
    post_move(seated, table, "open-scene", {"number": "7003"})
    post_move(seated, table, "choose", {"option": "3"})
    response = post_move(seated, table, "continue")
    assert response.status_code == 200
    assert [p.verb for p in state_of(table).effects] == ["gold", "take"]
    return response.content.decode()


def test_the_pending_item_asks_which_card_to_give_up(full):
    assert "Give up which item (back to the library)" in full
    assert 'name="discard" required' in full
    assert ">Card #153 (Peat spade)</option>" in full
    assert 'value="new">The new one: Card #168 (Dark lantern)</option>' in full


def test_apply_takes_the_item_and_returns_the_chosen_one_and_undo_puts_both_back(
    seated, table, full
):
    before = state_of(table).campaign.model_dump(mode="json")
    response = post_move(
        seated, table, "apply-effect", {"effect": "2", "discard": held_copy(table, 153)}
    )
    assert response.status_code == 200 and "Applied" in response.content.decode()
    assert items(table) == [151, 154, LANTERN]
    said = Table.objects.get(pk=table.pk).moves.first().sentence
    assert "Take card #168 from the library into" in said
    assert "Return card #153 from" in said and "inventory to the library." in said
    table.refresh_from_db()
    seated.post(reverse("games:undo", args=[table.code]), {"version": table.version}, **HTMX)
    assert state_of(table).campaign.model_dump(mode="json") == before


def test_a_card_the_adventurer_does_not_hold_is_refused_in_place(seated, table, full):
    before = state_of(table).model_dump(mode="json")
    response = post_move(seated, table, "apply-effect", {"effect": "2", "discard": "9999"})
    assert response.status_code == 200 and response["HX-Trigger"] == "tk:refused"
    assert "does not hold that card" in response.content.decode()
    assert state_of(table).model_dump(mode="json") == before


def test_apply_all_pays_then_stops_at_the_item_and_says_so(seated, table, full):
    response = post_move(seated, table, "apply-all-effects")
    assert response.status_code == 200
    assert [p.done for p in state_of(table).effects] == [True, False]
    said = Table.objects.get(pk=table.pk).moves.first().sentence
    assert said.startswith("1 effect applied.") and "needs a choice" in said
    assert items(table) == list(HELD)


def test_the_api_applies_the_item_with_the_card_given_up(table, full):
    refused = api_move(table, {"effect": 2})
    assert refused.status_code == 400 and "choose which one to give up" in refused.json()["error"]
    response = api_move(table, {"effect": 2, "discard": "new"})
    assert response.status_code == 200, response.content
    assert "No room: card #168" in response.json()["move"]["sentence"]
    assert items(table) == list(HELD) and state_of(table).effects[1].done


# -- a fourth quest: which one to abandon ---------------------------------------------------
LEDGER = 102  # scene 2032, option 1: "Go straight up to the room above the garden" (take 102)


@pytest.fixture
def quests(seated, table):
    """The active adventurer holds 3 quests (their own #100, #103, #104) and scene 2032 gives
    them #102."""
    player = state_of(table).active + 1
    for number in (103, 104):
        post_move(seated, table, "campaign-take-card", {"number": number, "player": player})
    assert items(table, "quests") == [100, 103, 104]
    text = resolve(seated, table, 2032, 1)
    assert [p.verb for p in state_of(table).effects] == ["take"]
    return text


def test_the_pending_quest_asks_which_one_to_abandon(quests):
    assert "Abandon which quest (its abandon effects are resolved)" in quests
    assert 'name="abandon" required><option value="">Choose one</option>' in quests
    assert ">Card #103 (The Salt-Wardens&#x27; Due)</option>" in quests
    assert 'value="new">The new one: Card #102 (The Bellfounder&#x27;s Ledger)</option>' in quests
    assert 'name="discard" required' not in quests


def test_apply_takes_the_quest_abandons_the_chosen_one_and_undo_puts_both_back(
    seated, table, quests
):
    before = state_of(table).model_dump(mode="json")
    out = held_copy(table, 103, "quests")
    response = post_move(seated, table, "apply-effect", {"effect": "1", "abandon": out})
    text = response.content.decode()
    assert response.status_code == 200 and "Applied" in text
    assert "Resolve the abandon effects of card #103" in text  # the checklist, on the page
    assert items(table, "quests") == [100, 104, LEDGER]
    s = state_of(table)
    who = adventurer_name(s.campaign, s.adventurers[s.active])
    said = Table.objects.get(pk=table.pk).moves.first().sentence
    assert said.startswith(f"{who} abandons card #103 (The Salt-Wardens' Due) for the new quest:")
    assert "Take card #102 from the library into" in said
    assert "(by hand) Resolve the abandon effects of card #103: Lose 1 prestige." in said
    undo(seated, table)
    assert state_of(table).model_dump(mode="json") == before


@pytest.mark.parametrize(
    ("abandon", "reason"),
    [
        ("", "already has 3 quests: choose which one to abandon"),  # nothing chosen
        ("9999", "does not hold that card"),
    ],
)
def test_abandoning_nothing_or_a_quest_not_held_is_refused_in_place(
    seated, table, quests, abandon, reason
):
    before = state_of(table).model_dump(mode="json")
    response = post_move(seated, table, "apply-effect", {"effect": "1", "abandon": abandon})
    assert response.status_code == 200 and response["HX-Trigger"] == "tk:refused"
    assert reason in response.content.decode()
    assert state_of(table).model_dump(mode="json") == before


def test_a_quest_abandoned_with_room_to_spare_is_refused(seated, table):
    resolve(seated, table, 2032, 1)
    before = state_of(table).model_dump(mode="json")
    response = post_move(
        seated, table, "apply-effect", {"effect": "1", "abandon": held_copy(table, 100, "quests")}
    )
    assert response["HX-Trigger"] == "tk:refused"
    assert "has room for it: there is nothing to abandon" in response.content.decode()
    assert state_of(table).model_dump(mode="json") == before


def test_the_api_applies_the_quest_with_the_one_abandoned(table, quests):
    refused = api_move(table, {"effect": 1})
    assert refused.status_code == 400
    assert "choose which one to abandon" in refused.json()["error"]
    refused = api_move(table, {"effect": 1, "abandon": "9999"})
    assert refused.status_code == 400 and "does not hold that card" in refused.json()["error"]
    response = api_move(table, {"effect": 1, "abandon": "new"})
    assert response.status_code == 200, response.content
    said = response.json()["move"]["sentence"]
    assert "abandons the new quest, card #102" in said
    assert "No room: card #102 stays in the library." in said
    assert "Resolve the abandon effects of card #102" in said
    assert items(table, "quests") == [100, 103, 104] and state_of(table).effects[0].done
