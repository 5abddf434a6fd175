"""Own box: the cards a group names are the group's (issue 16). A card the app doesn't know,
named at one of the group's campaign tables by the keeper's device, is saved as the group's
card data (games/services/catalogs.py, Galzyr's ``Catalog``) and the group's next table of the
same world starts with it: recorded there, it is named at once and needs no kind. Another
group's table asks again; a table with no group keeps what it names for itself and says so."""

from __future__ import annotations

import html
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.core.registry import get_game
from games.galzyr.shelf import forget_books
from games.models import GroupCatalog
from games.services import blobs, catalogs, tables, turns
from games.services.access import Access
from tests.games.galzyr.own_box import HTMX, post
from tests.seating import api_as, sit

pytestmark = pytest.mark.django_db

BOX = "lands-of-galzyr"
GALZYR = get_game("galzyr")
COMPASS = {"number": 213, "name": "Brass compass", "timer": 3, "gold": 2, "save": "Discard it."}


@pytest.fixture(autouse=True)
def box():
    forget_books()
    call_command("load_world", f"fixtures/worlds/{BOX}", stdout=StringIO())


def new_table(group: str = "", group_key: str = ""):
    options = {"players": ["Mara", "Bo"], "world": BOX, "mode": "campaign"}
    return tables.create_table("galzyr", "Our box", options, group=group, group_key=group_key)


def move(table, name: str, args: dict, who) -> str:
    table.refresh_from_db()
    written = turns.apply_move(table.code, name, args, expected_version=table.version, seat=who)
    table.refresh_from_db()
    return written.move.sentence


def take(table, number: int, who, kind: str | None = None) -> str:
    args = {"number": number, "player": 1, **({"kind": kind} if kind else {})}
    return move(table, "campaign-take-card", args, who)


def copy_of(table, number: int) -> dict:
    (copy,) = [c for c in blobs.data_of(table.state["campaign"]["copies"]) if c["number"] == number]
    return copy


KEEPER = Access(seat="sm", keeper=True)
READER = Access(seat="sm")  # the story master's seat on a device that doesn't keep the table


def test_named_at_the_groups_table_the_card_is_named_at_its_next_table_and_no_other():
    first = new_table("Hearth")
    take(first, 213, KEEPER, kind="item")
    move(first, "campaign-name-card", COMPASS, KEEPER)
    saved = catalogs.saved(GALZYR, first.group_key)["own_cards"][BOX]
    assert saved == [
        {"number": 213, "type": "item", **{k: v for k, v in COMPASS.items() if k != "number"}}
    ]
    # the group's next table: taken by its number alone, the card is the group's compass
    second = new_table("Hearth", first.group_key)
    assert "3 days ahead" in take(second, 213, READER)  # its timer box, with no kind asked
    copy = copy_of(second, 213)
    assert (copy["type"], copy["name"], copy["timer"], copy["gold"]) == (
        "item",
        "Brass compass",
        3,
        2,
    )
    # another group's table knows nothing of it
    other = new_table("Lantern")
    with pytest.raises(Exception, match="say what kind of card it is"):
        take(other, 213, KEEPER)
    assert other.state.get("own_cards", {}) == {}


def test_a_device_that_does_not_keep_the_table_names_it_for_this_table_only():
    table = new_table("Hearth")
    take(table, 213, READER, kind="item")
    move(table, "campaign-name-card", COMPASS, READER)
    assert table.state["own_cards"][BOX][0]["name"] == "Brass compass"  # kept at the table
    assert not GroupCatalog.objects.exists()
    # the keeper's next naming saves every card named at the table
    take(table, 214, KEEPER, kind="quest")
    move(table, "campaign-name-card", {"number": 214, "name": "Lost letter"}, KEEPER)
    saved = catalogs.saved(GALZYR, table.group_key)["own_cards"][BOX]
    assert [(c["number"], c["name"]) for c in saved] == [
        (213, "Brass compass"),
        (214, "Lost letter"),
    ]


def test_a_table_without_a_group_keeps_its_names_and_says_so(client):
    table = new_table()
    keeper = sit(client, table, "sm", keeper=True)
    post(keeper, table, "campaign-take-card", {"number": "213", "player": "1", "kind": "item"})
    content = post(keeper, table, "campaign-name-card", {"number": "213", "name": "Rope"})
    assert "This table has no group: the cards named here stay with this table" in content
    assert not GroupCatalog.objects.exists()
    assert table.state["own_cards"][BOX][0]["name"] == "Rope"


def test_the_keepers_page_names_it_for_the_group_and_says_so(client):
    table = new_table("Hearth")
    keeper = sit(client, table, "sm", keeper=True)
    post(keeper, table, "campaign-take-card", {"number": "213", "player": "1", "kind": "item"})
    content = post(keeper, table, "campaign-name-card", {"number": "213", "name": "Rope"})
    assert "Kept for Hearth: a card named on this device is saved for the group" in content
    assert catalogs.saved(GALZYR, table.group_key)["own_cards"][BOX][0]["name"] == "Rope"


def test_another_player_names_it_at_the_table_and_the_keeper_keeps_it(client, django_user_model):
    table = new_table("Hearth")
    reader = sit(client, table, "sm")
    post(reader, table, "campaign-take-card", {"number": "213", "player": "1", "kind": "item"})
    content = post(reader, table, "campaign-name-card", {"number": "213", "name": "Rope"})
    assert "Kept at this table: a card named on the keeper's device is saved for Hearth" in content
    assert not GroupCatalog.objects.exists()
    # that device can't keep it for the group either
    url = reverse("games:table-card-sheet", args=[table.code])
    refused = html.unescape(reader.post(url, follow=True).content.decode())
    assert "Only the keeper of one of the group's tables can save" in refused
    assert not GroupCatalog.objects.exists()
    # the keeper's "Keep every card named here" does, and goes back to the cards
    keeper = sit(client, table, "table", keeper=True)
    answer = keeper.post(url)
    assert answer["Location"] == reverse("games:table", args=[table.code]) + "#gz-own-cards"
    assert catalogs.saved(GALZYR, table.group_key)["own_cards"][BOX][0]["name"] == "Rope"
    assert keeper.get(url).status_code == 404  # Galzyr has no card-data sheet to show


