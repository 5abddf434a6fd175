"""The published box's cards the app doesn't know, and saving (issue 16, item 1).

The box's facts (fixtures/worlds/lands-of-galzyr) name 66 cards; the printed book names any
of the box's card numbers. A group taking a card the app doesn't know says its kind, and the
campaign records a copy of it. Rulebook facts: at most 3 items in an inventory and 3 quests in
hand; each adventurer's ability is the status #000 with their icon; saving removes the timers
and resolves the save effects (an adventurer board's: take X gold from the library), then the
box is packed or a new game starts.
"""

from __future__ import annotations

import copy
import html
import re

import pytest
from django.urls import reverse

from games.models import Table
from games.services import blobs, exchange, turns
from tests.games.galzyr.own_box import own_box_table, post
from tests.seating import api_as, sit

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    return own_box_table()


def page(client, table) -> str:
    return html.unescape(client.get(reverse("games:table", args=[table.code])).content.decode())


def held(table, kind: str, player: int) -> list[int]:
    state = table.state
    aid = state["adventurers"][player - 1]
    copies = blobs.data_of(state["campaign"]["copies"])
    return [copies[cid]["number"] for cid in state["campaign"]["places"][f"{kind}:{aid}"]]


def test_a_card_the_app_does_not_know_asks_its_kind_then_is_taken(client, table):
    sm = sit(client, table, "sm")
    version = table.version
    content = post(sm, table, "campaign-take-card", {"number": "213", "player": "2"})
    assert "Card #213 is not among the cards the app knows of your box" in content
    assert "an item, a quest, a companion" in content
    assert table.version == version  # refused: nothing changed
    assert (
        'name="number" inputmode="numeric" pattern="[0-9]{1,3}" maxlength="3" required autocomplete="off" value="213"'
        in content
    )  # noqa: E501 — the number typed is kept
    before = table.state["campaign"]["copies"]
    content = post(
        sm, table, "campaign-take-card", {"number": "213", "player": "2", "kind": "item"}
    )
    assert "Take card #213 from the library" in content
    assert held(table, "items", 2) == [213]
    after = table.state["campaign"]["copies"]
    assert after != before and set(table.blobs) == {before, after}  # the table keeps both
    assert "#213 Card #213" in page(sm, table)


def test_a_card_the_book_takes_from_the_vault(client, table):
    sm = sit(client, table, "sm")
    data = {"number": "305", "player": "1", "kind": "item", "source": "vault"}
    content = post(sm, table, "campaign-take-card", data)
    assert "Take card #305 from the vault" in content and held(table, "items", 1) == [305]


def test_a_second_copy_and_a_status_held_twice(client, table):
    sm = sit(client, table, "sm")
    post(sm, table, "campaign-take-card", {"number": "213", "player": "1", "kind": "item"})
    content = post(sm, table, "campaign-take-card", {"number": "213", "player": "2"})
    assert "No card #213 is in the library" in content  # the kind not said: nothing added
    post(sm, table, "campaign-take-card", {"number": "213", "player": "2", "kind": "item"})
    assert held(table, "items", 1) == [213] and held(table, "items", 2) == [213]
    # a card of the box's facts is never copied: #111's copies are in the adventurers' hands
    content = post(
        sm, table, "campaign-take-card", {"number": "111", "player": "1", "kind": "quest"}
    )
    assert "No card #111 is in the library" in content
    # a status: a second adventurer gets another copy, the one who has it restarts it
    for player in ("1", "2", "1"):
        content = post(
            sm, table, "campaign-gain", {"player": player, "kind": "status", "number": "250"}
        )
    assert held(table, "statuses", 1).count(250) == 1 and 250 in held(table, "statuses", 2)
    assert "already has card #250" in content


def test_an_added_item_counts_against_the_three_items(client, table):
    sm = sit(client, table, "sm")
    for number in ("213", "214", "215"):
        post(sm, table, "campaign-take-card", {"number": number, "player": "1", "kind": "item"})
    content = post(
        sm, table, "campaign-take-card", {"number": "216", "player": "1", "kind": "item"}
    )
    assert held(table, "items", 1) == [213, 214, 215]
    assert "3 items" in content or "inventory" in content.lower()
    post(
        sm,
        table,
        "campaign-take-card",
        {"number": "216", "player": "1", "kind": "item", "discard": "213"},
    )
    assert held(table, "items", 1) == [214, 215, 216]


def test_the_form_asks_the_kind_and_offers_any_status_number(
    client, table, django_assert_num_queries
):
    sm = sit(client, table, "sm")
    page(sm, table)  # the book opened once per process
    with django_assert_num_queries(3):  # the claim with its table, the book's stamp, the log
        content = page(sm, table)
    take = content[content.index('class="move gz-take-form"') :]
    assert 'name="kind"' in take[: take.index("</form>")]
    status = content[content.index("gz-status-form") :]
    status = status[: status.index("</form>")]
    assert '<input name="number"' in status and 'list="gz-statuses-known"' in status
    # the ability card is each adventurer's own: the list names none of them
    assert "#000 Card #000<" in status and "(Bumir)" not in status


def test_a_status_and_a_companion_the_app_does_not_know(client, table):
    sm = sit(client, table, "sm")
    post(sm, table, "campaign-gain", {"player": "1", "kind": "status", "number": "250"})
    post(sm, table, "campaign-gain", {"player": "2", "kind": "companion", "number": "251"})
    assert 250 in held(table, "statuses", 1) and held(table, "companions", 2) == [251]
    content = post(
        sm, table, "campaign-gain", {"player": "1", "kind": "companion", "number": "250"}
    )
    assert "Card #250 is an adventurer status card, not a companion." in content


