"""Dark Tales over the platform: the panel per seat, moves over HTMX and the API, catalog."""

import json

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from games.dark_tales.game import game
from games.models import Table
from games.services import catalogs, tables, turns
from librarians import make_librarian
from tests.seating import api_as, sit

pytestmark = pytest.mark.django_db


@pytest.fixture
def librarian_client(client):
    """The test client signed in as a librarian: saving the group's card data is theirs."""
    client.force_login(make_librarian("librarian")[0])
    return client


HTMX = {"HTTP_HX_REQUEST": "true"}
# Card facts a group entered (test data), the copies of the cards the tests play among them:
# a card's first play asks its copies until they are known.
CARDS = [
    {"name": "Castle", "type": "place", "goes": "common", "vp": 1, "manual": False, "count": 20},
    {"name": "Knight", "type": "male", "goes": "front", "vp": 2, "manual": False, "count": 3},
    {"name": "Dragon", "count": 2},
]


@pytest.fixture
def table():
    return tables.create_table(
        "dark-tales",
        "Friday",
        {
            "players": ["Mara", "Bo", "Cy", "Di"],
            "setting_a": "A1",
            "setting_b": "B1",
            "first_player": "Mara",
            "cards": CARDS,
        },
    )


def seated(client, table, seat):
    return sit(client, table, seat)


def post_move(client, table, name, data):
    table.refresh_from_db()
    return client.post(
        reverse("games:move", args=[table.code, name]),
        {"version": table.version, **data},
        **HTMX,
    )


def test_new_table_form_takes_the_tale_and_first_player(client):
    client.post(
        reverse("games:new", args=["dark-tales"]),
        {
            "name": "Tale night",
            "player": ["Mara", "Bo", "Cy"],
            "opt_setting_a": "A3",
            "opt_setting_b": "B2",
            "opt_first_player": "Bo",
        },
    )
    state = Table.objects.get().state
    assert (state["setting_a"], state["setting_b"], state["active"]) == ("A3", "B2", 1)
    assert state["deck"] == 48 - 1 - 3 * 3


def test_table_page_for_the_shared_display(client, table, django_assert_num_queries):
    seated(client, table, "table")
    # The seat's claim joined with its table and the seats devices hold (the shared display's
    # hand-over), the recent log.
    with django_assert_num_queries(2):
        response = client.get(reverse("games:table", args=[table.code]))
    content = response.content.decode()
    assert "The Battle of the Forgotten Moors and the Iron Army" in content
    assert "Draw a card" in content
    assert len(response.content) < 60_000


def test_a_player_waiting_for_their_turn_gets_no_turn_buttons(client, table):
    seated(client, table, "p2")
    content = client.get(reverse("games:table", args=[table.code])).content.decode()
    assert "Draw a card" not in content
    assert "Mara: draw a card" in content


def test_a_whole_turn_over_htmx(client, table):
    seated(client, table, "p1")
    response = post_move(client, table, "draw", {})
    assert b"Mara drew a card" in response.content
    response = post_move(client, table, "play-card", {"card": "Knight"})
    assert b"Mara played" in response.content
    table.refresh_from_db()
    assert table.state["players"][0]["front"] == ["Knight"]
    assert table.state["players"][0]["vp"] == 2
    assert table.state["active"] == 1


def test_dragon_discards_chosen_cards_posted_as_json_choices(client, table):
    seated(client, table, "table")
    post_move(client, table, "draw", {})
    post_move(client, table, "play-card", {"card": "Castle"})  # Mara: to the common area
    post_move(client, table, "draw", {})
    post_move(client, table, "play-card", {"card": "Knight"})  # Bo: in front of Bo
    post_move(client, table, "draw", {})
    response = post_move(
        client,
        table,
        "play-card",
        {
            "card": "Dragon",
            "goes": "discard",
            "discard": [
                json.dumps({"card": "Castle", "at": "common"}),
                json.dumps({"card": "Knight", "at": "p2"}),
            ],
        },
    )
    assert b"scored 4 VP" in response.content
    table.refresh_from_db()
    assert table.state["players"][2]["vp"] == 4


def test_refusals_are_shown_in_place_and_change_nothing(client, table):
    seated(client, table, "table")
    response = post_move(client, table, "play-card", {"card": "Knight"})
    assert b"draws a card first" in response.content
    assert response["HX-Trigger"] == "tk:refused"
    response = post_move(client, table, "take-item", {"item": "sword", "player": "p9"})
    assert b'role="alert"' in response.content
    table.refresh_from_db()
    assert table.version == 1


def test_vp_are_hidden_from_every_other_seat(client, table):
    turns.apply_move(table.code, "draw", {}, expected_version=1, seat="p1")
    # The log tells what each play scored, as the table sees it; the totals stay face down.
    for version, vp in ((2, 20), (3, 17)):
        turns.apply_move(
            table.code,
            "adjust-vp",
            {"vp": vp, "reason": "test"},
            expected_version=version,
            seat="p1",
        )
    mine = seated(client, table, "p1").get(reverse("games:table", args=[table.code]))
    assert b"37 VP" in mine.content
    for seat in ("p2", "table"):
        other = seated(client, table, seat).get(reverse("games:table", args=[table.code]))
        # Only the total is checked: the join code itself may contain the digits 37.
        assert b"37 VP" not in other.content and b">37<" not in other.content
    players = api_as(table, "p3").get(f"/api/tables/{table.code}/").json()["state"]
    assert [("vp" in player) for player in players["players"]] == [False, False, True, False]