def test_the_api_names_it_for_the_group_with_the_keepers_token_only():
    table = new_table("Hearth")
    url = f"/api/tables/{table.code}/moves/"
    reader = api_as(table, "sm")
    body = {"move": "campaign-take-card", "args": {"number": 213, "player": 1, "kind": "item"}}
    assert reader.post(url, {**body, "version": 1}, format="json").status_code == 200
    named = {"move": "campaign-name-card", "args": {"number": 213, "name": "Rope"}}
    assert reader.post(url, {**named, "version": 2}, format="json").status_code == 200
    assert not GroupCatalog.objects.exists()
    keeper = api_as(table, "table", keeper=True)
    named["args"]["name"] = "Tarred rope"
    assert keeper.post(url, {**named, "version": 3}, format="json").status_code == 200
    data = api_as(table, "p2").get(f"/api/tables/{table.code}/card-data/").json()["data"]
    assert data["own_cards"][BOX][0]["name"] == "Tarred rope"
    assert (
        api_as(table, "p2")
        .get(f"/api/games/galzyr/card-data/?group={table.group_key}")
        .json()["data"]
        == data
    )


def test_the_groups_cards_are_written_whole_by_the_keeper_alone():
    table = new_table("Hearth")
    url = f"/api/tables/{table.code}/card-data/"
    data = {"own_cards": {BOX: [{"number": 213, "type": "item", "name": "Rope"}]}}
    stranger = api_as(table, None)
    assert stranger.put(url, {"data": data}, format="json").status_code == 403
    assert api_as(table, "p1").put(url, {"data": data}, format="json").status_code == 403
    assert not GroupCatalog.objects.exists()
    keeper = api_as(table, "table", keeper=True)
    assert keeper.put(url, {"data": data}, format="json").status_code == 200
    (rope,) = new_table("Hearth", table.group_key).state["own_cards"][BOX]
    assert (rope["number"], rope["name"], rope["timer"]) == (213, "Rope", None)
    # the cards are named at the table one by one: not entered whole with a version
    answer = keeper.put(url, {"data": data, "version": table.version}, format="json")
    assert answer.status_code == 400 and "named at the table one by one" in answer.json()["error"]


@pytest.mark.parametrize(
    ("card", "said"),
    [
        ({"number": 1000, "type": "item", "name": "Rope"}, "less than or equal to 999"),
        ({"number": 213, "type": "location", "name": "Rope"}, "own_cards"),
        ({"number": 213, "type": "item", "name": ""}, "at least 1 character"),
        ({"number": 213, "type": "item", "name": "x" * 81}, "at most 80 characters"),
        ({"number": 213, "type": "item", "name": "Ro\x00pe"}, "control characters"),
        ({"number": 213, "type": "item", "name": "Rope", "timer": 99}, "timer"),
        ({"number": 213, "type": "item", "name": "Rope", "gold": -1}, "gold"),
        ({"number": 213, "type": "item", "name": "Rope", "curse": 1}, "curse"),
    ],
)
def test_hostile_card_data_is_refused_with_a_sentence_and_nothing_saved(card, said):
    table = new_table("Hearth")
    keeper = api_as(table, "table", keeper=True)
    url = f"/api/tables/{table.code}/card-data/"
    answer = keeper.put(url, {"data": {"own_cards": {BOX: [card]}}}, format="json")
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error.startswith("The card data has a mistake: ") and said in error
    assert not GroupCatalog.objects.exists()


def test_a_number_named_twice_or_a_world_that_is_no_slug_is_refused():
    table = new_table("Hearth")
    keeper = api_as(table, "table", keeper=True)
    url = f"/api/tables/{table.code}/card-data/"
    rope = {"number": 213, "type": "item", "name": "Rope"}
    twice = keeper.put(url, {"data": {"own_cards": {BOX: [rope, rope]}}}, format="json")
    assert twice.status_code == 400 and "each card number is named once" in twice.json()["error"]
    odd = keeper.put(url, {"data": {"own_cards": {"Not a slug!": [rope]}}}, format="json")
    assert odd.status_code == 400 and "is no world's slug" in odd.json()["error"]
    assert not GroupCatalog.objects.exists()


def test_the_panel_answer_costs_no_query_more_for_saying_whose_the_names_are(
    client, django_assert_num_queries
):
    table = new_table("Hearth")
    keeper = sit(client, table, "sm", keeper=True)
    post(keeper, table, "campaign-take-card", {"number": "213", "player": "1", "kind": "item"})
    post(keeper, table, "campaign-name-card", {"number": "213", "name": "Rope"})
    with django_assert_num_queries(3):  # the claim with its table, the book's stamp, the log
        content = client.get(reverse("games:table", args=[table.code]), **HTMX).content.decode()
    assert 'id="gz-own-kept"' in content


def test_a_name_with_a_control_character_is_refused_at_the_table_with_a_sentence(client):
    table = new_table("Hearth")
    keeper = sit(client, table, "sm", keeper=True)
    post(keeper, table, "campaign-take-card", {"number": "213", "player": "1", "kind": "item"})
    version = table.version
    content = post(keeper, table, "campaign-name-card", {"number": "213", "name": "Ro\x00pe"})
    assert "can't hold control characters" in content
    assert table.version == version and not GroupCatalog.objects.exists()