def test_the_ability_gained_is_the_one_of_the_adventurer_named(client, table):
    sm = sit(client, table, "sm")
    state = table.state
    active = state["campaign"]["game"]["players"][state["campaign"]["game"]["starting"]]
    other = next(i for i, a in enumerate(state["adventurers"]) if a != active) + 1
    content = post(
        sm, table, "campaign-gain", {"player": str(other), "kind": "status", "number": "0"}
    )
    name = table.state["adventurers"][other - 1].capitalize()
    assert "not in the library" not in content
    assert f"{name} already has card #000" in content


def test_an_added_card_is_undone_exported_and_imported_exactly(client, table, cold_process):
    sm = sit(client, table, "sm")
    start = copy.deepcopy(table.state)
    post(sm, table, "campaign-take-card", {"number": "213", "player": "1", "kind": "item"})
    document = exchange.export_table(table)
    assert set(document["blobs"]) == {
        start["campaign"]["copies"],
        table.state["campaign"]["copies"],
    }
    cold_process()
    Table.objects.all().update(blobs={})  # nothing left to fetch the catalogs from
    imported = exchange.import_table(copy.deepcopy(document))  # its log is replayed
    assert imported.state == table.state
    assert exchange.export_table(imported) == {**document, "created": document["created"]}
    undone = turns.undo_last(imported.code, expected_version=imported.version, seat="sm")[0]
    assert undone.state == start


def test_saving_mid_game_says_it_ends_the_game_and_asks_first(
    client, table, django_assert_num_queries
):
    sm = sit(client, table, "sm")
    page(sm, table)  # the book opened once per process
    with django_assert_num_queries(3):  # the claim with its table, the book's stamp, the log
        content = page(sm, table)
    assert "Save (then continue)" not in content
    actions = re.search(r'<div class="row gz-campaign-actions">(.*?)</div>', content, re.S)
    assert "End the turn" in actions.group(1) and "campaign-save" not in actions.group(1)
    save = content[content.index('<details class="gz-save"') :]
    save = save[: save.index("</details>")]
    assert "Saving ends this game now, in round 1 of" in save
    assert "Yes: save, then continue with a new game" in save and " open" not in save[:40]


def test_the_boards_gold_is_entered_once_saved(client, table, django_assert_num_queries):
    sm = sit(client, table, "sm")
    content = post(sm, table, "campaign-save", {"pack": "false"})
    assert "Take X gold from the library" in content
    assert "Save effects: gold from the library" in content
    with django_assert_num_queries(3):
        page(sm, table)
    aid = table.state["adventurers"][1]
    gold = next(a for a in table.state["campaign"]["adventurers"] if a["id"] == aid)["gold"]
    post(sm, table, "campaign-gold", {"player": "2", "amount": "3", "how": "gain"})
    after = next(a for a in table.state["campaign"]["adventurers"] if a["id"] == aid)["gold"]
    assert after == gold + 3
    continued = post(sm, table, "campaign-continue")
    assert "Save effects: gold from the library" not in continued


def test_the_api_takes_a_card_the_app_does_not_know_the_same_way(table):
    api = api_as(table, "sm")
    url = f"/api/tables/{table.code}/moves/"
    body = {"move": "campaign-take-card", "args": {"number": 213, "player": 1}, "version": 1}
    refused = api.post(url, body, format="json")
    assert refused.status_code in (400, 409)
    assert "say what kind of card it is" in str(refused.json())
    table.refresh_from_db()
    assert table.version == 1
    body["args"]["kind"] = "companion"
    assert api.post(url, body, format="json").status_code == 200
    table.refresh_from_db()
    assert held(table, "companions", 1) == [213]


def timer_form(content: str) -> str:
    return content.split('campaign-place-timer/"')[-1].split("</form>")[0]


def test_a_timer_on_a_card_the_app_does_not_know_asks_its_days(client, table):
    sm = sit(client, table, "sm")
    post(sm, table, "campaign-take-card", {"number": "213", "player": "2", "kind": "item"})
    version = table.version
    content = post(sm, table, "campaign-place-timer", {"number": "213", "days": ""})
    assert "The app doesn't know the timer box of card #213: enter its days" in content
    assert re.search(r'<details class="gz-timer-forms" id="gz-timer-forms" open>', content)
    assert re.search(r'name="number"[^>]*value="213"', timer_form(content))  # kept
    content = post(sm, table, "campaign-place-timer", {"number": "213", "days": "three"})
    assert "days: type a whole number, not “three”." in content
    form = timer_form(content)
    assert re.search(r'name="number"[^>]*value="213"', form)
    assert re.search(r'name="days"[^>]*value="three"', form)
    assert "input should be" not in content.lower()
    assert table.version == version  # both refused: nothing changed
    content = post(sm, table, "campaign-place-timer", {"number": "213", "days": "3"})
    assert "Place a timer token for card #213" in content and table.version == version + 1


def test_a_month_card_is_named_by_its_month_not_only_its_number(table):
    """The box's month cards are #001-#012: the checklist and "where is" say which month."""
    answer = api_as(table, "sm").get(f"/api/tables/{table.code}/where/5/").json()["where"]
    assert answer.startswith("Card #005 (May) is in"), answer