def test_api_plays_a_turn(table):
    response = api_as(table, "p1").post(
        f"/api/tables/{table.code}/moves/",
        {"move": "draw", "args": {}, "version": 1},
        format="json",
    )
    assert response.status_code == 200
    response = api_as(table, "p2").post(
        f"/api/tables/{table.code}/moves/",
        {"move": "take-item", "args": {"item": "sword"}, "version": 2},
        format="json",
    )
    assert response.status_code == 400
    assert response.json() == {"error": "It is Mara's turn."}


def test_the_supply_is_a_hard_limit_over_the_api(table):
    api = api_as(table, "table")
    version = 1
    for _ in range(4):
        body = api.post(
            f"/api/tables/{table.code}/moves/",
            {"move": "take-item", "args": {"item": "sword"}, "version": version},
            format="json",
        ).json()
        version = body["table"]["version"]
    response = api.post(
        f"/api/tables/{table.code}/moves/",
        {"move": "take-item", "args": {"item": "sword"}, "version": version},
        format="json",
    )
    assert response.status_code == 400
    assert "supply" in response.json()["error"].lower()


def test_saved_catalog_feeds_new_tables(librarian_client):
    response = librarian_client.post(
        reverse("games:catalog", args=["dark-tales"]),
        {
            "yaml": "cards:\n- name: Lantern\n  type: event\n  vp: 1\n  goes: discard\n  manual: false\n"
        },
    )
    assert b"Saved." in response.content
    table = tables.create_table("dark-tales", "x", {"players": ["A", "B"]})
    assert table.state["cards"]["Lantern"]["vp"] == 1
    download = librarian_client.get(reverse("games:catalog-download", args=["dark-tales"]))
    assert b"name: Lantern" in download.content


def test_catalog_mistakes_name_the_line(librarian_client):
    response = librarian_client.post(
        reverse("games:catalog", args=["dark-tales"]),
        {"yaml": "cards:\n- name: Lantern\n  type: dragonish\n"},
    )
    assert response.status_code == 400
    assert b"line 3" in response.content
    assert not catalogs.saved(game)
    response = librarian_client.post(
        reverse("games:catalog", args=["dark-tales"]), {"yaml": "a: 1\na: 2\n"}
    )
    assert b"not valid YAML" in response.content


def test_catalog_saved_from_a_tables_own_entries(librarian_client, table):
    turns.apply_move(
        table.code, "edit-card", {"name": "Lantern", "vp": 3}, expected_version=1, seat="table"
    )
    librarian_client.post(
        reverse("games:catalog", args=["dark-tales"]), {"from_table": table.spoken_code}
    )
    names = [card["name"] for card in catalogs.saved(game)["cards"]]
    assert "Lantern" in names and "Knight" in names


def test_schema_lists_dark_tales_moves():
    schemas = APIClient().get("/api/schema/", {"format": "json"}).json()["components"]["schemas"]
    # MoveRequest is any game's union; each game's moves are a union of their own.
    assert {"$ref": "#/components/schemas/DarkTalesMoveRequest"} in schemas["MoveRequest"]["anyOf"]
    moves = [v["$ref"].rsplit("/", 1)[-1] for v in schemas["DarkTalesMoveRequest"]["oneOf"]]
    assert any(schemas[m]["description"].startswith("Dark Tales: Play a card.") for m in moves)
    assert "DarkTalesPlayCardArgs" in schemas


def test_only_the_active_players_page_offers_the_by_hand_moves(client, table):
    """The page reads the moves' roles (``may``): Bo waits, so his phone shows no form that
    changes VP, items or cards; Mara's does. Naming his own hand waits for no one's turn."""
    page = reverse("games:table", args=[table.code])
    waiting = seated(client, table, "p2").get(page).content.decode()
    for move in ("take-item", "return-item", "adjust-vp", "move-card"):
        assert f"/move/{move}/" not in waiting
    assert "/move/note-hand/" in waiting
    active = seated(client, table, "p1").get(page).content.decode()
    assert all(f"/move/{m}/" in active for m in ("take-item", "adjust-vp", "move-card"))


def test_a_question_keeps_the_cards_ticked_and_the_item_chosen(client, table):
    """Answering the app's question means typing the answer only: the Dragon's targets and
    the item chosen stay as they were sent."""
    seated(client, table, "table")
    post_move(client, table, "draw", {})
    night = json.dumps({"card": "Night", "at": "common"})
    html = post_move(
        client, table, "play-card", {"card": "Dragon", "goes": "discard", "discard": night}
    ).content.decode()
    assert "Is the Night a Place or a Male? Choose its type" in html
    ticked = (
        "value='{&quot;card&quot;: &quot;Night&quot;, &quot;at&quot;: &quot;common&quot;}' checked"
    )
    assert html.count(ticked) == 1  # in the play form, not the item's
    post_move(client, table, "take-item", {"item": "sword"})
    html = post_move(client, table, "play-item", {"item": "sword"}).content.decode()
    assert "That Sword was gained this turn" in html
    assert 'value="sword" required checked' in html


def test_a_refused_card_entry_stays_open_with_what_was_typed(client, table):
    seated(client, table, "table")
    post_move(client, table, "note-hand", {"player": "p2", "cards": ["Ogre", "Ogre"]})
    typed = {"name": "Ogre", "count": "1", "vp": "3", "type": "villain", "goes": "front"}
    html = post_move(client, table, "edit-card", typed).content.decode()
    assert "More than 1 × Ogre are on the table already" in html
    assert '<details class="card dt-by-hand" open>' in html
    assert 'list="dt-card-names" value="Ogre"' in html and 'value="3"' in html
    assert '<option value="villain" selected>' in html
